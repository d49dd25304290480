import {
  BODY_STATE_STRIDE,
  BS_DPX,
  BS_DPY,
  BS_DQC,
  BS_DQS,
  BS_VX,
  BS_VY,
  BS_W,
  JC_BIAS_RATE,
  JC_DELTA_CX,
  JC_DELTA_CY,
  JC_FLAGS,
  JC_FRAME_AX,
  JC_FRAME_AY,
  JC_FRAME_BX,
  JC_FRAME_BY,
  JC_IMPULSE,
  JC_IMPULSE_SCALE,
  JC_INDEX_A,
  JC_INDEX_B,
  JC_INV_I_A,
  JC_INV_I_B,
  JC_INV_MASS_A,
  JC_INV_MASS_B,
  JC_MASS_SCALE,
  JC_REV_REL_C,
  JC_REV_AXIAL_MASS,
  JC_REV_LOWER,
  JC_REV_MAX_MOTOR_IMPULSE,
  JC_REV_MOTOR_SPEED,
  JC_REV_UPPER,
  JC_SPRING_BIAS_RATE,
  JC_SPRING_IMPULSE_SCALE,
  JC_SPRING_MASS_SCALE,
  JOINT_CONSTRAINT_STRIDE,
  JointFlag,
  SP_INV_H,
  JC_ANGLE,
} from '@impulse2d/core';
import { writeJointAngle } from './joint-angle.js';

// Revolute joint. Point constraint C = (cB + rB) − (cA + rA) = 0, Ċ = vB + ωB × rB − vA − ωA × rA, solved as one
// 2×2 block with K = (mA + mB)·I + iA·skew(rA)ᵀskew(rA) + iB·skew(rB)ᵀskew(rB):
//   K = [mA + mB + iA·rAy² + iB·rBy²,   −iA·rAx·rAy − iB·rBx·rBy]
//       [−iA·rAx·rAy − iB·rBx·rBy,      mA + mB + iA·rAx² + iB·rBx²]
// Angular rows (spring, motor, lower and upper limit) act on Ċ = ωB − ωA with mass 1/(iA + iB) and are solved
// first, so the point constraint, which matters most, has the last word in each pass.
// Impulses: 0, 1 point; 2 spring; 3 motor; 4 lower; 5 upper.

const ANGULAR_ROWS = JointFlag.enableSpring | JointFlag.enableMotor | JointFlag.enableLimit;
const ANGLE_ROWS = JointFlag.enableSpring | JointFlag.enableLimit;

export function warmStartRevoluteJoints(jc: Float64Array, begin: number, end: number, states: Float64Array): void {
  for (let k = begin; k < end; k++) {
    const o = k * JOINT_CONSTRAINT_STRIDE;
    const a = (jc[o + JC_INDEX_A]! | 0) * BODY_STATE_STRIDE;
    const b = (jc[o + JC_INDEX_B]! | 0) * BODY_STATE_STRIDE;
    const mA = jc[o + JC_INV_MASS_A]!;
    const iA = jc[o + JC_INV_I_A]!;
    const mB = jc[o + JC_INV_MASS_B]!;
    const iB = jc[o + JC_INV_I_B]!;
    const qAc = states[a + BS_DQC]!;
    const qAs = states[a + BS_DQS]!;
    const qBc = states[b + BS_DQC]!;
    const qBs = states[b + BS_DQS]!;
    const fAx = jc[o + JC_FRAME_AX]!;
    const fAy = jc[o + JC_FRAME_AY]!;
    const fBx = jc[o + JC_FRAME_BX]!;
    const fBy = jc[o + JC_FRAME_BY]!;
    const rAx = qAc * fAx - qAs * fAy;
    const rAy = qAs * fAx + qAc * fAy;
    const rBx = qBc * fBx - qBs * fBy;
    const rBy = qBs * fBx + qBc * fBy;
    const px = jc[o + JC_IMPULSE]!;
    const py = jc[o + JC_IMPULSE + 1]!;
    const axial = jc[o + JC_IMPULSE + 2]! + jc[o + JC_IMPULSE + 3]! + jc[o + JC_IMPULSE + 4]! - jc[o + JC_IMPULSE + 5]!;
    states[a + BS_VX] = states[a + BS_VX]! - mA * px;
    states[a + BS_VY] = states[a + BS_VY]! - mA * py;
    states[a + BS_W] = states[a + BS_W]! - iA * (rAx * py - rAy * px + axial);
    states[b + BS_VX] = states[b + BS_VX]! + mB * px;
    states[b + BS_VY] = states[b + BS_VY]! + mB * py;
    states[b + BS_W] = states[b + BS_W]! + iB * (rBx * py - rBy * px + axial);
  }
}

export function solveRevoluteJoints(
  jc: Float64Array,
  begin: number,
  end: number,
  states: Float64Array,
  params: Float64Array,
  useBias: boolean,
  reverse: boolean,
): void {
  const invH = params[SP_INV_H]!;
  const last = begin + end - 1;
  for (let n = begin; n < end; n++) {
    const o = (reverse ? last - n : n) * JOINT_CONSTRAINT_STRIDE;
    const a = (jc[o + JC_INDEX_A]! | 0) * BODY_STATE_STRIDE;
    const b = (jc[o + JC_INDEX_B]! | 0) * BODY_STATE_STRIDE;
    const mA = jc[o + JC_INV_MASS_A]!;
    const iA = jc[o + JC_INV_I_A]!;
    const mB = jc[o + JC_INV_MASS_B]!;
    const iB = jc[o + JC_INV_I_B]!;
    let vAx = states[a + BS_VX]!;
    let vAy = states[a + BS_VY]!;
    let wA = states[a + BS_W]!;
    let vBx = states[b + BS_VX]!;
    let vBy = states[b + BS_VY]!;
    let wB = states[b + BS_W]!;
    const qAc = states[a + BS_DQC]!;
    const qAs = states[a + BS_DQS]!;
    const qBc = states[b + BS_DQC]!;
    const qBs = states[b + BS_DQS]!;
    const flags = jc[o + JC_FLAGS]! | 0;

    if ((flags & ANGULAR_ROWS) !== 0 && iA + iB > 0) {
      const axialMass = jc[o + JC_REV_AXIAL_MASS]!;
      // Joint angle in (−π, π]: the prepared relative rotation composed with the rotation deltas since prepare.
      if ((flags & ANGLE_ROWS) !== 0) writeJointAngle(jc, o, o + JC_REV_REL_C, states, a, b);
      const angle = jc[o + JC_ANGLE]!;
      if ((flags & JointFlag.enableSpring) !== 0) {
        // A real spring: solved with its own softness in every pass, relax included.
        const old = jc[o + JC_IMPULSE + 2]!;
        const impulse =
          -jc[o + JC_SPRING_MASS_SCALE]! * axialMass * (wB - wA + jc[o + JC_SPRING_BIAS_RATE]! * angle) -
          jc[o + JC_SPRING_IMPULSE_SCALE]! * old;
        jc[o + JC_IMPULSE + 2] = old + impulse;
        wA -= iA * impulse;
        wB += iB * impulse;
      }
      if ((flags & JointFlag.enableMotor) !== 0) {
        const old = jc[o + JC_IMPULSE + 3]!;
        const maxImpulse = jc[o + JC_REV_MAX_MOTOR_IMPULSE]!;
        let total = old - axialMass * (wB - wA - jc[o + JC_REV_MOTOR_SPEED]!);
        total = total > maxImpulse ? maxImpulse : total < -maxImpulse ? -maxImpulse : total;
        const impulse = total - old;
        jc[o + JC_IMPULSE + 3] = total;
        wA -= iA * impulse;
        wB += iB * impulse;
      }
      if ((flags & JointFlag.enableLimit) !== 0) {
        // Lower limit: C = angle − lower ≥ 0. Ahead of the limit (C > 0) the row only stops the approach that
        // would cross it within the substep (speculative); past it, a soft push back.
        {
          const C = angle - jc[o + JC_REV_LOWER]!;
          let bias = 0;
          let massScale = 1;
          let impulseScale = 0;
          if (C > 0) {
            bias = C * invH;
          } else if (useBias) {
            bias = jc[o + JC_BIAS_RATE]! * C;
            massScale = jc[o + JC_MASS_SCALE]!;
            impulseScale = jc[o + JC_IMPULSE_SCALE]!;
          }
          const old = jc[o + JC_IMPULSE + 4]!;
          const raw = old - massScale * axialMass * (wB - wA + bias) - impulseScale * old;
          const total = raw > 0 ? raw : 0;
          const impulse = total - old;
          jc[o + JC_IMPULSE + 4] = total;
          wA -= iA * impulse;
          wB += iB * impulse;
        }
        // Upper limit: C = upper − angle ≥ 0, with the row's sign flipped so its impulse is also ≥ 0.
        {
          const C = jc[o + JC_REV_UPPER]! - angle;
          let bias = 0;
          let massScale = 1;
          let impulseScale = 0;
          if (C > 0) {
            bias = C * invH;
          } else if (useBias) {
            bias = jc[o + JC_BIAS_RATE]! * C;
            massScale = jc[o + JC_MASS_SCALE]!;
            impulseScale = jc[o + JC_IMPULSE_SCALE]!;
          }
          const old = jc[o + JC_IMPULSE + 5]!;
          const raw = old - massScale * axialMass * (wA - wB + bias) - impulseScale * old;
          const total = raw > 0 ? raw : 0;
          const impulse = total - old;
          jc[o + JC_IMPULSE + 5] = total;
          wA += iA * impulse;
          wB -= iB * impulse;
        }
      }
    }

    // Point constraint, 2×2 block.
    const fAx = jc[o + JC_FRAME_AX]!;
    const fAy = jc[o + JC_FRAME_AY]!;
    const fBx = jc[o + JC_FRAME_BX]!;
    const fBy = jc[o + JC_FRAME_BY]!;
    const rAx = qAc * fAx - qAs * fAy;
    const rAy = qAs * fAx + qAc * fAy;
    const rBx = qBc * fBx - qBs * fBy;
    const rBy = qBs * fBx + qBc * fBy;
    let bx = 0;
    let by = 0;
    let massScale = 1;
    let impulseScale = 0;
    if (useBias) {
      const rate = jc[o + JC_BIAS_RATE]!;
      bx = rate * (states[b + BS_DPX]! - states[a + BS_DPX]! + rBx - rAx + jc[o + JC_DELTA_CX]!);
      by = rate * (states[b + BS_DPY]! - states[a + BS_DPY]! + rBy - rAy + jc[o + JC_DELTA_CY]!);
      massScale = jc[o + JC_MASS_SCALE]!;
      impulseScale = jc[o + JC_IMPULSE_SCALE]!;
    }
    const cx = vBx - wB * rBy - vAx + wA * rAy + bx;
    const cy = vBy + wB * rBx - vAy - wA * rAx + by;
    const mAB = mA + mB;
    const k11 = mAB + iA * rAy * rAy + iB * rBy * rBy;
    const k12 = -iA * rAx * rAy - iB * rBx * rBy;
    const k22 = mAB + iA * rAx * rAx + iB * rBx * rBx;
    let det = k11 * k22 - k12 * k12;
    det = det !== 0 ? 1 / det : 0;
    const oldX = jc[o + JC_IMPULSE]!;
    const oldY = jc[o + JC_IMPULSE + 1]!;
    const ix = -massScale * det * (k22 * cx - k12 * cy) - impulseScale * oldX;
    const iy = -massScale * det * (k11 * cy - k12 * cx) - impulseScale * oldY;
    jc[o + JC_IMPULSE] = oldX + ix;
    jc[o + JC_IMPULSE + 1] = oldY + iy;
    vAx -= mA * ix;
    vAy -= mA * iy;
    wA -= iA * (rAx * iy - rAy * ix);
    vBx += mB * ix;
    vBy += mB * iy;
    wB += iB * (rBx * iy - rBy * ix);

    states[a + BS_VX] = vAx;
    states[a + BS_VY] = vAy;
    states[a + BS_W] = wA;
    states[b + BS_VX] = vBx;
    states[b + BS_VY] = vBy;
    states[b + BS_W] = wB;
  }
}
