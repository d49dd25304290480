import { GEOMETRY_STRIDE, type GeometryStore } from '../geometry/geometry-store.js';
import { MAX_POLYGON_VERTICES } from '../settings.js';

/**
 * Exact distance between two shapes, for the overlap and shape-cast queries. Pure functions on flat arrays.
 *
 * Every shape is a rounded convex "core" (a point, a segment or a convex polygon; see GeometryStore), so
 * distance(shapeA, shapeB) = max(0, distance(coreA, coreB) − rA − rB). The core distance is found in two steps:
 *  1. A separating-axis test decides whether the cores intersect. The axes are the edge normals of both cores, plus
 *     the direction of any segment core (the Minkowski difference of a segment with a point or a parallel segment is
 *     itself a segment, whose end caps are perpendicular to it). Any axis with a positive gap proves separation, so
 *     the extra axes are harmless; with them the axis set is complete for every pair of core kinds.
 *  2. If they are separated, the closest pair of points lies on some edge of A and some edge of B (one of them a
 *     vertex), so the distance is the minimum over all ≤ 8 × 8 edge pairs of a segment–segment distance.
 * Deciding intersection with step 1 (not "distance ≈ 0") keeps crossing sharp polygons exact: their segment distance
 * would come out as a rounding residue like 1e-17, not 0.
 *
 * GJK would visit fewer features, but at ≤ 64 edge pairs this brute force is cheap after the broadphase has culled,
 * exact, and has no iteration or degenerate-simplex cases to get wrong.
 */

/** Core layout: [0] vertex count, [1] rounding radius, then vertices (x, y) and outward edge normals, world frame. */
export const CORE_COUNT = 0;
export const CORE_RADIUS = 1;
export const CORE_VERTS = 2;
export const CORE_NORMALS = CORE_VERTS + 2 * MAX_POLYGON_VERTICES;
export const CORE_SIZE = CORE_NORMALS + 2 * MAX_POLYGON_VERTICES;

/** Distance output layout (see coreDistance). */
export const D_DISTANCE = 0;
export const D_POINT_AX = 1;
export const D_POINT_AY = 2;
export const D_POINT_BX = 3;
export const D_POINT_BY = 4;
export const DISTANCE_OUTPUT_SIZE = 5;

export function createCore(): Float64Array {
  return new Float64Array(CORE_SIZE);
}

/**
 * Writes the world-frame core of geometry row `row` into `core`, for a body pose = [x, y, cos, sin]. The pose is an
 * array (docs/design/v8-hot-code.md, rule 1).
 */
export function loadCore(g: GeometryStore, row: number, pose: Float64Array, core: Float64Array): void {
  const px = pose[0];
  const py = pose[1];
  const c = pose[2];
  const s = pose[3];
  const count = g.count[row];
  const v = g.verts;
  const n = g.normals;
  const base = g.slot[row] * GEOMETRY_STRIDE;
  core[CORE_COUNT] = count;
  core[CORE_RADIUS] = g.radius[row];
  for (let i = 0; i < count; i++) {
    const x = v[base + 2 * i];
    const y = v[base + 2 * i + 1];
    core[CORE_VERTS + 2 * i] = px + c * x - s * y;
    core[CORE_VERTS + 2 * i + 1] = py + s * x + c * y;
    const nx = n[base + 2 * i];
    const ny = n[base + 2 * i + 1];
    core[CORE_NORMALS + 2 * i] = c * nx - s * ny;
    core[CORE_NORMALS + 2 * i + 1] = s * nx + c * ny;
  }
}

/** Writes a single point (a core of one vertex, radius 0) into `core`; p = [x, y]. */
export function loadPointCore(p: Float64Array, core: Float64Array): void {
  core[CORE_COUNT] = 1;
  core[CORE_RADIUS] = 0;
  core[CORE_VERTS] = p[0];
  core[CORE_VERTS + 1] = p[1];
}

/**
 * Distance between the cores of `a` and `b` (radii ignored): out[D_DISTANCE] is 0 when they intersect (touching
 * counts), else the distance, with the closest points on A and on B in out[D_POINT_*]. When the cores intersect the
 * points are both set to A's first vertex (there is no unique closest pair). Allocation-free.
 */
export function coreDistance(a: Float64Array, b: Float64Array, out: Float64Array): void {
  const countA = a[CORE_COUNT];
  const countB = b[CORE_COUNT];
  if (countA === 1 && countB === 1) {
    // Two points: no axes to test; the distance is exact (0 only when they coincide).
    const ax = a[CORE_VERTS],
      ay = a[CORE_VERTS + 1],
      bx = b[CORE_VERTS],
      by = b[CORE_VERTS + 1];
    out[D_DISTANCE] = Math.sqrt((bx - ax) * (bx - ax) + (by - ay) * (by - ay));
    out[D_POINT_AX] = ax;
    out[D_POINT_AY] = ay;
    out[D_POINT_BX] = bx;
    out[D_POINT_BY] = by;
    return;
  }
  if (!separatedByAxesOf(a, a, b) && !separatedByAxesOf(b, a, b)) {
    out[D_DISTANCE] = 0;
    out[D_POINT_AX] = out[D_POINT_BX] = a[CORE_VERTS];
    out[D_POINT_AY] = out[D_POINT_BY] = a[CORE_VERTS + 1];
    return;
  }
  const edgesA = countA < 3 ? 1 : countA;
  const edgesB = countB < 3 ? 1 : countB;
  // The least squared distance so far, kept in out[D_DISTANCE] rather than a local: V8 boxed a double carried round
  // the loop on every pass where this is inlined into the character stage (a heap number a call). 1e300, not
  // Infinity: see dynamic-tree.ts.
  out[D_DISTANCE] = 1e300;
  for (let i = 0; i < edgesA; i++) {
    const i1 = countA === 1 ? 0 : i + 1 < countA ? i + 1 : 0;
    for (let j = 0; j < edgesB; j++) {
      const j1 = countB === 1 ? 0 : j + 1 < countB ? j + 1 : 0;
      segmentClosest(a, i, i1, b, j, j1, seg);
      const d2 = seg[4];
      if (d2 < out[D_DISTANCE]) {
        out[D_DISTANCE] = d2;
        out[D_POINT_AX] = seg[0];
        out[D_POINT_AY] = seg[1];
        out[D_POINT_BX] = seg[2];
        out[D_POINT_BY] = seg[3];
      }
    }
  }
  out[D_DISTANCE] = Math.sqrt(out[D_DISTANCE]);
}

// Closest points of the last segment pair: [ax, ay, bx, by, squared distance].
const seg = new Float64Array(5);

/** True if one of `axes`' separating axes shows a positive gap between the vertex sets of a and b. */
function separatedByAxesOf(axes: Float64Array, a: Float64Array, b: Float64Array): boolean {
  const count = axes[CORE_COUNT];
  if (count === 1) return false;
  if (count === 2) {
    // The segment's normal and its direction.
    return gapPositive(a, b, axes, CORE_NORMALS, false) || gapPositive(a, b, axes, CORE_NORMALS, true);
  }
  for (let i = 0; i < count; i++) {
    if (gapPositive(a, b, axes, CORE_NORMALS + 2 * i, false)) return true;
  }
  return false;
}

/**
 * Do the projections of a's and b's vertices on the axis u = (axes[o], axes[o + 1]) (turned a quarter, (−uy, ux),
 * with `perpendicular`) leave a gap? The axis comes as an array offset (docs/design/v8-hot-code.md, rule 1).
 */
function gapPositive(a: Float64Array, b: Float64Array, axes: Float64Array, o: number, perpendicular: boolean): boolean {
  const ux = perpendicular ? -axes[o + 1] : axes[o];
  const uy = perpendicular ? axes[o] : axes[o + 1];
  const countA = a[CORE_COUNT];
  const countB = b[CORE_COUNT];
  let minA = 1e300,
    maxA = -1e300,
    minB = 1e300,
    maxB = -1e300;
  for (let i = 0; i < countA; i++) {
    const d = ux * a[CORE_VERTS + 2 * i] + uy * a[CORE_VERTS + 2 * i + 1];
    if (d < minA) minA = d;
    if (d > maxA) maxA = d;
  }
  for (let i = 0; i < countB; i++) {
    const d = ux * b[CORE_VERTS + 2 * i] + uy * b[CORE_VERTS + 2 * i + 1];
    if (d < minB) minB = d;
    if (d > maxB) maxB = d;
  }
  return minB > maxA || minA > maxB;
}

/**
 * Closest points of segments a[i0]–a[i1] and b[j0]–b[j1] (vertex indices; equal indices make a point), as in
 * Ericson, Real-Time Collision Detection 5.1.9, including the degenerate cases. Writes [ax, ay, bx, by, d²].
 */
function segmentClosest(
  a: Float64Array,
  i0: number,
  i1: number,
  b: Float64Array,
  j0: number,
  j1: number,
  out: Float64Array,
): void {
  const p1x = a[CORE_VERTS + 2 * i0],
    p1y = a[CORE_VERTS + 2 * i0 + 1];
  const d1x = a[CORE_VERTS + 2 * i1] - p1x,
    d1y = a[CORE_VERTS + 2 * i1 + 1] - p1y;
  const p2x = b[CORE_VERTS + 2 * j0],
    p2y = b[CORE_VERTS + 2 * j0 + 1];
  const d2x = b[CORE_VERTS + 2 * j1] - p2x,
    d2y = b[CORE_VERTS + 2 * j1 + 1] - p2y;
  const rx = p1x - p2x,
    ry = p1y - p2y;
  const aa = d1x * d1x + d1y * d1y;
  const ee = d2x * d2x + d2y * d2y;
  const f = d2x * rx + d2y * ry;
  let s = 0;
  let t = 0;
  if (aa === 0) {
    if (ee !== 0) {
      t = f / ee;
      t = t < 0 ? 0 : t > 1 ? 1 : t;
    }
  } else {
    const c = d1x * rx + d1y * ry;
    if (ee === 0) {
      s = -c / aa;
      s = s < 0 ? 0 : s > 1 ? 1 : s;
    } else {
      const bb = d1x * d2x + d1y * d2y;
      const denom = aa * ee - bb * bb;
      // Parallel segments (denom 0) have many closest pairs; s = 0 picks one deterministically.
      if (denom !== 0) {
        s = (bb * f - c * ee) / denom;
        s = s < 0 ? 0 : s > 1 ? 1 : s;
      }
      t = (bb * s + f) / ee;
      if (t < 0) {
        t = 0;
        s = -c / aa;
        s = s < 0 ? 0 : s > 1 ? 1 : s;
      } else if (t > 1) {
        t = 1;
        s = (bb - c) / aa;
        s = s < 0 ? 0 : s > 1 ? 1 : s;
      }
    }
  }
  const ax = p1x + s * d1x,
    ay = p1y + s * d1y;
  const bx = p2x + t * d2x,
    by = p2y + t * d2y;
  out[0] = ax;
  out[1] = ay;
  out[2] = bx;
  out[3] = by;
  out[4] = (bx - ax) * (bx - ax) + (by - ay) * (by - ay);
}
