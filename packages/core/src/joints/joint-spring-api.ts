import { checkFinite } from '../errors.js';
import type { JointId } from '../handles.js';
import type { PhysicsWorld } from '../state/physics-state.js';
import { JF_LOWER_SPRING_FORCE, JF_SPRING_TARGET, JF_UPPER_SPRING_FORCE } from '../state/joint-store.js';
import { jointRow, mutableRow, wakeJoint } from './joint-access.js';
import { requireFeature } from './joint-api.js';
import { checkSpringForceRange, writeSpringForceRange } from './joint-create.js';

// A joint spring's set point and force range (Box2D's targetAngle / targetTranslation and its distance joint's
// lowerSpringForce / upperSpringForce). The stiffness and damping are setJointSpring's (joint-api.ts).

/**
 * Where the joint's spring pulls: the joint angle of a revolute joint (rad, relative to its reference angle; the
 * spring takes the shorter way round), the translation along the axis of a prismatic or wheel joint (m). Wakes both
 * bodies.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE`, `INVALID_ARGUMENT` (another kind, a non-finite target),
 *   `WORLD_LOCKED` during a step.
 */
export function setJointSpringTarget(world: PhysicsWorld, joint: JointId, target: number): void {
  const { p, row } = mutableRow(world, joint);
  requireFeature(p, row, 'setJointSpringTarget', 'springTarget');
  checkFinite(target, 'spring target');
  p.joints.f[JF_SPRING_TARGET][row] = target;
  wakeJoint(p, row);
}

/**
 * The spring's set point: a revolute joint's target angle (rad), a prismatic or wheel joint's target translation (m).
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE`, `INVALID_ARGUMENT` for another kind.
 */
export function getJointSpringTarget(world: PhysicsWorld, joint: JointId): number {
  const { p, row } = jointRow(world, joint);
  requireFeature(p, row, 'getJointSpringTarget', 'springTarget');
  return p.joints.f[JF_SPRING_TARGET][row];
}

/**
 * Bounds the force of the joint's spring (distance, prismatic, wheel) to [lower, upper] (N, along the joint's line or
 * axis; positive pushes B away along it): a distance spring with lower −T holds at most T of tension. Either end may
 * be open (−Infinity, Infinity); lower ≤ upper. Wakes both bodies.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE`, `INVALID_ARGUMENT` (another kind, NaN, lower > upper, lower
 *   +Infinity or upper −Infinity), `WORLD_LOCKED` during a step.
 */
export function setJointSpringForceRange(world: PhysicsWorld, joint: JointId, lower: number, upper: number): void {
  const { p, row } = mutableRow(world, joint);
  requireFeature(p, row, 'setJointSpringForceRange', 'springForceRange');
  checkSpringForceRange(lower, upper);
  writeSpringForceRange(p, row, lower, upper);
  wakeJoint(p, row);
}

/**
 * The [lower, upper] force range of the joint's spring (N; see setJointSpringForceRange). Allocates.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE`, `INVALID_ARGUMENT` for a kind without one.
 */
export function getJointSpringForceRange(world: PhysicsWorld, joint: JointId): [number, number] {
  const { p, row } = jointRow(world, joint);
  requireFeature(p, row, 'getJointSpringForceRange', 'springForceRange');
  const f = p.joints.f;
  return [f[JF_LOWER_SPRING_FORCE][row], f[JF_UPPER_SPRING_FORCE][row]];
}
