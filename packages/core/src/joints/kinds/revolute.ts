import type { PhysicsState, PhysicsWorld } from '../../state/physics-state.js';
import { checkFinite } from '../../errors.js';
import {
  beginJointEdit,
  checkedBodies,
  checkRange,
  checkRowOptions,
  flagsOf,
  resolveAnchors,
  writeAnchors,
  writeJointBase,
  writeMotorSpring,
  writeReferenceAngle,
} from '../joint-create.js';
import {
  defaultJointDefBase,
  defaultLocalAnchors,
  type JointDefBase,
  type LocalAnchorsDef,
  type WorldAnchorOption,
} from '../joint-defs.js';
import { drawPinMarker } from '../joint-draw.js';
import { jointImpulses, type JointKind, LOWER_UPPER_LIMITS } from '../joint-kind.js';
import { JC_P } from '../../state/joint-layout.js';
import { allocateJoint } from '../../lifecycle/joint-lifecycle.js';
import { bodyAnchorsToWorld } from '../joint-math.js';
import {
  JF_IMPULSE_0,
  JF_LOWER,
  JF_REFERENCE_ANGLE,
  JF_SPRING_TARGET,
  JF_UPPER,
  JointType,
} from '../../state/joint-store.js';
import type { BodyId, JointId } from '../../handles.js';

// The revolute joint (pin, hinge): the anchors coincide; optional angle limits, motor and rotational spring. Plain
// pins (none of the three) are solved from compact records of their own. The solver's half is
// systems/src/joints/revolute.ts.

// ---- Definition and creation ----

/** A pin: the anchors coincide (a 2×2 block), with optional angle limits, motor and rotational spring. */
export interface RevoluteJointDef extends JointDefBase, LocalAnchorsDef, WorldAnchorOption {
  /** angleB − angleA at which the joint angle is zero (rad). Default 0. */
  referenceAngle: number;
  /** Limit the joint angle to [lowerAngle, upperAngle]. The joint angle is measured in (−π, π]. Default false. */
  enableLimit: boolean;
  /** Lower angle limit (rad). Default 0. */
  lowerAngle: number;
  /** Upper angle limit (rad), ≥ lowerAngle. Default 0. */
  upperAngle: number;
  /** Drive the relative angular velocity to motorSpeed with at most maxMotorTorque. Default false. */
  enableMotor: boolean;
  /** Motor speed (rad/s, counter-clockwise of B relative to A). Default 0. */
  motorSpeed: number;
  /** Largest motor torque (N m). Default 0. */
  maxMotorTorque: number;
  /** Rotational spring pulling the joint angle toward targetAngle. Default false. */
  enableSpring: boolean;
  /**
   * Joint angle the spring pulls toward (rad; the spring takes the shorter way round to it). Change it with
   * setJointSpringTarget. Default 0.
   */
  targetAngle: number;
  /** Spring stiffness (Hz). Default 0. */
  hertz: number;
  /** Spring damping ratio. Default 0. */
  dampingRatio: number;
}

/**
 * A fresh revolute (hinge) joint definition with anchors at both body origins, no limit, motor or spring.
 */
export function defaultRevoluteJointDef(): RevoluteJointDef {
  return {
    ...defaultJointDefBase(),
    ...defaultLocalAnchors(),
    referenceAngle: 0,
    enableLimit: false,
    lowerAngle: 0,
    upperAngle: 0,
    enableMotor: false,
    motorSpeed: 0,
    maxMotorTorque: 0,
    enableSpring: false,
    targetAngle: 0,
    hertz: 0,
    dampingRatio: 0,
  };
}

/**
 * Creates a revolute joint (pin with optional limits, motor, spring). Returns its handle (a JointId).
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` for a bad bodyA or bodyB, `INVALID_ARGUMENT` for a bad
 *   definition (same body twice, non-finite numbers, lower > upper, zero axis), `WORLD_LOCKED` during a step.
 */
export function createRevoluteJoint(
  world: PhysicsWorld,
  def: Partial<RevoluteJointDef> & { bodyA: BodyId; bodyB: BodyId },
): JointId {
  const p = beginJointEdit(world);
  const d: RevoluteJointDef = { ...defaultRevoluteJointDef(), ...def };
  const ref = resolveAnchors(p, d, def, d.referenceAngle);
  checkRange(d.lowerAngle, d.upperAngle, 'revolute angle limits');
  checkRowOptions(d, d.maxMotorTorque, 'maxMotorTorque');
  checkFinite(d.targetAngle, 'targetAngle');
  const row = allocateJoint(
    world,
    p,
    JointType.revolute,
    checkedBodies[0],
    checkedBodies[1],
    flagsOf(d, d.enableLimit, d.enableMotor, d.enableSpring),
  );
  writeJointBase(p, row, d);
  writeAnchors(p, row);
  const f = p.joints.f;
  writeReferenceAngle(p, row, JF_REFERENCE_ANGLE, ref);
  f[JF_LOWER][row] = d.lowerAngle;
  f[JF_UPPER][row] = d.upperAngle;
  writeMotorSpring(p, row, d.motorSpeed, d.maxMotorTorque, d.hertz, d.dampingRatio);
  f[JF_SPRING_TARGET][row] = d.targetAngle;
  return p.joints.handle[row];
}

// ---- Impulse slots: the point (x, y), then the angular rows ----

export const JI_REV_POINT_X = 0;
export const JI_REV_POINT_Y = JI_REV_POINT_X + 1;
export const JI_REV_SPRING = JI_REV_POINT_Y + 1;
export const JI_REV_MOTOR = JI_REV_SPRING + 1;
export const JI_REV_LOWER = JI_REV_MOTOR + 1;
export const JI_REV_UPPER = JI_REV_LOWER + 1;
export const REVOLUTE_IMPULSES = jointImpulses(
  { JI_REV_POINT_X, JI_REV_POINT_Y, JI_REV_SPRING, JI_REV_MOTOR, JI_REV_LOWER, JI_REV_UPPER },
  {
    angular: [JI_REV_SPRING, JI_REV_MOTOR, JI_REV_LOWER, JI_REV_UPPER],
    spring: [JI_REV_SPRING],
    motor: [JI_REV_MOTOR],
    limit: [JI_REV_LOWER, JI_REV_UPPER],
  },
);

// ---- Record overlay (plain pins have compact records instead: joint-layout.ts PIN_STRIDE) ----

export const JC_REV_AXIAL_MASS = JC_P; // 1 / (iA + iB)
export const JC_REV_MOTOR_SPEED = JC_REV_AXIAL_MASS + 1; // rad/s
export const JC_REV_MAX_MOTOR_IMPULSE = JC_REV_MOTOR_SPEED + 1; // h · max torque
export const JC_REV_LOWER = JC_REV_MAX_MOTOR_IMPULSE + 1; // rad
export const JC_REV_UPPER = JC_REV_LOWER + 1;
export const JC_REV_REL_C = JC_REV_UPPER + 1; // relative rotation qAᵀ·qB·R(−ref) at prepare time: cos
export const JC_REV_REL_S = JC_REV_REL_C + 1; // and sin (the solvers' angle routine reads the pair)
export const JC_REV_SPRING_TARGET = JC_REV_REL_S + 1; // joint angle the spring pulls toward (rad)

// ---- Reaction and drawing ----

function revoluteReaction(p: PhysicsState, row: number, out: Float64Array): void {
  const js = p.joints;
  const f = js.f;
  const invH = js.invH;
  out[0] = invH * f[JF_IMPULSE_0 + JI_REV_POINT_X][row];
  out[1] = invH * f[JF_IMPULSE_0 + JI_REV_POINT_Y][row];
  out[2] =
    invH *
    (f[JF_IMPULSE_0 + JI_REV_SPRING][row] +
      f[JF_IMPULSE_0 + JI_REV_MOTOR][row] +
      f[JF_IMPULSE_0 + JI_REV_LOWER][row] -
      f[JF_IMPULSE_0 + JI_REV_UPPER][row]);
}

/** The revolute kind (see JointKind). */
export const revoluteJoint: JointKind = {
  name: 'revolute',
  impulses: REVOLUTE_IMPULSES,
  record: {
    JC_REV_AXIAL_MASS,
    JC_REV_MOTOR_SPEED,
    JC_REV_MAX_MOTOR_IMPULSE,
    JC_REV_LOWER,
    JC_REV_UPPER,
    JC_REV_REL_C,
    JC_REV_REL_S,
    JC_REV_SPRING_TARGET,
  },
  features: {
    springSettings: true,
    referenceAngle: true,
    axis: false,
    maxForce: false,
    springTarget: true,
    springForceRange: false,
    localAnchorA: true,
    localAnchorB: true,
  },
  limits: LOWER_UPPER_LIMITS,
  worldAnchors: bodyAnchorsToWorld,
  reaction: revoluteReaction,
  draw: drawPinMarker,
};
