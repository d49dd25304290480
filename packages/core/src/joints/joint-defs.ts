import type { Vec2Like } from '../math/vec2.js';

/**
 * Joint definitions, shaped as Box2D 2.4 / planck users know them: two bodies, anchors local to each body's origin
 * (body frame), and per-kind fields (each kind's definition is in its module, joints/kinds/<kind>.ts, beside its
 * `createXJoint`). Each `defaultXJointDef()` sets and documents every field; `createXJoint`
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
export function defaultJointDefBase(): JointDefBase {
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
