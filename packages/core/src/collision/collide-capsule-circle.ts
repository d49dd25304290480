import { GEOMETRY_STRIDE, type GeometryStore } from '../geometry/geometry-store.js';
import {
  M_COUNT,
  M_HEADER,
  M_NORMAL_X,
  M_NORMAL_Y,
  MP_ID,
  MP_POINT_X,
  MP_POINT_Y,
  MP_SEPARATION,
  M_IN_SPECULATIVE,
} from './manifold.js';
import { finishManifold } from './manifold-output.js';

/**
 * Capsule (A) against circle (B); also segment against circle, since a segment is a capsule of radius 0 in the
 * store. One point, from the closest point on A's core segment towards the circle centre.
 */
export function collideCapsuleAndCircle(
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
  const rA = g.radius[shapeA];
  const rB = g.radius[shapeB];
  const qc = cA * cB + sA * sB;
  const qs = cA * sB - sA * cB;
  const dx = xB - xA;
  const dy = yB - yA;
  const lbx = v[baseB];
  const lby = v[baseB + 1];
  const bx = qc * lbx - qs * lby + cA * dx + sA * dy;
  const by = qs * lbx + qc * lby - sA * dx + cA * dy;

  const p1x = v[baseA];
  const p1y = v[baseA + 1];
  const ex = v[baseA + 2] - p1x;
  const ey = v[baseA + 3] - p1y;
  // Closest point on p1 + t·e to b, t clamped to [0, 1].
  const along = (bx - p1x) * ex + (by - p1y) * ey;
  const ee = ex * ex + ey * ey;
  let px = p1x;
  let py = p1y;
  if (along >= ee) {
    px = p1x + ex;
    py = p1y + ey;
  } else if (along > 0) {
    const t = along / ee;
    px = p1x + t * ex;
    py = p1y + t * ey;
  }

  let nx = bx - px;
  let ny = by - py;
  const distance = Math.sqrt(nx * nx + ny * ny);
  const separation = distance - rA - rB;
  if (separation >= out[M_IN_SPECULATIVE]) {
    out[M_COUNT] = 0;
    return;
  }
  if (distance > 1e-12) {
    nx /= distance;
    ny /= distance;
  } else {
    // Circle centre on the core segment: push along the segment's stored normal (deterministic, non-zero).
    nx = g.normals[baseA];
    ny = g.normals[baseA + 1];
  }
  const t = 0.5 * (rA - rB + distance);
  out[M_NORMAL_X] = nx;
  out[M_NORMAL_Y] = ny;
  out[M_HEADER + MP_POINT_X] = px + t * nx;
  out[M_HEADER + MP_POINT_Y] = py + t * ny;
  out[M_HEADER + MP_SEPARATION] = separation;
  out[M_HEADER + MP_ID] = 0;
  finishManifold(out, 1, pose);
}
