import { atan2, length } from '../math/trig.js';
import type { Vec2Like } from '../body/body-def.js';
import { checkFinite, checkNonNegative, checkVec2, PhysicsError } from '../errors.js';
import { assertUnlocked, getPhysics, type PhysicsState, type PhysicsWorld } from '../world/physics-world.js';
import { writeReferenceAngle } from './joint-create.js';
import { destroyJointInternal, requireJoint, wakeBody } from './joint-lifecycle.js';
import {
  JF_ANCHOR_AX,
  JF_ANCHOR_AY,
  JF_ANCHOR_BX,
  JF_ANCHOR_BY,
  JF_ANGULAR_OFFSET,
  JF_AXIS_X,
  JF_AXIS_Y,
  JF_DAMPING_RATIO,
  JF_GROUND_BX,
  JF_GROUND_BY,
  JF_HERTZ,
  JF_IMPULSE_0,
  JF_LOWER,
  JF_MAX_FORCE,
  JF_MAX_LENGTH,
  JF_MAX_MOTOR,
  JF_MAX_TORQUE,
  JF_MIN_LENGTH,
  JF_MOTOR_SPEED,
  JF_RATIO,
  JF_REFERENCE_ANGLE,
  JF_TARGET_X,
  JF_TARGET_Y,
  JF_UPPER,
  JOINT_IMPULSE_COUNT,
  JOINT_TYPE_NAMES,
  JointFlag,
  JointType,
  type JointTypeName,
} from './joint-store.js';

/**
 * Destroys a joint. Its bodies may collide again from the next step if the joint kept them apart.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE`, `WORLD_LOCKED` (see {@link PhysicsErrorCode}).
 */
export function destroyJoint(world: PhysicsWorld, joint: number): void {
  const p = getPhysics(world);
  assertUnlocked(p);
  const row = requireJoint(p, joint);
  destroyJointInternal(world, p, p.joints.eid[row]);
}

/** True when `joint` is a live joint handle of this world (false for a destroyed joint's handle). */
export function isJoint(world: PhysicsWorld, joint: number): boolean {
  const p = getPhysics(world);
  const js = p.joints;
  if (!Number.isInteger(joint)) return false;
  const index = joint & p.indexMask;
  return index < js.rowOf.length && js.rowOf[index] >= 0 && js.handle[js.rowOf[index]] === joint;
}

function jointRow(world: PhysicsWorld, joint: number): { p: PhysicsState; row: number } {
  const p = getPhysics(world);
  return { p, row: requireJoint(p, joint) };
}

function mutableRow(world: PhysicsWorld, joint: number): { p: PhysicsState; row: number } {
  const p = getPhysics(world);
  assertUnlocked(p);
  const row = requireJoint(p, joint);
  return { p, row };
}

function wakeJoint(p: PhysicsState, row: number): void {
  wakeBody(p, p.joints.bodyA[row]);
  wakeBody(p, p.joints.bodyB[row]);
}

function requireKind(p: PhysicsState, row: number, what: string, ...kinds: number[]): void {
  const t = p.joints.type[row];
  if (kinds.indexOf(t) < 0) {
    throw new PhysicsError('INVALID_ARGUMENT', `${what} does not apply to a ${JOINT_TYPE_NAMES[t]} joint`);
  }
}

/**
 * The joint's kind: 'distance', 'revolute', 'prismatic', 'weld', 'wheel', 'mouse', 'motor' or 'pulley'.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE` (see {@link PhysicsErrorCode}).
 */
export function getJointType(world: PhysicsWorld, joint: number): JointTypeName {
  const { p, row } = jointRow(world, joint);
  return JOINT_TYPE_NAMES[p.joints.type[row]];
}

/**
 * The first body entity the joint connects.
 *
 * @throws PhysicsError `NOT_A_JOINT` unless `joint` is a live joint of this world.
 */
export function getJointBodyA(world: PhysicsWorld, joint: number): number {
  const { p, row } = jointRow(world, joint);
  return p.bodies.handle[p.joints.bodyA[row]];
}

/**
 * The second body entity the joint connects.
 *
 * @throws PhysicsError `NOT_A_JOINT` unless `joint` is a live joint of this world.
 */
export function getJointBodyB(world: PhysicsWorld, joint: number): number {
  const { p, row } = jointRow(world, joint);
  return p.bodies.handle[p.joints.bodyB[row]];
}

/**
 * Whether the two connected bodies still collide with each other.
 *
 * @throws PhysicsError `NOT_A_JOINT` unless `joint` is a live joint of this world.
 */
export function getJointCollideConnected(world: PhysicsWorld, joint: number): boolean {
  const { p, row } = jointRow(world, joint);
  return (p.joints.flags[row] & JointFlag.collideConnected) !== 0;
}

/**
 * Local anchor on body A (m, A's frame). Allocates: for API use.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE` (see {@link PhysicsErrorCode}).
 */
export function getJointLocalAnchorA(world: PhysicsWorld, joint: number): { x: number; y: number } {
  const { p, row } = jointRow(world, joint);
  return { x: p.joints.f[JF_ANCHOR_AX][row], y: p.joints.f[JF_ANCHOR_AY][row] };
}

/**
 * Local anchor on body B (m, B's frame). Allocates: for API use.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE` (see {@link PhysicsErrorCode}).
 */
export function getJointLocalAnchorB(world: PhysicsWorld, joint: number): { x: number; y: number } {
  const { p, row } = jointRow(world, joint);
  return { x: p.joints.f[JF_ANCHOR_BX][row], y: p.joints.f[JF_ANCHOR_BY][row] };
}

/** A body-local point in world coordinates, written to out[0..1]. */
function worldPoint(p: PhysicsState, body: number, lx: number, ly: number, out: number[]): void {
  const t = p.bodies.transform;
  const c = t.c[body];
  const s = t.s[body];
  out[0] = t.x[body] + c * lx - s * ly;
  out[1] = t.y[body] + s * lx + c * ly;
}

/**
 * World anchor points of the joint: [ax, ay, bx, by] (m). Allocates: for API use and drawing.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE` (see {@link PhysicsErrorCode}).
 */
export function getJointWorldAnchors(world: PhysicsWorld, joint: number): [number, number, number, number] {
  const { p, row } = jointRow(world, joint);
  const js = p.joints;
  const f = js.f;
  const a = [0, 0];
  const b = [0, 0];
  const type = js.type[row];
  if (type === JointType.mouse) {
    a[0] = f[JF_TARGET_X][row];
    a[1] = f[JF_TARGET_Y][row];
  } else {
    worldPoint(p, js.bodyA[row], f[JF_ANCHOR_AX][row], f[JF_ANCHOR_AY][row], a);
  }
  worldPoint(p, js.bodyB[row], f[JF_ANCHOR_BX][row], f[JF_ANCHOR_BY][row], b);
  return [a[0], a[1], b[0], b[1]];
}

/** Axis of a prismatic or wheel joint in world coordinates (from body A's current rotation). */
function worldAxis(p: PhysicsState, row: number, out: number[]): void {
  const js = p.joints;
  const t = p.bodies.transform;
  const a = js.bodyA[row];
  const c = t.c[a];
  const s = t.s[a];
  const lx = js.f[JF_AXIS_X][row];
  const ly = js.f[JF_AXIS_Y][row];
  out[0] = c * lx - s * ly;
  out[1] = s * lx + c * ly;
}

/**
 * Force (N, world) the joint applied to body B during the last step: accumulated impulse / substep length. Body A
 * received the opposite. Read it and destroy the joint to make a breakable joint. Allocates: for API use.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE` (see {@link PhysicsErrorCode}).
 */
export function getJointReactionForce(world: PhysicsWorld, joint: number): { x: number; y: number } {
  const { p, row } = jointRow(world, joint);
  const js = p.joints;
  const f = js.f;
  const invH = js.invH;
  const i0 = f[JF_IMPULSE_0][row];
  const i1 = f[JF_IMPULSE_0 + 1][row];
  const i2 = f[JF_IMPULSE_0 + 2][row];
  const i3 = f[JF_IMPULSE_0 + 3][row];
  const i4 = f[JF_IMPULSE_0 + 4][row];
  const i5 = f[JF_IMPULSE_0 + 5][row];
  const type = js.type[row];
  const v = [0, 0];
  switch (type) {
    case JointType.revolute:
    case JointType.weld:
    case JointType.mouse:
    case JointType.motor:
      return { x: invH * i0, y: invH * i1 };
    case JointType.distance: {
      const [ax, ay, bx, by] = getJointWorldAnchors(world, joint);
      const len = length(bx - ax, by - ay);
      const ux = len > 0 ? (bx - ax) / len : 0;
      const uy = len > 0 ? (by - ay) / len : 0;
      const lambda = i0 + i1 - i2 + i3;
      return { x: invH * lambda * ux, y: invH * lambda * uy };
    }
    case JointType.prismatic: {
      worldAxis(p, row, v);
      const axial = i2 + i3 + i4 - i5;
      // perpendicular = left normal of the axis
      return { x: invH * (axial * v[0] - i0 * v[1]), y: invH * (axial * v[1] + i0 * v[0]) };
    }
    case JointType.wheel: {
      worldAxis(p, row, v);
      const axial = i1 + i3 - i4;
      return { x: invH * (axial * v[0] - i0 * v[1]), y: invH * (axial * v[1] + i0 * v[0]) };
    }
    case JointType.pulley: {
      const [, , bx, by] = getJointWorldAnchors(world, joint);
      const gx = bx - f[JF_GROUND_BX][row];
      const gy = by - f[JF_GROUND_BY][row];
      const len = length(gx, gy);
      const r = f[JF_RATIO][row];
      if (len === 0) return { x: 0, y: 0 };
      return { x: (-invH * r * i0 * gx) / len, y: (-invH * r * i0 * gy) / len };
    }
    default:
      return { x: 0, y: 0 };
  }
}

/**
 * Torque (N m) the joint applied to body B during the last step (about B's centre, from the angular rows).
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE` (see {@link PhysicsErrorCode}).
 */
export function getJointReactionTorque(world: PhysicsWorld, joint: number): number {
  const { p, row } = jointRow(world, joint);
  const js = p.joints;
  const f = js.f;
  const invH = js.invH;
  const imp = (k: number): number => f[JF_IMPULSE_0 + k][row];
  switch (js.type[row]) {
    case JointType.revolute:
      return invH * (imp(2) + imp(3) + imp(4) - imp(5));
    case JointType.prismatic:
      return invH * imp(1);
    case JointType.weld:
    case JointType.motor:
      return invH * imp(2);
    case JointType.wheel:
      return invH * imp(2);
    default:
      return 0;
  }
}

/**
 * Motor torque (N m, revolute/wheel) or force (N, prismatic/distance) of the last step.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE` (see {@link PhysicsErrorCode}).
 */
export function getJointMotorForce(world: PhysicsWorld, joint: number): number {
  const { p, row } = jointRow(world, joint);
  const js = p.joints;
  const t = js.type[row];
  const k = t === JointType.wheel ? 2 : 3;
  if (t !== JointType.revolute && t !== JointType.prismatic && t !== JointType.wheel && t !== JointType.distance)
    return 0;
  return js.invH * js.f[JF_IMPULSE_0 + k][row];
}

/**
 * Current joint angle of a revolute (or weld) joint: angleB − angleA − referenceAngle, in (−π, π] (rad).
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE`, `INVALID_ARGUMENT` (see {@link PhysicsErrorCode}).
 */
export function getRevoluteJointAngle(world: PhysicsWorld, joint: number): number {
  const { p, row } = jointRow(world, joint);
  requireKind(p, row, 'getRevoluteJointAngle', JointType.revolute, JointType.weld, JointType.prismatic);
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
export function getJointAngularSpeed(world: PhysicsWorld, joint: number): number {
  const { p, row } = jointRow(world, joint);
  const js = p.joints;
  return p.bodies.w[js.bodyB[row]] - p.bodies.w[js.bodyA[row]];
}

/**
 * Translation of a prismatic or wheel joint along its axis (m): (anchorB − anchorA) · axis.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE`, `INVALID_ARGUMENT` (see {@link PhysicsErrorCode}).
 */
export function getJointTranslation(world: PhysicsWorld, joint: number): number {
  const { p, row } = jointRow(world, joint);
  requireKind(p, row, 'getJointTranslation', JointType.prismatic, JointType.wheel);
  const [ax, ay, bx, by] = getJointWorldAnchors(world, joint);
  const v = [0, 0];
  worldAxis(p, row, v);
  return (bx - ax) * v[0] + (by - ay) * v[1];
}

/** Current distance between the anchors (m), any joint kind; for a mouse joint, from the target. */
export function getJointCurrentLength(world: PhysicsWorld, joint: number): number {
  const [ax, ay, bx, by] = getJointWorldAnchors(world, joint);
  return length(bx - ax, by - ay);
}

// ---- setters (each wakes the joint's bodies) ----

const MOTOR_KINDS = [JointType.revolute, JointType.prismatic, JointType.wheel, JointType.distance];
const LIMIT_KINDS = [JointType.revolute, JointType.prismatic, JointType.wheel, JointType.distance];
const SPRING_KINDS = [JointType.revolute, JointType.prismatic, JointType.wheel, JointType.distance, JointType.mouse];

/**
 * Motor speed: rad/s (revolute, wheel) or m/s (prismatic, distance).
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE`, `INVALID_ARGUMENT`, `WORLD_LOCKED` (see {@link PhysicsErrorCode}).
 */
export function setJointMotorSpeed(world: PhysicsWorld, joint: number, speed: number): void {
  const { p, row } = mutableRow(world, joint);
  requireKind(p, row, 'setJointMotorSpeed', ...MOTOR_KINDS);
  checkFinite(speed, 'motorSpeed');
  p.joints.f[JF_MOTOR_SPEED][row] = speed;
  wakeJoint(p, row);
}

/**
 * The motor's target speed (rad/s for revolute and wheel joints, m/s for prismatic and distance joints).
 *
 * @throws PhysicsError `NOT_A_JOINT` unless `joint` is a live joint of this world.
 */
export function getJointMotorSpeed(world: PhysicsWorld, joint: number): number {
  const { p, row } = jointRow(world, joint);
  return p.joints.f[JF_MOTOR_SPEED][row];
}

/**
 * Largest motor torque (N m, revolute, wheel) or force (N, prismatic, distance).
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE`, `INVALID_ARGUMENT`, `WORLD_LOCKED` (see {@link PhysicsErrorCode}).
 */
export function setJointMaxMotorForce(world: PhysicsWorld, joint: number, max: number): void {
  const { p, row } = mutableRow(world, joint);
  requireKind(p, row, 'setJointMaxMotorForce', ...MOTOR_KINDS);
  checkNonNegative(max, 'max motor force/torque');
  p.joints.f[JF_MAX_MOTOR][row] = max;
  wakeJoint(p, row);
}

/** Alias of setJointMaxMotorForce for revolute and wheel joints. */
export const setJointMaxMotorTorque = setJointMaxMotorForce;

function setFlag(p: PhysicsState, row: number, flag: number, on: boolean, impulseSlots: readonly number[]): void {
  const js = p.joints;
  const was = (js.flags[row] & flag) !== 0;
  if (was === on) return;
  js.flags[row] = on ? js.flags[row] | flag : js.flags[row] & ~flag;
  js.version++;
  // A row that switches on or off starts from zero impulse (its old one is meaningless).
  for (let i = 0; i < impulseSlots.length; i++) js.f[JF_IMPULSE_0 + impulseSlots[i]][row] = 0;
  wakeJoint(p, row);
}

function motorSlot(type: number): number[] {
  return type === JointType.wheel ? [2] : [3];
}

function limitSlots(type: number): number[] {
  if (type === JointType.distance) return [1, 2];
  if (type === JointType.wheel) return [3, 4];
  return [4, 5];
}

/**
 * Turns the joint's motor on or off (revolute, prismatic, wheel, distance) and wakes the bodies.
 *
 * @throws PhysicsError `NOT_A_JOINT` for a bad joint, `WORLD_LOCKED` during a step. `INVALID_ARGUMENT` for a
 *   joint type without a motor.
 */
export function enableJointMotor(world: PhysicsWorld, joint: number, enable: boolean): void {
  const { p, row } = mutableRow(world, joint);
  requireKind(p, row, 'enableJointMotor', ...MOTOR_KINDS);
  setFlag(p, row, JointFlag.enableMotor, enable === true, motorSlot(p.joints.type[row]));
}

/**
 * Turns the joint's limit on or off (revolute, prismatic, wheel, distance) and wakes the bodies.
 *
 * @throws PhysicsError `NOT_A_JOINT` for a bad joint, `WORLD_LOCKED` during a step. `INVALID_ARGUMENT` for a
 *   joint type without a limit.
 */
export function enableJointLimit(world: PhysicsWorld, joint: number, enable: boolean): void {
  const { p, row } = mutableRow(world, joint);
  requireKind(p, row, 'enableJointLimit', ...LIMIT_KINDS);
  setFlag(p, row, JointFlag.enableLimit, enable === true, limitSlots(p.joints.type[row]));
}

/**
 * Turns the joint's spring on or off (revolute, prismatic, wheel, distance, mouse) and wakes the bodies.
 *
 * @throws PhysicsError `NOT_A_JOINT` for a bad joint, `WORLD_LOCKED` during a step. `INVALID_ARGUMENT` for a
 *   joint type without a spring.
 */
export function enableJointSpring(world: PhysicsWorld, joint: number, enable: boolean): void {
  const { p, row } = mutableRow(world, joint);
  requireKind(
    p,
    row,
    'enableJointSpring',
    JointType.revolute,
    JointType.prismatic,
    JointType.wheel,
    JointType.distance,
  );
  const t = p.joints.type[row];
  setFlag(
    p,
    row,
    JointFlag.enableSpring,
    enable === true,
    t === JointType.wheel ? [1] : t === JointType.distance ? [0] : [2],
  );
}

/**
 * Limits: angles (rad) for revolute joints, translations (m) for prismatic and wheel joints, lengths (m) for
 * distance joints (minLength, maxLength). lower must be <= upper.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE`, `INVALID_ARGUMENT`, `WORLD_LOCKED` (see {@link PhysicsErrorCode}).
 */
export function setJointLimits(world: PhysicsWorld, joint: number, lower: number, upper: number): void {
  const { p, row } = mutableRow(world, joint);
  requireKind(p, row, 'setJointLimits', ...LIMIT_KINDS);
  checkFinite(lower, 'lower limit');
  checkFinite(upper, 'upper limit');
  if (lower > upper) throw new PhysicsError('INVALID_ARGUMENT', `lower limit (${lower}) must be <= upper (${upper})`);
  const f = p.joints.f;
  if (p.joints.type[row] === JointType.distance) {
    if (lower < 0) throw new PhysicsError('INVALID_ARGUMENT', `minLength must be >= 0, got ${lower}`);
    f[JF_MIN_LENGTH][row] = lower;
    f[JF_MAX_LENGTH][row] = upper;
  } else {
    f[JF_LOWER][row] = lower;
    f[JF_UPPER][row] = upper;
  }
  wakeJoint(p, row);
}

/**
 * [lower, upper] limits (see setJointLimits). Allocates.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE` (see {@link PhysicsErrorCode}).
 */
export function getJointLimits(world: PhysicsWorld, joint: number): [number, number] {
  const { p, row } = jointRow(world, joint);
  const f = p.joints.f;
  if (p.joints.type[row] === JointType.distance) return [f[JF_MIN_LENGTH][row], f[JF_MAX_LENGTH][row]];
  return [f[JF_LOWER][row], f[JF_UPPER][row]];
}

/**
 * Spring stiffness (Hz) and damping ratio of the joint's spring (mouse: its drag spring).
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE`, `INVALID_ARGUMENT`, `WORLD_LOCKED` (see {@link PhysicsErrorCode}).
 */
export function setJointSpring(world: PhysicsWorld, joint: number, hertz: number, dampingRatio: number): void {
  const { p, row } = mutableRow(world, joint);
  requireKind(p, row, 'setJointSpring', ...SPRING_KINDS);
  checkNonNegative(hertz, 'hertz');
  checkNonNegative(dampingRatio, 'dampingRatio');
  p.joints.f[JF_HERTZ][row] = hertz;
  p.joints.f[JF_DAMPING_RATIO][row] = dampingRatio;
  wakeJoint(p, row);
}

/**
 * Moves a mouse joint's target (m, world).
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE`, `INVALID_ARGUMENT`, `WORLD_LOCKED` (see {@link PhysicsErrorCode}).
 */
export function setMouseJointTarget(world: PhysicsWorld, joint: number, target: Vec2Like): void {
  const { p, row } = mutableRow(world, joint);
  requireKind(p, row, 'setMouseJointTarget', JointType.mouse);
  checkVec2(target, 'target');
  p.joints.f[JF_TARGET_X][row] = target.x;
  p.joints.f[JF_TARGET_Y][row] = target.y;
  wakeJoint(p, row);
}

/**
 * The mouse joint's target point, world (m).
 *
 * @throws PhysicsError `NOT_A_JOINT` unless `joint` is a live joint of this world. `INVALID_ARGUMENT` for another joint type.
 */
export function getMouseJointTarget(world: PhysicsWorld, joint: number): { x: number; y: number } {
  const { p, row } = jointRow(world, joint);
  requireKind(p, row, 'getMouseJointTarget', JointType.mouse);
  return { x: p.joints.f[JF_TARGET_X][row], y: p.joints.f[JF_TARGET_Y][row] };
}

/**
 * Largest force (N) of a mouse or motor joint.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE`, `INVALID_ARGUMENT`, `WORLD_LOCKED` (see {@link PhysicsErrorCode}).
 */
export function setJointMaxForce(world: PhysicsWorld, joint: number, maxForce: number): void {
  const { p, row } = mutableRow(world, joint);
  requireKind(p, row, 'setJointMaxForce', JointType.mouse, JointType.motor);
  checkNonNegative(maxForce, 'maxForce');
  p.joints.f[JF_MAX_FORCE][row] = maxForce;
  wakeJoint(p, row);
}

/**
 * Largest torque (N m) of a motor joint.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE`, `INVALID_ARGUMENT`, `WORLD_LOCKED` (see {@link PhysicsErrorCode}).
 */
export function setMotorJointMaxTorque(world: PhysicsWorld, joint: number, maxTorque: number): void {
  const { p, row } = mutableRow(world, joint);
  requireKind(p, row, 'setMotorJointMaxTorque', JointType.motor);
  checkNonNegative(maxTorque, 'maxTorque');
  p.joints.f[JF_MAX_TORQUE][row] = maxTorque;
  wakeJoint(p, row);
}

/**
 * Target position of B's origin in A's frame (m) for a motor joint.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE`, `INVALID_ARGUMENT`, `WORLD_LOCKED` (see {@link PhysicsErrorCode}).
 */
export function setMotorJointLinearOffset(world: PhysicsWorld, joint: number, offset: Vec2Like): void {
  const { p, row } = mutableRow(world, joint);
  requireKind(p, row, 'setMotorJointLinearOffset', JointType.motor);
  checkVec2(offset, 'linearOffset');
  p.joints.f[JF_TARGET_X][row] = offset.x;
  p.joints.f[JF_TARGET_Y][row] = offset.y;
  wakeJoint(p, row);
}

/**
 * Target angleB − angleA (rad) for a motor joint.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE`, `INVALID_ARGUMENT`, `WORLD_LOCKED` (see {@link PhysicsErrorCode}).
 */
export function setMotorJointAngularOffset(world: PhysicsWorld, joint: number, angle: number): void {
  const { p, row } = mutableRow(world, joint);
  requireKind(p, row, 'setMotorJointAngularOffset', JointType.motor);
  checkFinite(angle, 'angularOffset');
  writeReferenceAngle(p, row, JF_ANGULAR_OFFSET, angle);
  wakeJoint(p, row);
}

/**
 * Accumulated impulses of the last step (see joint-layout.ts JC_IMPULSE for their meaning per kind). Allocates.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE` (see {@link PhysicsErrorCode}).
 */
export function getJointImpulses(world: PhysicsWorld, joint: number): number[] {
  const { p, row } = jointRow(world, joint);
  const out: number[] = [];
  for (let i = 0; i < JOINT_IMPULSE_COUNT; i++) out.push(p.joints.f[JF_IMPULSE_0 + i][row]);
  return out;
}

/** Number of live joints. */
export function getJointCount(world: PhysicsWorld): number {
  return getPhysics(world).joints.count;
}
