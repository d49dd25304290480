import type { Vec2Like } from '../../math/vec2.js';
import { DebugColor, type DebugDrawer } from '../../debug-drawer.js';
import { checkFinite, checkNonNegative, checkVec2, PhysicsError } from '../../errors.js';
import type { PhysicsState, PhysicsWorld } from '../../state/physics-state.js';
import { mutableRow, requireKind, wakeJoint } from '../joint-access.js';
import {
  beginJointEdit,
  checkedBodies,
  checkJointBase,
  flagsOf,
  writeJointBase,
  writeReferenceAngle,
} from '../joint-create.js';
import { defaultJointDefBase, type JointDefBase } from '../joint-defs.js';
import { drawAnchorDots, drawAnchorLink, JD_AX, JD_BX, JD_BY } from '../joint-draw.js';
import { jointImpulses, type JointKind } from '../joint-kind.js';
import { JC_P } from '../../state/joint-layout.js';
import { allocateJoint } from '../../lifecycle/joint-lifecycle.js';
import { bodyAnchorsToWorld, bodyPointToWorld } from '../joint-math.js';
import {
  JF_ANGULAR_OFFSET,
  JF_CORRECTION,
  JF_IMPULSE_0,
  JF_MAX_FORCE,
  JF_MAX_TORQUE,
  JF_TARGET_X,
  JF_TARGET_Y,
  JointType,
} from '../../state/joint-store.js';
import type { BodyId, JointId } from '../../handles.js';

// The motor joint: drives B's pose relative to A toward a linear and an angular offset with bounded force and
// torque. The solver's half is systems/src/joints/motor.ts.

// ---- Definition and creation ----

/**
 * Drives B's pose relative to A toward targets with bounded force and torque (a top-down character, a moving
 * platform that yields). The targets are B's origin in A's frame (linearOffset) and angleB − angleA (angularOffset).
 */
export interface MotorJointDef extends JointDefBase {
  /** Target position of B's origin in A's frame (m). Default (0, 0). */
  linearOffset: Vec2Like;
  /** Target angleB − angleA (rad). Default 0. */
  angularOffset: number;
  /** Largest force (N). Default 1. */
  maxForce: number;
  /** Largest torque (N m). Default 1. */
  maxTorque: number;
  /** Fraction of the offset error corrected per substep, in [0, 1]. Default 0.3. */
  correctionFactor: number;
}

/**
 * A fresh motor joint definition: drives body B to an offset from body A with capped force and torque.
 */
export function defaultMotorJointDef(): MotorJointDef {
  return {
    ...defaultJointDefBase(),
    linearOffset: { x: 0, y: 0 },
    angularOffset: 0,
    maxForce: 1,
    maxTorque: 1,
    correctionFactor: 0.3,
  };
}

/**
 * Creates a motor joint driving B's pose relative to A. Returns its handle (a JointId).
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` for a bad bodyA or bodyB, `INVALID_ARGUMENT` for a bad
 *   definition (same body twice, non-finite numbers, lower > upper, zero axis), `WORLD_LOCKED` during a step.
 */
export function createMotorJoint(
  world: PhysicsWorld,
  def: Partial<MotorJointDef> & { bodyA: BodyId; bodyB: BodyId },
): JointId {
  const p = beginJointEdit(world);
  const d: MotorJointDef = { ...defaultMotorJointDef(), ...def };
  checkJointBase(p, d);
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
    checkedBodies[0],
    checkedBodies[1],
    flagsOf(d, false, false, false),
  );
  writeJointBase(p, row, d);
  const f = p.joints.f;
  f[JF_TARGET_X][row] = d.linearOffset.x;
  f[JF_TARGET_Y][row] = d.linearOffset.y;
  writeReferenceAngle(p, row, JF_ANGULAR_OFFSET, d.angularOffset);
  f[JF_MAX_FORCE][row] = d.maxForce;
  f[JF_MAX_TORQUE][row] = d.maxTorque;
  f[JF_CORRECTION][row] = d.correctionFactor;
  return p.joints.handle[row];
}

// ---- Setters of the motor joint ----

/**
 * Largest torque (N m) of a motor joint.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE`, `INVALID_ARGUMENT`, `WORLD_LOCKED` (see {@link PhysicsErrorCode}).
 */
export function setMotorJointMaxTorque(world: PhysicsWorld, joint: JointId, maxTorque: number): void {
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
export function setMotorJointLinearOffset(world: PhysicsWorld, joint: JointId, offset: Vec2Like): void {
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
export function setMotorJointAngularOffset(world: PhysicsWorld, joint: JointId, angle: number): void {
  const { p, row } = mutableRow(world, joint);
  requireKind(p, row, 'setMotorJointAngularOffset', JointType.motor);
  checkFinite(angle, 'angularOffset');
  writeReferenceAngle(p, row, JF_ANGULAR_OFFSET, angle);
  wakeJoint(p, row);
}

// ---- Impulse slots: the linear drive (x, y) and the angular drive ----

export const JI_MOTOR_LINEAR_X = 0;
export const JI_MOTOR_LINEAR_Y = JI_MOTOR_LINEAR_X + 1;
export const JI_MOTOR_ANGULAR = JI_MOTOR_LINEAR_Y + 1;
export const MOTOR_IMPULSES = jointImpulses(
  { JI_MOTOR_LINEAR_X, JI_MOTOR_LINEAR_Y, JI_MOTOR_ANGULAR },
  { angular: [JI_MOTOR_ANGULAR] },
);

// ---- Record overlay ----

export const JC_MOTOR_AXIAL_MASS = JC_P; // 1 / (iA + iB)
export const JC_MOTOR_MAX_FORCE_IMPULSE = JC_MOTOR_AXIAL_MASS + 1; // h · max force
export const JC_MOTOR_MAX_TORQUE_IMPULSE = JC_MOTOR_MAX_FORCE_IMPULSE + 1; // h · max torque
export const JC_MOTOR_CORRECTION_RATE = JC_MOTOR_MAX_TORQUE_IMPULSE + 1; // correction factor / h (1/s)
export const JC_MOTOR_REL_C = JC_MOTOR_CORRECTION_RATE + 1; // relative rotation less the angular offset: cos
export const JC_MOTOR_REL_S = JC_MOTOR_REL_C + 1; // and sin

// ---- Reaction and drawing ----

function motorReaction(p: PhysicsState, row: number, out: Float64Array): void {
  const js = p.joints;
  const f = js.f;
  const invH = js.invH;
  out[0] = invH * f[JF_IMPULSE_0 + JI_MOTOR_LINEAR_X][row];
  out[1] = invH * f[JF_IMPULSE_0 + JI_MOTOR_LINEAR_Y][row];
  out[2] = invH * f[JF_IMPULSE_0 + JI_MOTOR_ANGULAR][row];
}

/**
 * Where the joint drives B's origin (linearOffset in A's frame) linked to where B's origin is. (Its worldAnchors are
 * the body origins, which for a ground body may be far away.)
 */
function drawMotor(p: PhysicsState, row: number, drawer: DebugDrawer, frame: Float64Array): void {
  const js = p.joints;
  const t = p.bodies.transform;
  const b = js.bodyB[row];
  bodyPointToWorld(p, js.bodyA[row], js.f[JF_TARGET_X][row], js.f[JF_TARGET_Y][row], frame, JD_AX);
  frame[JD_BX] = t.x[b];
  frame[JD_BY] = t.y[b];
  drawAnchorLink(drawer, frame, DebugColor.joint);
  drawAnchorDots(p, row, drawer, frame);
}

/** The motor-joint kind (see JointKind). */
export const motorJoint: JointKind = {
  name: 'motor',
  impulses: MOTOR_IMPULSES,
  record: {
    JC_MOTOR_AXIAL_MASS,
    JC_MOTOR_MAX_FORCE_IMPULSE,
    JC_MOTOR_MAX_TORQUE_IMPULSE,
    JC_MOTOR_CORRECTION_RATE,
    JC_MOTOR_REL_C,
    JC_MOTOR_REL_S,
  },
  features: {
    springSettings: false,
    referenceAngle: false,
    axis: false,
    maxForce: true,
    springTarget: false,
    springForceRange: false,
    localAnchorA: false,
    localAnchorB: false,
  },
  limits: null,
  worldAnchors: bodyAnchorsToWorld,
  reaction: motorReaction,
  draw: drawMotor,
};
