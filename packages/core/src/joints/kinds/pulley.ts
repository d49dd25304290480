import type { Vec2Like } from '../../math/vec2.js';
import { DebugColor, type DebugDrawer } from '../../debug-drawer.js';
import { checkNonNegative, checkPositive, checkVec2 } from '../../errors.js';
import { length } from '../../math/trig.js';
import type { PhysicsState, PhysicsWorld } from '../../state/physics-state.js';
import {
  beginJointEdit,
  checkedBodies,
  flagsOf,
  pointScratch,
  resolveAnchors,
  toWorld,
  writeAnchors,
  writeJointBase,
} from '../joint-create.js';
import { defaultJointDefBase, defaultLocalAnchors, type JointDefBase, type LocalAnchorsDef } from '../joint-defs.js';
import { drawAnchorDots, JD_AX, JD_AY, JD_BX, JD_BY } from '../joint-draw.js';
import { jointImpulses, type JointKind } from '../joint-kind.js';
import { JC_P } from '../../state/joint-layout.js';
import { allocateJoint } from '../../lifecycle/joint-lifecycle.js';
import { bodyAnchorsToWorld } from '../joint-math.js';
import {
  JF_GROUND_AX,
  JF_GROUND_AY,
  JF_GROUND_BX,
  JF_GROUND_BY,
  JF_IMPULSE_0,
  JF_LENGTH,
  JF_LENGTH_B,
  JF_RATIO,
  JointType,
} from '../../state/joint-store.js';
import type { BodyId, JointId } from '../../handles.js';

// The pulley joint: one rope over two fixed ground points, lengthA + ratio · lengthB constant. The solver's half is
// systems/src/joints/pulley.ts.

// ---- Definition and creation ----

/**
 * Two bodies hanging from two fixed ground points by one rope over a pulley: lengthA + ratio · lengthB stays
 * constant (lengthA = |anchorA − groundAnchorA|, lengthB likewise).
 */
export interface PulleyJointDef extends JointDefBase, LocalAnchorsDef {
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
 * A fresh pulley joint definition: ratio 1, ground anchors at (−1, 1) and (1, 1) m, body anchors at the origins, and
 * (unlike the other kinds) the two bodies collide with each other.
 */
export function defaultPulleyJointDef(): PulleyJointDef {
  return {
    ...defaultJointDefBase(),
    ...defaultLocalAnchors(),
    collideConnected: true,
    groundAnchorA: { x: -1, y: 1 },
    groundAnchorB: { x: 1, y: 1 },
    ratio: 1,
  };
}

/**
 * Creates a pulley joint. Returns its handle (a JointId).
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` for a bad bodyA or bodyB, `INVALID_ARGUMENT` for a bad
 *   definition (same body twice, non-finite numbers, lower > upper, zero axis), `WORLD_LOCKED` during a step.
 */
export function createPulleyJoint(
  world: PhysicsWorld,
  def: Partial<PulleyJointDef> & { bodyA: BodyId; bodyB: BodyId },
): JointId {
  const p = beginJointEdit(world);
  const d: PulleyJointDef = { ...defaultPulleyJointDef(), ...def };
  resolveAnchors(p, d, def, 0);
  checkVec2(d.groundAnchorA, 'groundAnchorA');
  checkVec2(d.groundAnchorB, 'groundAnchorB');
  checkPositive(d.ratio, 'ratio');
  toWorld(p, checkedBodies[0], d.localAnchorA, pointScratch);
  const lengthA = d.lengthA ?? length(pointScratch[0] - d.groundAnchorA.x, pointScratch[1] - d.groundAnchorA.y);
  toWorld(p, checkedBodies[1], d.localAnchorB, pointScratch);
  const lengthB = d.lengthB ?? length(pointScratch[0] - d.groundAnchorB.x, pointScratch[1] - d.groundAnchorB.y);
  checkNonNegative(lengthA, 'lengthA');
  checkNonNegative(lengthB, 'lengthB');
  const row = allocateJoint(
    world,
    p,
    JointType.pulley,
    checkedBodies[0],
    checkedBodies[1],
    flagsOf(d, false, false, false),
  );
  writeJointBase(p, row, d);
  writeAnchors(p, row);
  const f = p.joints.f;
  f[JF_GROUND_AX][row] = d.groundAnchorA.x;
  f[JF_GROUND_AY][row] = d.groundAnchorA.y;
  f[JF_GROUND_BX][row] = d.groundAnchorB.x;
  f[JF_GROUND_BY][row] = d.groundAnchorB.y;
  f[JF_LENGTH][row] = lengthA;
  f[JF_LENGTH_B][row] = lengthB;
  f[JF_RATIO][row] = d.ratio;
  return p.joints.handle[row];
}

// ---- Impulse slots: the rope ----

export const JI_PUL_ROPE = 0;
export const PULLEY_IMPULSES = jointImpulses({ JI_PUL_ROPE }, {});

// ---- Record overlay ----

export const JC_PUL_GROUND_AX = JC_P; // ground anchor A minus centre of A at prepare time (m)
export const JC_PUL_GROUND_AY = JC_PUL_GROUND_AX + 1;
export const JC_PUL_GROUND_BX = JC_PUL_GROUND_AY + 1; // ground anchor B minus centre of B (m)
export const JC_PUL_GROUND_BY = JC_PUL_GROUND_BX + 1;
export const JC_PUL_RATIO = JC_PUL_GROUND_BY + 1; // B's side moves 1/ratio as far; its impulse is ratio times A's
export const JC_PUL_CONSTANT = JC_PUL_RATIO + 1; // lengthA + ratio · lengthB (m)

// ---- Reaction and drawing ----

const anchors = new Float64Array(4);

/** The rope pulls B toward its ground anchor with ratio times the rope's impulse. */
function pulleyReaction(p: PhysicsState, row: number, out: Float64Array): void {
  const js = p.joints;
  const f = js.f;
  const invH = js.invH;
  bodyAnchorsToWorld(p, row, anchors);
  const gx = anchors[2] - f[JF_GROUND_BX][row];
  const gy = anchors[3] - f[JF_GROUND_BY][row];
  const len = length(gx, gy);
  const r = f[JF_RATIO][row];
  const rope = f[JF_IMPULSE_0 + JI_PUL_ROPE][row];
  out[0] = len === 0 ? 0 : (-invH * r * rope * gx) / len;
  out[1] = len === 0 ? 0 : (-invH * r * rope * gy) / len;
  out[2] = 0;
}

/** Each anchor to its ground anchor, and the ground anchors to each other. */
function drawPulley(p: PhysicsState, row: number, drawer: DebugDrawer, frame: Float64Array): void {
  const f = p.joints.f;
  const gax = f[JF_GROUND_AX][row];
  const gay = f[JF_GROUND_AY][row];
  const gbx = f[JF_GROUND_BX][row];
  const gby = f[JF_GROUND_BY][row];
  drawer.drawSegment(gax, gay, frame[JD_AX], frame[JD_AY], DebugColor.pulley);
  drawer.drawSegment(gbx, gby, frame[JD_BX], frame[JD_BY], DebugColor.pulley);
  drawer.drawSegment(gax, gay, gbx, gby, DebugColor.pulley);
  drawAnchorDots(p, row, drawer, frame);
}

/** The pulley kind (see JointKind). */
export const pulleyJoint: JointKind = {
  name: 'pulley',
  impulses: PULLEY_IMPULSES,
  record: { JC_PUL_GROUND_AX, JC_PUL_GROUND_AY, JC_PUL_GROUND_BX, JC_PUL_GROUND_BY, JC_PUL_RATIO, JC_PUL_CONSTANT },
  features: {
    springSettings: false,
    referenceAngle: false,
    axis: false,
    maxForce: false,
    springTarget: false,
    springForceRange: false,
    localAnchorA: true,
    localAnchorB: true,
  },
  limits: null,
  worldAnchors: bodyAnchorsToWorld,
  reaction: pulleyReaction,
  draw: drawPulley,
};
