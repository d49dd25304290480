import { SHAPE_TYPE_COUNT, ShapeType } from '../geometry/shape-type.js';
import type { GeometryStore } from '../geometry/geometry-store.js';
import { collideCapsuleAndCircle } from './collide-capsule-circle.js';
import { collideChainSegmentAndCircle } from './collide-chain-circle.js';
import { collideChainSegmentAndPolygon } from './collide-chain-polygon.js';
import { collideCapsules } from './collide-capsules.js';
import { collideCircles } from './collide-circles.js';
import { collidePolygonAndCircle } from './collide-polygon-circle.js';
import { collidePolygons } from './collide-polygons.js';
import { M_COUNT } from './manifold.js';
import { flipManifold } from './manifold-output.js';

/**
 * A narrowphase routine: shape rows A and B of `g`; `pose` = [xA, yA, cA, sA, xB, yB, cB, sB], the body origins and
 * rotations (cos, sin). Writes the world manifold (collision/manifold.ts) into `out`, normal pointing from A to B.
 * The pose is an array, not eight arguments, because V8 boxes (allocates) doubles passed to calls it does not
 * inline, and the table call is never inlined.
 */
export type CollideFn = (
  g: GeometryStore,
  shapeA: number,
  shapeB: number,
  pose: Float64Array,
  out: Float64Array,
) => void;

/**
 * Segment–segment (and any pair of segments and chain segments): two zero-thickness, massless shapes never make
 * contact.
 */
export function collideNothing(
  _g: GeometryStore,
  _shapeA: number,
  _shapeB: number,
  _pose: Float64Array,
  out: Float64Array,
): void {
  out[M_COUNT] = 0;
}

/**
 * Primary order of each pair: the shape with more vertices first (polygon > segment/capsule > circle), except that
 * a segment goes before a polygon (segments are usually static terrain; Box2D orders it the same way). Each routine
 * is written for its primary order only; the engine orders a pair's shapes once, when the contact is created.
 * A chain segment goes first against everything (it is terrain, like a segment).
 */
const C = ShapeType.circle;
const K = ShapeType.capsule;
const S = ShapeType.segment;
const P = ShapeType.polygon;
const H = ShapeType.chainSegment;

/** primaryPair[typeA * SHAPE_TYPE_COUNT + typeB] is 1 when (typeA, typeB) is the primary order of the pair. */
export const primaryPair = new Uint8Array(SHAPE_TYPE_COUNT * SHAPE_TYPE_COUNT);
const primaryFunctions: CollideFn[] = [];
function setPrimary(a: number, b: number, fn: CollideFn): void {
  primaryPair[a * SHAPE_TYPE_COUNT + b] = 1;
  primaryFunctions[a * SHAPE_TYPE_COUNT + b] = fn;
}
setPrimary(C, C, collideCircles);
setPrimary(K, C, collideCapsuleAndCircle);
setPrimary(K, K, collideCapsules);
setPrimary(S, C, collideCapsuleAndCircle); // a segment is a capsule of radius 0
setPrimary(S, K, collideCapsules);
setPrimary(S, S, collideNothing);
setPrimary(S, P, collidePolygons); // a segment is a 2-gon
setPrimary(P, C, collidePolygonAndCircle);
setPrimary(P, K, collidePolygons); // a capsule is a rounded 2-gon
setPrimary(P, P, collidePolygons);
setPrimary(H, C, collideChainSegmentAndCircle);
setPrimary(H, K, collideChainSegmentAndPolygon); // a capsule is a rounded 2-gon
setPrimary(H, P, collideChainSegmentAndPolygon);
setPrimary(H, S, collideNothing);
setPrimary(H, H, collideNothing);

/** True when a pair of these types must be passed to `collideFunctions` as (typeA, typeB); else as (typeB, typeA). */
export function isPrimaryPair(typeA: number, typeB: number): boolean {
  return primaryPair[typeA * SHAPE_TYPE_COUNT + typeB] === 1;
}

/**
 * Reversed-order adapters: run the primary routine with A and B swapped, then flip the manifold. They make the table
 * total (handy for queries and tests) but cost a flip; the engine should store contacts in primary order instead.
 */
function reversed(fn: CollideFn): CollideFn {
  const swapped = new Float64Array(8);
  return (g, shapeA, shapeB, pose, out) => {
    for (let i = 0; i < 4; i++) {
      swapped[i] = pose[i + 4];
      swapped[i + 4] = pose[i];
    }
    fn(g, shapeB, shapeA, swapped, out);
    flipManifold(out);
  };
}

/** collideFunctions[typeA * SHAPE_TYPE_COUNT + typeB]; primary entries are the routines themselves. */
export const collideFunctions: CollideFn[] = [];
for (let a = 0; a < SHAPE_TYPE_COUNT; a++) {
  for (let b = 0; b < SHAPE_TYPE_COUNT; b++) {
    collideFunctions[a * SHAPE_TYPE_COUNT + b] = isPrimaryPair(a, b)
      ? primaryFunctions[a * SHAPE_TYPE_COUNT + b]
      : reversed(primaryFunctions[b * SHAPE_TYPE_COUNT + a]);
  }
}

const scratchPose = new Float64Array(8);

/**
 * Collides two shapes in either order (dispatching through the table), with the poses as plain numbers: convenient
 * for queries and tests, not for the hot path (see collideFunctions and the pose array).
 */
export function collideShapes(
  g: GeometryStore,
  shapeA: number,
  xA: number,
  yA: number,
  cA: number,
  sA: number,
  shapeB: number,
  xB: number,
  yB: number,
  cB: number,
  sB: number,
  out: Float64Array,
): void {
  const pose = scratchPose;
  pose[0] = xA;
  pose[1] = yA;
  pose[2] = cA;
  pose[3] = sA;
  pose[4] = xB;
  pose[5] = yB;
  pose[6] = cB;
  pose[7] = sB;
  collideFunctions[g.type[shapeA] * SHAPE_TYPE_COUNT + g.type[shapeB]](g, shapeA, shapeB, pose, out);
}
