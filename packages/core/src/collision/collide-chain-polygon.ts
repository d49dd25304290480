import { MAX_POLYGON_VERTICES } from '../settings.js';
import { GEOMETRY_STRIDE, type GeometryStore } from '../geometry/geometry-store.js';
import {
  M_HEADER,
  MP_STRIDE,
  MP_ID,
  MP_POINT_X,
  MP_POINT_Y,
  MP_SEPARATION,
  M_COUNT,
  M_NORMAL_X,
  M_NORMAL_Y,
  makeFeatureId,
  M_IN_LINEAR_SLOP,
  M_IN_SPECULATIVE,
} from './manifold.js';
import { finishManifold } from './manifold-output.js';
import { segmentDistance } from './segment-distance.js';

/*
 * Chain segment against a (rounded) polygon or capsule, without ghost collisions.
 *
 * The problem: a box sliding along a floor made of many segments meets, at each joint, the end vertex of the next
 * segment. Collided on its own, that segment sees the box's bottom corner next to its end vertex and may report a
 * corner-to-vertex normal that points sideways (the "ghost" collision): the box snags, hops or spins. Nothing is
 * there in the terrain; the vertex only looks like a corner because the segment does not know its neighbour.
 *
 * The method (Erin Catto, "Ghost Collisions", box2d.org 2020, used by Box2D v3 for chain segments): each segment
 * knows its neighbours through ghost vertices, so at each end it knows whether the terrain turns convex (a real
 * corner, which may push sideways), flat or concave (no corner at all). Every candidate contact normal is checked
 * against that map of allowed directions (the Gauss map of the terrain around the segment):
 *   - a normal leaning towards a convex end is admitted when it lies in the corner's wedge (between the neighbour's
 *     normal and this segment's), and skipped when it lies beyond the neighbour's normal: the neighbour owns it;
 *   - a normal leaning towards a flat or concave end is snapped to this segment's normal, because no corner exists
 *     there that could produce a sideways push.
 * Alternatives rejected: welding the terrain into polygons (only convex pieces, and their joints snag the same way),
 * or rounding the sliding shapes (softens the snag without removing it, and changes the user's shapes).
 *
 * Structure, as in Box2D v3: if the centroid of B is behind this segment and behind both convex neighbours, no
 * contact (one-sided). When the cores are apart (by more than a tenth of the slop) the closest features decide the
 * normal: vertex–vertex, segment end against a polygon edge, or segment face against a polygon vertex; each normal is
 * classified as above. When they overlap or nearly touch, a separating-axis test over this segment's normal, its
 * convex neighbours' normals and the admitted polygon normals picks the reference face; if a neighbour's normal
 * separates best the neighbour owns the contact. Finally the incident edge is clipped to the reference edge: two
 * points. This routine is its own code; only the method follows Box2D.
 */

// Scratch (module level: the narrowphase calls one pair at a time, so the routine need not be re-entrant). All
// doubles travel through typed arrays (docs/design/v8-hot-code.md, rule 1).
/** B's core in A's frame, relative to A's p1. */
const vertsB = new Float64Array(2 * MAX_POLYGON_VERTICES);
const normalsB = new Float64Array(2 * MAX_POLYGON_VERTICES);
const segmentScratch = new Float64Array(8);
const fractions = new Float64Array(3);
/**
 * The segment's neighbourhood for classifyNormal: [0,1] unit direction e1 of p1 → p2, [2,3] normal n0 of the edge
 * before p1, [4,5] normal n2 of the edge after p2, [6] 1 if p1 is a convex corner, [7] 1 if p2 is; [8,9] the normal
 * to classify.
 */
const smooth = new Float64Array(10);
/**
 * clipSegments input: [0..3] reference edge r1, r2; [4..7] incident edge i1, i2 (running against the reference);
 * [8,9] reference normal; [10] reference radius; [11] incident radius.
 */
const clip = new Float64Array(12);

/**
 * The working frame for polygonReference and shiftPoints: [0,1] p1 in A's frame (the working origin), [2,3] p2
 * relative to p1, [4,5] the segment normal n1, [6,7] and [8,9] the neighbour normals m0, m2 (n1 when not convex),
 * [10] B's radius.
 */
const frame = new Float64Array(11);

/** classifyNormal results. */
const SKIP = 0;
const ADMIT = 1;
const SNAP = 2;

/** An end counts as a convex corner when the chain turns by more than this (sine of the angle, ≈ 0.6°). */
const CONVEX_TOLERANCE = 0.01;
/** How far (sine) a normal may lean past a convex neighbour's normal and still be admitted. */
const SIN_TOLERANCE = 0.01;
/**
 * Core distance below which the cores count as touching and the separating-axis path runs, as a fraction of the linear
 * slop (the manifold's M_IN_LINEAR_SLOP).
 */
const APART_SLOP_FRACTION = 0.1;

/**
 * Chain segment (A) against polygon or capsule (B): both are 2..8-gons in the store (a capsule is a rounded 2-gon).
 * See the comment above for the method. Normal from A to B; feature ids are (segment vertex 0/1, polygon vertex),
 * named the same whichever face is the reference so that warm starting survives a change of reference.
 */
export function collideChainSegmentAndPolygon(
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
  const count = g.count[shapeB];
  const rB = g.radius[shapeB];

  // Segment relative to p1 (p1 = origin of the working frame).
  const ox = v[baseA];
  const oy = v[baseA + 1];
  const p2x = v[baseA + 2] - ox;
  const p2y = v[baseA + 3] - oy;
  const n1x = n[baseA];
  const n1y = n[baseA + 1];
  // Unit directions from the right normals: an edge runs along its normal turned left, (−ny, nx).
  const e1x = -n1y;
  const e1y = n1x;
  const n0x = n[baseA + 4];
  const n0y = n[baseA + 5];
  const n2x = n[baseA + 6];
  const n2y = n[baseA + 7];
  // Turning from the previous edge (−n0y, n0x) into e1, and from e1 into the next edge (−n2y, n2x): positive = convex.
  const convex1 = -n0y * e1y - n0x * e1x >= CONVEX_TOLERANCE;
  const convex2 = e1x * n2x + e1y * n2y >= CONVEX_TOLERANCE;
  smooth[0] = e1x;
  smooth[1] = e1y;
  smooth[2] = n0x;
  smooth[3] = n0y;
  smooth[4] = n2x;
  smooth[5] = n2y;
  smooth[6] = convex1 ? 1 : 0;
  smooth[7] = convex2 ? 1 : 0;

  // B into A's frame, relative to p1.
  const qc = cA * cB + sA * sB;
  const qs = cA * sB - sA * cB;
  const dx = xB - xA;
  const dy = yB - yA;
  const tx = cA * dx + sA * dy - ox;
  const ty = -sA * dx + cA * dy - oy;
  const lcx = g.centroid[2 * shapeB];
  const lcy = g.centroid[2 * shapeB + 1];
  const centroidX = qc * lcx - qs * lcy + tx;
  const centroidY = qs * lcx + qc * lcy + ty;

  // One-sided: B's centroid behind this segment and behind every convex neighbour means B is on the solid side.
  const behind1 = n1x * centroidX + n1y * centroidY < 0;
  const behind0 = convex1 ? n0x * centroidX + n0y * centroidY < 0 : true;
  const behind2 = convex2 ? n2x * (centroidX - p2x) + n2y * (centroidY - p2y) < 0 : true;
  if (behind1 && behind0 && behind2) {
    out[M_COUNT] = 0;
    return;
  }

  for (let i = 0; i < 2 * count; i += 2) {
    const x = v[baseB + i];
    const y = v[baseB + i + 1];
    vertsB[i] = qc * x - qs * y + tx;
    vertsB[i + 1] = qs * x + qc * y + ty;
    const nx = n[baseB + i];
    const ny = n[baseB + i + 1];
    normalsB[i] = qc * nx - qs * ny;
    normalsB[i + 1] = qs * nx + qc * ny;
  }

  // Closest features of the segment and B's core: the closest pair over B's edges.
  segmentScratch[0] = 0;
  segmentScratch[1] = 0;
  segmentScratch[2] = p2x;
  segmentScratch[3] = p2y;
  let distanceSq = 1e300;
  let edge = 0;
  let f1 = 0;
  let f2 = 0;
  for (let i = 0; i < count; i++) {
    const j = i + 1 < count ? i + 1 : 0;
    segmentScratch[4] = vertsB[2 * i];
    segmentScratch[5] = vertsB[2 * i + 1];
    segmentScratch[6] = vertsB[2 * j];
    segmentScratch[7] = vertsB[2 * j + 1];
    segmentDistance(segmentScratch, fractions);
    if (fractions[2] < distanceSq) {
      distanceSq = fractions[2];
      edge = i;
      f1 = fractions[0];
      f2 = fractions[1];
    }
  }
  let distance = Math.sqrt(distanceSq);
  if (count >= 3 && distance > 0) {
    // A segment wholly inside B's core crosses no edge: p1 inside every edge's half-plane means overlap.
    let inside = true;
    for (let i = 0; i < count; i++) {
      if (normalsB[2 * i] * -vertsB[2 * i] + normalsB[2 * i + 1] * -vertsB[2 * i + 1] > 0) {
        inside = false;
        break;
      }
    }
    if (inside) distance = 0;
  }
  if (distance > rB + out[M_IN_SPECULATIVE]) {
    out[M_COUNT] = 0;
    return;
  }

  // Normals of the neighbours as they matter for "is the neighbour the incident face": a flat or concave neighbour
  // can never be more anti-parallel to B's face than this segment is, so it stands in as this segment's normal.
  frame[0] = ox;
  frame[1] = oy;
  frame[2] = p2x;
  frame[3] = p2y;
  frame[4] = n1x;
  frame[5] = n1y;
  frame[6] = convex1 ? n0x : n1x;
  frame[7] = convex1 ? n0y : n1y;
  frame[8] = convex2 ? n2x : n1x;
  frame[9] = convex2 ? n2y : n1y;
  frame[10] = rB;

  // Outcome of the feature analysis: a polygon vertex whose adjacent edge is incident on this segment's face, or a
  // polygon edge that is incident directly.
  let incidentVertex = -1;
  let incidentEdge = -1;

  if (!behind1 && distance > APART_SLOP_FRACTION * out[M_IN_LINEAR_SLOP]) {
    const j = edge + 1 < count ? edge + 1 : 0;
    const atEndA = f1 === 0 || f1 === 1;
    const atEndB = f2 === 0 || f2 === 1;
    if (atEndA && atEndB) {
      // Segment end against polygon vertex.
      const ax = f1 === 0 ? 0 : p2x;
      const ay = f1 === 0 ? 0 : p2y;
      const vb = f2 === 0 ? edge : j;
      const nx = (vertsB[2 * vb] - ax) / distance;
      const ny = (vertsB[2 * vb + 1] - ay) / distance;
      smooth[8] = nx;
      smooth[9] = ny;
      const kind = classifyNormal();
      if (kind === SKIP) {
        out[M_COUNT] = 0;
        return;
      }
      if (kind === ADMIT) {
        // A real corner: one point, midway between the vertex and B's rounded surface.
        const t = 0.5 * (distance - rB);
        out[M_NORMAL_X] = nx;
        out[M_NORMAL_Y] = ny;
        const o = M_HEADER;
        out[o + MP_POINT_X] = ox + ax + t * nx;
        out[o + MP_POINT_Y] = oy + ay + t * ny;
        out[o + MP_SEPARATION] = distance - rB;
        out[o + MP_ID] = makeFeatureId(f1 === 0 ? 0 : 1, vb);
        finishManifold(out, 1, pose);
        return;
      }
      incidentVertex = vb;
    } else if (atEndA) {
      // Segment end against the inside of polygon edge `edge`. A 2-gon lists its one edge twice, facing both ways:
      // take the side that faces the segment end.
      let eb = edge;
      const ax = f1 === 0 ? 0 : p2x;
      const ay = f1 === 0 ? 0 : p2y;
      if (normalsB[2 * eb] * (ax - vertsB[2 * eb]) + normalsB[2 * eb + 1] * (ay - vertsB[2 * eb + 1]) < 0) {
        eb = eb + 1 < count ? eb + 1 : 0;
      }
      smooth[8] = -normalsB[2 * eb];
      smooth[9] = -normalsB[2 * eb + 1];
      const kind = classifyNormal();
      if (kind === SKIP) {
        out[M_COUNT] = 0;
        return;
      }
      if (kind === ADMIT) {
        finishManifold(out, polygonReference(eb, count, out), pose);
        return;
      }
      incidentEdge = eb;
    } else if (atEndB) {
      // Segment face against polygon vertex.
      incidentVertex = f2 === 0 ? edge : j;
    } else {
      // Parallel edges: the deeper end of B's edge along this segment's normal.
      const d1 = n1x * vertsB[2 * edge] + n1y * vertsB[2 * edge + 1];
      const d2 = n1x * vertsB[2 * j] + n1y * vertsB[2 * j + 1];
      incidentVertex = d1 < d2 ? edge : j;
    }
  } else {
    // Separating axes. This segment's normal first; B's deepest vertex along it is the incident vertex.
    let edgeSeparation = 1e300;
    for (let i = 0; i < count; i++) {
      const s = n1x * vertsB[2 * i] + n1y * vertsB[2 * i + 1];
      if (s < edgeSeparation) {
        edgeSeparation = s;
        incidentVertex = i;
      }
    }
    // A convex neighbour that separates B better owns the contact (it will report it itself).
    if (convex1) {
      let s0 = 1e300;
      for (let i = 0; i < count; i++) s0 = Math.min(s0, n0x * vertsB[2 * i] + n0y * vertsB[2 * i + 1]);
      if (s0 > edgeSeparation) {
        edgeSeparation = s0;
        incidentVertex = -1;
      }
    }
    if (convex2) {
      let s2 = 1e300;
      for (let i = 0; i < count; i++) {
        s2 = Math.min(s2, n2x * (vertsB[2 * i] - p2x) + n2y * (vertsB[2 * i + 1] - p2y));
      }
      if (s2 > edgeSeparation) {
        edgeSeparation = s2;
        incidentVertex = -1;
      }
    }
    // B's face normals, those the neighbourhood admits.
    let polygonSeparation = -1e300;
    let reference = -1;
    for (let i = 0; i < count; i++) {
      const nx = normalsB[2 * i];
      const ny = normalsB[2 * i + 1];
      smooth[8] = -nx;
      smooth[9] = -ny;
      if (classifyNormal() !== ADMIT) continue;
      const bx = vertsB[2 * i];
      const by = vertsB[2 * i + 1];
      const s = Math.min(nx * -bx + ny * -by, nx * (p2x - bx) + ny * (p2y - by));
      if (s > polygonSeparation) {
        polygonSeparation = s;
        reference = i;
      }
    }
    if (polygonSeparation > edgeSeparation) {
      finishManifold(out, polygonReference(reference, count, out), pose);
      return;
    }
    if (incidentVertex === -1) {
      out[M_COUNT] = 0;
      return;
    }
  }

  // This segment's face is the reference. The incident edge is the given one, or of the two edges at the incident
  // vertex the one more anti-parallel to the segment normal.
  if (incidentEdge === -1) {
    const prev = incidentVertex > 0 ? incidentVertex - 1 : count - 1;
    const dPrev = n1x * normalsB[2 * prev] + n1y * normalsB[2 * prev + 1];
    const dNext = n1x * normalsB[2 * incidentVertex] + n1y * normalsB[2 * incidentVertex + 1];
    incidentEdge = dPrev < dNext ? prev : incidentVertex;
  }
  const ib1 = incidentEdge;
  const ib2 = incidentEdge + 1 < count ? incidentEdge + 1 : 0;
  clip[0] = 0;
  clip[1] = 0;
  clip[2] = p2x;
  clip[3] = p2y;
  clip[4] = vertsB[2 * ib1];
  clip[5] = vertsB[2 * ib1 + 1];
  clip[6] = vertsB[2 * ib2];
  clip[7] = vertsB[2 * ib2 + 1];
  clip[8] = n1x;
  clip[9] = n1y;
  clip[10] = 0;
  clip[11] = rB;
  // Lower point: from B's vertex ib2, at the p1 end; upper: from ib1, at the p2 end.
  const kept = clipSegments(makeFeatureId(0, ib2), makeFeatureId(1, ib1), out);
  if (kept > 0) {
    out[M_NORMAL_X] = n1x;
    out[M_NORMAL_Y] = n1y;
    shiftPoints(out);
  }
  finishManifold(out, kept, pose);
}

/**
 * Where the normal `smooth[8..9]` (from the segment towards B) stands in the segment's neighbourhood: ADMIT (a
 * direction this segment may push along), SKIP (beyond a convex neighbour's normal: the neighbour's contact) or
 * SNAP (towards a flat or concave end: use the segment normal instead).
 */
function classifyNormal(): number {
  const nx = smooth[8];
  const ny = smooth[9];
  if (nx * smooth[0] + ny * smooth[1] <= 0) {
    // Leans back, towards p1. Inside the corner's wedge means turned counter-clockwise from the neighbour's normal.
    if (smooth[6] === 0) return SNAP;
    return nx * smooth[3] - ny * smooth[2] > SIN_TOLERANCE ? SKIP : ADMIT;
  }
  // Leans forward, towards p2: inside the wedge means turned clockwise from the next neighbour's normal.
  if (smooth[7] === 0) return SNAP;
  return smooth[4] * ny - smooth[5] * nx > SIN_TOLERANCE ? SKIP : ADMIT;
}

/**
 * B's edge `ref` (vertices b1 → b2, normal nB) is the reference face and the segment (from `frame`) the incident
 * edge. If a neighbour of the segment is more anti-parallel to nB than the segment itself, the neighbour is the
 * incident face and reports the contact: 0 points here. Otherwise clips, writes up to two points and the normal −nB.
 * Returns the point count.
 */
function polygonReference(ref: number, count: number, out: Float64Array): number {
  const p2x = frame[2];
  const p2y = frame[3];
  const ib1 = ref;
  const ib2 = ref + 1 < count ? ref + 1 : 0;
  const b1x = vertsB[2 * ib1];
  const b1y = vertsB[2 * ib1 + 1];
  const nx = normalsB[2 * ib1];
  const ny = normalsB[2 * ib1 + 1];
  // Which segment end is deeper against the face decides which neighbour to compare with.
  const depth1 = nx * -b1x + ny * -b1y;
  const depth2 = nx * (p2x - b1x) + ny * (p2y - b1y);
  const own = frame[4] * nx + frame[5] * ny;
  const neighbour = depth1 < depth2 ? frame[6] * nx + frame[7] * ny : frame[8] * nx + frame[9] * ny;
  if (neighbour < own) return 0;
  clip[0] = b1x;
  clip[1] = b1y;
  clip[2] = vertsB[2 * ib2];
  clip[3] = vertsB[2 * ib2 + 1];
  clip[4] = 0;
  clip[5] = 0;
  clip[6] = p2x;
  clip[7] = p2y;
  clip[8] = nx;
  clip[9] = ny;
  clip[10] = frame[10];
  clip[11] = 0;
  // Lower point: from p2, at B's vertex ib1; upper: from p1, at ib2 (the same names the segment reference gives).
  const kept = clipSegments(makeFeatureId(1, ib1), makeFeatureId(0, ib2), out);
  if (kept > 0) {
    out[M_NORMAL_X] = -nx;
    out[M_NORMAL_Y] = -ny;
    shiftPoints(out);
  }
  return kept;
}

/**
 * Clips the incident edge clip[4..7] (i1 → i2, running against the reference edge) to the extent of the reference
 * edge clip[0..3] (r1 → r2, normal clip[8..9], along its normal turned left) and writes two local points into `out`
 * (slots 0, 1: the lower and upper end along the reference edge), each midway between the two rounded surfaces,
 * with its separation and the given id. Returns 2, or 0 when the edges do not overlap along the reference edge.
 */
function clipSegments(idLower: number, idUpper: number, out: Float64Array): number {
  const r1x = clip[0];
  const r1y = clip[1];
  const nx = clip[8];
  const ny = clip[9];
  const rRef = clip[10];
  const rInc = clip[11];
  const i1x = clip[4];
  const i1y = clip[5];
  const i2x = clip[6];
  const i2y = clip[7];
  const tx = -ny;
  const ty = nx;
  const upperRef = (clip[2] - r1x) * tx + (clip[3] - r1y) * ty;
  const upperInc = (i1x - r1x) * tx + (i1y - r1y) * ty;
  const lowerInc = (i2x - r1x) * tx + (i2y - r1y) * ty;
  if (upperInc < 0 || upperRef < lowerInc) return 0;
  const span = upperInc - lowerInc;
  let lx = i2x;
  let ly = i2y;
  if (lowerInc < 0 && span > 1e-12) {
    const t = -lowerInc / span;
    lx = i2x + t * (i1x - i2x);
    ly = i2y + t * (i1y - i2y);
  }
  let ux = i1x;
  let uy = i1y;
  if (upperInc > upperRef && span > 1e-12) {
    const t = (upperRef - lowerInc) / span;
    ux = i2x + t * (i1x - i2x);
    uy = i2y + t * (i1y - i2y);
  }
  const sepLower = (lx - r1x) * nx + (ly - r1y) * ny;
  const sepUpper = (ux - r1x) * nx + (uy - r1y) * ny;
  let t = 0.5 * (rRef - rInc - sepLower);
  lx += t * nx;
  ly += t * ny;
  t = 0.5 * (rRef - rInc - sepUpper);
  ux += t * nx;
  uy += t * ny;
  const radius = rRef + rInc;
  const p0 = M_HEADER;
  const p1 = M_HEADER + MP_STRIDE;
  out[p0 + MP_POINT_X] = lx;
  out[p0 + MP_POINT_Y] = ly;
  out[p0 + MP_SEPARATION] = sepLower - radius;
  out[p0 + MP_ID] = idLower;
  out[p1 + MP_POINT_X] = ux;
  out[p1 + MP_POINT_Y] = uy;
  out[p1 + MP_SEPARATION] = sepUpper - radius;
  out[p1 + MP_ID] = idUpper;
  return 2;
}

/** Moves the two local points from the p1-relative working frame back to A's frame. */
function shiftPoints(out: Float64Array): void {
  const ox = frame[0];
  const oy = frame[1];
  for (let i = 0; i < 2; i++) {
    out[M_HEADER + i * MP_STRIDE + MP_POINT_X] += ox;
    out[M_HEADER + i * MP_STRIDE + MP_POINT_Y] += oy;
  }
}
