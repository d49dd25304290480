import type { DebugDrawer } from '../debug-drawer.js';
import type { PhysicsState } from '../state/physics-state.js';
import { JF_LOWER, JF_UPPER, type JointTypeName } from '../state/joint-store.js';

/*
 * A joint kind, declared once in its module (joints/kinds/<kind>.ts: definition, default, creator, impulse slots,
 * record overlay, reaction, drawing) and gathered with the others in JOINT_KINDS (joint-kinds.ts), indexed by its
 * JointType. The generic joint API (joint-api.ts) and debugDraw read the kind's answers from there instead of
 * switching on the type; the solver's half of each kind is in @impulse2d/systems (joints/<kind>.ts), behind a table
 * of its own indexed the same way.
 */

/**
 * A kind's accumulated-impulse slots (slot k: JF_IMPULSE_0 + k in the store, JC_IMPULSE + k in a solver record), by
 * name, and the masks derived from them (bit k for slot k).
 */
export interface JointImpulses {
  /** Slot by name: the kind's JI_* constants. */
  readonly slots: Readonly<Record<string, number>>;
  /** Every named slot. 0 for a kind without constraint rows (it gets no solver record). */
  readonly used: number;
  /** Angular slots (N m s per substep): impulse-bound.ts bounds them against the rotation limit. */
  readonly angular: number;
  /** Linear slots (N s per substep): the used ones that are not angular. */
  readonly linear: number;
  /** The spring row's slots: zeroed when enableJointSpring switches it; 0 when the kind has no switchable spring. */
  readonly spring: number;
  /** The motor row's slots (getJointMotorForce reads them): zeroed by enableJointMotor; 0 without a motor. */
  readonly motor: number;
  /** The limit rows' slots: zeroed by enableJointLimit; 0 without a limit. */
  readonly limit: number;
}

/** The mask of these slots. */
export function slotMask(slots: readonly number[]): number {
  let mask = 0;
  for (let i = 0; i < slots.length; i++) mask |= 1 << slots[i];
  return mask;
}

/** A kind's JointImpulses from its named slots and the slots of each row role (roles default to none). */
export function jointImpulses(
  slots: Readonly<Record<string, number>>,
  roles: { angular?: number[]; spring?: number[]; motor?: number[]; limit?: number[] },
): JointImpulses {
  const used = slotMask(Object.values(slots));
  const angular = slotMask(roles.angular ?? []);
  return {
    slots,
    used,
    angular,
    linear: used & ~angular,
    spring: slotMask(roles.spring ?? []),
    motor: slotMask(roles.motor ?? []),
    limit: slotMask(roles.limit ?? []),
  };
}

/**
 * Generic setters and getters a kind answers besides its motor, limit and spring rows (which its impulse masks say).
 * Plain booleans, so that a bundle that never reads a kind's descriptor can drop it (the step worker's does).
 */
export interface JointFeatures {
  /** setJointSpring: a spring whose stiffness and damping ratio are JF_HERTZ and JF_DAMPING_RATIO. */
  readonly springSettings: boolean;
  /** getRevoluteJointAngle: a reference angle in JF_REFERENCE_ANGLE. */
  readonly referenceAngle: boolean;
  /** getJointTranslation: an axis fixed in body A, in JF_AXIS_X and JF_AXIS_Y. */
  readonly axis: boolean;
  /** setJointMaxForce: a force bound in JF_MAX_FORCE. */
  readonly maxForce: boolean;
  /** setJointSpringTarget: a spring that pulls toward JF_SPRING_TARGET (an angle or a translation). */
  readonly springTarget: boolean;
  /** setJointSpringForceRange: a spring row whose force stays in [JF_LOWER_SPRING_FORCE, JF_UPPER_SPRING_FORCE]. */
  readonly springForceRange: boolean;
  /** setJointLocalAnchorA: the joint attaches to a point of body A (JF_ANCHOR_AX, JF_ANCHOR_AY). */
  readonly localAnchorA: boolean;
  /** setJointLocalAnchorB: the joint attaches to a point of body B (JF_ANCHOR_BX, JF_ANCHOR_BY). */
  readonly localAnchorB: boolean;
}

/** Where a kind keeps its limits (setJointLimits, getJointLimits). */
export interface JointLimitColumns {
  /** JF_* columns of the lower and upper limit. */
  readonly lower: number;
  readonly upper: number;
  /** Smallest lower limit accepted (−Infinity: any), and the field the error message names. */
  readonly min: number;
  readonly lowerName: string;
}

/** The limit columns of revolute (angles, rad), prismatic and wheel (translations, m) joints. */
export const LOWER_UPPER_LIMITS: JointLimitColumns = {
  lower: JF_LOWER,
  upper: JF_UPPER,
  min: -Infinity,
  lowerName: 'lower limit',
};

/** What the generic joint API and debugDraw know of a kind; one per kind in JOINT_KINDS. */
export interface JointKind {
  /** The kind's name: its JointType key, what getJointType returns. */
  readonly name: JointTypeName;
  /** Its impulse slots and their roles. */
  readonly impulses: JointImpulses;
  /**
   * Its record overlay, the JC_<KIND>_* constants by name: the kind's own slots of a solver record, in
   * [JC_P, JC_ANGLE) (layout.test.ts checks each overlay against the record).
   */
  readonly record: Readonly<Record<string, number>>;
  /** What the generic getters and setters may ask of it. */
  readonly features: JointFeatures;
  /** Limit columns, or null for a kind without limits (then impulses.limit is 0 too). */
  readonly limits: JointLimitColumns | null;
  /** The joint's two anchor points, world (m), into out[0..3]: A (x, y), B (x, y). Allocates nothing. */
  readonly worldAnchors: (p: PhysicsState, row: number, out: Float64Array) => void;
  /**
   * What the joint did to body B in the last step, into out[0..2]: force (N, world x and y) and torque (N m); body A
   * received the opposite. From the stored impulses and JointStore.invH; allocates nothing.
   */
  readonly reaction: (p: PhysicsState, row: number, out: Float64Array) => void;
  /**
   * Draws the joint; `frame` holds what debugDraw measured first (joint-draw.ts JD_*: the world anchors and a marker
   * radius sized to the joint's bodies).
   */
  readonly draw: (p: PhysicsState, row: number, drawer: DebugDrawer, frame: Float64Array) => void;
}
