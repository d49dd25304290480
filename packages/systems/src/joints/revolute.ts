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
  JC_REV_SPRING_TARGET,
  JC_REV_UPPER,
  JC_SPRING_BIAS_RATE,
  JC_SPRING_IMPULSE_SCALE,
  JC_SPRING_MASS_SCALE,
  JC_STRIDE,
  JI_REV_LOWER,
  JI_REV_POINT_X,
  JI_REV_MOTOR,
  JI_REV_SPRING,
  JI_REV_UPPER,
  JF_SPRING_TARGET,
  JointFlag,
  JointType,
  REVOLUTE_IMPULSES,
  SP_INV_H,
  JC_ANGLE,
} from '@impulse2d/core/internal';
import { writeJointAngle } from './joint-angle.js';
import type { JointKindSolver } from './joint-kind.js';
import { pointPass } from './joint-positions.js';
import {
  prepareMotorLimits,
  prepareRotation,
  prepareSpring,
  recordOf,
  writeAxialMass,
  type JointPrepareState,
} from './joint-prepare.js';
import { ANGULAR_REVOLUTE, solvePointBlock, warmStartPointJoints } from './joint-rows.js';

// Revolute joint. Point constraint C = (cB + rB) − (cA + rA) = 0, Ċ = vB + ωB × rB − vA − ωA × rA, solved as one
// 2×2 block with K = (mA + mB)·I + iA·skew(rA)ᵀskew(rA) + iB·skew(rB)ᵀskew(rB):
//   K = [mA + mB + iA·rAy² + iB·rBy²,   −iA·rAx·rAy − iB·rBx·rBy]
//       [−iA·rAx·rAy − iB·rBx·rBy,      mA + mB + iA·rAx² + iB·rBx²]
// Angular rows (spring, motor, lower and upper limit) act on Ċ = ωB − ωA with mass 1/(iA + iB) and are solved
// first, so the point constraint, which matters most, has the last word in each pass.
// Impulses: the point (JI_REV_POINT_X, _Y), then spring, motor, lower and upper limit (core kinds/revolute.ts).
// Only joints with at least one angular row get here; plain pins have compact records and a loop of their own (pin.ts).

const ANGULAR_ROWS = JointFlag.enableSpring | JointFlag.enableMotor | JointFlag.enableLimit;
const ANGLE_ROWS = JointFlag.enableSpring | JointFlag.enableLimit;
/** What takes a revolute joint off the pin path: an angular row, or a softness of its own (pins share one). */
const NOT_PIN = ANGULAR_ROWS | JointFlag.constraintTuning;
const TWO_PI = 2 * Math.PI;

/**
 * A revolute joint with no angular row and the world's softness is a plain pin: a compact record in SolverData.pins
 * (see PIN_STRIDE).
 */
export function isPin(type: number, flags: number): boolean {
  return type === JointType.revolute && (flags & NOT_PIN) === 0;
}

function prepareRevoluteJoints(v: JointPrepareState, first: number, end: number): void {
  const jc = v.joints.constraints;
  const flags = v.joints.flags;
  for (let row = first; row < end; row++) {
    const o = recordOf(v, row, JointType.revolute);
    if (o < 0 || isPin(JointType.revolute, flags[row])) continue;
    writeAxialMass(jc, o, o + JC_REV_AXIAL_MASS);
    prepareRotation(v, row, jc, o + JC_REV_REL_C);
    prepareMotorLimits(v, row, jc, o + JC_REV_MOTOR_SPEED);
    prepareSpring(v, row, jc, o);
    // The target wrapped into [−π, π] once here, so that one wrap of (angle − target) in the solver is enough.
    const target = v.joints.f[JF_SPRING_TARGET][row];
    jc[o + JC_REV_SPRING_TARGET] = target - TWO_PI * Math.round(target / TWO_PI);
  }
}

export function warmStartRevoluteJoints(jc: Float64Array, begin: number, end: number, states: Float64Array): void {
  // The point impulse plus the angular rows' impulses: spring + motor + lower − upper.
  warmStartPointJoints(jc, begin, end, states, JC_STRIDE, JC_IMPULSE + JI_REV_POINT_X, ANGULAR_REVOLUTE, 0, null);
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
        // A real spring: solved with its own softness in every pass, relax included. It pulls toward the target the
        // shorter way round (the difference wrapped into [−π, π]; a target of 0 leaves the angle as it is).
        let error = angle - jc[o + JC_REV_SPRING_TARGET];
        if (error > Math.PI) error -= TWO_PI;
        else if (error < -Math.PI) error += TWO_PI;
        const old = jc[o + JC_IMPULSE + JI_REV_SPRING];
        const impulse =
          -jc[o + JC_SPRING_MASS_SCALE] * axialMass * (wB - wA + jc[o + JC_SPRING_BIAS_RATE] * error) -
          jc[o + JC_SPRING_IMPULSE_SCALE] * old;
        jc[o + JC_IMPULSE + JI_REV_SPRING] = old + impulse;
        wA -= iA * impulse;
        wB += iB * impulse;
      }
      if ((flags & JointFlag.enableMotor) !== 0) {
        const old = jc[o + JC_IMPULSE + JI_REV_MOTOR];
        const maxImpulse = jc[o + JC_REV_MAX_MOTOR_IMPULSE];
        let total = old - axialMass * (wB - wA - jc[o + JC_REV_MOTOR_SPEED]);
        total = total > maxImpulse ? maxImpulse : total < -maxImpulse ? -maxImpulse : total;
        const impulse = total - old;
        jc[o + JC_IMPULSE + JI_REV_MOTOR] = total;
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
          const old = jc[o + JC_IMPULSE + JI_REV_LOWER];
          const raw = old - massScale * axialMass * (wB - wA + bias) - impulseScale * old;
          const total = raw > 0 ? raw : 0;
          const impulse = total - old;
          jc[o + JC_IMPULSE + JI_REV_LOWER] = total;
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
          const old = jc[o + JC_IMPULSE + JI_REV_UPPER];
          const raw = old - massScale * axialMass * (wA - wB + bias) - impulseScale * old;
          const total = raw > 0 ? raw : 0;
          const impulse = total - old;
          jc[o + JC_IMPULSE + JI_REV_UPPER] = total;
          wA += iA * impulse;
          wB -= iB * impulse;
        }
      }
      states[a + BS_W] = wA;
      states[b + BS_W] = wB;
    }

    // Point constraint, 2×2 block.
    solvePointBlock(jc, o, JC_IMPULSE + JI_REV_POINT_X, states, a, b, useBias);
  }
}

function solveRevolutePositionsClassic(jc: Float64Array, begin: number, end: number, states: Float64Array): number {
  return pointPass(jc, begin * JC_STRIDE, end * JC_STRIDE, JC_STRIDE, states, false);
}

/** The revolute kind's solver (see JointKindSolver); plain pins are solved apart (pin.ts). */
export const revoluteSolver: JointKindSolver = {
  name: 'revolute',
  impulses: REVOLUTE_IMPULSES,
  movesBodyA: true,
  boundRatioAt: -1,
  prepare: prepareRevoluteJoints,
  warmStart: warmStartRevoluteJoints,
  solve: solveRevoluteJoints,
  solvePositionsClassic: solveRevolutePositionsClassic,
};
