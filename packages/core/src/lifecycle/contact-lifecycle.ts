import { isPrimaryPair } from '../collision/index.js';
import { wakeIsland } from './body-sleep.js';
import type { EventBuffer } from '../state/event-buffer.js';
import { PAIR_BODY_A, PAIR_BODY_B, PAIR_SHAPE_A, PAIR_SHAPE_B } from '../state/event-store.js';
import { shapeHandle } from '../state/shape-handle.js';
import type { PhysicsState } from '../state/physics-state.js';
import { ContactFlag, isSolidTouching } from '../state/contact-store.js';
import type { MixingRule } from '../state/world-def.js';

/**
 * Creates the contact row for a shape pair whose fat AABBs began to overlap. The shapes are put in the collision
 * table's primary order, so the narrowphase calls one routine per pair type with no flipping.
 */
export function createContact(p: PhysicsState, shape1: number, shape2: number): number {
  const s = p.shapes;
  const g = s.geometry;
  let shapeA = shape1;
  let shapeB = shape2;
  if (!isPrimaryPair(g.type[shapeA], g.type[shapeB])) {
    shapeA = shape2;
    shapeB = shape1;
  }
  const c = p.contacts;
  const id = c.allocate();
  const bodyA = s.body[shapeA];
  const bodyB = s.body[shapeB];
  c.shapeA[id] = shapeA;
  c.shapeB[id] = shapeB;
  c.bodyA[id] = bodyA;
  c.bodyB[id] = bodyB;
  c.flags[id] = s.sensor[shapeA] === 1 || s.sensor[shapeB] === 1 ? ContactFlag.sensor : 0;
  // The material (friction, restitution, ...) is mixed when the contact begins to touch (systems'
  // reportTouchChanges), as only touching contacts read it: most contacts of a busy scene never touch (in Box2D's
  // smash, 5,800 are created a step), and the mix reads four columns of each shape at random.
  c.pointCount[id] = 0;
  c.cacheValid[id] = 0;
  // Link into both bodies' contact-edge lists (edge = id*2 + side).
  const b = p.bodies;
  linkEdge(c.edgeNext, c.edgePrev, b.contactHead, id * 2, bodyA);
  linkEdge(c.edgeNext, c.edgePrev, b.contactHead, id * 2 + 1, bodyB);
  c.pairs.add(shape1 < shape2 ? shape1 : shape2, shape1 < shape2 ? shape2 : shape1, id);
  return id;
}

/**
 * Mixes the pair's material: friction and restitution by the world's callbacks (setFrictionCallback,
 * setRestitutionCallback) or else its mixing rules (frictionMixing, default √(μA μB); restitutionMixing, default
 * max), rolling resistance max, tangent speed sum, and hit events if either shape wants them. Done when the contact
 * begins to touch, for every contact of a shape whose material changes and for every touching contact when a rule or
 * callback changes or a snapshot is restored: only touching contacts read it (see createContact).
 */
export function mixMaterial(p: PhysicsState, id: number): void {
  const s = p.shapes;
  const c = p.contacts;
  const a = c.shapeA[id];
  const bb = c.shapeB[id];
  const friction = p.frictionCallback;
  if (friction === null) mixInto(p.frictionMixing, s.friction, a, bb, c.friction, id);
  else c.friction[id] = mixedByUser(friction(s.friction[a], s.userMaterial[a], s.friction[bb], s.userMaterial[bb]));
  const restitution = p.restitutionCallback;
  if (restitution === null) mixInto(p.restitutionMixing, s.restitution, a, bb, c.restitution, id);
  else {
    c.restitution[id] = mixedByUser(
      restitution(s.restitution[a], s.userMaterial[a], s.restitution[bb], s.userMaterial[bb]),
    );
  }
  c.rollingResistance[id] = Math.max(s.rollingResistance[a], s.rollingResistance[bb]);
  c.tangentSpeed[id] = s.tangentSpeed[a] + s.tangentSpeed[bb];
  const hits = s.hitEvents[a] === 1 || s.hitEvents[bb] === 1;
  c.flags[id] = hits ? c.flags[id] | ContactFlag.hitEvents : c.flags[id] & ~ContactFlag.hitEvents;
}

/**
 * Writes to out[id] the values of shape rows `a` and `b` in column `values` combined by a world mixing rule
 * (WorldDef.frictionMixing). Rows and an array in, nothing returned: V8 boxes a double passed to or returned from a
 * call it does not inline, and every contact that begins to touch comes here (10 kB a step in Box2D's spinner scene
 * when this returned the value).
 */
export function mixInto(
  rule: MixingRule,
  values: Float64Array,
  a: number,
  b: number,
  out: Float64Array,
  id: number,
): void {
  const va = values[a];
  const vb = values[b];
  switch (rule) {
    case 'geometric':
      out[id] = Math.sqrt(va * vb);
      return;
    case 'max':
      out[id] = Math.max(va, vb);
      return;
    case 'min':
      out[id] = Math.min(va, vb);
      return;
    case 'average':
      out[id] = 0.5 * (va + vb);
      return;
    case 'multiply':
      out[id] = va * vb;
      return;
  }
}

/** A mixing callback's result as the contact keeps it: a finite number ≥ 0, anything else 0 (see MaterialMixer). */
function mixedByUser(value: unknown): number {
  return typeof value === 'number' && value >= 0 && value < Infinity ? value : 0;
}

/** Mixes again the material of every touching contact (a mixing rule or callback changed; a snapshot restored). */
export function remixTouchingContacts(p: PhysicsState): void {
  const c = p.contacts;
  for (let k = 0; k < c.count; k++) {
    const id = c.list[k];
    if (isSolidTouching(c.flags[id])) mixMaterial(p, id);
  }
}

/** Mixes again the material of every contact of shape row `row` (its material changed). */
export function remixShapeContacts(p: PhysicsState, row: number): void {
  const c = p.contacts;
  for (let e = p.bodies.contactHead[p.shapes.body[row]]; e !== -1; e = c.edgeNext[e]) {
    const id = e >> 1;
    if (c.shapeA[id] === row || c.shapeB[id] === row) mixMaterial(p, id);
  }
}

function linkEdge(next: Int32Array, prev: Int32Array, head: Int32Array, edge: number, body: number): void {
  const h = head[body];
  next[edge] = h;
  prev[edge] = -1;
  if (h !== -1) prev[h] = edge;
  head[body] = edge;
}

function unlinkEdge(next: Int32Array, prev: Int32Array, head: Int32Array, edge: number, body: number): void {
  const n = next[edge];
  const pr = prev[edge];
  if (pr !== -1) next[pr] = n;
  else head[body] = n;
  if (n !== -1) prev[n] = pr;
}

/** Removes a contact row: unlinks it from both bodies and from the pair set. */
export function destroyContact(p: PhysicsState, id: number): void {
  const c = p.contacts;
  const b = p.bodies;
  // A touching pair that goes away ends its contact (or sensor overlap): report it, as when it stops touching.
  const flags = c.flags[id];
  if ((flags & ContactFlag.touching) !== 0)
    pushPairEvent(p, id, (flags & ContactFlag.sensor) !== 0 ? p.events.sensorEnd : p.events.contactEnd);
  unlinkEdge(c.edgeNext, c.edgePrev, b.contactHead, id * 2, c.bodyA[id]);
  unlinkEdge(c.edgeNext, c.edgePrev, b.contactHead, id * 2 + 1, c.bodyB[id]);
  c.pairs.removeValue(id);
  c.flags[id] = 0;
  c.pointCount[id] = 0;
  c.release(id);
}

/** Destroys every contact of a body (body destroyed, disabled or changed type). */
export function destroyBodyContacts(p: PhysicsState, eid: number): void {
  const head = p.bodies.contactHead;
  while (head[eid] !== -1) destroyContact(p, head[eid] >> 1);
}

/** Destroys every contact of one shape. */
export function destroyShapeContacts(p: PhysicsState, shape: number, eid: number): void {
  const c = p.contacts;
  let e = p.bodies.contactHead[eid];
  while (e !== -1) {
    const next = c.edgeNext[e];
    const id = e >> 1;
    if (c.shapeA[id] === shape || c.shapeB[id] === shape) destroyContact(p, id);
    e = next;
  }
}

/** Wakes the islands of every body touching `eid` (before it is destroyed or changes type, so they do not float). */
export function wakeTouching(p: PhysicsState, eid: number): void {
  const c = p.contacts;
  for (let e = p.bodies.contactHead[eid]; e !== -1; e = c.edgeNext[e]) {
    const id = e >> 1;
    if ((c.flags[id] & ContactFlag.touching) === 0) continue;
    wakeIsland(p, (e & 1) === 0 ? c.bodyB[id] : c.bodyA[id]);
  }
}

/**
 * Logs a contact-end or sensor begin/end record for contact `id`. For sensor events the sensor shape is reported
 * first (as A), whichever side of the contact it is on.
 */
export function pushPairEvent(p: PhysicsState, id: number, buffer: EventBuffer): void {
  const c = p.contacts;
  const s = p.shapes;
  let a = c.shapeA[id];
  let bb = c.shapeB[id];
  let bodyA = c.bodyA[id];
  let bodyB = c.bodyB[id];
  if (s.sensor[a] !== 1 && s.sensor[bb] === 1) {
    const t = a;
    a = bb;
    bb = t;
    const u = bodyA;
    bodyA = bodyB;
    bodyB = u;
  }
  const o = buffer.push();
  const d = buffer.data;
  d[o + PAIR_SHAPE_A] = shapeHandle(s, a);
  d[o + PAIR_SHAPE_B] = shapeHandle(s, bb);
  d[o + PAIR_BODY_A] = bodyA;
  d[o + PAIR_BODY_B] = bodyB;
}
