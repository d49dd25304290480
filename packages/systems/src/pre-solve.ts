import {
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
  CC_FRICTION,
  CC_HEADER,
  CC_INDEX_A,
  CC_INDEX_B,
  CC_RESTITUTION,
  CC_ROLLING_MASS,
  CC_ROLLING_RESISTANCE,
  CC_TANGENT_SPEED,
  CONTACT_POINTS_STRIDE,
  CP_ANCHOR_AX,
  CP_ANCHOR_AY,
  CP_NORMAL_IMPULSE,
  CP_SEPARATION,
  CP_STRIDE,
  CP_TANGENT_IMPULSE,
  ContactView,
  MP_ANCHOR_AX,
  MP_ANCHOR_AY,
  MP_SEPARATION,
  MP_STRIDE,
  M_COUNT,
  M_HEADER,
  M_NORMAL_X,
  M_NORMAL_Y,
  contactRecord,
  shapeHandle,
  type PhysicsState,
} from '@impulse2d/core/internal';

/**
 * The pre-solve callback (core's setPreSolve, which documents the contract): stage 4c, on the stepping thread, after
 * the constraint records are built and before the substeps.
 *
 * A vetoed contact keeps its record, made inert: both body indices point at the static record 0 and every mass,
 * impulse, material and approach speed is zero, so each pass computes a zero impulse for it and applies it to nothing,
 * and its separation is made huge so that classic mode's position pass skips it. That way a veto changes nothing the
 * colouring reads (the constraints keep their colours and records, no recolouring for a callback that vetoes a few
 * contacts every step) and nothing that outlives the step, except that the record's zero impulses are stored back
 * for the next warm start: a vetoed contact starts its next step cold, as in Box2D v3, where it loses its points.
 */

/** The objects handed to the callback, refilled for each call. */
const view = new ContactView();
const normal = { x: 0, y: 0 };

/** A separation the solver reads as "far apart": finite in float32 and times any substep rate. */
const FAR = 1e9;

/** Calls the world's pre-solve callback, if any, for every contact with a constraint record this step, in row order. */
export function preSolveContacts(p: PhysicsState): void {
  const fn = p.preSolve;
  if (fn === null) return;
  const c = p.contacts;
  const sd = p.solverData;
  const slot = sd.constraintSlot;
  const constrained = sd.constrainedRows;
  const records = sd.contactCount;
  for (let k = 0; k < records; k++) {
    const id = constrained[k];
    const record = slot[id];
    fillFromContact(p, id);
    if (fn(shapeHandle(p.shapes, c.shapeA[id]), shapeHandle(p.shapes, c.shapeB[id]), normal, view) === false) {
      disableRecord(sd.contacts, contactRecord(record));
    }
  }
}

/**
 * Asks the callback about an impact continuous collision found between `shapeA` and `shapeB` (in contact order):
 * `poseA` starts with body A's origin at the impact, `m` is the manifold there (anchors relative to that origin).
 * True unless the callback returns false.
 */
export function preSolveImpact(
  p: PhysicsState,
  shapeA: number,
  shapeB: number,
  poseA: Float64Array,
  m: Float64Array,
): boolean {
  const fn = p.preSolve;
  if (fn === null) return true;
  const s = p.shapes;
  const handles = p.bodies.handle;
  view.bodyA = handles[s.body[shapeA]];
  view.bodyB = handles[s.body[shapeB]];
  const count = m[M_COUNT];
  normal.x = view.normalX = count > 0 ? m[M_NORMAL_X] : 0;
  normal.y = view.normalY = count > 0 ? m[M_NORMAL_Y] : 0;
  view.pointCount = count;
  for (let j = 0; j < 2; j++) {
    const q = M_HEADER + j * MP_STRIDE;
    const here = j < count;
    view.pointX[j] = here ? poseA[0] + m[q + MP_ANCHOR_AX] : 0;
    view.pointY[j] = here ? poseA[1] + m[q + MP_ANCHOR_AY] : 0;
    view.separation[j] = here ? m[q + MP_SEPARATION] : 0;
    view.normalImpulse[j] = 0;
    view.tangentImpulse[j] = 0;
  }
  return fn(shapeHandle(s, shapeA), shapeHandle(s, shapeB), normal, view) !== false;
}

/** The view and normal from contact row `id`: points at body A's origin (unmoved since the narrowphase) plus anchors. */
function fillFromContact(p: PhysicsState, id: number): void {
  const c = p.contacts;
  const handles = p.bodies.handle;
  const t = p.bodies.transform;
  const bodyA = c.bodyA[id];
  view.bodyA = handles[bodyA];
  view.bodyB = handles[c.bodyB[id]];
  normal.x = view.normalX = c.normalX[id];
  normal.y = view.normalY = c.normalY[id];
  const count = c.pointCount[id];
  view.pointCount = count;
  const points = c.points;
  for (let j = 0; j < 2; j++) {
    const src = id * CONTACT_POINTS_STRIDE + j * CP_STRIDE;
    const here = j < count;
    view.pointX[j] = here ? t.x[bodyA] + points[src + CP_ANCHOR_AX] : 0;
    view.pointY[j] = here ? t.y[bodyA] + points[src + CP_ANCHOR_AY] : 0;
    view.separation[j] = here ? points[src + CP_SEPARATION] : 0;
    view.normalImpulse[j] = here ? points[src + CP_NORMAL_IMPULSE] : 0;
    view.tangentImpulse[j] = here ? points[src + CP_TANGENT_IMPULSE] : 0;
  }
}

/** Makes constraint record `o` inert (see the file comment). */
function disableRecord(cc: Float32Array, o: number): void {
  cc[o + CC_INDEX_A] = 0;
  cc[o + CC_INDEX_B] = 0;
  cc[o + CC_FRICTION] = 0;
  cc[o + CC_RESTITUTION] = 0;
  cc[o + CC_TANGENT_SPEED] = 0;
  cc[o + CC_ROLLING_RESISTANCE] = 0;
  cc[o + CC_ROLLING_MASS] = 0;
  for (let j = 0; j < 2; j++) {
    const q = o + CC_HEADER + j * CCP_STRIDE;
    cc[q + CCP_RN_A] = 0;
    cc[q + CCP_RN_B] = 0;
    cc[q + CCP_DN_A] = 0;
    cc[q + CCP_DN_B] = 0;
    cc[q + CCP_ADJUSTED_SEPARATION] = FAR;
    cc[q + CCP_NORMAL_MASS] = 0;
    cc[q + CCP_TANGENT_MASS] = 0;
    cc[q + CCP_NORMAL_IMPULSE] = 0;
    cc[q + CCP_TANGENT_IMPULSE] = 0;
    cc[q + CCP_MAX_NORMAL_IMPULSE] = 0;
    cc[q + CCP_RELATIVE_VELOCITY] = 0;
  }
}
