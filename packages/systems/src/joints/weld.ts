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
  JC_SPRING_BIAS_RATE,
  JC_SPRING_IMPULSE_SCALE,
  JC_SPRING_MASS_SCALE,
  JC_WELD_REL_C,
  JC_WELD_AXIAL_MASS,
  JCF_ANGULAR_SPRING,
  JCF_LINEAR_SPRING,
  JOINT_CONSTRAINT_STRIDE,
  JC_ANGLE,
} from '@impulse2d/core';
import { writeJointAngle } from './joint-angle.js';

// Weld joint: the revolute point block (linear softness in the JC_BIAS_RATE slots) plus an angular row
// C = θB − θA − ref (angular softness in the JC_SPRING_* slots). With stiffness 0 both use the world's joint
// softness and, as hard constraints, get no bias in the relax pass; with stiffness > 0 they are real springs and
// keep their bias in every pass. Impulses: 0, 1 point; 2 angle.

export function warmStartWeldJoints(jc: Float64Array, begin: number, end: number, states: Float64Array): void {
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
    const ang = jc[o + JC_IMPULSE + 2]!;
    states[a + BS_VX] = states[a + BS_VX]! - mA * px;
    states[a + BS_VY] = states[a + BS_VY]! - mA * py;
    states[a + BS_W] = states[a + BS_W]! - iA * (rAx * py - rAy * px + ang);
    states[b + BS_VX] = states[b + BS_VX]! + mB * px;
    states[b + BS_VY] = states[b + BS_VY]! + mB * py;
    states[b + BS_W] = states[b + BS_W]! + iB * (rBx * py - rBy * px + ang);
  }
}

export function solveWeldJoints(
  jc: Float64Array,
  begin: number,
  end: number,
  states: Float64Array,
  _params: Float64Array,
  useBias: boolean,
  reverse: boolean,
): void {
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

    // Angular row.
    {
      let bias = 0;
      let massScale = 1;
      let impulseScale = 0;
      if (useBias || (flags & JCF_ANGULAR_SPRING) !== 0) {
        writeJointAngle(jc, o, o + JC_WELD_REL_C, states, a, b);
        const angle = jc[o + JC_ANGLE]!;
        bias = jc[o + JC_SPRING_BIAS_RATE]! * angle;
        massScale = jc[o + JC_SPRING_MASS_SCALE]!;
        impulseScale = jc[o + JC_SPRING_IMPULSE_SCALE]!;
      }
      const old = jc[o + JC_IMPULSE + 2]!;
      const impulse = -massScale * jc[o + JC_WELD_AXIAL_MASS]! * (wB - wA + bias) - impulseScale * old;
      jc[o + JC_IMPULSE + 2] = old + impulse;
      wA -= iA * impulse;
      wB += iB * impulse;
    }

    // Point block.
    {
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
      if (useBias || (flags & JCF_LINEAR_SPRING) !== 0) {
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
    }

    states[a + BS_VX] = vAx;
    states[a + BS_VY] = vAy;
    states[a + BS_W] = wA;
    states[b + BS_VX] = vBx;
    states[b + BS_VY] = vBy;
    states[b + BS_W] = wB;
  }
}
