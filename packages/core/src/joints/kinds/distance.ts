import { DebugColor, type DebugDrawer } from '../../debug-drawer.js';
import { checkNonNegative } from '../../errors.js';
import { length } from '../../math/trig.js';
import type { PhysicsState, PhysicsWorld } from '../../state/physics-state.js';
import {
  beginJointEdit,
  checkedBodies,
  checkRange,
  checkRowOptions,
  checkSpringForceRange,
  flagsOf,
  pointScratch,
  resolveAnchors,
  toWorld,
  writeAnchors,
  writeJointBase,
  writeMotorSpring,
  writeSpringForceRange,
} from '../joint-create.js';
import { defaultJointDefBase, defaultLocalAnchors, type JointDefBase, type LocalAnchorsDef } from '../joint-defs.js';
import { drawAnchorDots, drawAnchorLink } from '../joint-draw.js';
import { jointImpulses, type JointKind } from '../joint-kind.js';
import { JC_P } from '../../state/joint-layout.js';
import { allocateJoint } from '../../lifecycle/joint-lifecycle.js';
import { bodyAnchorsToWorld } from '../joint-math.js';
import { JF_IMPULSE_0, JF_LENGTH, JF_MAX_LENGTH, JF_MIN_LENGTH, JointType } from '../../state/joint-store.js';
import type { BodyId, JointId } from '../../handles.js';

// The distance joint: two anchor points kept at a distance, as a rigid rod, a spring, or a rope (slack below a
// maximum length), with an optional motor along the line. The solver's half is systems/src/joints/distance.ts.

// ---- Definition and creation ----

/** Keeps two anchor points at a distance: rigid rod, spring, rope (slack below a maximum length), with a motor. */
export interface DistanceJointDef extends JointDefBase, LocalAnchorsDef {
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
   * Smallest force of the spring (N, positive pushes the anchors apart): −F lets the spring pull with at most F (the
   * tension it can hold), < +∞. Default −∞ (open).
   */
  lowerSpringForce: number;
  /** Largest force of the spring (N, the compression it can hold), ≥ lowerSpringForce and > −∞. Default +∞ (open). */
  upperSpringForce: number;
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
    ...defaultLocalAnchors(),
    length: 1,
    enableSpring: false,
    hertz: 0,
    dampingRatio: 0,
    lowerSpringForce: -Infinity,
    upperSpringForce: Infinity,
    enableLimit: false,
    minLength: 0,
    maxLength: 1e5,
    enableMotor: false,
    maxMotorForce: 0,
    motorSpeed: 0,
  };
}

/**
 * Creates a distance joint (rod, spring or rope; see DistanceJointDef). Returns its handle (a JointId).
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` for a bad bodyA or bodyB, `INVALID_ARGUMENT` for a bad
 *   definition (same body twice, non-finite numbers, lower > upper, zero axis), `WORLD_LOCKED` during a step.
 */
export function createDistanceJoint(
  world: PhysicsWorld,
  def: Partial<DistanceJointDef> & { bodyA: BodyId; bodyB: BodyId },
): JointId {
  const p = beginJointEdit(world);
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
    toWorld(p, checkedBodies[0], d.localAnchorA, pointScratch);
    const ax = pointScratch[0];
    const ay = pointScratch[1];
    toWorld(p, checkedBodies[1], d.localAnchorB, pointScratch);
    d.length = rope ? d.maxLength : length(pointScratch[0] - ax, pointScratch[1] - ay);
  }
  checkNonNegative(d.length, 'length');
  checkRange(d.minLength, d.maxLength, 'distance limits');
  checkNonNegative(d.minLength, 'minLength');
  checkRowOptions(d, d.maxMotorForce, 'maxMotorForce');
  checkSpringForceRange(d.lowerSpringForce, d.upperSpringForce);
  const row = allocateJoint(
    world,
    p,
    JointType.distance,
    checkedBodies[0],
    checkedBodies[1],
    flagsOf(d, d.enableLimit, d.enableMotor, d.enableSpring),
  );
  writeJointBase(p, row, d);
  writeAnchors(p, row);
  const f = p.joints.f;
  f[JF_LENGTH][row] = d.length;
  f[JF_MIN_LENGTH][row] = d.minLength;
  f[JF_MAX_LENGTH][row] = d.maxLength;
  writeMotorSpring(p, row, d.motorSpeed, d.maxMotorForce, d.hertz, d.dampingRatio);
  writeSpringForceRange(p, row, d.lowerSpringForce, d.upperSpringForce);
  return p.joints.handle[row];
}

// ---- Impulse slots: the length row (rod or spring), the limits, the motor; positive pushes the anchors apart ----

export const JI_DIST_LENGTH = 0;
export const JI_DIST_LOWER = JI_DIST_LENGTH + 1;
export const JI_DIST_UPPER = JI_DIST_LOWER + 1;
export const JI_DIST_MOTOR = JI_DIST_UPPER + 1;
export const DISTANCE_IMPULSES = jointImpulses(
  { JI_DIST_LENGTH, JI_DIST_LOWER, JI_DIST_UPPER, JI_DIST_MOTOR },
  { spring: [JI_DIST_LENGTH], motor: [JI_DIST_MOTOR], limit: [JI_DIST_LOWER, JI_DIST_UPPER] },
);

// ---- Record overlay ----

export const JC_DIST_LENGTH = JC_P; // rest length, clamped to the limits when they are on (m)
export const JC_DIST_MIN = JC_DIST_LENGTH + 1; // m
export const JC_DIST_MAX = JC_DIST_MIN + 1;
export const JC_DIST_MOTOR_SPEED = JC_DIST_MAX + 1; // m/s
export const JC_DIST_MAX_MOTOR_IMPULSE = JC_DIST_MOTOR_SPEED + 1; // h · max force
export const JC_DIST_HERTZ = JC_DIST_MAX_MOTOR_IMPULSE + 1; // 0: no spring row (free between the limits)
export const JC_DIST_AXIAL_MASS = JC_DIST_HERTZ + 1; // effective mass along the axis at prepare time (kg)
export const JC_DIST_SPRING_LOWER_IMPULSE = JC_DIST_AXIAL_MASS + 1; // h · lower spring force (N s)
export const JC_DIST_SPRING_UPPER_IMPULSE = JC_DIST_SPRING_LOWER_IMPULSE + 1; // h · upper spring force (N s)

// ---- Reaction and drawing ----

const anchors = new Float64Array(4);

function distanceReaction(p: PhysicsState, row: number, out: Float64Array): void {
  const js = p.joints;
  const f = js.f;
  const invH = js.invH;
  bodyAnchorsToWorld(p, row, anchors);
  const dx = anchors[2] - anchors[0];
  const dy = anchors[3] - anchors[1];
  const len = length(dx, dy);
  const ux = len > 0 ? dx / len : 0;
  const uy = len > 0 ? dy / len : 0;
  const lambda =
    f[JF_IMPULSE_0 + JI_DIST_LENGTH][row] +
    f[JF_IMPULSE_0 + JI_DIST_LOWER][row] -
    f[JF_IMPULSE_0 + JI_DIST_UPPER][row] +
    f[JF_IMPULSE_0 + JI_DIST_MOTOR][row];
  out[0] = invH * lambda * ux;
  out[1] = invH * lambda * uy;
  out[2] = 0;
}

function drawDistance(p: PhysicsState, row: number, drawer: DebugDrawer, frame: Float64Array): void {
  drawAnchorLink(drawer, frame, DebugColor.joint);
  drawAnchorDots(p, row, drawer, frame);
}

/** The distance kind (see JointKind). */
export const distanceJoint: JointKind = {
  name: 'distance',
  impulses: DISTANCE_IMPULSES,
  record: {
    JC_DIST_LENGTH,
    JC_DIST_MIN,
    JC_DIST_MAX,
    JC_DIST_MOTOR_SPEED,
    JC_DIST_MAX_MOTOR_IMPULSE,
    JC_DIST_HERTZ,
    JC_DIST_AXIAL_MASS,
    JC_DIST_SPRING_LOWER_IMPULSE,
    JC_DIST_SPRING_UPPER_IMPULSE,
  },
  features: {
    springSettings: true,
    referenceAngle: false,
    axis: false,
    maxForce: false,
    springTarget: false,
    springForceRange: true,
    localAnchorA: true,
    localAnchorB: true,
  },
  limits: { lower: JF_MIN_LENGTH, upper: JF_MAX_LENGTH, min: 0, lowerName: 'minLength' },
  worldAnchors: bodyAnchorsToWorld,
  reaction: distanceReaction,
  draw: drawDistance,
};
