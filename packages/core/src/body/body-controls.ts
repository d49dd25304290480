import { PhysicsError, checkNonNegative, checkPositive, checkVec2 } from '../errors.js';
import type { BodyId } from '../handles.js';
import { disableBody, enableBody } from '../lifecycle/body-enable.js';
import { setBodyMass, updateBodyMass } from '../lifecycle/body-mass.js';
import type { Vec2Like } from '../math/vec2.js';
import { BodyFlag, BodyType } from '../state/body-store.js';
import type { PhysicsWorld } from '../state/physics-state.js';
import { bodyIndex, unlockedState } from './body-api.js';
import type { MotionLocks } from './body-def.js';

/**
 * A body's mass properties, as getMassData gives them and setMassData takes them: mass (kg), centre of mass
 * (body-local, m) and rotational inertia about the centre of mass (kg m²).
 */
export interface MassData {
  mass: number;
  center: { x: number; y: number };
  rotationalInertia: number;
}

function checkFlag(v: unknown, what: string): void {
  if (typeof v !== 'boolean') throw new PhysicsError('INVALID_ARGUMENT', `${what} must be a boolean, got ${String(v)}`);
}

/**
 * Takes the body out of the simulation (false) or puts it back (true), as Box2D's b2Body_Disable / b2Body_Enable. A
 * disabled body keeps its shapes, joints, pose, velocity and mass but is not simulated, not awake, and absent from
 * the broadphase (queries do not find it, nothing collides with it); its contacts are destroyed (touching ones report
 * contact end) and the joints to it hold nothing while it is disabled. Disabling wakes what rests on it or hangs from
 * it. Enabling puts it back as it was, awake (unless static): its contacts are found again on the next step.
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE`, `INVALID_ARGUMENT` (not a boolean), `WORLD_LOCKED`.
 */
export function setBodyEnabled(world: PhysicsWorld, body: BodyId, enabled: boolean): void {
  const eid = bodyIndex(world, body);
  const p = unlockedState(world);
  checkFlag(enabled, 'enabled');
  const disabled = (p.bodies.flags[eid] & BodyFlag.disabled) !== 0;
  if (enabled && disabled) enableBody(p, eid);
  else if (!enabled && !disabled) disableBody(p, eid);
}

/**
 * Whether the body takes part in the simulation (setBodyEnabled).
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` unless `body` is a live body of this world.
 */
export function isBodyEnabled(world: PhysicsWorld, body: BodyId): boolean {
  const eid = bodyIndex(world, body);
  return (world.physics.bodies.flags[eid] & BodyFlag.disabled) === 0;
}

/**
 * Locks or frees the body's motion along world x, world y and its rotation (Box2D v3's b2Body_SetMotionLocks); fields
 * left out keep their current values. A locked linear axis: the solver drops the body's velocity along it before
 * every position update (a constraint that comes last), so it never moves along it; contacts and joints still push
 * it. A locked angle is setFixedRotation: zero inverse inertia, its spin stopped, its mass computed again from its
 * shapes. Locking an axis zeroes the velocity along it.
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE`, `INVALID_ARGUMENT` (a field that is not a boolean),
 *   `WORLD_LOCKED`.
 */
export function setMotionLocks(world: PhysicsWorld, body: BodyId, locks: Partial<MotionLocks>): void {
  const eid = bodyIndex(world, body);
  const p = unlockedState(world);
  if (locks === null || typeof locks !== 'object') {
    throw new PhysicsError('INVALID_ARGUMENT', `locks must be an object, got ${String(locks)}`);
  }
  const next: MotionLocks = { ...readLocks(p.bodies.flags[eid]), ...locks };
  checkFlag(next.linearX, 'locks.linearX');
  checkFlag(next.linearY, 'locks.linearY');
  checkFlag(next.angular, 'locks.angular');
  const b = p.bodies;
  const old = b.flags[eid];
  let flags = old & ~(BodyFlag.lockLinearX | BodyFlag.lockLinearY | BodyFlag.fixedRotation);
  if (next.linearX) flags |= BodyFlag.lockLinearX;
  if (next.linearY) flags |= BodyFlag.lockLinearY;
  if (next.angular) flags |= BodyFlag.fixedRotation;
  b.flags[eid] = flags;
  if (next.linearX) b.vx[eid] = 0;
  if (next.linearY) b.vy[eid] = 0;
  if (next.angular) b.w[eid] = 0;
  if ((old & BodyFlag.fixedRotation) !== (flags & BodyFlag.fixedRotation)) updateBodyMass(p, eid);
}

/**
 * The body's motion locks (setMotionLocks), as a new object.
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` unless `body` is a live body of this world.
 */
export function getMotionLocks(world: PhysicsWorld, body: BodyId): MotionLocks {
  const eid = bodyIndex(world, body);
  return readLocks(world.physics.bodies.flags[eid]);
}

function readLocks(flags: number): MotionLocks {
  return {
    linearX: (flags & BodyFlag.lockLinearX) !== 0,
    linearY: (flags & BodyFlag.lockLinearY) !== 0,
    angular: (flags & BodyFlag.fixedRotation) !== 0,
  };
}

/**
 * The body's mass properties: mass (kg), centre of mass (body-local, m) and rotational inertia about it (kg m²); all
 * zero for static and kinematic bodies. Allocates the result.
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` unless `body` is a live body of this world.
 */
export function getMassData(world: PhysicsWorld, body: BodyId): MassData {
  const eid = bodyIndex(world, body);
  const b = world.physics.bodies;
  return {
    mass: b.mass[eid],
    center: { x: b.localCenterX[eid], y: b.localCenterY[eid] },
    rotationalInertia: b.inertia[eid],
  };
}

/**
 * Overrides a dynamic body's mass properties (Box2D's b2Body_SetMassData): mass (kg, > 0), centre of mass (body-local,
 * m) and rotational inertia about the centre (kg m², ≥ 0; 0 or a locked rotation: the body does not turn). The
 * centre's velocity is kept consistent with the body's motion. The override holds until the body's mass is computed
 * from its shapes again: a shape added, destroyed or reshaped, a density, body type or rotation lock changed, or
 * resetMassData. Static and kinematic bodies have no mass: the call leaves them as they are.
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE`, `INVALID_ARGUMENT` (mass not > 0, inertia < 0, a non-finite
 *   number), `WORLD_LOCKED`.
 */
export function setMassData(world: PhysicsWorld, body: BodyId, massData: MassData): void {
  const eid = bodyIndex(world, body);
  const p = unlockedState(world);
  if (massData === null || typeof massData !== 'object') {
    throw new PhysicsError('INVALID_ARGUMENT', `massData must be an object, got ${String(massData)}`);
  }
  checkPositive(massData.mass, 'massData.mass');
  checkVec2(massData.center as Vec2Like, 'massData.center');
  checkNonNegative(massData.rotationalInertia, 'massData.rotationalInertia');
  if (p.bodies.type[eid] !== BodyType.dynamic) return;
  setBodyMass(p, eid, massData.mass, massData.center.x, massData.center.y, massData.rotationalInertia);
}

/**
 * Computes the body's mass properties from its shapes again, dropping a setMassData override (Box2D's
 * b2Body_ApplyMassFromShapes).
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE`, `WORLD_LOCKED`.
 */
export function resetMassData(world: PhysicsWorld, body: BodyId): void {
  const eid = bodyIndex(world, body);
  updateBodyMass(unlockedState(world), eid);
}

/**
 * Clears the force and torque accumulated on the body for the next step (applyForce, applyTorque).
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE`, `WORLD_LOCKED`.
 */
export function clearForces(world: PhysicsWorld, body: BodyId): void {
  const eid = bodyIndex(world, body);
  const b = unlockedState(world).bodies;
  b.forceX[eid] = 0;
  b.forceY[eid] = 0;
  b.torque[eid] = 0;
}

/**
 * The body's sleep threshold (m/s): the speed, of its centre and of its farthest point turning, below which it counts
 * as resting.
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` unless `body` is a live body of this world.
 */
export function getSleepThreshold(world: PhysicsWorld, body: BodyId): number {
  const eid = bodyIndex(world, body);
  return world.physics.bodies.sleepThreshold[eid];
}

/**
 * Sets the body's sleep threshold (m/s, ≥ 0; BodyDef.sleepThreshold): an island falls asleep once every body in it
 * has moved slower than its threshold for half a second. With 0 the body rests only when perfectly still.
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE`, `INVALID_ARGUMENT` (negative or non-finite), `WORLD_LOCKED`.
 */
export function setSleepThreshold(world: PhysicsWorld, body: BodyId, threshold: number): void {
  const eid = bodyIndex(world, body);
  const p = unlockedState(world);
  checkNonNegative(threshold, 'sleepThreshold');
  p.bodies.sleepThreshold[eid] = threshold;
}
