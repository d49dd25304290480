import { rayCastShapePose } from '../geometry/ray-cast.js';
import { PhysicsError } from '../errors.js';
import type { BodyId, ShapeId } from '../handles.js';
import { getPhysics, type PhysicsState, type PhysicsWorld } from '../state/physics-state.js';
import { checkQueryVec2, loadShapePose, shapeHandle, type QueryVec2 } from './query-common.js';
import { orderCandidates, passesFilter, resolveFilter, type QueryFilter } from './query-filter.js';
import { RayHits, hitsToResults } from './query-results.js';
import { getQueryScratch, type QueryScratch } from './query-scratch.js';

/**
 * Ray casts over the broadphase. The ray is origin + t · translation for t in [0, 1]; `fraction` is that t.
 *
 * A ray that starts inside a shape (or on its surface) does not hit that shape, as in Box2D: such a ray has no entry
 * point and no meaningful normal, and the usual uses (line of sight, bullets, ground probes from a body's centre)
 * want to see out of the shape they start in. Use overlapPoint to find the shapes that contain a point.
 */

/** One ray hit. `normal` is the outward unit surface normal of the hit shape at `point` (it faces the ray). */
export interface RayResult {
  body: BodyId;
  shape: ShapeId;
  point: { x: number; y: number };
  normal: { x: number; y: number };
  fraction: number;
}

/** Validates a ray and collects the candidate shape rows its segment touches in the broadphase. */
function gatherRay(
  p: PhysicsState,
  q: QueryScratch,
  origin: QueryVec2,
  translation: QueryVec2,
  filter: QueryFilter | undefined,
): void {
  checkQueryVec2(origin, 'origin');
  checkQueryVec2(translation, 'translation');
  resolveFilter(p, q, filter);
  const r = q.rayArgs;
  r[0] = origin.x;
  r[1] = origin.y;
  r[2] = translation.x;
  r[3] = translation.y;
  r[4] = 1;
  const c = q.candidates;
  c.clear();
  const trees = p.broadphase.trees;
  trees[0].rayCast(origin.x, origin.y, translation.x, translation.y, 1, c);
  trees[1].rayCast(origin.x, origin.y, translation.x, translation.y, 1, c);
  orderCandidates(p, q);
}

/** Casts the ray in q.rayArgs at the candidate at index `i` exactly; on a hit the result is in q.ray. */
function castCandidate(p: PhysicsState, q: QueryScratch, i: number): boolean {
  const row = q.candidates.data[i];
  if (!passesFilter(p, q, row)) return false;
  const pose = q.shapePose;
  loadShapePose(p, row, pose);
  return rayCastShapePose(p.shapes.geometry, row, pose, q.rayArgs, q.ray);
}

function fillHits(p: PhysicsState, q: QueryScratch, hits: RayHits): void {
  hits.clear();
  const n = q.candidates.count;
  for (let i = 0; i < n; i++) {
    if (castCandidate(p, q, i)) {
      const row = q.candidates.data[i];
      hits.push(p.bodies.handle[p.shapes.body[row]], shapeHandle(p, row), q.ray);
    }
  }
  hits.sort();
}

/**
 * The first shape along the ray (smallest fraction; on a tie the smaller shape handle), or null. Allocates only the
 * result object.
 */
export function castRayClosest(
  world: PhysicsWorld,
  origin: QueryVec2,
  translation: QueryVec2,
  filter?: QueryFilter,
): RayResult | null {
  const p = getPhysics(world);
  const q = getQueryScratch(p);
  gatherRay(p, q, origin, translation, filter);
  const best = q.bestCast;
  let bestRow = -1;
  let bestShape = 0 as ShapeId;
  const n = q.candidates.count;
  for (let i = 0; i < n; i++) {
    if (!castCandidate(p, q, i)) continue;
    const row = q.candidates.data[i];
    const f = q.ray[0];
    const handle = shapeHandle(p, row);
    // Equal fractions go to the shape first in shape order: the larger handle (state/shape-handle.ts).
    if (bestRow === -1 || f < best[0] || (f === best[0] && handle > bestShape)) {
      bestRow = row;
      bestShape = handle;
      best.set(q.ray);
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
 * Every shape the ray hits, sorted by fraction (ties in shape order). With `out`, that array is filled instead of a
 * new one (its length set to the hit count, its existing objects reused), so a caller that keeps one array
 * allocates only when the hit count grows. For a per-frame cast with no allocation at all, use castRayInto.
 */
export function castRay(
  world: PhysicsWorld,
  origin: QueryVec2,
  translation: QueryVec2,
  filter?: QueryFilter,
  out?: RayResult[],
): RayResult[] {
  if (out !== undefined && !Array.isArray(out)) {
    throw new PhysicsError('INVALID_ARGUMENT', `out must be an array, got ${String(out)}`);
  }
  const p = getPhysics(world);
  const q = getQueryScratch(p);
  gatherRay(p, q, origin, translation, filter);
  const hits = q.rayHits;
  fillHits(p, q, hits);
  return hitsToResults(hits, out ?? []);
}

/**
 * As castRay, into a caller-owned RayHits buffer (cleared first; sorted by fraction, ties in shape order). Returns
 * the hit count. Allocates nothing once the buffers have grown to the largest result seen.
 */
export function castRayInto(
  world: PhysicsWorld,
  origin: QueryVec2,
  translation: QueryVec2,
  hits: RayHits,
  filter?: QueryFilter,
): number {
  if (!(hits instanceof RayHits)) throw new PhysicsError('INVALID_ARGUMENT', 'hits must be a RayHits buffer');
  const p = getPhysics(world);
  const q = getQueryScratch(p);
  gatherRay(p, q, origin, translation, filter);
  fillHits(p, q, hits);
  return hits.count;
}
