import {
  BS_STRIDE,
  BS_DPX,
  BS_DPY,
  BS_DQC,
  BS_DQS,
  JC_DELTA_CX,
  JC_DELTA_CY,
  JC_FLAGS,
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
  JCF_LINEAR_SPRING,
} from '@impulse2d/core/internal';

/** Box2D 2.4's b2_maxLinearCorrection: the largest point correction of one pass (m). */
const MAX_CORRECTION = 0.2;

/**
 * One non-linear Gauss–Seidel position pass over joint anchor points (Box2D 2.4's revolute and weld
 * SolvePositionConstraints), for classic mode with 'ngs' correction (solve-joint-positions-classic.ts): the anchors
 * are carried by each body's Δq since the step began, the gap C = (cB + rB') − (cA + rA') is closed by the position
 * impulse −K⁻¹C (K the 2×2 point mass matrix at the current anchors, the step capped at MAX_CORRECTION), moving Δp and
 * Δq directly. Serves plain pins, revolute records and welds, whose point slots share the header's offsets.
 */
/** Records at offsets [from, to) in steps of `stride`; `checkSpring` skips records whose point is a spring. */
export function pointPass(
  jc: Float64Array,
  from: number,
  to: number,
  stride: number,
  states: Float64Array,
  checkSpring: boolean,
): number {
  let maxErr = 0;
  for (let o = from; o < to; o += stride) {
    if (checkSpring && ((jc[o + JC_FLAGS] | 0) & JCF_LINEAR_SPRING) !== 0) continue;
    const a = (jc[o + JC_INDEX_A] | 0) * BS_STRIDE;
    const b = (jc[o + JC_INDEX_B] | 0) * BS_STRIDE;
    const mA = jc[o + JC_INV_MASS_A];
    const iA = jc[o + JC_INV_I_A];
    const mB = jc[o + JC_INV_MASS_B];
    const iB = jc[o + JC_INV_I_B];
    const cA = states[a + BS_DQC];
    const sA = states[a + BS_DQS];
    const cB = states[b + BS_DQC];
    const sB = states[b + BS_DQS];
    const ax0 = jc[o + JC_FRAME_AX];
    const ay0 = jc[o + JC_FRAME_AY];
    const bx0 = jc[o + JC_FRAME_BX];
    const by0 = jc[o + JC_FRAME_BY];
    const rAx = cA * ax0 - sA * ay0;
    const rAy = sA * ax0 + cA * ay0;
    const rBx = cB * bx0 - sB * by0;
    const rBy = sB * bx0 + cB * by0;
    let cx = states[b + BS_DPX] - states[a + BS_DPX] + jc[o + JC_DELTA_CX] + rBx - rAx;
    let cy = states[b + BS_DPY] - states[a + BS_DPY] + jc[o + JC_DELTA_CY] + rBy - rAy;
    const len2 = cx * cx + cy * cy;
    if (len2 > maxErr * maxErr) maxErr = Math.sqrt(len2);
    if (len2 > MAX_CORRECTION * MAX_CORRECTION) {
      const f = MAX_CORRECTION / Math.sqrt(len2);
      cx *= f;
      cy *= f;
    }
    const m = mA + mB;
    const k11 = m + iA * rAy * rAy + iB * rBy * rBy;
    const k12 = -iA * rAx * rAy - iB * rBx * rBy;
    const k22 = m + iA * rAx * rAx + iB * rBx * rBx;
    let det = k11 * k22 - k12 * k12;
    if (det === 0) continue;
    det = 1 / det;
    const px = -det * (k22 * cx - k12 * cy);
    const py = -det * (k11 * cy - k12 * cx);
    states[a + BS_DPX] = states[a + BS_DPX] - mA * px;
    states[a + BS_DPY] = states[a + BS_DPY] - mA * py;
    states[b + BS_DPX] = states[b + BS_DPX] + mB * px;
    states[b + BS_DPY] = states[b + BS_DPY] + mB * py;
    const dA = -iA * (rAx * py - rAy * px);
    if (dA !== 0) {
      const c2 = cA - dA * sA;
      const s2 = sA + dA * cA;
      const inv = 1 / Math.sqrt(c2 * c2 + s2 * s2);
      states[a + BS_DQC] = c2 * inv;
      states[a + BS_DQS] = s2 * inv;
    }
    const dB = iB * (rBx * py - rBy * px);
    if (dB !== 0) {
      const c2 = cB - dB * sB;
      const s2 = sB + dB * cB;
      const inv = 1 / Math.sqrt(c2 * c2 + s2 * s2);
      states[b + BS_DQC] = c2 * inv;
      states[b + BS_DQS] = s2 * inv;
    }
  }
  return maxErr;
}
