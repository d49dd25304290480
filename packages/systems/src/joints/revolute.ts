import {
  BS_STRIDE,
  BS_W,
  JC_BIAS_RATE,
  JC_FLAGS,
  JC_IMPULSE,
  JC_IMPULSE_SCALE,
  JC_INDEX_A,
  JC_INDEX_B,
  JC_INV_I_A,
  JC_INV_I_B,
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
  JC_STRIDE,
  JointFlag,
  SP_INV_H,
  JC_ANGLE,
} from '@impulse2d/core/internal';
import { writeJointAngle } from './joint-angle.js';
import { ANGULAR_LIMITS, solvePointBlock, warmStartPointJoints } from './joint-rows.js';

// Revolute joint. Point constraint C = (cB + rB) − (cA + rA) = 0, Ċ = vB + ωB × rB − vA − ωA × rA, solved as one
// 2×2 block with K = (mA + mB)·I + iA·skew(rA)ᵀskew(rA) + iB·skew(rB)ᵀskew(rB):
//   K = [mA + mB + iA·rAy² + iB·rBy²,   −iA·rAx·rAy − iB·rBx·rBy]
//       [−iA·rAx·rAy − iB·rBx·rBy,      mA + mB + iA·rAx² + iB·rBx²]
// Angular rows (spring, motor, lower and upper limit) act on Ċ = ωB − ωA with mass 1/(iA + iB) and are solved
// first, so the point constraint, which matters most, has the last word in each pass.
// Impulses: 0, 1 point; 2 spring; 3 motor; 4 lower; 5 upper.
// Only joints with at least one angular row get here; plain pins have compact records and a loop of their own (pin.ts).

const ANGULAR_ROWS = JointFlag.enableSpring | JointFlag.enableMotor | JointFlag.enableLimit;
const ANGLE_ROWS = JointFlag.enableSpring | JointFlag.enableLimit;

export function warmStartRevoluteJoints(jc: Float64Array, begin: number, end: number, states: Float64Array): void {
  // Point impulse (slots 0, 1) plus the angular rows' impulses: spring + motor + lower − upper.
  warmStartPointJoints(jc, begin, end, states, JC_STRIDE, JC_IMPULSE, ANGULAR_LIMITS, null);
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
  const invH = params[SP_INV_H];
  const last = begin + end - 1;
  for (let n = begin; n < end; n++) {
    const o = (reverse ? last - n : n) * JC_STRIDE;
    const a = (jc[o + JC_INDEX_A] | 0) * BS_STRIDE;
    const b = (jc[o + JC_INDEX_B] | 0) * BS_STRIDE;
    const iA = jc[o + JC_INV_I_A];
    const iB = jc[o + JC_INV_I_B];
    const flags = jc[o + JC_FLAGS] | 0;

    if ((flags & ANGULAR_ROWS) !== 0 && iA + iB > 0) {
      let wA = states[a + BS_W];
      let wB = states[b + BS_W];
      const axialMass = jc[o + JC_REV_AXIAL_MASS];
      // Joint angle in (−π, π]: the prepared relative rotation composed with the rotation deltas since prepare.
      if ((flags & ANGLE_ROWS) !== 0) writeJointAngle(jc, o, o + JC_REV_REL_C, states, a, b);
      const angle = jc[o + JC_ANGLE];
      if ((flags & JointFlag.enableSpring) !== 0) {
        // A real spring: solved with its own softness in every pass, relax included.
        const old = jc[o + JC_IMPULSE + 2];
        const impulse =
          -jc[o + JC_SPRING_MASS_SCALE] * axialMass * (wB - wA + jc[o + JC_SPRING_BIAS_RATE] * angle) -
          jc[o + JC_SPRING_IMPULSE_SCALE] * old;
        jc[o + JC_IMPULSE + 2] = old + impulse;
        wA -= iA * impulse;
        wB += iB * impulse;
      }
      if ((flags & JointFlag.enableMotor) !== 0) {
        const old = jc[o + JC_IMPULSE + 3];
        const maxImpulse = jc[o + JC_REV_MAX_MOTOR_IMPULSE];
        let total = old - axialMass * (wB - wA - jc[o + JC_REV_MOTOR_SPEED]);
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
          const C = angle - jc[o + JC_REV_LOWER];
          let bias = 0;
          let massScale = 1;
          let impulseScale = 0;
          if (C > 0) {
            bias = C * invH;
          } else if (useBias) {
            bias = jc[o + JC_BIAS_RATE] * C;
            massScale = jc[o + JC_MASS_SCALE];
            impulseScale = jc[o + JC_IMPULSE_SCALE];
          }
          const old = jc[o + JC_IMPULSE + 4];
          const raw = old - massScale * axialMass * (wB - wA + bias) - impulseScale * old;
          const total = raw > 0 ? raw : 0;
          const impulse = total - old;
          jc[o + JC_IMPULSE + 4] = total;
          wA -= iA * impulse;
          wB += iB * impulse;
        }
        // Upper limit: C = upper − angle ≥ 0, with the row's sign flipped so its impulse is also ≥ 0.
        {
          const C = jc[o + JC_REV_UPPER] - angle;
          let bias = 0;
          let massScale = 1;
          let impulseScale = 0;
          if (C > 0) {
            bias = C * invH;
          } else if (useBias) {
            bias = jc[o + JC_BIAS_RATE] * C;
            massScale = jc[o + JC_MASS_SCALE];
            impulseScale = jc[o + JC_IMPULSE_SCALE];
          }
          const old = jc[o + JC_IMPULSE + 5];
          const raw = old - massScale * axialMass * (wA - wB + bias) - impulseScale * old;
          const total = raw > 0 ? raw : 0;
          const impulse = total - old;
          jc[o + JC_IMPULSE + 5] = total;
          wA += iA * impulse;
          wB -= iB * impulse;
        }
      }
      states[a + BS_W] = wA;
      states[b + BS_W] = wB;
    }

    // Point constraint, 2×2 block.
    solvePointBlock(jc, o, states, a, b, useBias);
  }
}
