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
