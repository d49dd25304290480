import type { Vec2Like } from '../body/body-def.js';

/**
 * Joint definitions, shaped as Box2D 2.4 / planck users know them: two bodies, anchors local to each body's origin
 * (body frame), and per-kind fields. Each `defaultXJointDef()` sets and documents every field; `createXJoint`
 * merges the user's partial definition over it and validates the result before touching the world. SI units:
 * metres, kilograms, seconds, radians; frequencies in hertz.
 *
 * Softness. Every joint's hard rows (the point of a revolute, the axis of a prismatic, limits) are soft constraints
 * with the world's `jointHertz` / `jointDampingRatio` (default 60 Hz, ζ = 2, capped at a quarter of the substep
 * rate), which removes drift without overshoot. A joint's own spring (`enableSpring`, `hertz`, `dampingRatio`) is a
 * real spring and is solved in every pass. Where a kind takes a stiffness in hertz for its hard rows (weld), zero
 * means "as rigid as the solver allows", i.e. the world's joint softness.
 */
export interface JointDefBase {
  /** First body (entity id). Required. */
  bodyA: number;
  /** Second body (entity id). Required, different from bodyA. */
  bodyB: number;
  /** Anchor on body A, in A's frame relative to its origin (m). Default (0, 0). */
  localAnchorA: Vec2Like;
  /** Anchor on body B, in B's frame relative to its origin (m). Default (0, 0). */
  localAnchorB: Vec2Like;
  /** When false (default) the two bodies do not collide with each other while the joint exists. */
  collideConnected: boolean;
}

/** The JointDefBase defaults: no bodies yet, anchors at the body origins, connected bodies do not collide. */
function defaultJointDefBase(): JointDefBase {
  return { bodyA: -1, bodyB: -1, localAnchorA: { x: 0, y: 0 }, localAnchorB: { x: 0, y: 0 }, collideConnected: false };
}

/** Optional convenience shared by revolute, prismatic, weld and wheel joints (Box2D 2.4's `Initialize`). */
export interface WorldAnchorOption {
  /**
   * A world point (m): when given, both local anchors are computed from it and the current body transforms, and
   * `referenceAngle` (unless given too) becomes the current angle of B minus that of A.
   */
  anchor?: Vec2Like;
}

/** Keeps two anchor points at a distance: rigid rod, spring, rope (slack below a maximum length), with a motor. */
export interface DistanceJointDef extends JointDefBase {
  /**
   * Rest length (m). Default: the distance between the anchors when the joint is created (a rod that keeps the
   * current configuration).
   */
  length: number;
  /** Make the length a spring (with `hertz`, `dampingRatio`) instead of a rigid rod. Default false. */
  enableSpring: boolean;
  /** Spring stiffness (Hz); 0 with enableSpring gives no spring at all (free between the limits). Default 0. */
  hertz: number;
  /** Spring damping ratio. Default 0. */
  dampingRatio: number;
  /**
   * Clamp the length to [minLength, maxLength]. Default false; switched on automatically when the definition gives
   * minLength or maxLength but not enableLimit.
   */
  enableLimit: boolean;
  /** Lower length limit (m). Default 0. */
  minLength: number;
  /** Upper length limit (m). Default 1e5 (no limit). */
  maxLength: number;
  /** Drive the length at motorSpeed with at most maxMotorForce (needs enableSpring). Default false. */
  enableMotor: boolean;
  /** Largest motor force (N). Default 0. */
  maxMotorForce: number;
  /** Motor speed (m/s), positive lengthens. Default 0. */
  motorSpeed: number;
}

/**
 * A rope: `createDistanceJoint(world, { bodyA, bodyB, maxLength })` with neither `length` nor `enableSpring`
 * given becomes a slack rope of that maximum length (enableSpring true with hertz 0, enableLimit true, minLength 0).
 */
export function defaultDistanceJointDef(): DistanceJointDef {
  return {
    ...defaultJointDefBase(),
    length: 1,
    enableSpring: false,
    hertz: 0,
    dampingRatio: 0,
    enableLimit: false,
    minLength: 0,
    maxLength: 1e5,
    enableMotor: false,
    maxMotorForce: 0,
    motorSpeed: 0,
  };
}

/** A pin: the anchors coincide (a 2×2 block), with optional angle limits, motor and rotational spring. */
export interface RevoluteJointDef extends JointDefBase, WorldAnchorOption {
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
  /** Rotational spring pulling the joint angle toward 0. Default false. */
  enableSpring: boolean;
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
    referenceAngle: 0,
    enableLimit: false,
    lowerAngle: 0,
    upperAngle: 0,
    enableMotor: false,
    motorSpeed: 0,
    maxMotorTorque: 0,
    enableSpring: false,
    hertz: 0,
    dampingRatio: 0,
  };
}

/** A slider: B moves along an axis fixed in A and keeps its angle; limits, motor, spring along the axis. */
export interface PrismaticJointDef extends JointDefBase, WorldAnchorOption {
  /** The sliding axis in A's frame (normalised on creation; must not be zero). Default (1, 0). */
  localAxisA: Vec2Like;
  /** angleB − angleA the joint keeps (rad). Default 0. */
  referenceAngle: number;
  /** Limit the translation to [lowerTranslation, upperTranslation]. Default false. */
  enableLimit: boolean;
  /** Lower translation limit (m). Default 0. */
  lowerTranslation: number;
  /** Upper translation limit (m), ≥ lowerTranslation. Default 0. */
  upperTranslation: number;
  /** Drive the translation speed to motorSpeed with at most maxMotorForce. Default false. */
  enableMotor: boolean;
  /** Largest motor force (N). Default 0. */
  maxMotorForce: number;
  /** Motor speed (m/s along the axis). Default 0. */
  motorSpeed: number;
  /** Spring along the axis pulling the translation toward 0. Default false. */
  enableSpring: boolean;
  /** Spring stiffness (Hz). Default 0. */
  hertz: number;
  /** Spring damping ratio. Default 0. */
  dampingRatio: number;
}

/**
 * A fresh prismatic (slider) joint definition along the x axis of body A, no limit, motor or spring.
 */
export function defaultPrismaticJointDef(): PrismaticJointDef {
  return {
    ...defaultJointDefBase(),
    localAxisA: { x: 1, y: 0 },
    referenceAngle: 0,
    enableLimit: false,
    lowerTranslation: 0,
    upperTranslation: 0,
    enableMotor: false,
    maxMotorForce: 0,
    motorSpeed: 0,
    enableSpring: false,
    hertz: 0,
    dampingRatio: 0,
  };
}

/** Glues two bodies: anchors coincide and the relative angle stays at referenceAngle. */
export interface WeldJointDef extends JointDefBase, WorldAnchorOption {
  /** angleB − angleA the joint keeps (rad). Default 0. */
  referenceAngle: number;
  /** Linear stiffness (Hz); 0 = as rigid as the solver allows (the world's joint softness). Default 0. */
  linearHertz: number;
  /** Linear damping ratio (used when linearHertz > 0). Default 1. */
  linearDampingRatio: number;
  /** Angular stiffness (Hz); 0 = as rigid as the solver allows. Default 0. */
  angularHertz: number;
  /** Angular damping ratio (used when angularHertz > 0). Default 1. */
  angularDampingRatio: number;
}

/**
 * A fresh weld joint definition: rigid (0 Hz linear and angular springs), anchors at both body origins.
 */
export function defaultWeldJointDef(): WeldJointDef {
  return {
    ...defaultJointDefBase(),
    referenceAngle: 0,
    linearHertz: 0,
    linearDampingRatio: 1,
    angularHertz: 0,
    angularDampingRatio: 1,
  };
}

/**
 * A car wheel: B's anchor stays on an axis fixed in A (rigid across the axis, a suspension spring along it), B
 * rotates freely or driven by a motor. Body A is the chassis, body B the wheel.
 */
export interface WheelJointDef extends JointDefBase, WorldAnchorOption {
  /** Suspension axis in A's frame (normalised on creation). Default (0, 1). */
  localAxisA: Vec2Like;
  /** Suspension spring along the axis. Default true. */
  enableSpring: boolean;
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
    localAxisA: { x: 0, y: 1 },
    enableSpring: true,
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
 * Drags a point of body B toward a world target with a spring of at most maxForce (the testbed's mouse drag).
 * bodyA is only a reference body (usually a static ground body) and is not moved.
 */
export interface MouseJointDef {
  /** Reference body, not moved (usually the ground). Required. */
  bodyA: number;
  /** The dragged body. Required. */
  bodyB: number;
  /** World point to drag toward (m). Default (0, 0). */
  target: Vec2Like;
  /** The dragged point on B, in B's frame (m). Default: the point of B at `target` when the joint is created. */
  localAnchorB?: Vec2Like;
  /** Largest pulling force (N); use about 1000 × the body's mass for a firm drag. Default 1000. */
  maxForce: number;
  /** Spring stiffness (Hz). Default 5. */
  hertz: number;
  /** Spring damping ratio. Default 0.7. */
  dampingRatio: number;
  /** Default false. */
  collideConnected: boolean;
}

/**
 * A fresh mouse joint definition: pulls a point of the body towards a target with a 5 Hz spring (damping ratio 0.7) and a
 * 1000 N force cap.
 */
export function defaultMouseJointDef(): MouseJointDef {
  return {
    bodyA: -1,
    bodyB: -1,
    target: { x: 0, y: 0 },
    maxForce: 1000,
    hertz: 5,
    dampingRatio: 0.7,
    collideConnected: false,
  };
}

/**
 * Drives B's pose relative to A toward targets with bounded force and torque (a top-down character, a moving
 * platform that yields). The targets are B's origin in A's frame (linearOffset) and angleB − angleA (angularOffset).
 */
export interface MotorJointDef {
  bodyA: number;
  bodyB: number;
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
  /** Default false. */
  collideConnected: boolean;
}

/**
 * A fresh motor joint definition: drives body B to an offset from body A with capped force and torque.
 */
export function defaultMotorJointDef(): MotorJointDef {
  return {
    bodyA: -1,
    bodyB: -1,
    linearOffset: { x: 0, y: 0 },
    angularOffset: 0,
    maxForce: 1,
    maxTorque: 1,
    correctionFactor: 0.3,
    collideConnected: false,
  };
}

/**
 * Two bodies hanging from two fixed ground points by one rope over a pulley: lengthA + ratio · lengthB stays
 * constant (lengthA = |anchorA − groundAnchorA|, lengthB likewise).
 */
export interface PulleyJointDef extends JointDefBase {
  /** Fixed pulley point over body A (m, world). Default (−1, 1). */
  groundAnchorA: Vec2Like;
  /** Fixed pulley point over body B (m, world). Default (1, 1). */
  groundAnchorB: Vec2Like;
  /** Rope length on side A (m). Default: the current distance from groundAnchorA to A's anchor. */
  lengthA?: number;
  /** Rope length on side B (m). Default: the current distance from groundAnchorB to B's anchor. */
  lengthB?: number;
  /** Pulley ratio (> 0): side B moves 1/ratio as far as side A. Default 1. */
  ratio: number;
}

/**
 * A fresh pulley joint definition: ratio 1, ground anchors at (−1, 1) and (1, 1) m, body anchors at the origins.
 */
export function defaultPulleyJointDef(): PulleyJointDef {
  return {
    bodyA: -1,
    bodyB: -1,
    localAnchorA: { x: 0, y: 0 },
    localAnchorB: { x: 0, y: 0 },
    collideConnected: true,
    groundAnchorA: { x: -1, y: 1 },
    groundAnchorB: { x: 1, y: 1 },
    ratio: 1,
  };
}
