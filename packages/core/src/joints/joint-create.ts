import { requireBody } from '../state/require-handle.js';
import type { Vec2Like } from '../math/vec2.js';
import { atan2, cosSin, length } from '../math/trig.js';
import { checkFinite, checkNonNegative, checkThreshold, checkVec2, PhysicsError } from '../errors.js';
import { assertUnlocked, getPhysics, type PhysicsState, type PhysicsWorld } from '../state/physics-state.js';
import {
  JF_ANCHOR_AX,
  JF_ANCHOR_AY,
  JF_ANCHOR_BX,
  JF_ANCHOR_BY,
  JF_CONSTRAINT_DAMPING_RATIO,
  JF_CONSTRAINT_HERTZ,
  JF_DAMPING_RATIO,
  JF_HERTZ,
  JF_LOWER_SPRING_FORCE,
  JF_MAX_MOTOR,
  JF_MOTOR_SPEED,
  JF_REF_COS,
  JF_REF_SIN,
  JF_UPPER_SPRING_FORCE,
  JointFlag,
} from '../state/joint-store.js';
import type { JointDefBase, LocalAnchorsDef, WorldAnchorOption } from './joint-defs.js';
import type { BodyId } from '../handles.js';

// The steps every joint kind's creator (joints/kinds/<kind>.ts) shares: validation of the common fields, which throws
// before anything changes, and the writes of the shared parameter columns once the row exists (allocateJoint).

/** The column indices of the two bodies checkBodies last checked, [A, B]: what the joint rows store. */
export const checkedBodies = new Int32Array(2);

/** Checks the two bodies (live, distinct); throws before anything changes. Writes their indices to checkedBodies. */
export function checkBodies(p: PhysicsState, d: { bodyA: BodyId; bodyB: BodyId }): void {
  const a = requireBody(p, d.bodyA);
  const b = requireBody(p, d.bodyB);
  if (a === b) {
    throw new PhysicsError('INVALID_ARGUMENT', `a joint needs two different bodies, got bodyA = bodyB = ${d.bodyA}`);
  }
  checkedBodies[0] = a;
  checkedBodies[1] = b;
}

/**
 * Checks the fields every joint definition shares (JointDefBase): the bodies (see checkBodies, which it calls),
 * collideConnected, the event thresholds and the optional constraint tuning. Throws before anything changes.
 */
export function checkJointBase(p: PhysicsState, d: JointDefBase): void {
  checkBodies(p, d);
  checkBool(d.collideConnected, 'collideConnected');
  checkThreshold(d.forceThreshold, 'forceThreshold');
  checkThreshold(d.torqueThreshold, 'torqueThreshold');
  if (d.constraintHertz !== undefined) checkNonNegative(d.constraintHertz, 'constraintHertz');
  if (d.constraintDampingRatio !== undefined) checkNonNegative(d.constraintDampingRatio, 'constraintDampingRatio');
}

/**
 * A spring's force range (N): lower ≤ upper, lower < +∞ and upper > −∞ (either may be open: −∞, +∞), so that the
 * clamped spring impulse stays finite.
 */
export function checkSpringForceRange(lower: number, upper: number): void {
  if (typeof lower !== 'number' || !(lower < Infinity)) {
    throw new PhysicsError('INVALID_ARGUMENT', `lowerSpringForce must be a number < Infinity, got ${String(lower)}`);
  }
  if (typeof upper !== 'number' || !(upper > -Infinity)) {
    throw new PhysicsError('INVALID_ARGUMENT', `upperSpringForce must be a number > -Infinity, got ${String(upper)}`);
  }
  if (lower > upper) {
    throw new PhysicsError('INVALID_ARGUMENT', `lowerSpringForce (${lower}) must be <= upperSpringForce (${upper})`);
  }
}

export function checkBool(v: unknown, what: string): void {
  if (typeof v !== 'boolean') throw new PhysicsError('INVALID_ARGUMENT', `${what} must be a boolean, got ${String(v)}`);
}

export function checkRange(lower: number, upper: number, what: string): void {
  checkFinite(lower, `${what} lower`);
  checkFinite(upper, `${what} upper`);
  if (lower > upper) {
    throw new PhysicsError('INVALID_ARGUMENT', `${what}: lower (${lower}) must be <= upper (${upper})`);
  }
}

export function checkSpring(hertz: number, dampingRatio: number, what = ''): void {
  checkNonNegative(hertz, `${what}hertz`);
  checkNonNegative(dampingRatio, `${what}dampingRatio`);
}

/** Unit vector of a validated non-zero axis (throws on a zero axis). */
export function unitAxis(v: Vec2Like, what: string, out: Float64Array): void {
  checkVec2(v, what);
  const len = length(v.x, v.y);
  if (!(len > 1e-12)) throw new PhysicsError('INVALID_ARGUMENT', `${what} must not be zero, got (${v.x}, ${v.y})`);
  out[0] = v.x / len;
  out[1] = v.y / len;
}

/** The unit axis unitAxis last wrote (x, y). */
export const axisScratch = new Float64Array(2);

/** A world point expressed in a body's frame (relative to its origin). */
export function toLocal(p: PhysicsState, body: number, point: Vec2Like, out: Float64Array, o: number): void {
  const t = p.bodies.transform;
  const dx = point.x - t.x[body];
  const dy = point.y - t.y[body];
  const c = t.c[body];
  const s = t.s[body];
  out[o] = c * dx + s * dy;
  out[o + 1] = -s * dx + c * dy;
}

/** angleB − angleA from the current transforms (rad, in (−π, π]). */
export function relativeAngle(p: PhysicsState, bodyA: number, bodyB: number): number {
  const t = p.bodies.transform;
  const cA = t.c[bodyA];
  const sA = t.s[bodyA];
  const cB = t.c[bodyB];
  const sB = t.s[bodyB];
  return atan2(cA * sB - sA * cB, cA * cB + sA * sB);
}

/** World position of a body-local point. */
export function toWorld(p: PhysicsState, body: number, local: Vec2Like, out: Float64Array): void {
  const t = p.bodies.transform;
  const c = t.c[body];
  const s = t.s[body];
  out[0] = t.x[body] + c * local.x - s * local.y;
  out[1] = t.y[body] + s * local.x + c * local.y;
}

/** The local anchors resolveAnchors last wrote: A (x, y), B (x, y), in each body's frame (m). */
export const anchorScratch = new Float64Array(4);

/**
 * Validates the fields every two-anchor joint shares and resolves the anchors: from `anchor` (a world point) when
 * given, otherwise the local anchors. Writes the local anchors into anchorScratch[0..3]; returns the reference
 * angle (the given one, or the current relative angle when `anchor` was given without one).
 */
export function resolveAnchors(
  p: PhysicsState,
  d: JointDefBase & LocalAnchorsDef & WorldAnchorOption,
  raw: object,
  referenceAngle: number,
): number {
  checkJointBase(p, d);
  if (d.anchor !== undefined) {
    checkVec2(d.anchor, 'anchor');
    toLocal(p, checkedBodies[0], d.anchor, anchorScratch, 0);
    toLocal(p, checkedBodies[1], d.anchor, anchorScratch, 2);
    checkFinite(referenceAngle, 'referenceAngle');
    return 'referenceAngle' in raw ? referenceAngle : relativeAngle(p, checkedBodies[0], checkedBodies[1]);
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
export function checkRowOptions(
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
export function writeMotorSpring(
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

/** The JointFlag bits of a row of definition `d` (its base fields) with these options. */
export function flagsOf(d: JointDefBase, enableLimit: boolean, enableMotor: boolean, enableSpring: boolean): number {
  const tuned = d.constraintHertz !== undefined || d.constraintDampingRatio !== undefined;
  return (
    (d.collideConnected ? JointFlag.collideConnected : 0) |
    (tuned ? JointFlag.constraintTuning : 0) |
    (enableLimit ? JointFlag.enableLimit : 0) |
    (enableMotor ? JointFlag.enableMotor : 0) |
    (enableSpring ? JointFlag.enableSpring : 0)
  );
}

/**
 * Stores the base fields of definition `d` (validated by checkJointBase) in a new row: the event thresholds and the
 * hard rows' stiffness and damping ratio, the world's for what the definition leaves out (the solver reads them only
 * when flagsOf set JointFlag.constraintTuning).
 */
export function writeJointBase(p: PhysicsState, row: number, d: JointDefBase): void {
  const js = p.joints;
  js.setThresholds(row, d.forceThreshold, d.torqueThreshold);
  js.f[JF_CONSTRAINT_HERTZ][row] = d.constraintHertz ?? p.jointHertz;
  js.f[JF_CONSTRAINT_DAMPING_RATIO][row] = d.constraintDampingRatio ?? p.jointDampingRatio;
}

/** Stores a spring's force range (N; checked by checkSpringForceRange). */
export function writeSpringForceRange(p: PhysicsState, row: number, lower: number, upper: number): void {
  const f = p.joints.f;
  f[JF_LOWER_SPRING_FORCE][row] = lower;
  f[JF_UPPER_SPRING_FORCE][row] = upper;
}

/** Stores the local anchors resolveAnchors left in anchorScratch. */
export function writeAnchors(p: PhysicsState, row: number): void {
  const f = p.joints.f;
  f[JF_ANCHOR_AX][row] = anchorScratch[0];
  f[JF_ANCHOR_AY][row] = anchorScratch[1];
  f[JF_ANCHOR_BX][row] = anchorScratch[2];
  f[JF_ANCHOR_BY][row] = anchorScratch[3];
}

/** The world's state, once it is known not to be inside a step (WORLD_LOCKED otherwise). */
export function beginJointEdit(world: PhysicsWorld): PhysicsState {
  const p = getPhysics(world);
  assertUnlocked(p);
  return p;
}

/** A world point (x, y) for the creators' own use (toWorld's out). */
export const pointScratch = new Float64Array(2);

/** Stores an angle and its deterministic cos / sin (the solver works with the rotation). */
export function writeReferenceAngle(p: PhysicsState, row: number, angleField: number, angle: number): void {
  const f = p.joints.f;
  f[angleField][row] = angle;
  cosSin(angle, pointScratch, 0);
  f[JF_REF_COS][row] = pointScratch[0];
  f[JF_REF_SIN][row] = pointScratch[1];
}
