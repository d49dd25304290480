import {
  BS_STRIDE,
  JC_SPRING_BIAS_RATE,
  JC_BIAS_RATE,
  JC_DIST_AXIAL_MASS,
  JC_DIST_HERTZ,
  JC_DIST_LENGTH,
  JC_DIST_MAX,
  JC_DIST_MAX_MOTOR_IMPULSE,
  JC_DIST_MIN,
  JC_DIST_MOTOR_SPEED,
  JC_DIST_SPRING_LOWER_IMPULSE,
  JC_FLAGS,
  JC_IMPULSE,
  JC_INDEX_A,
  JC_INDEX_B,
  JCF_RIGID,
  JC_STRIDE,
  JC_DELTA_CX,
  JC_DELTA_CY,
  JC_FRAME_AX,
  JC_FRAME_AY,
  JC_FRAME_BX,
  JC_FRAME_BY,
  JC_INV_I_A,
  JC_INV_I_B,
  JC_INV_MASS_A,
  JC_INV_MASS_B,
  JF_DAMPING_RATIO,
  JF_HERTZ,
  JF_LENGTH,
  JF_MAX_LENGTH,
  JF_MAX_MOTOR,
  JF_MIN_LENGTH,
  JF_MOTOR_SPEED,
  DISTANCE_IMPULSES,
  JI_DIST_LENGTH,
  JI_DIST_LOWER,
  JI_DIST_MOTOR,
  JI_DIST_UPPER,
  JointFlag,
  JointType,
  SP_H,
} from '@impulse2d/core/internal';
import type { JointKindSolver } from './joint-kind.js';
import { prepareSpringRange, recordOf, writeSoftness, type JointPrepareState } from './joint-prepare.js';
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
  G_POS,
  G_PX,
  G_PY,
  G_RAX,
  G_RAY,
  G_RBX,
  G_RBY,
  G_UX,
  G_UY,
  loadJointFrame,
  solveAxisRows,
  solveSoftAxisRow,
} from './joint-rows.js';

// Distance joint along the unit axis u from anchor A to anchor B, current length L:
//   Ċ = u·(vB + ωB × rB − vA − ωA × rA), mass 1/(mA + mB + iA (rA × u)² + iB (rB × u)²) (from prepare).
// Rigid rod: C = L − length (soft hard constraint). Otherwise: spring toward `length` (when hertz > 0), motor,
// and one-sided limits C = L − min ≥ 0, C = max − L ≥ 0 (a rope is max only). Impulses: the length row, the lower
// and upper limit, the motor (JI_DIST_*). Positive impulse pushes the anchors apart.

/** Axis-row layout (see solveAxisRows): the length row as the spring (and its force range), the motor, the limits. */
const AXIS_LAYOUT = Int32Array.of(
  JI_DIST_LENGTH,
  JI_DIST_MOTOR,
  JC_DIST_MOTOR_SPEED,
  JC_DIST_MAX_MOTOR_IMPULSE,
  JI_DIST_LOWER,
  JC_DIST_MIN,
  JC_DIST_MAX,
  JC_DIST_SPRING_LOWER_IMPULSE,
);

function prepareDistanceJoints(v: JointPrepareState, first: number, end: number): void {
  const js = v.joints;
  const f = js.f;
  const jc = js.constraints;
  const h = v.solverData.params[SP_H];
  for (let row = first; row < end; row++) {
    const o = recordOf(v, row, JointType.distance);
    if (o < 0) continue;
    const flags = js.flags[row];
    const minL = f[JF_MIN_LENGTH][row];
    const maxL = f[JF_MAX_LENGTH][row];
    let length = f[JF_LENGTH][row];
    const limited = (flags & JointFlag.enableLimit) !== 0;
    if (limited) length = length < minL ? minL : length > maxL ? maxL : length;
    jc[o + JC_DIST_LENGTH] = length;
    jc[o + JC_DIST_MIN] = minL;
    jc[o + JC_DIST_MAX] = maxL;
    jc[o + JC_DIST_MOTOR_SPEED] = f[JF_MOTOR_SPEED][row];
    jc[o + JC_DIST_MAX_MOTOR_IMPULSE] = h * f[JF_MAX_MOTOR][row];
    jc[o + JC_DIST_HERTZ] = f[JF_HERTZ][row];
    // A rod unless it is a spring with room to move (limits apart or off).
    const rigid = (flags & JointFlag.enableSpring) === 0 || (limited && minL >= maxL);
    if (rigid) jc[o + JC_FLAGS] = flags | JCF_RIGID;
    writeSoftness(jc, o + JC_SPRING_BIAS_RATE, f[JF_HERTZ], f[JF_DAMPING_RATIO], row, v.solverData.params);
    prepareSpringRange(v, row, jc, o + JC_DIST_SPRING_LOWER_IMPULSE);
    writeAxialMass(jc, o);
  }
}

/** The effective mass along the anchors' line at prepare time, 1 / (mA + mB + iA (rA × u)² + iB (rB × u)²). */
function writeAxialMass(jc: Float64Array, o: number): void {
  const rAx = jc[o + JC_FRAME_AX];
  const rAy = jc[o + JC_FRAME_AY];
  const rBx = jc[o + JC_FRAME_BX];
  const rBy = jc[o + JC_FRAME_BY];
  const dx = jc[o + JC_DELTA_CX] + rBx - rAx;
  const dy = jc[o + JC_DELTA_CY] + rBy - rAy;
  const len = Math.sqrt(dx * dx + dy * dy);
  const ux = len > 0 ? dx / len : 0;
  const uy = len > 0 ? dy / len : 0;
  const crA = rAx * uy - rAy * ux;
  const crB = rBx * uy - rBy * ux;
  const k =
    jc[o + JC_INV_MASS_A] + jc[o + JC_INV_MASS_B] + jc[o + JC_INV_I_A] * crA * crA + jc[o + JC_INV_I_B] * crB * crB;
  jc[o + JC_DIST_AXIAL_MASS] = k > 0 ? 1 / k : 0;
}

export function warmStartDistanceJoints(jc: Float64Array, begin: number, end: number, states: Float64Array): void {
  for (let k = begin; k < end; k++) {
    const o = k * JC_STRIDE;
    const a = (jc[o + JC_INDEX_A] | 0) * BS_STRIDE;
    const b = (jc[o + JC_INDEX_B] | 0) * BS_STRIDE;
    loadJointFrame(jc, o, states, a, b);
    const dx = g[G_DX];
    const dy = g[G_DY];
    const len = Math.sqrt(dx * dx + dy * dy);
    const inv = len > 0 ? 1 / len : 0;
    const i = o + JC_IMPULSE;
    const axial = jc[i + JI_DIST_LENGTH] + jc[i + JI_DIST_LOWER] - jc[i + JI_DIST_UPPER] + jc[i + JI_DIST_MOTOR];
    const px = axial * dx * inv;
    const py = axial * dy * inv;
    g[G_PX] = px;
    g[G_PY] = py;
    g[G_LA] = g[G_RAX] * py - g[G_RAY] * px;
    g[G_LB] = g[G_RBX] * py - g[G_RBY] * px;
    applyJointImpulse(jc, o, states, a, b);
  }
}

export function solveDistanceJoints(
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
    loadJointFrame(jc, o, states, a, b);
    const dx = g[G_DX];
    const dy = g[G_DY];
    const length = Math.sqrt(dx * dx + dy * dy);
    const inv = length > 0 ? 1 / length : 0;
    const ux = dx * inv;
    const uy = dy * inv;
    // The axis u and the lever arms of a force along it.
    g[G_UX] = ux;
    g[G_UY] = uy;
    g[G_CA] = g[G_RAX] * uy - g[G_RAY] * ux;
    g[G_CB] = g[G_RBX] * uy - g[G_RBY] * ux;
    g[G_MASS] = jc[o + JC_DIST_AXIAL_MASS];
    g[G_POS] = length;
    g[G_C] = length - jc[o + JC_DIST_LENGTH];
    const flags = jc[o + JC_FLAGS] | 0;
    if ((flags & JCF_RIGID) !== 0) {
      solveSoftAxisRow(jc, o, states, a, b, JI_DIST_LENGTH, JC_BIAS_RATE, useBias, -1);
    } else {
      const spring = jc[o + JC_DIST_HERTZ] > 0;
      const motor = (flags & JointFlag.enableMotor) !== 0;
      const limit = (flags & JointFlag.enableLimit) !== 0;
      solveAxisRows(jc, o, states, a, b, params, useBias, spring, motor, limit, AXIS_LAYOUT);
    }
  }
}

/** The distance kind's solver (see JointKindSolver). */
export const distanceSolver: JointKindSolver = {
  name: 'distance',
  impulses: DISTANCE_IMPULSES,
  movesBodyA: true,
  boundRatioAt: -1,
  prepare: prepareDistanceJoints,
  warmStart: warmStartDistanceJoints,
  solve: solveDistanceJoints,
  solvePositionsClassic: null,
};
