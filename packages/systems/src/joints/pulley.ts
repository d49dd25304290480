import {
  BS_STRIDE,
  BS_DPX,
  BS_DPY,
  BS_DQC,
  BS_DQS,
  BS_VX,
  BS_VY,
  BS_W,
  JC_BIAS_RATE,
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
  JC_PUL_CONSTANT,
  JC_PUL_GROUND_AX,
  JC_PUL_GROUND_AY,
  JC_PUL_GROUND_BX,
  JC_PUL_GROUND_BY,
  JC_PUL_RATIO,
  JC_STRIDE,
  JF_GROUND_AX,
  JF_GROUND_AY,
  JF_GROUND_BX,
  JF_GROUND_BY,
  JF_LENGTH,
  JF_LENGTH_B,
  JF_RATIO,
  JI_PUL_ROPE,
  JointType,
  PULLEY_IMPULSES,
} from '@impulse2d/core/internal';
import type { JointKindSolver } from './joint-kind.js';
import { recordOf, type JointPrepareState } from './joint-prepare.js';

// Pulley joint. With uA = anchorA − groundA, uB = anchorB − groundB (unit directions, lengths LA, LB):
//   C = constant − LA − ratio·LB = 0,   Ċ = −uA·vpA − ratio·uB·vpB  (vp = velocity of the anchor point),
//   mass = 1 / (mA + iA (rA × uA)² + ratio² (mB + iB (rB × uB)²)).
// The impulse is bilateral (a taut rope both ways, as Box2D 2.4); PA = −λ uA, PB = −ratio λ uB.
// Impulses: the rope (JI_PUL_ROPE).

function preparePulleyJoints(v: JointPrepareState, first: number, end: number): void {
  const js = v.joints;
  const f = js.f;
  const b = v.bodies;
  const jc = js.constraints;
  for (let row = first; row < end; row++) {
    const o = recordOf(v, row, JointType.pulley);
    if (o < 0) continue;
    const bodyA = js.bodyA[row];
    const bodyB = js.bodyB[row];
    jc[o + JC_PUL_GROUND_AX] = f[JF_GROUND_AX][row] - b.centerX[bodyA];
    jc[o + JC_PUL_GROUND_AY] = f[JF_GROUND_AY][row] - b.centerY[bodyA];
    jc[o + JC_PUL_GROUND_BX] = f[JF_GROUND_BX][row] - b.centerX[bodyB];
    jc[o + JC_PUL_GROUND_BY] = f[JF_GROUND_BY][row] - b.centerY[bodyB];
    const ratio = f[JF_RATIO][row];
    jc[o + JC_PUL_RATIO] = ratio;
    jc[o + JC_PUL_CONSTANT] = f[JF_LENGTH][row] + ratio * f[JF_LENGTH_B][row];
  }
}

export function warmStartPulleyJoints(jc: Float64Array, begin: number, end: number, states: Float64Array): void {
  solvePulleyRange(jc, begin, end, states, false, false, true);
}

export function solvePulleyJoints(
  jc: Float64Array,
  begin: number,
  end: number,
  states: Float64Array,
  _params: Float64Array,
  useBias: boolean,
  reverse: boolean,
): void {
  solvePulleyRange(jc, begin, end, states, useBias, reverse, false);
}

/** One routine for warm start (apply the stored impulse) and solve: the geometry is the same. */
function solvePulleyRange(
  jc: Float64Array,
  begin: number,
  end: number,
  states: Float64Array,
  useBias: boolean,
  reverse: boolean,
  warmStart: boolean,
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
    // anchor − ground = (c0 + Δp + r) − ground = Δp + r − (ground − c0)
    let uAx = states[a + BS_DPX] + rAx - jc[o + JC_PUL_GROUND_AX];
    let uAy = states[a + BS_DPY] + rAy - jc[o + JC_PUL_GROUND_AY];
    let uBx = states[b + BS_DPX] + rBx - jc[o + JC_PUL_GROUND_BX];
    let uBy = states[b + BS_DPY] + rBy - jc[o + JC_PUL_GROUND_BY];
    const lenA = Math.sqrt(uAx * uAx + uAy * uAy);
    const lenB = Math.sqrt(uBx * uBx + uBy * uBy);
    const invA = lenA > 1e-9 ? 1 / lenA : 0;
    const invB = lenB > 1e-9 ? 1 / lenB : 0;
    uAx *= invA;
    uAy *= invA;
    uBx *= invB;
    uBy *= invB;
    const ratio = jc[o + JC_PUL_RATIO];
    const ruA = rAx * uAy - rAy * uAx;
    const ruB = rBx * uBy - rBy * uBx;
    let vAx = states[a + BS_VX];
    let vAy = states[a + BS_VY];
    let wA = states[a + BS_W];
    let vBx = states[b + BS_VX];
    let vBy = states[b + BS_VY];
    let wB = states[b + BS_W];
    let impulse: number;
    if (warmStart) {
      impulse = jc[o + JC_IMPULSE + JI_PUL_ROPE];
    } else {
      const k = mA + iA * ruA * ruA + ratio * ratio * (mB + iB * ruB * ruB);
      const mass = k > 0 ? 1 / k : 0;
      const cdot =
        -(uAx * (vAx - wA * rAy) + uAy * (vAy + wA * rAx)) - ratio * (uBx * (vBx - wB * rBy) + uBy * (vBy + wB * rBx));
      let bias = 0;
      let massScale = 1;
      let impulseScale = 0;
      if (useBias) {
        bias = jc[o + JC_BIAS_RATE] * (jc[o + JC_PUL_CONSTANT] - lenA - ratio * lenB);
        massScale = jc[o + JC_MASS_SCALE];
        impulseScale = jc[o + JC_IMPULSE_SCALE];
      }
      const old = jc[o + JC_IMPULSE + JI_PUL_ROPE];
      impulse = -massScale * mass * (cdot + bias) - impulseScale * old;
      jc[o + JC_IMPULSE + JI_PUL_ROPE] = old + impulse;
    }
    const pAx = -impulse * uAx;
    const pAy = -impulse * uAy;
    const pBx = -ratio * impulse * uBx;
    const pBy = -ratio * impulse * uBy;
    vAx += mA * pAx;
    vAy += mA * pAy;
    wA += iA * (rAx * pAy - rAy * pAx);
    vBx += mB * pBx;
    vBy += mB * pBy;
    wB += iB * (rBx * pBy - rBy * pBx);
    states[a + BS_VX] = vAx;
    states[a + BS_VY] = vAy;
    states[a + BS_W] = wA;
    states[b + BS_VX] = vBx;
    states[b + BS_VY] = vBy;
    states[b + BS_W] = wB;
  }
}

/** The pulley kind's solver (see JointKindSolver). */
export const pulleySolver: JointKindSolver = {
  name: 'pulley',
  impulses: PULLEY_IMPULSES,
  movesBodyA: true,
  boundRatioAt: JC_PUL_RATIO,
  prepare: preparePulleyJoints,
  warmStart: warmStartPulleyJoints,
  solve: solvePulleyJoints,
  solvePositionsClassic: null,
};
