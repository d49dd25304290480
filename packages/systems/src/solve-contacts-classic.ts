import {
  BS_STRIDE,
  BS_INV_MASS,
  BS_INV_I,
  BS_VX,
  BS_VY,
  BS_DPX,
  BS_DPY,
  BS_DQC,
  BS_DQS,
  BS_W,
  CC_BIAS_RATE,
  CC_FRICTION,
  CC_HEADER,
  CC_INDEX_A,
  CC_INDEX_B,
  CC_NORMAL_X,
  CC_NORMAL_Y,
  CC_POINT_COUNT,
  CC_TANGENT_SPEED,
  CCP_ADJUSTED_SEPARATION,
  CCP_DN_A,
  CCP_DN_B,
  CCP_NORMAL_IMPULSE,
  CCP_RN_A,
  CCP_RN_B,
  CCP_STRIDE,
  CCP_TANGENT_IMPULSE,
  CCP_TANGENT_MASS,
  contactRecord,
  SP_INV_H,
  SP_PUSH_MAX_SPEED,
} from '@impulse2d/core/internal';
import { solveNormalBlock, solveNormalRow } from './solve-contacts.js';

const targets = new Float64Array(2);
const single = new Float64Array(1);

/**
 * One velocity iteration of the classic solver, as the seeds derive it (Box2D 2.x style). Positions do not move
 * during the iterations, so each point's bias is fixed for the step: Baumgarte b = β/Δt · (s + slop) for overlap
 * beyond the slop (pushing out, capped at the push speed), and s/Δt for a speculative gap (it may close, no more).
 * Friction rows come first, clamped by μ·λn of the last iteration; then the normal rows, the two points of a
 * manifold as one 2×2 block (the seeds' block solver), which is what lets rigid rows stack: solved one at a time
 * they fight each other and a 10-row pyramid creeps sideways by decimetres (0.27 m in 10 s; 7 mm with the block).
 * `reverse` sweeps last to first; the classic step keeps one direction, which measured steadier than alternating
 * here (Baumgarte's bias energy, unlike the soft step's, is not removed by a relax pass).
 * `useBias` false (the 'ngs' position correction) drops the Baumgarte push-out: overlap is then removed by
 * solveContactPositionsClassic after the positions move, and the velocities keep no bias energy.
 */
export function solveContactsClassic(
  cc: Float32Array,
  count: number,
  states: Float64Array,
  params: Float64Array,
  reverse: boolean,
  useBias: boolean,
): void {
  const invDt = params[SP_INV_H];
  const pushMaxSpeed = params[SP_PUSH_MAX_SPEED];
  for (let k = 0; k < count; k++) {
    const i = reverse ? count - 1 - k : k;
    const o = contactRecord(i);
    const a = (cc[o + CC_INDEX_A] | 0) * BS_STRIDE;
    const b = (cc[o + CC_INDEX_B] | 0) * BS_STRIDE;
    const mA = states[a + BS_INV_MASS];
    const iA = states[a + BS_INV_I];
    const mB = states[b + BS_INV_MASS];
    const iB = states[b + BS_INV_I];
    const nx = cc[o + CC_NORMAL_X];
    const ny = cc[o + CC_NORMAL_Y];
    const friction = cc[o + CC_FRICTION];
    const tangentSpeed = cc[o + CC_TANGENT_SPEED];
    const pc = cc[o + CC_POINT_COUNT] | 0;
    let vAx = states[a + BS_VX];
    let vAy = states[a + BS_VY];
    let wA = states[a + BS_W];
    let vBx = states[b + BS_VX];
    let vBy = states[b + BS_VY];
    let wB = states[b + BS_W];
    for (let j = 0; j < pc; j++) {
      const q = o + CC_HEADER + j * CCP_STRIDE;
      const dnA = cc[q + CCP_DN_A];
      const dnB = cc[q + CCP_DN_B];
      const vt = (vBx - vAx) * ny - (vBy - vAy) * nx - wB * dnB + wA * dnA + tangentSpeed;
      const old = cc[q + CCP_TANGENT_IMPULSE];
      const maxFriction = friction * cc[q + CCP_NORMAL_IMPULSE];
      const raw = old - cc[q + CCP_TANGENT_MASS] * vt;
      const total = raw > maxFriction ? maxFriction : raw < -maxFriction ? -maxFriction : raw;
      const impulse = total - old;
      cc[q + CCP_TANGENT_IMPULSE] = total;
      vAx -= mA * impulse * ny;
      vAy += mA * impulse * nx;
      wA += iA * impulse * dnA;
      vBx += mB * impulse * ny;
      vBy -= mB * impulse * nx;
      wB -= iB * impulse * dnB;
    }
    states[a + BS_VX] = vAx;
    states[a + BS_VY] = vAy;
    states[a + BS_W] = wA;
    states[b + BS_VX] = vBx;
    states[b + BS_VY] = vBy;
    states[b + BS_W] = wB;

    // Biases: the separation is the prepared one (shifted by the slop in prepare) since nothing moved yet.
    const biasRate = cc[o + CC_BIAS_RATE];
    for (let j = 0; j < pc; j++) {
      const s = cc[o + CC_HEADER + j * CCP_STRIDE + CCP_ADJUSTED_SEPARATION];
      const q = o + CC_HEADER + j * CCP_STRIDE;
      // The adjusted separation equals the separation while the bodies have not moved (Δp = 0, Δq = identity).
      const sep = s + cc[q + CCP_DN_B] - cc[q + CCP_DN_A];
      const bias = sep > 0 ? sep * invDt : useBias ? Math.max(biasRate * sep, -pushMaxSpeed) : 0;
      targets[j] = -bias;
    }
    if (pc === 2 && solveNormalBlock(cc, o, states, targets)) continue;
    for (let j = 0; j < pc; j++) {
      single[0] = targets[j];
      solveNormalRow(cc, o, o + CC_HEADER + j * CCP_STRIDE, states, single);
    }
  }
}

/** Box2D 2.4's position correction: fraction of the overlap (beyond the slop) removed per position pass. */
const NGS_BAUMGARTE = 0.2;
/** Largest correction of one point in one pass (m), as Box2D 2.4's b2_maxLinearCorrection: no explosive pops. */
const NGS_MAX_CORRECTION = 0.2;

/**
 * One non-linear Gauss–Seidel position pass over the contacts (Box2D 2.4's SolvePositionConstraints), run after the
 * classic step integrated positions. Each point's current separation is measured from the bodies' motion since the
 * step began (Δp, Δq, as the soft solver does), C = clamp(β·s, −maxCorrection, 0) with s already shifted by the
 * slop in prepare, and the bodies are moved apart directly by the position impulse −C/K along the normal (the
 * normal is the step's, not re-derived from the shapes: a first-order approximation fine for the small moves of
 * one step). Velocities are not touched, so this adds no energy. Returns the deepest remaining overlap (m, ≤ 0
 * when none), which lets the caller stop early.
 */
export function solveContactPositionsClassic(cc: Float32Array, count: number, states: Float64Array): number {
  let minSep = 0;
  for (let i = 0; i < count; i++) {
    const o = contactRecord(i);
    const a = (cc[o + CC_INDEX_A] | 0) * BS_STRIDE;
    const b = (cc[o + CC_INDEX_B] | 0) * BS_STRIDE;
    const mA = states[a + BS_INV_MASS];
    const iA = states[a + BS_INV_I];
    const mB = states[b + BS_INV_MASS];
    const iB = states[b + BS_INV_I];
    const nx = cc[o + CC_NORMAL_X];
    const ny = cc[o + CC_NORMAL_Y];
    const pc = cc[o + CC_POINT_COUNT] | 0;
    for (let j = 0; j < pc; j++) {
      const q = o + CC_HEADER + j * CCP_STRIDE;
      const cA = states[a + BS_DQC];
      const sA = states[a + BS_DQS];
      const cB = states[b + BS_DQC];
      const sB = states[b + BS_DQS];
      const dnA0 = cc[q + CCP_DN_A];
      const rnA0 = cc[q + CCP_RN_A];
      const dnB0 = cc[q + CCP_DN_B];
      const rnB0 = cc[q + CCP_RN_B];
      // Anchors carried by each body's rotation since the step began: r' · n and r' × n.
      const dnA = cA * dnA0 + sA * rnA0;
      const rnA = cA * rnA0 - sA * dnA0;
      const dnB = cB * dnB0 + sB * rnB0;
      const rnB = cB * rnB0 - sB * dnB0;
      const sep =
        (states[b + BS_DPX] - states[a + BS_DPX]) * nx +
        (states[b + BS_DPY] - states[a + BS_DPY]) * ny +
        dnB -
        dnA +
        cc[q + CCP_ADJUSTED_SEPARATION];
      if (sep >= 0) continue;
      if (sep < minSep) minSep = sep;
      let c = NGS_BAUMGARTE * sep;
      if (c < -NGS_MAX_CORRECTION) c = -NGS_MAX_CORRECTION;
      const k = mA + mB + iA * rnA * rnA + iB * rnB * rnB;
      if (k <= 0) continue;
      const impulse = -c / k;
      states[a + BS_DPX] = states[a + BS_DPX] - mA * impulse * nx;
      states[a + BS_DPY] = states[a + BS_DPY] - mA * impulse * ny;
      states[b + BS_DPX] = states[b + BS_DPX] + mB * impulse * nx;
      states[b + BS_DPY] = states[b + BS_DPY] + mB * impulse * ny;
      // Rotate Δq by the small angle δ (first order, renormalised, as the integrator does).
      const dA = -iA * impulse * rnA;
      if (dA !== 0) {
        const c2 = cA - dA * sA;
        const s2 = sA + dA * cA;
        const inv = 1 / Math.sqrt(c2 * c2 + s2 * s2);
        states[a + BS_DQC] = c2 * inv;
        states[a + BS_DQS] = s2 * inv;
      }
      const dB = iB * impulse * rnB;
      if (dB !== 0) {
        const c2 = cB - dB * sB;
        const s2 = sB + dB * cB;
        const inv = 1 / Math.sqrt(c2 * c2 + s2 * s2);
        states[b + BS_DQC] = c2 * inv;
        states[b + BS_DQS] = s2 * inv;
      }
    }
  }
  return minSep;
}
