import {
  CC_CONTACT,
  CC_HEADER,
  CC_POINT_COUNT,
  CCP_NORMAL_IMPULSE,
  CCP_STRIDE,
  CF_BODY_A,
  CF_BODY_B,
  CF_MAX_FORCE,
  CF_NORMAL_X,
  CF_NORMAL_Y,
  CF_SHAPE_A,
  CF_SHAPE_B,
  CF_TOTAL_FORCE,
  contactRecord,
  shapeHandle,
  SP_INV_H,
  type PhysicsState,
} from '@impulse2d/core/internal';

/**
 * After solving: one contact force event (Rapier's contact force events) per solid contact whose points' normal
 * forces sum to more than the smaller contactForceThreshold of its two shapes, in the order of the solver's records
 * (the same for any number of step workers). A point's normal force is its accumulated normal impulse over the substep
 * length, as a joint's reaction force is (at rest, a box's contact with the ground carries m·g). Looks at no record
 * while no shape has a finite threshold.
 */
export function collectContactForceEvents(p: PhysicsState): void {
  const s = p.shapes;
  if (s.forceEventShapes === 0) return;
  const sd = p.solverData;
  const cc = sd.contacts;
  const invH = sd.params[SP_INV_H];
  const c = p.contacts;
  const thresholds = s.contactForceThreshold;
  const events = p.events.contactForce;
  for (let i = 0; i < sd.contactCount; i++) {
    const o = contactRecord(i);
    const id = cc[o + CC_CONTACT] | 0;
    const shapeA = c.shapeA[id];
    const shapeB = c.shapeB[id];
    const thresholdA = thresholds[shapeA];
    const thresholdB = thresholds[shapeB];
    const threshold = thresholdA < thresholdB ? thresholdA : thresholdB;
    if (threshold === Infinity) continue;
    const pc = cc[o + CC_POINT_COUNT] | 0;
    let total = 0;
    let max = 0;
    for (let j = 0; j < pc; j++) {
      const impulse = cc[o + CC_HEADER + j * CCP_STRIDE + CCP_NORMAL_IMPULSE];
      total += impulse;
      if (impulse > max) max = impulse;
    }
    total *= invH;
    if (!(total > threshold)) continue;
    const e = events.push();
    const d = events.data;
    d[e + CF_SHAPE_A] = shapeHandle(s, shapeA);
    d[e + CF_SHAPE_B] = shapeHandle(s, shapeB);
    d[e + CF_BODY_A] = c.bodyA[id];
    d[e + CF_BODY_B] = c.bodyB[id];
    d[e + CF_NORMAL_X] = c.normalX[id];
    d[e + CF_NORMAL_Y] = c.normalY[id];
    d[e + CF_TOTAL_FORCE] = total;
    d[e + CF_MAX_FORCE] = max * invH;
  }
}
