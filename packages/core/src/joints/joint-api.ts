import { atan2, length } from '../math/trig.js';
import { checkFinite, checkNonNegative, PhysicsError } from '../errors.js';
import { assertUnlocked, getPhysics, type PhysicsState, type PhysicsWorld } from '../state/physics-state.js';
import { jointRow, mutableRow, requireApplies, wakeJoint } from './joint-access.js';
import { LOWER_UPPER_LIMITS, type JointFeatures, type JointKind } from './joint-kind.js';
import { JOINT_KINDS } from './joint-kinds.js';
import { destroyJointInternal, requireJoint } from '../lifecycle/joint-lifecycle.js';
import { jointAxisToWorld } from './joint-math.js';
import {
  JF_DAMPING_RATIO,
  JF_HERTZ,
  JF_IMPULSE_0,
  JF_MAX_FORCE,
  JF_MAX_MOTOR,
  JF_MOTOR_SPEED,
  JF_REFERENCE_ANGLE,
  JOINT_IMPULSE_COUNT,
  JointFlag,
  type JointTypeName,
} from '../state/joint-store.js';
import type { BodyId, JointId } from '../handles.js';

// The joint getters and setters every kind shares: each asks the joint's kind (JOINT_KINDS) what applies. Each kind's
// own creator, getters and setters are in its module (joints/kinds/<kind>.ts).

const axis = new Float64Array(2);

/** The kind of a row. */
export function kindOf(p: PhysicsState, row: number): JointKind {
  return JOINT_KINDS[p.joints.type[row]];
}

/** Throws INVALID_ARGUMENT unless the row's kind has `feature`. */
export function requireFeature(p: PhysicsState, row: number, what: string, feature: keyof JointFeatures): void {
  requireApplies(p, row, what, kindOf(p, row).features[feature]);
}

/**
 * Destroys a joint. Its bodies may collide again from the next step if the joint kept them apart.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE`, `WORLD_LOCKED` (see {@link PhysicsErrorCode}).
 */
export function destroyJoint(world: PhysicsWorld, joint: JointId): void {
  const p = getPhysics(world);
  assertUnlocked(p);
  const row = requireJoint(p, joint);
  destroyJointInternal(world, p, p.joints.eid[row]);
}

/** True when `joint` is a live joint handle of this world (false for a destroyed joint's handle). */
export function isJoint(world: PhysicsWorld, joint: JointId): boolean {
  const p = getPhysics(world);
  const js = p.joints;
  if (!Number.isInteger(joint)) return false;
  const index = joint & p.indexMask;
  return index < js.rowOf.length && js.rowOf[index] >= 0 && js.handle[js.rowOf[index]] === joint;
}

/**
 * The joint's kind, its JointType name ('revolute', 'prismatic', 'weld', … see {@link JointTypeName}).
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE` (see {@link PhysicsErrorCode}).
 */
export function getJointType(world: PhysicsWorld, joint: JointId): JointTypeName {
  const { p, row } = jointRow(world, joint);
  return JOINT_KINDS[p.joints.type[row]].name;
}

/**
 * The first body the joint connects (its handle).
 *
 * @throws PhysicsError `NOT_A_JOINT` unless `joint` is a live joint of this world.
 */
export function getJointBodyA(world: PhysicsWorld, joint: JointId): BodyId {
  const { p, row } = jointRow(world, joint);
  return p.bodies.handle[p.joints.bodyA[row]];
}

/**
 * The second body the joint connects (its handle).
 *
 * @throws PhysicsError `NOT_A_JOINT` unless `joint` is a live joint of this world.
 */
export function getJointBodyB(world: PhysicsWorld, joint: JointId): BodyId {
  const { p, row } = jointRow(world, joint);
  return p.bodies.handle[p.joints.bodyB[row]];
}

const anchors = new Float64Array(4);
const reaction = new Float64Array(3);

/**
 * World anchor points of the joint: [ax, ay, bx, by] (m); for a mouse joint, A is the target. Allocates: for API use
 * and drawing.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE` (see {@link PhysicsErrorCode}).
 */
export function getJointWorldAnchors(world: PhysicsWorld, joint: JointId): [number, number, number, number] {
  const { p, row } = jointRow(world, joint);
  JOINT_KINDS[p.joints.type[row]].worldAnchors(p, row, anchors);
  return [anchors[0], anchors[1], anchors[2], anchors[3]];
}

/**
 * Force (N, world) the joint applied to body B during the last step: accumulated impulse / substep length. Body A
 * received the opposite. A joint's forceThreshold reports it among the joint events when it grows large (see
 * getJointEvents): destroying the joint then makes a breakable joint. Allocates: for API use.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE` (see {@link PhysicsErrorCode}).
 */
export function getJointReactionForce(world: PhysicsWorld, joint: JointId): { x: number; y: number } {
  const { p, row } = jointRow(world, joint);
  JOINT_KINDS[p.joints.type[row]].reaction(p, row, reaction);
  return { x: reaction[0], y: reaction[1] };
}

/**
 * Torque (N m) the joint applied to body B during the last step (about B's centre, from the angular rows).
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE` (see {@link PhysicsErrorCode}).
 */
export function getJointReactionTorque(world: PhysicsWorld, joint: JointId): number {
  const { p, row } = jointRow(world, joint);
  JOINT_KINDS[p.joints.type[row]].reaction(p, row, reaction);
  return reaction[2];
}

/**
 * Motor torque (N m, revolute/wheel) or force (N, prismatic/distance) of the last step.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE` (see {@link PhysicsErrorCode}).
 */
export function getJointMotorForce(world: PhysicsWorld, joint: JointId): number {
  const { p, row } = jointRow(world, joint);
  const js = p.joints;
  const motor = JOINT_KINDS[js.type[row]].impulses.motor;
  if (motor === 0) return 0;
  let impulse = 0;
  for (let k = 0; k < JOINT_IMPULSE_COUNT; k++) if ((motor >> k) & 1) impulse += js.f[JF_IMPULSE_0 + k][row];
  return js.invH * impulse;
}

/**
 * Current joint angle of a revolute (or weld) joint: angleB − angleA − referenceAngle, in (−π, π] (rad).
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE`, `INVALID_ARGUMENT` (see {@link PhysicsErrorCode}).
 */
export function getRevoluteJointAngle(world: PhysicsWorld, joint: JointId): number {
  const { p, row } = jointRow(world, joint);
  requireFeature(p, row, 'getRevoluteJointAngle', 'referenceAngle');
  const js = p.joints;
  const t = p.bodies.transform;
  const a = js.bodyA[row];
  const b = js.bodyB[row];
  const c = t.c[a] * t.c[b] + t.s[a] * t.s[b];
  const s = t.c[a] * t.s[b] - t.s[a] * t.c[b];
  let angle = atan2(s, c) - js.f[JF_REFERENCE_ANGLE][row];
  if (angle > Math.PI) angle -= 2 * Math.PI;
  else if (angle <= -Math.PI) angle += 2 * Math.PI;
  return angle;
}

/**
 * Relative angular velocity wB − wA of the joint's bodies (rad/s).
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE` (see {@link PhysicsErrorCode}).
 */
export function getJointAngularSpeed(world: PhysicsWorld, joint: JointId): number {
  const { p, row } = jointRow(world, joint);
  const js = p.joints;
  return p.bodies.w[js.bodyB[row]] - p.bodies.w[js.bodyA[row]];
}

/**
 * Translation of a prismatic or wheel joint along its axis (m): (anchorB − anchorA) · axis.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE`, `INVALID_ARGUMENT` (see {@link PhysicsErrorCode}).
 */
export function getJointTranslation(world: PhysicsWorld, joint: JointId): number {
  const { p, row } = jointRow(world, joint);
  requireFeature(p, row, 'getJointTranslation', 'axis');
  JOINT_KINDS[p.joints.type[row]].worldAnchors(p, row, anchors);
  jointAxisToWorld(p, row, axis, 0);
  return (anchors[2] - anchors[0]) * axis[0] + (anchors[3] - anchors[1]) * axis[1];
}

/** Current distance between the anchors (m), any joint kind; for a mouse joint, from the target. */
export function getJointCurrentLength(world: PhysicsWorld, joint: JointId): number {
  const [ax, ay, bx, by] = getJointWorldAnchors(world, joint);
  return length(bx - ax, by - ay);
}

// ---- setters (each wakes the joint's bodies) ----

/**
 * Motor speed: rad/s (revolute, wheel) or m/s (prismatic, distance).
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE`, `INVALID_ARGUMENT`, `WORLD_LOCKED` (see {@link PhysicsErrorCode}).
 */
export function setJointMotorSpeed(world: PhysicsWorld, joint: JointId, speed: number): void {
  const { p, row } = mutableRow(world, joint);
  requireApplies(p, row, 'setJointMotorSpeed', kindOf(p, row).impulses.motor !== 0);
  checkFinite(speed, 'motorSpeed');
  p.joints.f[JF_MOTOR_SPEED][row] = speed;
  wakeJoint(p, row);
}

/**
 * The motor's target speed (rad/s for revolute and wheel joints, m/s for prismatic and distance joints).
 *
 * @throws PhysicsError `NOT_A_JOINT` unless `joint` is a live joint of this world.
 */
export function getJointMotorSpeed(world: PhysicsWorld, joint: JointId): number {
  const { p, row } = jointRow(world, joint);
  return p.joints.f[JF_MOTOR_SPEED][row];
}

/**
 * Largest motor torque (N m, revolute, wheel) or force (N, prismatic, distance).
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE`, `INVALID_ARGUMENT`, `WORLD_LOCKED` (see {@link PhysicsErrorCode}).
 */
export function setJointMaxMotorForce(world: PhysicsWorld, joint: JointId, max: number): void {
  const { p, row } = mutableRow(world, joint);
  requireApplies(p, row, 'setJointMaxMotorForce', kindOf(p, row).impulses.motor !== 0);
  checkNonNegative(max, 'max motor force/torque');
  p.joints.f[JF_MAX_MOTOR][row] = max;
  wakeJoint(p, row);
}

/** Alias of setJointMaxMotorForce for revolute and wheel joints. */
export const setJointMaxMotorTorque = setJointMaxMotorForce;

/** Sets or clears flag bit `flag`; the impulses of the rows it switches (mask `slots`) restart from zero. */
function setFlag(p: PhysicsState, row: number, flag: number, on: boolean, slots: number): void {
  const js = p.joints;
  const was = (js.flags[row] & flag) !== 0;
  if (was === on) return;
  js.flags[row] = on ? js.flags[row] | flag : js.flags[row] & ~flag;
  js.version++;
  // A row that switches on or off starts from zero impulse (its old one is meaningless).
  for (let k = 0; k < JOINT_IMPULSE_COUNT; k++) if ((slots >> k) & 1) js.f[JF_IMPULSE_0 + k][row] = 0;
  wakeJoint(p, row);
}

/**
 * Turns the joint's motor on or off (revolute, prismatic, wheel, distance) and wakes the bodies.
 *
 * @throws PhysicsError `NOT_A_JOINT` for a bad joint, `WORLD_LOCKED` during a step. `INVALID_ARGUMENT` for a
 *   joint type without a motor.
 */
export function enableJointMotor(world: PhysicsWorld, joint: JointId, enable: boolean): void {
  const { p, row } = mutableRow(world, joint);
  const slots = kindOf(p, row).impulses.motor;
  requireApplies(p, row, 'enableJointMotor', slots !== 0);
  setFlag(p, row, JointFlag.enableMotor, enable === true, slots);
}

/**
 * Turns the joint's limit on or off (revolute, prismatic, wheel, distance) and wakes the bodies.
 *
 * @throws PhysicsError `NOT_A_JOINT` for a bad joint, `WORLD_LOCKED` during a step. `INVALID_ARGUMENT` for a
 *   joint type without a limit.
 */
export function enableJointLimit(world: PhysicsWorld, joint: JointId, enable: boolean): void {
  const { p, row } = mutableRow(world, joint);
  const slots = kindOf(p, row).impulses.limit;
  requireApplies(p, row, 'enableJointLimit', slots !== 0);
  setFlag(p, row, JointFlag.enableLimit, enable === true, slots);
}

/**
 * Turns the joint's spring on or off (revolute, prismatic, wheel, distance, mouse) and wakes the bodies.
 *
 * @throws PhysicsError `NOT_A_JOINT` for a bad joint, `WORLD_LOCKED` during a step. `INVALID_ARGUMENT` for a
 *   joint type without a spring.
 */
export function enableJointSpring(world: PhysicsWorld, joint: JointId, enable: boolean): void {
  const { p, row } = mutableRow(world, joint);
  const slots = kindOf(p, row).impulses.spring;
  requireApplies(p, row, 'enableJointSpring', slots !== 0);
  setFlag(p, row, JointFlag.enableSpring, enable === true, slots);
}

/**
 * Limits: angles (rad) for revolute joints, translations (m) for prismatic and wheel joints, lengths (m) for
 * distance joints (minLength, maxLength). lower must be <= upper.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE`, `INVALID_ARGUMENT`, `WORLD_LOCKED` (see {@link PhysicsErrorCode}).
 */
export function setJointLimits(world: PhysicsWorld, joint: JointId, lower: number, upper: number): void {
  const { p, row } = mutableRow(world, joint);
  const limits = kindOf(p, row).limits;
  requireApplies(p, row, 'setJointLimits', limits !== null);
  checkFinite(lower, 'lower limit');
  checkFinite(upper, 'upper limit');
  if (lower > upper) throw new PhysicsError('INVALID_ARGUMENT', `lower limit (${lower}) must be <= upper (${upper})`);
  if (lower < limits.min) {
    throw new PhysicsError('INVALID_ARGUMENT', `${limits.lowerName} must be >= ${limits.min}, got ${lower}`);
  }
  const f = p.joints.f;
  f[limits.lower][row] = lower;
  f[limits.upper][row] = upper;
  wakeJoint(p, row);
}

/**
 * [lower, upper] limits (see setJointLimits). Allocates.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE` (see {@link PhysicsErrorCode}).
 */
export function getJointLimits(world: PhysicsWorld, joint: JointId): [number, number] {
  const { p, row } = jointRow(world, joint);
  const f = p.joints.f;
  // A kind without limits answers its (unused) JF_LOWER, JF_UPPER columns.
  const limits = kindOf(p, row).limits ?? LOWER_UPPER_LIMITS;
  return [f[limits.lower][row], f[limits.upper][row]];
}

/**
 * Spring stiffness (Hz) and damping ratio of the joint's spring (mouse: its drag spring).
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE`, `INVALID_ARGUMENT`, `WORLD_LOCKED` (see {@link PhysicsErrorCode}).
 */
export function setJointSpring(world: PhysicsWorld, joint: JointId, hertz: number, dampingRatio: number): void {
  const { p, row } = mutableRow(world, joint);
  requireFeature(p, row, 'setJointSpring', 'springSettings');
  checkNonNegative(hertz, 'hertz');
  checkNonNegative(dampingRatio, 'dampingRatio');
  p.joints.f[JF_HERTZ][row] = hertz;
  p.joints.f[JF_DAMPING_RATIO][row] = dampingRatio;
  wakeJoint(p, row);
}

/**
 * Largest force (N) of a mouse or motor joint.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE`, `INVALID_ARGUMENT`, `WORLD_LOCKED` (see {@link PhysicsErrorCode}).
 */
export function setJointMaxForce(world: PhysicsWorld, joint: JointId, maxForce: number): void {
  const { p, row } = mutableRow(world, joint);
  requireFeature(p, row, 'setJointMaxForce', 'maxForce');
  checkNonNegative(maxForce, 'maxForce');
  p.joints.f[JF_MAX_FORCE][row] = maxForce;
  wakeJoint(p, row);
}

/**
 * Accumulated impulses of the last step, by slot (what each slot holds is named by the kind: its JI_* constants,
 * `JOINT_KINDS[type].impulses.slots`). Allocates.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE` (see {@link PhysicsErrorCode}).
 */
export function getJointImpulses(world: PhysicsWorld, joint: JointId): number[] {
  const { p, row } = jointRow(world, joint);
  const out: number[] = [];
  for (let i = 0; i < JOINT_IMPULSE_COUNT; i++) out.push(p.joints.f[JF_IMPULSE_0 + i][row]);
  return out;
}

/** Number of live joints. */
export function getJointCount(world: PhysicsWorld): number {
  return getPhysics(world).joints.count;
}
