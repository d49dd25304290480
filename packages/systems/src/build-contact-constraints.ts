import {
  BS_STRIDE,
  BS_VX,
  BS_VY,
  BS_W,
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
  CC_BIAS_RATE,
  CC_CONTACT,
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
  contactRecord,
  CC_TANGENT_SPEED,
  CENTRE_LCX,
  CENTRE_LCY,
  CENTRE_ORIGIN_X,
  CENTRE_ORIGIN_Y,
  CENTRE_INV_MASS,
  CENTRE_INV_I,
  CENTRE_STRIDE,
  CONTACT_POINTS_STRIDE,
  CP_ANCHOR_AX,
  CP_ANCHOR_AY,
  CP_NORMAL_IMPULSE,
  CP_SEPARATION,
  CP_STRIDE,
  CP_TANGENT_IMPULSE,
  SP_HIT_THRESHOLD,
  SP_MAX_LINEAR_SPEED,
  SP_RESTITUTION_THRESHOLD,
  SP_SEPARATION_SHIFT,
  SP_SOFT_IMPULSE,
  SP_SOFT_MASS,
  SP_SOFT_RATE,
  SP_STATIC_IMPULSE,
  SP_STATIC_MASS,
  SP_STATIC_RATE,
  SP_WARM_START,
  ContactFlag,
} from '@impulse2d/core/internal';

/** What the constraint builder reads and writes: the world's state, or a step worker's view of its columns. */
export interface PrepareState {
  readonly contacts: {
    readonly flags: Uint8Array;
    readonly bodyA: Int32Array;
    readonly bodyB: Int32Array;
    readonly normalX: Float64Array;
    readonly normalY: Float64Array;
    readonly friction: Float64Array;
    readonly restitution: Float64Array;
    readonly pointCount: Uint8Array | Int32Array;
    readonly tangentSpeed: Float64Array;
    readonly rollingResistance: Float64Array;
    readonly points: Float64Array;
  };
  readonly bodies: {
    readonly localCenterX: Float64Array;
    readonly localCenterY: Float64Array;
    readonly transform: {
      readonly x: Float64Array;
      readonly y: Float64Array;
      readonly c: Float64Array;
      readonly s: Float64Array;
    };
  };
  readonly solverData: {
    readonly contacts: Float32Array;
    readonly states: Float64Array;
    readonly centres: Float64Array;
    readonly indexOf: Int32Array;
    readonly constraintSlot: Int32Array;
    readonly constrainedRows: Int32Array;
    readonly params: Float64Array;
  };
}

/** Offsets of what a chunk found (buildContactConstraints), three flags per chunk. */
export const FOUND_RESTITUTION = 0;
export const FOUND_BOUNCE_SPEED = 1;
export const FOUND_HIT_SPEED = 2;
export const FOUND_STRIDE = 3;

/**
 * Builds the constraint records of the rows the colouring listed, solverData.constrainedRows[first] to [end − 1], each
 * at the record slot the colouring gave its row (solverData.constraintSlot): the whole list on one thread, a chunk of
 * it on a step worker. What the rows found for the restitution pass and the hit events goes to found[at + FOUND_*]
 * (0 or 1). The list is in id order, not the contact list's order: the contact columns are then read front to back
 * (swap-removal shuffles the list; each record depends only on its own row, so the order changes no bit).
 *
 * The loop ends the function: with any code after the loop, V8 deoptimised the function there on every step (the
 * loop's cached on-stack-replacement code had no type feedback past the loop), 299 times in 300 large_pyramid
 * steps. The flags are integers, so that the caller, which runs once a step and is optimised only after a few
 * thousand steps, boxes no double meanwhile.
 */
export function buildContactConstraints(
  v: PrepareState,
  first: number,
  end: number,
  found: Int32Array,
  at: number,
): void {
  // No rows (a world of joints only): nothing found, and no record for the passes the flags would start. Returned
  // before the per-step doubles below are read (docs/design/v8-hot-code.md, rule 4: 224 B a step on joint_grid before,
  // traced here by a sampling heap profile that keeps collected objects).
  if (first >= end) {
    found[at + FOUND_RESTITUTION] = 0;
    found[at + FOUND_BOUNCE_SPEED] = 0;
    found[at + FOUND_HIT_SPEED] = 0;
    return;
  }
  const c = v.contacts;
  const b = v.bodies;
  const sd = v.solverData;
  const params = sd.params;
  const cc = sd.contacts;
  const indexOf = sd.indexOf;
  const states = sd.states;
  const centres = sd.centres;
  const points = c.points;
  const t = b.transform;
  const softRate = params[SP_SOFT_RATE];
  const softMass = params[SP_SOFT_MASS];
  const softImpulse = params[SP_SOFT_IMPULSE];
  const staticRate = params[SP_STATIC_RATE];
  const staticMass = params[SP_STATIC_MASS];
  const staticImpulse = params[SP_STATIC_IMPULSE];
  const separationShift = params[SP_SEPARATION_SHIFT];
  const warm = params[SP_WARM_START];
  // Warm-start bound (see boundJointImpulses in joints/impulse-bound.ts): an impulse that alone would change the
  // relative velocity of the two centres by more than twice the speed limit is what a conflict left behind (a contact
  // squeezed between a joint to a kinematic body and the ground), not a load; it is clamped before it is reused.
  const maxLinearSpeed2 = 2 * params[SP_MAX_LINEAR_SPEED];
  const bounceBelow = -params[SP_RESTITUTION_THRESHOLD];
  const hitBelow = -params[SP_HIT_THRESHOLD];
  // As "the most negative vn, 0 if none, is below −threshold": a negative threshold is met by no approach at all.
  found[at + FOUND_RESTITUTION] = 0;
  found[at + FOUND_BOUNCE_SPEED] = 0 < bounceBelow ? 1 : 0;
  found[at + FOUND_HIT_SPEED] = 0 < hitBelow ? 1 : 0;
  const slot = sd.constraintSlot;
  const constrained = sd.constrainedRows;
  const flags = c.flags;
  for (let k = first; k < end; k++) {
    const id = constrained[k];
    const rowFlags = flags[id];
    const record = slot[id];
    const bodyA = c.bodyA[id];
    const bodyB = c.bodyB[id];
    const ia = indexOf[bodyA];
    const ib = indexOf[bodyB];
    const o = contactRecord(record);
    const so = ia * BS_STRIDE;
    const sob = ib * BS_STRIDE;
    const nx = c.normalX[id];
    const ny = c.normalY[id];
    const isStatic = ia === 0 || ib === 0;
    cc[o + CC_INDEX_A] = ia;
    cc[o + CC_INDEX_B] = ib;
    cc[o + CC_NORMAL_X] = nx;
    cc[o + CC_NORMAL_Y] = ny;
    cc[o + CC_FRICTION] = c.friction[id];
    const restitution = c.restitution[id];
    cc[o + CC_RESTITUTION] = restitution;
    if (restitution > 0) found[at + FOUND_RESTITUTION] = 1;
    cc[o + CC_BIAS_RATE] = isStatic ? staticRate : softRate;
    cc[o + CC_MASS_SCALE] = isStatic ? staticMass : softMass;
    cc[o + CC_IMPULSE_SCALE] = isStatic ? staticImpulse : softImpulse;
    const count = c.pointCount[id];
    cc[o + CC_POINT_COUNT] = count;
    cc[o + CC_TANGENT_SPEED] = c.tangentSpeed[id];
    const rollingResistance = c.rollingResistance[id];
    cc[o + CC_ROLLING_RESISTANCE] = rollingResistance;
    cc[o + CC_ROLLING_IMPULSE] = 0;
    cc[o + CC_CONTACT] = id;
    // Local centres rotated into the world, the origins and the inverse masses: anchors come relative to body
    // origins, the solver wants them relative to the centres of mass. Bodies in the solver have theirs from the gather
    // (solverData.centres, one record per body state, so one line of memory per body here); the others (index 0:
    // static, or asleep beside an awake body, which the solver does not move) are read and rotated here, by the same
    // formula, with inverse masses of 0.
    let lcAx = 0;
    let lcAy = 0;
    let oAx = 0;
    let oAy = 0;
    let mA = 0;
    let iA = 0;
    if (ia === 0) {
      const cA = t.c[bodyA];
      const sA = t.s[bodyA];
      lcAx = cA * b.localCenterX[bodyA] - sA * b.localCenterY[bodyA];
      lcAy = sA * b.localCenterX[bodyA] + cA * b.localCenterY[bodyA];
      oAx = t.x[bodyA];
      oAy = t.y[bodyA];
    } else {
      const co = ia * CENTRE_STRIDE;
      lcAx = centres[co + CENTRE_LCX];
      lcAy = centres[co + CENTRE_LCY];
      oAx = centres[co + CENTRE_ORIGIN_X];
      oAy = centres[co + CENTRE_ORIGIN_Y];
      mA = centres[co + CENTRE_INV_MASS];
      iA = centres[co + CENTRE_INV_I];
    }
    let lcBx = 0;
    let lcBy = 0;
    let oBx = 0;
    let oBy = 0;
    let mB = 0;
    let iB = 0;
    if (ib === 0) {
      const cB = t.c[bodyB];
      const sB = t.s[bodyB];
      lcBx = cB * b.localCenterX[bodyB] - sB * b.localCenterY[bodyB];
      lcBy = sB * b.localCenterX[bodyB] + cB * b.localCenterY[bodyB];
      oBx = t.x[bodyB];
      oBy = t.y[bodyB];
    } else {
      const co = ib * CENTRE_STRIDE;
      lcBx = centres[co + CENTRE_LCX];
      lcBy = centres[co + CENTRE_LCY];
      oBx = centres[co + CENTRE_ORIGIN_X];
      oBy = centres[co + CENTRE_ORIGIN_Y];
      mB = centres[co + CENTRE_INV_MASS];
      iB = centres[co + CENTRE_INV_I];
    }
    // Only read when there is rolling resistance: skip the division otherwise.
    const kRoll = rollingResistance > 0 ? iA + iB : 0;
    cc[o + CC_ROLLING_MASS] = kRoll > 0 ? 1 / kRoll : 0;
    const base = id * CONTACT_POINTS_STRIDE;
    const kLinear = mA + mB;
    // The anchor on B is anchorA + (origin A − origin B) (see CP_STRIDE). For a pair collided this step these are
    // the origins it was collided at (transforms move only in finalize), so this is the anchor the narrowphase
    // computed, to the bit; a pair left alone because both bodies slept, woken since, takes B's anchor at the pose
    // the bodies fell asleep in, its points staying where they are on A.
    const abx = oAx - oBx;
    const aby = oAy - oBy;
    // Hits are looked for only among the contacts of shapes that report them (ShapeDef.enableHitEvents).
    const hits = (rowFlags & ContactFlag.hitEvents) !== 0;
    const hitBelowHere = hits ? hitBelow : -Infinity;
    const approach = restitution > 0 || hits;
    for (let j = 0; j < 2; j++) {
      const q = o + CC_HEADER + j * CCP_STRIDE;
      if (j >= count) {
        cc[q + CCP_NORMAL_IMPULSE] = 0;
        cc[q + CCP_TANGENT_IMPULSE] = 0;
        continue;
      }
      const src = base + j * CP_STRIDE;
      const ax = points[src + CP_ANCHOR_AX];
      const ay = points[src + CP_ANCHOR_AY];
      const rAx = ax - lcAx;
      const rAy = ay - lcAy;
      const rBx = ax + abx - lcBx;
      const rBy = ay + aby - lcBy;
      const rnA = rAx * ny - rAy * nx;
      const rnB = rBx * ny - rBy * nx;
      const dnA = rAx * nx + rAy * ny;
      const dnB = rBx * nx + rBy * ny;
      cc[q + CCP_RN_A] = rnA;
      cc[q + CCP_RN_B] = rnB;
      cc[q + CCP_DN_A] = dnA;
      cc[q + CCP_DN_B] = dnB;
      cc[q + CCP_ADJUSTED_SEPARATION] =
        points[src + CP_SEPARATION] + separationShift - ((rBx - rAx) * nx + (rBy - rAy) * ny);
      const kNormal = mA + mB + iA * rnA * rnA + iB * rnB * rnB;
      cc[q + CCP_NORMAL_MASS] = kNormal > 0 ? 1 / kNormal : 0;
      // The tangent is the normal turned clockwise, (ny, −nx), as in Box2D; r × t is then −(r · n) exactly (negation
      // commutes with rounding), so its square is dn².
      const kTangent = mA + mB + iA * dnA * dnA + iB * dnB * dnB;
      cc[q + CCP_TANGENT_MASS] = kTangent > 0 ? 1 / kTangent : 0;
      let normalImpulse = warm * points[src + CP_NORMAL_IMPULSE];
      let tangentImpulse = warm * points[src + CP_TANGENT_IMPULSE];
      if (normalImpulse * kLinear > maxLinearSpeed2) normalImpulse = maxLinearSpeed2 / kLinear;
      if (tangentImpulse * kLinear > maxLinearSpeed2) tangentImpulse = maxLinearSpeed2 / kLinear;
      else if (-tangentImpulse * kLinear > maxLinearSpeed2) tangentImpulse = -maxLinearSpeed2 / kLinear;
      cc[q + CCP_NORMAL_IMPULSE] = normalImpulse;
      cc[q + CCP_TANGENT_IMPULSE] = tangentImpulse;
      cc[q + CCP_MAX_NORMAL_IMPULSE] = 0;
      // Normal velocity before solving, for the restitution pass and hit events: only they read it, and only for
      // contacts with restitution, or of shapes that report hits (9% of this function's time on large_pyramid).
      if (approach) {
        const dvx = states[sob + BS_VX] - states[sob + BS_W] * rBy - (states[so + BS_VX] - states[so + BS_W] * rAy);
        const dvy = states[sob + BS_VY] + states[sob + BS_W] * rBx - (states[so + BS_VY] + states[so + BS_W] * rAx);
        const vn = dvx * nx + dvy * ny;
        cc[q + CCP_RELATIVE_VELOCITY] = vn;
        if (vn < bounceBelow) found[at + FOUND_BOUNCE_SPEED] = 1;
        if (vn < hitBelowHere) found[at + FOUND_HIT_SPEED] = 1;
      }
    }
  }
}
