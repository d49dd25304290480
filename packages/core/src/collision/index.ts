export * from './manifold.js';
export { finishManifold, flipManifold } from './manifold-output.js';
export { segmentDistance } from './segment-distance.js';
export { collideCircles } from './collide-circles.js';
export { collideCapsuleAndCircle } from './collide-capsule-circle.js';
export { collideCapsules } from './collide-capsules.js';
export { collideChainSegmentAndCircle } from './collide-chain-circle.js';
export { collideChainSegmentAndPolygon } from './collide-chain-polygon.js';
export { collidePolygonAndCircle } from './collide-polygon-circle.js';
export { collidePolygons } from './collide-polygons.js';
export {
  type CollideFn,
  collideFunctions,
  collideNothing,
  collideShapes,
  isPrimaryPair,
  primaryPair,
} from './collide-table.js';
export * from './time-of-impact.js';
export {
  castCore,
  CAST_ARGS_SIZE,
  CAST_MAX_FRACTION,
  CAST_OUT_FRACTION,
  CAST_OUT_NORMAL_X,
  CAST_OUT_NORMAL_Y,
  CAST_OUT_POINT_X,
  CAST_OUT_POINT_Y,
  CAST_OUTPUT_SIZE,
  CAST_SLIDE,
  CAST_TARGET_GAP,
  CAST_TRANSLATION_X,
  CAST_TRANSLATION_Y,
} from './core-cast.js';
export * from './mover-plane.js';
export { MoverPlanes } from './mover-planes.js';
export * from './plane-solver.js';
