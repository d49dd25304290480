import {
  BS_STRIDE,
  BS_DPX,
  BS_DPY,
  BS_DQC,
  BS_DQS,
  BS_VX,
  BS_VY,
  BS_W,
  JC_DELTA_CX,
  JC_DELTA_CY,
  JC_FRAME_BX,
  JC_FRAME_BY,
  JC_IMPULSE,
  JC_INDEX_B,
  JC_INV_I_B,
  JC_INV_MASS_B,
  JC_MOUSE_MAX_IMPULSE,
  JC_SPRING_BIAS_RATE,
  JC_SPRING_IMPULSE_SCALE,
  JC_SPRING_MASS_SCALE,
  JC_STRIDE,
  JC_FRAME_AX,
  JC_FRAME_AY,
  JC_INDEX_A,
  JC_INV_I_A,
  JC_INV_MASS_A,
  JF_DAMPING_RATIO,
  JF_HERTZ,
  JF_MAX_FORCE,
  JF_TARGET_X,
  JF_TARGET_Y,
  JI_MOUSE_POINT_X,
  JI_MOUSE_POINT_Y,
  JointType,
  MOUSE_IMPULSES,
  SP_H,
} from '@impulse2d/core/internal';
import type { JointKindSolver } from './joint-kind.js';
import { recordOf, writeSoftness, type JointPrepareState } from './joint-prepare.js';

// Mouse (target) joint: a soft point constraint C = (cB + rB) − target on body B alone (the seeds' "homework"
// constraint), with the user's spring softness in every pass (it is a spring, not a hard constraint) and the
// accumulated impulse clamped to a disc of radius h · maxForce. Impulses: the point (JI_MOUSE_POINT_X, _Y).

function prepareMouseJoints(v: JointPrepareState, first: number, end: number): void {
  const js = v.joints;
  const f = js.f;
  const b = v.bodies;
  const jc = js.constraints;
  for (let row = first; row < end; row++) {
    const o = recordOf(v, row, JointType.mouse);
    if (o < 0) continue;
    const bodyB = js.bodyB[row];
    // Only B moves; A is a reference. The target replaces A's anchor: Δc = cB − target.
    jc[o + JC_INDEX_A] = 0;
    jc[o + JC_INV_MASS_A] = 0;
    jc[o + JC_INV_I_A] = 0;
    jc[o + JC_FRAME_AX] = 0;
    jc[o + JC_FRAME_AY] = 0;
    jc[o + JC_DELTA_CX] = b.centerX[bodyB] - f[JF_TARGET_X][row];
    jc[o + JC_DELTA_CY] = b.centerY[bodyB] - f[JF_TARGET_Y][row];
    jc[o + JC_MOUSE_MAX_IMPULSE] = v.solverData.params[SP_H] * f[JF_MAX_FORCE][row];
    writeSoftness(jc, o + JC_SPRING_BIAS_RATE, f[JF_HERTZ], f[JF_DAMPING_RATIO], row, v.solverData.params);
  }
}

export function warmStartMouseJoints(jc: Float64Array, begin: number, end: number, states: Float64Array): void {
  for (let k = begin; k < end; k++) {
    const o = k * JC_STRIDE;
    const b = (jc[o + JC_INDEX_B] | 0) * BS_STRIDE;
    const mB = jc[o + JC_INV_MASS_B];
    const iB = jc[o + JC_INV_I_B];
    const qBc = states[b + BS_DQC];
    const qBs = states[b + BS_DQS];
    const fBx = jc[o + JC_FRAME_BX];
    const fBy = jc[o + JC_FRAME_BY];
    const rBx = qBc * fBx - qBs * fBy;
    const rBy = qBs * fBx + qBc * fBy;
    const px = jc[o + JC_IMPULSE + JI_MOUSE_POINT_X];
    const py = jc[o + JC_IMPULSE + JI_MOUSE_POINT_Y];
    states[b + BS_VX] = states[b + BS_VX] + mB * px;
    states[b + BS_VY] = states[b + BS_VY] + mB * py;
    states[b + BS_W] = states[b + BS_W] + iB * (rBx * py - rBy * px);
  }
}

export function solveMouseJoints(
  jc: Float64Array,
  begin: number,
  end: number,
  states: Float64Array,
  _params: Float64Array,
  _useBias: boolean,
  reverse: boolean,
): void {
  const last = begin + end - 1;
  for (let n = begin; n < end; n++) {
    const o = (reverse ? last - n : n) * JC_STRIDE;
    const b = (jc[o + JC_INDEX_B] | 0) * BS_STRIDE;
    const mB = jc[o + JC_INV_MASS_B];
    const iB = jc[o + JC_INV_I_B];
    let vBx = states[b + BS_VX];
    let vBy = states[b + BS_VY];
    let wB = states[b + BS_W];
    const qBc = states[b + BS_DQC];
    const qBs = states[b + BS_DQS];
    const fBx = jc[o + JC_FRAME_BX];
    const fBy = jc[o + JC_FRAME_BY];
    const rBx = qBc * fBx - qBs * fBy;
    const rBy = qBs * fBx + qBc * fBy;
    const rate = jc[o + JC_SPRING_BIAS_RATE];
    const massScale = jc[o + JC_SPRING_MASS_SCALE];
    const impulseScale = jc[o + JC_SPRING_IMPULSE_SCALE];
    const cx = vBx - wB * rBy + rate * (states[b + BS_DPX] + rBx + jc[o + JC_DELTA_CX]);
    const cy = vBy + wB * rBx + rate * (states[b + BS_DPY] + rBy + jc[o + JC_DELTA_CY]);
    const k11 = mB + iB * rBy * rBy;
    const k12 = -iB * rBx * rBy;
    const k22 = mB + iB * rBx * rBx;
    let det = k11 * k22 - k12 * k12;
    det = det !== 0 ? 1 / det : 0;
    const oldX = jc[o + JC_IMPULSE + JI_MOUSE_POINT_X];
    const oldY = jc[o + JC_IMPULSE + JI_MOUSE_POINT_Y];
    let tx = oldX - massScale * det * (k22 * cx - k12 * cy) - impulseScale * oldX;
    let ty = oldY - massScale * det * (k11 * cy - k12 * cx) - impulseScale * oldY;
    const maxImpulse = jc[o + JC_MOUSE_MAX_IMPULSE];
    const len2 = tx * tx + ty * ty;
    if (len2 > maxImpulse * maxImpulse) {
      const s = maxImpulse / Math.sqrt(len2);
      tx *= s;
      ty *= s;
    }
    const ix = tx - oldX;
    const iy = ty - oldY;
    jc[o + JC_IMPULSE + JI_MOUSE_POINT_X] = tx;
    jc[o + JC_IMPULSE + JI_MOUSE_POINT_Y] = ty;
    vBx += mB * ix;
    vBy += mB * iy;
    wB += iB * (rBx * iy - rBy * ix);
    states[b + BS_VX] = vBx;
    states[b + BS_VY] = vBy;
    states[b + BS_W] = wB;
  }
}

/** The mouse kind's solver (see JointKindSolver). */
export const mouseSolver: JointKindSolver = {
  name: 'mouse',
  impulses: MOUSE_IMPULSES,
  movesBodyA: false,
  boundRatioAt: -1,
  prepare: prepareMouseJoints,
  warmStart: warmStartMouseJoints,
  solve: solveMouseJoints,
  solvePositionsClassic: null,
};
