import { describe, expect, it } from 'vitest';
import { makeBox, makeCapsule, makeCircle, makePolygon, makeRoundedBox, makeSegment } from '../src/geometry/index.js';
import {
  M_COUNT,
  M_NORMAL_X,
  M_NORMAL_Y,
  collideFunctions,
  collidePolygons,
  isPrimaryPair,
  makeFeatureId,
} from '../src/collision/index.js';
import { ShapeType, SHAPE_TYPE_COUNT } from '../src/geometry/index.js';

import { collide, expectNormal, expectSymmetric, normal, pt, storeOf, type Pose } from './helpers/collide.js';

function seps(m: Float64Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < m[M_COUNT]; i++) out.push(pt(m, i).sep);
  return out;
}

function ids(m: Float64Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < m[M_COUNT]; i++) out.push(pt(m, i).id);
  return out;
}

describe('polygon–polygon', () => {
  const store = storeOf(
    makeBox(1, 0.5), // 0: ground-ish box
    makeBox(0.5, 0.5), // 1: small box
    makeBox(0.5, 0.5), // 2: twin of 1
    makeRoundedBox(0.5, 0.5, 0.1), // 3
    makeRoundedBox(0.5, 0.5, 0.1), // 4
    makePolygon([
      { x: -0.5, y: -0.4 },
      { x: 0.6, y: -0.4 },
      { x: 0, y: 0.6 },
    ]), // 5: triangle
  );
  const O: Pose = [0, 0, 0];

  it('separated beyond the speculative distance: no points', () => {
    expect(collide(store, 0, O, 1, [0.2, 1.03, 0])[M_COUNT]).toBe(0);
    expect(collide(store, 0, O, 1, [3, 0, 0])[M_COUNT]).toBe(0);
  });

  it('resting box on box: two points at the small box corners, normal up, separation 0', () => {
    const m = collide(store, 0, O, 1, [0.2, 1, 0]);
    expect(m[M_COUNT]).toBe(2);
    expectNormal(m, 0, 1, 14);
    const xs = [pt(m, 0).x, pt(m, 1).x].sort((a, b) => a - b);
    expect(xs[0]).toBeCloseTo(-0.3, 12);
    expect(xs[1]).toBeCloseTo(0.7, 12);
    expect(pt(m, 0).y).toBeCloseTo(0.5, 12);
    expect(seps(m)[0]).toBeCloseTo(0, 12);
    expect(seps(m)[1]).toBeCloseTo(0, 12);
    expect(new Set(ids(m)).size).toBe(2);
  });

  it('speculative gap and deep overlap give the analytic separations', () => {
    let m = collide(store, 0, O, 1, [0.2, 1.01, 0]);
    expect(m[M_COUNT]).toBe(2);
    expect(seps(m)[0]).toBeCloseTo(0.01, 12);
    expect(seps(m)[1]).toBeCloseTo(0.01, 12);
    // Points lie midway between the surfaces.
    expect(pt(m, 0).y).toBeCloseTo(0.505, 12);
    m = collide(store, 0, O, 1, [0.2, 0.8, 0]);
    expect(m[M_COUNT]).toBe(2);
    expectNormal(m, 0, 1, 14);
    expect(seps(m)[0]).toBeCloseTo(-0.2, 12);
    expect(seps(m)[1]).toBeCloseTo(-0.2, 12);
  });

  it('tilted box: each corner separation is its height above the face, far corner dropped', () => {
    const a = 0.1;
    const c = Math.cos(a);
    const s = Math.sin(a);
    const py = 0.5 + 0.5 * c + 0.5 * s - 0.004; // lowest corner (−0.5,−0.5) sits 4 mm into the ground box
    const m = collide(store, 0, O, 1, [0, py, a]);
    const cornerY = (lx: number, ly: number) => py + s * lx + c * ly;
    expect(m[M_COUNT]).toBe(1); // the other corner is 0.0998 up: beyond the speculative distance
    expectNormal(m, 0, 1, 14);
    expect(pt(m, 0).sep).toBeCloseTo(cornerY(-0.5, -0.5) - 0.5, 12);
    expect(pt(m, 0).sep).toBeCloseTo(-0.004, 12);
    // Slightly tilted: the far corner is 7 mm up, inside the speculative margin, so both corners report.
    const c2 = Math.cos(0.01);
    const s2 = Math.sin(0.01);
    const py2 = 0.5 + 0.5 * c2 + 0.5 * s2 - 0.003;
    const m2 = collide(store, 0, O, 1, [0, py2, 0.01]);
    expect(m2[M_COUNT]).toBe(2);
    const expected = [py2 + s2 * -0.5 + c2 * -0.5 - 0.5, py2 + s2 * 0.5 + c2 * -0.5 - 0.5].sort();
    expect(expected[0]).toBeCloseTo(-0.003, 12);
    expect(seps(m2).sort()[0]).toBeCloseTo(expected[0], 12);
    expect(seps(m2).sort()[1]).toBeCloseTo(expected[1], 12);
  });

  it('equal boxes exactly edge to edge, stacked and side by side', () => {
    let m = collide(store, 1, [0, 0, 0], 2, [0, 1, 0]);
    expect(m[M_COUNT]).toBe(2);
    expectNormal(m, 0, 1, 14);
    const xs = [pt(m, 0).x, pt(m, 1).x].sort((a, b) => a - b);
    expect(xs).toEqual([-0.5, 0.5]);
    expect(seps(m)).toEqual([0, 0]);
    m = collide(store, 1, [0, 0, 0], 2, [1, 0, 0]);
    expect(m[M_COUNT]).toBe(2);
    expectNormal(m, 1, 0, 14);
    expect(seps(m)).toEqual([0, 0]);
  });

  it('corner against corner: a single vertex–vertex point with the diagonal normal', () => {
    const g = 0.01;
    const m = collide(store, 1, O, 2, [1 + g, 1 + g, 0]);
    expect(m[M_COUNT]).toBe(1);
    expectNormal(m, Math.SQRT1_2, Math.SQRT1_2, 12);
    expect(pt(m, 0).sep).toBeCloseTo(g * Math.SQRT2, 12);
    expect(pt(m, 0).x).toBeCloseTo(0.5 + g / 2, 12);
    expect(pt(m, 0).id).toBe(makeFeatureId(2, 0)); // A's top-right vertex, B's bottom-left vertex
    // Face separation 0.015 is inside the margin but the corners are 0.021 apart.
    expect(collide(store, 1, O, 2, [1.015, 1.015, 0])[M_COUNT]).toBe(0);
  });

  it('rounded boxes add both radii', () => {
    const m = collide(store, 3, O, 4, [0.3, 1.21, 0]);
    expect(m[M_COUNT]).toBe(2);
    expectNormal(m, 0, 1, 14);
    expect(seps(m)[0]).toBeCloseTo(0.01, 12);
    expect(seps(m)[1]).toBeCloseTo(0.01, 12);
    expect(pt(m, 0).y).toBeCloseTo(0.605, 12);
    // Rounded corner against rounded corner: distance between the core corners minus 0.2.
    const d = 0.2 + 0.015;
    const m2 = collide(store, 3, O, 4, [1 + d / Math.SQRT2, 1 + d / Math.SQRT2, 0]);
    expect(m2[M_COUNT]).toBe(1);
    expect(pt(m2, 0).sep).toBeCloseTo(0.015, 12);
    expectNormal(m2, Math.SQRT1_2, Math.SQRT1_2, 12);
  });

  it('triangle point down onto a box: one point at the apex', () => {
    // Triangle turned 180° so its apex (0, 0.6) points down, placed 5 mm into the box top.
    const m = collide(store, 0, O, 5, [0.1, 0.5 + 0.6 - 0.005, Math.PI]);
    expect(m[M_COUNT]).toBe(1);
    expectNormal(m, 0, 1, 12);
    expect(pt(m, 0).sep).toBeCloseTo(-0.005, 12);
    expect(pt(m, 0).x).toBeCloseTo(0.1, 12);
  });

  it('rotated pair far from the origin gives the same separations as near it', () => {
    const a = 0.7;
    const c = Math.cos(a);
    const s = Math.sin(a);
    // B rests 3 mm deep on A's top face in A's frame; move both far away and turn them together.
    const local: [number, number] = [0.2, 0.997];
    const near = collide(store, 0, [0, 0, a], 1, [c * local[0] - s * local[1], s * local[0] + c * local[1], a]);
    const far = collide(store, 0, [1000, -2000, a], 1, [
      1000 + c * local[0] - s * local[1],
      -2000 + s * local[0] + c * local[1],
      a,
    ]);
    expect(near[M_COUNT]).toBe(2);
    expect(far[M_COUNT]).toBe(2);
    expectNormal(far, -s, c, 12);
    for (let i = 0; i < 2; i++) {
      expect(pt(near, i).sep).toBeCloseTo(-0.003, 12);
      expect(pt(far, i).sep).toBeCloseTo(-0.003, 10);
      expect(pt(far, i).id).toBe(pt(near, i).id);
    }
  });

  it('feature ids stay identical while a box rests on a box (small motion, jitter, equal sizes)', () => {
    for (const [a, b, x0] of [
      [0, 1, 0.2],
      [1, 2, 0],
      [1, 2, 0.3],
    ] as const) {
      const baseM = collide(store, a, O, b, [x0, a === 0 ? 1 : 1, 0]);
      expect(baseM[M_COUNT]).toBe(2);
      const base = ids(baseM);
      for (let k = 0; k < 50; k++) {
        const dx = 1e-3 * Math.sin(k * 1.3);
        const dy = (-4e-3 * ((k * 7) % 5)) / 5 + 1e-4;
        const da = 2e-4 * Math.cos(k * 0.7);
        const m = collide(store, a, [0, 0, 1e-5 * Math.sin(k)], b, [x0 + dx, 1 + dy, da]);
        expect(m[M_COUNT]).toBe(2);
        expect(ids(m)).toEqual(base);
      }
    }
  });

  it('swapping A and B flips the normal and keeps separations', () => {
    expectSymmetric(store, 0, O, 1, [0.2, 0.98, 0.05]);
    expectSymmetric(store, 1, [0.1, 0, 0.02], 2, [0.3, 0.99, -0.03]);
    expectSymmetric(store, 3, O, 5, [0.3, 0.7, 2.0]);
  });
});

describe('polygon–capsule and segment–polygon (2-gons through the polygon routine)', () => {
  const store = storeOf(
    makeBox(1, 0.5), // 0
    makeCapsule({ x: -0.5, y: 0 }, { x: 0.5, y: 0 }, 0.25), // 1
    makeSegment({ x: -5, y: 0 }, { x: 5, y: 0 }), // 2
    makeBox(0.5, 0.5), // 3
    makeSegment({ x: -1, y: 0 }, { x: 1, y: 0 }), // 4
  );
  const O: Pose = [0, 0, 0];

  it('capsule lying on a box: two points midway between the surfaces', () => {
    const m = collide(store, 0, O, 1, [0.2, 0.5 + 0.25 + 0.01, 0]);
    expect(m[M_COUNT]).toBe(2);
    expectNormal(m, 0, 1, 14);
    const xs = [pt(m, 0).x, pt(m, 1).x].sort((a, b) => a - b);
    expect(xs[0]).toBeCloseTo(-0.3, 12);
    expect(xs[1]).toBeCloseTo(0.7, 12);
    expect(seps(m)[0]).toBeCloseTo(0.01, 12);
    expect(seps(m)[1]).toBeCloseTo(0.01, 12);
    expect(pt(m, 0).y).toBeCloseTo(0.505, 12);
    expect(collide(store, 0, O, 1, [0.2, 0.78, 0])[M_COUNT]).toBe(0);
  });

  it('capsule standing on its end on a box: one point under the cap', () => {
    const m = collide(store, 0, O, 1, [0.3, 0.5 + 0.25 + 0.5 - 0.02, Math.PI / 2]);
    expect(m[M_COUNT]).toBe(1);
    expectNormal(m, 0, 1, 12);
    expect(pt(m, 0).sep).toBeCloseTo(-0.02, 12);
    expect(pt(m, 0).x).toBeCloseTo(0.3, 12);
  });

  it('capsule deep in a box side', () => {
    const m = collide(store, 0, O, 1, [1.5, 0, 0]);
    expect(m[M_COUNT]).toBe(1);
    expectNormal(m, 1, 0, 12);
    expect(pt(m, 0).sep).toBeCloseTo(-0.25, 12);
  });

  it('box resting on a ground segment, level and tilted', () => {
    let m = collide(store, 2, O, 3, [1, 0.5, 0]);
    expect(m[M_COUNT]).toBe(2);
    expectNormal(m, 0, 1, 14);
    expect(seps(m)).toEqual([0, 0]);
    const xs = [pt(m, 0).x, pt(m, 1).x].sort((a, b) => a - b);
    expect(xs).toEqual([0.5, 1.5]);
    // Box below the segment: the segment is two-sided.
    m = collide(store, 2, O, 3, [1, -0.49, 0]);
    expectNormal(m, 0, -1, 14);
    expect(seps(m)[0]).toBeCloseTo(-0.01, 12);
    // Tilted box: lowest corner 2 mm deep.
    const a = 0.3;
    const py = 0.5 * Math.cos(a) + 0.5 * Math.sin(a) - 0.002;
    m = collide(store, 2, O, 3, [0, py, a]);
    expect(m[M_COUNT]).toBe(1);
    expect(pt(m, 0).sep).toBeCloseTo(-0.002, 12);
  });

  it('segment end against a box face and ids stable as the box slides along', () => {
    const base = ids(collide(store, 2, O, 3, [0, 0.5, 0]));
    for (let k = 0; k < 20; k++) {
      const m = collide(store, 2, O, 3, [0.01 * k, 0.5 - 0.0002 * k, 0]);
      expect(ids(m)).toEqual(base);
    }
  });

  it('segment against segment never collides', () => {
    const m = collide(store, 4, O, 4, [0, 0, 0.5]);
    expect(m[M_COUNT]).toBe(0);
  });

  it('swapping A and B flips the normal (polygon–capsule, segment–polygon)', () => {
    expectSymmetric(store, 0, O, 1, [0.2, 0.74, 0.1]);
    expectSymmetric(store, 2, O, 3, [0.2, 0.49, 0.1]);
  });
});

describe('dispatch table', () => {
  it('has exactly one primary order per pair and segment goes before polygon', () => {
    for (let a = 0; a < SHAPE_TYPE_COUNT; a++) {
      for (let b = 0; b < SHAPE_TYPE_COUNT; b++) {
        if (a === b) expect(isPrimaryPair(a, b)).toBe(true);
        else expect(isPrimaryPair(a, b)).not.toBe(isPrimaryPair(b, a));
        expect(typeof collideFunctions[a * SHAPE_TYPE_COUNT + b]).toBe('function');
      }
    }
    expect(isPrimaryPair(ShapeType.polygon, ShapeType.circle)).toBe(true);
    expect(isPrimaryPair(ShapeType.segment, ShapeType.polygon)).toBe(true);
    expect(isPrimaryPair(ShapeType.capsule, ShapeType.circle)).toBe(true);
    expect(isPrimaryPair(ShapeType.circle, ShapeType.segment)).toBe(false);
    expect(collideFunctions[ShapeType.polygon * SHAPE_TYPE_COUNT + ShapeType.polygon]).toBe(collidePolygons);
  });

  it('a reversed-order entry gives the flipped manifold with byte-swapped ids', () => {
    const store = storeOf(makeBox(1, 0.5), makeBox(0.5, 0.5), makeCircle(0.3));
    const fwd = collide(
      store,
      0,
      [0, 0, 0],
      2,
      [0.2, 0.79, 0],
      collideFunctions[ShapeType.polygon * SHAPE_TYPE_COUNT + ShapeType.circle],
    );
    const rev = collide(
      store,
      2,
      [0.2, 0.79, 0],
      0,
      [0, 0, 0],
      collideFunctions[ShapeType.circle * SHAPE_TYPE_COUNT + ShapeType.polygon],
    );
    expect(normal(rev)).toEqual([-fwd[M_NORMAL_X], -fwd[M_NORMAL_Y]]);
    expect(pt(rev, 0).sep).toBe(pt(fwd, 0).sep);
    expect(pt(rev, 0).ax).toBe(pt(fwd, 0).bx);
    expect(pt(rev, 0).x).toBe(pt(fwd, 0).x);
    expect(pt(fwd, 0).sep).toBeCloseTo(-0.01, 12);
  });
});
