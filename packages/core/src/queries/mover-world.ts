import {
  CAST_MAX_FRACTION,
  CAST_OUT_FRACTION,
  CAST_SLIDE,
  CAST_TARGET_GAP,
  CAST_TRANSLATION_X,
  CAST_TRANSLATION_Y,
  castCore,
} from '../collision/core-cast.js';
import {
  chainNeighbourOwns,
  inFrontOfChainSegment,
  loadChainGhosts,
  loadMoverCore,
  MOVER_SIZE,
  moverSeparation,
  SEP_DISTANCE,
  SEP_NORMAL_X,
  SEP_NORMAL_Y,
  SEP_POINT_X,
  SEP_POINT_Y,
  SEPARATION_SIZE,
} from '../collision/mover-plane.js';
import type { MoverPlanes } from '../collision/mover-planes.js';
import { ShapeType } from '../geometry/shape-type.js';
import { cosSinInto } from '../math/trig.js';
import { LINEAR_SLOP } from '../settings.js';
import { IntBuffer } from '../storage/int-buffer.js';
import { BodyType } from '../state/body-store.js';
import type { PhysicsState } from '../state/physics-state.js';
import { AABB_FAT, AABB_STRIDE } from '../state/shape-store.js';
import { gatherBoxCandidates, shapeHandle } from './query-common.js';
import { passesFilter } from './query-filter.js';
import { QueryScratch } from './query-scratch.js';
import { CORE_COUNT, CORE_RADIUS, CORE_VERTS, createCore, loadCore } from '../collision/shape-distance.js';

/**
 * The world side of the character mover, without validation and without objects: castMoverState and
 * collideMoverState read a MoverScratch and the world's columns and write numbers and MoverPlanes rows. The public
 * castMover / collideMover (mover-queries.ts) validate their arguments, fill a MoverScratch and call these; a pass
 * that moves many movers per step fills one MoverScratch per mover in turn (or one per worker) and calls them too.
 *
 * Gaps. The mover keeps off surfaces by a small gap rather than resting in them (Box2D rests them a slop deep and
 * lets a cast "encroach" by a slop to get free): castMover stops at MOVER_SKIN, collideMover's planes hold the mover
 * at MOVER_REST_GAP and report every shape within MOVER_CONTACT_GAP. Because the rest gap is wider than the skin, a
 * mover resting on a surface can slide over a joint to the next surface at the same height (a chain vertex, the
 * next box of a floor), whose distance never drops below the rest gap, without the cast stopping it there; and
 * because the contact gap is wider than the rest gap, the surface it rests on stays reported while it rests, also
 * on a curved one (walking over a ball, the gap grows a little each step).
 *
 * Seams. A plane is the shape's distance linearised at the mover's position, so a rounded feature (a corner, a
 * circle) gives a plane tilted against the mover before the mover is over it. At the seam between two boxes of a
 * floor the next box's corner therefore lifts a mover walking over it for one round of collide-solve-cast, which the
 * next rounds of the same step undo (two extra rounds, the same end position). Chains have no such seams: a chain
 * segment leaves its end vertex to the neighbouring segment where the joint is flat or concave (mover-plane.ts), as
 * its contacts do. Box2D's mover has the same seams.
 */

/** Gap (m) at which castMover stops the mover short of a shape. */
export const MOVER_SKIN = 0.5 * LINEAR_SLOP;
/** Gap (m) at which collideMover's planes hold the mover off a surface (their offsets ask for it). */
export const MOVER_REST_GAP = LINEAR_SLOP;
/** collideMover reports a plane for every shape within this gap of the mover (m), overlapping ones included. */
export const MOVER_CONTACT_GAP = 2 * LINEAR_SLOP;

/** The gaps of a MoverScratch (m). */
export const GAP_SKIN = 0;
export const GAP_REST = 1;
export const GAP_CONTACT = 2;

/**
 * Look-ahead of a MoverScratch (MoverScratch.lookAhead): a mover that moves during a step (a character) sees the
 * kinematic bodies, and the body it stands on, where their velocities take them by the end of the step, so that it
 * moves with a platform instead of against where the platform was. The characters' own bodies are the exception:
 * their velocities are what the character stage is deciding, so a character sees another where that one's move of
 * this step takes it once it has been resolved (rows below LOOK_RESOLVED: CharacterStore.translation), and where it
 * is before (Gauss-Seidel over the characters, in row order: two characters walking into each other stop apart,
 * where seeing each other at their last velocities made them overshoot and bounce). LOOK_DT 0 (the default) sees
 * every shape where it is.
 */
export const LOOK_DT = 0; // the step's length (s); 0: off
export const LOOK_BODY = 1; // column index of one more body to see ahead, whatever its type (−1: none)
export const LOOK_MARGIN = 2; // how far (m) any body seen ahead may travel: the broadphase box grows by it
export const LOOK_RESOLVED = 3; // character rows below this have their move of this step in CharacterStore
export const LOOK_SIZE = 4;

/**
 * Scratch of the mover queries for one thread: the mover and translation of the current call, in typed arrays, and
 * the query scratch (candidates, resolved filter, shape cores) they share with the other queries.
 */
export class MoverScratch {
  /** The mover (MOVER_* of collision/mover-plane.ts): centres, world (m), and radius (m). */
  readonly mover = new Float64Array(MOVER_SIZE);
  /** Translation of castMoverState (m). */
  readonly translation = new Float64Array(2);
  /** castMoverState's result: the fraction of the translation that is free, [0, 1]. */
  readonly fraction = new Float64Array(1);
  /** [skin, rest gap, contact gap] (m), MOVER_SKIN, MOVER_REST_GAP and MOVER_CONTACT_GAP unless changed. */
  readonly gaps = Float64Array.of(MOVER_SKIN, MOVER_REST_GAP, MOVER_CONTACT_GAP);
  /** The mover's core. */
  readonly core = createCore();
  /** moverSeparation output. */
  readonly separation = new Float64Array(SEPARATION_SIZE);
  /** A chain segment's ghost vertices, world: [ghost1X, ghost1Y, ghost2X, ghost2Y]. */
  readonly ghosts = new Float64Array(4);
  /** LOOK_*: which bodies are seen ahead by how long; off unless set. */
  readonly lookAhead = Float64Array.of(0, -1, 0, 0);
  /** Scratch of the look-ahead: the rotation of a turning body over the step, [angle → cos, sin]. */
  readonly turn = new Float64Array(2);
  /**
   * Candidates kept for a region (keepMoverCandidates): the shape rows whose broadphase box touches `keptBox`. A query
   * whose own box lies inside keptBox takes its candidates from here instead of the trees.
   */
  readonly kept = new IntBuffer(64);
  /** The region of `kept` [minX, minY, maxX, maxY]; empty (min > max) when nothing is kept. */
  readonly keptBox = Float64Array.of(1, 1, -1, -1);

  /**
   * @param query the query scratch to share: candidates and the resolved filter (resolveFilter writes it) are read
   *   from it. A new one when omitted (a worker has its own).
   */
  constructor(readonly query: QueryScratch = new QueryScratch()) {}
}

/**
 * Writes the mover core and its box, grown by the gap m.gaps[gap] and by how far the bodies seen ahead may travel,
 * into m.core and m.query.box. (The gap by its index: V8 boxes a double passed to a call it does not inline.)
 */
function loadMover(m: MoverScratch, gap: number): void {
  const core = m.core;
  loadMoverCore(m.mover, core);
  const grow = core[CORE_RADIUS] + m.gaps[gap] + m.lookAhead[LOOK_MARGIN];
  const count = core[CORE_COUNT];
  const b = m.query.box;
  b[0] = b[2] = core[CORE_VERTS];
  b[1] = b[3] = core[CORE_VERTS + 1];
  if (count === 2) {
    const x = core[CORE_VERTS + 2],
      y = core[CORE_VERTS + 3];
    if (x < b[0]) b[0] = x;
    else if (x > b[2]) b[2] = x;
    if (y < b[1]) b[1] = y;
    else if (y > b[3]) b[3] = y;
  }
  b[0] -= grow;
  b[1] -= grow;
  b[2] += grow;
  b[3] += grow;
}

/**
 * Writes the pose [x, y, cos, sin] of shape row `row`'s body into m.query.shapePose: where it is, or, for a body the
 * look-ahead covers (a moving kinematic body, or the LOOK_BODY), where its velocity takes it within LOOK_DT: its
 * centre of mass moved by v·dt and the body turned about it by w·dt; for a character's body, moved by its resolved
 * translation of this step, if resolved. The pose the mover queries see the shape at.
 */
export function loadMoverShapePose(p: PhysicsState, m: MoverScratch, row: number): void {
  const eid = p.shapes.body[row];
  const b = p.bodies;
  const t = b.transform;
  const pose = m.query.shapePose;
  let x = t.x[eid];
  let y = t.y[eid];
  let c = t.c[eid];
  let s = t.s[eid];
  const look = m.lookAhead;
  const dt = look[LOOK_DT];
  const cs = p.characters;
  const character = dt > 0 && eid < cs.rowOf.length ? cs.rowOf[eid] : -1;
  if (character >= 0) {
    if (character < look[LOOK_RESOLVED]) {
      x += cs.translationX[character];
      y += cs.translationY[character];
    }
  } else if (
    dt > 0 &&
    (b.type[eid] === BodyType.kinematic || eid === look[LOOK_BODY]) &&
    b.type[eid] !== BodyType.static
  ) {
    const w = b.w[eid];
    if (w !== 0) {
      // The origin turns about the centre of mass.
      const turn = m.turn;
      turn[0] = w * dt;
      cosSinInto(turn, 0);
      const tc = turn[0];
      const ts = turn[1];
      const cx = b.centerX[eid];
      const cy = b.centerY[eid];
      const rx = x - cx;
      const ry = y - cy;
      x = cx + tc * rx - ts * ry;
      y = cy + ts * rx + tc * ry;
      const c2 = tc * c - ts * s;
      s = ts * c + tc * s;
      c = c2;
    }
    x += b.vx[eid] * dt;
    y += b.vy[eid] * dt;
  }
  pose[0] = x;
  pose[1] = y;
  pose[2] = c;
  pose[3] = s;
}

/**
 * Gathers the shape rows whose broadphase box touches `box` = [minX, minY, maxX, maxY] into m.kept, for the mover
 * queries that follow as long as their boxes lie inside it: a mover that queries several times around one place (a
 * character's rounds of collide and cast within a step) searches the trees once. The filter must be resolved into
 * m.query first; forgetMoverCandidates (or the next keep) ends it.
 */
export function keepMoverCandidates(p: PhysicsState, m: MoverScratch, box: Float64Array): void {
  const q = m.query;
  const kb = m.keptBox;
  kb[0] = box[0];
  kb[1] = box[1];
  kb[2] = box[2];
  kb[3] = box[3];
  const mask = q.filterBits[1];
  const kept = m.kept;
  kept.clear();
  const trees = p.broadphase.trees;
  trees[0].queryBoxMasked(kb, 0, mask, kept);
  trees[1].queryBoxMasked(kb, 0, mask, kept);
}

/** Ends keepMoverCandidates: the next queries search the trees again. */
export function forgetMoverCandidates(m: MoverScratch): void {
  const kb = m.keptBox;
  kb[0] = kb[1] = 1;
  kb[2] = kb[3] = -1;
}

/**
 * The candidates of the query whose box is in m.query.box: the kept ones when that box lies inside the kept region
 * (the caller then skips those whose broadphase box misses the query's, as the trees would have), else the trees'.
 * Returns true when they are the kept ones.
 */
function gatherMoverCandidates(p: PhysicsState, m: MoverScratch): boolean {
  const q = m.query;
  const b = q.box;
  const kb = m.keptBox;
  if (b[0] >= kb[0] && b[1] >= kb[1] && b[2] <= kb[2] && b[3] <= kb[3]) return true;
  gatherBoxCandidates(p, q);
  return false;
}

/** Does shape row `row`'s broadphase (fat) box touch the query box in m.query.box? */
function touchesQueryBox(p: PhysicsState, m: MoverScratch, row: number): boolean {
  const a = p.shapes.aabb;
  const o = row * AABB_STRIDE + AABB_FAT;
  const b = m.query.box;
  return a[o] <= b[2] && a[o + 2] >= b[0] && a[o + 1] <= b[3] && a[o + 3] >= b[1];
}

/**
 * Should shape row `row` take part: it passes the filter resolved into the query scratch, it is no sensor (sensors
 * never block a mover), if a chain segment the mover is centred on its collision side, and if one-way the mover is on
 * its open side (onOpenSide)? Loads the shape's core into q.coreB when it does, at the pose the look-ahead sees it at.
 */
function takesPart(p: PhysicsState, m: MoverScratch, row: number): boolean {
  const q = m.query;
  if (p.shapes.sensor[row] === 1 || !passesFilter(p, q, row)) return false;
  loadMoverShapePose(p, m, row);
  loadCore(p.shapes.geometry, row, q.shapePose, q.coreB);
  if (p.shapes.geometry.type[row] === ShapeType.chainSegment && !inFrontOfChainSegment(m.core, q.coreB)) return false;
  return onOpenSide(p, m, row);
}

/**
 * How far (m) below a one-way shape's open face a mover may reach and still be stopped by it: a slop, as deep as
 * bodies rest in what holds them, so that a mover the planes hold at the rest gap, or a rounding below it, stands.
 */
const ONE_WAY_DEPTH = LINEAR_SLOP;

/**
 * For a one-way shape row `row` (ShapeDef.oneWayNormal) whose core is in q.coreB: is the mover wholly on its open
 * side, no deeper than ONE_WAY_DEPTH below its open face (the plane, normal to the one-way normal, that touches the
 * shape on that side)? Only then does the shape stop it; from anywhere else it passes through, as a body's contact
 * does: a character jumps up through a platform and lands on it, and walks through it from the side. Decided per
 * query from where the mover is, where the contact rule decides once per touch: a mover has no contact to remember
 * the decision in, and its lowest point is a sure guide (a mover any part of which is below the face came from
 * below or from the side). The face counts at the lower of where the shape is and where the look-ahead sees it, so
 * that a mover standing on a platform that moves up or down stays on it throughout the step. True for a shape solid
 * from every side.
 */
function onOpenSide(p: PhysicsState, m: MoverScratch, row: number): boolean {
  const s = p.shapes;
  const ux = s.oneWayX[row];
  const uy = s.oneWayY[row];
  if (ux === 0 && uy === 0) return true;
  const q = m.query;
  const pose = q.shapePose;
  const wx = pose[2] * ux - pose[3] * uy;
  const wy = pose[3] * ux + pose[2] * uy;
  const b = q.coreB;
  let face = -1e300; // v8-hot-code.md, rule 3
  for (let i = 0; i < b[CORE_COUNT]; i++) {
    const d = wx * b[CORE_VERTS + 2 * i] + wy * b[CORE_VERTS + 2 * i + 1];
    if (d > face) face = d;
  }
  face += b[CORE_RADIUS];
  // Where the shape is, relative to where the look-ahead sees it, along the normal.
  const t = p.bodies.transform;
  const eid = s.body[row];
  const now = wx * (t.x[eid] - pose[0]) + wy * (t.y[eid] - pose[1]);
  if (now < 0) face += now;
  const a = m.core;
  let low = wx * a[CORE_VERTS] + wy * a[CORE_VERTS + 1];
  if (a[CORE_COUNT] === 2) {
    const d = wx * a[CORE_VERTS + 2] + wy * a[CORE_VERTS + 3];
    if (d < low) low = d;
  }
  return low - a[CORE_RADIUS] >= face - ONE_WAY_DEPTH;
}

/**
 * The fraction of m.translation the mover m.mover can travel before it comes within the skin (m.gaps) of a shape
 * that takes part, into m.fraction[0]: exact under translation (collision/core-cast.ts). A shape already within the
 * skin stops it at 0 only if the move would bring it closer; a shape whose core the mover's core already crosses does
 * not stop it (that is for the planes to resolve). The filter must be resolved into m.query first (resolveFilter).
 * (Written, not returned: V8 boxes a double returned from a call it does not inline, one allocation per cast.)
 */
export function castMoverState(p: PhysicsState, m: MoverScratch): void {
  const q = m.query;
  const tx = m.translation[0];
  const ty = m.translation[1];
  loadMover(m, GAP_SKIN);
  const b = q.box;
  if (tx < 0) b[0] += tx;
  else b[2] += tx;
  if (ty < 0) b[1] += ty;
  else b[3] += ty;
  const kept = gatherMoverCandidates(p, m);
  const list = kept ? m.kept : q.candidates;
  const args = q.castArgs;
  args[CAST_TRANSLATION_X] = tx;
  args[CAST_TRANSLATION_Y] = ty;
  args[CAST_TARGET_GAP] = m.gaps[GAP_SKIN];
  args[CAST_SLIDE] = 1;
  let fraction = 1;
  const n = list.count;
  for (let i = 0; i < n && fraction > 0; i++) {
    const row = list.data[i];
    if ((kept && !touchesQueryBox(p, m, row)) || !takesPart(p, m, row)) continue;
    args[CAST_MAX_FRACTION] = fraction;
    if (castCore(m.core, q.coreB, args, q.coreMoved, q.distance, q.cast) && q.cast[CAST_OUT_FRACTION] < fraction) {
      fraction = q.cast[CAST_OUT_FRACTION];
    }
  }
  m.fraction[0] = fraction;
}

/**
 * Appends to `planes` one plane for every shape that takes part and lies within the contact gap (m.gaps) of the
 * mover m.mover, in shape order (see ShapeId), and returns how many. Each is a rigid, clipping plane (pushLimit Infinity,
 * clipVelocity 1) whose offset asks for the rest gap. The filter must be resolved into m.query first (resolveFilter).
 */
export function collideMoverState(p: PhysicsState, m: MoverScratch, planes: MoverPlanes): number {
  const q = m.query;
  const gaps = m.gaps;
  loadMover(m, GAP_CONTACT);
  const kept = gatherMoverCandidates(p, m);
  const list = kept ? m.kept : q.candidates;
  const start = planes.count;
  const sep = m.separation;
  const rA = m.core[CORE_RADIUS];
  const n = list.count;
  for (let i = 0; i < n; i++) {
    const row = list.data[i];
    if ((kept && !touchesQueryBox(p, m, row)) || !takesPart(p, m, row)) continue;
    const chain = p.shapes.geometry.type[row] === ShapeType.chainSegment;
    moverSeparation(m.core, q.coreB, chain, q.distance, sep);
    if (chain && sep[SEP_DISTANCE] > 0) {
      loadChainGhosts(p.shapes.geometry, row, q.shapePose, m.ghosts);
      if (chainNeighbourOwns(q.coreB, m.ghosts, q.distance)) continue;
    }
    const rB = q.coreB[CORE_RADIUS];
    const gap = sep[SEP_DISTANCE] - rA - rB;
    if (gap > gaps[GAP_CONTACT]) continue;
    const k = planes.addRow();
    const nx = sep[SEP_NORMAL_X];
    const ny = sep[SEP_NORMAL_Y];
    planes.normalX[k] = nx;
    planes.normalY[k] = ny;
    planes.offset[k] = gaps[GAP_REST] - gap;
    planes.pointX[k] = sep[SEP_POINT_X] + rB * nx;
    planes.pointY[k] = sep[SEP_POINT_Y] + rB * ny;
    planes.body[k] = p.bodies.handle[p.shapes.body[row]];
    planes.shape[k] = shapeHandle(p, row);
  }
  planes.sortByShape(start, planes.count);
  return planes.count - start;
}
