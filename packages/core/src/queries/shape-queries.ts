import { computeShapeAABB } from '../geometry/aabb.js';
import { rayCastShapePose } from '../geometry/ray-cast.js';
import type { ShapeId } from '../handles.js';
import { shapeRow } from '../shape/shape-api.js';
import { getPhysics, type PhysicsWorld } from '../state/physics-state.js';
import {
  CORE_RADIUS,
  D_DISTANCE,
  D_POINT_AX,
  D_POINT_AY,
  D_POINT_BX,
  D_POINT_BY,
  coreDistance,
  loadCore,
  loadPointCore,
} from '../collision/shape-distance.js';
import { checkQueryVec2, loadShapePose, type QueryVec2 } from './query-common.js';
import type { QueryAABB } from './overlap-queries.js';
import type { RayResult } from './ray-queries.js';
import { getQueryScratch } from './query-scratch.js';

/*
 * Queries of one shape, at its body's current pose (Box2D's b2Shape_TestPoint, b2Shape_RayCast, b2Shape_GetAABB,
 * b2Shape_GetClosestPoint, b2ShapeDistance): exact, rounding radius included, no broadphase involved. Each allocates
 * only its result.
 */

/** The result of shapeDistance. */
export interface ShapeDistanceResult {
  /** Distance between the two shapes' surfaces (m), 0 when they touch or overlap. */
  distance: number;
  /** The point of shape A closest to shape B, world (m). */
  pointA: { x: number; y: number };
  /** The point of shape B closest to shape A, world (m). */
  pointB: { x: number; y: number };
  /** Unit vector from pointA toward pointB (from A to B); (0, 0) when the shapes' cores cross (see shapeDistance). */
  normal: { x: number; y: number };
}

/**
 * Whether `point` (world) lies in the shape, rounding included; its boundary counts.
 *
 * @throws PhysicsError `NOT_A_SHAPE` / `STALE_HANDLE` for a bad shape, `INVALID_ARGUMENT` for a non-finite point.
 */
export function testPoint(world: PhysicsWorld, shape: ShapeId, point: QueryVec2): boolean {
  const p = getPhysics(world);
  const row = shapeRow(p, shape);
  checkQueryVec2(point, 'point');
  const q = getQueryScratch(p);
  loadShapePose(p, row, q.shapePose);
  loadCore(p.shapes.geometry, row, q.shapePose, q.coreB);
  q.point[0] = point.x;
  q.point[1] = point.y;
  loadPointCore(q.point, q.coreA);
  coreDistance(q.coreA, q.coreB, q.distance);
  return q.distance[D_DISTANCE] <= q.coreB[CORE_RADIUS];
}

/**
 * The point of the shape's surface closest to `point` (world); a point inside the shape (rounding included) is its own
 * closest point.
 *
 * @throws PhysicsError `NOT_A_SHAPE` / `STALE_HANDLE` for a bad shape, `INVALID_ARGUMENT` for a non-finite point.
 */
export function getClosestPoint(world: PhysicsWorld, shape: ShapeId, point: QueryVec2): { x: number; y: number } {
  const p = getPhysics(world);
  const row = shapeRow(p, shape);
  checkQueryVec2(point, 'point');
  const q = getQueryScratch(p);
  loadShapePose(p, row, q.shapePose);
  loadCore(p.shapes.geometry, row, q.shapePose, q.coreA);
  q.point[0] = point.x;
  q.point[1] = point.y;
  loadPointCore(q.point, q.coreB);
  coreDistance(q.coreA, q.coreB, q.distance);
  const d = q.distance[D_DISTANCE];
  const r = q.coreA[CORE_RADIUS];
  if (d <= r) return { x: point.x, y: point.y };
  const ax = q.distance[D_POINT_AX];
  const ay = q.distance[D_POINT_AY];
  const k = r / d;
  return { x: ax + k * (point.x - ax), y: ay + k * (point.y - ay) };
}

/**
 * The distance between two shapes at their bodies' current poses, with the closest points and the direction from A
 * to B (Box2D's b2ShapeDistance). Shapes that touch or overlap are at distance 0; then, when their rounded parts
 * overlap, both points are the point midway between the cores' closest points, and when their cores cross (deep
 * overlap), both are a point of the overlap and the normal is (0, 0). The shapes may belong to the same body.
 *
 * @throws PhysicsError `NOT_A_SHAPE` / `STALE_HANDLE` unless both are live shapes of this world.
 */
export function shapeDistance(world: PhysicsWorld, shapeA: ShapeId, shapeB: ShapeId): ShapeDistanceResult {
  const p = getPhysics(world);
  const rowA = shapeRow(p, shapeA);
  const rowB = shapeRow(p, shapeB);
  const q = getQueryScratch(p);
  const g = p.shapes.geometry;
  loadShapePose(p, rowA, q.shapePose);
  loadCore(g, rowA, q.shapePose, q.coreA);
  loadShapePose(p, rowB, q.shapePose);
  loadCore(g, rowB, q.shapePose, q.coreB);
  const out = q.distance;
  coreDistance(q.coreA, q.coreB, out);
  const d = out[D_DISTANCE];
  const ax = out[D_POINT_AX];
  const ay = out[D_POINT_AY];
  const bx = out[D_POINT_BX];
  const by = out[D_POINT_BY];
  if (d === 0) return { distance: 0, pointA: { x: ax, y: ay }, pointB: { x: ax, y: ay }, normal: { x: 0, y: 0 } };
  const nx = (bx - ax) / d;
  const ny = (by - ay) / d;
  const rA = q.coreA[CORE_RADIUS];
  const rB = q.coreB[CORE_RADIUS];
  if (d <= rA + rB) {
    const mx = 0.5 * (ax + rA * nx + bx - rB * nx);
    const my = 0.5 * (ay + rA * ny + by - rB * ny);
    return { distance: 0, pointA: { x: mx, y: my }, pointB: { x: mx, y: my }, normal: { x: nx, y: ny } };
  }
  return {
    distance: d - rA - rB,
    pointA: { x: ax + rA * nx, y: ay + rA * ny },
    pointB: { x: bx - rB * nx, y: by - rB * ny },
    normal: { x: nx, y: ny },
  };
}

/**
 * The first point where the ray origin + t·translation (t in [0, 1]) enters the shape, or null; as castRay against
 * this one shape, with no filter (a ray starting inside the shape does not hit it).
 *
 * @throws PhysicsError `NOT_A_SHAPE` / `STALE_HANDLE` for a bad shape, `INVALID_ARGUMENT` for a non-finite origin or
 *   translation.
 */
export function rayCastShape(
  world: PhysicsWorld,
  shape: ShapeId,
  origin: QueryVec2,
  translation: QueryVec2,
): RayResult | null {
  const p = getPhysics(world);
  const row = shapeRow(p, shape);
  checkQueryVec2(origin, 'origin');
  checkQueryVec2(translation, 'translation');
  const q = getQueryScratch(p);
  const r = q.rayArgs;
  r[0] = origin.x;
  r[1] = origin.y;
  r[2] = translation.x;
  r[3] = translation.y;
  r[4] = 1;
  loadShapePose(p, row, q.shapePose);
  if (!rayCastShapePose(p.shapes.geometry, row, q.shapePose, r, q.ray)) return null;
  const hit = q.ray;
  return {
    body: p.bodies.handle[p.shapes.body[row]],
    shape,
    point: { x: hit[1], y: hit[2] },
    normal: { x: hit[3], y: hit[4] },
    fraction: hit[0],
  };
}

/**
 * The shape's tight axis-aligned bounding box at its body's current pose, world (m), rounding included.
 *
 * @throws PhysicsError `NOT_A_SHAPE` / `STALE_HANDLE` unless `shape` is a live shape of this world.
 */
export function getShapeAABB(world: PhysicsWorld, shape: ShapeId): QueryAABB {
  const p = getPhysics(world);
  const row = shapeRow(p, shape);
  const q = getQueryScratch(p);
  loadShapePose(p, row, q.shapePose);
  computeShapeAABB(p.shapes.geometry, row, q.shapePose, q.shapeBox, 0);
  const b = q.shapeBox;
  return { minX: b[0], minY: b[1], maxX: b[2], maxY: b[3] };
}
