import {
  AABB_STRIDE,
  AABB_FAT,
  fatMarginInto,
  BI_EID,
  BI_STRIDE,
  BS_STRIDE,
  BS_DQC,
  BS_DQS,
  BodyFlag,
  BodyType,
  CORE_COUNT,
  CORE_RADIUS,
  CORE_SIZE,
  CORE_VERTS,
  GEOMETRY_STRIDE,
  IntBuffer,
  SHAPE_TYPE_COUNT,
  TOL_LINEAR_SLOP,
  TOL_SPECULATIVE,
  ShapeType,
  SWEEP_C0X,
  SWEEP_C0Y,
  SWEEP_C1X,
  SWEEP_C1Y,
  SWEEP_LOCAL_CENTER_X,
  SWEEP_LOCAL_CENTER_Y,
  SWEEP_Q0C,
  SWEEP_Q0S,
  SWEEP_Q1C,
  SWEEP_Q1S,
  TOI_FRACTION,
  TOI_IN_MAX_FRACTION,
  TOI_IN_TARGET,
  TOI_IN_TOLERANCE,
  TOI_NORMAL_X,
  TOI_NORMAL_Y,
  TOI_STATE,
  TOI_STATE_HIT,
  TREE_MOVABLE,
  TREE_STATIC,
  bufferMoveFrom,
  collideFunctions,
  computeShapeAABB,
  computeShapeMinExtent,
  createManifold,
  createSweep,
  createToiInput,
  createToiOutput,
  isPrimaryPair,
  jointsAllowCollision,
  loadCore,
  sweepPose,
  sweepStartPose,
  timeOfImpact,
  type PhysicsState,
} from '@impulse2d/core/internal';
import { oneWayLetsPass } from './one-way.js';
import { preSolveImpact } from './pre-solve.js';
import { shouldCollide } from './update-broadphase.js';

/**
 * Continuous collision: runs right after finalize (stage 7) has written the end poses, before sleep and moved
 * events (stage 8) read them; timed into profile.continuous.
 *
 * The solver moves bodies in discrete substeps; speculative contacts stop ordinary motion, but only for pairs the
 * broadphase found at the start of the step. A body that moves further in one step than its own thickness can jump
 * over a thin wall it had no contact with. So each awake dynamic body whose motion this step exceeds
 * the world's continuousSafetyFactor × its minimum extent (finalize lists them in sd.fastBodies, see isFastBody) is swept from its start
 * pose (center0, and the rotation before the solver's Δq) to its end pose against static shapes by time of impact;
 * bullets (BodyFlag.bullet) also against kinematic and non-bullet dynamic bodies at their final poses (so the
 * non-bullet fast bodies are settled first). A body that would hit something is moved back to the pose at the
 * earliest time of impact, one linear slop from the surface, keeping its velocity: the next step's speculative
 * contact then stops or deflects it. It loses the rest of this step's motion (as in Box2D v3, whose continuous
 * solve this follows). The filter is the broadphase's (shouldCollide) plus joints' collideConnected; sensors are
 * neither swept nor swept against, and a one-way shape lets through what comes from its closed side (one-way.ts).
 *
 * When a shape already touches what it is swept against at the start (a fast body sliding along the ground), the
 * time of impact is 0 and would pin it. Then, as Box2D, a small circle around the shape's centroid (a quarter of its
 * minimum extent in radius) is swept instead: it only keeps the body from passing through. If even that circle
 * starts at the surface (the contact solver let the shape sink in deep, as a body spun up to the rotation cap can),
 * the bare centroid is swept; and if that too starts at the surface and the step carries it into the surface by
 * more than the linear slop, the body is held at its start pose. Box2D stops after the circle; the two further
 * levels cost nothing unless reached, and stop a spinning plank from pivoting through a thin wall.
 *
 * Slow scenes pay a few multiplies per awake body inside finalize's loop and nothing here.
 */

/** Radius of the fallback centroid circle, as a fraction of the shape's minimum extent (Box2D's core fraction). */
export const CORE_FRACTION = 0.25;

// Scratch (the stage runs to completion, so one set serves every world).
const sweepFast = createSweep();
const sweepOther = createSweep();
const localFast = new Float64Array(CORE_SIZE);
const localPoint = new Float64Array(CORE_SIZE);
const localOther = new Float64Array(CORE_SIZE);
const identity = new Float64Array([0, 0, 1, 0]);
const toiIn = createToiInput();
const toiOut = createToiOutput();
// [best fraction so far], and the pose written back.
const best = new Float64Array(1);
const pose = new Float64Array(6);
// Swept box of one shape; AABB at the start pose; shape extent.
const box = new Float64Array(4);
const box0 = new Float64Array(4);
const extent = new Float64Array(1);
// The rewound body's fat-box margin.
const margin = new Float64Array(1);
// The fast shape's centroid at the start and at the end of the step: x1, y1, x2, y2 (for chain segments and one-way
// shapes).
const centroids = new Float64Array(4);
const candidates = new IntBuffer();
// For the pre-solve callback: the fraction of an impact, the pair's poses there (A's then B's) and their manifold.
const fraction = new Float64Array(1);
const impactPose = new Float64Array(6);
const pair = new Float64Array(8);
const impact = createManifold();

/** Sweeps the fast bodies finalize listed (sd.fastBodies); see the file comment. Respects `enableContinuous`. */
export function solveContinuous(p: PhysicsState): void {
  const sd = p.solverData;
  const list = sd.fastBodies;
  if (!p.enableContinuous || list.count === 0) return;
  const integ = sd.integration;
  const flags = p.bodies.flags;
  const n = list.count;
  // Stop one linear slop short of the surface, within a quarter of it (the time of impact's defaults in metres).
  const slop = p.tolerances[TOL_LINEAR_SLOP];
  toiIn[TOI_IN_TARGET] = slop;
  toiIn[TOI_IN_TOLERANCE] = 0.25 * slop;
  let bullets = 0;
  for (let k = 0; k < n; k++) {
    const i = list.data[k];
    const eid = integ[i * BI_STRIDE + BI_EID];
    if ((flags[eid] & BodyFlag.bullet) !== 0) bullets++;
    else sweepBody(p, eid, i * BS_STRIDE, false);
  }
  if (bullets === 0) return;
  // Bullets last: they are swept against the other bodies' final poses.
  for (let k = 0; k < n; k++) {
    const i = list.data[k];
    const eid = integ[i * BI_STRIDE + BI_EID];
    if ((flags[eid] & BodyFlag.bullet) !== 0) sweepBody(p, eid, i * BS_STRIDE, true);
  }
}

/** Sweeps every non-sensor shape of body `eid` (solver state at offset o) and rewinds it to the earliest impact. */
function sweepBody(p: PhysicsState, eid: number, o: number, bullet: boolean): void {
  const b = p.bodies;
  const t = b.transform;
  const s = p.shapes;
  const g = s.geometry;
  const states = p.solverData.states;
  // Sweep from the start of the step: centre center0, rotation q1·conj(Δq).
  const q1c = t.c[eid];
  const q1s = t.s[eid];
  const dqc = states[o + BS_DQC];
  const dqs = states[o + BS_DQS];
  const sw = sweepFast;
  sw[SWEEP_LOCAL_CENTER_X] = b.localCenterX[eid];
  sw[SWEEP_LOCAL_CENTER_Y] = b.localCenterY[eid];
  sw[SWEEP_C0X] = b.center0X[eid];
  sw[SWEEP_C0Y] = b.center0Y[eid];
  sw[SWEEP_Q0C] = q1c * dqc + q1s * dqs;
  sw[SWEEP_Q0S] = q1s * dqc - q1c * dqs;
  sw[SWEEP_C1X] = b.centerX[eid];
  sw[SWEEP_C1Y] = b.centerY[eid];
  sw[SWEEP_Q1C] = q1c;
  sw[SWEEP_Q1S] = q1s;
  // Start pose, for the swept boxes.
  sweepStartPose(sw, pose);
  best[0] = 1;
  const trees = p.broadphase.trees;
  for (let sh = b.shapeHead[eid]; sh !== -1; sh = s.next[sh]) {
    if (s.sensor[sh] === 1) continue;
    computeShapeAABB(g, sh, pose, box0, 0);
    const ao = sh * AABB_STRIDE;
    const aabb = s.aabb; // the end pose's box (finalize refitted it)
    box[0] = Math.min(box0[0], aabb[ao]);
    box[1] = Math.min(box0[1], aabb[ao + 1]);
    box[2] = Math.max(box0[2], aabb[ao + 2]);
    box[3] = Math.max(box0[3], aabb[ao + 3]);
    candidates.clear();
    // The array form: four doubles passed to a call V8 does not inline are four allocations (smash allocated
    // ~450 kB per step here, one sweep per fast box).
    trees[TREE_STATIC].queryBox(box, 0, candidates);
    if (bullet) trees[TREE_MOVABLE].queryBox(box, 0, candidates);
    if (candidates.count === 0) continue;
    loadCore(g, sh, identity, localFast);
    localPoint[CORE_COUNT] = 0; // the fallback circle is built on first use
    const lx = g.centroid[2 * sh];
    const ly = g.centroid[2 * sh + 1];
    centroids[0] = pose[0] + pose[2] * lx - pose[3] * ly;
    centroids[1] = pose[1] + pose[3] * lx + pose[2] * ly;
    centroids[2] = t.x[eid] + q1c * lx - q1s * ly;
    centroids[3] = t.y[eid] + q1s * lx + q1c * ly;
    for (let k = 0; k < candidates.count && best[0] > 0; k++) {
      const other = candidates.data[k];
      if (!sweepable(p, sh, other)) continue;
      if (g.type[other] === ShapeType.chainSegment && chainLetsPass(p, eid, other)) continue;
      if (oneWayLetsPass(p, other, centroids)) continue;
      sweepAgainst(p, sh, other);
    }
  }
  if (best[0] >= 1) return;
  rewind(p, eid);
}

/** The collision filter of the broadphase, plus: no sensors, no bullets hit by bullets, no joined bodies. */
function sweepable(p: PhysicsState, fast: number, other: number): boolean {
  const s = p.shapes;
  if (s.sensor[other] === 1) return false;
  const body = s.body[other];
  const b = p.bodies;
  if (b.type[body] === BodyType.dynamic && (b.flags[body] & BodyFlag.bullet) !== 0) return false;
  if (!shouldCollide(p, fast, other)) return false;
  return jointsAllowCollision(p, s.body[fast], body);
}

/**
 * Chain segments are one-sided: a fast shape whose centroid starts behind one (the side opposite its normal 0)
 * passes, and so does one moving mostly along it and ending clear of it by a quarter of the body's minimum extent:
 * sliding fast over terrain would otherwise stop at every segment's time of impact (Box2D v3's rule).
 */
function chainLetsPass(p: PhysicsState, fastBody: number, segment: number): boolean {
  const g = p.shapes.geometry;
  const body = p.shapes.body[segment];
  const t = p.bodies.transform;
  const c = t.c[body];
  const sn = t.s[body];
  const base = g.slot[segment] * GEOMETRY_STRIDE;
  const px = g.verts[base];
  const py = g.verts[base + 1];
  const nx = g.normals[base];
  const ny = g.normals[base + 1];
  const p1x = t.x[body] + c * px - sn * py;
  const p1y = t.y[body] + sn * px + c * py;
  const wnx = c * nx - sn * ny;
  const wny = sn * nx + c * ny;
  const separation1 = wnx * (centroids[0] - p1x) + wny * (centroids[1] - p1y);
  const separation2 = wnx * (centroids[2] - p1x) + wny * (centroids[3] - p1y);
  const clear = CORE_FRACTION * p.bodies.minExtent[fastBody];
  return separation1 < 0 || (separation1 - separation2 < clear && separation2 > clear);
}

/** Time of impact of fast shape `sh` (sweepFast, localFast) against shape `other` at its final pose; keeps the minimum in best[0]. */
function sweepAgainst(p: PhysicsState, sh: number, other: number): void {
  const s = p.shapes;
  const g = s.geometry;
  const b = p.bodies;
  const t = b.transform;
  const body = s.body[other];
  const so = sweepOther;
  so[SWEEP_LOCAL_CENTER_X] = b.localCenterX[body];
  so[SWEEP_LOCAL_CENTER_Y] = b.localCenterY[body];
  so[SWEEP_C0X] = so[SWEEP_C1X] = b.centerX[body];
  so[SWEEP_C0Y] = so[SWEEP_C1Y] = b.centerY[body];
  so[SWEEP_Q0C] = so[SWEEP_Q1C] = t.c[body];
  so[SWEEP_Q0S] = so[SWEEP_Q1S] = t.s[body];
  loadCore(g, other, identity, localOther);
  toiIn[TOI_IN_MAX_FRACTION] = best[0];
  timeOfImpact(localOther, so, localFast, sweepFast, toiIn, toiOut);
  let f = toiOut[TOI_FRACTION];
  if (f === 0) {
    // Touching at the start: sweep the small centroid circle instead (see the file comment).
    if (localPoint[CORE_COUNT] === 0) {
      computeShapeMinExtent(g, sh, extent, 0);
      localPoint[CORE_COUNT] = 1;
      localPoint[CORE_RADIUS] = CORE_FRACTION * extent[0];
      localPoint[CORE_VERTS] = g.centroid[2 * sh];
      localPoint[CORE_VERTS + 1] = g.centroid[2 * sh + 1];
    }
    timeOfImpact(localOther, so, localPoint, sweepFast, toiIn, toiOut);
    f = toiOut[TOI_FRACTION];
    if (f === 0) {
      // Even the centroid circle is already at the surface (the shape sank in deep): keep at least the centroid
      // itself from crossing the other shape's surface.
      const r = localPoint[CORE_RADIUS];
      localPoint[CORE_RADIUS] = 0;
      timeOfImpact(localOther, so, localPoint, sweepFast, toiIn, toiOut);
      localPoint[CORE_RADIUS] = r;
      f = toiOut[TOI_FRACTION];
      if (f === 0) {
        // The centroid is at the surface and would be carried into it (by more than the slop: not a slide along
        // it): hold the body where it started.
        const n =
          (centroids[2] - centroids[0]) * toiOut[TOI_NORMAL_X] + (centroids[3] - centroids[1]) * toiOut[TOI_NORMAL_Y];
        if (toiOut[TOI_STATE] !== TOI_STATE_HIT || n >= -p.tolerances[TOL_LINEAR_SLOP]) f = 1;
      }
    }
  }
  if (f < best[0] && (p.preSolve === null || impactKept(p, sh, other, f))) best[0] = f;
}

/**
 * Whether the pre-solve callback keeps the impact of fast shape `sh` with shape `other` at fraction `f` of the sweep
 * (core's setPreSolve): asked with the manifold at that pose, the shapes in contact order, as Box2D v3 does.
 */
function impactKept(p: PhysicsState, sh: number, other: number, f: number): boolean {
  const g = p.shapes.geometry;
  const t = p.bodies.transform;
  const body = p.shapes.body[other];
  fraction[0] = f;
  sweepPose(sweepFast, fraction, 0, impactPose);
  const fastFirst = isPrimaryPair(g.type[sh], g.type[other]);
  const a = fastFirst ? sh : other;
  const b = fastFirst ? other : sh;
  const fo = fastFirst ? 0 : 4;
  const oo = fastFirst ? 4 : 0;
  pair[fo] = impactPose[0];
  pair[fo + 1] = impactPose[1];
  pair[fo + 2] = impactPose[2];
  pair[fo + 3] = impactPose[3];
  pair[oo] = t.x[body];
  pair[oo + 1] = t.y[body];
  pair[oo + 2] = t.c[body];
  pair[oo + 3] = t.s[body];
  collideFunctions[g.type[a] * SHAPE_TYPE_COUNT + g.type[b]](g, a, b, pair, impact);
  return preSolveImpact(p, a, b, pair, impact);
}

/**
 * Moves body `eid` to its sweep's pose at best[0], keeping its velocity, and refits its shapes' boxes: a proxy is
 * re-inserted when its fat box does not hold the tight box grown by the speculative distance, so the next pair
 * update finds what the body is about to touch.
 */
function rewind(p: PhysicsState, eid: number): void {
  const b = p.bodies;
  const t = b.transform;
  sweepPose(sweepFast, best, 0, pose);
  t.x[eid] = pose[0];
  t.y[eid] = pose[1];
  t.c[eid] = pose[2];
  t.s[eid] = pose[3];
  b.centerX[eid] = pose[4];
  b.centerY[eid] = pose[5];
  b.center0X[eid] = pose[4];
  b.center0Y[eid] = pose[5];
  const s = p.shapes;
  const aabb = s.aabb;
  const trees = p.broadphase.trees;
  const m = p.tolerances[TOL_SPECULATIVE];
  for (let sh = b.shapeHead[eid]; sh !== -1; sh = s.next[sh]) {
    const ao = sh * AABB_STRIDE;
    const fo = ao + AABB_FAT;
    computeShapeAABB(s.geometry, sh, pose, aabb, ao);
    if (
      aabb[fo] <= aabb[ao] - m &&
      aabb[fo + 1] <= aabb[ao + 1] - m &&
      aabb[fo + 2] >= aabb[ao + 2] + m &&
      aabb[fo + 3] >= aabb[ao + 3] + m
    )
      continue;
    const tree = trees[s.tree[sh]];
    const proxy = s.proxy[sh];
    fatMarginInto(b.minExtent, eid, p.tolerances, margin, 0);
    // The tree's box at the last narrowphase is remembered before the shape's copy and the tree take the new one.
    bufferMoveFrom(p, sh, tree, proxy);
    const f = margin[0];
    aabb[fo] = aabb[ao] - f;
    aabb[fo + 1] = aabb[ao + 1] - f;
    aabb[fo + 2] = aabb[ao + 2] + f;
    aabb[fo + 3] = aabb[ao + 3] + f;
    tree.moveProxyFat(proxy, aabb, fo);
  }
}
