import { requireBody } from '../body/body-handle.js';
import type { Vec2Like } from '../body/body-def.js';
import { atan2, cosSin, length } from '../math/trig.js';
import { checkFinite, checkNonNegative, checkPositive, checkVec2, PhysicsError } from '../errors.js';
import { assertUnlocked, getPhysics, type PhysicsState, type PhysicsWorld } from '../world/physics-world.js';
import {
  defaultDistanceJointDef,
  defaultMotorJointDef,
  defaultMouseJointDef,
  defaultPrismaticJointDef,
  defaultPulleyJointDef,
  defaultRevoluteJointDef,
  defaultWeldJointDef,
  defaultWheelJointDef,
  type DistanceJointDef,
  type MotorJointDef,
  type MouseJointDef,
  type PrismaticJointDef,
  type PulleyJointDef,
  type RevoluteJointDef,
  type WeldJointDef,
  type WheelJointDef,
} from './joint-defs.js';
import { allocateJoint } from './joint-lifecycle.js';
import {
  JF_ANCHOR_AX,
  JF_ANCHOR_AY,
  JF_ANCHOR_BX,
  JF_ANCHOR_BY,
  JF_ANGULAR_DAMPING_RATIO,
  JF_ANGULAR_HERTZ,
  JF_ANGULAR_OFFSET,
  JF_AXIS_X,
  JF_AXIS_Y,
  JF_CORRECTION,
  JF_DAMPING_RATIO,
  JF_GROUND_AX,
  JF_GROUND_AY,
  JF_GROUND_BX,
  JF_GROUND_BY,
  JF_HERTZ,
  JF_LENGTH,
  JF_LENGTH_B,
  JF_LOWER,
  JF_MAX_FORCE,
  JF_MAX_LENGTH,
  JF_MAX_MOTOR,
  JF_MAX_TORQUE,
  JF_MIN_LENGTH,
  JF_MOTOR_SPEED,
  JF_RATIO,
  JF_REF_COS,
  JF_REF_SIN,
  JF_REFERENCE_ANGLE,
  JF_TARGET_X,
  JF_TARGET_Y,
  JF_UPPER,
  JointFlag,
  JointType,
} from './joint-store.js';

/**
 * Checks the two bodies (live, distinct); throws before anything changes. Replaces the handles in `d` (the creator's
 * own copy of the definition) by the bodies' column indices, which is what the joint rows store.
 */
function checkBodies(p: PhysicsState, d: { bodyA: number; bodyB: number }): void {
  const a = requireBody(p, d.bodyA);
  const b = requireBody(p, d.bodyB);
  if (a === b) {
    throw new PhysicsError('INVALID_ARGUMENT', `a joint needs two different bodies, got bodyA = bodyB = ${d.bodyA}`);
  }
  d.bodyA = a;
  d.bodyB = b;
}

function checkBool(v: unknown, what: string): void {
  if (typeof v !== 'boolean') throw new PhysicsError('INVALID_ARGUMENT', `${what} must be a boolean, got ${String(v)}`);
}

function checkRange(lower: number, upper: number, what: string): void {
  checkFinite(lower, `${what} lower`);
  checkFinite(upper, `${what} upper`);
  if (lower > upper) {
    throw new PhysicsError('INVALID_ARGUMENT', `${what}: lower (${lower}) must be <= upper (${upper})`);
  }
}

function checkSpring(hertz: number, dampingRatio: number, what = ''): void {
  checkNonNegative(hertz, `${what}hertz`);
  checkNonNegative(dampingRatio, `${what}dampingRatio`);
}

/** Unit vector of a validated non-zero axis (throws on a zero axis). */
function unitAxis(v: Vec2Like, what: string, out: Float64Array): void {
  checkVec2(v, what);
  const len = length(v.x, v.y);
  if (!(len > 1e-12)) throw new PhysicsError('INVALID_ARGUMENT', `${what} must not be zero, got (${v.x}, ${v.y})`);
  out[0] = v.x / len;
  out[1] = v.y / len;
}

const axisScratch = new Float64Array(2);

/** A world point expressed in a body's frame (relative to its origin). */
function toLocal(p: PhysicsState, body: number, point: Vec2Like, out: Float64Array, o: number): void {
  const t = p.bodies.transform;
  const dx = point.x - t.x[body];
  const dy = point.y - t.y[body];
  const c = t.c[body];
  const s = t.s[body];
  out[o] = c * dx + s * dy;
  out[o + 1] = -s * dx + c * dy;
}

/** angleB − angleA from the current transforms (rad, in (−π, π]). */
function relativeAngle(p: PhysicsState, bodyA: number, bodyB: number): number {
  const t = p.bodies.transform;
  const cA = t.c[bodyA];
  const sA = t.s[bodyA];
  const cB = t.c[bodyB];
  const sB = t.s[bodyB];
  return atan2(cA * sB - sA * cB, cA * cB + sA * sB);
}

/** World position of a body-local point. */
function toWorld(p: PhysicsState, body: number, local: Vec2Like, out: Float64Array): void {
  const t = p.bodies.transform;
  const c = t.c[body];
  const s = t.s[body];
  out[0] = t.x[body] + c * local.x - s * local.y;
  out[1] = t.y[body] + s * local.x + c * local.y;
}

const anchorScratch = new Float64Array(4);

/**
 * Validates the fields every two-anchor joint shares and resolves the anchors: from `anchor` (a world point) when
 * given, otherwise the local anchors. Writes the local anchors into anchorScratch[0..3]; returns the reference
 * angle (the given one, or the current relative angle when `anchor` was given without one).
 */
function resolveAnchors(
  p: PhysicsState,
  d: {
    bodyA: number;
    bodyB: number;
    localAnchorA: Vec2Like;
    localAnchorB: Vec2Like;
    collideConnected: boolean;
    anchor?: Vec2Like;
  },
  raw: object,
  referenceAngle: number,
): number {
  checkBodies(p, d);
  checkBool(d.collideConnected, 'collideConnected');
  if (d.anchor !== undefined) {
    checkVec2(d.anchor, 'anchor');
    toLocal(p, d.bodyA, d.anchor, anchorScratch, 0);
    toLocal(p, d.bodyB, d.anchor, anchorScratch, 2);
    checkFinite(referenceAngle, 'referenceAngle');
    return 'referenceAngle' in raw ? referenceAngle : relativeAngle(p, d.bodyA, d.bodyB);
  }
  checkVec2(d.localAnchorA, 'localAnchorA');
  checkVec2(d.localAnchorB, 'localAnchorB');
  checkFinite(referenceAngle, 'referenceAngle');
  anchorScratch[0] = d.localAnchorA.x;
  anchorScratch[1] = d.localAnchorA.y;
  anchorScratch[2] = d.localAnchorB.x;
  anchorScratch[3] = d.localAnchorB.y;
  return referenceAngle;
}

/** The spring, motor and limit options of distance, revolute, prismatic and wheel joints (after their limits). */
function checkRowOptions(
  d: {
    hertz: number;
    dampingRatio: number;
    motorSpeed: number;
    enableSpring: boolean;
    enableLimit: boolean;
    enableMotor: boolean;
  },
  maxMotor: number,
  maxMotorName: string,
): void {
  checkSpring(d.hertz, d.dampingRatio);
  checkNonNegative(maxMotor, maxMotorName);
  checkFinite(d.motorSpeed, 'motorSpeed');
  checkBool(d.enableSpring, 'enableSpring');
  checkBool(d.enableLimit, 'enableLimit');
  checkBool(d.enableMotor, 'enableMotor');
}

/** Stores the motor and spring fields shared by revolute, prismatic and wheel joints (and the distance joint). */
function writeMotorSpring(
  p: PhysicsState,
  row: number,
  motorSpeed: number,
  maxMotor: number,
  hertz: number,
  dampingRatio: number,
): void {
  const f = p.joints.f;
  f[JF_MOTOR_SPEED][row] = motorSpeed;
  f[JF_MAX_MOTOR][row] = maxMotor;
  f[JF_HERTZ][row] = hertz;
  f[JF_DAMPING_RATIO][row] = dampingRatio;
}

function flagsOf(collideConnected: boolean, enableLimit: boolean, enableMotor: boolean, enableSpring: boolean): number {
  return (
    (collideConnected ? JointFlag.collideConnected : 0) |
    (enableLimit ? JointFlag.enableLimit : 0) |
    (enableMotor ? JointFlag.enableMotor : 0) |
    (enableSpring ? JointFlag.enableSpring : 0)
  );
}

function writeAnchors(p: PhysicsState, row: number): void {
  const f = p.joints.f;
  f[JF_ANCHOR_AX][row] = anchorScratch[0];
  f[JF_ANCHOR_AY][row] = anchorScratch[1];
  f[JF_ANCHOR_BX][row] = anchorScratch[2];
  f[JF_ANCHOR_BY][row] = anchorScratch[3];
}

function begin(world: PhysicsWorld): PhysicsState {
  const p = getPhysics(world);
  assertUnlocked(p);
  return p;
}

const pointScratch = new Float64Array(2);

/** Stores an angle and its deterministic cos / sin (the solver works with the rotation). */
export function writeReferenceAngle(p: PhysicsState, row: number, angleField: number, angle: number): void {
  const f = p.joints.f;
  f[angleField][row] = angle;
  cosSin(angle, pointScratch, 0);
  f[JF_REF_COS][row] = pointScratch[0];
  f[JF_REF_SIN][row] = pointScratch[1];
}

/**
 * Creates a distance joint (rod, spring or rope; see DistanceJointDef). Returns the joint entity.
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` for a bad bodyA or bodyB, `INVALID_ARGUMENT` for a bad
 *   definition (same body twice, non-finite numbers, lower > upper, zero axis), `WORLD_LOCKED` during a step.
 */
export function createDistanceJoint(
  world: PhysicsWorld,
  def: Partial<DistanceJointDef> & { bodyA: number; bodyB: number },
): number {
  const p = begin(world);
  const d: DistanceJointDef = { ...defaultDistanceJointDef(), ...def };
  resolveAnchors(p, d, def, 0);
  const rope = def.maxLength !== undefined && def.length === undefined && def.enableSpring === undefined;
  if (rope) {
    d.enableSpring = true;
    d.hertz = def.hertz ?? 0;
    if (def.minLength === undefined) d.minLength = 0;
  }
  if (def.enableLimit === undefined && (def.minLength !== undefined || def.maxLength !== undefined))
    d.enableLimit = true;
  if (def.length === undefined) {
    // Rest length: the current distance between the anchors (or the maximum, for a rope).
    toWorld(p, d.bodyA, d.localAnchorA, pointScratch);
    const ax = pointScratch[0];
    const ay = pointScratch[1];
    toWorld(p, d.bodyB, d.localAnchorB, pointScratch);
    d.length = rope ? d.maxLength : length(pointScratch[0] - ax, pointScratch[1] - ay);
  }
  checkNonNegative(d.length, 'length');
  checkRange(d.minLength, d.maxLength, 'distance limits');
  checkNonNegative(d.minLength, 'minLength');
  checkRowOptions(d, d.maxMotorForce, 'maxMotorForce');
  const row = allocateJoint(
    world,
    p,
    JointType.distance,
    d.bodyA,
    d.bodyB,
    flagsOf(d.collideConnected, d.enableLimit, d.enableMotor, d.enableSpring),
  );
  writeAnchors(p, row);
  const f = p.joints.f;
  f[JF_LENGTH][row] = d.length;
  f[JF_MIN_LENGTH][row] = d.minLength;
  f[JF_MAX_LENGTH][row] = d.maxLength;
  writeMotorSpring(p, row, d.motorSpeed, d.maxMotorForce, d.hertz, d.dampingRatio);
  return p.joints.handle[row];
}

/**
 * Creates a revolute joint (pin with optional limits, motor, spring). Returns the joint entity.
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` for a bad bodyA or bodyB, `INVALID_ARGUMENT` for a bad
 *   definition (same body twice, non-finite numbers, lower > upper, zero axis), `WORLD_LOCKED` during a step.
 */
export function createRevoluteJoint(
  world: PhysicsWorld,
  def: Partial<RevoluteJointDef> & { bodyA: number; bodyB: number },
): number {
  const p = begin(world);
  const d: RevoluteJointDef = { ...defaultRevoluteJointDef(), ...def };
  const ref = resolveAnchors(p, d, def, d.referenceAngle);
  checkRange(d.lowerAngle, d.upperAngle, 'revolute angle limits');
  checkRowOptions(d, d.maxMotorTorque, 'maxMotorTorque');
  const row = allocateJoint(
    world,
    p,
    JointType.revolute,
    d.bodyA,
    d.bodyB,
    flagsOf(d.collideConnected, d.enableLimit, d.enableMotor, d.enableSpring),
  );
  writeAnchors(p, row);
  const f = p.joints.f;
  writeReferenceAngle(p, row, JF_REFERENCE_ANGLE, ref);
  f[JF_LOWER][row] = d.lowerAngle;
  f[JF_UPPER][row] = d.upperAngle;
  writeMotorSpring(p, row, d.motorSpeed, d.maxMotorTorque, d.hertz, d.dampingRatio);
  return p.joints.handle[row];
}

/**
 * Creates a prismatic joint (slider along localAxisA). Returns the joint entity.
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` for a bad bodyA or bodyB, `INVALID_ARGUMENT` for a bad
 *   definition (same body twice, non-finite numbers, lower > upper, zero axis), `WORLD_LOCKED` during a step.
 */
export function createPrismaticJoint(
  world: PhysicsWorld,
  def: Partial<PrismaticJointDef> & { bodyA: number; bodyB: number },
): number {
  const p = begin(world);
  const d: PrismaticJointDef = { ...defaultPrismaticJointDef(), ...def };
  const ref = resolveAnchors(p, d, def, d.referenceAngle);
  unitAxis(d.localAxisA, 'localAxisA', axisScratch);
  checkRange(d.lowerTranslation, d.upperTranslation, 'prismatic translation limits');
  checkRowOptions(d, d.maxMotorForce, 'maxMotorForce');
  const row = allocateJoint(
    world,
    p,
    JointType.prismatic,
    d.bodyA,
    d.bodyB,
    flagsOf(d.collideConnected, d.enableLimit, d.enableMotor, d.enableSpring),
  );
  writeAnchors(p, row);
  const f = p.joints.f;
  writeReferenceAngle(p, row, JF_REFERENCE_ANGLE, ref);
  f[JF_AXIS_X][row] = axisScratch[0];
  f[JF_AXIS_Y][row] = axisScratch[1];
  f[JF_LOWER][row] = d.lowerTranslation;
  f[JF_UPPER][row] = d.upperTranslation;
  writeMotorSpring(p, row, d.motorSpeed, d.maxMotorForce, d.hertz, d.dampingRatio);
  return p.joints.handle[row];
}

/**
 * Creates a weld joint. Returns the joint entity.
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` for a bad bodyA or bodyB, `INVALID_ARGUMENT` for a bad
 *   definition (same body twice, non-finite numbers, lower > upper, zero axis), `WORLD_LOCKED` during a step.
 */
export function createWeldJoint(
  world: PhysicsWorld,
  def: Partial<WeldJointDef> & { bodyA: number; bodyB: number },
): number {
  const p = begin(world);
  const d: WeldJointDef = { ...defaultWeldJointDef(), ...def };
  const ref = resolveAnchors(p, d, def, d.referenceAngle);
  checkSpring(d.linearHertz, d.linearDampingRatio, 'linear ');
  checkSpring(d.angularHertz, d.angularDampingRatio, 'angular ');
  const row = allocateJoint(
    world,
    p,
    JointType.weld,
    d.bodyA,
    d.bodyB,
    flagsOf(d.collideConnected, false, false, false),
  );
  writeAnchors(p, row);
  const f = p.joints.f;
  writeReferenceAngle(p, row, JF_REFERENCE_ANGLE, ref);
  f[JF_HERTZ][row] = d.linearHertz;
  f[JF_DAMPING_RATIO][row] = d.linearDampingRatio;
  f[JF_ANGULAR_HERTZ][row] = d.angularHertz;
  f[JF_ANGULAR_DAMPING_RATIO][row] = d.angularDampingRatio;
  return p.joints.handle[row];
}

/**
 * Creates a wheel joint (A = chassis, B = wheel). Returns the joint entity.
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` for a bad bodyA or bodyB, `INVALID_ARGUMENT` for a bad
 *   definition (same body twice, non-finite numbers, lower > upper, zero axis), `WORLD_LOCKED` during a step.
 */
export function createWheelJoint(
  world: PhysicsWorld,
  def: Partial<WheelJointDef> & { bodyA: number; bodyB: number },
): number {
  const p = begin(world);
  const d: WheelJointDef = { ...defaultWheelJointDef(), ...def };
  resolveAnchors(p, d, def, 0);
  unitAxis(d.localAxisA, 'localAxisA', axisScratch);
  checkRange(d.lowerTranslation, d.upperTranslation, 'wheel translation limits');
  checkRowOptions(d, d.maxMotorTorque, 'maxMotorTorque');
  const row = allocateJoint(
    world,
    p,
    JointType.wheel,
    d.bodyA,
    d.bodyB,
    flagsOf(d.collideConnected, d.enableLimit, d.enableMotor, d.enableSpring),
  );
  writeAnchors(p, row);
  const f = p.joints.f;
  f[JF_AXIS_X][row] = axisScratch[0];
  f[JF_AXIS_Y][row] = axisScratch[1];
  f[JF_LOWER][row] = d.lowerTranslation;
  f[JF_UPPER][row] = d.upperTranslation;
  writeMotorSpring(p, row, d.motorSpeed, d.maxMotorTorque, d.hertz, d.dampingRatio);
  return p.joints.handle[row];
}

/**
 * Creates a mouse (target) joint dragging bodyB toward `target`. Returns the joint entity.
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` for a bad bodyA or bodyB, `INVALID_ARGUMENT` for a bad
 *   definition (same body twice, non-finite numbers, lower > upper, zero axis), `WORLD_LOCKED` during a step.
 */
export function createMouseJoint(
  world: PhysicsWorld,
  def: Partial<MouseJointDef> & { bodyA: number; bodyB: number },
): number {
  const p = begin(world);
  const d: MouseJointDef = { ...defaultMouseJointDef(), ...def };
  checkBodies(p, d);
  checkBool(d.collideConnected, 'collideConnected');
  checkVec2(d.target, 'target');
  if (d.localAnchorB !== undefined) {
    checkVec2(d.localAnchorB, 'localAnchorB');
    anchorScratch[2] = d.localAnchorB.x;
    anchorScratch[3] = d.localAnchorB.y;
  } else {
    toLocal(p, d.bodyB, d.target, anchorScratch, 2);
  }
  anchorScratch[0] = 0;
  anchorScratch[1] = 0;
  checkNonNegative(d.maxForce, 'maxForce');
  checkSpring(d.hertz, d.dampingRatio);
  const row = allocateJoint(
    world,
    p,
    JointType.mouse,
    d.bodyA,
    d.bodyB,
    flagsOf(d.collideConnected, false, false, true),
  );
  writeAnchors(p, row);
  const f = p.joints.f;
  f[JF_TARGET_X][row] = d.target.x;
  f[JF_TARGET_Y][row] = d.target.y;
  f[JF_MAX_FORCE][row] = d.maxForce;
  f[JF_HERTZ][row] = d.hertz;
  f[JF_DAMPING_RATIO][row] = d.dampingRatio;
  return p.joints.handle[row];
}

/**
 * Creates a motor joint driving B's pose relative to A. Returns the joint entity.
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` for a bad bodyA or bodyB, `INVALID_ARGUMENT` for a bad
 *   definition (same body twice, non-finite numbers, lower > upper, zero axis), `WORLD_LOCKED` during a step.
 */
export function createMotorJoint(
  world: PhysicsWorld,
  def: Partial<MotorJointDef> & { bodyA: number; bodyB: number },
): number {
  const p = begin(world);
  const d: MotorJointDef = { ...defaultMotorJointDef(), ...def };
  checkBodies(p, d);
  checkBool(d.collideConnected, 'collideConnected');
  checkVec2(d.linearOffset, 'linearOffset');
  checkFinite(d.angularOffset, 'angularOffset');
  checkNonNegative(d.maxForce, 'maxForce');
  checkNonNegative(d.maxTorque, 'maxTorque');
  checkNonNegative(d.correctionFactor, 'correctionFactor');
  if (d.correctionFactor > 1) {
    throw new PhysicsError('INVALID_ARGUMENT', `correctionFactor must be in [0, 1], got ${d.correctionFactor}`);
  }
  const row = allocateJoint(
    world,
    p,
    JointType.motor,
    d.bodyA,
    d.bodyB,
    flagsOf(d.collideConnected, false, false, false),
  );
  const f = p.joints.f;
  f[JF_TARGET_X][row] = d.linearOffset.x;
  f[JF_TARGET_Y][row] = d.linearOffset.y;
  writeReferenceAngle(p, row, JF_ANGULAR_OFFSET, d.angularOffset);
  f[JF_MAX_FORCE][row] = d.maxForce;
  f[JF_MAX_TORQUE][row] = d.maxTorque;
  f[JF_CORRECTION][row] = d.correctionFactor;
  return p.joints.handle[row];
}

/**
 * Creates a pulley joint. Returns the joint entity.
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` for a bad bodyA or bodyB, `INVALID_ARGUMENT` for a bad
 *   definition (same body twice, non-finite numbers, lower > upper, zero axis), `WORLD_LOCKED` during a step.
 */
export function createPulleyJoint(
  world: PhysicsWorld,
  def: Partial<PulleyJointDef> & { bodyA: number; bodyB: number },
): number {
  const p = begin(world);
  const d: PulleyJointDef = { ...defaultPulleyJointDef(), ...def };
  resolveAnchors(p, d, def, 0);
  checkVec2(d.groundAnchorA, 'groundAnchorA');
  checkVec2(d.groundAnchorB, 'groundAnchorB');
  checkPositive(d.ratio, 'ratio');
  toWorld(p, d.bodyA, d.localAnchorA, pointScratch);
  const lengthA = d.lengthA ?? length(pointScratch[0] - d.groundAnchorA.x, pointScratch[1] - d.groundAnchorA.y);
  toWorld(p, d.bodyB, d.localAnchorB, pointScratch);
  const lengthB = d.lengthB ?? length(pointScratch[0] - d.groundAnchorB.x, pointScratch[1] - d.groundAnchorB.y);
  checkNonNegative(lengthA, 'lengthA');
  checkNonNegative(lengthB, 'lengthB');
  const row = allocateJoint(
    world,
    p,
    JointType.pulley,
    d.bodyA,
    d.bodyB,
    flagsOf(d.collideConnected, false, false, false),
  );
  writeAnchors(p, row);
  const f = p.joints.f;
  f[JF_GROUND_AX][row] = d.groundAnchorA.x;
  f[JF_GROUND_AY][row] = d.groundAnchorA.y;
  f[JF_GROUND_BX][row] = d.groundAnchorB.x;
  f[JF_GROUND_BY][row] = d.groundAnchorB.y;
  f[JF_LENGTH][row] = lengthA;
  f[JF_LENGTH_B][row] = lengthB;
  f[JF_RATIO][row] = d.ratio;
  return p.joints.handle[row];
}
