import type { Vec2Like } from '../../math/vec2.js';
import { DebugColor, type DebugDrawer } from '../../debug-drawer.js';
import { checkNonNegative, checkVec2 } from '../../errors.js';
import type { PhysicsState, PhysicsWorld } from '../../state/physics-state.js';
import { jointRow, mutableRow, requireKind, wakeJoint } from '../joint-access.js';
import {
  anchorScratch,
  beginJointEdit,
  checkedBodies,
  checkJointBase,
  checkSpring,
  flagsOf,
  toLocal,
  writeAnchors,
  writeJointBase,
} from '../joint-create.js';
import { defaultJointDefBase, type JointDefBase } from '../joint-defs.js';
import { drawAnchorDot, drawAnchorLink, JD_AX, JD_AY, JD_BX, JD_BY } from '../joint-draw.js';
import { jointImpulses, type JointKind } from '../joint-kind.js';
import { JC_P } from '../../state/joint-layout.js';
import { allocateJoint } from '../../lifecycle/joint-lifecycle.js';
import { bodyPointToWorld } from '../joint-math.js';
import {
  JF_ANCHOR_BX,
  JF_ANCHOR_BY,
  JF_DAMPING_RATIO,
  JF_HERTZ,
  JF_IMPULSE_0,
  JF_MAX_FORCE,
  JF_TARGET_X,
  JF_TARGET_Y,
  JointType,
} from '../../state/joint-store.js';
import type { BodyId, JointId } from '../../handles.js';

// The mouse (target) joint: drags a point of body B toward a world target with a spring of bounded force; body A
// is only a reference. The solver's half is systems/src/joints/mouse.ts.

// ---- Definition and creation ----

/**
 * Drags a point of body B toward a world target with a spring of at most maxForce (the testbed's mouse drag).
 * bodyA is only a reference body (usually a static ground body) and is not moved.
 */
export interface MouseJointDef extends JointDefBase {
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
}

/**
 * A fresh mouse joint definition: pulls a point of the body towards a target with a 5 Hz spring (damping ratio 0.7) and a
 * 1000 N force cap.
 */
export function defaultMouseJointDef(): MouseJointDef {
  return {
    ...defaultJointDefBase(),
    target: { x: 0, y: 0 },
    maxForce: 1000,
    hertz: 5,
    dampingRatio: 0.7,
  };
}

/**
 * Creates a mouse (target) joint dragging bodyB toward `target`. Returns its handle (a JointId).
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` for a bad bodyA or bodyB, `INVALID_ARGUMENT` for a bad
 *   definition (same body twice, non-finite numbers, lower > upper, zero axis), `WORLD_LOCKED` during a step.
 */
export function createMouseJoint(
  world: PhysicsWorld,
  def: Partial<MouseJointDef> & { bodyA: BodyId; bodyB: BodyId },
): JointId {
  const p = beginJointEdit(world);
  const d: MouseJointDef = { ...defaultMouseJointDef(), ...def };
  checkJointBase(p, d);
  checkVec2(d.target, 'target');
  if (d.localAnchorB !== undefined) {
    checkVec2(d.localAnchorB, 'localAnchorB');
    anchorScratch[2] = d.localAnchorB.x;
    anchorScratch[3] = d.localAnchorB.y;
  } else {
    toLocal(p, checkedBodies[1], d.target, anchorScratch, 2);
  }
  anchorScratch[0] = 0;
  anchorScratch[1] = 0;
  checkNonNegative(d.maxForce, 'maxForce');
  checkSpring(d.hertz, d.dampingRatio);
  const row = allocateJoint(
    world,
    p,
    JointType.mouse,
    checkedBodies[0],
    checkedBodies[1],
    flagsOf(d, false, false, true),
  );
  writeJointBase(p, row, d);
  writeAnchors(p, row);
  const f = p.joints.f;
  f[JF_TARGET_X][row] = d.target.x;
  f[JF_TARGET_Y][row] = d.target.y;
  f[JF_MAX_FORCE][row] = d.maxForce;
  f[JF_HERTZ][row] = d.hertz;
  f[JF_DAMPING_RATIO][row] = d.dampingRatio;
  return p.joints.handle[row];
}

// ---- Getters and setters of the mouse joint ----

/**
 * Moves a mouse joint's target (m, world).
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE`, `INVALID_ARGUMENT`, `WORLD_LOCKED` (see {@link PhysicsErrorCode}).
 */
export function setMouseJointTarget(world: PhysicsWorld, joint: JointId, target: Vec2Like): void {
  const { p, row } = mutableRow(world, joint);
  requireKind(p, row, 'setMouseJointTarget', JointType.mouse);
  checkVec2(target, 'target');
  p.joints.f[JF_TARGET_X][row] = target.x;
  p.joints.f[JF_TARGET_Y][row] = target.y;
  wakeJoint(p, row);
}

/**
 * The mouse joint's target point, world (m).
 *
 * @throws PhysicsError `NOT_A_JOINT` unless `joint` is a live joint of this world. `INVALID_ARGUMENT` for another joint type.
 */
export function getMouseJointTarget(world: PhysicsWorld, joint: JointId): { x: number; y: number } {
  const { p, row } = jointRow(world, joint);
  requireKind(p, row, 'getMouseJointTarget', JointType.mouse);
  return { x: p.joints.f[JF_TARGET_X][row], y: p.joints.f[JF_TARGET_Y][row] };
}

// ---- Impulse slots: the point (x, y) ----

export const JI_MOUSE_POINT_X = 0;
export const JI_MOUSE_POINT_Y = JI_MOUSE_POINT_X + 1;
export const MOUSE_IMPULSES = jointImpulses({ JI_MOUSE_POINT_X, JI_MOUSE_POINT_Y }, {});

// ---- Record overlay (the drag spring's softness is in the header's JC_SPRING_* slots) ----

export const JC_MOUSE_MAX_IMPULSE = JC_P; // h · max force

// ---- Anchors, reaction and drawing ----

/** The target stands in for anchor A (body A is only a reference). */
function mouseAnchors(p: PhysicsState, row: number, out: Float64Array): void {
  const f = p.joints.f;
  out[0] = f[JF_TARGET_X][row];
  out[1] = f[JF_TARGET_Y][row];
  bodyPointToWorld(p, p.joints.bodyB[row], f[JF_ANCHOR_BX][row], f[JF_ANCHOR_BY][row], out, 2);
}

function mouseReaction(p: PhysicsState, row: number, out: Float64Array): void {
  const js = p.joints;
  const f = js.f;
  const invH = js.invH;
  out[0] = invH * f[JF_IMPULSE_0 + JI_MOUSE_POINT_X][row];
  out[1] = invH * f[JF_IMPULSE_0 + JI_MOUSE_POINT_Y][row];
  out[2] = 0;
}

/** From the target to the dragged point. */
function drawMouse(p: PhysicsState, row: number, drawer: DebugDrawer, frame: Float64Array): void {
  const b = p.joints.bodyB[row];
  drawAnchorLink(drawer, frame, DebugColor.mouse);
  drawAnchorDot(p, b, drawer, frame, frame[JD_AX], frame[JD_AY], DebugColor.jointAnchor);
  drawAnchorDot(p, b, drawer, frame, frame[JD_BX], frame[JD_BY], DebugColor.mouse);
}

/** The mouse kind (see JointKind). */
export const mouseJoint: JointKind = {
  name: 'mouse',
  impulses: MOUSE_IMPULSES,
  record: { JC_MOUSE_MAX_IMPULSE },
  features: {
    springSettings: true,
    referenceAngle: false,
    axis: false,
    maxForce: true,
    springTarget: false,
    springForceRange: false,
    localAnchorA: false,
    localAnchorB: true,
  },
  limits: null,
  worldAnchors: mouseAnchors,
  reaction: mouseReaction,
  draw: drawMouse,
};
