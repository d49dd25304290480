import {
  BI_ANGULAR_DAMPING,
  BI_DVX,
  BI_DVY,
  BI_DW,
  BI_LINEAR_DAMPING,
  BI_STRIDE,
  BS_STRIDE,
  BS_DPX,
  BS_DPY,
  BS_DQC,
  BS_DQS,
  BS_VX,
  BS_VY,
  BS_W,
  MAX_ROTATION,
  SP_H,
  SP_MAX_LINEAR_SPEED,
} from '@impulse2d/core/internal';

/**
 * Velocity update of one substep: v ← Δv + v·damping (Δv from gravity and forces, precomputed by prepareBodies),
 * then the safety clamps: linear speed to `maxLinearSpeed`, rotation per substep to MAX_ROTATION (a body spinning
 * faster than that cannot be represented by the small-angle rotation update and would tunnel through contacts).
 * Body states `first` to `bodyCount` (exclusive; record 0 is the static dummy): all of them, or a step worker's share.
 */
export function integrateVelocities(
  states: Float64Array,
  integ: Float64Array,
  bodyCount: number,
  params: Float64Array,
  first = 1,
): void {
  const h = params[SP_H];
  const maxLinearSpeed = params[SP_MAX_LINEAR_SPEED];
  const maxW = MAX_ROTATION / h;
  const maxW2 = maxW * maxW;
  const maxV2 = maxLinearSpeed * maxLinearSpeed;
  for (let i = first; i < bodyCount; i++) {
    const o = i * BS_STRIDE;
    const io = i * BI_STRIDE;
    const ld = integ[io + BI_LINEAR_DAMPING];
    let vx = integ[io + BI_DVX] + ld * states[o + BS_VX];
    let vy = integ[io + BI_DVY] + ld * states[o + BS_VY];
    let w = integ[io + BI_DW] + integ[io + BI_ANGULAR_DAMPING] * states[o + BS_W];
    const v2 = vx * vx + vy * vy;
    if (v2 > maxV2) {
      const scale = maxLinearSpeed / Math.sqrt(v2);
      vx *= scale;
      vy *= scale;
    }
    if (w * w > maxW2) w = w > 0 ? maxW : -maxW;
    states[o + BS_VX] = vx;
    states[o + BS_VY] = vy;
    states[o + BS_W] = w;
  }
}

/**
 * Position update of one substep, accumulated as deltas since the step began (Δp, Δq): the contact solver measures
 * current separation from these deltas, which stays precise far from the origin. Rotation uses the normalised
 * first-order update q ← normalize(q + h·ω·q⊥).
 * The velocities are clamped again here, as in integrateVelocities: the solve between the two can leave them far
 * above the limits when constraints to immovable bodies conflict (the API fuzzer's worst case: a body held by one
 * joint to a static body and by another to a kinematic body driving away). Unclamped, the body rotated tens of
 * radians in one substep, the joints' linearisation broke down and the velocities grew tenfold per step until they
 * were non-finite; clamped, the conflict stays a bounded tug of war.
 */
export function integratePositions(states: Float64Array, bodyCount: number, params: Float64Array, first = 1): void {
  const h = params[SP_H];
  const maxLinearSpeed = params[SP_MAX_LINEAR_SPEED];
  const maxW = MAX_ROTATION / h;
  for (let i = first; i < bodyCount; i++) {
    const o = i * BS_STRIDE;
    clampBodyVelocity(states, o, maxLinearSpeed, maxW);
    const w = states[o + BS_W];
    const c = states[o + BS_DQC];
    const s = states[o + BS_DQS];
    const hw = h * w;
    const qc = c - hw * s;
    const qs = s + hw * c;
    const mag = Math.sqrt(qc * qc + qs * qs);
    const inv = mag > 0 ? 1 / mag : 0;
    states[o + BS_DQC] = qc * inv;
    states[o + BS_DQS] = qs * inv;
    states[o + BS_DPX] = states[o + BS_DPX] + h * states[o + BS_VX];
    states[o + BS_DPY] = states[o + BS_DPY] + h * states[o + BS_VY];
  }
}

/**
 * The velocity clamps alone, after the joints' and the contacts' warm starts (solve.ts). A warm start re-applies the
 * impulses accumulated in the previous substep; when those were computed against velocities that the clamps then cut
 * (joints that cannot all hold, pulling a light body), re-applying them in full re-creates the velocity the clamp
 * removed, and the solve that follows answers with still larger impulses. The API fuzzer measured that loop at ×100
 * per substep, from bounded impulses to 10¹² m/s within one step (a 2 g body on a prismatic dragged 50 m past its
 * limit, whose lever arm turns each impulse into 10⁸ rad/s). The contacts' warm start feeds the same loop: a light
 * body welded to another and pressed against the ground by it left each relax pass spinning ten times faster than the
 * last (10⁶ to 10¹⁰ rad/s within one step, then quarantined: 11 of 1,500 fuzz worlds of 200 steps, seed 20261126)
 * while this clamp sat between the two warm starts. After both, the solve starts from velocities the world can
 * represent. A body within the limits is untouched.
 */
export function clampVelocities(states: Float64Array, bodyCount: number, params: Float64Array, first = 1): void {
  const h = params[SP_H];
  const maxLinearSpeed = params[SP_MAX_LINEAR_SPEED];
  const maxW = MAX_ROTATION / h;
  for (let i = first; i < bodyCount; i++) {
    clampBodyVelocity(states, i * BS_STRIDE, maxLinearSpeed, maxW);
  }
}

/**
 * The clamps of one body's state record (offset o): spin to ±maxW, speed to maxLinearSpeed (direction kept). Shared
 * by integratePositions, clampVelocities and the finalize stage's write-back; small enough that V8 inlines it into
 * their loops, so the doubles passed in are not boxed (the allocation test would catch it).
 */
export function clampBodyVelocity(states: Float64Array, o: number, maxLinearSpeed: number, maxW: number): void {
  const w = states[o + BS_W];
  if (w * w > maxW * maxW) states[o + BS_W] = w > 0 ? maxW : -maxW;
  const vx = states[o + BS_VX];
  const vy = states[o + BS_VY];
  const v2 = vx * vx + vy * vy;
  if (v2 > maxLinearSpeed * maxLinearSpeed) {
    const scale = maxLinearSpeed / Math.sqrt(v2);
    states[o + BS_VX] = vx * scale;
    states[o + BS_VY] = vy * scale;
  }
}
