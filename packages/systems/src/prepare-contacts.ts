import {
  SP_HIT_THRESHOLD,
  SP_RESTITUTION_THRESHOLD,
  BS_STRIDE,
  BS_VX,
  BS_VY,
  BS_W,
  CC_BIAS_RATE,
  CC_CONTACT,
  CC_FRICTION,
  CC_HEADER,
  CC_IMPULSE_SCALE,
  CC_INDEX_A,
  CC_INDEX_B,
  CC_INV_I_A,
  CC_INV_I_B,
  CC_INV_MASS_A,
  CC_INV_MASS_B,
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
  CCP_MAX_NORMAL_IMPULSE,
  CCP_NORMAL_IMPULSE,
  CCP_NORMAL_MASS,
  CCP_DN_A,
  CCP_DN_B,
  CCP_RN_A,
  CCP_RN_B,
  CCP_RELATIVE_VELOCITY,
  CCP_STRIDE,
  CCP_TANGENT_IMPULSE,
  CCP_TANGENT_MASS,
  CC_STRIDE,
  CONTACT_POINTS_STRIDE,
  CP_ANCHOR_AX,
  CP_ANCHOR_AY,
  CP_ANCHOR_BX,
  CP_ANCHOR_BY,
  CP_NORMAL_IMPULSE,
  CP_SEPARATION,
  CP_TANGENT_IMPULSE,
  LINEAR_SLOP,
  CP_STRIDE,
  SP_H,
  SP_MAX_LINEAR_SPEED,
  type PhysicsState,
} from '@impulse2d/core/internal';
import { colourContacts } from './colour-contacts.js';
import { softBiasRate, softImpulseScale, softMassScale } from './softness.js';

/**
 * Stage 4b — builds one constraint record per touching contact with at least one awake movable body: anchors
 * relative to the centres of mass (fixed for the whole step, as in Box2D v3), effective masses along the normal and
 * tangent, the softness of the pair (twice as stiff against static bodies), the pre-solve normal velocity for
 * restitution, and last step's impulses for warm starting.
 */
export function prepareContacts(p: PhysicsState): void {
  const n = buildContactConstraints(p);
  const sd = p.solverData;
  sd.contactCount = n;
  p.profile.constraintCount = n;
  sd.mayBounce = found[FOUND_RESTITUTION]! & found[FOUND_BOUNCE_SPEED]!;
  sd.mayHit = found[FOUND_HIT_SPEED]!;
}

/**
 * What buildContactConstraints found for the restitution pass and the hit events, as 0/1: a contact with restitution
 * > 0, a point approaching faster than the restitution threshold, one approaching faster than the hit threshold.
 * Set by the loop itself: with any code after the loop, V8 deoptimised buildContactConstraints there on every step
 * (the loop's cached on-stack-replacement code had no type feedback past the loop), 299 times in 300 large_pyramid
 * steps. Integers, so that the caller, which runs once a step and is optimised only after a few thousand steps, boxes
 * no double meanwhile.
 */
const found = new Int32Array(3);
const FOUND_RESTITUTION = 0;
const FOUND_BOUNCE_SPEED = 1;
const FOUND_HIT_SPEED = 2;

/** This step's softness of contact rows against movable and against static bodies (see writeContactSoftness). */
const softness = new Float64Array(6);
const SOFT_RATE = 0;
const SOFT_MASS = 1;
const SOFT_IMPULSE = 2;
const STATIC_RATE = 3;
const STATIC_MASS = 4;
const STATIC_IMPULSE = 5;

/**
 * Fills `softness` for this step. A function of its own that takes no double and returns none: buildContactConstraints
 * is optimised within its first steps, before V8 has feedback for softness.ts's small functions, so it could not
 * inline them, and every double passed to or returned from them was boxed, every step (112 bytes a step on the
 * allocation test's pyramid). This one is optimised itself after some hundred steps, with softness.ts inlined.
 */
function writeContactSoftness(p: PhysicsState): void {
  const h = p.solverData.params[SP_H]!;
  const classic = p.solver === 'classic';
  // Contact stiffness is capped at a quarter of the substep rate: stiffer springs are not resolved by the substeps.
  const hertz = Math.min(p.contactHertz, 0.25 / h);
  const zeta = p.contactDampingRatio;
  // Classic mode (the seeds' Baumgarte form) runs through the same solver routine with rigid rows (mass scale 1,
  // no impulse feedback) and bias rate β/Δt. Shifting the separation by the slop makes the solver target a steady
  // overlap of LINEAR_SLOP: overlap beyond it is pushed out at β per step, a smaller one may close (speculatively).
  const softRate = classic ? p.classicBaumgarte / h : softBiasRate(hertz, zeta, h);
  softness[SOFT_RATE] = softRate;
  softness[SOFT_MASS] = classic ? 1 : softMassScale(hertz, zeta, h);
  softness[SOFT_IMPULSE] = classic ? 0 : softImpulseScale(hertz, zeta, h);
  softness[STATIC_RATE] = classic ? softRate : softBiasRate(2 * hertz, zeta, h);
  softness[STATIC_MASS] = classic ? 1 : softMassScale(2 * hertz, zeta, h);
  softness[STATIC_IMPULSE] = classic ? 0 : softImpulseScale(2 * hertz, zeta, h);
}

/**
 * The loop of prepareContacts; returns the number of constraint records written.
 * (Split from its caller so that the caller, which has no loop, is optimised normally: in V8 the code after a long
 * loop compiled on-stack-replacement has no type feedback for the stores that follow it, and deoptimised on every
 * step — measured on large_pyramid: prepareContacts and updateContacts bailed out once per step.)
 */
function buildContactConstraints(p: PhysicsState): number {
  const classic = p.solver === 'classic';
  const c = p.contacts;
  const b = p.bodies;
  const sd = p.solverData;
  colourContacts(p);
  sd.reserveContacts(c.count);
  const cc = sd.contacts;
  const indexOf = sd.indexOf;
  const states = sd.states;
  const points = c.points;
  const t = b.transform;
  writeContactSoftness(p);
  const softRate = softness[SOFT_RATE]!;
  const softMass = softness[SOFT_MASS]!;
  const softImpulse = softness[SOFT_IMPULSE]!;
  const staticRate = softness[STATIC_RATE]!;
  const staticMass = softness[STATIC_MASS]!;
  const staticImpulse = softness[STATIC_IMPULSE]!;
  const separationShift = classic ? LINEAR_SLOP : 0;
  const warm = p.enableWarmStarting ? 1 : 0;
  // Warm-start bound (see boundWarmStart in joints/prepare-joints.ts): an impulse that alone would change the
  // relative velocity of the two centres by more than twice the speed limit is what a conflict left behind (a contact
  // squeezed between a joint to a kinematic body and the ground), not a load; it is clamped before it is reused.
  const maxLinearSpeed2 = 2 * sd.params[SP_MAX_LINEAR_SPEED]!;
  const list = c.list;
  let n = 0;
  const bounceBelow = -sd.params[SP_RESTITUTION_THRESHOLD]!;
  const hitBelow = -sd.params[SP_HIT_THRESHOLD]!;
  // As "the most negative vn, 0 if none, is below −threshold": a negative threshold is met by no approach at all.
  found[FOUND_RESTITUTION] = 0;
  found[FOUND_BOUNCE_SPEED] = 0 < bounceBelow ? 1 : 0;
  found[FOUND_HIT_SPEED] = 0 < hitBelow ? 1 : 0;
  const slot = sd.constraintSlot;
  for (let k = 0; k < c.count; k++) {
    const record = slot[k]!;
    if (record < 0) continue;
    const id = list[k]!;
    const bodyA = c.bodyA[id]!;
    const bodyB = c.bodyB[id]!;
    const ia = indexOf[bodyA]!;
    const ib = indexOf[bodyB]!;
    const o = record * CC_STRIDE;
    const mA = ia === 0 ? 0 : b.invMass[bodyA]!;
    const iA = ia === 0 ? 0 : b.invInertia[bodyA]!;
    const mB = ib === 0 ? 0 : b.invMass[bodyB]!;
    const iB = ib === 0 ? 0 : b.invInertia[bodyB]!;
    const nx = c.normalX[id]!;
    const ny = c.normalY[id]!;
    // Tangent = normal rotated clockwise (right perpendicular), as Box2D.
    const tx = ny;
    const ty = -nx;
    const isStatic = ia === 0 || ib === 0;
    cc[o + CC_INDEX_A] = ia;
    cc[o + CC_INDEX_B] = ib;
    cc[o + CC_INV_MASS_A] = mA;
    cc[o + CC_INV_I_A] = iA;
    cc[o + CC_INV_MASS_B] = mB;
    cc[o + CC_INV_I_B] = iB;
    cc[o + CC_NORMAL_X] = nx;
    cc[o + CC_NORMAL_Y] = ny;
    cc[o + CC_FRICTION] = c.friction[id]!;
    const restitution = c.restitution[id]!;
    cc[o + CC_RESTITUTION] = restitution;
    if (restitution > 0) found[FOUND_RESTITUTION] = 1;
    cc[o + CC_BIAS_RATE] = isStatic ? staticRate : softRate;
    cc[o + CC_MASS_SCALE] = isStatic ? staticMass : softMass;
    cc[o + CC_IMPULSE_SCALE] = isStatic ? staticImpulse : softImpulse;
    const count = c.pointCount[id]!;
    cc[o + CC_POINT_COUNT] = count;
    cc[o + CC_TANGENT_SPEED] = c.tangentSpeed[id]!;
    const rollingResistance = c.rollingResistance[id]!;
    cc[o + CC_ROLLING_RESISTANCE] = rollingResistance;
    // Only read when there is rolling resistance: skip the division otherwise.
    const kRoll = rollingResistance > 0 ? iA + iB : 0;
    cc[o + CC_ROLLING_MASS] = kRoll > 0 ? 1 / kRoll : 0;
    cc[o + CC_ROLLING_IMPULSE] = 0;
    cc[o + CC_CONTACT] = id;
    // Local centres rotated into the world: anchors come relative to body origins, the solver wants them relative
    // to the centres of mass.
    const cA = t.c[bodyA]!;
    const sA = t.s[bodyA]!;
    const cB = t.c[bodyB]!;
    const sB = t.s[bodyB]!;
    const lcAx = cA * b.localCenterX[bodyA]! - sA * b.localCenterY[bodyA]!;
    const lcAy = sA * b.localCenterX[bodyA]! + cA * b.localCenterY[bodyA]!;
    const lcBx = cB * b.localCenterX[bodyB]! - sB * b.localCenterY[bodyB]!;
    const lcBy = sB * b.localCenterX[bodyB]! + cB * b.localCenterY[bodyB]!;
    const so = ia * BS_STRIDE;
    const sob = ib * BS_STRIDE;
    const vAx = states[so + BS_VX]!;
    const vAy = states[so + BS_VY]!;
    const wA = states[so + BS_W]!;
    const vBx = states[sob + BS_VX]!;
    const vBy = states[sob + BS_VY]!;
    const wB = states[sob + BS_W]!;
    const base = id * CONTACT_POINTS_STRIDE;
    const kLinear = mA + mB;
    for (let j = 0; j < 2; j++) {
      const q = o + CC_HEADER + j * CCP_STRIDE;
      if (j >= count) {
        cc[q + CCP_NORMAL_IMPULSE] = 0;
        cc[q + CCP_TANGENT_IMPULSE] = 0;
        continue;
      }
      const src = base + j * CP_STRIDE;
      const rAx = points[src + CP_ANCHOR_AX]! - lcAx;
      const rAy = points[src + CP_ANCHOR_AY]! - lcAy;
      const rBx = points[src + CP_ANCHOR_BX]! - lcBx;
      const rBy = points[src + CP_ANCHOR_BY]! - lcBy;
      cc[q + CCP_RN_A] = rAx * ny - rAy * nx;
      cc[q + CCP_RN_B] = rBx * ny - rBy * nx;
      cc[q + CCP_DN_A] = rAx * nx + rAy * ny;
      cc[q + CCP_DN_B] = rBx * nx + rBy * ny;
      cc[q + CCP_ADJUSTED_SEPARATION] =
        points[src + CP_SEPARATION]! + separationShift - ((rBx - rAx) * nx + (rBy - rAy) * ny);
      const rnA = rAx * ny - rAy * nx;
      const rnB = rBx * ny - rBy * nx;
      const kNormal = mA + mB + iA * rnA * rnA + iB * rnB * rnB;
      cc[q + CCP_NORMAL_MASS] = kNormal > 0 ? 1 / kNormal : 0;
      const rtA = rAx * ty - rAy * tx;
      const rtB = rBx * ty - rBy * tx;
      const kTangent = mA + mB + iA * rtA * rtA + iB * rtB * rtB;
      cc[q + CCP_TANGENT_MASS] = kTangent > 0 ? 1 / kTangent : 0;
      let normalImpulse = warm * points[src + CP_NORMAL_IMPULSE]!;
      let tangentImpulse = warm * points[src + CP_TANGENT_IMPULSE]!;
      if (normalImpulse * kLinear > maxLinearSpeed2) normalImpulse = maxLinearSpeed2 / kLinear;
      if (tangentImpulse * kLinear > maxLinearSpeed2) tangentImpulse = maxLinearSpeed2 / kLinear;
      else if (-tangentImpulse * kLinear > maxLinearSpeed2) tangentImpulse = -maxLinearSpeed2 / kLinear;
      cc[q + CCP_NORMAL_IMPULSE] = normalImpulse;
      cc[q + CCP_TANGENT_IMPULSE] = tangentImpulse;
      cc[q + CCP_MAX_NORMAL_IMPULSE] = 0;
      // Normal velocity before solving, for the restitution pass.
      const dvx = vBx - wB * rBy - (vAx - wA * rAy);
      const dvy = vBy + wB * rBx - (vAy + wA * rAx);
      const vn = dvx * nx + dvy * ny;
      cc[q + CCP_RELATIVE_VELOCITY] = vn;
      if (vn < bounceBelow) found[FOUND_BOUNCE_SPEED] = 1;
      if (vn < hitBelow) found[FOUND_HIT_SPEED] = 1;
    }
    n++;
  }
  return n;
}
