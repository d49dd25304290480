import { GEOMETRY_STRIDE, type GeometryStore } from '../geometry/geometry-store.js';
import {
  CORE_COUNT,
  CORE_NORMALS,
  CORE_RADIUS,
  CORE_VERTS,
  coreDistance,
  D_DISTANCE,
  D_POINT_AX,
  D_POINT_AY,
  D_POINT_BX,
  D_POINT_BY,
} from './shape-distance.js';

/**
 * A mover against one shape, as pure functions on cores (shape-distance.ts): the mover's core, the signed distance
 * and direction that make its collision plane, and the one-sided rule of chain segments.
 *
 * A mover is a capsule: the points within `radius` of the segment center1–center2 (world frame). Its core is that
 * segment (a point when the centres coincide: a circle).
 */

/** Mover record, a Float64Array (docs/design/v8-hot-code.md, rule 1). */
export const MOVER_CENTER1_X = 0; // world (m)
export const MOVER_CENTER1_Y = 1;
export const MOVER_CENTER2_X = 2;
export const MOVER_CENTER2_Y = 3;
export const MOVER_RADIUS = 4; // m, ≥ 0
export const MOVER_SIZE = 5;

/** Output of moverSeparation. */
export const SEP_DISTANCE = 0; // signed distance between the cores (m): negative when they cross
export const SEP_NORMAL_X = 1; // unit direction from the shape towards the mover, world
export const SEP_NORMAL_Y = 2;
export const SEP_POINT_X = 3; // point on the shape's core, world (m)
export const SEP_POINT_Y = 4;
export const SEPARATION_SIZE = 5;

/** Writes the core of `mover` (MOVER_*) into `core`: a segment with both normals, or a point for equal centres. */
export function loadMoverCore(mover: Float64Array, core: Float64Array): void {
  const x1 = mover[MOVER_CENTER1_X];
  const y1 = mover[MOVER_CENTER1_Y];
  const x2 = mover[MOVER_CENTER2_X];
  const y2 = mover[MOVER_CENTER2_Y];
  core[CORE_RADIUS] = mover[MOVER_RADIUS];
  const dx = x2 - x1;
  const dy = y2 - y1;
  const len = Math.sqrt(dx * dx + dy * dy);
  if (len === 0) {
    core[CORE_COUNT] = 1;
    core[CORE_VERTS] = x1;
    core[CORE_VERTS + 1] = y1;
    return;
  }
  core[CORE_COUNT] = 2;
  core[CORE_VERTS] = x1;
  core[CORE_VERTS + 1] = y1;
  core[CORE_VERTS + 2] = x2;
  core[CORE_VERTS + 3] = y2;
  // Right-hand normal of 1 → 2 first, then its opposite, as buildGeometry lays out a 2-gon. Adding 0 turns −0 into +0.
  const nx = dy / len + 0;
  const ny = -dx / len + 0;
  core[CORE_NORMALS] = nx;
  core[CORE_NORMALS + 1] = ny;
  core[CORE_NORMALS + 2] = -nx + 0;
  core[CORE_NORMALS + 3] = -ny + 0;
}

/**
 * True if the centre of core `a` (the mean of its vertices) is on the collision side of chain segment core `b`
 * (its normal 0 side) or on its line. A chain segment is one-sided, solid behind: as the contact routines
 * (collide-chain-circle.ts) let a shape whose centre got behind the terrain fall out rather than push it through,
 * a mover centred behind a chain segment neither collides with it nor is stopped by it.
 */
export function inFrontOfChainSegment(a: Float64Array, b: Float64Array): boolean {
  const count = a[CORE_COUNT];
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < count; i++) {
    cx += a[CORE_VERTS + 2 * i];
    cy += a[CORE_VERTS + 2 * i + 1];
  }
  cx /= count;
  cy /= count;
  return (cx - b[CORE_VERTS]) * b[CORE_NORMALS] + (cy - b[CORE_VERTS + 1]) * b[CORE_NORMALS + 1] >= 0;
}

/**
 * Writes the world-frame ghost vertices of chain segment row `row` (GeometryStore: vertices 2 and 3) for a body
 * pose = [x, y, cos, sin] into ghosts = [ghost1X, ghost1Y, ghost2X, ghost2Y].
 */
export function loadChainGhosts(g: GeometryStore, row: number, pose: Float64Array, ghosts: Float64Array): void {
  const base = g.slot[row] * GEOMETRY_STRIDE;
  const v = g.verts;
  const c = pose[2];
  const s = pose[3];
  for (let i = 0; i < 2; i++) {
    const x = v[base + 4 + 2 * i];
    const y = v[base + 5 + 2 * i];
    ghosts[2 * i] = pose[0] + c * x - s * y;
    ghosts[2 * i + 1] = pose[1] + s * x + c * y;
  }
}

/**
 * For chain segment core `b` apart from mover core `a`, with their closest points in `dist` (coreDistance) and the
 * segment's world ghosts: is the closest point an end vertex that the neighbouring segment answers for? As in
 * collide-chain-circle.ts: a mover point beyond p1 that is still alongside the previous segment (not past its end
 * p1) is the previous segment's, and beyond p2 the next segment's once past its start. At a flat or concave joint
 * exactly one segment then gives the plane, with its face normal: a mover walking over the joint meets no vertex
 * plane tilted against it (which would lift it for a round). At a convex joint both give the vertex plane.
 */
export function chainNeighbourOwns(b: Float64Array, ghosts: Float64Array, dist: Float64Array): boolean {
  const p1x = b[CORE_VERTS],
    p1y = b[CORE_VERTS + 1];
  const p2x = b[CORE_VERTS + 2],
    p2y = b[CORE_VERTS + 3];
  const cx = dist[D_POINT_AX],
    cy = dist[D_POINT_AY];
  const ex = p2x - p1x,
    ey = p2y - p1y;
  const along = ex * (cx - p1x) + ey * (cy - p1y);
  if (along <= 0) return (p1x - ghosts[0]) * (cx - p1x) + (p1y - ghosts[1]) * (cy - p1y) <= 0;
  if (along >= ex * ex + ey * ey) return (ghosts[2] - p2x) * (cx - p2x) + (ghosts[3] - p2y) * (cy - p2y) > 0;
  return false;
}

/**
 * Signed distance between mover core `a` and shape core `b`, the unit direction that separates them (from the shape
 * towards the mover) and the shape's core point it is measured from, into `out` (SEP_*). The gap between the rounded
 * shapes is out[SEP_DISTANCE] − rA − rB. `dist` is scratch for coreDistance. Pure and allocation-free.
 *
 * Apart, the cores' closest points give both (what Box2D's mover collision does with GJK). When the cores touch or
 * cross there are no closest points, and Box2D drops the shape; here the direction is the axis of least penetration:
 * the distance the mover must move along an axis u to clear the shape is max_B(u·b) − min_A(u·a), and for convex
 * cores the smallest over the edge normals of both (the faces of their Minkowski difference) is the penetration
 * depth. With `frontOnly` (a chain segment) the only axis is the segment's collision-side normal, so a mover sunk into
 * terrain comes out on top, never through it or sideways along it. The point is then the shape's core vertex deepest
 * along the direction. Two coinciding points (a circle mover centred on a circle) have no direction at all: +y.
 */
export function moverSeparation(
  a: Float64Array,
  b: Float64Array,
  frontOnly: boolean,
  dist: Float64Array,
  out: Float64Array,
): void {
  coreDistance(a, b, dist);
  const d = dist[D_DISTANCE];
  if (d > 0) {
    // Normalised after scaling by the larger component, so that a distance whose square underflows (below 1e-154 m)
    // still gives a unit normal.
    let nx = dist[D_POINT_AX] - dist[D_POINT_BX];
    let ny = dist[D_POINT_AY] - dist[D_POINT_BY];
    const scale = Math.max(Math.abs(nx), Math.abs(ny));
    nx /= scale;
    ny /= scale;
    const len = Math.sqrt(nx * nx + ny * ny);
    out[SEP_DISTANCE] = d;
    out[SEP_NORMAL_X] = nx / len;
    out[SEP_NORMAL_Y] = ny / len;
    out[SEP_POINT_X] = dist[D_POINT_BX];
    out[SEP_POINT_Y] = dist[D_POINT_BY];
    return;
  }
  // Least penetration. The separation along u is min_A(u·a) − max_B(u·b) (≤ 0 here); the best axis has the largest.
  out[SEP_DISTANCE] = -1e300;
  out[SEP_NORMAL_X] = 0;
  out[SEP_NORMAL_Y] = 1;
  out[SEP_POINT_X] = b[CORE_VERTS];
  out[SEP_POINT_Y] = b[CORE_VERTS + 1];
  const countB = b[CORE_COUNT];
  if (countB >= 3) {
    for (let j = 0; j < countB; j++) tryAxis(a, b, b, CORE_NORMALS + 2 * j, 1, out);
  } else if (countB === 2) {
    tryAxis(a, b, b, CORE_NORMALS, 1, out);
    if (!frontOnly) tryAxis(a, b, b, CORE_NORMALS, -1, out);
  }
  if (!frontOnly) {
    // The mover's own faces, turned to point from the shape towards the mover.
    const countA = a[CORE_COUNT];
    if (countA === 2) {
      tryAxis(a, b, a, CORE_NORMALS, -1, out);
      tryAxis(a, b, a, CORE_NORMALS, 1, out);
    } else if (countA >= 3) {
      for (let i = 0; i < countA; i++) tryAxis(a, b, a, CORE_NORMALS + 2 * i, -1, out);
    }
  }
  if (out[SEP_DISTANCE] === -1e300) out[SEP_DISTANCE] = 0; // two points: no axis, they coincide
}

/**
 * Separation of a from b along u = sign · (axes[o], axes[o + 1]); if larger than out[SEP_DISTANCE], takes u as the
 * direction, with b's vertex deepest along u as the point (the first of equals).
 */
function tryAxis(
  a: Float64Array,
  b: Float64Array,
  axes: Float64Array,
  o: number,
  sign: number,
  out: Float64Array,
): void {
  const ux = sign * axes[o];
  const uy = sign * axes[o + 1];
  const countA = a[CORE_COUNT];
  const countB = b[CORE_COUNT];
  let minA = 1e300;
  for (let i = 0; i < countA; i++) {
    const p = ux * a[CORE_VERTS + 2 * i] + uy * a[CORE_VERTS + 2 * i + 1];
    if (p < minA) minA = p;
  }
  let maxB = -1e300;
  let deepest = 0;
  for (let j = 0; j < countB; j++) {
    const p = ux * b[CORE_VERTS + 2 * j] + uy * b[CORE_VERTS + 2 * j + 1];
    if (p > maxB) {
      maxB = p;
      deepest = j;
    }
  }
  const separation = minA - maxB;
  if (separation > out[SEP_DISTANCE]) {
    out[SEP_DISTANCE] = separation;
    out[SEP_NORMAL_X] = ux + 0;
    out[SEP_NORMAL_Y] = uy + 0;
    out[SEP_POINT_X] = b[CORE_VERTS + 2 * deepest];
    out[SEP_POINT_Y] = b[CORE_VERTS + 2 * deepest + 1];
  }
}
