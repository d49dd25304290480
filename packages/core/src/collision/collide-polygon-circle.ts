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
 * Polygon (A, possibly rounded) against circle (B). Finds the face of greatest separation; if the centre lies
 * beyond one end of that face (and outside the polygon) the closest feature is the vertex, otherwise the face.
 * A centre inside the polygon always uses the face, so the circle is pushed out the shortest way.
 */
export function collidePolygonAndCircle(
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
  const n = g.normals;
  const baseA = g.slot[shapeA] * GEOMETRY_STRIDE;
  const baseB = g.slot[shapeB] * GEOMETRY_STRIDE;
  const count = g.count[shapeA];
  const rA = g.radius[shapeA];
  const rB = g.radius[shapeB];
  const radius = rA + rB;
  const qc = cA * cB + sA * sB;
  const qs = cA * sB - sA * cB;
  const dx = xB - xA;
  const dy = yB - yA;
  const lbx = v[baseB];
  const lby = v[baseB + 1];
  const bx = qc * lbx - qs * lby + cA * dx + sA * dy;
  const by = qs * lbx + qc * lby - sA * dx + cA * dy;

  let edge = 0;
  let separation = -1e300; // finite (docs/design/v8-hot-code.md, rule 3)
  for (let i = 0; i < count; i++) {
    const o = baseA + 2 * i;
    const s = n[o] * (bx - v[o]) + n[o + 1] * (by - v[o + 1]);
    if (s > separation) {
      separation = s;
      edge = i;
    }
  }
  if (separation - radius >= out[M_IN_SPECULATIVE]) {
    out[M_COUNT] = 0;
    return;
  }

  const i1 = baseA + 2 * edge;
  const i2 = baseA + 2 * (edge + 1 < count ? edge + 1 : 0);
  const v1x = v[i1];
  const v1y = v[i1 + 1];
  const v2x = v[i2];
  const v2y = v[i2 + 1];
  // Position of the centre along the face: before v1 (u1 < 0), after v2 (u2 < 0) or between.
  const u1 = (bx - v1x) * (v2x - v1x) + (by - v1y) * (v2y - v1y);
  const u2 = (bx - v2x) * (v1x - v2x) + (by - v2y) * (v1y - v2y);

  let nx: number;
  let ny: number;
  let px: number;
  let py: number;
  if ((u1 < 0 || u2 < 0) && separation > 1e-12) {
    // Vertex region, centre strictly outside the polygon so the direction is well defined.
    const vx = u1 < 0 ? v1x : v2x;
    const vy = u1 < 0 ? v1y : v2y;
    nx = bx - vx;
    ny = by - vy;
    const distance = Math.sqrt(nx * nx + ny * ny);
    nx /= distance;
    ny /= distance;
    separation = distance - radius;
    if (separation >= out[M_IN_SPECULATIVE]) {
      out[M_COUNT] = 0;
      return;
    }
    const t = 0.5 * (rA - rB + distance);
    px = vx + t * nx;
    py = vy + t * ny;
  } else {
    // Face region: surfaces at rA above the face and at separation − rB; the point is halfway.
    nx = n[i1];
    ny = n[i1 + 1];
    const t = 0.5 * (rA - rB - separation);
    px = bx + t * nx;
    py = by + t * ny;
    separation -= radius;
  }
  out[M_NORMAL_X] = nx;
  out[M_NORMAL_Y] = ny;
  out[M_HEADER + MP_POINT_X] = px;
  out[M_HEADER + MP_POINT_Y] = py;
  out[M_HEADER + MP_SEPARATION] = separation;
  out[M_HEADER + MP_ID] = 0;
  finishManifold(out, 1, pose);
}
