import { IntBuffer } from '../storage/int-buffer.js';
import { CAST_ARGS_SIZE, CAST_OUTPUT_SIZE } from '../collision/core-cast.js';
import { GeometryStore } from '../geometry/geometry-store.js';
import type { PhysicsState } from '../state/physics-state.js';
import { RayHits, ShapeHits } from './query-results.js';
import { createCore, DISTANCE_OUTPUT_SIZE } from '../collision/shape-distance.js';
import type { ShapeId } from '../handles.js';

/**
 * Per-world scratch of the queries, created on a world's first query and kept (in a WeakMap keyed by the world's
 * PhysicsState, so it goes when the world goes). Everything a query needs per visited node or shape lives here, so a
 * query allocates nothing once the buffers have grown to the largest result seen. Per world, not module-global, so
 * two worlds share nothing.
 */
export class QueryScratch {
  /** Broadphase candidates (shape rows) of the current query. */
  readonly candidates = new IntBuffer(64);
  /** Ray of the current cast: [originX, originY, dx, dy, maxFraction]. */
  readonly rayArgs = new Float64Array(5);
  /** rayCastGeometry output: [fraction, pointX, pointY, normalX, normalY]. */
  readonly ray = new Float64Array(5);
  /** Hits of the array-returning query forms, before they become objects. */
  readonly rayHits = new RayHits();
  readonly shapeHits = new ShapeHits();
  /** Row 0 holds the query geometry of overlapShape / castShape. */
  readonly geometry = new GeometryStore();
  /** Resolved filter: [categoryBits, maskBits] and [ignoreBody, includeSensors]. */
  readonly filterBits = new Uint32Array(2);
  readonly filterInts = new Int32Array(2);
  /** Resolved filter.ignoreBody as a body handle (NaN for none; handles may exceed 2³¹, hence float64). */
  readonly filterIgnore = new Float64Array(1);
  /** Resolved filter.predicate (null: none). */
  predicate: ((shape: ShapeId) => boolean) | null = null;
  /** A box [minX, minY, maxX, maxY] and a pose [x, y, cos, sin]. */
  readonly box = new Float64Array(4);
  /** A visited shape's bounding box. */
  readonly shapeBox = new Float64Array(4);
  readonly pose = new Float64Array(4);
  /** A world shape's pose. */
  readonly shapePose = new Float64Array(4);
  /** Query point [x, y]. */
  readonly point = new Float64Array(2);
  /** Cores of the query shape (A) and the visited shape (B), and their distance. */
  readonly coreA = createCore();
  readonly coreB = createCore();
  readonly distance = new Float64Array(DISTANCE_OUTPUT_SIZE);
  /** Cast arguments (CAST_* of collision/core-cast.ts). */
  readonly castArgs = new Float64Array(CAST_ARGS_SIZE);
  /** The query shape's core moved along a cast. */
  readonly coreMoved = createCore();
  /** Cast result of one pair (CAST_OUT_*): [fraction, pointX, pointY, normalX, normalY]. */
  readonly cast = new Float64Array(CAST_OUTPUT_SIZE);
  /** Best shape-cast hit so far, same layout. */
  readonly bestCast = new Float64Array(CAST_OUTPUT_SIZE);
}

const scratchByWorld = new WeakMap<PhysicsState, QueryScratch>();

export function getQueryScratch(p: PhysicsState): QueryScratch {
  let q = scratchByWorld.get(p);
  if (q === undefined) {
    q = new QueryScratch();
    q.geometry.reserve(1);
    scratchByWorld.set(p, q);
  }
  return q;
}
