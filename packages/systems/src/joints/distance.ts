import {
  BS_STRIDE,
  JC_BIAS_RATE,
  JC_DIST_AXIAL_MASS,
  JC_DIST_HERTZ,
  JC_DIST_LENGTH,
  JC_DIST_MAX,
  JC_DIST_MAX_MOTOR_IMPULSE,
  JC_DIST_MIN,
  JC_DIST_MOTOR_SPEED,
  JC_FLAGS,
  JC_IMPULSE,
  JC_INDEX_A,
  JC_INDEX_B,
  JCF_RIGID,
  JC_STRIDE,
  JointFlag,
} from '@impulse2d/core/internal';
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
// and one-sided limits C = L − min ≥ 0, C = max − L ≥ 0 (a rope is max only). Impulses: 0 length row; 1 lower;
// 2 upper; 3 motor. Positive impulse pushes the anchors apart.

/** Axis-row layout (see solveAxisRows): spring 0; motor 3; limits 1, 2. */
const AXIS_LAYOUT = Int32Array.of(0, 3, JC_DIST_MOTOR_SPEED, JC_DIST_MAX_MOTOR_IMPULSE, 1, JC_DIST_MIN, JC_DIST_MAX);

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
    const axial = jc[o + JC_IMPULSE] + jc[o + JC_IMPULSE + 1] - jc[o + JC_IMPULSE + 2] + jc[o + JC_IMPULSE + 3];
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
      solveSoftAxisRow(jc, o, states, a, b, 0, JC_BIAS_RATE, useBias);
    } else {
      const spring = jc[o + JC_DIST_HERTZ] > 0;
      const motor = (flags & JointFlag.enableMotor) !== 0;
      const limit = (flags & JointFlag.enableLimit) !== 0;
      solveAxisRows(jc, o, states, a, b, params, useBias, spring, motor, limit, AXIS_LAYOUT);
    }
  }
}
