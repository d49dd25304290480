import type { Vec2Like } from '../../math/vec2.js';
import { DebugColor, type DebugDrawer } from '../../debug-drawer.js';
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
  writeReferenceAngle,
  writeSpringForceRange,
} from '../joint-create.js';
import {
  defaultJointDefBase,
  defaultLocalAnchors,
  type JointDefBase,
  type LocalAnchorsDef,
  type WorldAnchorOption,
} from '../joint-defs.js';
import { drawAnchorDots, drawAnchorLink, drawAxis, JD_RADIUS } from '../joint-draw.js';
import { jointImpulses, type JointKind, LOWER_UPPER_LIMITS } from '../joint-kind.js';
import { JC_P } from '../../state/joint-layout.js';
import { allocateJoint } from '../../lifecycle/joint-lifecycle.js';
import { bodyAnchorsToWorld, jointAxisToWorld } from '../joint-math.js';
import {
  JF_AXIS_X,
  JF_AXIS_Y,
  JF_IMPULSE_0,
  JF_LOWER,
  JF_REFERENCE_ANGLE,
  JF_SPRING_TARGET,
  JF_UPPER,
  JointFlag,
  JointType,
} from '../../state/joint-store.js';
import type { BodyId, JointId } from '../../handles.js';

// The prismatic joint (slider): body B moves along an axis fixed in A and keeps its angle; optional translation
// limits, motor and spring along the axis. The solver's half is systems/src/joints/prismatic.ts.

// ---- Definition and creation ----

/** A slider: B moves along an axis fixed in A and keeps its angle; limits, motor, spring along the axis. */
export interface PrismaticJointDef extends JointDefBase, LocalAnchorsDef, WorldAnchorOption {
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
  /** Spring along the axis pulling the translation toward targetTranslation. Default false. */
  enableSpring: boolean;
  /** Translation the spring pulls toward (m). Change it with setJointSpringTarget. Default 0. */
  targetTranslation: number;
  /**
   * Smallest force of the spring (N, along the axis; negative pulls B back toward A's side), < +∞. Default −∞ (open).
   */
  lowerSpringForce: number;
  /** Largest force of the spring (N), ≥ lowerSpringForce and > −∞. Default +∞ (open). */
  upperSpringForce: number;
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
    ...defaultLocalAnchors(),
    localAxisA: { x: 1, y: 0 },
    referenceAngle: 0,
    enableLimit: false,
    lowerTranslation: 0,
    upperTranslation: 0,
    enableMotor: false,
    maxMotorForce: 0,
    motorSpeed: 0,
    enableSpring: false,
    targetTranslation: 0,
    lowerSpringForce: -Infinity,
    upperSpringForce: Infinity,
    hertz: 0,
    dampingRatio: 0,
  };
}

/**
 * Creates a prismatic joint (slider along localAxisA). Returns its handle (a JointId).
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` for a bad bodyA or bodyB, `INVALID_ARGUMENT` for a bad
 *   definition (same body twice, non-finite numbers, lower > upper, zero axis), `WORLD_LOCKED` during a step.
 */
export function createPrismaticJoint(
  world: PhysicsWorld,
  def: Partial<PrismaticJointDef> & { bodyA: BodyId; bodyB: BodyId },
): JointId {
  const p = beginJointEdit(world);
  const d: PrismaticJointDef = { ...defaultPrismaticJointDef(), ...def };
  const ref = resolveAnchors(p, d, def, d.referenceAngle);
  unitAxis(d.localAxisA, 'localAxisA', axisScratch);
  checkRange(d.lowerTranslation, d.upperTranslation, 'prismatic translation limits');
  checkRowOptions(d, d.maxMotorForce, 'maxMotorForce');
  checkFinite(d.targetTranslation, 'targetTranslation');
  checkSpringForceRange(d.lowerSpringForce, d.upperSpringForce);
  const row = allocateJoint(
    world,
    p,
    JointType.prismatic,
    checkedBodies[0],
    checkedBodies[1],
    flagsOf(d, d.enableLimit, d.enableMotor, d.enableSpring),
  );
  writeJointBase(p, row, d);
  writeAnchors(p, row);
  const f = p.joints.f;
  writeReferenceAngle(p, row, JF_REFERENCE_ANGLE, ref);
  f[JF_AXIS_X][row] = axisScratch[0];
  f[JF_AXIS_Y][row] = axisScratch[1];
  f[JF_LOWER][row] = d.lowerTranslation;
  f[JF_UPPER][row] = d.upperTranslation;
  writeMotorSpring(p, row, d.motorSpeed, d.maxMotorForce, d.hertz, d.dampingRatio);
  f[JF_SPRING_TARGET][row] = d.targetTranslation;
  writeSpringForceRange(p, row, d.lowerSpringForce, d.upperSpringForce);
  return p.joints.handle[row];
}

// ---- Impulse slots: across the axis, the angle, then the rows along the axis ----

export const JI_PRI_PERPENDICULAR = 0;
export const JI_PRI_ANGLE = JI_PRI_PERPENDICULAR + 1;
export const JI_PRI_SPRING = JI_PRI_ANGLE + 1;
export const JI_PRI_MOTOR = JI_PRI_SPRING + 1;
export const JI_PRI_LOWER = JI_PRI_MOTOR + 1;
export const JI_PRI_UPPER = JI_PRI_LOWER + 1;
export const PRISMATIC_IMPULSES = jointImpulses(
  { JI_PRI_PERPENDICULAR, JI_PRI_ANGLE, JI_PRI_SPRING, JI_PRI_MOTOR, JI_PRI_LOWER, JI_PRI_UPPER },
  {
    angular: [JI_PRI_ANGLE],
    spring: [JI_PRI_SPRING],
    motor: [JI_PRI_MOTOR],
    limit: [JI_PRI_LOWER, JI_PRI_UPPER],
  },
);

// ---- Record overlay ----

export const JC_PRI_AXIS_X = JC_P; // the axis in world axes at prepare time (rotated with A each substep)
export const JC_PRI_AXIS_Y = JC_PRI_AXIS_X + 1;
export const JC_PRI_MOTOR_SPEED = JC_PRI_AXIS_Y + 1; // m/s
export const JC_PRI_MAX_MOTOR_IMPULSE = JC_PRI_MOTOR_SPEED + 1; // h · max force
export const JC_PRI_LOWER = JC_PRI_MAX_MOTOR_IMPULSE + 1; // m
export const JC_PRI_UPPER = JC_PRI_LOWER + 1;
export const JC_PRI_REL_C = JC_PRI_UPPER + 1; // relative rotation at prepare time: cos
export const JC_PRI_REL_S = JC_PRI_REL_C + 1; // and sin
export const JC_PRI_SPRING_TARGET = JC_PRI_REL_S + 1; // translation the spring pulls toward (m)
export const JC_PRI_SPRING_LOWER_IMPULSE = JC_PRI_SPRING_TARGET + 1; // h · lower spring force (N s)
export const JC_PRI_SPRING_UPPER_IMPULSE = JC_PRI_SPRING_LOWER_IMPULSE + 1; // h · upper spring force (N s)

// ---- Reaction and drawing ----

const axis = new Float64Array(2);

function prismaticReaction(p: PhysicsState, row: number, out: Float64Array): void {
  const js = p.joints;
  const f = js.f;
  const invH = js.invH;
  jointAxisToWorld(p, row, axis, 0);
  const perpendicular = f[JF_IMPULSE_0 + JI_PRI_PERPENDICULAR][row];
  const axial =
    f[JF_IMPULSE_0 + JI_PRI_SPRING][row] +
    f[JF_IMPULSE_0 + JI_PRI_MOTOR][row] +
    f[JF_IMPULSE_0 + JI_PRI_LOWER][row] -
    f[JF_IMPULSE_0 + JI_PRI_UPPER][row];
  // The perpendicular row pushes along the axis's left normal.
  out[0] = invH * (axial * axis[0] - perpendicular * axis[1]);
  out[1] = invH * (axial * axis[1] + perpendicular * axis[0]);
  out[2] = invH * f[JF_IMPULSE_0 + JI_PRI_ANGLE][row];
}

/**
 * Prismatic and wheel joints: the axis through anchor A, between the limits when they are on (else four marker radii
 * either way), and the anchors linked.
 */
export function drawSlider(p: PhysicsState, row: number, drawer: DebugDrawer, frame: Float64Array): void {
  const f = p.joints.f;
  jointAxisToWorld(p, row, axis, 0);
  const limited = (p.joints.flags[row] & JointFlag.enableLimit) !== 0;
  const reach = 4 * frame[JD_RADIUS];
  drawAxis(drawer, frame, axis, limited ? f[JF_LOWER][row] : -reach, limited ? f[JF_UPPER][row] : reach);
  drawAnchorLink(drawer, frame, DebugColor.joint);
  drawAnchorDots(p, row, drawer, frame);
}

/** The prismatic kind (see JointKind). */
export const prismaticJoint: JointKind = {
  name: 'prismatic',
  impulses: PRISMATIC_IMPULSES,
  record: {
    JC_PRI_AXIS_X,
    JC_PRI_AXIS_Y,
    JC_PRI_MOTOR_SPEED,
    JC_PRI_MAX_MOTOR_IMPULSE,
    JC_PRI_LOWER,
    JC_PRI_UPPER,
    JC_PRI_REL_C,
    JC_PRI_REL_S,
    JC_PRI_SPRING_TARGET,
    JC_PRI_SPRING_LOWER_IMPULSE,
    JC_PRI_SPRING_UPPER_IMPULSE,
  },
  features: {
    springSettings: true,
    referenceAngle: true,
    axis: true,
    maxForce: false,
    springTarget: true,
    springForceRange: true,
    localAnchorA: true,
    localAnchorB: true,
  },
  limits: LOWER_UPPER_LIMITS,
  worldAnchors: bodyAnchorsToWorld,
  reaction: prismaticReaction,
  draw: drawSlider,
};
