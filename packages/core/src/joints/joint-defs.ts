import type { Vec2Like } from '../math/vec2.js';
import type { BodyId } from '../handles.js';

/**
 * Joint definitions, shaped as Box2D users know them: two bodies, anchors local to each body's origin (body frame),
 * and per-kind fields (each kind's definition is in its module, joints/kinds/<kind>.ts, beside its `createXJoint`).
 * Every kind's definition extends {@link JointDefBase}, the fields all joints share. Each `defaultXJointDef()` sets
 * and documents every field; `createXJoint` merges the user's partial definition over it and validates the result
 * before touching the world. SI units: metres, kilograms, seconds, radians; frequencies in hertz.
 *
 * Softness. Every joint's hard rows (the point of a revolute, the axis of a prismatic, limits) are soft constraints
 * with the world's `jointHertz` / `jointDampingRatio` (default 60 Hz, ζ = 2, capped at a quarter of the substep
 * rate), which removes drift without overshoot; `constraintHertz` / `constraintDampingRatio` give one joint its own.
 * A joint's own spring (`enableSpring`, `hertz`, `dampingRatio`) is a real spring and is solved in every pass. Where
 * a kind takes a stiffness in hertz for its hard rows (weld), zero means "as rigid as the solver allows", i.e. the
 * joint's constraint softness.
 */
export interface JointDefBase {
  /** First body. Required. */
  bodyA: BodyId;
  /** Second body. Required, different from bodyA. */
  bodyB: BodyId;
  /** When false (the default of every kind but the pulley) the two bodies do not collide with each other. */
  collideConnected: boolean;
  /**
   * Reaction force (N) at which the joint is reported among the step's joint events (getJointEvents), ≥ 0; the joint
   * is not destroyed, that is the caller's choice (a breakable joint). 0 reports the joint every step it is awake.
   * Default +∞ (never).
   */
  forceThreshold: number;
  /** Reaction torque (N m) at which the joint is reported among the joint events, ≥ 0. Default +∞ (never). */
  torqueThreshold: number;
  /**
   * Stiffness (Hz, ≥ 0) of this joint's hard rows instead of the world's `jointHertz` (capped at a quarter of the
   * substep rate, as the world's): higher holds a heavy load with less sag, lower makes the joint give. 0 removes the
   * position correction altogether (velocity rows only). Ignored by the classic solver, and by the mouse and motor
   * joints, whose rows are a spring and drives of their own. Default: absent, the world's.
   */
  constraintHertz?: number;
  /**
   * Damping ratio (≥ 0) of this joint's hard rows instead of the world's `jointDampingRatio`. Default: absent, the
   * world's (when only constraintHertz is given, the world's value at creation).
   */
  constraintDampingRatio?: number;
}

/** The placeholder of a definition's required bodies (the creators take them from the caller's definition). */
const NO_BODY = -1 as BodyId;

/**
 * The JointDefBase defaults: no bodies yet, connected bodies do not collide, no joint events, the world's softness.
 */
export function defaultJointDefBase(): JointDefBase {
  return {
    bodyA: NO_BODY,
    bodyB: NO_BODY,
    collideConnected: false,
    forceThreshold: Infinity,
    torqueThreshold: Infinity,
  };
}

/** The two local anchors of the kinds that attach to a point of each body (all but the mouse, motor and filter). */
export interface LocalAnchorsDef {
  /** Anchor on body A, in A's frame relative to its origin (m). Default (0, 0). */
  localAnchorA: Vec2Like;
  /** Anchor on body B, in B's frame relative to its origin (m). Default (0, 0). */
  localAnchorB: Vec2Like;
}

/** The LocalAnchorsDef defaults: both anchors at the body origins. */
export function defaultLocalAnchors(): LocalAnchorsDef {
  return { localAnchorA: { x: 0, y: 0 }, localAnchorB: { x: 0, y: 0 } };
}

/** Optional convenience shared by revolute, prismatic, weld and wheel joints (Box2D 2.4's `Initialize`). */
export interface WorldAnchorOption {
  /**
   * A world point (m): when given, both local anchors are computed from it and the current body transforms, and
   * `referenceAngle` (unless given too) becomes the current angle of B minus that of A.
   */
  anchor?: Vec2Like;
}
