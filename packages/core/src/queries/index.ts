// World queries over the broadphase: ray casts, overlap tests and shape casts, each with a filter.
export { defaultQueryFilter, orderCandidates, passesFilter, resolveFilter, type QueryFilter } from './query-filter.js';
export type { QueryTransform, QueryVec2 } from './query-common.js';
export { RayHits, ShapeHits } from './query-results.js';
export { castRay, castRayClosest, castRayInto, type RayResult } from './ray-queries.js';
export {
  overlapAABB,
  overlapAABBInto,
  overlapPoint,
  overlapPointInto,
  overlapShape,
  overlapShapeInto,
  type QueryAABB,
} from './overlap-queries.js';
export * from './mover-world.js';
export * from './mover-queries.js';
export { castShape, CAST_TOLERANCE, CAST_MAX_ITERATIONS, type ShapeCastResult } from './shape-cast.js';
export {
  coreDistance,
  createCore,
  loadCore,
  loadPointCore,
  CORE_COUNT,
  CORE_RADIUS,
  CORE_VERTS,
  CORE_NORMALS,
  CORE_SIZE,
  D_DISTANCE,
  D_POINT_AX,
  D_POINT_AY,
  D_POINT_BX,
  D_POINT_BY,
  DISTANCE_OUTPUT_SIZE,
} from '../collision/shape-distance.js';
