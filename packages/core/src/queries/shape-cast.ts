import type { ShapeGeometry } from '../geometry/shape-geometry.js';
import type { BodyId, ShapeId } from '../handles.js';
import { getPhysics, type PhysicsState, type PhysicsWorld } from '../state/physics-state.js';
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
import { RayHits, hitsToResults } from './query-results.js';
import { PhysicsError } from '../errors.js';
import { loadCore } from '../collision/shape-distance.js';
import {
  CAST_MAX_FRACTION,
  CAST_SLIDE,
  CAST_TARGET_GAP,
  CAST_TRANSLATION_X,
  CAST_TRANSLATION_Y,
  castCore,
} from '../collision/core-cast.js';

/**
 * Shape cast: the query shape moves by `translation` (no rotation) from `transform`; the result is the first shape
 * it touches. Each candidate pair is cast exactly by collision/core-cast.ts (conservative advancement on the exact
 * distance, which under translation never passes the first contact).
 */

export { CAST_MAX_ITERATIONS, CAST_TOLERANCE } from '../collision/core-cast.js';

/**
 * A shape-cast hit. `normal` is the unit surface normal of the hit shape at `point` (it faces the moving shape);
 * `point` is on the hit shape's surface; `fraction` is the part of the translation travelled before contact.
 * A query shape that already overlaps a shape reports it with fraction 0; when their cores overlap there is no
 * separating direction, so the normal is then against the translation and the point only a point near the overlap.
 */
export interface ShapeCastResult {
  body: BodyId;
  shape: ShapeId;
  point: { x: number; y: number };
  normal: { x: number; y: number };
  fraction: number;
}

/**
 * Validates a shape cast, loads the query shape and the cast arguments into `q`, and collects the candidate shape
 * rows the swept box (the start box grown by the translation) touches.
 */
function gatherCast(
  p: PhysicsState,
  q: QueryScratch,
  geometry: ShapeGeometry,
  transform: QueryTransform,
  translation: QueryVec2,
  filter: QueryFilter | undefined,
): void {
  checkQueryVec2(translation, 'translation');
  loadQueryShape(q, geometry, transform);
  resolveFilter(p, q, filter);
  const tx = translation.x,
    ty = translation.y;
  const args = q.castArgs;
  args[CAST_TRANSLATION_X] = tx;
  args[CAST_TRANSLATION_Y] = ty;
  args[CAST_TARGET_GAP] = 0;
  args[CAST_SLIDE] = 0;
  const b = q.box;
  if (tx < 0) b[0] = b[0] + tx;
  else b[2] = b[2] + tx;
  if (ty < 0) b[1] = b[1] + ty;
  else b[3] = b[3] + ty;
  gatherBoxCandidates(p, q);
}

/** Every shape the cast hits, into `hits` (cleared first; sorted by fraction, ties in shape order). */
function fillCastHits(p: PhysicsState, q: QueryScratch, hits: RayHits): void {
  hits.clear();
  const args = q.castArgs;
  const n = q.candidates.count;
  for (let i = 0; i < n; i++) {
    const row = q.candidates.data[i];
    if (!passesFilter(p, q, row)) continue;
    args[CAST_MAX_FRACTION] = 1;
    if (castAgainst(p, q, row)) hits.push(p.bodies.handle[p.shapes.body[row]], shapeHandle(p, row), q.cast);
  }
  hits.sort();
}

/**
 * Time of impact of q.coreA (the query shape at q.pose, moving by q.castArgs) against shape row `row`, at most
 * q.castArgs[CAST_MAX_FRACTION]. On a hit writes q.cast (CAST_OUT_*) and returns true.
 */
function castAgainst(p: PhysicsState, q: QueryScratch, row: number): boolean {
  const shapePose = q.shapePose;
  loadShapePose(p, row, shapePose);
  loadCore(p.shapes.geometry, row, shapePose, q.coreB);
  return castCore(q.coreA, q.coreB, q.castArgs, q.coreMoved, q.distance, q.cast);
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
  gatherCast(p, q, geometry, transform, translation, filter);
  const args = q.castArgs;
  const best = q.bestCast;
  let bestRow = -1;
  let bestShape = 0 as ShapeId;
  const n = q.candidates.count;
  for (let i = 0; i < n; i++) {
    const row = q.candidates.data[i];
    if (!passesFilter(p, q, row)) continue;
    args[CAST_MAX_FRACTION] = bestRow === -1 ? 1 : best[0];
    if (!castAgainst(p, q, row)) continue;
    const f = q.cast[0];
    const handle = shapeHandle(p, row);
    // Equal fractions go to the shape first in shape order: the larger handle (state/shape-handle.ts).
    if (bestRow === -1 || f < best[0] || (f === best[0] && handle > bestShape)) {
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

/**
 * Every shape hit by `geometry` moving from `transform` by `translation` (no rotation), each at its first contact,
 * sorted by fraction (ties in shape order): Box2D's b2World_CastShape with a callback that keeps every hit. A shape
 * the query shape already overlaps is hit at fraction 0 (see ShapeCastResult). With `out`, that array is filled
 * instead of a new one (its length set to the hit count, its objects reused); castShapeAllInto allocates nothing.
 *
 * @throws PhysicsError `INVALID_ARGUMENT` for a geometry not made by the make* constructors, a non-finite transform
 *   or translation, a bad filter or an `out` that is not an array.
 */
export function castShapeAll(
  world: PhysicsWorld,
  geometry: ShapeGeometry,
  transform: QueryTransform,
  translation: QueryVec2,
  filter?: QueryFilter,
  out?: ShapeCastResult[],
): ShapeCastResult[] {
  if (out !== undefined && !Array.isArray(out)) {
    throw new PhysicsError('INVALID_ARGUMENT', `out must be an array, got ${String(out)}`);
  }
  const p = getPhysics(world);
  const q = getQueryScratch(p);
  gatherCast(p, q, geometry, transform, translation, filter);
  const hits = q.rayHits;
  fillCastHits(p, q, hits);
  return hitsToResults(hits, out ?? []);
}

/**
 * As castShapeAll, into a caller-owned RayHits buffer (the same columns a ray hit has: body, shape, fraction, point,
 * normal), cleared first. Returns the hit count. Allocates nothing once the buffer has grown to the largest result.
 *
 * @throws PhysicsError as castShapeAll, and `INVALID_ARGUMENT` unless `hits` is a RayHits buffer.
 */
export function castShapeAllInto(
  world: PhysicsWorld,
  geometry: ShapeGeometry,
  transform: QueryTransform,
  translation: QueryVec2,
  hits: RayHits,
  filter?: QueryFilter,
): number {
  if (!(hits instanceof RayHits)) throw new PhysicsError('INVALID_ARGUMENT', 'hits must be a RayHits buffer');
  const p = getPhysics(world);
  const q = getQueryScratch(p);
  gatherCast(p, q, geometry, transform, translation, filter);
  fillCastHits(p, q, hits);
  return hits.count;
}
