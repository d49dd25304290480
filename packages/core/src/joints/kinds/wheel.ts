import type { Vec2Like } from '../../math/vec2.js';
import type { PhysicsState, PhysicsWorld } from '../../state/physics-state.js';
import { checkFinite } from '../../errors.js';
import {
  axisScratch,
  beginJointEdit,
  checkedBodies,
  checkRange,
  checkRowOptions,
  checkSpringForceRange,
  flagsOf,
  resolveAnchors,
  unitAxis,
  writeAnchors,
  writeJointBase,
  writeMotorSpring,
  writeSpringForceRange,
} from '../joint-create.js';
import {
  defaultJointDefBase,
  defaultLocalAnchors,
  type JointDefBase,
  type LocalAnchorsDef,
  type WorldAnchorOption,
} from '../joint-defs.js';
import { jointImpulses, type JointKind, LOWER_UPPER_LIMITS } from '../joint-kind.js';
import { JC_P } from '../../state/joint-layout.js';
import { allocateJoint } from '../../lifecycle/joint-lifecycle.js';
import { bodyAnchorsToWorld, jointAxisToWorld } from '../joint-math.js';
import {
  JF_AXIS_X,
  JF_AXIS_Y,
  JF_IMPULSE_0,
  JF_LOWER,
  JF_SPRING_TARGET,
  JF_UPPER,
  JointType,
} from '../../state/joint-store.js';
import { drawSlider } from './prismatic.js';
import type { BodyId, JointId } from '../../handles.js';

// The wheel joint (A = chassis, B = wheel): B's anchor stays on an axis fixed in A, with a suspension spring and
// limits along it and a drive motor on B's rotation. The solver's half is systems/src/joints/wheel.ts.

// ---- Definition and creation ----

/**
 * A car wheel: B's anchor stays on an axis fixed in A (rigid across the axis, a suspension spring along it), B
 * rotates freely or driven by a motor. Body A is the chassis, body B the wheel.
 */
export interface WheelJointDef extends JointDefBase, LocalAnchorsDef, WorldAnchorOption {
  /** Suspension axis in A's frame (normalised on creation). Default (0, 1). */
  localAxisA: Vec2Like;
  /** Suspension spring along the axis, pulling the translation toward targetTranslation. Default true. */
  enableSpring: boolean;
  /** Translation the suspension spring pulls toward (m). Change it with setJointSpringTarget. Default 0. */
  targetTranslation: number;
  /** Smallest force of the suspension spring (N, along the axis), < +∞. Default −∞ (open). */
  lowerSpringForce: number;
  /** Largest force of the suspension spring (N), ≥ lowerSpringForce and > −∞. Default +∞ (open). */
  upperSpringForce: number;
  /** Suspension stiffness (Hz). Default 1. */
  hertz: number;
  /** Suspension damping ratio. Default 0.7. */
  dampingRatio: number;
  /** Limit the suspension travel to [lowerTranslation, upperTranslation]. Default false. */
  enableLimit: boolean;
  /** Lower travel limit (m). Default 0. */
  lowerTranslation: number;
  /** Upper travel limit (m). Default 0. */
  upperTranslation: number;
  /** Drive the wheel's angular velocity relative to A. Default false. */
  enableMotor: boolean;
  /** Largest motor torque (N m). Default 0. */
  maxMotorTorque: number;
  /** Motor speed (rad/s). Default 0. */
  motorSpeed: number;
}

/**
 * A fresh wheel joint definition: suspension axis y of body A with a spring, no limit or motor.
 */
export function defaultWheelJointDef(): WheelJointDef {
  return {
    ...defaultJointDefBase(),
    ...defaultLocalAnchors(),
    localAxisA: { x: 0, y: 1 },
    enableSpring: true,
    targetTranslation: 0,
    lowerSpringForce: -Infinity,
    upperSpringForce: Infinity,
    hertz: 1,
    dampingRatio: 0.7,
    enableLimit: false,
    lowerTranslation: 0,
    upperTranslation: 0,
    enableMotor: false,
    maxMotorTorque: 0,
    motorSpeed: 0,
  };
}

/**
 * Creates a wheel joint (A = chassis, B = wheel). Returns its handle (a JointId).
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` for a bad bodyA or bodyB, `INVALID_ARGUMENT` for a bad
 *   definition (same body twice, non-finite numbers, lower > upper, zero axis), `WORLD_LOCKED` during a step.
 */
export function createWheelJoint(
  world: PhysicsWorld,
  def: Partial<WheelJointDef> & { bodyA: BodyId; bodyB: BodyId },
): JointId {
  const p = beginJointEdit(world);
  const d: WheelJointDef = { ...defaultWheelJointDef(), ...def };
  resolveAnchors(p, d, def, 0);
  unitAxis(d.localAxisA, 'localAxisA', axisScratch);
  checkRange(d.lowerTranslation, d.upperTranslation, 'wheel translation limits');
  checkRowOptions(d, d.maxMotorTorque, 'maxMotorTorque');
  checkFinite(d.targetTranslation, 'targetTranslation');
  checkSpringForceRange(d.lowerSpringForce, d.upperSpringForce);
  const row = allocateJoint(
    world,
    p,
    JointType.wheel,
    checkedBodies[0],
    checkedBodies[1],
    flagsOf(d, d.enableLimit, d.enableMotor, d.enableSpring),
  );
  writeJointBase(p, row, d);
  writeAnchors(p, row);
  const f = p.joints.f;
  f[JF_AXIS_X][row] = axisScratch[0];
  f[JF_AXIS_Y][row] = axisScratch[1];
  f[JF_LOWER][row] = d.lowerTranslation;
  f[JF_UPPER][row] = d.upperTranslation;
  writeMotorSpring(p, row, d.motorSpeed, d.maxMotorTorque, d.hertz, d.dampingRatio);
  f[JF_SPRING_TARGET][row] = d.targetTranslation;
  writeSpringForceRange(p, row, d.lowerSpringForce, d.upperSpringForce);
  return p.joints.handle[row];
}

// ---- Impulse slots: across the axis, the suspension spring, the drive motor (angular), the travel limits ----

export const JI_WHEEL_PERPENDICULAR = 0;
export const JI_WHEEL_SPRING = JI_WHEEL_PERPENDICULAR + 1;
export const JI_WHEEL_MOTOR = JI_WHEEL_SPRING + 1;
export const JI_WHEEL_LOWER = JI_WHEEL_MOTOR + 1;
export const JI_WHEEL_UPPER = JI_WHEEL_LOWER + 1;
export const WHEEL_IMPULSES = jointImpulses(
  { JI_WHEEL_PERPENDICULAR, JI_WHEEL_SPRING, JI_WHEEL_MOTOR, JI_WHEEL_LOWER, JI_WHEEL_UPPER },
  {
    angular: [JI_WHEEL_MOTOR],
    spring: [JI_WHEEL_SPRING],
    motor: [JI_WHEEL_MOTOR],
    limit: [JI_WHEEL_LOWER, JI_WHEEL_UPPER],
  },
);

// ---- Record overlay ----

export const JC_WHEEL_AXIS_X = JC_P; // the axis in world axes at prepare time (rotated with A each substep)
export const JC_WHEEL_AXIS_Y = JC_WHEEL_AXIS_X + 1;
export const JC_WHEEL_MOTOR_SPEED = JC_WHEEL_AXIS_Y + 1; // rad/s
export const JC_WHEEL_MAX_MOTOR_IMPULSE = JC_WHEEL_MOTOR_SPEED + 1; // h · max torque
export const JC_WHEEL_LOWER = JC_WHEEL_MAX_MOTOR_IMPULSE + 1; // m
export const JC_WHEEL_UPPER = JC_WHEEL_LOWER + 1;
export const JC_WHEEL_ANGULAR_MASS = JC_WHEEL_UPPER + 1; // 1 / (iA + iB)
export const JC_WHEEL_SPRING_TARGET = JC_WHEEL_ANGULAR_MASS + 1; // translation the spring pulls toward (m)
export const JC_WHEEL_SPRING_LOWER_IMPULSE = JC_WHEEL_SPRING_TARGET + 1; // h · lower spring force (N s)
export const JC_WHEEL_SPRING_UPPER_IMPULSE = JC_WHEEL_SPRING_LOWER_IMPULSE + 1; // h · upper spring force (N s)

// ---- Reaction ----

const axis = new Float64Array(2);

function wheelReaction(p: PhysicsState, row: number, out: Float64Array): void {
  const js = p.joints;
  const f = js.f;
  const invH = js.invH;
  jointAxisToWorld(p, row, axis, 0);
  const perpendicular = f[JF_IMPULSE_0 + JI_WHEEL_PERPENDICULAR][row];
  const axial =
    f[JF_IMPULSE_0 + JI_WHEEL_SPRING][row] +
    f[JF_IMPULSE_0 + JI_WHEEL_LOWER][row] -
    f[JF_IMPULSE_0 + JI_WHEEL_UPPER][row];
  out[0] = invH * (axial * axis[0] - perpendicular * axis[1]);
  out[1] = invH * (axial * axis[1] + perpendicular * axis[0]);
  out[2] = invH * f[JF_IMPULSE_0 + JI_WHEEL_MOTOR][row];
}

/** The wheel kind (see JointKind); drawn as a slider (prismatic.ts). */
export const wheelJoint: JointKind = {
  name: 'wheel',
  impulses: WHEEL_IMPULSES,
  record: {
    JC_WHEEL_AXIS_X,
    JC_WHEEL_AXIS_Y,
    JC_WHEEL_MOTOR_SPEED,
    JC_WHEEL_MAX_MOTOR_IMPULSE,
    JC_WHEEL_LOWER,
    JC_WHEEL_UPPER,
    JC_WHEEL_ANGULAR_MASS,
    JC_WHEEL_SPRING_TARGET,
    JC_WHEEL_SPRING_LOWER_IMPULSE,
    JC_WHEEL_SPRING_UPPER_IMPULSE,
  },
  features: {
    springSettings: true,
    referenceAngle: false,
    axis: true,
    maxForce: false,
    springTarget: true,
    springForceRange: true,
    localAnchorA: true,
    localAnchorB: true,
  },
  limits: LOWER_UPPER_LIMITS,
  worldAnchors: bodyAnchorsToWorld,
  reaction: wheelReaction,
  draw: drawSlider,
};
