import {
  CC_CONTACT,
  CC_HEADER,
  CC_POINT_COUNT,
  CCP_MAX_NORMAL_IMPULSE,
  CCP_RELATIVE_VELOCITY,
  CCP_STRIDE,
  contactRecord,
  CONTACT_POINTS_STRIDE,
  CP_ANCHOR_AX,
  CP_ANCHOR_AY,
  HIT_APPROACH_SPEED,
  HIT_BODY_A,
  HIT_BODY_B,
  HIT_NORMAL_X,
  HIT_NORMAL_Y,
  HIT_POINT_X,
  HIT_POINT_Y,
  HIT_SHAPE_A,
  HIT_SHAPE_B,
  CP_STRIDE,
  ContactFlag,
  SP_HIT_THRESHOLD,
  shapeHandle,
  type PhysicsState,
} from '@impulse2d/core/internal';

/**
 * After solving: one hit event per contact of a shape that reports hits (ShapeDef.enableHitEvents) whose
 * fastest-approaching point came in faster than the world's hit threshold and actually pushed (carried impulse), with
 * that point and its approach speed.
 */
export function collectHitEvents(p: PhysicsState): void {
  const sd = p.solverData;
  const cc = sd.contacts;
  // No contact that reports hits approached faster than the threshold (prepareContacts checked): no record to scan.
  if (sd.mayHit === 0) return;
  const threshold = sd.params[SP_HIT_THRESHOLD];
  const c = p.contacts;
  const hits = p.events.contactHit;
  for (let i = 0; i < sd.contactCount; i++) {
    const o = contactRecord(i);
    const id = cc[o + CC_CONTACT] | 0;
    if ((c.flags[id] & ContactFlag.hitEvents) === 0) continue;
    const pc = cc[o + CC_POINT_COUNT] | 0;
    let best = -1;
    let bestSpeed = threshold;
    for (let j = 0; j < pc; j++) {
      const q = o + CC_HEADER + j * CCP_STRIDE;
      const speed = -cc[q + CCP_RELATIVE_VELOCITY];
      if (speed > bestSpeed && cc[q + CCP_MAX_NORMAL_IMPULSE] > 0) {
        bestSpeed = speed;
        best = j;
      }
    }
    if (best < 0) continue;
    const src = id * CONTACT_POINTS_STRIDE + best * CP_STRIDE;
    const e = hits.push();
    const d = hits.data;
    d[e + HIT_SHAPE_A] = shapeHandle(p.shapes, c.shapeA[id]);
    d[e + HIT_SHAPE_B] = shapeHandle(p.shapes, c.shapeB[id]);
    d[e + HIT_BODY_A] = c.bodyA[id];
    d[e + HIT_BODY_B] = c.bodyB[id];
    // The world point: body A's origin (not moved before finalize) plus the anchor, as the narrowphase had it.
    const bodyA = c.bodyA[id];
    d[e + HIT_POINT_X] = p.bodies.transform.x[bodyA] + c.points[src + CP_ANCHOR_AX];
    d[e + HIT_POINT_Y] = p.bodies.transform.y[bodyA] + c.points[src + CP_ANCHOR_AY];
    d[e + HIT_NORMAL_X] = c.normalX[id];
    d[e + HIT_NORMAL_Y] = c.normalY[id];
    d[e + HIT_APPROACH_SPEED] = bestSpeed;
  }
}
