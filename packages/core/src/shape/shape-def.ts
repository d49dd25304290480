import { PhysicsError } from '../errors.js';
import type { Vec2Like } from '../math/vec2.js';

/** Collision filter, as in Box2D: two shapes collide when (catA & maskB) && (catB & maskA), unless they share a
 * non-zero group index: a positive group always collides, a negative group never does. A shape of category 0
 * collides with nothing, not even in a positive group (Box2D's pair search never finds such a shape either). */
export interface FilterDef {
  /** Category bits of this shape. Default 0x0001. */
  categoryBits: number;
  /** Categories this shape collides with. Default 0xFFFFFFFF (all). */
  maskBits: number;
  /** Group index; see above. Default 0 (no group). */
  groupIndex: number;
}

/** Shape definition. Every field has a default (defaultShapeDef); SI units. */
export interface ShapeDef {
  /** Density (kg/m²); mass = density × area. Default 1. */
  density: number;
  /** Coulomb friction coefficient (≥ 0); mixed by the world's frictionMixing (default √(μA μB)). Default 0.6. */
  friction: number;
  /** Restitution (≥ 0, usually ≤ 1); mixed by the world's restitutionMixing (default max(eA, eB)). Default 0. */
  restitution: number;
  /** Rolling resistance (≥ 0), for circles and capsules rolling on the ground; pairs take the larger. Default 0. */
  rollingResistance: number;
  /**
   * Surface speed (m/s) for conveyor belts: the surface moves as if the shape spun counter-clockwise, so a positive
   * speed carries a body lying on top of the shape toward −x; a pair's speeds add. Default 0.
   */
  tangentSpeed: number;
  /**
   * The user's material id, an integer of 32 bits (−2³¹ to 2³¹ − 1) that the world's friction and restitution
   * callbacks receive (setFrictionCallback); the engine gives it no other meaning. Default 0.
   */
  userMaterialId: number;
  /** Sensor: reports overlap, no collision response. Default false. */
  isSensor: boolean;
  /**
   * Report contact hit events (getContactHitEvents) for this shape's contacts: a contact reports hits when either of
   * its shapes enables them, as Box2D's enableHitEvents. Default false: the search for hits costs every step that
   * something lands faster than the world's hitEventThreshold, and most shapes are never asked about.
   */
  enableHitEvents: boolean;
  /**
   * Total normal force (N, ≥ 0) above which this shape's contacts report a contact force event
   * (getContactForceEvents), as Rapier's contact force events: a contact reports when the sum of its points' normal
   * forces exceeds the smaller threshold of its two shapes. Default +∞ (none): the search costs every step while a
   * shape has a finite threshold.
   */
  contactForceThreshold: number;
  /**
   * One-way normal, body-local (any length above 1e-9; stored as a unit vector), or null: solid from every side. A
   * one-way shape (a platform) stops only what comes from the side this normal points to. A contact that begins to
   * touch with its normal, from this shape to the other, not pointing into that side (a dot product ≤ 0) passes
   * through, and keeps passing while the two shapes touch (no constraint, no contact events): a body that jumps up
   * through a platform lands on it afterwards, and one resting on it stays. Continuous collision lets a fast body
   * pass the same way. Characters and the mover queries (castMover, collideMover) are stopped by the shape only when
   * they are wholly on its open side: a character jumps up through it and lands on it. Ignored by sensors. See
   * setShapeOneWay. Default null.
   */
  oneWayNormal: Vec2Like | null;
  /** Collision filter. */
  filter: FilterDef;
}

/**
 * A fresh default collision filter: category 1, collides with everything, group 0.
 */
export function defaultFilter(): FilterDef {
  return { categoryBits: 0x0001, maskBits: 0xffffffff, groupIndex: 0 };
}

/**
 * A fresh default shape definition (density 1 kg/m², friction 0.6, no restitution, solid, two-sided, default filter).
 */
export function defaultShapeDef(): ShapeDef {
  return {
    density: 1,
    friction: 0.6,
    restitution: 0,
    rollingResistance: 0,
    tangentSpeed: 0,
    userMaterialId: 0,
    isSensor: false,
    enableHitEvents: false,
    contactForceThreshold: Infinity,
    oneWayNormal: null,
    filter: defaultFilter(),
  };
}

/** Throws INVALID_ARGUMENT unless `id` is a 32-bit signed integer (ShapeDef.userMaterialId). */
export function checkUserMaterialId(id: number): void {
  if (typeof id !== 'number' || !Number.isInteger(id) || id < -0x80000000 || id > 0x7fffffff) {
    throw new PhysicsError('INVALID_ARGUMENT', `userMaterialId must be a 32-bit integer, got ${String(id)}`);
  }
}
