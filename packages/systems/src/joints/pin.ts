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
  JC_FRAME_AX,
  JC_FRAME_AY,
  JC_FRAME_BX,
  JC_FRAME_BY,
  JC_INDEX_A,
  JC_INDEX_B,
  JC_INV_I_A,
  JC_INV_I_B,
  JC_INV_MASS_A,
  JC_INV_MASS_B,
  PIN_IMPULSE,
  PIN_STRIDE,
} from '@impulse2d/core/internal';
import { ANGULAR_NONE, warmStartPointJoints } from './joint-rows.js';

/*
 * Plain pins: revolute joints with no spring, motor or limit (SolverData.pins, PIN_STRIDE records). Only the point
 * constraint C = (cB + rB) − (cA + rA) = 0 remains, one 2×2 block per joint (the maths is solvePointBlock's, see
 * joint-rows.ts). Large joint scenes are almost all pins, so this loop is written out in full: no flag tests, no
 * call per joint, and the softness, which every pin shares, read once per sweep instead of once per joint. (Calling
 * solvePointBlock from this loop instead made joint_grid's solve stage 15–25% slower: V8 does not inline it.)
 * A pin has no angular impulse: switching a row on or off zeroes that row's impulse, so none is left to warm start.
 */

/** The relax pass's coefficients: no bias, full mass, no impulse feedback. */
const RIGID = new Float64Array([0, 1, 0]);

export function warmStartPinJoints(
  pins: Float64Array,
  begin: number,
  end: number,
  states: Float64Array,
  params: Float64Array,
): void {
  warmStartPointJoints(pins, begin, end, states, PIN_STRIDE, PIN_IMPULSE, ANGULAR_NONE, 0, params);
}

/**
 * One sweep over pins `begin` to `end` (exclusive). `softness` is the joints' shared [biasRate, massScale,
 * impulseScale]; `soft` false is the relax pass (rigid rows, no bias). `reverse` runs the range backwards (see solveJoints).
 */
export function solvePinJoints(
  jc: Float64Array,
  begin: number,
  end: number,
  states: Float64Array,
  softness: Float64Array,
  soft: boolean,
  reverse: boolean,
): void {
  const coefficients = soft ? softness : RIGID;
  const rate = coefficients[0];
  const massScale = coefficients[1];
  const impulseScale = coefficients[2];
  const last = begin + end - 1;
  for (let n = begin; n < end; n++) {
    const o = (reverse ? last - n : n) * PIN_STRIDE;
    const a = (jc[o + JC_INDEX_A] | 0) * BS_STRIDE;
    const b = (jc[o + JC_INDEX_B] | 0) * BS_STRIDE;
    const qAc = states[a + BS_DQC];
    const qAs = states[a + BS_DQS];
    const qBc = states[b + BS_DQC];
    const qBs = states[b + BS_DQS];
    const fAx = jc[o + JC_FRAME_AX];
    const fAy = jc[o + JC_FRAME_AY];
    const fBx = jc[o + JC_FRAME_BX];
    const fBy = jc[o + JC_FRAME_BY];
    const rAx = qAc * fAx - qAs * fAy;
    const rAy = qAs * fAx + qAc * fAy;
    const rBx = qBc * fBx - qBs * fBy;
    const rBy = qBs * fBx + qBc * fBy;
    const mA = jc[o + JC_INV_MASS_A];
    const iA = jc[o + JC_INV_I_A];
    const mB = jc[o + JC_INV_MASS_B];
    const iB = jc[o + JC_INV_I_B];
    // Position error times the bias rate (0 in the relax pass, where the rate is 0).
    const bx = rate * (states[b + BS_DPX] - states[a + BS_DPX] + rBx - rAx + jc[o + JC_DELTA_CX]);
    const by = rate * (states[b + BS_DPY] - states[a + BS_DPY] + rBy - rAy + jc[o + JC_DELTA_CY]);
    const vAx = states[a + BS_VX];
    const vAy = states[a + BS_VY];
    const wA = states[a + BS_W];
    const vBx = states[b + BS_VX];
    const vBy = states[b + BS_VY];
    const wB = states[b + BS_W];
    const cx = vBx - wB * rBy - vAx + wA * rAy + bx;
    const cy = vBy + wB * rBx - vAy - wA * rAx + by;
    const mAB = mA + mB;
    const k11 = mAB + iA * rAy * rAy + iB * rBy * rBy;
    const k12 = -iA * rAx * rAy - iB * rBx * rBy;
    const k22 = mAB + iA * rAx * rAx + iB * rBx * rBx;
    let det = k11 * k22 - k12 * k12;
    det = det !== 0 ? massScale / det : 0;
    const oldX = jc[o + PIN_IMPULSE];
    const oldY = jc[o + PIN_IMPULSE + 1];
    const ix = -det * (k22 * cx - k12 * cy) - impulseScale * oldX;
    const iy = -det * (k11 * cy - k12 * cx) - impulseScale * oldY;
    jc[o + PIN_IMPULSE] = oldX + ix;
    jc[o + PIN_IMPULSE + 1] = oldY + iy;
    states[a + BS_VX] = vAx - mA * ix;
    states[a + BS_VY] = vAy - mA * iy;
    states[a + BS_W] = wA - iA * (rAx * iy - rAy * ix);
    states[b + BS_VX] = vBx + mB * ix;
    states[b + BS_VY] = vBy + mB * iy;
    states[b + BS_W] = wB + iB * (rBx * iy - rBy * ix);
  }
}
