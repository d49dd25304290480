import { atan2, cosSin } from '../math/trig.js';
import { destroyBodyContacts, wakeTouching } from '../contact/contact-lifecycle.js';
import { checkFinite, checkNonNegative, checkVec2, PhysicsError } from '../errors.js';
import { rebuildBodyProxies, synchronizeBodyProxies } from '../shape/shape-proxy.js';
import type { PhysicsState, PhysicsWorld } from '../world/physics-world.js';
import { bodyState, mutableBodyState } from './body-api.js';
import type { Vec2Like } from './body-def.js';
import { updateBodyMass } from './body-mass.js';
import { sleepIsland, wakeIsland } from './body-sleep.js';
import { BodyFlag, BodyType, type BodyTypeName } from './body-store.js';

// Getters allocate a small {x, y} for API convenience; render systems read `world.physics.transform` columns instead.

/** cos and sin of an angle set through the API. */
const cosSinScratch = new Float64Array(2);

/**
 * Body origin position, world (m).
 *
 * @throws PhysicsError `NOT_A_BODY` or `STALE_HANDLE` if `eid` is not a live body of this world.
 */
export function getPosition(world: PhysicsWorld, eid: number): { x: number; y: number } {
  const t = bodyState(world, eid).bodies.transform;
  return { x: t.x[eid]!, y: t.y[eid]! };
}

/**
 * Body rotation (rad) in (−π, π].
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE` (see {@link PhysicsErrorCode}).
 */
export function getAngle(world: PhysicsWorld, eid: number): number {
  const t = bodyState(world, eid).bodies.transform;
  return atan2(t.s[eid]!, t.c[eid]!);
}

/**
 * Centre of mass, world (m).
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE` (see {@link PhysicsErrorCode}).
 */
export function getWorldCenter(world: PhysicsWorld, eid: number): { x: number; y: number } {
  const b = bodyState(world, eid).bodies;
  return { x: b.centerX[eid]!, y: b.centerY[eid]! };
}

/**
 * Centre of mass, body-local (m).
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE` (see {@link PhysicsErrorCode}).
 */
export function getLocalCenter(world: PhysicsWorld, eid: number): { x: number; y: number } {
  const b = bodyState(world, eid).bodies;
  return { x: b.localCenterX[eid]!, y: b.localCenterY[eid]! };
}

/**
 * Teleports the body (origin position and angle). Contacts are re-evaluated next step.
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE`, `INVALID_ARGUMENT`, `WORLD_LOCKED` (see {@link PhysicsErrorCode}).
 */
export function setTransform(world: PhysicsWorld, eid: number, position: Vec2Like, angle: number): void {
  const p = mutableBodyState(world, eid);
  checkVec2(position, 'position');
  checkFinite(angle, 'angle');
  const b = p.bodies;
  const t = b.transform;
  cosSin(angle, cosSinScratch);
  const c = cosSinScratch[0]!;
  const s = cosSinScratch[1]!;
  t.x[eid] = position.x;
  t.y[eid] = position.y;
  t.c[eid] = c;
  t.s[eid] = s;
  const lcx = b.localCenterX[eid]!;
  const lcy = b.localCenterY[eid]!;
  b.centerX[eid] = position.x + c * lcx - s * lcy;
  b.centerY[eid] = position.y + s * lcx + c * lcy;
  b.center0X[eid] = b.centerX[eid]!;
  b.center0Y[eid] = b.centerY[eid]!;
  synchronizeBodyProxies(p, eid);
  wake(p, eid);
}

/**
 * Teleports the body's origin (m), keeping its angle. Contacts are re-evaluated next step; the body wakes.
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` for a bad body, `WORLD_LOCKED` during a step, `INVALID_ARGUMENT` for a
 *   non-finite position.
 */
export function setPosition(world: PhysicsWorld, eid: number, position: Vec2Like): void {
  setTransform(world, eid, position, getAngle(world, eid));
}

/**
 * Sets the body's rotation (rad) about its origin, keeping the origin in place. The body wakes.
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` for a bad body, `WORLD_LOCKED` during a step, `INVALID_ARGUMENT` for a
 *   non-finite angle.
 */
export function setAngle(world: PhysicsWorld, eid: number, angle: number): void {
  const t = bodyState(world, eid).bodies.transform;
  setTransform(world, eid, { x: t.x[eid]!, y: t.y[eid]! }, angle);
}

/**
 * Linear velocity of the centre of mass (m/s).
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE` (see {@link PhysicsErrorCode}).
 */
export function getLinearVelocity(world: PhysicsWorld, eid: number): { x: number; y: number } {
  const b = bodyState(world, eid).bodies;
  return { x: b.vx[eid]!, y: b.vy[eid]! };
}

/**
 * Sets the linear velocity of the centre of mass (m/s); a non-zero velocity wakes the body. Ignored for static
 * bodies.
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` for a bad body, `WORLD_LOCKED` during a step, `INVALID_ARGUMENT` for a
 *   non-finite velocity.
 */
export function setLinearVelocity(world: PhysicsWorld, eid: number, v: Vec2Like): void {
  const p = mutableBodyState(world, eid);
  checkVec2(v, 'linearVelocity');
  const b = p.bodies;
  if (b.type[eid] === BodyType.static) return;
  b.vx[eid] = v.x;
  b.vy[eid] = v.y;
  if (v.x !== 0 || v.y !== 0) wake(p, eid);
}

/**
 * Angular velocity (rad/s, counter-clockwise positive).
 *
 * @throws PhysicsError `NOT_A_BODY` or `STALE_HANDLE` if `eid` is not a live body of this world.
 */
export function getAngularVelocity(world: PhysicsWorld, eid: number): number {
  return bodyState(world, eid).bodies.w[eid]!;
}

/**
 * Sets the angular velocity (rad/s) and wakes the body. Ignored for static bodies.
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` for a bad body, `WORLD_LOCKED` during a step, `INVALID_ARGUMENT` for a
 *   non-finite value.
 */
export function setAngularVelocity(world: PhysicsWorld, eid: number, w: number): void {
  const p = mutableBodyState(world, eid);
  checkFinite(w, 'angularVelocity');
  const b = p.bodies;
  if (b.type[eid] === BodyType.static || (b.flags[eid]! & BodyFlag.fixedRotation) !== 0) return;
  b.w[eid] = w;
  if (w !== 0) wake(p, eid);
}

/**
 * Velocity of a world point attached to the body (m/s).
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE`, `INVALID_ARGUMENT` (see {@link PhysicsErrorCode}).
 */
export function getLinearVelocityAtPoint(world: PhysicsWorld, eid: number, point: Vec2Like): { x: number; y: number } {
  const b = bodyState(world, eid).bodies;
  checkVec2(point, 'point');
  const w = b.w[eid]!;
  return { x: b.vx[eid]! - w * (point.y - b.centerY[eid]!), y: b.vy[eid]! + w * (point.x - b.centerX[eid]!) };
}

/**
 * Adds a force (N) at a world point (default: centre of mass); it acts during the next step, then is cleared.
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE`, `INVALID_ARGUMENT`, `WORLD_LOCKED` (see {@link PhysicsErrorCode}).
 */
export function applyForce(world: PhysicsWorld, eid: number, force: Vec2Like, point?: Vec2Like, wakeBody = true): void {
  const p = mutableBodyState(world, eid);
  checkVec2(force, 'force');
  if (point !== undefined) checkVec2(point, 'point');
  const b = p.bodies;
  if (b.type[eid] !== BodyType.dynamic) return;
  if (wakeBody) wake(p, eid);
  b.forceX[eid] = b.forceX[eid]! + force.x;
  b.forceY[eid] = b.forceY[eid]! + force.y;
  if (point !== undefined) {
    b.torque[eid] = b.torque[eid]! + (point.x - b.centerX[eid]!) * force.y - (point.y - b.centerY[eid]!) * force.x;
  }
}

/**
 * Adds a torque (N m) for the next step.
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE`, `INVALID_ARGUMENT`, `WORLD_LOCKED` (see {@link PhysicsErrorCode}).
 */
export function applyTorque(world: PhysicsWorld, eid: number, torque: number, wakeBody = true): void {
  const p = mutableBodyState(world, eid);
  checkFinite(torque, 'torque');
  const b = p.bodies;
  if (b.type[eid] !== BodyType.dynamic) return;
  if (wakeBody) wake(p, eid);
  b.torque[eid] = b.torque[eid]! + torque;
}

/**
 * Applies an impulse (N s) at a world point (default: centre of mass): changes velocity at once.
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE`, `INVALID_ARGUMENT`, `WORLD_LOCKED` (see {@link PhysicsErrorCode}).
 */
export function applyLinearImpulse(
  world: PhysicsWorld,
  eid: number,
  impulse: Vec2Like,
  point?: Vec2Like,
  wakeBody = true,
): void {
  const p = mutableBodyState(world, eid);
  checkVec2(impulse, 'impulse');
  if (point !== undefined) checkVec2(point, 'point');
  const b = p.bodies;
  if (b.type[eid] !== BodyType.dynamic) return;
  if (wakeBody) wake(p, eid);
  const im = b.invMass[eid]!;
  b.vx[eid] = b.vx[eid]! + im * impulse.x;
  b.vy[eid] = b.vy[eid]! + im * impulse.y;
  if (point !== undefined) {
    const rx = point.x - b.centerX[eid]!;
    const ry = point.y - b.centerY[eid]!;
    b.w[eid] = b.w[eid]! + b.invInertia[eid]! * (rx * impulse.y - ry * impulse.x);
  }
}

/**
 * Applies an angular impulse (N m s).
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE`, `INVALID_ARGUMENT`, `WORLD_LOCKED` (see {@link PhysicsErrorCode}).
 */
export function applyAngularImpulse(world: PhysicsWorld, eid: number, impulse: number, wakeBody = true): void {
  const p = mutableBodyState(world, eid);
  checkFinite(impulse, 'impulse');
  const b = p.bodies;
  if (b.type[eid] !== BodyType.dynamic) return;
  if (wakeBody) wake(p, eid);
  b.w[eid] = b.w[eid]! + b.invInertia[eid]! * impulse;
}

/**
 * Mass (kg), computed from the body's shapes and their densities.
 *
 * @throws PhysicsError `NOT_A_BODY` or `STALE_HANDLE` if `eid` is not a live body of this world.
 */
export function getMass(world: PhysicsWorld, eid: number): number {
  return bodyState(world, eid).bodies.mass[eid]!;
}

/**
 * Rotational inertia about the centre of mass (kg m²).
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE` (see {@link PhysicsErrorCode}).
 */
export function getInertia(world: PhysicsWorld, eid: number): number {
  return bodyState(world, eid).bodies.inertia[eid]!;
}

/**
 * The body type: `'static'`, `'kinematic'` or `'dynamic'`.
 *
 * @throws PhysicsError `NOT_A_BODY` or `STALE_HANDLE` if `eid` is not a live body of this world.
 */
export function getBodyType(world: PhysicsWorld, eid: number): BodyTypeName {
  const t = bodyState(world, eid).bodies.type[eid]!;
  return t === BodyType.static ? 'static' : t === BodyType.kinematic ? 'kinematic' : 'dynamic';
}

/**
 * Changes the body type; mass, contacts and broadphase proxies are rebuilt.
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE`, `INVALID_ARGUMENT`, `WORLD_LOCKED` (see {@link PhysicsErrorCode}).
 */
export function setBodyType(world: PhysicsWorld, eid: number, type: BodyTypeName): void {
  const p = mutableBodyState(world, eid);
  if (!(type in BodyType)) {
    throw new PhysicsError(
      'INVALID_ARGUMENT',
      `body type must be 'static', 'kinematic' or 'dynamic', got ${String(type)}`,
    );
  }
  const b = p.bodies;
  const id = BodyType[type];
  if (b.type[eid] === id) return;
  b.type[eid] = id;
  if (id === BodyType.static) {
    b.vx[eid] = 0;
    b.vy[eid] = 0;
    b.w[eid] = 0;
  }
  wakeTouching(p, eid);
  destroyBodyContacts(p, eid);
  updateBodyMass(p, eid);
  rebuildBodyProxies(p, eid);
  if (id === BodyType.static) b.flags[eid] = b.flags[eid]! & ~BodyFlag.awake;
  else wake(p, eid);
}

/**
 * Multiplier on the world gravity for this body (dimensionless).
 *
 * @throws PhysicsError `NOT_A_BODY` or `STALE_HANDLE` if `eid` is not a live body of this world.
 */
export function getGravityScale(world: PhysicsWorld, eid: number): number {
  return bodyState(world, eid).bodies.gravityScale[eid]!;
}

/**
 * Sets the multiplier on the world gravity for this body (0 = floats, −1 = falls up).
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` for a bad body, `WORLD_LOCKED` during a step, `INVALID_ARGUMENT` for a
 *   non-finite value.
 */
export function setGravityScale(world: PhysicsWorld, eid: number, scale: number): void {
  const p = mutableBodyState(world, eid);
  checkFinite(scale, 'gravityScale');
  p.bodies.gravityScale[eid] = scale;
  wake(p, eid);
}

/**
 * Linear damping (1/s): slows the body's linear velocity over time, independent of contacts.
 *
 * @throws PhysicsError `NOT_A_BODY` or `STALE_HANDLE` if `eid` is not a live body of this world.
 */
export function getLinearDamping(world: PhysicsWorld, eid: number): number {
  return bodyState(world, eid).bodies.linearDamping[eid]!;
}

/**
 * Sets the linear damping (1/s, ≥ 0).
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` for a bad body, `WORLD_LOCKED` during a step, `INVALID_ARGUMENT` for a
 *   negative or non-finite value.
 */
export function setLinearDamping(world: PhysicsWorld, eid: number, damping: number): void {
  const p = mutableBodyState(world, eid);
  checkNonNegative(damping, 'linearDamping');
  p.bodies.linearDamping[eid] = damping;
}

/**
 * Angular damping (1/s).
 *
 * @throws PhysicsError `NOT_A_BODY` or `STALE_HANDLE` if `eid` is not a live body of this world.
 */
export function getAngularDamping(world: PhysicsWorld, eid: number): number {
  return bodyState(world, eid).bodies.angularDamping[eid]!;
}

/**
 * Sets the angular damping (1/s, ≥ 0).
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` for a bad body, `WORLD_LOCKED` during a step, `INVALID_ARGUMENT` for a
 *   negative or non-finite value.
 */
export function setAngularDamping(world: PhysicsWorld, eid: number, damping: number): void {
  const p = mutableBodyState(world, eid);
  checkNonNegative(damping, 'angularDamping');
  p.bodies.angularDamping[eid] = damping;
}

/**
 * Whether the body is prevented from rotating.
 *
 * @throws PhysicsError `NOT_A_BODY` or `STALE_HANDLE` if `eid` is not a live body of this world.
 */
export function isFixedRotation(world: PhysicsWorld, eid: number): boolean {
  return (bodyState(world, eid).bodies.flags[eid]! & BodyFlag.fixedRotation) !== 0;
}

/**
 * Prevents (or allows) rotation: a fixed-rotation body keeps its angle whatever torques and contacts act on it.
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` for a bad body, `WORLD_LOCKED` during a step.
 */
export function setFixedRotation(world: PhysicsWorld, eid: number, flag: boolean): void {
  const p = mutableBodyState(world, eid);
  const b = p.bodies;
  b.flags[eid] = flag ? b.flags[eid]! | BodyFlag.fixedRotation : b.flags[eid]! & ~BodyFlag.fixedRotation;
  if (flag) b.w[eid] = 0;
  updateBodyMass(p, eid);
}

/**
 * Whether the body is a bullet (continuous collision also against other dynamic bodies).
 *
 * @throws PhysicsError `NOT_A_BODY` or `STALE_HANDLE` if `eid` is not a live body of this world.
 */
export function isBullet(world: PhysicsWorld, eid: number): boolean {
  return (bodyState(world, eid).bodies.flags[eid]! & BodyFlag.bullet) !== 0;
}

/**
 * Marks the body as a bullet: fast dynamic bodies then do not tunnel through other dynamic bodies either.
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` for a bad body, `WORLD_LOCKED` during a step.
 */
export function setBullet(world: PhysicsWorld, eid: number, flag: boolean): void {
  const p = mutableBodyState(world, eid);
  const b = p.bodies;
  b.flags[eid] = flag ? b.flags[eid]! | BodyFlag.bullet : b.flags[eid]! & ~BodyFlag.bullet;
}

/**
 * Whether the body is awake (asleep bodies are not simulated until something wakes them).
 *
 * @throws PhysicsError `NOT_A_BODY` or `STALE_HANDLE` if `eid` is not a live body of this world.
 */
export function isAwake(world: PhysicsWorld, eid: number): boolean {
  return (bodyState(world, eid).bodies.flags[eid]! & BodyFlag.awake) !== 0;
}

/**
 * Body-local point → world point.
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE`, `INVALID_ARGUMENT` (see {@link PhysicsErrorCode}).
 */
export function getWorldPoint(world: PhysicsWorld, eid: number, local: Vec2Like): { x: number; y: number } {
  const t = bodyState(world, eid).bodies.transform;
  checkVec2(local, 'localPoint');
  const c = t.c[eid]!;
  const s = t.s[eid]!;
  return { x: t.x[eid]! + c * local.x - s * local.y, y: t.y[eid]! + s * local.x + c * local.y };
}

/**
 * World point → body-local point.
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE`, `INVALID_ARGUMENT` (see {@link PhysicsErrorCode}).
 */
export function getLocalPoint(world: PhysicsWorld, eid: number, point: Vec2Like): { x: number; y: number } {
  const t = bodyState(world, eid).bodies.transform;
  checkVec2(point, 'point');
  const c = t.c[eid]!;
  const s = t.s[eid]!;
  const dx = point.x - t.x[eid]!;
  const dy = point.y - t.y[eid]!;
  return { x: c * dx + s * dy, y: -s * dx + c * dy };
}

/** Wakes a body and its island (a user change to a body must reach the bodies resting on it). */
export function wake(p: PhysicsState, eid: number): void {
  wakeIsland(p, eid);
}

/**
 * Wakes (true) or puts to sleep (false) the body together with everything it touches or is jointed to.
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE`, `WORLD_LOCKED` (see {@link PhysicsErrorCode}).
 */
export function setAwake(world: PhysicsWorld, eid: number, flag: boolean): void {
  const p = mutableBodyState(world, eid);
  if (flag) wakeIsland(p, eid);
  else sleepIsland(p, eid);
}

/**
 * Whether this body may fall asleep when it comes to rest.
 *
 * @throws PhysicsError `NOT_A_BODY` or `STALE_HANDLE` if `eid` is not a live body of this world.
 */
export function isSleepEnabled(world: PhysicsWorld, eid: number): boolean {
  return (bodyState(world, eid).bodies.flags[eid]! & BodyFlag.enableSleep) !== 0;
}

/**
 * Allows or forbids this body to sleep; forbidding wakes it.
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE`, `WORLD_LOCKED` (see {@link PhysicsErrorCode}).
 */
export function setSleepEnabled(world: PhysicsWorld, eid: number, flag: boolean): void {
  const p = mutableBodyState(world, eid);
  const b = p.bodies;
  b.flags[eid] = flag ? b.flags[eid]! | BodyFlag.enableSleep : b.flags[eid]! & ~BodyFlag.enableSleep;
  if (!flag) wakeIsland(p, eid);
}
