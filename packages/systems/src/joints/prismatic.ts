import {
  BS_STRIDE,
  BS_VX,
  BS_VY,
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
  JC_PRI_REL_C,
  JC_PRI_LOWER,
  JC_PRI_MAX_MOTOR_IMPULSE,
  JC_PRI_MOTOR_SPEED,
  JC_PRI_UPPER,
  JC_PRI_SPRING_LOWER_IMPULSE,
  JC_PRI_SPRING_TARGET,
  JC_STRIDE,
  JC_PRI_AXIS_X,
  JI_PRI_ANGLE,
  JI_PRI_LOWER,
  JI_PRI_MOTOR,
  JI_PRI_PERPENDICULAR,
  JI_PRI_SPRING,
  JI_PRI_UPPER,
  JF_SPRING_TARGET,
  JointFlag,
  JointType,
  JC_ANGLE,
  PRISMATIC_IMPULSES,
} from '@impulse2d/core/internal';
import { writeJointAngle } from './joint-angle.js';
import type { JointKindSolver } from './joint-kind.js';
import {
  prepareAxis,
  prepareMotorLimits,
  prepareRotation,
  prepareSpring,
  prepareSpringRange,
  recordOf,
  type JointPrepareState,
} from './joint-prepare.js';
import {
  applyJointImpulse,
  g,
  G_C,
  G_C1,
  G_C2,
  G_DX,
  G_DY,
  G_I1,
  G_I2,
  G_K11,
  G_K12,
  G_K22,
  G_LA,
  G_LB,
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
  solveBlock2,
} from './joint-rows.js';

// Prismatic joint. With d = (cB + rB) − (cA + rA) and the axis u fixed in A (rotated with A), perpendicular
// n = (−uy, ux):
//   perpendicular row  C1 = n·d,            Ċ1 = n·(vB − vA) + s2·ωB − s1·ωA,  s1 = (d + rA) × n, s2 = rB × n
//   angular row        C2 = θB − θA − ref,  Ċ2 = ωB − ωA
// are solved together as one 2×2 block (the merged multi-row constraint of the seeds):
//   K = [mA + mB + iA·s1² + iB·s2²,  iA·s1 + iB·s2]
//       [iA·s1 + iB·s2,              iA + iB      ]
// Axial rows (spring toward the target translation, motor, lower and upper limit) act along u with a1 = (d + rA) × u,
// a2 = rB × u. Impulses: perpendicular, angle (the block), then spring, motor, lower and upper limit (JI_PRI_*).

/**
 * Axis-row layout (see solveAxisRows): spring, motor and lower-limit slots, the motor's and the limits' parameters,
 * the spring's force range.
 */
const AXIS_LAYOUT = Int32Array.of(
  JI_PRI_SPRING,
  JI_PRI_MOTOR,
  JC_PRI_MOTOR_SPEED,
  JC_PRI_MAX_MOTOR_IMPULSE,
  JI_PRI_LOWER,
  JC_PRI_LOWER,
  JC_PRI_UPPER,
  JC_PRI_SPRING_LOWER_IMPULSE,
);

function preparePrismaticJoints(v: JointPrepareState, first: number, end: number): void {
  const jc = v.joints.constraints;
  for (let row = first; row < end; row++) {
    const o = recordOf(v, row, JointType.prismatic);
    if (o < 0) continue;
    prepareAxis(v, row, jc, o + JC_PRI_AXIS_X);
    prepareRotation(v, row, jc, o + JC_PRI_REL_C);
    prepareMotorLimits(v, row, jc, o + JC_PRI_MOTOR_SPEED);
    prepareSpring(v, row, jc, o);
    jc[o + JC_PRI_SPRING_TARGET] = v.joints.f[JF_SPRING_TARGET][row];
    prepareSpringRange(v, row, jc, o + JC_PRI_SPRING_LOWER_IMPULSE);
  }
}

export function warmStartPrismaticJoints(jc: Float64Array, begin: number, end: number, states: Float64Array): void {
  for (let k = begin; k < end; k++) {
    const o = k * JC_STRIDE;
    const a = (jc[o + JC_INDEX_A] | 0) * BS_STRIDE;
    const b = (jc[o + JC_INDEX_B] | 0) * BS_STRIDE;
    loadJointFrame(jc, o, states, a, b);
    loadSlideAxis(jc, o, states, a, JC_PRI_AXIS_X);
    const ux = g[G_UX];
    const uy = g[G_UY];
    const sAx = g[G_DX] + g[G_RAX];
    const sAy = g[G_DY] + g[G_RAY];
    const rBx = g[G_RBX];
    const rBy = g[G_RBY];
    const a1 = sAx * uy - sAy * ux;
    const a2 = rBx * uy - rBy * ux;
    const s1 = sAx * ux + sAy * uy; // (d + rA) × n with n = (−uy, ux)
    const s2 = rBx * ux + rBy * uy;
    const i = o + JC_IMPULSE;
    const perp = jc[i + JI_PRI_PERPENDICULAR];
    const ang = jc[i + JI_PRI_ANGLE];
    const axial = jc[i + JI_PRI_SPRING] + jc[i + JI_PRI_MOTOR] + jc[i + JI_PRI_LOWER] - jc[i + JI_PRI_UPPER];
    g[G_PX] = axial * ux - perp * uy;
    g[G_PY] = axial * uy + perp * ux;
    g[G_LA] = axial * a1 + perp * s1 + ang;
    g[G_LB] = axial * a2 + perp * s2 + ang;
    applyJointImpulse(jc, o, states, a, b);
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
  const last = begin + end - 1;
  for (let n = begin; n < end; n++) {
    const o = (reverse ? last - n : n) * JC_STRIDE;
    const a = (jc[o + JC_INDEX_A] | 0) * BS_STRIDE;
    const b = (jc[o + JC_INDEX_B] | 0) * BS_STRIDE;
    loadJointFrame(jc, o, states, a, b);
    loadSlideAxis(jc, o, states, a, JC_PRI_AXIS_X);
    const flags = jc[o + JC_FLAGS] | 0;
    const spring = (flags & JointFlag.enableSpring) !== 0;
    const motor = (flags & JointFlag.enableMotor) !== 0;
    const limit = (flags & JointFlag.enableLimit) !== 0;
    // The spring pulls toward the target translation (loadSlideAxis left the translation itself in G_C).
    g[G_C] = g[G_C] - jc[o + JC_PRI_SPRING_TARGET];
    solveAxisRows(jc, o, states, a, b, params, useBias, spring, motor, limit, AXIS_LAYOUT);

    // Perpendicular and angular rows as one 2×2 block.
    const mA = jc[o + JC_INV_MASS_A];
    const iA = jc[o + JC_INV_I_A];
    const mB = jc[o + JC_INV_MASS_B];
    const iB = jc[o + JC_INV_I_B];
    const dx = g[G_DX];
    const dy = g[G_DY];
    const nx = -g[G_UY];
    const ny = g[G_UX];
    const s1 = (dx + g[G_RAX]) * ny - (dy + g[G_RAY]) * nx;
    const s2 = g[G_RBX] * ny - g[G_RBY] * nx;
    const vAx = states[a + BS_VX];
    const vAy = states[a + BS_VY];
    const wA = states[a + BS_W];
    const vBx = states[b + BS_VX];
    const vBy = states[b + BS_VY];
    const wB = states[b + BS_W];
    let c1 = nx * (vBx - vAx) + ny * (vBy - vAy) + s2 * wB - s1 * wA;
    let c2 = wB - wA;
    if (useBias) {
      const rate = jc[o + JC_BIAS_RATE];
      c1 += rate * (nx * dx + ny * dy);
      writeJointAngle(jc, o, o + JC_PRI_REL_C, states, a, b);
      c2 += rate * jc[o + JC_ANGLE];
    }
    const k22 = iA + iB;
    g[G_K11] = mA + mB + iA * s1 * s1 + iB * s2 * s2;
    g[G_K12] = iA * s1 + iB * s2;
    g[G_K22] = k22 === 0 ? 1 : k22; // both rotations fixed: the angular row is moot
    g[G_C1] = c1;
    g[G_C2] = c2;
    // The block's impulses: perpendicular then angle, adjacent.
    solveBlock2(jc, o, JC_IMPULSE + JI_PRI_PERPENDICULAR, useBias);
    const i1 = g[G_I1];
    const i2 = g[G_I2];
    const px = i1 * nx;
    const py = i1 * ny;
    states[a + BS_VX] = vAx - mA * px;
    states[a + BS_VY] = vAy - mA * py;
    states[a + BS_W] = wA - iA * (i1 * s1 + i2);
    states[b + BS_VX] = vBx + mB * px;
    states[b + BS_VY] = vBy + mB * py;
    states[b + BS_W] = wB + iB * (i1 * s2 + i2);
  }
}

/** The prismatic kind's solver (see JointKindSolver). */
export const prismaticSolver: JointKindSolver = {
  name: 'prismatic',
  impulses: PRISMATIC_IMPULSES,
  movesBodyA: true,
  boundRatioAt: -1,
  prepare: preparePrismaticJoints,
  warmStart: warmStartPrismaticJoints,
  solve: solvePrismaticJoints,
  solvePositionsClassic: null,
};
