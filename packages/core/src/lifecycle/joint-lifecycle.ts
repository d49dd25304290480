import { addComponent, addEntity, removeEntity } from 'bitecs';
import { wakeIsland } from './body-sleep.js';
import { entityOfHandle, handleFor, nextGeneration } from '../state/body-handle.js';
import { requireJointRow } from '../state/require-handle.js';
import { destroyContact } from './contact-lifecycle.js';
import { bufferMove } from './shape-proxy.js';
import type { PhysicsState, PhysicsWorld } from '../state/physics-state.js';
import type { JointId } from '../handles.js';
import {
  JF_COUNT,
  JF_FORCE_THRESHOLD,
  JF_LOWER_SPRING_FORCE,
  JF_TORQUE_THRESHOLD,
  JF_UPPER_SPRING_FORCE,
  JointFlag,
  type JointTypeId,
} from '../state/joint-store.js';

/** Throws NOT_A_JOINT / STALE_HANDLE unless `handle` is a live joint of this world; returns its row. */
export function requireJoint(p: PhysicsState, handle: number): number {
  return requireJointRow(p, handle);
}

/**
 * Wakes a body's island (clears the sleep timers) so a joint change takes effect. The whole island, not the body
 * alone: waking one body of a sleeping island left it jointed to, or resting on, bodies the solver treated as
 * immovable (found by the API fuzzer: a joint created to one body of a sleeping jointed pair).
 */
export function wakeBody(p: PhysicsState, body: number): void {
  wakeIsland(p, body);
}

function linkEdge(p: PhysicsState, edge: number, body: number): void {
  const js = p.joints;
  const h = js.jointHead[body];
  js.edgeNext[edge] = h;
  js.edgePrev[edge] = -1;
  if (h !== -1) js.edgePrev[h] = edge;
  js.jointHead[body] = edge;
}

function unlinkEdge(p: PhysicsState, edge: number, body: number): void {
  const js = p.joints;
  const n = js.edgeNext[edge];
  const pr = js.edgePrev[edge];
  if (pr !== -1) js.edgeNext[pr] = n;
  else js.jointHead[body] = n;
  if (n !== -1) js.edgePrev[n] = pr;
  js.edgeNext[edge] = -1;
  js.edgePrev[edge] = -1;
}

/**
 * Adds the joint entity and its row (all parameters zero but the open ones: no event thresholds, an unbounded spring
 * force), links it into both bodies' joint lists and, unless the
 * bodies may collide, destroys their contacts. Called after validation, so it cannot fail half-way.
 */
export function allocateJoint(
  world: PhysicsWorld,
  p: PhysicsState,
  type: JointTypeId,
  bodyA: number,
  bodyB: number,
  flags: number,
): number {
  const js = p.joints;
  const entity = addEntity(world);
  // Rows and edges are keyed by the entity id without version bits; the handle adds the generation (body-handle.ts).
  const eid = entity & p.indexMask;
  js.reserveEntities(Math.max(eid, bodyA, bodyB));
  js.reserveRows(js.count + 1);
  const row = js.count++;
  js.version++;
  const f = js.f;
  for (let i = 0; i < JF_COUNT; i++) f[i][row] = 0;
  f[JF_FORCE_THRESHOLD][row] = Infinity;
  f[JF_TORQUE_THRESHOLD][row] = Infinity;
  f[JF_LOWER_SPRING_FORCE][row] = -Infinity;
  f[JF_UPPER_SPRING_FORCE][row] = Infinity;
  js.type[row] = type;
  js.flags[row] = flags;
  js.bodyA[row] = bodyA;
  js.bodyB[row] = bodyB;
  js.eid[row] = eid;
  const generation = nextGeneration(p, eid);
  js.generation[eid] = generation;
  js.handle[row] = handleFor(p, entity, generation) as JointId;
  js.rowOf[eid] = row;
  js.retired[eid] = 0;
  linkEdge(p, eid * 2, bodyA);
  linkEdge(p, eid * 2 + 1, bodyB);
  addComponent(world, entity, js.Joint);
  if ((flags & JointFlag.collideConnected) === 0) destroyContactsBetween(p, bodyA, bodyB);
  wakeBody(p, bodyA);
  wakeBody(p, bodyB);
  return row;
}

/** Destroys the contacts between two bodies (a joint that keeps them from colliding was created or switched so). */
export function destroyContactsBetween(p: PhysicsState, bodyA: number, bodyB: number): void {
  const c = p.contacts;
  let e = p.bodies.contactHead[bodyA];
  while (e !== -1) {
    const next = c.edgeNext[e];
    const id = e >> 1;
    if ((c.bodyA[id] === bodyA && c.bodyB[id] === bodyB) || (c.bodyA[id] === bodyB && c.bodyB[id] === bodyA)) {
      destroyContact(p, id);
    }
    e = next;
  }
}

/** Removes a joint (handle already checked; `eid` is its index): unlinks it, swap-removes its row, removes its entity. */
export function destroyJointInternal(world: PhysicsWorld, p: PhysicsState, eid: number, removeEntityToo = true): void {
  const js = p.joints;
  const row = js.rowOf[eid];
  const entity = entityOfHandle(p, js.handle[row]);
  const bodyA = js.bodyA[row];
  const bodyB = js.bodyB[row];
  const flags = js.flags[row];
  // Out of the count of joints with thresholds before the row moves.
  js.setThresholds(row, Infinity, Infinity);
  unlinkEdge(p, eid * 2, bodyA);
  unlinkEdge(p, eid * 2 + 1, bodyB);
  const last = js.count - 1;
  if (row !== last) js.moveRow(last, row);
  js.count = last;
  js.version++;
  js.rowOf[eid] = -1;
  js.retired[eid] = 1;
  js.generation[eid] = js.generation[eid] + 1;
  // The bodies may collide again: let the next pair update look for their pairs.
  if ((flags & JointFlag.collideConnected) === 0) lookForPairsAgain(p, bodyA, bodyB);
  if (p.bodies.alive[bodyA] === 1) wakeBody(p, bodyA);
  if (p.bodies.alive[bodyB] === 1) wakeBody(p, bodyB);
  if (removeEntityToo) removeEntity(world, entity);
}

/**
 * Puts the shapes of both bodies (those alive) in the broadphase move buffer, so that the next pair update looks for
 * their pairs again: a joint that kept them from colliding is gone or lets them collide now.
 */
export function lookForPairsAgain(p: PhysicsState, bodyA: number, bodyB: number): void {
  const s = p.shapes;
  const b = p.bodies;
  if (b.alive[bodyA] === 1)
    for (let sh = b.shapeHead[bodyA]; sh !== -1; sh = s.next[sh]) if (s.proxy[sh] !== -1) bufferMove(p, sh);
  if (b.alive[bodyB] === 1)
    for (let sh = b.shapeHead[bodyB]; sh !== -1; sh = s.next[sh]) if (s.proxy[sh] !== -1) bufferMove(p, sh);
}

/** Destroys every joint attached to a body (the body is being destroyed). */
export function destroyBodyJoints(world: PhysicsWorld, body: number): void {
  const p = world.physics;
  const js = p.joints;
  if (body >= js.jointHead.length) return;
  while (js.jointHead[body] !== -1) destroyJointInternal(world, p, js.jointHead[body] >> 1);
}

/**
 * False when a joint with collideConnected = false links the two bodies. The broadphase asks this once per new
 * pair; it walks body A's joint list, which is empty for most bodies.
 */
export function jointsAllowCollision(p: PhysicsState, bodyA: number, bodyB: number): boolean {
  const js = p.joints;
  if (bodyA >= js.jointHead.length) return true;
  let e = js.jointHead[bodyA];
  while (e !== -1) {
    const row = js.rowOf[e >> 1];
    const other = (e & 1) === 0 ? js.bodyB[row] : js.bodyA[row];
    if (other === bodyB && (js.flags[row] & JointFlag.collideConnected) === 0) return false;
    e = js.edgeNext[e];
  }
  return true;
}
