import type { ShapeGeometry } from '../geometry/shape-geometry.js';
import type { ShapeId } from '../shape/shape-api.js';
import { getPhysics, type PhysicsState, type PhysicsWorld } from '../world/physics-world.js';
import {
  checkQueryVec2,
  gatherBoxCandidates,
  loadShapePose,
  shapeHandle,
  type QueryTransform,
  type QueryVec2,
} from './query-common.js';
import { passesFilter, resolveFilter, type QueryFilter } from './query-filter.js';
import { loadQueryShape } from './overlap-queries.js';
import { getQueryScratch, type QueryScratch } from './query-scratch.js';
import {
  CORE_RADIUS,
  coreDistance,
  D_DISTANCE,
  D_POINT_AX,
  D_POINT_AY,
  D_POINT_BX,
  D_POINT_BY,
  loadCore,
} from './shape-distance.js';

/**
 * Shape cast: the query shape moves by `translation` (no rotation) from `transform`; the result is the first shape
 * it touches.
 *
 * Time of impact by conservative advancement on the exact distance. Under pure translation the distance
 * d(t) = dist(A + t·T, B) is a convex function of t (it is the distance from t·T to the convex set B ⊖ A), so its
 * tangent at any t lies below it: from a separated t the tangent's root, t + d / (T·n) with n the unit direction of
 * the closest points, never passes the first contact, and if T·n ≤ 0 the distance can only grow from there on: no
 * hit. This is Newton's method from the left on a convex function: it converges monotonically, in one step when the
 * contact is face-first (d linear in t), quadratically otherwise. Box2D's shape cast is the same idea with GJK.
 */

/** Stop when the shapes are this close (m). Far below anything visible; the contact is never overshot. */
export const CAST_TOLERANCE = 1e-7;
/** Iteration cap per shape pair; only grazing contacts come near it. On reaching it the current t counts as a hit. */
export const CAST_MAX_ITERATIONS = 32;
// Below this core distance (m) the closest points do not give a reliable normal and point (two sharp shapes in
// contact): they are measured with the query shape backed off by BACK_OFF (m) along the translation, and failing
// that, the normal of the last iteration that was still clearly apart is used.
const NORMAL_DISTANCE = 1e-5;
const BACK_OFF = 1e-4;

/**
 * A shape-cast hit. `normal` is the unit surface normal of the hit shape at `point` (it faces the moving shape);
 * `point` is on the hit shape's surface; `fraction` is the part of the translation travelled before contact.
 * A query shape that already overlaps a shape reports it with fraction 0; when their cores overlap there is no
 * separating direction, so the normal is then against the translation and the point only a point near the overlap.
 */
export interface ShapeCastResult {
  body: number;
  shape: ShapeId;
  point: { x: number; y: number };
  normal: { x: number; y: number };
  fraction: number;
}

/**
 * Time of impact of q.coreA (the query shape at q.pose, moving by T) against shape row `row`, at most `maxFraction`.
 * On a hit writes q.cast = [fraction, pointX, pointY, normalX, normalY] and returns true.
 */
function castAgainst(p: PhysicsState, q: QueryScratch, row: number): boolean {
  // The translation and the fraction limit come in q.castArgs, not as arguments: V8 boxes doubles passed to calls
  // it does not inline, and this runs per candidate.
  const args = q.castArgs;
  const tx = args[0],
    ty = args[1],
    maxFraction = args[2];
  const shapePose = q.shapePose;
  loadShapePose(p, row, shapePose);
  const coreB = q.coreB;
  loadCore(p.shapes.geometry, row, shapePose, coreB);
  const coreA = q.coreA;
  const rB = coreB[CORE_RADIUS];
  const radii = coreA[CORE_RADIUS] + rB;
  const pose = q.pose;
  const x0 = pose[0],
    y0 = pose[1];
  const dist = q.distance;
  const out = q.cast;
  let t = 0;
  let hit = false;
  // Normal of the last clearly separated iteration, from B towards A; against the translation until there is one.
  const len = Math.sqrt(tx * tx + ty * ty);
  let mx = len > 0 ? -tx / len : 0;
  let my = len > 0 ? -ty / len : 0;
  for (let iter = 0; ; iter++) {
    if (iter > 0) {
      pose[0] = x0 + t * tx;
      pose[1] = y0 + t * ty;
      loadCore(q.geometry, 0, pose, coreA);
    }
    coreDistance(coreA, coreB, dist);
    const core = dist[D_DISTANCE];
    const d = core - radii;
    // n: unit direction from A's closest point to B's (undefined when the cores touch).
    let nx = 0,
      ny = 0;
    if (core > 0) {
      nx = (dist[D_POINT_BX] - dist[D_POINT_AX]) / core;
      ny = (dist[D_POINT_BY] - dist[D_POINT_AY]) / core;
      if (core > NORMAL_DISTANCE) {
        mx = -nx;
        my = -ny;
      }
    }
    if (d <= CAST_TOLERANCE || iter === CAST_MAX_ITERATIONS) {
      if (t > 0 && core <= NORMAL_DISTANCE) {
        // Two sharp shapes in contact: their closest points are not unique (or the rounding made the cores touch).
        // Measure them just before the contact instead, backed off along the translation.
        const back = t - BACK_OFF / len;
        pose[0] = x0 + back * tx;
        pose[1] = y0 + back * ty;
        loadCore(q.geometry, 0, pose, coreA);
        coreDistance(coreA, coreB, dist);
        const apart = dist[D_DISTANCE];
        if (apart > 0) {
          mx = (dist[D_POINT_AX] - dist[D_POINT_BX]) / apart;
          my = (dist[D_POINT_AY] - dist[D_POINT_BY]) / apart;
        }
      }
      out[0] = t;
      out[1] = dist[D_POINT_BX] + rB * mx;
      out[2] = dist[D_POINT_BY] + rB * my;
      out[3] = mx;
      out[4] = my;
      hit = true;
      break;
    }
    const approach = tx * nx + ty * ny;
    if (approach <= 0) break; // d is convex: not decreasing from here on
    t += d / approach;
    if (t > maxFraction) break;
  }
  // Leave the query shape where it started for the next candidate.
  pose[0] = x0;
  pose[1] = y0;
  loadCore(q.geometry, 0, pose, coreA);
  return hit;
}

/**
 * The first shape hit by `geometry` moving from `transform` by `translation` (smallest fraction; ties by the smaller
 * shape handle), or null. Allocates only the result object.
 */
export function castShape(
  world: PhysicsWorld,
  geometry: ShapeGeometry,
  transform: QueryTransform,
  translation: QueryVec2,
  filter?: QueryFilter,
): ShapeCastResult | null {
  const p = getPhysics(world);
  const q = getQueryScratch(p);
  checkQueryVec2(translation, 'translation');
  loadQueryShape(q, geometry, transform);
  resolveFilter(q, filter);
  const tx = translation.x,
    ty = translation.y;
  const args = q.castArgs;
  args[0] = tx;
  args[1] = ty;
  // Swept box: the start box grown by the translation.
  const b = q.box;
  if (tx < 0) b[0] = b[0] + tx;
  else b[2] = b[2] + tx;
  if (ty < 0) b[1] = b[1] + ty;
  else b[3] = b[3] + ty;
  gatherBoxCandidates(p, q);
  const best = q.bestCast;
  let bestRow = -1;
  let bestShape = 0;
  const n = q.candidates.count;
  for (let i = 0; i < n; i++) {
    const row = q.candidates.data[i];
    if (!passesFilter(p, q, row)) continue;
    args[2] = bestRow === -1 ? 1 : best[0];
    if (!castAgainst(p, q, row)) continue;
    const f = q.cast[0];
    const handle = shapeHandle(p, row);
    if (bestRow === -1 || f < best[0] || (f === best[0] && handle < bestShape)) {
      bestRow = row;
      bestShape = handle;
      best.set(q.cast);
    }
  }
  if (bestRow === -1) return null;
  return {
    body: p.bodies.handle[p.shapes.body[bestRow]],
    shape: bestShape,
    point: { x: best[1], y: best[2] },
    normal: { x: best[3], y: best[4] },
    fraction: best[0],
  };
}
