import {
  BS_STRIDE,
  BS_VX,
  BS_VY,
  BS_W,
  CC_BIAS_RATE,
  CC_FRICTION,
  CC_HEADER,
  CC_INDEX_A,
  CC_INDEX_B,
  CC_INV_I_A,
  CC_INV_I_B,
  CC_INV_MASS_A,
  CC_INV_MASS_B,
  CC_NORMAL_X,
  CC_NORMAL_Y,
  CC_POINT_COUNT,
  CC_TANGENT_SPEED,
  CCP_ADJUSTED_SEPARATION,
  CCP_DN_A,
  CCP_DN_B,
  CCP_NORMAL_IMPULSE,
  CCP_STRIDE,
  CCP_TANGENT_IMPULSE,
  CCP_TANGENT_MASS,
  CC_STRIDE,
  SP_INV_H,
  SP_PUSH_MAX_SPEED,
} from '@impulse2d/core';
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
 */
export function solveContactsClassic(
  cc: Float64Array,
  count: number,
  states: Float64Array,
  params: Float64Array,
  reverse: boolean,
): void {
  const invDt = params[SP_INV_H]!;
  const pushMaxSpeed = params[SP_PUSH_MAX_SPEED]!;
  for (let k = 0; k < count; k++) {
    const i = reverse ? count - 1 - k : k;
    const o = i * CC_STRIDE;
    const a = (cc[o + CC_INDEX_A]! | 0) * BS_STRIDE;
    const b = (cc[o + CC_INDEX_B]! | 0) * BS_STRIDE;
    const mA = cc[o + CC_INV_MASS_A]!;
    const iA = cc[o + CC_INV_I_A]!;
    const mB = cc[o + CC_INV_MASS_B]!;
    const iB = cc[o + CC_INV_I_B]!;
    const nx = cc[o + CC_NORMAL_X]!;
    const ny = cc[o + CC_NORMAL_Y]!;
    const friction = cc[o + CC_FRICTION]!;
    const tangentSpeed = cc[o + CC_TANGENT_SPEED]!;
    const pc = cc[o + CC_POINT_COUNT]! | 0;
    let vAx = states[a + BS_VX]!;
    let vAy = states[a + BS_VY]!;
    let wA = states[a + BS_W]!;
    let vBx = states[b + BS_VX]!;
    let vBy = states[b + BS_VY]!;
    let wB = states[b + BS_W]!;
    for (let j = 0; j < pc; j++) {
      const q = o + CC_HEADER + j * CCP_STRIDE;
      const dnA = cc[q + CCP_DN_A]!;
      const dnB = cc[q + CCP_DN_B]!;
      const vt = (vBx - vAx) * ny - (vBy - vAy) * nx - wB * dnB + wA * dnA + tangentSpeed;
      const old = cc[q + CCP_TANGENT_IMPULSE]!;
      const maxFriction = friction * cc[q + CCP_NORMAL_IMPULSE]!;
      const raw = old - cc[q + CCP_TANGENT_MASS]! * vt;
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
    const biasRate = cc[o + CC_BIAS_RATE]!;
    for (let j = 0; j < pc; j++) {
      const s = cc[o + CC_HEADER + j * CCP_STRIDE + CCP_ADJUSTED_SEPARATION]!;
      const q = o + CC_HEADER + j * CCP_STRIDE;
      // The adjusted separation equals the separation while the bodies have not moved (Δp = 0, Δq = identity).
      const sep = s + cc[q + CCP_DN_B]! - cc[q + CCP_DN_A]!;
      const bias = sep > 0 ? sep * invDt : Math.max(biasRate * sep, -pushMaxSpeed);
      targets[j] = -bias;
    }
    if (pc === 2 && solveNormalBlock(cc, o, states, targets)) continue;
    for (let j = 0; j < pc; j++) {
      single[0] = targets[j]!;
      solveNormalRow(cc, o, o + CC_HEADER + j * CCP_STRIDE, states, single);
    }
  }
}
