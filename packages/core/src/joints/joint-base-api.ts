import { checkNonNegative, checkThreshold, PhysicsError } from '../errors.js';
import type { JointId } from '../handles.js';
import { destroyContactsBetween, lookForPairsAgain } from '../lifecycle/joint-lifecycle.js';
import type { PhysicsWorld } from '../state/physics-state.js';
import {
  JF_CONSTRAINT_DAMPING_RATIO,
  JF_CONSTRAINT_HERTZ,
  JF_FORCE_THRESHOLD,
  JF_TORQUE_THRESHOLD,
  JointFlag,
} from '../state/joint-store.js';
import { jointRow, mutableRow, wakeJoint } from './joint-access.js';

// Getters and setters of the fields every joint definition shares (JointDefBase): whether the two bodies collide,
// the joint event thresholds, and the softness of the joint's hard rows. They apply to every kind.

/**
 * Whether the two connected bodies still collide with each other.
 *
 * @throws PhysicsError `NOT_A_JOINT` unless `joint` is a live joint of this world.
 */
export function getJointCollideConnected(world: PhysicsWorld, joint: JointId): boolean {
  const { p, row } = jointRow(world, joint);
  return (p.joints.flags[row] & JointFlag.collideConnected) !== 0;
}

/**
 * Lets the joint's two bodies collide with each other or not (JointDefBase.collideConnected). Off: their contacts are
 * destroyed now (touching ones end). On: their shapes are searched for pairs again at the next step, so they collide
 * from then on, unless another joint between them keeps them apart. Wakes both bodies.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE`, `INVALID_ARGUMENT` for a value that is not a boolean,
 *   `WORLD_LOCKED` during a step.
 */
export function setJointCollideConnected(world: PhysicsWorld, joint: JointId, collide: boolean): void {
  const { p, row } = mutableRow(world, joint);
  if (typeof collide !== 'boolean') {
    throw new PhysicsError('INVALID_ARGUMENT', `collideConnected must be a boolean, got ${String(collide)}`);
  }
  const js = p.joints;
  const was = (js.flags[row] & JointFlag.collideConnected) !== 0;
  if (was === collide) return;
  js.flags[row] = collide ? js.flags[row] | JointFlag.collideConnected : js.flags[row] & ~JointFlag.collideConnected;
  if (collide) lookForPairsAgain(p, js.bodyA[row], js.bodyB[row]);
  else destroyContactsBetween(p, js.bodyA[row], js.bodyB[row]);
  wakeJoint(p, row);
}

/**
 * Sets the reaction force (N, ≥ 0; Infinity: never) at which the joint is reported among the joint events
 * (JointDefBase.forceThreshold). Takes effect from the next step.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE`, `INVALID_ARGUMENT` for NaN or a negative value, `WORLD_LOCKED`.
 */
export function setJointForceThreshold(world: PhysicsWorld, joint: JointId, threshold: number): void {
  const { p, row } = mutableRow(world, joint);
  checkThreshold(threshold, 'forceThreshold');
  p.joints.setThresholds(row, threshold, p.joints.f[JF_TORQUE_THRESHOLD][row]);
}

/**
 * The joint's force threshold of joint events (N; Infinity: none).
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE` (see {@link PhysicsErrorCode}).
 */
export function getJointForceThreshold(world: PhysicsWorld, joint: JointId): number {
  const { p, row } = jointRow(world, joint);
  return p.joints.f[JF_FORCE_THRESHOLD][row];
}

/**
 * Sets the reaction torque (N m, ≥ 0; Infinity: never) at which the joint is reported among the joint events
 * (JointDefBase.torqueThreshold). Takes effect from the next step.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE`, `INVALID_ARGUMENT` for NaN or a negative value, `WORLD_LOCKED`.
 */
export function setJointTorqueThreshold(world: PhysicsWorld, joint: JointId, threshold: number): void {
  const { p, row } = mutableRow(world, joint);
  checkThreshold(threshold, 'torqueThreshold');
  p.joints.setThresholds(row, p.joints.f[JF_FORCE_THRESHOLD][row], threshold);
}

/**
 * The joint's torque threshold of joint events (N m; Infinity: none).
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE` (see {@link PhysicsErrorCode}).
 */
export function getJointTorqueThreshold(world: PhysicsWorld, joint: JointId): number {
  const { p, row } = jointRow(world, joint);
  return p.joints.f[JF_TORQUE_THRESHOLD][row];
}

/**
 * Gives the joint's hard rows (its point, axis and limit rows) a softness of their own instead of the world's
 * jointHertz / jointDampingRatio (JointDefBase.constraintHertz, constraintDampingRatio): a stiffness in Hz (≥ 0,
 * capped at a quarter of the substep rate as the world's; 0: no position correction) and a damping ratio (≥ 0).
 * Higher holds a heavy load with less sag; lower lets the joint give. The classic solver ignores it. Wakes both
 * bodies.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE`, `INVALID_ARGUMENT` for a negative or non-finite value,
 *   `WORLD_LOCKED` during a step.
 */
export function setJointConstraintTuning(
  world: PhysicsWorld,
  joint: JointId,
  hertz: number,
  dampingRatio: number,
): void {
  const { p, row } = mutableRow(world, joint);
  checkNonNegative(hertz, 'constraintHertz');
  checkNonNegative(dampingRatio, 'constraintDampingRatio');
  const js = p.joints;
  js.f[JF_CONSTRAINT_HERTZ][row] = hertz;
  js.f[JF_CONSTRAINT_DAMPING_RATIO][row] = dampingRatio;
  if ((js.flags[row] & JointFlag.constraintTuning) === 0) {
    js.flags[row] = js.flags[row] | JointFlag.constraintTuning;
    // A plain pin leaves the compact pin records: the colouring lays the records out again.
    js.version++;
  }
  wakeJoint(p, row);
}

/**
 * Gives the joint's hard rows the world's jointHertz / jointDampingRatio again (undoes setJointConstraintTuning).
 * Wakes both bodies.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE`, `WORLD_LOCKED` (see {@link PhysicsErrorCode}).
 */
export function resetJointConstraintTuning(world: PhysicsWorld, joint: JointId): void {
  const { p, row } = mutableRow(world, joint);
  const js = p.joints;
  if ((js.flags[row] & JointFlag.constraintTuning) === 0) return;
  js.flags[row] = js.flags[row] & ~JointFlag.constraintTuning;
  js.version++;
  wakeJoint(p, row);
}

/**
 * The stiffness (Hz) and damping ratio of the joint's hard rows: its own (setJointConstraintTuning,
 * JointDefBase.constraintHertz) or, when it has none, the world's jointHertz and jointDampingRatio. `own` says which.
 * Allocates.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE` (see {@link PhysicsErrorCode}).
 */
export function getJointConstraintTuning(
  world: PhysicsWorld,
  joint: JointId,
): { hertz: number; dampingRatio: number; own: boolean } {
  const { p, row } = jointRow(world, joint);
  const js = p.joints;
  if ((js.flags[row] & JointFlag.constraintTuning) === 0) {
    return { hertz: p.jointHertz, dampingRatio: p.jointDampingRatio, own: false };
  }
  return { hertz: js.f[JF_CONSTRAINT_HERTZ][row], dampingRatio: js.f[JF_CONSTRAINT_DAMPING_RATIO][row], own: true };
}
