import {
  BS_STRIDE,
  BS_INV_MASS,
  BS_INV_I,
  BS_DPX,
  BS_DPY,
  BS_DQC,
  BS_DQS,
  BS_VX,
  BS_VY,
  BS_W,
  CC_BIAS_RATE,
  CC_FRICTION,
  CC_HEADER,
  CC_IMPULSE_SCALE,
  CC_INDEX_A,
  CC_INDEX_B,
  CC_MASS_SCALE,
  CC_NORMAL_X,
  CC_NORMAL_Y,
  CC_POINT_COUNT,
  CC_RESTITUTION,
  CC_ROLLING_IMPULSE,
  CC_ROLLING_MASS,
  CC_ROLLING_RESISTANCE,
  CC_TANGENT_SPEED,
  CCP_ADJUSTED_SEPARATION,
  CCP_DN_A,
  CCP_DN_B,
  CCP_MAX_NORMAL_IMPULSE,
  CCP_NORMAL_IMPULSE,
  CCP_NORMAL_MASS,
  CCP_RELATIVE_VELOCITY,
  CCP_RN_A,
  CCP_RN_B,
  CCP_STRIDE,
  CCP_TANGENT_IMPULSE,
  CCP_TANGENT_MASS,
  contactRecord,
  SP_INV_H,
  SP_PUSH_MAX_SPEED,
  SP_RESTITUTION_THRESHOLD,
} from '@impulse2d/core/internal';

// Notation (see solver-layout.ts): per point rn = r × n and dn = r · n; the tangent is t = (ny, −nx), so r × t = −dn.
// A normal impulse λ changes vA by −mA·λ·n and wA by −iA·λ·rnA; a friction impulse τ changes vA by −mA·τ·t and wA by
// +iA·τ·dnA (signs flip for B).

/**
 * Applies the accumulated impulses (λn·n + λt·t per point, and the rolling impulse) so each substep starts near the
 * answer: last step's at the first substep, the previous substep's after that.
 */
export function warmStartContacts(cc: Float32Array, count: number, states: Float64Array, first = 0): void {
  for (let i = first; i < count; i++) {
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
    let px = 0;
    let py = 0;
    let angA = 0;
    let angB = 0;
    for (let j = 0; j < pc; j++) {
      const q = o + CC_HEADER + j * CCP_STRIDE;
      const ln = cc[q + CCP_NORMAL_IMPULSE];
      const lt = cc[q + CCP_TANGENT_IMPULSE];
      px += ln * nx + lt * ny;
      py += ln * ny - lt * nx;
      angA += ln * cc[q + CCP_RN_A] - lt * cc[q + CCP_DN_A];
      angB += ln * cc[q + CCP_RN_B] - lt * cc[q + CCP_DN_B];
    }
    // The rolling-resistance impulse is per substep too: re-applied each substep like the point impulses.
    const rolling = cc[o + CC_ROLLING_IMPULSE];
    states[a + BS_VX] = states[a + BS_VX] - mA * px;
    states[a + BS_VY] = states[a + BS_VY] - mA * py;
    states[a + BS_W] = states[a + BS_W] - iA * (angA + rolling);
    states[b + BS_VX] = states[b + BS_VX] + mB * px;
    states[b + BS_VY] = states[b + BS_VY] + mB * py;
    states[b + BS_W] = states[b + BS_W] + iB * (angB + rolling);
  }
}

/**
 * One sequential-impulse sweep over all contacts (soft step). With `useBias` the points are soft springs pushing
 * overlap apart (capped at the push speed); without it (the relax pass) they only remove approach velocity, which
 * takes out the energy the bias added. Speculative points (separation s > 0) always allow closing the gap s in one
 * substep. Normal impulses are clamped ≥ 0 on the accumulated total; friction is clamped to ±μ·λn.
 *
 * `reverse` sweeps the constraints from last to first. The solver alternates directions (symmetric Gauss–Seidel):
 * a sweep always in one order feeds a systematic sideways bias into tall stacks, which made Box2D's 100-row pyramid
 * shear by 0.4 m over 500 steps; alternating took that to under 1 cm, at no cost. The records are laid out colour by
 * colour (colour-contacts.ts), so a reverse sweep visits the colours from last to first. Rows `first` to `count`
 * (exclusive) are swept: the whole array on one thread, part of a colour on a step worker.
 *
 * This is the engine's hottest loop. The two manifold points are written out in full rather than looped over, with
 * body velocities in locals: measured 25–40% faster in Node 20 than the loop form (V8 keeps the locals in registers
 * and drops the per-point offset arithmetic); per-row helper functions were slower still (memory round trips).
 */
export function solveContacts(
  cc: Float32Array,
  count: number,
  states: Float64Array,
  params: Float64Array,
  useBias: boolean,
  reverse: boolean,
  first = 0,
): void {
  const invH = params[SP_INV_H];
  const pushMaxSpeed = params[SP_PUSH_MAX_SPEED];
  for (let k = first; k < count; k++) {
    const i = reverse ? count - 1 - (k - first) : k;
    const o = contactRecord(i);
    const a = (cc[o + CC_INDEX_A] | 0) * BS_STRIDE;
    const b = (cc[o + CC_INDEX_B] | 0) * BS_STRIDE;
    const mA = states[a + BS_INV_MASS];
    const iA = states[a + BS_INV_I];
    const mB = states[b + BS_INV_MASS];
    const iB = states[b + BS_INV_I];
    const nx = cc[o + CC_NORMAL_X];
    const ny = cc[o + CC_NORMAL_Y];
    // Products off the dependency chain: each row's velocity update is then one multiply and one add after its
    // impulse, and its relative velocity sums two halves (the rows of one record form a chain of dependent operations
    // that decides this loop's speed; 8-10% of the solve stage on large_pyramid, Node 20, AMD EPYC).
    const mAnx = mA * nx;
    const mAny = mA * ny;
    const mBnx = mB * nx;
    const mBny = mB * ny;
    let vAx = states[a + BS_VX];
    let vAy = states[a + BS_VY];
    let wA = states[a + BS_W];
    let vBx = states[b + BS_VX];
    let vBy = states[b + BS_VY];
    let wB = states[b + BS_W];
    const dqAc = states[a + BS_DQC];
    const dqAs = states[a + BS_DQS];
    const dqBc = states[b + BS_DQC];
    const dqBs = states[b + BS_DQS];
    // Normal component of the bodies' relative translation since the step began.
    const dpn = (states[b + BS_DPX] - states[a + BS_DPX]) * nx + (states[b + BS_DPY] - states[a + BS_DPY]) * ny;
    const biasRate = cc[o + CC_BIAS_RATE];
    const softMass = cc[o + CC_MASS_SCALE];
    const softImpulse = cc[o + CC_IMPULSE_SCALE];
    const twoPoints = cc[o + CC_POINT_COUNT] > 1;
    const q0 = o + CC_HEADER;
    const q1 = q0 + CCP_STRIDE;

    // ---- normal, point 0 ----
    {
      const rnA = cc[q0 + CCP_RN_A];
      const rnB = cc[q0 + CCP_RN_B];
      // Current separation: anchors carried along by each body's rotation and translation since the step began.
      const sep =
        dpn +
        dqBc * cc[q0 + CCP_DN_B] +
        dqBs * rnB -
        dqAc * cc[q0 + CCP_DN_A] -
        dqAs * rnA +
        cc[q0 + CCP_ADJUSTED_SEPARATION];
      let bias = 0;
      let massScale = 1;
      let impulseScale = 0;
      if (sep > 0) {
        bias = sep * invH;
      } else if (useBias) {
        bias = biasRate * sep;
        if (bias < -pushMaxSpeed) bias = -pushMaxSpeed;
        massScale = softMass;
        impulseScale = softImpulse;
      }
      const vn = vBx * nx + vBy * ny - (vAx * nx + vAy * ny) + (wB * rnB - wA * rnA);
      const old = cc[q0 + CCP_NORMAL_IMPULSE];
      const raw = old - impulseScale * old - cc[q0 + CCP_NORMAL_MASS] * massScale * (vn + bias);
      const total = raw > 0 ? raw : 0;
      const impulse = total - old;
      cc[q0 + CCP_NORMAL_IMPULSE] = total;
      const maxImpulse = cc[q0 + CCP_MAX_NORMAL_IMPULSE];
      cc[q0 + CCP_MAX_NORMAL_IMPULSE] = impulse > maxImpulse ? impulse : maxImpulse;
      vAx -= impulse * mAnx;
      vAy -= impulse * mAny;
      wA -= impulse * (iA * rnA);
      vBx += impulse * mBnx;
      vBy += impulse * mBny;
      wB += impulse * (iB * rnB);
    }
    // ---- normal, point 1 ----
    if (twoPoints) {
      const rnA = cc[q1 + CCP_RN_A];
      const rnB = cc[q1 + CCP_RN_B];
      const sep =
        dpn +
        dqBc * cc[q1 + CCP_DN_B] +
        dqBs * rnB -
        dqAc * cc[q1 + CCP_DN_A] -
        dqAs * rnA +
        cc[q1 + CCP_ADJUSTED_SEPARATION];
      let bias = 0;
      let massScale = 1;
      let impulseScale = 0;
      if (sep > 0) {
        bias = sep * invH;
      } else if (useBias) {
        bias = biasRate * sep;
        if (bias < -pushMaxSpeed) bias = -pushMaxSpeed;
        massScale = softMass;
        impulseScale = softImpulse;
      }
      const vn = vBx * nx + vBy * ny - (vAx * nx + vAy * ny) + (wB * rnB - wA * rnA);
      const old = cc[q1 + CCP_NORMAL_IMPULSE];
      const raw = old - impulseScale * old - cc[q1 + CCP_NORMAL_MASS] * massScale * (vn + bias);
      const total = raw > 0 ? raw : 0;
      const impulse = total - old;
      cc[q1 + CCP_NORMAL_IMPULSE] = total;
      const maxImpulse = cc[q1 + CCP_MAX_NORMAL_IMPULSE];
      cc[q1 + CCP_MAX_NORMAL_IMPULSE] = impulse > maxImpulse ? impulse : maxImpulse;
      vAx -= impulse * mAnx;
      vAy -= impulse * mAny;
      wA -= impulse * (iA * rnA);
      vBx += impulse * mBnx;
      vBy += impulse * mBny;
      wB += impulse * (iB * rnB);
    }

    // Friction along t = (ny, −nx), bounded by μ times the point's current normal impulse.
    const friction = cc[o + CC_FRICTION];
    const tangentSpeed = cc[o + CC_TANGENT_SPEED];
    // ---- friction, point 0 ----
    {
      const dnA = cc[q0 + CCP_DN_A];
      const dnB = cc[q0 + CCP_DN_B];
      const vt = vBx * ny - vBy * nx - (vAx * ny - vAy * nx) + (wA * dnA - wB * dnB + tangentSpeed);
      const old = cc[q0 + CCP_TANGENT_IMPULSE];
      const maxFriction = friction * cc[q0 + CCP_NORMAL_IMPULSE];
      const raw = old - cc[q0 + CCP_TANGENT_MASS] * vt;
      const total = raw > maxFriction ? maxFriction : raw < -maxFriction ? -maxFriction : raw;
      const impulse = total - old;
      cc[q0 + CCP_TANGENT_IMPULSE] = total;
      vAx -= impulse * mAny;
      vAy += impulse * mAnx;
      wA += impulse * (iA * dnA);
      vBx += impulse * mBny;
      vBy -= impulse * mBnx;
      wB -= impulse * (iB * dnB);
    }
    // ---- friction, point 1 ----
    if (twoPoints) {
      const dnA = cc[q1 + CCP_DN_A];
      const dnB = cc[q1 + CCP_DN_B];
      const vt = vBx * ny - vBy * nx - (vAx * ny - vAy * nx) + (wA * dnA - wB * dnB + tangentSpeed);
      const old = cc[q1 + CCP_TANGENT_IMPULSE];
      const maxFriction = friction * cc[q1 + CCP_NORMAL_IMPULSE];
      const raw = old - cc[q1 + CCP_TANGENT_MASS] * vt;
      const total = raw > maxFriction ? maxFriction : raw < -maxFriction ? -maxFriction : raw;
      const impulse = total - old;
      cc[q1 + CCP_TANGENT_IMPULSE] = total;
      vAx -= impulse * mAny;
      vAy += impulse * mAnx;
      wA += impulse * (iA * dnA);
      vBx += impulse * mBny;
      vBy -= impulse * mBnx;
      wB -= impulse * (iB * dnB);
    }
    // Rolling resistance (Box2D v3.1): a torque opposing relative spin, bounded by resistance × total normal impulse.
    const rollingResistance = cc[o + CC_ROLLING_RESISTANCE];
    if (rollingResistance > 0) {
      const normalTotal = cc[q0 + CCP_NORMAL_IMPULSE] + (twoPoints ? cc[q1 + CCP_NORMAL_IMPULSE] : 0);
      const maxRolling = rollingResistance * normalTotal;
      const old = cc[o + CC_ROLLING_IMPULSE];
      const raw = old - cc[o + CC_ROLLING_MASS] * (wB - wA);
      const total = raw > maxRolling ? maxRolling : raw < -maxRolling ? -maxRolling : raw;
      const impulse = total - old;
      cc[o + CC_ROLLING_IMPULSE] = total;
      wA -= iA * impulse;
      wB += iB * impulse;
    }
    states[a + BS_VX] = vAx;
    states[a + BS_VY] = vAy;
    states[a + BS_W] = wA;
    states[b + BS_VX] = vBx;
    states[b + BS_VY] = vBy;
    states[b + BS_W] = wB;
  }
}

/**
 * Restitution pass, once per step after the substeps: for points that approached faster than the threshold and
 * carried impulse, drive the normal velocity toward −e·(approach velocity), still with accumulated clamping.
 *
 * When both points of a manifold bounce they are solved together as one 2×2 block (the mixed LCP of Box2D 2.4's block
 * solver, enumerating which points stay active). A single sequential pass, as in Box2D v3, leaves a flat box
 * bouncing at 0.88·e of its speed and spinning, because the second point's impulse undoes part of the first's.
 */
export function applyRestitution(
  cc: Float32Array,
  count: number,
  states: Float64Array,
  params: Float64Array,
  first = 0,
): void {
  const threshold = params[SP_RESTITUTION_THRESHOLD];
  for (let i = first; i < count; i++) {
    const o = contactRecord(i);
    const e = cc[o + CC_RESTITUTION];
    if (e === 0) continue;
    const q0 = o + CC_HEADER;
    const q1 = q0 + CCP_STRIDE;
    const pc = cc[o + CC_POINT_COUNT] | 0;
    const bounce0 = cc[q0 + CCP_RELATIVE_VELOCITY] < -threshold && cc[q0 + CCP_MAX_NORMAL_IMPULSE] > 0;
    const bounce1 = pc > 1 && cc[q1 + CCP_RELATIVE_VELOCITY] < -threshold && cc[q1 + CCP_MAX_NORMAL_IMPULSE] > 0;
    if (bounce0 && bounce1) restituteBlock(cc, o, states);
    else if (bounce0) restitutePoint(cc, o, q0, states);
    else if (bounce1) restitutePoint(cc, o, q1, states);
  }
}

/**
 * Single-point restitution row at point record q of constraint record o: target −e·(approach velocity), e the
 * record's restitution. The restitution helpers read e from the record rather than take it: a double passed to a call
 * V8 does not inline is boxed, and in worlds with step workers these calls were not always inlined (a 2-vCPU AMD
 * EPYC, Node 20: spinner allocated 100–250 kB a step, one number per bouncing record; docs/design/v8-hot-code.md).
 */
function restitutePoint(cc: Float32Array, o: number, q: number, states: Float64Array): void {
  blockTargets[0] = -cc[o + CC_RESTITUTION] * cc[q + CCP_RELATIVE_VELOCITY];
  solveNormalRow(cc, o, q, states, blockTargets);
}

/**
 * One rigid normal row (mass scale 1, no softness) driving the point's normal velocity to target[0], with the
 * accumulated impulse kept ≥ 0. Serves the restitution pass and the classic solver's single points.
 */
export function solveNormalRow(
  cc: Float32Array,
  o: number,
  q: number,
  states: Float64Array,
  target: Float64Array,
): void {
  const a = (cc[o + CC_INDEX_A] | 0) * BS_STRIDE;
  const b = (cc[o + CC_INDEX_B] | 0) * BS_STRIDE;
  const mA = states[a + BS_INV_MASS];
  const iA = states[a + BS_INV_I];
  const mB = states[b + BS_INV_MASS];
  const iB = states[b + BS_INV_I];
  const nx = cc[o + CC_NORMAL_X];
  const ny = cc[o + CC_NORMAL_Y];
  const rnA = cc[q + CCP_RN_A];
  const rnB = cc[q + CCP_RN_B];
  const vn =
    (states[b + BS_VX] - states[a + BS_VX]) * nx +
    (states[b + BS_VY] - states[a + BS_VY]) * ny +
    states[b + BS_W] * rnB -
    states[a + BS_W] * rnA;
  const old = cc[q + CCP_NORMAL_IMPULSE];
  const raw = old - cc[q + CCP_NORMAL_MASS] * (vn - target[0]);
  const total = raw > 0 ? raw : 0;
  const impulse = total - old;
  cc[q + CCP_NORMAL_IMPULSE] = total;
  if (impulse > cc[q + CCP_MAX_NORMAL_IMPULSE]) cc[q + CCP_MAX_NORMAL_IMPULSE] = impulse;
  states[a + BS_VX] = states[a + BS_VX] - mA * impulse * nx;
  states[a + BS_VY] = states[a + BS_VY] - mA * impulse * ny;
  states[a + BS_W] = states[a + BS_W] - iA * impulse * rnA;
  states[b + BS_VX] = states[b + BS_VX] + mB * impulse * nx;
  states[b + BS_VY] = states[b + BS_VY] + mB * impulse * ny;
  states[b + BS_W] = states[b + BS_W] + iB * impulse * rnB;
}

/** Target normal velocities of the two points for solveNormalBlock (an array: docs/design/v8-hot-code.md, rule 1). */
const blockTargets = new Float64Array(2);

function restituteBlock(cc: Float32Array, o: number, states: Float64Array): void {
  const q0 = o + CC_HEADER;
  const e = cc[o + CC_RESTITUTION];
  blockTargets[0] = -e * cc[q0 + CCP_RELATIVE_VELOCITY];
  blockTargets[1] = -e * cc[q0 + CCP_STRIDE + CCP_RELATIVE_VELOCITY];
  if (!solveNormalBlock(cc, o, states, blockTargets)) {
    restitutePoint(cc, o, q0, states);
    restitutePoint(cc, o, q0 + CCP_STRIDE, states);
  }
}

/**
 * Both normal rows of a two-point manifold at once: find accumulated impulses x ≥ 0 with vn'(x) = vn + K (x − x_old)
 * reaching targets[0..1], where K is the 2×2 effective-mass matrix of the two rows; a point that would need a
 * pulling impulse is let go (x = 0, vn' above its target). This is the mixed LCP of Box2D 2.4's block solver,
 * solved by enumerating which points stay active. Returns false (and changes nothing) when K is near singular,
 * i.e. the two points (nearly) coincide; the caller then solves the rows one after the other.
 */
export function solveNormalBlock(cc: Float32Array, o: number, states: Float64Array, targets: Float64Array): boolean {
  const q0 = o + CC_HEADER;
  const q1 = q0 + CCP_STRIDE;
  const a = (cc[o + CC_INDEX_A] | 0) * BS_STRIDE;
  const b = (cc[o + CC_INDEX_B] | 0) * BS_STRIDE;
  const mA = states[a + BS_INV_MASS];
  const iA = states[a + BS_INV_I];
  const mB = states[b + BS_INV_MASS];
  const iB = states[b + BS_INV_I];
  const rnA0 = cc[q0 + CCP_RN_A];
  const rnB0 = cc[q0 + CCP_RN_B];
  const rnA1 = cc[q1 + CCP_RN_A];
  const rnB1 = cc[q1 + CCP_RN_B];
  const k11 = mA + mB + iA * rnA0 * rnA0 + iB * rnB0 * rnB0;
  const k22 = mA + mB + iA * rnA1 * rnA1 + iB * rnB1 * rnB1;
  const k12 = mA + mB + iA * rnA0 * rnA1 + iB * rnB0 * rnB1;
  const det = k11 * k22 - k12 * k12;
  if (!(k11 * k11 < 1000 * det)) return false;
  const nx = cc[o + CC_NORMAL_X];
  const ny = cc[o + CC_NORMAL_Y];
  const dvx = states[b + BS_VX] - states[a + BS_VX];
  const dvy = states[b + BS_VY] - states[a + BS_VY];
  const wA = states[a + BS_W];
  const wB = states[b + BS_W];
  const vn0 = dvx * nx + dvy * ny + wB * rnB0 - wA * rnA0;
  const vn1 = dvx * nx + dvy * ny + wB * rnB1 - wA * rnA1;
  const x0 = cc[q0 + CCP_NORMAL_IMPULSE];
  const x1 = cc[q1 + CCP_NORMAL_IMPULSE];
  // vn'(x) − target = K x + r, with r = vn − target − K x_old.
  const r0 = vn0 - targets[0] - (k11 * x0 + k12 * x1);
  const r1 = vn1 - targets[1] - (k12 * x0 + k22 * x1);
  // Both points active: K x = −r.
  let n0 = (-k22 * r0 + k12 * r1) / det;
  let n1 = (k12 * r0 - k11 * r1) / det;
  if (!(n0 >= 0 && n1 >= 0)) {
    // Only point 0 active.
    n0 = -r0 / k11;
    n1 = 0;
    if (!(n0 >= 0 && k12 * n0 + r1 >= 0)) {
      // Only point 1 active.
      n0 = 0;
      n1 = -r1 / k22;
      if (!(n1 >= 0 && k12 * n1 + r0 >= 0)) {
        // Neither: both already separate faster than their targets.
        n0 = 0;
        n1 = 0;
      }
    }
  }
  const d0 = n0 - x0;
  const d1 = n1 - x1;
  cc[q0 + CCP_NORMAL_IMPULSE] = n0;
  cc[q1 + CCP_NORMAL_IMPULSE] = n1;
  if (d0 > cc[q0 + CCP_MAX_NORMAL_IMPULSE]) cc[q0 + CCP_MAX_NORMAL_IMPULSE] = d0;
  if (d1 > cc[q1 + CCP_MAX_NORMAL_IMPULSE]) cc[q1 + CCP_MAX_NORMAL_IMPULSE] = d1;
  const d = d0 + d1;
  states[a + BS_VX] = states[a + BS_VX] - mA * d * nx;
  states[a + BS_VY] = states[a + BS_VY] - mA * d * ny;
  states[a + BS_W] = wA - iA * (d0 * rnA0 + d1 * rnA1);
  states[b + BS_VX] = states[b + BS_VX] + mB * d * nx;
  states[b + BS_VY] = states[b + BS_VY] + mB * d * ny;
  states[b + BS_W] = wB + iB * (d0 * rnB0 + d1 * rnB1);
  return true;
}
