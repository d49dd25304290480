import { ContactFlag, GEOMETRY_STRIDE, type PhysicsState } from '@impulse2d/core/internal';

/**
 * One-way shapes (ShapeDef.oneWayNormal, setShapeOneWay): platforms that stop only what comes from the side their
 * normal points to.
 *
 * The rule is decided once per touch, when a contact begins to touch (reportTouchChanges, on the stepping thread, in
 * the narrowphase's deterministic order): if its normal, from a one-way shape to the other shape, does not point into
 * that shape's open side, the contact is flagged `passing` and counts as not touching. The narrowphase (on any thread)
 * keeps it so while the pair has manifold points and clears the flag once it has none, so the next touch is decided
 * afresh. Deciding per touch rather than per step is what lets a body jump up through a platform and land on it: half
 * way through, the manifold's normal may well point up (the least overlap is then through the top face), and a
 * per-step test would catch the body there and push it out through the top, or hold it inside. The flag lives in the
 * contact's flags, so snapshots and step workers carry it with nothing added.
 *
 * Box2D v3.1 has no one-way shapes: its platformer sample gets them from the pre-solve callback, per step, with a
 * depth tolerance for the snag above.
 */

/**
 * For contact `id`, which began to touch this step: whether a one-way shape of the pair lets the other pass. If so the
 * contact is flagged passing and no longer touching (the caller then reports nothing for it).
 */
export function beginsPassing(p: PhysicsState, id: number): boolean {
  const c = p.contacts;
  // The normal points from A to B: seen from B, the other shape lies along −normal.
  if (opensToward(p, c.shapeA[id], id, 1) && opensToward(p, c.shapeB[id], id, -1)) return false;
  c.flags[id] = (c.flags[id] & ~ContactFlag.touching) | ContactFlag.passing;
  p.profile.touchingCount--;
  return true;
}

/**
 * Whether shape `row` stops something in direction `sign` × (contact `id`'s normal) from it: always, unless it is
 * one-way and that is not its open side. The normal is read here rather than passed: V8 boxes doubles passed to a
 * call it does not inline (docs/design/v8-hot-code.md).
 */
function opensToward(p: PhysicsState, row: number, id: number, sign: number): boolean {
  const s = p.shapes;
  const ux = s.oneWayX[row];
  const uy = s.oneWayY[row];
  if (ux === 0 && uy === 0) return true;
  const t = p.bodies.transform;
  const body = s.body[row];
  const c = t.c[body];
  const sn = t.s[body];
  const nx = sign * p.contacts.normalX[id];
  const ny = sign * p.contacts.normalY[id];
  return (c * ux - sn * uy) * nx + (sn * ux + c * uy) * ny > 0;
}

/**
 * Continuous collision against a one-way shape `row`: whether a fast shape whose centroid moves from
 * (centroids[0], centroids[1]) to (centroids[2], centroids[3]) this step is let through without a sweep. It is when
 * its centroid starts below the shape's open face (the plane, normal to the one-way normal, that touches the shape on
 * its open side), so it comes from the closed side or from within, or when it does not move toward that face. A body
 * falling onto a platform from above is swept as against any shape. False for a shape solid from every side.
 */
export function oneWayLetsPass(p: PhysicsState, row: number, centroids: Float64Array): boolean {
  const s = p.shapes;
  const ux = s.oneWayX[row];
  const uy = s.oneWayY[row];
  if (ux === 0 && uy === 0) return false;
  const g = s.geometry;
  const base = g.slot[row] * GEOMETRY_STRIDE;
  let top = -1e300;
  for (let i = 0; i < g.count[row]; i++) {
    const d = ux * g.verts[base + 2 * i] + uy * g.verts[base + 2 * i + 1];
    if (d > top) top = d;
  }
  top += g.radius[row];
  const t = p.bodies.transform;
  const body = s.body[row];
  const c = t.c[body];
  const sn = t.s[body];
  const wx = c * ux - sn * uy;
  const wy = sn * ux + c * uy;
  // Heights above the open face: u·x − (u·origin + top in body space).
  const face = wx * t.x[body] + wy * t.y[body] + top;
  const h1 = wx * centroids[0] + wy * centroids[1] - face;
  const h2 = wx * centroids[2] + wy * centroids[3] - face;
  return h1 < 0 || h2 >= h1;
}
