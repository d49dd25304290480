import { MAX_POLYGON_VERTICES } from '../settings.js';
import { GEOMETRY_STRIDE, type GeometryStore } from '../geometry/geometry-store.js';
import {
  M_HEADER,
  MP_STRIDE,
  MP_POINT_X,
  MP_POINT_Y,
  MP_ID,
  MP_SEPARATION,
  M_COUNT,
  M_APART,
  M_NORMAL_X,
  M_NORMAL_Y,
  makeFeatureId,
  M_IN_LINEAR_SLOP,
  M_IN_SPECULATIVE,
} from './manifold.js';
import { finishManifold } from './manifold-output.js';
import { segmentDistance } from './segment-distance.js';

// Both polygons in A's frame, shifted so A's vertex 0 is the origin (small numbers, less round-off). Module scratch:
// the routine is not re-entrant, which is fine because the narrowphase calls it one pair at a time.
const vertsA = new Float64Array(2 * MAX_POLYGON_VERTICES);
const normalsA = new Float64Array(2 * MAX_POLYGON_VERTICES);
const vertsB = new Float64Array(2 * MAX_POLYGON_VERTICES);
const normalsB = new Float64Array(2 * MAX_POLYGON_VERTICES);
const fractions = new Float64Array(3);
const segmentScratch = new Float64Array(8);
/** [r1, r2] for clipEdges; separation result of maxSeparation (doubles travel in arrays: see segmentDistance). */
const radii = new Float64Array(2);
const separationOut = new Float64Array(1);

/** Separating axis tests for two quadrilaterals: from the half-extents of two centred boxes, written out, general. */
export const SAT_BOXES = 2;
export const SAT_QUADS = 1;
export const SAT_GENERAL = 0;
/**
 * The most specialised separating axis test a pair of quadrilaterals may take (SAT_BOXES, the default). SAT_QUADS
 * gives the bits of SAT_GENERAL; SAT_BOXES gives the same separations up to rounding. The switch exists so that
 * property tests can compare the paths (setQuadPath).
 */
let quadPath = SAT_BOXES;

/** Test hook: the most specialised path quadrilateral pairs may take (SAT_BOXES, SAT_QUADS or SAT_GENERAL). */
export function setQuadPath(mode: number): void {
  quadPath = mode;
}

/**
 * Hysteresis in favour of A's face as the reference, so near-equal separations do not swap reference faces, and the
 * core separation above which the cores count as apart and closest-edge points are considered: this fraction of the
 * linear slop (the manifold's M_IN_LINEAR_SLOP), both.
 */
const SLOP_FRACTION = 0.1;

/**
 * Rounded convex polygon (A) against rounded convex polygon (B). Also serves polygon–capsule and segment–polygon,
 * because capsules and segments are stored as 2-gons (two opposite edges) with a radius.
 *
 * Separating axis test over both polygons' edge normals; the face with the larger separation is the reference
 * face, the most anti-parallel face of the other polygon the incident face. If the cores overlap or nearly touch,
 * the incident edge is clipped to the reference edge's extent: two points. If the cores are apart (the rounding or
 * the speculative margin makes the contact), the closest points of the two edges decide: a vertex–vertex pair
 * that is clearly closer than the clipped points gives one point with the normal along their join.
 *
 * Feature ids are (A vertex, B vertex) whichever polygon is the reference, so a box resting on a box keeps the same
 * two ids step after step even if rounding swaps the reference face.
 */
export function collidePolygons(
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
  const countA = g.count[shapeA];
  const countB = g.count[shapeB];
  const rA = g.radius[shapeA];
  const rB = g.radius[shapeB];
  const radius = rA + rB;
  radii[0] = rA;
  radii[1] = rB;
  const baseA = g.slot[shapeA] * GEOMETRY_STRIDE;
  const baseB = g.slot[shapeB] * GEOMETRY_STRIDE;
  const ox = v[baseA];
  const oy = v[baseA + 1];

  const qc = cA * cB + sA * sB;
  const qs = cA * sB - sA * cB;
  const dx = xB - xA;
  const dy = yB - yA;
  const tx = cA * dx + sA * dy - ox;
  const ty = -sA * dx + cA * dy - oy;
  const speculative = out[M_IN_SPECULATIVE];
  const limit = speculative + radius;
  // Assigned on every path below that does not return (the flow analysis cannot see it through the box test).
  let separationA = 0;
  let separationB = 0;
  let edgeA = 0;
  let edgeB = 0;
  if (countA === 4 && countB === 4 && quadPath !== SAT_GENERAL) {
    // Two quadrilaterals (most pairs): the separating axis tests of the general path below, written out over
    // locals, same operations in the same order (the same bits). Most pairs that get here are separated and leave
    // before the scratch arrays are written; with loops and array round trips this cost twice as much.
    // Two centred, unturned boxes (vertices (−hx, −hy), (hx, −hy), (hx, hy), (−hx, hy), as makeBox writes them; the
    // edge normals are then exactly −y, +x, +y, −x) take the tests from their half-extents instead: each face's
    // separation is the centres' offset along it less both boxes' extents along it, a quarter of the arithmetic
    // (the method of Gottschalk's OBB test). Same faces and separations up to rounding.
    const hxA = v[baseA + 4];
    const hyA = v[baseA + 5];
    const hxB = v[baseB + 4];
    const hyB = v[baseB + 5];
    const boxes =
      quadPath === SAT_BOXES &&
      v[baseA] === -hxA &&
      v[baseA + 1] === -hyA &&
      v[baseA + 2] === hxA &&
      v[baseA + 3] === -hyA &&
      v[baseA + 6] === -hxA &&
      v[baseA + 7] === hyA &&
      v[baseB] === -hxB &&
      v[baseB + 1] === -hyB &&
      v[baseB + 2] === hxB &&
      v[baseB + 3] === -hyB &&
      v[baseB + 6] === -hxB &&
      v[baseB + 7] === hyB;
    if (boxes) {
      // B's centre relative to A's in A's frame, and B's extents along A's axes.
      const rx = cA * dx + sA * dy;
      const ry = -sA * dx + cA * dy;
      const ac = Math.abs(qc);
      const as = Math.abs(qs);
      const exB = hxB * ac + hyB * as;
      const eyB = hxB * as + hyB * ac;
      // A's faces −y, +x, +y, −x (edges 0–3); the first largest wins, as in the loops.
      let sep = -ry - hyA - eyB;
      let best = 0;
      let si = rx - hxA - exB;
      if (si > sep) {
        sep = si;
        best = 1;
      }
      si = ry - hyA - eyB;
      if (si > sep) {
        sep = si;
        best = 2;
      }
      si = -rx - hxA - exB;
      if (si > sep) {
        sep = si;
        best = 3;
      }
      if (sep >= limit) {
        out[M_COUNT] = 0;
        out[M_APART] = sep - limit;
        return;
      }
      separationA = sep;
      edgeA = best;
      // A's centre relative to B's in B's frame, and A's extents along B's axes; B's faces in the same order.
      const ex = -(qc * rx + qs * ry);
      const ey = qs * rx - qc * ry;
      const exA = hxA * ac + hyA * as;
      const eyA = hxA * as + hyA * ac;
      sep = -ey - hyB - eyA;
      best = 0;
      si = ex - hxB - exA;
      if (si > sep) {
        sep = si;
        best = 1;
      }
      si = ey - hyB - eyA;
      if (si > sep) {
        sep = si;
        best = 2;
      }
      si = -ex - hxB - exA;
      if (si > sep) {
        sep = si;
        best = 3;
      }
      if (sep >= limit) {
        out[M_COUNT] = 0;
        out[M_APART] = sep - limit;
        return;
      }
      separationB = sep;
      edgeB = best;
    }
    const ax1 = v[baseA + 2] - ox;
    const ay1 = v[baseA + 3] - oy;
    const ax2 = v[baseA + 4] - ox;
    const ay2 = v[baseA + 5] - oy;
    const ax3 = v[baseA + 6] - ox;
    const ay3 = v[baseA + 7] - oy;
    const bx0 = qc * v[baseB] - qs * v[baseB + 1] + tx;
    const by0 = qs * v[baseB] + qc * v[baseB + 1] + ty;
    const bx1 = qc * v[baseB + 2] - qs * v[baseB + 3] + tx;
    const by1 = qs * v[baseB + 2] + qc * v[baseB + 3] + ty;
    const bx2 = qc * v[baseB + 4] - qs * v[baseB + 5] + tx;
    const by2 = qs * v[baseB + 4] + qc * v[baseB + 5] + ty;
    const bx3 = qc * v[baseB + 6] - qs * v[baseB + 7] + tx;
    const by3 = qs * v[baseB + 6] + qc * v[baseB + 7] + ty;
    if (!boxes) {
      // A's edges against B's vertices; A's vertex 0 is the origin (v − o is exactly 0).
      let nx = n[baseA];
      let ny = n[baseA + 1];
      let best = 0;
      let sep =
        Math.min(
          Math.min(nx * bx0 + ny * by0, nx * bx1 + ny * by1),
          Math.min(nx * bx2 + ny * by2, nx * bx3 + ny * by3),
        ) -
        (nx * 0 + ny * 0);
      nx = n[baseA + 2];
      ny = n[baseA + 3];
      let si =
        Math.min(
          Math.min(nx * bx0 + ny * by0, nx * bx1 + ny * by1),
          Math.min(nx * bx2 + ny * by2, nx * bx3 + ny * by3),
        ) -
        (nx * ax1 + ny * ay1);
      if (si > sep) {
        sep = si;
        best = 1;
      }
      nx = n[baseA + 4];
      ny = n[baseA + 5];
      si =
        Math.min(
          Math.min(nx * bx0 + ny * by0, nx * bx1 + ny * by1),
          Math.min(nx * bx2 + ny * by2, nx * bx3 + ny * by3),
        ) -
        (nx * ax2 + ny * ay2);
      if (si > sep) {
        sep = si;
        best = 2;
      }
      nx = n[baseA + 6];
      ny = n[baseA + 7];
      si =
        Math.min(
          Math.min(nx * bx0 + ny * by0, nx * bx1 + ny * by1),
          Math.min(nx * bx2 + ny * by2, nx * bx3 + ny * by3),
        ) -
        (nx * ax3 + ny * ay3);
      if (si > sep) {
        sep = si;
        best = 3;
      }
      if (sep >= limit) {
        out[M_COUNT] = 0;
        out[M_APART] = sep - limit;
        return;
      }
      separationA = sep;
      edgeA = best;
    }
    // B's edges (rotated into A's frame).
    const nbx0 = qc * n[baseB] - qs * n[baseB + 1];
    const nby0 = qs * n[baseB] + qc * n[baseB + 1];
    const nbx1 = qc * n[baseB + 2] - qs * n[baseB + 3];
    const nby1 = qs * n[baseB + 2] + qc * n[baseB + 3];
    const nbx2 = qc * n[baseB + 4] - qs * n[baseB + 5];
    const nby2 = qs * n[baseB + 4] + qc * n[baseB + 5];
    const nbx3 = qc * n[baseB + 6] - qs * n[baseB + 7];
    const nby3 = qs * n[baseB + 6] + qc * n[baseB + 7];
    if (!boxes) {
      // B's edges against A's vertices.
      let best = 0;
      let sep =
        Math.min(
          Math.min(nbx0 * 0 + nby0 * 0, nbx0 * ax1 + nby0 * ay1),
          Math.min(nbx0 * ax2 + nby0 * ay2, nbx0 * ax3 + nby0 * ay3),
        ) -
        (nbx0 * bx0 + nby0 * by0);
      let si =
        Math.min(
          Math.min(nbx1 * 0 + nby1 * 0, nbx1 * ax1 + nby1 * ay1),
          Math.min(nbx1 * ax2 + nby1 * ay2, nbx1 * ax3 + nby1 * ay3),
        ) -
        (nbx1 * bx1 + nby1 * by1);
      if (si > sep) {
        sep = si;
        best = 1;
      }
      si =
        Math.min(
          Math.min(nbx2 * 0 + nby2 * 0, nbx2 * ax1 + nby2 * ay1),
          Math.min(nbx2 * ax2 + nby2 * ay2, nbx2 * ax3 + nby2 * ay3),
        ) -
        (nbx2 * bx2 + nby2 * by2);
      if (si > sep) {
        sep = si;
        best = 2;
      }
      si =
        Math.min(
          Math.min(nbx3 * 0 + nby3 * 0, nbx3 * ax1 + nby3 * ay1),
          Math.min(nbx3 * ax2 + nby3 * ay2, nbx3 * ax3 + nby3 * ay3),
        ) -
        (nbx3 * bx3 + nby3 * by3);
      if (si > sep) {
        sep = si;
        best = 3;
      }
      if (sep >= limit) {
        out[M_COUNT] = 0;
        out[M_APART] = sep - limit;
        return;
      }
      separationB = sep;
      edgeB = best;
    }
    // The clipping below reads the scratch arrays.
    vertsA[0] = 0;
    vertsA[1] = 0;
    vertsA[2] = ax1;
    vertsA[3] = ay1;
    vertsA[4] = ax2;
    vertsA[5] = ay2;
    vertsA[6] = ax3;
    vertsA[7] = ay3;
    for (let i = 0; i < 8; i++) normalsA[i] = n[baseA + i];
    vertsB[0] = bx0;
    vertsB[1] = by0;
    vertsB[2] = bx1;
    vertsB[3] = by1;
    vertsB[4] = bx2;
    vertsB[5] = by2;
    vertsB[6] = bx3;
    vertsB[7] = by3;
    normalsB[0] = nbx0;
    normalsB[1] = nby0;
    normalsB[2] = nbx1;
    normalsB[3] = nby1;
    normalsB[4] = nbx2;
    normalsB[5] = nby2;
    normalsB[6] = nbx3;
    normalsB[7] = nby3;
  } else {
    for (let i = 0; i < 2 * countA; i += 2) {
      vertsA[i] = v[baseA + i] - ox;
      vertsA[i + 1] = v[baseA + i + 1] - oy;
      normalsA[i] = n[baseA + i];
      normalsA[i + 1] = n[baseA + i + 1];
    }
    for (let i = 0; i < 2 * countB; i += 2) {
      const x = v[baseB + i];
      const y = v[baseB + i + 1];
      vertsB[i] = qc * x - qs * y + tx;
      vertsB[i + 1] = qs * x + qc * y + ty;
      const nx = n[baseB + i];
      const ny = n[baseB + i + 1];
      normalsB[i] = qc * nx - qs * ny;
      normalsB[i + 1] = qs * nx + qc * ny;
    }
    maxSeparation(vertsA, normalsA, countA, vertsB, countB);
    separationA = separationOut[0];
    edgeA = bestEdge;
    if (separationA >= limit) {
      out[M_COUNT] = 0;
      out[M_APART] = separationA - limit;
      return;
    }
    maxSeparation(vertsB, normalsB, countB, vertsA, countA);
    separationB = separationOut[0];
    edgeB = bestEdge;
    if (separationB >= limit) {
      out[M_COUNT] = 0;
      out[M_APART] = separationB - limit;
      return;
    }
  }

  const flipBias = SLOP_FRACTION * out[M_IN_LINEAR_SLOP];
  const apart = flipBias;
  const flip = separationB > separationA + flipBias;
  if (flip) {
    edgeA = incidentEdge(normalsB, edgeB, normalsA, countA);
  } else {
    edgeB = incidentEdge(normalsA, edgeA, normalsB, countB);
  }

  let count: number;
  if (separationA > apart || separationB > apart) {
    // Cores are apart (by more than a hair, so a vertex–vertex direction can be normalised safely).
    const i11 = edgeA;
    const i12 = edgeA + 1 < countA ? edgeA + 1 : 0;
    const i21 = edgeB;
    const i22 = edgeB + 1 < countB ? edgeB + 1 : 0;
    const v11x = vertsA[2 * i11];
    const v11y = vertsA[2 * i11 + 1];
    const v12x = vertsA[2 * i12];
    const v12y = vertsA[2 * i12 + 1];
    const v21x = vertsB[2 * i21];
    const v21y = vertsB[2 * i21 + 1];
    const v22x = vertsB[2 * i22];
    const v22y = vertsB[2 * i22 + 1];
    segmentScratch[0] = v11x;
    segmentScratch[1] = v11y;
    segmentScratch[2] = v12x;
    segmentScratch[3] = v12y;
    segmentScratch[4] = v21x;
    segmentScratch[5] = v21y;
    segmentScratch[6] = v22x;
    segmentScratch[7] = v22y;
    segmentDistance(segmentScratch, fractions);
    const distance = Math.sqrt(fractions[2]);
    if (distance - radius >= speculative) {
      // Possible when only the vertices come near (SAT on face normals overestimates closeness there).
      out[M_COUNT] = 0;
      return;
    }
    count = flip
      ? clipEdges(vertsB, normalsB, countB, edgeB, vertsA, countA, edgeA, true, out)
      : clipEdges(vertsA, normalsA, countA, edgeA, vertsB, countB, edgeB, false, out);

    let minSeparation = 1e300;
    for (let i = 0; i < count; i++) {
      const s = out[M_HEADER + i * MP_STRIDE + MP_SEPARATION];
      if (s < minSeparation) minSeparation = s;
    }
    const f1 = fractions[0];
    const f2 = fractions[1];
    // Both closest points at segment ends (fractions lie in [0, 1], so f·(1 − f) is 0 exactly at 0 and 1). One
    // comparison evaluated on every call: as short-circuited `f === 0 || f === 1` tests behind the rare condition
    // below, they had no type feedback when V8 optimised this function, which was then deoptimised the first time
    // two corners met (fast boxes bouncing in a box: after 1,000–2,000 steps) and allocated on every call until
    // re-optimised (the allocation test's sweep scene: 1–2 kB a step in half the runs).
    const cornerPair = f1 * (1 - f1) + f2 * (1 - f2) === 0;
    // A corner against a corner: clipping would place points too far away, use the vertex pair instead.
    if (cornerPair && distance - radius + apart < minSeparation) {
      const ax = f1 === 0 ? v11x : v12x;
      const ay = f1 === 0 ? v11y : v12y;
      const bx = f2 === 0 ? v21x : v22x;
      const by = f2 === 0 ? v21y : v22y;
      const nx = (bx - ax) / distance;
      const ny = (by - ay) / distance;
      const t = 0.5 * (rA - rB + distance);
      out[M_NORMAL_X] = nx;
      out[M_NORMAL_Y] = ny;
      // Written in place, as in clipEdges (docs/design/v8-hot-code.md, rule 1).
      out[M_HEADER + MP_POINT_X] = ax + t * nx;
      out[M_HEADER + MP_POINT_Y] = ay + t * ny;
      out[M_HEADER + MP_SEPARATION] = distance - radius;
      out[M_HEADER + MP_ID] = makeFeatureId(f1 === 0 ? i11 : i12, f2 === 0 ? i21 : i22);
      count = 1;
    }
  } else {
    count = flip
      ? clipEdges(vertsB, normalsB, countB, edgeB, vertsA, countA, edgeA, true, out)
      : clipEdges(vertsA, normalsA, countA, edgeA, vertsB, countB, edgeB, false, out);
  }

  // Undo the shift to A's vertex 0.
  for (let i = 0; i < count; i++) {
    out[M_HEADER + i * MP_STRIDE + MP_POINT_X] += ox;
    out[M_HEADER + i * MP_STRIDE + MP_POINT_Y] += oy;
  }
  finishManifold(out, count, pose);
}

/** Edge index found by the last maxSeparation call (a second return value without allocating). */
let bestEdge = 0;

/**
 * Largest over poly1's edges of the smallest signed distance of poly2's vertices to that edge, into separationOut[0];
 * the edge into bestEdge.
 */
function maxSeparation(
  verts1: Float64Array,
  normals1: Float64Array,
  count1: number,
  verts2: Float64Array,
  count2: number,
): void {
  let best = 0;
  let maxSep = -1e300;
  // Quadrilaterals (boxes: most polygons) take the inner loop written out, reading the vertices once.
  const quad = count2 === 4;
  const x0 = verts2[0];
  const y0 = verts2[1];
  const x1 = verts2[2];
  const y1 = verts2[3];
  const x2 = verts2[4];
  const y2 = verts2[5];
  const x3 = verts2[6];
  const y3 = verts2[7];
  for (let i = 0; i < count1; i++) {
    const nx = normals1[2 * i];
    const ny = normals1[2 * i + 1];
    const offset = nx * verts1[2 * i] + ny * verts1[2 * i + 1];
    let si: number;
    if (quad) {
      // The same dot products as the loop; a minimum is exact and independent of order, so the bits agree.
      si = Math.min(Math.min(nx * x0 + ny * y0, nx * x1 + ny * y1), Math.min(nx * x2 + ny * y2, nx * x3 + ny * y3));
    } else {
      si = 1e300; // finite stand-ins for ±Infinity (docs/design/v8-hot-code.md, rule 3)
      for (let j = 0; j < 2 * count2; j += 2) {
        // Math.min compiles to a branch-free minimum; an `if` here mispredicts often and was measurably slower.
        si = Math.min(si, nx * verts2[j] + ny * verts2[j + 1]);
      }
    }
    si -= offset;
    if (si > maxSep) {
      maxSep = si;
      best = i;
    }
  }
  bestEdge = best;
  separationOut[0] = maxSep;
}

/** The edge of a polygon whose normal is most anti-parallel to the reference normal (refNormals[2·ref]). */
function incidentEdge(refNormals: Float64Array, ref: number, normals: Float64Array, count: number): number {
  const nx = refNormals[2 * ref];
  const ny = refNormals[2 * ref + 1];
  let edge = 0;
  let minDot = 1e300;
  for (let i = 0; i < count; i++) {
    const d = nx * normals[2 * i] + ny * normals[2 * i + 1];
    if (d < minDot) {
      minDot = d;
      edge = i;
    }
  }
  return edge;
}

/**
 * Clips the incident edge (poly2, edge e2) to the extent of the reference edge (poly1, edge e1) and writes up to two
 * local points (midway between the rounded surfaces) with separations and ids into `out`. `flip` says poly1 is B
 * (and the radii in `radii` are read swapped): the normal is then negated and ids and point order arranged so ids still read (A vertex, B vertex).
 * Returns the number of points (0 when the edges do not overlap along the reference edge).
 */
function clipEdges(
  verts1: Float64Array,
  normals1: Float64Array,
  count1: number,
  e1: number,
  verts2: Float64Array,
  count2: number,
  e2: number,
  flip: boolean,
  out: Float64Array,
): number {
  const r1 = radii[flip ? 1 : 0];
  const r2 = radii[flip ? 0 : 1];
  const i11 = e1;
  const i12 = e1 + 1 < count1 ? e1 + 1 : 0;
  const i21 = e2;
  const i22 = e2 + 1 < count2 ? e2 + 1 : 0;
  const nx = normals1[2 * i11];
  const ny = normals1[2 * i11 + 1];
  const v11x = verts1[2 * i11];
  const v11y = verts1[2 * i11 + 1];
  const v21x = verts2[2 * i21];
  const v21y = verts2[2 * i21 + 1];
  const v22x = verts2[2 * i22];
  const v22y = verts2[2 * i22 + 1];

  // Tangent along the reference edge (normal turned left); coordinates measured from v11.
  const tx = -ny;
  const ty = nx;
  const upper1 = (verts1[2 * i12] - v11x) * tx + (verts1[2 * i12 + 1] - v11y) * ty;
  // The incident edge runs against the tangent (both polygons are counter-clockwise), so v21 is its upper end.
  const upper2 = (v21x - v11x) * tx + (v21y - v11y) * ty;
  const lower2 = (v22x - v11x) * tx + (v22y - v11y) * ty;
  if (upper2 < 0 || upper1 < lower2) return 0;

  const span = upper2 - lower2;
  let lx = v22x;
  let ly = v22y;
  if (lower2 < 0 && span > 1e-12) {
    const t = -lower2 / span;
    lx = v22x + t * (v21x - v22x);
    ly = v22y + t * (v21y - v22y);
  }
  let ux = v21x;
  let uy = v21y;
  if (upper2 > upper1 && span > 1e-12) {
    const t = (upper1 - lower2) / span;
    ux = v22x + t * (v21x - v22x);
    uy = v22y + t * (v21y - v22y);
  }
  const sepLower = (lx - v11x) * nx + (ly - v11y) * ny;
  const sepUpper = (ux - v11x) * nx + (uy - v11y) * ny;
  // Move each point from the incident core edge to the midpoint between the two rounded surfaces.
  let t = 0.5 * (r1 - r2 - sepLower);
  lx += t * nx;
  ly += t * ny;
  t = 0.5 * (r1 - r2 - sepUpper);
  ux += t * nx;
  uy += t * ny;
  const radius = r1 + r2;

  // Points are written in place (see finishManifold): passing doubles to a call V8 does not inline boxes them.
  const p0 = M_HEADER;
  const p1 = M_HEADER + MP_STRIDE;
  if (!flip) {
    out[M_NORMAL_X] = nx;
    out[M_NORMAL_Y] = ny;
    out[p0 + MP_POINT_X] = lx;
    out[p0 + MP_POINT_Y] = ly;
    out[p0 + MP_SEPARATION] = sepLower - radius;
    out[p0 + MP_ID] = makeFeatureId(i11, i22);
    out[p1 + MP_POINT_X] = ux;
    out[p1 + MP_POINT_Y] = uy;
    out[p1 + MP_SEPARATION] = sepUpper - radius;
    out[p1 + MP_ID] = makeFeatureId(i12, i21);
  } else {
    out[M_NORMAL_X] = -nx;
    out[M_NORMAL_Y] = -ny;
    out[p0 + MP_POINT_X] = ux;
    out[p0 + MP_POINT_Y] = uy;
    out[p0 + MP_SEPARATION] = sepUpper - radius;
    out[p0 + MP_ID] = makeFeatureId(i21, i12);
    out[p1 + MP_POINT_X] = lx;
    out[p1 + MP_POINT_Y] = ly;
    out[p1 + MP_SEPARATION] = sepLower - radius;
    out[p1 + MP_ID] = makeFeatureId(i22, i11);
  }
  return 2;
}
