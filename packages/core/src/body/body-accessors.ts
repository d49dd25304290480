import { atan2, cosSin } from '../math/trig.js';
import { destroyBodyContacts, wakeTouching } from '../lifecycle/contact-lifecycle.js';
import { checkFinite, checkNonNegative, checkVec2, PhysicsError } from '../errors.js';
import { rebuildBodyProxies, synchronizeBodyProxies } from '../lifecycle/shape-proxy.js';
import type { PhysicsState, PhysicsWorld } from '../state/physics-state.js';
import { bodyIndex, unlockedState } from './body-api.js';
import type { Vec2Like } from '../math/vec2.js';
import { updateBodyMass } from '../lifecycle/body-mass.js';
import { sleepIsland, wakeIsland } from '../lifecycle/body-sleep.js';
import { BodyFlag, BodyType, type BodyTypeName } from '../state/body-store.js';

// Getters allocate a small {x, y} for API convenience; render systems read `world.physics.transform` columns instead.

/** cos and sin of an angle set through the API. */
const cosSinScratch = new Float64Array(2);
/**
 * World position of the body origin (m). Allocates a small object; per-frame code reads
 * `world.physics.transform.x[eid]` and `.y[eid]` instead.
 */
export function getPosition(world: PhysicsWorld, body: number): { x: number; y: number } {
  const eid = bodyIndex(world, body);
  const t = world.physics.bodies.transform;
  return { x: t.x[eid], y: t.y[eid] };
}

/** Body rotation (rad) in (−π, π]. */
export function getAngle(world: PhysicsWorld, body: number): number {
  const eid = bodyIndex(world, body);
  const t = world.physics.bodies.transform;
  return atan2(t.s[eid], t.c[eid]);
}

/** Centre of mass, world (m). */
export function getWorldCenter(world: PhysicsWorld, body: number): { x: number; y: number } {
  const eid = bodyIndex(world, body);
  const b = world.physics.bodies;
  return { x: b.centerX[eid], y: b.centerY[eid] };
}

/** Centre of mass, body-local (m). */
export function getLocalCenter(world: PhysicsWorld, body: number): { x: number; y: number } {
  const eid = bodyIndex(world, body);
  const b = world.physics.bodies;
  return { x: b.localCenterX[eid], y: b.localCenterY[eid] };
}

/** Teleports the body (origin position and angle). Contacts are re-evaluated next step. */
export function setTransform(world: PhysicsWorld, body: number, position: Vec2Like, angle: number): void {
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
  wake(p, eid);
}

/** Moves the body origin to a world position (m), keeping its angle: a teleport (see setTransform). Wakes the body. */
export function setPosition(world: PhysicsWorld, body: number, position: Vec2Like): void {
  setTransform(world, body, position, getAngle(world, body));
}

/**
 * Turns the body to an angle (rad, counter-clockwise) about its origin, keeping its position: a teleport (see
 * setTransform). Wakes the body.
 */
export function setAngle(world: PhysicsWorld, body: number, angle: number): void {
  const eid = bodyIndex(world, body);
  const t = world.physics.bodies.transform;
  setTransform(world, body, { x: t.x[eid], y: t.y[eid] }, angle);
}

/** Linear velocity of the centre of mass (m/s). */
export function getLinearVelocity(world: PhysicsWorld, body: number): { x: number; y: number } {
  const eid = bodyIndex(world, body);
  const b = world.physics.bodies;
  return { x: b.vx[eid], y: b.vy[eid] };
}

/**
 * Sets the linear velocity of the centre of mass (m/s). Ignored on a static body; a non-zero velocity wakes the body.
 */
export function setLinearVelocity(world: PhysicsWorld, body: number, v: Vec2Like): void {
  const eid = bodyIndex(world, body);
  const p = unlockedState(world);
  checkVec2(v, 'linearVelocity');
  const b = p.bodies;
  if (b.type[eid] === BodyType.static) return;
  b.vx[eid] = v.x;
  b.vy[eid] = v.y;
  if (v.x !== 0 || v.y !== 0) wake(p, eid);
}

/** Angular velocity (rad/s, counter-clockwise positive). */
export function getAngularVelocity(world: PhysicsWorld, body: number): number {
  const eid = bodyIndex(world, body);
  return world.physics.bodies.w[eid];
}

/**
 * Sets the angular velocity (rad/s, counter-clockwise positive). Ignored on a static body and on a body with fixed
 * rotation; a non-zero value wakes the body.
 */
export function setAngularVelocity(world: PhysicsWorld, body: number, w: number): void {
  const eid = bodyIndex(world, body);
  const p = unlockedState(world);
  checkFinite(w, 'angularVelocity');
  const b = p.bodies;
  if (b.type[eid] === BodyType.static || (b.flags[eid] & BodyFlag.fixedRotation) !== 0) return;
  b.w[eid] = w;
  if (w !== 0) wake(p, eid);
}

/** Velocity of a world point attached to the body (m/s). */
export function getLinearVelocityAtPoint(world: PhysicsWorld, body: number, point: Vec2Like): { x: number; y: number } {
  const eid = bodyIndex(world, body);
  const b = world.physics.bodies;
  checkVec2(point, 'point');
  const w = b.w[eid];
  return { x: b.vx[eid] - w * (point.y - b.centerY[eid]), y: b.vy[eid] + w * (point.x - b.centerX[eid]) };
}

/** Adds a force (N) at a world point (default: centre of mass); it acts during the next step, then is cleared. */
export function applyForce(
  world: PhysicsWorld,
  body: number,
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
  if (wakeBody) wake(p, eid);
  b.forceX[eid] = b.forceX[eid] + force.x;
  b.forceY[eid] = b.forceY[eid] + force.y;
  if (point !== undefined) {
    b.torque[eid] = b.torque[eid] + (point.x - b.centerX[eid]) * force.y - (point.y - b.centerY[eid]) * force.x;
  }
}

/** Adds a torque (N m) for the next step. */
export function applyTorque(world: PhysicsWorld, body: number, torque: number, wakeBody = true): void {
  const eid = bodyIndex(world, body);
  const p = unlockedState(world);
  checkFinite(torque, 'torque');
  const b = p.bodies;
  if (b.type[eid] !== BodyType.dynamic) return;
  if (wakeBody) wake(p, eid);
  b.torque[eid] = b.torque[eid] + torque;
}

/**
 * Applies an impulse (N s) at a world point (default: centre of mass): changes velocity at once.
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE`, `INVALID_ARGUMENT`, `WORLD_LOCKED` (see {@link PhysicsErrorCode}).
 */
export function applyLinearImpulse(
  world: PhysicsWorld,
  body: number,
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
  if (wakeBody) wake(p, eid);
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
export function applyAngularImpulse(world: PhysicsWorld, body: number, impulse: number, wakeBody = true): void {
  const eid = bodyIndex(world, body);
  const p = unlockedState(world);
  checkFinite(impulse, 'impulse');
  const b = p.bodies;
  if (b.type[eid] !== BodyType.dynamic) return;
  if (wakeBody) wake(p, eid);
  b.w[eid] = b.w[eid] + b.invInertia[eid] * impulse;
}

/** Mass (kg), from the densities and areas of the body's shapes; 0 for static and kinematic bodies. */
export function getMass(world: PhysicsWorld, body: number): number {
  const eid = bodyIndex(world, body);
  return world.physics.bodies.mass[eid];
}

/** Rotational inertia about the centre of mass (kg m²). */
export function getInertia(world: PhysicsWorld, body: number): number {
  const eid = bodyIndex(world, body);
  return world.physics.bodies.inertia[eid];
}

/** The body type: 'static', 'kinematic' or 'dynamic'. */
export function getBodyType(world: PhysicsWorld, body: number): BodyTypeName {
  const eid = bodyIndex(world, body);
  const t = world.physics.bodies.type[eid];
  return t === BodyType.static ? 'static' : t === BodyType.kinematic ? 'kinematic' : 'dynamic';
}

/** Changes the body type; mass, contacts and broadphase proxies are rebuilt. */
export function setBodyType(world: PhysicsWorld, body: number, type: BodyTypeName): void {
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
  else wake(p, eid);
}

/** The factor this body multiplies the world's gravity by (1: normal, 0: floats). */
export function getGravityScale(world: PhysicsWorld, body: number): number {
  const eid = bodyIndex(world, body);
  return world.physics.bodies.gravityScale[eid];
}

/**
 * Sets the factor this body multiplies the world's gravity by (finite; 0 floats, negative falls upward). Wakes the
 * body.
 */
export function setGravityScale(world: PhysicsWorld, body: number, scale: number): void {
  const eid = bodyIndex(world, body);
  const p = unlockedState(world);
  checkFinite(scale, 'gravityScale');
  p.bodies.gravityScale[eid] = scale;
  wake(p, eid);
}

/** Linear damping (1/s): how fast the body's linear velocity decays without contact. */
export function getLinearDamping(world: PhysicsWorld, body: number): number {
  const eid = bodyIndex(world, body);
  return world.physics.bodies.linearDamping[eid];
}

/** Sets the linear damping (1/s, ≥ 0): the velocity decays by the factor 1 / (1 + h · damping) each substep h. */
export function setLinearDamping(world: PhysicsWorld, body: number, damping: number): void {
  const eid = bodyIndex(world, body);
  const p = unlockedState(world);
  checkNonNegative(damping, 'linearDamping');
  p.bodies.linearDamping[eid] = damping;
}

/** Angular damping (1/s): how fast the body's rotation decays without contact. */
export function getAngularDamping(world: PhysicsWorld, body: number): number {
  const eid = bodyIndex(world, body);
  return world.physics.bodies.angularDamping[eid];
}

/** Sets the angular damping (1/s, ≥ 0), applied as the linear damping is. */
export function setAngularDamping(world: PhysicsWorld, body: number, damping: number): void {
  const eid = bodyIndex(world, body);
  const p = unlockedState(world);
  checkNonNegative(damping, 'angularDamping');
  p.bodies.angularDamping[eid] = damping;
}

/** Whether the body is kept from rotating (infinite rotational inertia). */
export function isFixedRotation(world: PhysicsWorld, body: number): boolean {
  const eid = bodyIndex(world, body);
  return (world.physics.bodies.flags[eid] & BodyFlag.fixedRotation) !== 0;
}

/**
 * Keeps the body from rotating (true: its angular velocity becomes 0 and its rotational inertia infinite) or lets it
 * rotate again; the mass data is recomputed.
 */
export function setFixedRotation(world: PhysicsWorld, body: number, flag: boolean): void {
  const eid = bodyIndex(world, body);
  const p = unlockedState(world);
  const b = p.bodies;
  b.flags[eid] = flag ? b.flags[eid] | BodyFlag.fixedRotation : b.flags[eid] & ~BodyFlag.fixedRotation;
  if (flag) b.w[eid] = 0;
  updateBodyMass(p, eid);
}

/**
 * Whether the body is a bullet: swept against dynamic bodies too by continuous collision, not only against static
 * ones.
 */
export function isBullet(world: PhysicsWorld, body: number): boolean {
  const eid = bodyIndex(world, body);
  return (world.physics.bodies.flags[eid] & BodyFlag.bullet) !== 0;
}

/** Makes the body a bullet (continuous collision against dynamic bodies too, for small fast bodies) or a plain body. */
export function setBullet(world: PhysicsWorld, body: number, flag: boolean): void {
  const eid = bodyIndex(world, body);
  const p = unlockedState(world);
  const b = p.bodies;
  b.flags[eid] = flag ? b.flags[eid] | BodyFlag.bullet : b.flags[eid] & ~BodyFlag.bullet;
}

/** Whether the body is awake (sleeping bodies are not simulated until something wakes them). */
export function isAwake(world: PhysicsWorld, body: number): boolean {
  const eid = bodyIndex(world, body);
  return (world.physics.bodies.flags[eid] & BodyFlag.awake) !== 0;
}

/** Body-local point → world point. */
export function getWorldPoint(world: PhysicsWorld, body: number, local: Vec2Like): { x: number; y: number } {
  const eid = bodyIndex(world, body);
  const t = world.physics.bodies.transform;
  checkVec2(local, 'localPoint');
  const c = t.c[eid];
  const s = t.s[eid];
  return { x: t.x[eid] + c * local.x - s * local.y, y: t.y[eid] + s * local.x + c * local.y };
}

/** World point → body-local point. */
export function getLocalPoint(world: PhysicsWorld, body: number, point: Vec2Like): { x: number; y: number } {
  const eid = bodyIndex(world, body);
  const t = world.physics.bodies.transform;
  checkVec2(point, 'point');
  const c = t.c[eid];
  const s = t.s[eid];
  const dx = point.x - t.x[eid];
  const dy = point.y - t.y[eid];
  return { x: c * dx + s * dy, y: -s * dx + c * dy };
}

/** Wakes a body and its island (a user change to a body must reach the bodies resting on it). */
export function wake(p: PhysicsState, eid: number): void {
  wakeIsland(p, eid);
}

/** Wakes (true) or puts to sleep (false) the body together with everything it touches or is jointed to. */
export function setAwake(world: PhysicsWorld, body: number, flag: boolean): void {
  const eid = bodyIndex(world, body);
  const p = unlockedState(world);
  if (flag) wakeIsland(p, eid);
  else sleepIsland(p, eid);
}

/** Whether the body may fall asleep when it rests. */
export function isSleepEnabled(world: PhysicsWorld, body: number): boolean {
  const eid = bodyIndex(world, body);
  return (world.physics.bodies.flags[eid] & BodyFlag.enableSleep) !== 0;
}

/** Allows or forbids this body to sleep; forbidding wakes it. */
export function setSleepEnabled(world: PhysicsWorld, body: number, flag: boolean): void {
  const eid = bodyIndex(world, body);
  const p = unlockedState(world);
  const b = p.bodies;
  b.flags[eid] = flag ? b.flags[eid] | BodyFlag.enableSleep : b.flags[eid] & ~BodyFlag.enableSleep;
  if (!flag) wakeIsland(p, eid);
}
