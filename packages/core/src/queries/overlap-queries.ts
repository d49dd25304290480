import { computeShapeAABB } from '../geometry/aabb.js';
import type { ShapeGeometry } from '../geometry/shape-geometry.js';
import { writeGeometry } from '../geometry/write-geometry.js';
import { PhysicsError } from '../errors.js';
import type { ShapeId } from '../handles.js';
import { getPhysics, type PhysicsState, type PhysicsWorld } from '../state/physics-state.js';
import {
  checkQueryGeometry,
  checkQueryVec2,
  gatherBoxCandidates,
  loadQueryTransform,
  loadShapePose,
  shapeHandle,
  type QueryTransform,
  type QueryVec2,
} from './query-common.js';
import { passesFilter, resolveFilter, type QueryFilter } from './query-filter.js';
import { ShapeHits } from './query-results.js';
import { getQueryScratch, type QueryScratch } from './query-scratch.js';
import { CORE_RADIUS, coreDistance, D_DISTANCE, loadCore, loadPointCore } from '../collision/shape-distance.js';

/**
 * Overlap queries. Each reports shapes (handles, in shape order: see ShapeId; so the order does not depend on the tree's
 * history); the body of each is in the ShapeHits buffer or via getShapeBody. Touching counts as overlapping.
 *  - overlapAABB: shapes whose tight bounding box (at the bodies' current transforms) touches the box. This is the
 *    cheap broad test Box2D's OverlapAABB makes; for the exact "shape touches this box" use overlapShape with makeBox.
 *  - overlapPoint: shapes that contain the point, rounding radius included.
 *  - overlapShape: shapes at distance 0 from the query shape (shape-distance.ts: exact, rounding included).
 */

/** An axis-aligned box, world (m). */
export interface QueryAABB {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

type Test = (p: PhysicsState, q: QueryScratch, row: number) => boolean;

/** Runs the exact test over q.candidates into `hits` (cleared first, in shape order). */
function collect(p: PhysicsState, q: QueryScratch, test: Test, hits: ShapeHits): void {
  hits.clear();
  const n = q.candidates.count;
  for (let i = 0; i < n; i++) {
    const row = q.candidates.data[i];
    if (passesFilter(p, q, row) && test(p, q, row)) hits.push(p.bodies.handle[p.shapes.body[row]], shapeHandle(p, row));
  }
  hits.sort();
}

function toArray(hits: ShapeHits, out: ShapeId[] | undefined): ShapeId[] {
  if (out !== undefined && !Array.isArray(out)) {
    throw new PhysicsError('INVALID_ARGUMENT', `out must be an array, got ${String(out)}`);
  }
  const result = out ?? [];
  const n = hits.count;
  for (let i = 0; i < n; i++) result[i] = hits.shape[i];
  result.length = n;
  return result;
}

function checkHits(hits: ShapeHits): void {
  if (!(hits instanceof ShapeHits)) throw new PhysicsError('INVALID_ARGUMENT', 'hits must be a ShapeHits buffer');
}

// ---- AABB ---------------------------------------------------------------------------------------------------------

function aabbTest(p: PhysicsState, q: QueryScratch, row: number): boolean {
  const pose = q.shapePose;
  const b = q.box;
  const a = q.shapeBox;
  loadShapePose(p, row, pose);
  computeShapeAABB(p.shapes.geometry, row, pose, a, 0);
  return !(a[0] > b[2] || a[2] < b[0] || a[1] > b[3] || a[3] < b[1]);
}

function runAABB(
  p: PhysicsState,
  q: QueryScratch,
  aabb: QueryAABB,
  filter: QueryFilter | undefined,
  hits: ShapeHits,
): void {
  if (aabb === null || typeof aabb !== 'object') {
    throw new PhysicsError('INVALID_ARGUMENT', `aabb must be a { minX, minY, maxX, maxY } object, got ${String(aabb)}`);
  }
  const { minX, minY, maxX, maxY } = aabb;
  if (!(
    Number.isFinite(minX) &&
    Number.isFinite(minY) &&
    Number.isFinite(maxX) &&
    Number.isFinite(maxY) &&
    minX <= maxX &&
    minY <= maxY
  )) {
    throw new PhysicsError(
      'INVALID_ARGUMENT',
      `aabb must be finite with min <= max, got [${minX}, ${minY}] - [${maxX}, ${maxY}]`,
    );
  }
  resolveFilter(p, q, filter);
  const b = q.box;
  b[0] = minX;
  b[1] = minY;
  b[2] = maxX;
  b[3] = maxY;
  gatherBoxCandidates(p, q);
  collect(p, q, aabbTest, hits);
}

/** Shapes whose bounding box touches `aabb`, as handles in shape order (into `out` when given). */
export function overlapAABB(world: PhysicsWorld, aabb: QueryAABB, filter?: QueryFilter, out?: ShapeId[]): ShapeId[] {
  const p = getPhysics(world);
  const q = getQueryScratch(p);
  runAABB(p, q, aabb, filter, q.shapeHits);
  return toArray(q.shapeHits, out);
}

/** As overlapAABB, into a caller-owned ShapeHits buffer; returns the count. Allocation-free once grown. */
export function overlapAABBInto(world: PhysicsWorld, aabb: QueryAABB, hits: ShapeHits, filter?: QueryFilter): number {
  checkHits(hits);
  const p = getPhysics(world);
  runAABB(p, getQueryScratch(p), aabb, filter, hits);
  return hits.count;
}

// ---- point --------------------------------------------------------------------------------------------------------

function distanceTest(p: PhysicsState, q: QueryScratch, row: number): boolean {
  const pose = q.shapePose;
  loadShapePose(p, row, pose);
  loadCore(p.shapes.geometry, row, pose, q.coreB);
  coreDistance(q.coreA, q.coreB, q.distance);
  return q.distance[D_DISTANCE] <= q.coreA[CORE_RADIUS] + q.coreB[CORE_RADIUS];
}

function runPoint(
  p: PhysicsState,
  q: QueryScratch,
  point: QueryVec2,
  filter: QueryFilter | undefined,
  hits: ShapeHits,
): void {
  checkQueryVec2(point, 'point');
  resolveFilter(p, q, filter);
  const pt = q.point;
  pt[0] = point.x;
  pt[1] = point.y;
  loadPointCore(pt, q.coreA);
  const b = q.box;
  b[0] = b[2] = point.x;
  b[1] = b[3] = point.y;
  gatherBoxCandidates(p, q);
  collect(p, q, distanceTest, hits);
}

/** Shapes that contain `point` (rounding radius included; the boundary counts), as handles in shape order. */
export function overlapPoint(world: PhysicsWorld, point: QueryVec2, filter?: QueryFilter, out?: ShapeId[]): ShapeId[] {
  const p = getPhysics(world);
  const q = getQueryScratch(p);
  runPoint(p, q, point, filter, q.shapeHits);
  return toArray(q.shapeHits, out);
}

/** As overlapPoint, into a caller-owned ShapeHits buffer; returns the count. */
export function overlapPointInto(world: PhysicsWorld, point: QueryVec2, hits: ShapeHits, filter?: QueryFilter): number {
  checkHits(hits);
  const p = getPhysics(world);
  runPoint(p, getQueryScratch(p), point, filter, hits);
  return hits.count;
}

// ---- shape --------------------------------------------------------------------------------------------------------

/**
 * Validates a query geometry and pose, writes the geometry into the scratch store (row 0), its world core into
 * q.coreA, its pose into q.pose and its bounding box into q.box.
 */
export function loadQueryShape(q: QueryScratch, geometry: ShapeGeometry, transform: QueryTransform): void {
  checkQueryGeometry(geometry);
  loadQueryTransform(transform, q.pose);
  writeGeometry(q.geometry, 0, geometry, false);
  loadCore(q.geometry, 0, q.pose, q.coreA);
  computeShapeAABB(q.geometry, 0, q.pose, q.box, 0);
}

function runShape(
  p: PhysicsState,
  q: QueryScratch,
  geometry: ShapeGeometry,
  transform: QueryTransform,
  filter: QueryFilter | undefined,
  hits: ShapeHits,
): void {
  loadQueryShape(q, geometry, transform);
  resolveFilter(p, q, filter);
  gatherBoxCandidates(p, q);
  collect(p, q, distanceTest, hits);
}

/**
 * Shapes that overlap (or touch) `geometry` placed at `transform`, as handles in shape order. Any geometry from the make*
 * constructors works, rounding included; a segment overlaps what it crosses.
 */
export function overlapShape(
  world: PhysicsWorld,
  geometry: ShapeGeometry,
  transform: QueryTransform,
  filter?: QueryFilter,
  out?: ShapeId[],
): ShapeId[] {
  const p = getPhysics(world);
  const q = getQueryScratch(p);
  runShape(p, q, geometry, transform, filter, q.shapeHits);
  return toArray(q.shapeHits, out);
}

/** As overlapShape, into a caller-owned ShapeHits buffer; returns the count. */
export function overlapShapeInto(
  world: PhysicsWorld,
  geometry: ShapeGeometry,
  transform: QueryTransform,
  hits: ShapeHits,
  filter?: QueryFilter,
): number {
  checkHits(hits);
  const p = getPhysics(world);
  runShape(p, getQueryScratch(p), geometry, transform, filter, hits);
  return hits.count;
}
