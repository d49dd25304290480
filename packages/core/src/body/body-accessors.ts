import { atan2, cosSin } from '../math/trig.js';
import { destroyBodyContacts, wakeTouching } from '../lifecycle/contact-lifecycle.js';
import { checkFinite, checkNonNegative, checkVec2, PhysicsError } from '../errors.js';
import { rebuildBodyProxies, synchronizeBodyProxies } from '../lifecycle/shape-proxy.js';
import type { PhysicsWorld } from '../state/physics-state.js';
import { bodyIndex, unlockedState } from './body-api.js';
import type { Vec2Like } from '../math/vec2.js';
import { updateBodyMass } from '../lifecycle/body-mass.js';
import { sleepIsland, wakeIsland } from '../lifecycle/body-sleep.js';
import { BodyFlag, BodyType, type BodyTypeName } from '../state/body-store.js';
import type { BodyId } from '../handles.js';

// Getters allocate a small {x, y} for API convenience; render systems read `world.physics.transform` columns instead.

/** cos and sin of an angle set through the API. */
const cosSinScratch = new Float64Array(2);
/**
 * The body origin's position, world (m). Allocates the result: render systems read `world.physics.transform`.
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` unless `body` is a live body of this world.
 */
export function getPosition(world: PhysicsWorld, body: BodyId): { x: number; y: number } {
  const eid = bodyIndex(world, body);
  const t = world.physics.bodies.transform;
  return { x: t.x[eid], y: t.y[eid] };
}

/** Body rotation (rad) in (−π, π]. */
export function getAngle(world: PhysicsWorld, body: BodyId): number {
  const eid = bodyIndex(world, body);
  const t = world.physics.bodies.transform;
  return atan2(t.s[eid], t.c[eid]);
}

/** Centre of mass, world (m). */
export function getWorldCenter(world: PhysicsWorld, body: BodyId): { x: number; y: number } {
  const eid = bodyIndex(world, body);
  const b = world.physics.bodies;
  return { x: b.centerX[eid], y: b.centerY[eid] };
}

/** Centre of mass, body-local (m). */
export function getLocalCenter(world: PhysicsWorld, body: BodyId): { x: number; y: number } {
  const eid = bodyIndex(world, body);
  const b = world.physics.bodies;
  return { x: b.localCenterX[eid], y: b.localCenterY[eid] };
}

/** Teleports the body (origin position and angle). Contacts are re-evaluated next step. */
export function setTransform(world: PhysicsWorld, body: BodyId, position: Vec2Like, angle: number): void {
  const eid = bodyIndex(world, body);
  const p = unlockedState(world);
  checkVec2(position, 'position');
  checkFinite(angle, 'angle');
  const b = p.bodies;
  const t = b.transform;
  cosSin(angle, cosSinScratch);
  const c = cosSinScratch[0];
  const s = cosSinScratch[1];
  t.x[eid] = position.x;
  t.y[eid] = position.y;
  t.c[eid] = c;
  t.s[eid] = s;
  const lcx = b.localCenterX[eid];
  const lcy = b.localCenterY[eid];
  b.centerX[eid] = position.x + c * lcx - s * lcy;
  b.centerY[eid] = position.y + s * lcx + c * lcy;
  b.center0X[eid] = b.centerX[eid];
  b.center0Y[eid] = b.centerY[eid];
  synchronizeBodyProxies(p, eid);
  wakeIsland(p, eid);
}

/**
 * Teleports the body's origin to `position` (m), keeping its angle; as setTransform.
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE`, `INVALID_ARGUMENT` (non-finite position), `WORLD_LOCKED`.
 */
export function setPosition(world: PhysicsWorld, body: BodyId, position: Vec2Like): void {
  setTransform(world, body, position, getAngle(world, body));
}

/**
 * Turns the body about its origin to `angle` (rad), keeping its position; as setTransform.
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE`, `INVALID_ARGUMENT` (non-finite angle), `WORLD_LOCKED`.
 */
export function setAngle(world: PhysicsWorld, body: BodyId, angle: number): void {
  const eid = bodyIndex(world, body);
  const t = world.physics.bodies.transform;
  setTransform(world, body, { x: t.x[eid], y: t.y[eid] }, angle);
}

/** Linear velocity of the centre of mass (m/s). */
export function getLinearVelocity(world: PhysicsWorld, body: BodyId): { x: number; y: number } {
  const eid = bodyIndex(world, body);
  const b = world.physics.bodies;
  return { x: b.vx[eid], y: b.vy[eid] };
}

/**
 * Sets the linear velocity of the body's centre of mass (m/s); a non-zero velocity wakes the body. Ignored for static
 * bodies; a component along a locked axis (setMotionLocks) is dropped by the next step.
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE`, `INVALID_ARGUMENT` (non-finite velocity), `WORLD_LOCKED`.
 */
export function setLinearVelocity(world: PhysicsWorld, body: BodyId, v: Vec2Like): void {
  const eid = bodyIndex(world, body);
  const p = unlockedState(world);
  checkVec2(v, 'linearVelocity');
  const b = p.bodies;
  if (b.type[eid] === BodyType.static) return;
  b.vx[eid] = v.x;
  b.vy[eid] = v.y;
  if (v.x !== 0 || v.y !== 0) wakeIsland(p, eid);
}

/**
 * The body's angular velocity (rad/s, counter-clockwise).
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` unless `body` is a live body of this world.
 */
export function getAngularVelocity(world: PhysicsWorld, body: BodyId): number {
  const eid = bodyIndex(world, body);
  return world.physics.bodies.w[eid];
}

/**
 * Sets the body's angular velocity (rad/s, counter-clockwise); a non-zero value wakes the body. Ignored for static
 * bodies and bodies whose rotation is locked (setFixedRotation, setMotionLocks).
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE`, `INVALID_ARGUMENT` (non-finite value), `WORLD_LOCKED`.
 */
export function setAngularVelocity(world: PhysicsWorld, body: BodyId, w: number): void {
  const eid = bodyIndex(world, body);
  const p = unlockedState(world);
  checkFinite(w, 'angularVelocity');
  const b = p.bodies;
  if (b.type[eid] === BodyType.static || (b.flags[eid] & BodyFlag.fixedRotation) !== 0) return;
  b.w[eid] = w;
  if (w !== 0) wakeIsland(p, eid);
}

/** Velocity of a world point attached to the body (m/s). */
export function getLinearVelocityAtPoint(world: PhysicsWorld, body: BodyId, point: Vec2Like): { x: number; y: number } {
  const eid = bodyIndex(world, body);
  const b = world.physics.bodies;
  checkVec2(point, 'point');
  const w = b.w[eid];
  return { x: b.vx[eid] - w * (point.y - b.centerY[eid]), y: b.vy[eid] + w * (point.x - b.centerX[eid]) };
}

/** Adds a force (N) at a world point (default: centre of mass); it acts during the next step, then is cleared. */
export function applyForce(
  world: PhysicsWorld,
  body: BodyId,
  force: Vec2Like,
  point?: Vec2Like,
  wakeBody = true,
): void {
  const eid = bodyIndex(world, body);
  const p = unlockedState(world);
  checkVec2(force, 'force');
  if (point !== undefined) checkVec2(point, 'point');
  const b = p.bodies;
  if (b.type[eid] !== BodyType.dynamic) return;
  if (wakeBody) wakeIsland(p, eid);
  b.forceX[eid] = b.forceX[eid] + force.x;
  b.forceY[eid] = b.forceY[eid] + force.y;
  if (point !== undefined) {
    b.torque[eid] = b.torque[eid] + (point.x - b.centerX[eid]) * force.y - (point.y - b.centerY[eid]) * force.x;
  }
}

/** Adds a torque (N m) for the next step. */
export function applyTorque(world: PhysicsWorld, body: BodyId, torque: number, wakeBody = true): void {
  const eid = bodyIndex(world, body);
  const p = unlockedState(world);
  checkFinite(torque, 'torque');
  const b = p.bodies;
  if (b.type[eid] !== BodyType.dynamic) return;
  if (wakeBody) wakeIsland(p, eid);
  b.torque[eid] = b.torque[eid] + torque;
}

/**
 * Applies an impulse (N s) at a world point (default: centre of mass): changes velocity at once.
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE`, `INVALID_ARGUMENT`, `WORLD_LOCKED` (see {@link PhysicsErrorCode}).
 */
export function applyLinearImpulse(
  world: PhysicsWorld,
  body: BodyId,
  impulse: Vec2Like,
  point?: Vec2Like,
  wakeBody = true,
): void {
  const eid = bodyIndex(world, body);
  const p = unlockedState(world);
  checkVec2(impulse, 'impulse');
  if (point !== undefined) checkVec2(point, 'point');
  const b = p.bodies;
  if (b.type[eid] !== BodyType.dynamic) return;
  if (wakeBody) wakeIsland(p, eid);
  const im = b.invMass[eid];
  b.vx[eid] = b.vx[eid] + im * impulse.x;
  b.vy[eid] = b.vy[eid] + im * impulse.y;
  if (point !== undefined) {
    const rx = point.x - b.centerX[eid];
    const ry = point.y - b.centerY[eid];
    b.w[eid] = b.w[eid] + b.invInertia[eid] * (rx * impulse.y - ry * impulse.x);
  }
}

/** Applies an angular impulse (N m s). */
export function applyAngularImpulse(world: PhysicsWorld, body: BodyId, impulse: number, wakeBody = true): void {
  const eid = bodyIndex(world, body);
  const p = unlockedState(world);
  checkFinite(impulse, 'impulse');
  const b = p.bodies;
  if (b.type[eid] !== BodyType.dynamic) return;
  if (wakeBody) wakeIsland(p, eid);
  b.w[eid] = b.w[eid] + b.invInertia[eid] * impulse;
}

/**
 * The body's mass (kg): from its shapes' densities, or as setMassData set it; 0 for static and kinematic bodies.
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` unless `body` is a live body of this world.
 */
export function getMass(world: PhysicsWorld, body: BodyId): number {
  const eid = bodyIndex(world, body);
  return world.physics.bodies.mass[eid];
}

/** Rotational inertia about the centre of mass (kg m²). */
export function getInertia(world: PhysicsWorld, body: BodyId): number {
  const eid = bodyIndex(world, body);
  return world.physics.bodies.inertia[eid];
}

/**
 * The body's type: 'static', 'kinematic' or 'dynamic'.
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` unless `body` is a live body of this world.
 */
export function getBodyType(world: PhysicsWorld, body: BodyId): BodyTypeName {
  const eid = bodyIndex(world, body);
  const t = world.physics.bodies.type[eid];
  return t === BodyType.static ? 'static' : t === BodyType.kinematic ? 'kinematic' : 'dynamic';
}

/** Changes the body type; mass, contacts and broadphase proxies are rebuilt. */
export function setBodyType(world: PhysicsWorld, body: BodyId, type: BodyTypeName): void {
  const eid = bodyIndex(world, body);
  const p = unlockedState(world);
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
  if (id === BodyType.static) b.flags[eid] = b.flags[eid] & ~BodyFlag.awake;
  else wakeIsland(p, eid);
}

/**
 * The factor by which world gravity acts on this body.
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` unless `body` is a live body of this world.
 */
export function getGravityScale(world: PhysicsWorld, body: BodyId): number {
  const eid = bodyIndex(world, body);
  return world.physics.bodies.gravityScale[eid];
}

/**
 * Sets the factor by which world gravity acts on this body (0: no gravity, −1: it falls up) and wakes it.
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE`, `INVALID_ARGUMENT` (non-finite scale), `WORLD_LOCKED`.
 */
export function setGravityScale(world: PhysicsWorld, body: BodyId, scale: number): void {
  const eid = bodyIndex(world, body);
  const p = unlockedState(world);
  checkFinite(scale, 'gravityScale');
  p.bodies.gravityScale[eid] = scale;
  wakeIsland(p, eid);
}

/**
 * The body's linear damping (1/s).
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` unless `body` is a live body of this world.
 */
export function getLinearDamping(world: PhysicsWorld, body: BodyId): number {
  const eid = bodyIndex(world, body);
  return world.physics.bodies.linearDamping[eid];
}

/**
 * Sets the body's linear damping (1/s, ≥ 0): each substep v ← v / (1 + h·damping).
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE`, `INVALID_ARGUMENT` (negative or non-finite), `WORLD_LOCKED`.
 */
export function setLinearDamping(world: PhysicsWorld, body: BodyId, damping: number): void {
  const eid = bodyIndex(world, body);
  const p = unlockedState(world);
  checkNonNegative(damping, 'linearDamping');
  p.bodies.linearDamping[eid] = damping;
}

/**
 * The body's angular damping (1/s).
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` unless `body` is a live body of this world.
 */
export function getAngularDamping(world: PhysicsWorld, body: BodyId): number {
  const eid = bodyIndex(world, body);
  return world.physics.bodies.angularDamping[eid];
}

/**
 * Sets the body's angular damping (1/s, ≥ 0), as setLinearDamping for the angular velocity.
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE`, `INVALID_ARGUMENT` (negative or non-finite), `WORLD_LOCKED`.
 */
export function setAngularDamping(world: PhysicsWorld, body: BodyId, damping: number): void {
  const eid = bodyIndex(world, body);
  const p = unlockedState(world);
  checkNonNegative(damping, 'angularDamping');
  p.bodies.angularDamping[eid] = damping;
}

/**
 * Whether the body's rotation is locked (setFixedRotation; the `angular` motion lock of getMotionLocks).
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` unless `body` is a live body of this world.
 */
export function isFixedRotation(world: PhysicsWorld, body: BodyId): boolean {
  const eid = bodyIndex(world, body);
  return (world.physics.bodies.flags[eid] & BodyFlag.fixedRotation) !== 0;
}

/**
 * Locks (true) or frees the body's rotation: shorthand for setMotionLocks(world, body, { angular: flag }). Locking
 * stops its spin; its mass is computed again from its shapes (dropping a setMassData override).
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE`, `WORLD_LOCKED`.
 */
export function setFixedRotation(world: PhysicsWorld, body: BodyId, flag: boolean): void {
  const eid = bodyIndex(world, body);
  const p = unlockedState(world);
  const b = p.bodies;
  b.flags[eid] = flag ? b.flags[eid] | BodyFlag.fixedRotation : b.flags[eid] & ~BodyFlag.fixedRotation;
  if (flag) b.w[eid] = 0;
  updateBodyMass(p, eid);
}

/**
 * Whether the body is a bullet (continuous collision against dynamic bodies too).
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` unless `body` is a live body of this world.
 */
export function isBullet(world: PhysicsWorld, body: BodyId): boolean {
  const eid = bodyIndex(world, body);
  return (world.physics.bodies.flags[eid] & BodyFlag.bullet) !== 0;
}

/**
 * Makes the body a bullet (true) or not: a fast bullet is swept against dynamic and kinematic bodies as well as
 * static ones, for small fast bodies that must not pass through others.
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE`, `WORLD_LOCKED`.
 */
export function setBullet(world: PhysicsWorld, body: BodyId, flag: boolean): void {
  const eid = bodyIndex(world, body);
  const p = unlockedState(world);
  const b = p.bodies;
  b.flags[eid] = flag ? b.flags[eid] | BodyFlag.bullet : b.flags[eid] & ~BodyFlag.bullet;
}

/**
 * Whether the body is awake (simulated this step); static and disabled bodies never are.
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` unless `body` is a live body of this world.
 */
export function isAwake(world: PhysicsWorld, body: BodyId): boolean {
  const eid = bodyIndex(world, body);
  return (world.physics.bodies.flags[eid] & BodyFlag.awake) !== 0;
}

/** Body-local point → world point. */
export function getWorldPoint(world: PhysicsWorld, body: BodyId, local: Vec2Like): { x: number; y: number } {
  const eid = bodyIndex(world, body);
  const t = world.physics.bodies.transform;
  checkVec2(local, 'localPoint');
  const c = t.c[eid];
  const s = t.s[eid];
  return { x: t.x[eid] + c * local.x - s * local.y, y: t.y[eid] + s * local.x + c * local.y };
}

/** World point → body-local point. */
export function getLocalPoint(world: PhysicsWorld, body: BodyId, point: Vec2Like): { x: number; y: number } {
  const eid = bodyIndex(world, body);
  const t = world.physics.bodies.transform;
  checkVec2(point, 'point');
  const c = t.c[eid];
  const s = t.s[eid];
  const dx = point.x - t.x[eid];
  const dy = point.y - t.y[eid];
  return { x: c * dx + s * dy, y: -s * dx + c * dy };
}

/** Wakes (true) or puts to sleep (false) the body together with everything it touches or is jointed to. */
export function setAwake(world: PhysicsWorld, body: BodyId, flag: boolean): void {
  const eid = bodyIndex(world, body);
  const p = unlockedState(world);
  if (flag) wakeIsland(p, eid);
  else sleepIsland(p, eid);
}

/**
 * Whether the body may fall asleep (setSleepEnabled).
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` unless `body` is a live body of this world.
 */
export function isSleepEnabled(world: PhysicsWorld, body: BodyId): boolean {
  const eid = bodyIndex(world, body);
  return (world.physics.bodies.flags[eid] & BodyFlag.enableSleep) !== 0;
}

/** Allows or forbids this body to sleep; forbidding wakes it. */
export function setSleepEnabled(world: PhysicsWorld, body: BodyId, flag: boolean): void {
  const eid = bodyIndex(world, body);
  const p = unlockedState(world);
  const b = p.bodies;
  b.flags[eid] = flag ? b.flags[eid] | BodyFlag.enableSleep : b.flags[eid] & ~BodyFlag.enableSleep;
  if (!flag) wakeIsland(p, eid);
}
