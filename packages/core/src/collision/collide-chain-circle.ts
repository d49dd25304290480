import { GEOMETRY_STRIDE, type GeometryStore } from '../geometry/geometry-store.js';
import {
  M_HEADER,
  MP_ID,
  MP_POINT_X,
  MP_POINT_Y,
  MP_SEPARATION,
  M_COUNT,
  M_NORMAL_X,
  M_NORMAL_Y,
  M_IN_SPECULATIVE,
} from './manifold.js';
import { finishManifold } from './manifold-output.js';

/**
 * Chain segment (A) against circle (B). One point, like a segment against a circle, with two differences:
 *
 * - One-sided: a centre behind the segment's line (on the solid, left side) makes no contact, so a circle that got
 *   behind the terrain falls out instead of being pushed through it.
 * - Each end vertex is shared with a neighbour. A centre beyond p1 that is still alongside the previous segment
 *   (not past that segment's far end) belongs to the previous segment, whose face or end gives the right normal;
 *   likewise beyond p2 and the next segment. At a flat joint this leaves exactly one segment in charge, so a rolling
 *   circle meets no bump. In the wedge outside a convex corner both segments report the same vertex point, as in
 *   Box2D; the solver treats them as two constraints on one point, which is harmless.
 */
export function collideChainSegmentAndCircle(
  g: GeometryStore,
  shapeA: number,
  shapeB: number,
  pose: Float64Array,
  out: Float64Array,
): void {
  const xA = pose[0];
  const yA = pose[1];
  const cA = pose[2];
  const sA = pose[3];
  const xB = pose[4];
  const yB = pose[5];
  const cB = pose[6];
  const sB = pose[7];
  const v = g.verts;
  const baseA = g.slot[shapeA] * GEOMETRY_STRIDE;
  const baseB = g.slot[shapeB] * GEOMETRY_STRIDE;
  const rB = g.radius[shapeB];
  // Circle centre in A's frame, then relative to p1 (small numbers, less round-off).
  const qc = cA * cB + sA * sB;
  const qs = cA * sB - sA * cB;
  const dx = xB - xA;
  const dy = yB - yA;
  const lbx = v[baseB];
  const lby = v[baseB + 1];
  const p1x = v[baseA];
  const p1y = v[baseA + 1];
  const bx = qc * lbx - qs * lby + cA * dx + sA * dy - p1x;
  const by = qs * lbx + qc * lby - sA * dx + cA * dy - p1y;
  const ex = v[baseA + 2] - p1x;
  const ey = v[baseA + 3] - p1y;
  const n1x = g.normals[baseA];
  const n1y = g.normals[baseA + 1];

  if (n1x * bx + n1y * by < 0) {
    out[M_COUNT] = 0;
    return;
  }

  const along = ex * bx + ey * by;
  const ee = ex * ex + ey * ey;
  let px = 0;
  let py = 0;
  if (along <= 0) {
    // Before p1: the previous segment's region unless the centre is past that segment's end (ghost1 → p1).
    const prevX = p1x - v[baseA + 4];
    const prevY = p1y - v[baseA + 5];
    if (prevX * bx + prevY * by <= 0) {
      out[M_COUNT] = 0;
      return;
    }
  } else if (along >= ee) {
    // After p2: the next segment's region once the centre is past its start (p2 → ghost2).
    const nextX = v[baseA + 6] - v[baseA + 2];
    const nextY = v[baseA + 7] - v[baseA + 3];
    if (nextX * (bx - ex) + nextY * (by - ey) > 0) {
      out[M_COUNT] = 0;
      return;
    }
    px = ex;
    py = ey;
  } else {
    const t = along / ee;
    px = t * ex;
    py = t * ey;
  }

  let nx = bx - px;
  let ny = by - py;
  const distance = Math.sqrt(nx * nx + ny * ny);
  const separation = distance - rB;
  if (separation >= out[M_IN_SPECULATIVE]) {
    out[M_COUNT] = 0;
    return;
  }
  if (distance > 1e-12) {
    nx /= distance;
    ny /= distance;
  } else {
    nx = n1x;
    ny = n1y;
  }
  // Midway between the segment (radius 0) and the circle's surface.
  const t = 0.5 * (distance - rB);
  out[M_NORMAL_X] = nx;
  out[M_NORMAL_Y] = ny;
  // Written in place, not through a helper (docs/design/v8-hot-code.md, rule 1).
  out[M_HEADER + MP_POINT_X] = p1x + px + t * nx;
  out[M_HEADER + MP_POINT_Y] = p1y + py + t * ny;
  out[M_HEADER + MP_SEPARATION] = separation;
  out[M_HEADER + MP_ID] = 0;
  finishManifold(out, 1, pose);
}
