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

/** Circle (A) against circle (B): one point midway between the two surfaces along the centre line. */
export function collideCircles(
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
  const ax = v[baseA];
  const ay = v[baseA + 1];
  // Centre of B in A's frame.
  const qc = cA * cB + sA * sB;
  const qs = cA * sB - sA * cB;
  const dx = xB - xA;
  const dy = yB - yA;
  const lbx = v[baseB];
  const lby = v[baseB + 1];
  const bx = qc * lbx - qs * lby + cA * dx + sA * dy;
  const by = qs * lbx + qc * lby - sA * dx + cA * dy;

  let nx = bx - ax;
  let ny = by - ay;
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
    // Concentric: every direction is equally right; A's local +y is a deterministic, non-zero choice.
    nx = 0;
    ny = 1;
  }
  // Midpoint between the surface points a + rA·n and b − rB·n.
  const t = 0.5 * (rA - rB + distance);
  out[M_NORMAL_X] = nx;
  out[M_NORMAL_Y] = ny;
  out[M_HEADER + MP_POINT_X] = ax + t * nx;
  out[M_HEADER + MP_POINT_Y] = ay + t * ny;
  out[M_HEADER + MP_SEPARATION] = separation;
  out[M_HEADER + MP_ID] = 0;
  finishManifold(out, 1, pose);
}
