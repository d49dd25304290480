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
  JC_PRI_REL_C,
  JC_PRI_AXIS_X,
  JC_PRI_AXIS_Y,
  JC_PRI_LOWER,
  JC_PRI_MAX_MOTOR_IMPULSE,
  JC_PRI_MOTOR_SPEED,
  JC_PRI_UPPER,
  JC_SPRING_BIAS_RATE,
  JC_SPRING_IMPULSE_SCALE,
  JC_SPRING_MASS_SCALE,
  JOINT_CONSTRAINT_STRIDE,
  JointFlag,
  SP_INV_H,
  JC_ANGLE,
} from '@impulse2d/core';
import { writeJointAngle } from './joint-angle.js';

// Prismatic joint. With d = (cB + rB) − (cA + rA) and the axis u fixed in A (rotated with A), perpendicular
// n = (−uy, ux):
//   perpendicular row  C1 = n·d,            Ċ1 = n·(vB − vA) + s2·ωB − s1·ωA,  s1 = (d + rA) × n, s2 = rB × n
//   angular row        C2 = θB − θA − ref,  Ċ2 = ωB − ωA
// are solved together as one 2×2 block (the merged multi-row constraint of the seeds):
//   K = [mA + mB + iA·s1² + iB·s2²,  iA·s1 + iB·s2]
//       [iA·s1 + iB·s2,              iA + iB      ]
// Axial rows (spring toward translation 0, motor, lower and upper limit) act along u with a1 = (d + rA) × u,
// a2 = rB × u. Impulses: 0 perpendicular; 1 angle; 2 spring; 3 motor; 4 lower; 5 upper.

export function warmStartPrismaticJoints(jc: Float64Array, begin: number, end: number, states: Float64Array): void {
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
    const dx = states[b + BS_DPX]! - states[a + BS_DPX]! + jc[o + JC_DELTA_CX]! + rBx - rAx;
    const dy = states[b + BS_DPY]! - states[a + BS_DPY]! + jc[o + JC_DELTA_CY]! + rBy - rAy;
    const ax0 = jc[o + JC_PRI_AXIS_X]!;
    const ay0 = jc[o + JC_PRI_AXIS_Y]!;
    const ux = qAc * ax0 - qAs * ay0;
    const uy = qAs * ax0 + qAc * ay0;
    const a1 = (dx + rAx) * uy - (dy + rAy) * ux;
    const a2 = rBx * uy - rBy * ux;
    const s1 = (dx + rAx) * ux + (dy + rAy) * uy; // (d + rA) × n with n = (−uy, ux)
    const s2 = rBx * ux + rBy * uy;
    const perp = jc[o + JC_IMPULSE]!;
    const ang = jc[o + JC_IMPULSE + 1]!;
    const axial = jc[o + JC_IMPULSE + 2]! + jc[o + JC_IMPULSE + 3]! + jc[o + JC_IMPULSE + 4]! - jc[o + JC_IMPULSE + 5]!;
    const px = axial * ux - perp * uy;
    const py = axial * uy + perp * ux;
    const lA = axial * a1 + perp * s1 + ang;
    const lB = axial * a2 + perp * s2 + ang;
    states[a + BS_VX] = states[a + BS_VX]! - mA * px;
    states[a + BS_VY] = states[a + BS_VY]! - mA * py;
    states[a + BS_W] = states[a + BS_W]! - iA * lA;
    states[b + BS_VX] = states[b + BS_VX]! + mB * px;
    states[b + BS_VY] = states[b + BS_VY]! + mB * py;
    states[b + BS_W] = states[b + BS_W]! + iB * lB;
  }
}

export function solvePrismaticJoints(
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
    const fAx = jc[o + JC_FRAME_AX]!;
    const fAy = jc[o + JC_FRAME_AY]!;
    const fBx = jc[o + JC_FRAME_BX]!;
    const fBy = jc[o + JC_FRAME_BY]!;
    const rAx = qAc * fAx - qAs * fAy;
    const rAy = qAs * fAx + qAc * fAy;
    const rBx = qBc * fBx - qBs * fBy;
    const rBy = qBs * fBx + qBc * fBy;
    const dx = states[b + BS_DPX]! - states[a + BS_DPX]! + jc[o + JC_DELTA_CX]! + rBx - rAx;
    const dy = states[b + BS_DPY]! - states[a + BS_DPY]! + jc[o + JC_DELTA_CY]! + rBy - rAy;
    const ax0 = jc[o + JC_PRI_AXIS_X]!;
    const ay0 = jc[o + JC_PRI_AXIS_Y]!;
    const ux = qAc * ax0 - qAs * ay0;
    const uy = qAs * ax0 + qAc * ay0;
    const translation = ux * dx + uy * dy;
    const a1 = (dx + rAx) * uy - (dy + rAy) * ux;
    const a2 = rBx * uy - rBy * ux;
    const kAxial = mA + mB + iA * a1 * a1 + iB * a2 * a2;
    const axialMass = kAxial > 0 ? 1 / kAxial : 0;
    const flags = jc[o + JC_FLAGS]! | 0;

    if ((flags & JointFlag.enableSpring) !== 0) {
      const cdot = ux * (vBx - vAx) + uy * (vBy - vAy) + a2 * wB - a1 * wA;
      const old = jc[o + JC_IMPULSE + 2]!;
      const impulse =
        -jc[o + JC_SPRING_MASS_SCALE]! * axialMass * (cdot + jc[o + JC_SPRING_BIAS_RATE]! * translation) -
        jc[o + JC_SPRING_IMPULSE_SCALE]! * old;
      jc[o + JC_IMPULSE + 2] = old + impulse;
      vAx -= mA * impulse * ux;
      vAy -= mA * impulse * uy;
      wA -= iA * impulse * a1;
      vBx += mB * impulse * ux;
      vBy += mB * impulse * uy;
      wB += iB * impulse * a2;
    }
    if ((flags & JointFlag.enableMotor) !== 0) {
      const cdot = ux * (vBx - vAx) + uy * (vBy - vAy) + a2 * wB - a1 * wA;
      const old = jc[o + JC_IMPULSE + 3]!;
      const maxImpulse = jc[o + JC_PRI_MAX_MOTOR_IMPULSE]!;
      let total = old + axialMass * (jc[o + JC_PRI_MOTOR_SPEED]! - cdot);
      total = total > maxImpulse ? maxImpulse : total < -maxImpulse ? -maxImpulse : total;
      const impulse = total - old;
      jc[o + JC_IMPULSE + 3] = total;
      vAx -= mA * impulse * ux;
      vAy -= mA * impulse * uy;
      wA -= iA * impulse * a1;
      vBx += mB * impulse * ux;
      vBy += mB * impulse * uy;
      wB += iB * impulse * a2;
    }
    if ((flags & JointFlag.enableLimit) !== 0) {
      {
        const C = translation - jc[o + JC_PRI_LOWER]!;
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
        const cdot = ux * (vBx - vAx) + uy * (vBy - vAy) + a2 * wB - a1 * wA;
        const old = jc[o + JC_IMPULSE + 4]!;
        const raw = old - massScale * axialMass * (cdot + bias) - impulseScale * old;
        const total = raw > 0 ? raw : 0;
        const impulse = total - old;
        jc[o + JC_IMPULSE + 4] = total;
        vAx -= mA * impulse * ux;
        vAy -= mA * impulse * uy;
        wA -= iA * impulse * a1;
        vBx += mB * impulse * ux;
        vBy += mB * impulse * uy;
        wB += iB * impulse * a2;
      }
      {
        const C = jc[o + JC_PRI_UPPER]! - translation;
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
        const cdot = ux * (vAx - vBx) + uy * (vAy - vBy) + a1 * wA - a2 * wB;
        const old = jc[o + JC_IMPULSE + 5]!;
        const raw = old - massScale * axialMass * (cdot + bias) - impulseScale * old;
        const total = raw > 0 ? raw : 0;
        const impulse = total - old;
        jc[o + JC_IMPULSE + 5] = total;
        vAx += mA * impulse * ux;
        vAy += mA * impulse * uy;
        wA += iA * impulse * a1;
        vBx -= mB * impulse * ux;
        vBy -= mB * impulse * uy;
        wB -= iB * impulse * a2;
      }
    }

    // Perpendicular and angular rows as one 2×2 block.
    {
      const nx = -uy;
      const ny = ux;
      const s1 = (dx + rAx) * ny - (dy + rAy) * nx;
      const s2 = rBx * ny - rBy * nx;
      let c1 = nx * (vBx - vAx) + ny * (vBy - vAy) + s2 * wB - s1 * wA;
      let c2 = wB - wA;
      let massScale = 1;
      let impulseScale = 0;
      if (useBias) {
        const rate = jc[o + JC_BIAS_RATE]!;
        c1 += rate * (nx * dx + ny * dy);
        writeJointAngle(jc, o, o + JC_PRI_REL_C, states, a, b);
        c2 += rate * jc[o + JC_ANGLE]!;
        massScale = jc[o + JC_MASS_SCALE]!;
        impulseScale = jc[o + JC_IMPULSE_SCALE]!;
      }
      const k11 = mA + mB + iA * s1 * s1 + iB * s2 * s2;
      const k12 = iA * s1 + iB * s2;
      let k22 = iA + iB;
      if (k22 === 0) k22 = 1; // both rotations fixed: the angular row is moot
      let det = k11 * k22 - k12 * k12;
      det = det !== 0 ? 1 / det : 0;
      const old1 = jc[o + JC_IMPULSE]!;
      const old2 = jc[o + JC_IMPULSE + 1]!;
      const i1 = -massScale * det * (k22 * c1 - k12 * c2) - impulseScale * old1;
      const i2 = -massScale * det * (k11 * c2 - k12 * c1) - impulseScale * old2;
      jc[o + JC_IMPULSE] = old1 + i1;
      jc[o + JC_IMPULSE + 1] = old2 + i2;
      const px = i1 * nx;
      const py = i1 * ny;
      vAx -= mA * px;
      vAy -= mA * py;
      wA -= iA * (i1 * s1 + i2);
      vBx += mB * px;
      vBy += mB * py;
      wB += iB * (i1 * s2 + i2);
    }

    states[a + BS_VX] = vAx;
    states[a + BS_VY] = vAy;
    states[a + BS_W] = wA;
    states[b + BS_VX] = vBx;
    states[b + BS_VY] = vBy;
    states[b + BS_W] = wB;
  }
}
