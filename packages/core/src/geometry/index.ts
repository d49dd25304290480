export { ShapeType, SHAPE_TYPE_COUNT } from './shape-type.js';
export { GeometryStore, GEOMETRY_STRIDE } from './geometry-store.js';
export { type ShapeGeometry, buildGeometry } from './shape-geometry.js';
export { computeHull } from './hull.js';
export { makeBox, makeCapsule, makeCircle, makePolygon, makeRoundedBox, makeSegment } from './make-shapes.js';
export { writeGeometry } from './write-geometry.js';
export { computeMassData } from './mass.js';
export { computeShapeAABB } from './aabb.js';
export { rayCastShape, rayCastShapePose } from './ray-cast.js';
