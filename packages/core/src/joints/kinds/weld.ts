import type { PhysicsState, PhysicsWorld } from '../../state/physics-state.js';
import {
  beginJointEdit,
  checkedBodies,
  checkSpring,
  flagsOf,
  resolveAnchors,
  writeAnchors,
  writeJointBase,
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
import { jointImpulses, type JointKind } from '../joint-kind.js';
import { JC_P } from '../../state/joint-layout.js';
import { allocateJoint } from '../../lifecycle/joint-lifecycle.js';
import { bodyAnchorsToWorld } from '../joint-math.js';
import {
  JF_ANGULAR_DAMPING_RATIO,
  JF_ANGULAR_HERTZ,
  JF_DAMPING_RATIO,
  JF_HERTZ,
  JF_IMPULSE_0,
  JF_REFERENCE_ANGLE,
  JointType,
} from '../../state/joint-store.js';
import type { BodyId, JointId } from '../../handles.js';

// The weld joint: the anchors coincide and the relative angle is held, rigidly or as linear and angular springs.
// The solver's half is systems/src/joints/weld.ts.

// ---- Definition and creation ----

/** Glues two bodies: anchors coincide and the relative angle stays at referenceAngle. */
export interface WeldJointDef extends JointDefBase, LocalAnchorsDef, WorldAnchorOption {
  /** angleB − angleA the joint keeps (rad). Default 0. */
  referenceAngle: number;
  /** Linear stiffness (Hz); 0 = as rigid as the solver allows (the joint's constraint softness). Default 0. */
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
    ...defaultLocalAnchors(),
    referenceAngle: 0,
    linearHertz: 0,
    linearDampingRatio: 1,
    angularHertz: 0,
    angularDampingRatio: 1,
  };
}

/**
 * Creates a weld joint. Returns its handle (a JointId).
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` for a bad bodyA or bodyB, `INVALID_ARGUMENT` for a bad
 *   definition (same body twice, non-finite numbers, lower > upper, zero axis), `WORLD_LOCKED` during a step.
 */
export function createWeldJoint(
  world: PhysicsWorld,
  def: Partial<WeldJointDef> & { bodyA: BodyId; bodyB: BodyId },
): JointId {
  const p = beginJointEdit(world);
  const d: WeldJointDef = { ...defaultWeldJointDef(), ...def };
  const ref = resolveAnchors(p, d, def, d.referenceAngle);
  checkSpring(d.linearHertz, d.linearDampingRatio, 'linear ');
  checkSpring(d.angularHertz, d.angularDampingRatio, 'angular ');
  const row = allocateJoint(
    world,
    p,
    JointType.weld,
    checkedBodies[0],
    checkedBodies[1],
    flagsOf(d, false, false, false),
  );
  writeJointBase(p, row, d);
  writeAnchors(p, row);
  const f = p.joints.f;
  writeReferenceAngle(p, row, JF_REFERENCE_ANGLE, ref);
  f[JF_HERTZ][row] = d.linearHertz;
  f[JF_DAMPING_RATIO][row] = d.linearDampingRatio;
  f[JF_ANGULAR_HERTZ][row] = d.angularHertz;
  f[JF_ANGULAR_DAMPING_RATIO][row] = d.angularDampingRatio;
  return p.joints.handle[row];
}

// ---- Impulse slots: the point (x, y) and the angle ----

export const JI_WELD_POINT_X = 0;
export const JI_WELD_POINT_Y = JI_WELD_POINT_X + 1;
export const JI_WELD_ANGLE = JI_WELD_POINT_Y + 1;
export const WELD_IMPULSES = jointImpulses(
  { JI_WELD_POINT_X, JI_WELD_POINT_Y, JI_WELD_ANGLE },
  { angular: [JI_WELD_ANGLE] },
);

// ---- Record overlay (the linear softness is in the header's JC_BIAS_RATE slots, the angular in JC_SPRING_*) ----

export const JC_WELD_AXIAL_MASS = JC_P; // 1 / (iA + iB)
export const JC_WELD_REL_C = JC_WELD_AXIAL_MASS + 1; // relative rotation at prepare time: cos
export const JC_WELD_REL_S = JC_WELD_REL_C + 1; // and sin

// ---- Reaction and drawing ----

function weldReaction(p: PhysicsState, row: number, out: Float64Array): void {
  const js = p.joints;
  const f = js.f;
  const invH = js.invH;
  out[0] = invH * f[JF_IMPULSE_0 + JI_WELD_POINT_X][row];
  out[1] = invH * f[JF_IMPULSE_0 + JI_WELD_POINT_Y][row];
  out[2] = invH * f[JF_IMPULSE_0 + JI_WELD_ANGLE][row];
}

/** The weld kind (see JointKind). */
export const weldJoint: JointKind = {
  name: 'weld',
  impulses: WELD_IMPULSES,
  record: { JC_WELD_AXIAL_MASS, JC_WELD_REL_C, JC_WELD_REL_S },
  features: {
    springSettings: false,
    referenceAngle: true,
    axis: false,
    maxForce: false,
    springTarget: false,
    springForceRange: false,
    localAnchorA: true,
    localAnchorB: true,
  },
  limits: null,
  worldAnchors: bodyAnchorsToWorld,
  reaction: weldReaction,
  draw: drawPinMarker,
};
