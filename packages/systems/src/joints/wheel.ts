import {
  BS_STRIDE,
  BS_W,
  JC_BIAS_RATE,
  JC_FLAGS,
  JC_IMPULSE,
  JC_INDEX_A,
  JC_INDEX_B,
  JC_INV_I_A,
  JC_INV_I_B,
  JC_INV_MASS_A,
  JC_INV_MASS_B,
  JC_WHEEL_AXIS_X,
  JC_WHEEL_LOWER,
  JC_WHEEL_MAX_MOTOR_IMPULSE,
  JC_WHEEL_MOTOR_SPEED,
  JC_WHEEL_UPPER,
  JC_WHEEL_ANGULAR_MASS,
  JC_WHEEL_SPRING_LOWER_IMPULSE,
  JC_WHEEL_SPRING_TARGET,
  JC_STRIDE,
  JI_WHEEL_LOWER,
  JI_WHEEL_MOTOR,
  JI_WHEEL_PERPENDICULAR,
  JI_WHEEL_SPRING,
  JI_WHEEL_UPPER,
  JF_SPRING_TARGET,
  JointFlag,
  JointType,
  WHEEL_IMPULSES,
} from '@impulse2d/core/internal';
import type { JointKindSolver } from './joint-kind.js';
import {
  prepareAxis,
  prepareMotorLimits,
  prepareSpring,
  prepareSpringRange,
  recordOf,
  writeAxialMass,
  type JointPrepareState,
} from './joint-prepare.js';
import {
  applyJointImpulse,
  g,
  G_C,
  G_CA,
  G_CB,
  G_DX,
  G_DY,
  G_LA,
  G_LB,
  G_MASS,
  G_PX,
  G_PY,
  G_RAX,
  G_RAY,
  G_RBX,
  G_RBY,
  G_UX,
  G_UY,
  loadJointFrame,
  loadSlideAxis,
  solveAxisRows,
  solveSoftAxisRow,
} from './joint-rows.js';

// Wheel joint: the prismatic joint's geometry (d, axis u fixed in A, n = perpendicular) without the angular row.
// Rows: suspension spring along u toward the target translation, drive motor on ωB − ωA, translation limits along u, and the
// point-on-line row across u (a soft hard constraint). Impulses: perpendicular, spring, motor, lower and upper
// limit (JI_WHEEL_*).

/**
 * Axis-row layout (see solveAxisRows): spring and limits along the axis (the motor is angular, solved here), the
 * spring's force range.
 */
const AXIS_LAYOUT = Int32Array.of(
  JI_WHEEL_SPRING,
  -1,
  -1,
  -1,
  JI_WHEEL_LOWER,
  JC_WHEEL_LOWER,
  JC_WHEEL_UPPER,
  JC_WHEEL_SPRING_LOWER_IMPULSE,
);

function prepareWheelJoints(v: JointPrepareState, first: number, end: number): void {
  const jc = v.joints.constraints;
  for (let row = first; row < end; row++) {
    const o = recordOf(v, row, JointType.wheel);
    if (o < 0) continue;
    prepareAxis(v, row, jc, o + JC_WHEEL_AXIS_X);
    prepareMotorLimits(v, row, jc, o + JC_WHEEL_MOTOR_SPEED);
    writeAxialMass(jc, o, o + JC_WHEEL_ANGULAR_MASS);
    prepareSpring(v, row, jc, o);
    jc[o + JC_WHEEL_SPRING_TARGET] = v.joints.f[JF_SPRING_TARGET][row];
    prepareSpringRange(v, row, jc, o + JC_WHEEL_SPRING_LOWER_IMPULSE);
  }
}

export function warmStartWheelJoints(jc: Float64Array, begin: number, end: number, states: Float64Array): void {
  for (let k = begin; k < end; k++) {
    const o = k * JC_STRIDE;
    const a = (jc[o + JC_INDEX_A] | 0) * BS_STRIDE;
    const b = (jc[o + JC_INDEX_B] | 0) * BS_STRIDE;
    loadJointFrame(jc, o, states, a, b);
    loadSlideAxis(jc, o, states, a, JC_WHEEL_AXIS_X);
    const ux = g[G_UX];
    const uy = g[G_UY];
    const sAx = g[G_DX] + g[G_RAX];
    const sAy = g[G_DY] + g[G_RAY];
    const rBx = g[G_RBX];
    const rBy = g[G_RBY];
    const a1 = sAx * uy - sAy * ux;
    const a2 = rBx * uy - rBy * ux;
    const s1 = sAx * ux + sAy * uy;
    const s2 = rBx * ux + rBy * uy;
    const i = o + JC_IMPULSE;
    const perp = jc[i + JI_WHEEL_PERPENDICULAR];
    const motor = jc[i + JI_WHEEL_MOTOR];
    const axial = jc[i + JI_WHEEL_SPRING] + jc[i + JI_WHEEL_LOWER] - jc[i + JI_WHEEL_UPPER];
    g[G_PX] = axial * ux - perp * uy;
    g[G_PY] = axial * uy + perp * ux;
    g[G_LA] = axial * a1 + perp * s1 + motor;
    g[G_LB] = axial * a2 + perp * s2 + motor;
    applyJointImpulse(jc, o, states, a, b);
  }
}

export function solveWheelJoints(
  jc: Float64Array,
  begin: number,
  end: number,
  states: Float64Array,
  params: Float64Array,
  useBias: boolean,
  reverse: boolean,
): void {
  const last = begin + end - 1;
  for (let n = begin; n < end; n++) {
    const o = (reverse ? last - n : n) * JC_STRIDE;
    const a = (jc[o + JC_INDEX_A] | 0) * BS_STRIDE;
    const b = (jc[o + JC_INDEX_B] | 0) * BS_STRIDE;
    const mA = jc[o + JC_INV_MASS_A];
    const iA = jc[o + JC_INV_I_A];
    const mB = jc[o + JC_INV_MASS_B];
    const iB = jc[o + JC_INV_I_B];
    loadJointFrame(jc, o, states, a, b);
    loadSlideAxis(jc, o, states, a, JC_WHEEL_AXIS_X);
    const flags = jc[o + JC_FLAGS] | 0;

    if ((flags & JointFlag.enableMotor) !== 0) {
      const wA = states[a + BS_W];
      const wB = states[b + BS_W];
      const angularMass = jc[o + JC_WHEEL_ANGULAR_MASS];
      const old = jc[o + JC_IMPULSE + JI_WHEEL_MOTOR];
      const maxImpulse = jc[o + JC_WHEEL_MAX_MOTOR_IMPULSE];
      let total = old - angularMass * (wB - wA - jc[o + JC_WHEEL_MOTOR_SPEED]);
      total = total > maxImpulse ? maxImpulse : total < -maxImpulse ? -maxImpulse : total;
      const impulse = total - old;
      jc[o + JC_IMPULSE + JI_WHEEL_MOTOR] = total;
      states[a + BS_W] = wA - iA * impulse;
      states[b + BS_W] = wB + iB * impulse;
    }
    const spring = (flags & JointFlag.enableSpring) !== 0;
    const limit = (flags & JointFlag.enableLimit) !== 0;
    // The suspension pulls toward the target translation (loadSlideAxis left the translation itself in G_C).
    g[G_C] = g[G_C] - jc[o + JC_WHEEL_SPRING_TARGET];
    solveAxisRows(jc, o, states, a, b, params, useBias, spring, false, limit, AXIS_LAYOUT);

    // Point on line: a soft row across the axis, n = (−uy, ux).
    const dx = g[G_DX];
    const dy = g[G_DY];
    const nx = -g[G_UY];
    const ny = g[G_UX];
    const s1 = (dx + g[G_RAX]) * ny - (dy + g[G_RAY]) * nx;
    const s2 = g[G_RBX] * ny - g[G_RBY] * nx;
    const kPerp = mA + mB + iA * s1 * s1 + iB * s2 * s2;
    g[G_UX] = nx;
    g[G_UY] = ny;
    g[G_CA] = s1;
    g[G_CB] = s2;
    g[G_MASS] = kPerp > 0 ? 1 / kPerp : 0;
    g[G_C] = nx * dx + ny * dy;
    solveSoftAxisRow(jc, o, states, a, b, JI_WHEEL_PERPENDICULAR, JC_BIAS_RATE, useBias, -1);
  }
}

/** The wheel kind's solver (see JointKindSolver). */
export const wheelSolver: JointKindSolver = {
  name: 'wheel',
  impulses: WHEEL_IMPULSES,
  movesBodyA: true,
  boundRatioAt: -1,
  prepare: prepareWheelJoints,
  warmStart: warmStartWheelJoints,
  solve: solveWheelJoints,
  solvePositionsClassic: null,
};
