// Property tests (fast-check) of the pure collision and geometry routines: random shapes and poses, bounded runs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LINEAR_SLOP, SPECULATIVE_DISTANCE } from '../src/settings.js';
import {
  GeometryStore,
  computeMassData,
  makeBox,
  makeCapsule,
  makeCircle,
  makePolygon,
  makeRoundedBox,
  makeSegment,
  writeGeometry,
  type ShapeGeometry,
} from '../src/geometry/index.js';
import { SAT_BOXES, SAT_GENERAL, SAT_QUADS, setQuadPath } from '../src/collision/collide-polygons.js';
import {
  collideShapes,
  createManifold,
  createSweep,
  createToiInput,
  createToiOutput,
  M_HEADER,
  MP_STRIDE,
  MP_ID,
  MP_SEPARATION,
  M_COUNT,
  M_NORMAL_X,
  M_NORMAL_Y,
  SWEEP_C0X,
  SWEEP_C0Y,
  SWEEP_C1X,
  SWEEP_C1Y,
  SWEEP_Q0C,
  SWEEP_Q0S,
  SWEEP_Q1C,
  SWEEP_Q1S,
  sweepPose,
  timeOfImpact,
  TOI_FRACTION,
  TOI_STATE,
  TOI_STATE_HIT,
} from '../src/collision/index.js';
import { coreDistance, createCore, D_DISTANCE, loadCore } from '../src/collision/shape-distance.js';

const RUNS = { numRuns: 300, seed: 20261123 };

const size = fc.double({ min: 0.05, max: 3, noNaN: true });
const coord = fc.double({ min: -3, max: 3, noNaN: true });
const angle = fc.double({ min: -Math.PI, max: Math.PI, noNaN: true });

/** A solid shape (no segments or chains: they have no inside, so "penetration" is not defined for them). */
const solid: fc.Arbitrary<ShapeGeometry> = fc.oneof(
  size.map((r) => makeCircle(r)),
  fc.tuple(size, size).map(([l, r]) => makeCapsule({ x: 0, y: -l / 2 }, { x: 0, y: l / 2 }, r / 2)),
  fc.tuple(size, size).map(([hx, hy]) => makeBox(hx, hy)),
  fc.tuple(size, size, fc.double({ min: 0.01, max: 0.3, noNaN: true })).map(([hx, hy, r]) => makeRoundedBox(hx, hy, r)),
  fc.array(fc.tuple(coord, coord), { minLength: 3, maxLength: 8 }).map((pts) => {
    try {
      return makePolygon(pts.map(([x, y]) => ({ x, y })));
    } catch {
      return makeBox(0.5, 0.25); // degenerate clouds are refused; the hull tests below cover those
    }
  }),
);
const anyShape = fc.oneof(
  solid,
  fc
    .tuple(coord, coord, coord, coord)
    .map(([a, b, c, d]) =>
      Math.hypot(c - a, d - b) > 0.01 ? makeSegment({ x: a, y: b }, { x: c, y: d }) : makeCircle(0.2),
    ),
);
const pose = fc.tuple(coord, coord, angle);

function store2(a: ShapeGeometry, b: ShapeGeometry): GeometryStore {
  const g = new GeometryStore();
  writeGeometry(g, 0, a);
  writeGeometry(g, 1, b);
  return g;
}

function collide(g: GeometryStore, a: number, pa: number[], b: number, pb: number[]): Float64Array {
  const out = createManifold();
  collideShapes(
    g,
    a,
    pa[0],
    pa[1],
    Math.cos(pa[2]),
    Math.sin(pa[2]),
    b,
    pb[0],
    pb[1],
    Math.cos(pb[2]),
    Math.sin(pb[2]),
    out,
  );
  return out;
}

function separations(m: Float64Array): number[] {
  const s: number[] = [];
  for (let i = 0; i < m[M_COUNT]; i++) s.push(m[M_HEADER + i * MP_STRIDE + MP_SEPARATION]);
  return s.sort((x, y) => x - y);
}

/** Distance between the rounded shapes (core distance − radii), or null when the cores intersect. */
function distance(g: GeometryStore, a: ShapeGeometry, pa: number[], b: ShapeGeometry, pb: number[]): number | null {
  const ca = createCore();
  const cb = createCore();
  loadCore(g, 0, new Float64Array([pa[0], pa[1], Math.cos(pa[2]), Math.sin(pa[2])]), ca);
  loadCore(g, 1, new Float64Array([pb[0], pb[1], Math.cos(pb[2]), Math.sin(pb[2])]), cb);
  const out = new Float64Array(5);
  coreDistance(ca, cb, out);
  return out[D_DISTANCE] > 0 ? out[D_DISTANCE] - a.radius - b.radius : null;
}

function toiCase(a: ShapeGeometry, pa: number[], b: ShapeGeometry, pb0: number[], pb1: number[]): void {
  const g = store2(a, b);
  // B sweeps from a pose 5 to 11 m to the right across A's neighbourhood; A stays put.
  const sweepA = createSweep();
  sweepA[SWEEP_C0X] = sweepA[SWEEP_C1X] = pa[0];
  sweepA[SWEEP_C0Y] = sweepA[SWEEP_C1Y] = pa[1];
  sweepA[SWEEP_Q0C] = sweepA[SWEEP_Q1C] = Math.cos(pa[2]);
  sweepA[SWEEP_Q0S] = sweepA[SWEEP_Q1S] = Math.sin(pa[2]);
  const sweepB = createSweep();
  sweepB[SWEEP_C0X] = pb0[0] + 8;
  sweepB[SWEEP_C0Y] = pb0[1];
  sweepB[SWEEP_Q0C] = Math.cos(pb0[2]);
  sweepB[SWEEP_Q0S] = Math.sin(pb0[2]);
  sweepB[SWEEP_C1X] = pb1[0];
  sweepB[SWEEP_C1Y] = pb1[1];
  sweepB[SWEEP_Q1C] = Math.cos(pb1[2]);
  sweepB[SWEEP_Q1S] = Math.sin(pb1[2]);
  // timeOfImpact takes body-local cores (identity pose) and moves them by the sweeps.
  const identity = new Float64Array([0, 0, 1, 0]);
  const localA = createCore();
  const localB = createCore();
  loadCore(g, 0, identity, localA);
  loadCore(g, 1, identity, localB);
  const out = createToiOutput();
  const input = createToiInput();
  timeOfImpact(localA, sweepA, localB, sweepB, input, out);
  const poseA = new Float64Array(6);
  const poseB = new Float64Array(6);
  const coreA = createCore();
  const coreB = createCore();
  fc.pre(out[TOI_STATE] === TOI_STATE_HIT && out[TOI_FRACTION] > 0);
  const f = new Float64Array([out[TOI_FRACTION]]);
  sweepPose(sweepA, f, 0, poseA);
  sweepPose(sweepB, f, 0, poseB);
  loadCore(g, 0, poseA, coreA);
  loadCore(g, 1, poseB, coreB);
  const dist = new Float64Array(5);
  coreDistance(coreA, coreB, dist);
  const gap = dist[D_DISTANCE] - a.radius - b.radius;
  // The search accepts [target − tolerance, target + tolerance] (target = LINEAR_SLOP, tolerance LINEAR_SLOP / 4).
  expect(gap).toBeGreaterThanOrEqual(LINEAR_SLOP - 0.25 * LINEAR_SLOP - 1e-6);
}

describe('collision properties', () => {
  it('swapping A and B mirrors the manifold: normal negated, same point count and separations', () => {
    fc.assert(
      fc.property(anyShape, pose, anyShape, pose, (a, pa, b, pb) => {
        // Coincident origins leave the normal undefined (any direction is as good); skip that measure-zero case.
        fc.pre(Math.hypot(pa[0] - pb[0], pa[1] - pb[1]) > 1e-6);
        const g = store2(a, b);
        const m1 = collide(g, 0, pa, 1, pb);
        const m2 = collide(g, 1, pb, 0, pa);
        expect(m2[M_COUNT]).toBe(m1[M_COUNT]);
        if (m1[M_COUNT] === 0) return;
        const s1 = separations(m1);
        const s2 = separations(m2);
        const mirrored = Math.hypot(m2[M_NORMAL_X] + m1[M_NORMAL_X], m2[M_NORMAL_Y] + m1[M_NORMAL_Y]) < 1e-9;
        if (mirrored) {
          for (let i = 0; i < s1.length; i++) expect(s2[i]).toBeCloseTo(s1[i], 9);
        } else {
          // Two reference faces whose separations tie within the polygon routine's tolerance (Box2D: 0.1 linear
          // slop, favouring A's face) may be picked differently in the two orders; the depth then still agrees.
          expect(Math.abs(s2[0] - s1[0])).toBeLessThanOrEqual(0.1 * LINEAR_SLOP + 1e-9);
        }
      }),
      RUNS,
    );
  });

  it('manifold normals are unit length and at most two points are reported', () => {
    fc.assert(
      fc.property(anyShape, pose, anyShape, pose, (a, pa, b, pb) => {
        const m = collide(store2(a, b), 0, pa, 1, pb);
        expect(m[M_COUNT]).toBeLessThanOrEqual(2);
        if (m[M_COUNT] > 0) expect(Math.hypot(m[M_NORMAL_X], m[M_NORMAL_Y])).toBeCloseTo(1, 12);
      }),
      RUNS,
    );
  });

  it('for separated solid shapes the smallest separation never exceeds the distance, and near shapes get points', () => {
    fc.assert(
      fc.property(solid, pose, solid, pose, (a, pa, b, pb) => {
        const g = store2(a, b);
        const d = distance(g, a, pa, b, pb);
        fc.pre(d !== null && d >= 0);
        const m = collide(g, 0, pa, 1, pb);
        if (d! < 0.5 * SPECULATIVE_DISTANCE) expect(m[M_COUNT]).toBeGreaterThan(0);
        if (m[M_COUNT] === 0) return;
        // Separation is measured along the manifold normal, so it can only under-estimate the distance (a corner
        // against a corner); for round shapes the two agree.
        expect(separations(m)[0]).toBeLessThanOrEqual(d! + 1e-9);
        if (a.type === 0 && b.type === 0) expect(separations(m)[0]).toBeCloseTo(d!, 9);
      }),
      { ...RUNS, numRuns: 400 },
    );
  });

  it('two quadrilaterals give the same bits through the written-out path as through the general loops', () => {
    // Boxes (centred, offset, turned, rounded) and quadrilateral hulls, near each other (most pairs touch or are
    // within reach, so the clipping that follows sees the scratch the written-out path leaves).
    const quad: fc.Arbitrary<ShapeGeometry> = fc.oneof(
      fc.tuple(size, size).map(([hx, hy]) => makeBox(hx, hy)),
      fc.tuple(size, size, coord, coord, angle).map(([hx, hy, x, y, a]) => makeBox(hx, hy, { x: x / 3, y: y / 3 }, a)),
      fc
        .tuple(size, size, fc.double({ min: 0.01, max: 0.3, noNaN: true }))
        .map(([hx, hy, r]) => makeRoundedBox(hx, hy, r)),
      fc.tuple(coord, coord, coord, coord).map(([a, b, c, d]) => {
        try {
          const g = makePolygon([
            { x: -1 - Math.abs(a) / 3, y: b / 3 },
            { x: c / 3, y: -1 - Math.abs(d) / 3 },
            { x: 1 + Math.abs(b) / 3, y: a / 3 },
            { x: d / 3, y: 1 + Math.abs(c) / 3 },
          ]);
          return g.count === 4 ? g : makeBox(0.5, 0.25);
        } catch {
          return makeBox(0.5, 0.25);
        }
      }),
    );
    const near = fc.tuple(
      fc.double({ min: -2.5, max: 2.5, noNaN: true }),
      fc.double({ min: -2.5, max: 2.5, noNaN: true }),
      angle,
    );
    fc.assert(
      fc.property(quad, quad, pose, near, (a, b, pa, d) => {
        const g = store2(a, b);
        const pb = [pa[0] + d[0], pa[1] + d[1], d[2]];
        try {
          setQuadPath(SAT_QUADS);
          const written = collide(g, 0, pa, 1, pb);
          setQuadPath(SAT_GENERAL);
          const general = collide(g, 0, pa, 1, pb);
          expect(Array.from(written)).toEqual(Array.from(general));
        } finally {
          setQuadPath(SAT_BOXES);
        }
      }),
      { numRuns: 2000, seed: 20261126 },
    );
  });

  it('two centred boxes give the manifold of the quadrilateral path from their half-extents, up to rounding', () => {
    const box: fc.Arbitrary<ShapeGeometry> = fc.oneof(
      fc.tuple(size, size).map(([hx, hy]) => makeBox(hx, hy)),
      fc
        .tuple(size, size, fc.double({ min: 0.01, max: 0.3, noNaN: true }))
        .map(([hx, hy, r]) => makeRoundedBox(hx, hy, r)),
    );
    // B's offset from A, and its turn relative to A: aligned (resting stacks), a quarter turn, or any.
    const offset = fc
      .tuple(fc.double({ min: 0.002, max: 2.5, noNaN: true }), fc.boolean())
      .map(([x, negative]) => (negative ? -x : x));
    const near = fc.tuple(offset, offset, fc.oneof(fc.constant(0), fc.constant(Math.PI / 2), angle));
    let touching = 0;
    fc.assert(
      fc.property(box, box, pose, near, (a, b, pa, d) => {
        // Where two faces tie exactly (concentric boxes, offsets of equal size along both axes) either is a right
        // answer, and rounding decides between them differently on the two paths: such symmetric poses are left out.
        fc.pre(Math.abs(Math.abs(d[0]) - Math.abs(d[1])) > 1e-3);
        const g = store2(a, b);
        const pb = [pa[0] + d[0], pa[1] + d[1], pa[2] + d[2]];
        const boxes = collide(g, 0, pa, 1, pb);
        let quads: Float64Array;
        try {
          setQuadPath(SAT_QUADS);
          quads = collide(g, 0, pa, 1, pb);
        } finally {
          setQuadPath(SAT_BOXES);
        }
        const count = quads[M_COUNT];
        expect(boxes[M_COUNT]).toBe(count);
        if (count > 0) touching++;
        // Same reference face and features (ids), normal and points equal to a few ulps of the scene's size.
        const close = (x: number, y: number): void => expect(Math.abs(x - y)).toBeLessThan(1e-12);
        close(boxes[M_NORMAL_X], quads[M_NORMAL_X]);
        close(boxes[M_NORMAL_Y], quads[M_NORMAL_Y]);
        for (let i = 0; i < count; i++) {
          const o = M_HEADER + i * MP_STRIDE;
          expect(boxes[o + MP_ID]).toBe(quads[o + MP_ID]);
          for (let k = 0; k < MP_STRIDE; k++) close(boxes[o + k], quads[o + k]);
        }
      }),
      { numRuns: 3000, seed: 20261126 },
    );
    // Most pairs are near enough to touch: the comparison covers the clipping that follows the tests.
    expect(touching).toBeGreaterThan(1000);
  });

  it('time of impact never overshoots: at the reported fraction the shapes are apart by at least the target', () => {
    fc.assert(
      fc.property(solid, pose, solid, pose, pose, (a, pa, b, pb0, pb1) => toiCase(a, pa, b, pb0, pb1)),
      { ...RUNS, numRuns: 200 },
    );
  });
});

describe('hull and mass properties', () => {
  const cloud = fc.array(fc.tuple(coord, coord), { minLength: 3, maxLength: 12 });

  function massOf(geometry: ShapeGeometry): Float64Array {
    const g = new GeometryStore();
    writeGeometry(g, 0, geometry);
    const out = new Float64Array(4);
    computeMassData(g, 0, 1, out);
    return out;
  }

  /** Whether (x, y) is inside the convex polygon (counter-clockwise vertices), within `tol`. */
  function inside(v: Float64Array, n: number, x: number, y: number, tol: number): boolean {
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      const ex = v[2 * j] - v[2 * i];
      const ey = v[2 * j + 1] - v[2 * i + 1];
      if (ex * (y - v[2 * i + 1]) - ey * (x - v[2 * i]) < -tol) return false;
    }
    return true;
  }

  it('a hull is convex and counter-clockwise, or the cloud is refused as degenerate', () => {
    fc.assert(
      fc.property(cloud, (pts) => {
        let poly: ShapeGeometry;
        try {
          poly = makePolygon(pts.map(([x, y]) => ({ x, y })));
        } catch (error) {
          expect((error as { code?: string }).code).toBe('DEGENERATE_POLYGON');
          return;
        }
        const n = poly.count;
        expect(n).toBeGreaterThanOrEqual(3);
        expect(n).toBeLessThanOrEqual(8);
        for (let i = 0; i < n; i++) {
          // Every vertex lies on the inner side of every edge.
          for (let k = 0; k < n; k++)
            expect(inside(poly.vertices, n, poly.vertices[2 * k], poly.vertices[2 * k + 1], 1e-9)).toBe(true);
          expect(Math.hypot(poly.normals[2 * i], poly.normals[2 * i + 1])).toBeCloseTo(1, 12);
        }
      }),
      RUNS,
    );
  });

  it('mass is positive, inertia about the centroid non-negative, the centroid inside the hull', () => {
    fc.assert(
      fc.property(cloud, fc.double({ min: 0, max: 0.5, noNaN: true }), (pts, radius) => {
        let poly: ShapeGeometry;
        try {
          poly = makePolygon(
            pts.map(([x, y]) => ({ x, y })),
            radius,
          );
        } catch {
          return;
        }
        const m = massOf(poly);
        expect(m[0]).toBeGreaterThan(0);
        expect(m[3]).toBeGreaterThanOrEqual(0);
        expect(inside(poly.vertices, poly.count, m[1], m[2], 1e-9)).toBe(true);
      }),
      RUNS,
    );
  });

  it('mass properties are invariant under translation and rotation of the points', () => {
    fc.assert(
      fc.property(cloud, coord, coord, angle, (pts, tx, ty, a) => {
        const c = Math.cos(a);
        const s = Math.sin(a);
        let p1: ShapeGeometry;
        let p2: ShapeGeometry;
        try {
          p1 = makePolygon(pts.map(([x, y]) => ({ x, y })));
          p2 = makePolygon(pts.map(([x, y]) => ({ x: c * x - s * y + tx, y: s * x + c * y + ty })));
        } catch {
          return;
        }
        // Hull clean-up (welding, near-collinear removal) works in absolute tolerances, so a transformed cloud can
        // keep a different vertex set; compare only when both hulls kept the same number of vertices.
        fc.pre(p1.count === p2.count);
        const m1 = massOf(p1);
        const m2 = massOf(p2);
        const scale = Math.max(1, m1[0]);
        expect(m2[0]).toBeCloseTo(m1[0], 9);
        expect(m2[3] / scale).toBeCloseTo(m1[3] / scale, 8);
        expect(m2[1]).toBeCloseTo(c * m1[1] - s * m1[2] + tx, 9);
        expect(m2[2]).toBeCloseTo(s * m1[1] + c * m1[2] + ty, 9);
      }),
      RUNS,
    );
  });
});
