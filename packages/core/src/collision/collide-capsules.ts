import { GEOMETRY_STRIDE, type GeometryStore } from '../geometry/geometry-store.js';
import {
  makeFeatureId,
  M_COUNT,
  M_HEADER,
  M_NORMAL_X,
  M_NORMAL_Y,
  MP_ID,
  MP_POINT_X,
  MP_POINT_Y,
  MP_SEPARATION,
  MP_STRIDE,
  M_IN_LINEAR_SLOP,
  M_IN_SPECULATIVE,
} from './manifold.js';
import { finishManifold } from './manifold-output.js';
import { segmentDistance } from './segment-distance.js';

const fractions = new Float64Array(3);
const segmentScratch = new Float64Array(8);

/**
 * Capsule (A) against capsule (B); also segment against capsule (a segment is a capsule of radius 0).
 *
 * Closest points of the two core segments decide whether they are near. When each core projects onto the other
 * (they overlap side by side), the edges are clipped against each other along the face with the larger separation
 * to give two points, so a capsule lying on another one rests on two points instead of rocking on one. Otherwise,
 * or if clipping gives only far points (crossing cores), one point along the closest-point direction.
 */
export function collideCapsules(
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
  const radius = rA + rB;

  // Work relative to A's first point (p1 = 0): small coordinates keep round-off small.
  const ox = v[baseA];
  const oy = v[baseA + 1];
  const q1x = v[baseA + 2] - ox;
  const q1y = v[baseA + 3] - oy;
  const qc = cA * cB + sA * sB;
  const qs = cA * sB - sA * cB;
  const dx = xB - xA;
  const dy = yB - yA;
  const tx = cA * dx + sA * dy - ox;
  const ty = -sA * dx + cA * dy - oy;
  let x = v[baseB];
  let y = v[baseB + 1];
  const p2x = qc * x - qs * y + tx;
  const p2y = qs * x + qc * y + ty;
  x = v[baseB + 2];
  y = v[baseB + 3];
  const q2x = qc * x - qs * y + tx;
  const q2y = qs * x + qc * y + ty;

  segmentScratch[0] = 0;
  segmentScratch[1] = 0;
  segmentScratch[2] = q1x;
  segmentScratch[3] = q1y;
  segmentScratch[4] = p2x;
  segmentScratch[5] = p2y;
  segmentScratch[6] = q2x;
  segmentScratch[7] = q2y;
  segmentDistance(segmentScratch, fractions);
  const distanceSq = fractions[2];
  const maxDistance = radius + out[M_IN_SPECULATIVE];
  const slop = out[M_IN_LINEAR_SLOP];
  if (distanceSq >= maxDistance * maxDistance) {
    out[M_COUNT] = 0;
    return;
  }
  const distance = Math.sqrt(distanceSq);
  const f1 = fractions[0];
  const f2 = fractions[1];

  const len1 = Math.sqrt(q1x * q1x + q1y * q1y);
  const u1x = q1x / len1;
  const u1y = q1y / len1;
  const d2x = q2x - p2x;
  const d2y = q2y - p2y;
  const len2 = Math.sqrt(d2x * d2x + d2y * d2y);
  const u2x = d2x / len2;
  const u2y = d2y / len2;

  // Projections of each core's end points onto the other core's axis.
  const fp2 = p2x * u1x + p2y * u1y;
  const fq2 = q2x * u1x + q2y * u1y;
  const outsideA = (fp2 <= 0 && fq2 <= 0) || (fp2 >= len1 && fq2 >= len1);
  const fp1 = -p2x * u2x - p2y * u2y;
  const fq1 = (q1x - p2x) * u2x + (q1y - p2y) * u2y;
  const outsideB = (fp1 <= 0 && fq1 <= 0) || (fp1 >= len2 && fq1 >= len2);

  let count = 0;
  if (!outsideA && !outsideB) {
    // Separating-axis test on each core's side normal, taking whichever side faces the other core.
    let nAx = -u1y;
    let nAy = u1x;
    let s1 = p2x * nAx + p2y * nAy;
    let s2 = q2x * nAx + q2y * nAy;
    let sepA = Math.min(s1, s2);
    if (-Math.max(s1, s2) > sepA) {
      sepA = -Math.max(s1, s2);
      nAx = -nAx;
      nAy = -nAy;
    }
    let nBx = -u2y;
    let nBy = u2x;
    s1 = -p2x * nBx - p2y * nBy;
    s2 = (q1x - p2x) * nBx + (q1y - p2y) * nBy;
    let sepB = Math.min(s1, s2);
    if (-Math.max(s1, s2) > sepB) {
      sepB = -Math.max(s1, s2);
      nBx = -nBx;
      nBy = -nBy;
    }

    // A small bias towards A's face keeps the reference face from flip-flopping when both are nearly equal.
    if (sepA + 0.1 * slop >= sepB) {
      // Clip B's core to A's extent [0, len1] along u1.
      let cpx = p2x;
      let cpy = p2y;
      let cqx = q2x;
      let cqy = q2y;
      if (fp2 < 0 && fq2 > 0) {
        const t = -fp2 / (fq2 - fp2);
        cpx = p2x + t * (q2x - p2x);
        cpy = p2y + t * (q2y - p2y);
      } else if (fq2 < 0 && fp2 > 0) {
        const t = -fq2 / (fp2 - fq2);
        cqx = q2x + t * (p2x - q2x);
        cqy = q2y + t * (p2y - q2y);
      }
      if (fp2 > len1 && fq2 < len1) {
        const t = (fp2 - len1) / (fp2 - fq2);
        cpx = p2x + t * (q2x - p2x);
        cpy = p2y + t * (q2y - p2y);
      } else if (fq2 > len1 && fp2 < len1) {
        const t = (fq2 - len1) / (fq2 - fp2);
        cqx = q2x + t * (p2x - q2x);
        cqy = q2y + t * (p2y - q2y);
      }
      const sp = cpx * nAx + cpy * nAy;
      const sq = cqx * nAx + cqy * nAy;
      // Clipped points much farther than the closest distance mean the cores cross: fall back to one point.
      if (sp <= distance + slop || sq <= distance + slop) {
        out[M_NORMAL_X] = nAx;
        out[M_NORMAL_Y] = nAy;
        let t = 0.5 * (rA - rB - sp);
        out[M_HEADER + MP_POINT_X] = ox + cpx + t * nAx;
        out[M_HEADER + MP_POINT_Y] = oy + cpy + t * nAy;
        out[M_HEADER + MP_SEPARATION] = sp - radius;
        out[M_HEADER + MP_ID] = makeFeatureId(0, 0);
        t = 0.5 * (rA - rB - sq);
        out[M_HEADER + MP_STRIDE + MP_POINT_X] = ox + cqx + t * nAx;
        out[M_HEADER + MP_STRIDE + MP_POINT_Y] = oy + cqy + t * nAy;
        out[M_HEADER + MP_STRIDE + MP_SEPARATION] = sq - radius;
        out[M_HEADER + MP_STRIDE + MP_ID] = makeFeatureId(0, 1);
        count = 2;
      }
    } else {
      // Clip A's core to B's extent [0, len2] along u2 (measured from p2).
      let cpx = 0;
      let cpy = 0;
      let cqx = q1x;
      let cqy = q1y;
      if (fp1 < 0 && fq1 > 0) {
        const t = -fp1 / (fq1 - fp1);
        cpx = t * q1x;
        cpy = t * q1y;
      } else if (fq1 < 0 && fp1 > 0) {
        const t = -fq1 / (fp1 - fq1);
        cqx = q1x - t * q1x;
        cqy = q1y - t * q1y;
      }
      if (fp1 > len2 && fq1 < len2) {
        const t = (fp1 - len2) / (fp1 - fq1);
        cpx = t * q1x;
        cpy = t * q1y;
      } else if (fq1 > len2 && fp1 < len2) {
        const t = (fq1 - len2) / (fq1 - fp1);
        cqx = q1x - t * q1x;
        cqy = q1y - t * q1y;
      }
      const sp = (cpx - p2x) * nBx + (cpy - p2y) * nBy;
      const sq = (cqx - p2x) * nBx + (cqy - p2y) * nBy;
      if (sp <= distance + slop || sq <= distance + slop) {
        // B's face is the reference, so the normal from A to B is its negation.
        out[M_NORMAL_X] = -nBx;
        out[M_NORMAL_Y] = -nBy;
        let t = 0.5 * (rB - rA - sp);
        out[M_HEADER + MP_POINT_X] = ox + cpx + t * nBx;
        out[M_HEADER + MP_POINT_Y] = oy + cpy + t * nBy;
        out[M_HEADER + MP_SEPARATION] = sp - radius;
        out[M_HEADER + MP_ID] = makeFeatureId(0, 0);
        t = 0.5 * (rB - rA - sq);
        out[M_HEADER + MP_STRIDE + MP_POINT_X] = ox + cqx + t * nBx;
        out[M_HEADER + MP_STRIDE + MP_POINT_Y] = oy + cqy + t * nBy;
        out[M_HEADER + MP_STRIDE + MP_SEPARATION] = sq - radius;
        out[M_HEADER + MP_STRIDE + MP_ID] = makeFeatureId(1, 0);
        count = 2;
      }
    }
  }

  if (count === 0) {
    const c1x = f1 * q1x;
    const c1y = f1 * q1y;
    const c2x = p2x + f2 * d2x;
    const c2y = p2y + f2 * d2y;
    let nx = c2x - c1x;
    let ny = c2y - c1y;
    if (distance > 1e-12) {
      nx /= distance;
      ny /= distance;
    } else {
      // Cores touch: any direction across A's core will do, take its left normal.
      nx = -u1y;
      ny = u1x;
    }
    const t = 0.5 * (rA - rB + distance);
    out[M_NORMAL_X] = nx;
    out[M_NORMAL_Y] = ny;
    const id = makeFeatureId(f1 === 0 ? 0 : 1, f2 === 0 ? 0 : 1);
    out[M_HEADER + MP_POINT_X] = ox + c1x + t * nx;
    out[M_HEADER + MP_POINT_Y] = oy + c1y + t * ny;
    out[M_HEADER + MP_SEPARATION] = distance - radius;
    out[M_HEADER + MP_ID] = id;
    count = 1;
  }
  finishManifold(out, count, pose);
}
