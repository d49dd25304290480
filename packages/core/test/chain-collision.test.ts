// Chain segments as pure routines: construction and validation, one-sidedness, no ghost normals at flat joints,
// real corners still collide, ray casts, mass and bounds.
import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../src/errors.js';
import {
  GEOMETRY_STRIDE,
  ShapeType,
  computeMassData,
  computeShapeAABB,
  makeBox,
  makeCapsule,
  makeChain,
  makeCircle,
  makeSegment,
  rayCastGeometry,
} from '../src/geometry/index.js';
import { isPrimaryPair, M_COUNT } from '../src/collision/index.js';
import { collide, normal as normalOf, pt, storeOf, type Pose } from './helpers/collide.js';

// ---- helpers ----
const O: Pose = [0, 0, 0];

function expectThrowsCode(f: () => unknown, code: string): void {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(PhysicsError);
    expect((e as PhysicsError).code).toBe(code);
    return;
  }
  throw new Error('expected a PhysicsError');
}

/** A flat floor at y = 0 from x = 3 to x = −3 in 1 m segments, listed right to left so the solid is below. */
const floorPoints = [3, 2, 1, 0, -1, -2, -3].map((x) => ({ x, y: 0 }));
// ---- end helpers ----

describe('makeChain', () => {
  it('an open chain of n points has n − 1 segments; a loop has n', () => {
    expect(makeChain(floorPoints).segments).toHaveLength(6);
    const square = [
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 1 },
      { x: 0, y: 1 },
    ];
    const loop = makeChain(square, true);
    expect(loop.loop).toBe(true);
    expect(loop.segments).toHaveLength(4);
    // Segment 0 of the loop: p1, p2, then the ghosts (previous point, next point); normals: right normal, its
    // negation, the previous edge's and the next edge's right normals.
    const s0 = loop.segments[0];
    expect(s0.type).toBe(ShapeType.chainSegment);
    expect(s0.count).toBe(2);
    expect([...s0.vertices]).toEqual([0, 0, 1, 0, 0, 1, 1, 1]);
    expect([...s0.normals]).toEqual([0, -1, 0, 1, -1, 0, 1, 0]);
  });

  it('the ends of an open chain get ghosts behind them: right-angled convex corners', () => {
    const c = makeChain([
      { x: 1, y: 0 },
      { x: 0, y: 0 },
    ]);
    const s = c.segments[0];
    // Normal up (solid below); ghosts 1 m below each end.
    expect([...s.normals.slice(0, 2)]).toEqual([0, 1]);
    expect([...s.vertices]).toEqual([1, 0, 0, 0, 1, -1, 0, -1]);
  });

  it('rejects too few points, non-finite points and zero-length segments with PhysicsError', () => {
    expectThrowsCode(() => makeChain([{ x: 0, y: 0 }]), 'DEGENERATE_POLYGON');
    expectThrowsCode(
      () =>
        makeChain(
          [
            { x: 0, y: 0 },
            { x: 1, y: 0 },
          ],
          true,
        ),
      'DEGENERATE_POLYGON',
    );
    expectThrowsCode(
      () =>
        makeChain([
          { x: 0, y: 0 },
          { x: NaN, y: 0 },
        ]),
      'INVALID_ARGUMENT',
    );
    expectThrowsCode(
      () =>
        makeChain([
          { x: 0, y: 0 },
          { x: 1, y: 0 },
          { x: 1, y: 0 },
        ]),
      'INVALID_ARGUMENT',
    );
    // The closing segment of a loop counts too.
    expectThrowsCode(
      () =>
        makeChain(
          [
            { x: 0, y: 0 },
            { x: 1, y: 0 },
            { x: 1, y: 1 },
            { x: 0, y: 0 },
          ],
          true,
        ),
      'INVALID_ARGUMENT',
    );
    expectThrowsCode(() => makeChain(undefined as never), 'INVALID_ARGUMENT');
  });
});

describe('chain segment geometry: massless, bounds and table', () => {
  const store = storeOf(
    ...makeChain(floorPoints).segments,
    makeBox(0.5, 0.5),
    makeSegment({ x: -1, y: 0 }, { x: 1, y: 0 }),
  );
  it('has no mass; its AABB covers its two points only (not the ghosts)', () => {
    const mass = new Float64Array(4);
    computeMassData(store, 0, 1, mass);
    expect([...mass]).toEqual([0, 2.5, 0, 0]);
    const box = new Float64Array(4);
    computeShapeAABB(store, 0, Float64Array.of(0, 0, 1, 0), box, 0);
    expect([...box]).toEqual([2, 0, 3, 0]);
    // Ghosts sit in vertex slots 2 and 3 of the row: segment 2 runs (1, 0) → (0, 0), between points (2, 0), (−1, 0).
    expect(store.count[2]).toBe(2);
    expect([...store.verts.slice(2 * GEOMETRY_STRIDE, 2 * GEOMETRY_STRIDE + 8)]).toEqual([1, 0, 0, 0, 2, 0, -1, 0]);
  });

  it('goes first in its pairs, and never collides with segments or other chain segments', () => {
    for (const t of [ShapeType.circle, ShapeType.capsule, ShapeType.segment, ShapeType.polygon]) {
      expect(isPrimaryPair(ShapeType.chainSegment, t)).toBe(true);
      expect(isPrimaryPair(t, ShapeType.chainSegment)).toBe(false);
    }
    // Segment 7 crosses segments 2 and 3 of the floor.
    expect(collide(store, 2, O, 7, [0, 0, 0.3])[M_COUNT]).toBe(0);
    expect(collide(store, 7, [0, 0, 0.3], 2, O)[M_COUNT]).toBe(0);
    expect(collide(store, 2, O, 3, [0, 0, 0.3])[M_COUNT]).toBe(0);
  });
});

describe('chain segment against circle', () => {
  const chain = makeChain(floorPoints).segments;
  const store = storeOf(...chain, makeCircle(0.5));
  const circle = chain.length;

  it('collides from the front: normal up, overlap as for a plain segment', () => {
    const m = collide(store, 3, O, circle, [-0.5, 0.4, 0]);
    expect(m[M_COUNT]).toBe(1);
    expect(normalOf(m)[0]).toBeCloseTo(0, 12);
    expect(normalOf(m)[1]).toBeCloseTo(1, 12);
    expect(pt(m, 0).sep).toBeCloseTo(-0.1, 12);
  });

  it('is one-sided: a centre below the line makes no contact, even overlapping', () => {
    expect(collide(store, 3, O, circle, [-0.5, -0.4, 0])[M_COUNT]).toBe(0);
    expect(collide(store, 3, O, circle, [-0.5, -0.01, 0])[M_COUNT]).toBe(0);
    // The same circle against a two-sided segment is pushed down.
    const seg = storeOf(makeSegment({ x: 0, y: 0 }, { x: -1, y: 0 }), makeCircle(0.5));
    const m = collide(seg, 0, O, 1, [-0.5, -0.4, 0]);
    expect(m[M_COUNT]).toBe(1);
    expect(normalOf(m)[1]).toBeCloseTo(-1, 12);
  });

  it('at a flat joint exactly one of the two segments reports the contact, along the floor normal', () => {
    // Segment 2 runs 1 → 0, segment 3 runs 0 → −1: the joint is x = 0. Centre right above it and slightly each side.
    for (const x of [-0.01, 0, 0.01]) {
      const a = collide(store, 2, O, circle, [x, 0.45, 0]);
      const b = collide(store, 3, O, circle, [x, 0.45, 0]);
      expect(a[M_COUNT] + b[M_COUNT]).toBe(1);
      const m = a[M_COUNT] === 1 ? a : b;
      expect(normalOf(m)[0]).toBeCloseTo(0, 12);
      expect(normalOf(m)[1]).toBeCloseTo(1, 12);
    }
  });

  it('rounds the convex corner of a loop with a vertex normal', () => {
    // A counter-clockwise unit square: solid inside, outside collides. Circle up-right of corner (1, 1).
    const sq = makeChain(
      [
        { x: 0, y: 0 },
        { x: 1, y: 0 },
        { x: 1, y: 1 },
        { x: 0, y: 1 },
      ],
      true,
    ).segments;
    const s = storeOf(...sq, makeCircle(0.5));
    const c = Math.SQRT1_2 * 0.45;
    let hits = 0;
    for (let i = 0; i < 4; i++) {
      const m = collide(s, i, O, 4, [1 + c, 1 + c, 0]);
      if (m[M_COUNT] === 0) continue;
      hits++;
      expect(normalOf(m)[0]).toBeCloseTo(Math.SQRT1_2, 12);
      expect(normalOf(m)[1]).toBeCloseTo(Math.SQRT1_2, 12);
      expect(pt(m, 0).sep).toBeCloseTo(-0.05, 12);
    }
    // Both segments meeting at a convex corner report it (as Box2D does).
    expect(hits).toBe(2);
    // Inside the square (behind every segment) nothing collides.
    for (let i = 0; i < 4; i++) expect(collide(s, i, O, 4, [0.5, 0.5, 0])[M_COUNT]).toBe(0);
  });
});

describe('concave corners', () => {
  // A V-shaped valley, solid below: (2, 2) → (0, 0) → (−2, 2). Each slope's front faces up and inwards.
  const valley = makeChain([
    { x: 2, y: 2 },
    { x: 0, y: 0 },
    { x: -2, y: 2 },
  ]).segments;
  const store = storeOf(...valley, makeCircle(0.5), makeBox(0.5, 0.5));

  it('a ball in the valley touches both slopes, each with its own face normal', () => {
    const y = 0.5 * Math.SQRT2 - 0.01;
    const right = collide(store, 0, O, 2, [0, y, 0]);
    const left = collide(store, 1, O, 2, [0, y, 0]);
    expect(right[M_COUNT]).toBe(1);
    expect(left[M_COUNT]).toBe(1);
    expect(normalOf(right)[0]).toBeCloseTo(-Math.SQRT1_2, 12);
    expect(normalOf(right)[1]).toBeCloseTo(Math.SQRT1_2, 12);
    expect(normalOf(left)[0]).toBeCloseTo(Math.SQRT1_2, 12);
    expect(normalOf(left)[1]).toBeCloseTo(Math.SQRT1_2, 12);
  });

  it('a box wedged in the valley (turned 45°) rests on both slopes with their face normals', () => {
    // Its faces lie on the slopes: the bottom corner at the valley's vertex, sunk by 1 cm.
    const pose: Pose = [0, 0.5 * Math.SQRT2 - 0.01 * Math.SQRT2, Math.PI / 4];
    for (const [seg, nx] of [
      [0, -Math.SQRT1_2],
      [1, Math.SQRT1_2],
    ] as const) {
      const m = collide(store, seg, O, 3, pose);
      expect(m[M_COUNT]).toBe(2);
      expect(normalOf(m)[0]).toBeCloseTo(nx, 9);
      expect(normalOf(m)[1]).toBeCloseTo(Math.SQRT1_2, 9);
      for (let i = 0; i < 2; i++) expect(pt(m, i).sep).toBeCloseTo(-0.01, 9);
    }
  });
});

describe('chain segment against polygon: no ghost collisions', () => {
  const chain = makeChain(floorPoints).segments;
  const box = chain.length;
  const store = storeOf(...chain, makeBox(0.5, 0.5));

  it('a box resting on a segment gets two points and the floor normal', () => {
    const m = collide(store, 3, O, box, [-0.5, 0.49, 0]);
    expect(m[M_COUNT]).toBe(2);
    expect(normalOf(m)[0]).toBeCloseTo(0, 12);
    expect(normalOf(m)[1]).toBeCloseTo(1, 12);
    for (let i = 0; i < 2; i++) expect(pt(m, i).sep).toBeCloseTo(-0.01, 12);
    const xs = [pt(m, 0).x, pt(m, 1).x].sort((a, b) => a - b);
    expect(xs[0]).toBeCloseTo(-1, 12);
    expect(xs[1]).toBeCloseTo(0, 12);
  });

  it('a sunken box whose corner just crossed a flat joint gets the floor normal, where a plain segment pushes it back', () => {
    // Box spanning x ∈ [−0.999, 0.001], 1 cm deep, moving right onto segment 2 (1 → 0). Its right face is 1 mm past
    // the joint: to the segment alone that is the axis of least overlap, a ghost normal pointing straight back.
    const pose: Pose = [-0.499, 0.49, 0];
    const plain = storeOf(makeSegment({ x: 1, y: 0 }, { x: 0, y: 0 }), makeBox(0.5, 0.5));
    const ghost = collide(plain, 0, O, 1, pose);
    expect(ghost[M_COUNT]).toBeGreaterThan(0);
    expect(normalOf(ghost)[0]).toBeCloseTo(-1, 12);

    const m = collide(store, 2, O, box, pose);
    expect(m[M_COUNT]).toBeGreaterThan(0);
    expect(normalOf(m)[0]).toBeCloseTo(0, 12);
    expect(normalOf(m)[1]).toBeCloseTo(1, 12);
    for (let i = 0; i < m[M_COUNT]; i++) expect(pt(m, i).sep).toBeCloseTo(-0.01, 12);
  });

  it('a hovering box whose corner is just past a joint gets the floor normal (speculative path, no corner normal)', () => {
    // 5 mm above the floor; the box's bottom-right corner is 1 mm past the joint at x = 0, 5 mm from segment 2's
    // end vertex, whose corner-to-vertex direction would be tilted.
    for (const [x, y] of [
      [-0.499, 0.505],
      [-0.4999, 0.503],
      [-0.51, 0.51],
    ] as const) {
      for (const seg of [2, 3]) {
        const m = collide(store, seg, O, box, [x, y, 0]);
        if (m[M_COUNT] === 0) continue;
        expect(normalOf(m)[0]).toBeCloseTo(0, 12);
        expect(normalOf(m)[1]).toBeCloseTo(1, 12);
      }
    }
  });

  it('a slightly rotated box sliding across the joint never gets a sideways normal', () => {
    let contacts = 0;
    for (let k = 0; k <= 200; k++) {
      const x = -1.5 + (3 * k) / 200;
      for (const angle of [-0.02, -0.005, 0, 0.005, 0.02]) {
        // Lowest corner 1 cm below the floor.
        const lift = 0.5 * (Math.cos(Math.abs(angle)) + Math.sin(Math.abs(angle))) - 0.01;
        for (let seg = 0; seg < chain.length; seg++) {
          const m = collide(store, seg, O, box, [x, lift, angle]);
          if (m[M_COUNT] === 0) continue;
          contacts++;
          // Floor normal, or the box's own face normal (tilted by at most the angle).
          expect(normalOf(m)[1]).toBeGreaterThan(Math.cos(0.021));
        }
      }
    }
    expect(contacts).toBeGreaterThan(1000);
  });

  it('is one-sided: a box whose centre is below the floor makes no contact', () => {
    expect(collide(store, 3, O, box, [-0.5, -0.3, 0])[M_COUNT]).toBe(0);
    expect(collide(store, 3, O, box, [-0.5, -0.3, 0.4])[M_COUNT]).toBe(0);
  });

  it('a real convex corner still collides: a box against the side of a square loop gets the side normal', () => {
    const sq = makeChain(
      [
        { x: 0, y: 0 },
        { x: 1, y: 0 },
        { x: 1, y: 1 },
        { x: 0, y: 1 },
      ],
      true,
    ).segments;
    const s = storeOf(...sq, makeBox(0.5, 0.5));
    // Box to the right of the square, overlapping its right side by 1 cm, its bottom flush with the square's.
    let found = 0;
    for (let i = 0; i < 4; i++) {
      const m = collide(s, i, O, 4, [1.49, 0.6, 0]);
      if (m[M_COUNT] === 0) continue;
      found++;
      expect(normalOf(m)[0]).toBeCloseTo(1, 12);
      expect(normalOf(m)[1]).toBeCloseTo(0, 12);
      for (let k = 0; k < m[M_COUNT]; k++) expect(pt(m, k).sep).toBeCloseTo(-0.01, 12);
    }
    expect(found).toBe(1);
  });

  it('a box on a convex hill top rests on the vertex with the box face normal', () => {
    // Roof (2, 0) → (0, 0.5) → (−2, 0), solid below; a level box sunk 1 cm onto the apex: its bottom face is an
    // admitted normal at that convex vertex.
    const roof = makeChain([
      { x: 2, y: 0 },
      { x: 0, y: 0.5 },
      { x: -2, y: 0 },
    ]).segments;
    const s = storeOf(...roof, makeBox(0.5, 0.5));
    let found = 0;
    for (let i = 0; i < 2; i++) {
      const m = collide(s, i, O, 2, [0, 0.99, 0]);
      if (m[M_COUNT] === 0) continue;
      found++;
      expect(normalOf(m)[0]).toBeCloseTo(0, 12);
      expect(normalOf(m)[1]).toBeCloseTo(1, 12);
      expect(Math.min(...[0, 1].slice(0, m[M_COUNT]).map((k) => pt(m, k).sep))).toBeCloseTo(-0.01, 12);
    }
    expect(found).toBeGreaterThan(0);
  });
});

describe('chain segment against capsule', () => {
  const chain = makeChain(floorPoints).segments;
  const store = storeOf(...chain, makeCapsule({ x: -0.4, y: 0 }, { x: 0.4, y: 0 }, 0.25));
  const cap = chain.length;

  it('a capsule lying on the floor gets two points and the floor normal', () => {
    const m = collide(store, 3, O, cap, [-0.5, 0.24, 0]);
    expect(m[M_COUNT]).toBe(2);
    expect(normalOf(m)[1]).toBeCloseTo(1, 12);
    for (let i = 0; i < 2; i++) expect(pt(m, i).sep).toBeCloseTo(-0.01, 12);
  });

  it('a capsule across a flat joint gets only floor normals, and none from behind', () => {
    for (let k = 0; k <= 40; k++) {
      const x = -1 + k / 20;
      for (let seg = 0; seg < chain.length; seg++) {
        const m = collide(store, seg, O, cap, [x, 0.245, 0.01]);
        if (m[M_COUNT] === 0) continue;
        expect(normalOf(m)[1]).toBeGreaterThan(Math.cos(0.011));
      }
      expect(collide(store, 3, O, cap, [-0.5, -0.2, 0])[M_COUNT]).toBe(0);
    }
  });
});

describe('ray casts against chain segments', () => {
  const store = storeOf(...makeChain(floorPoints).segments);
  const out = new Float64Array(5);

  it('a ray from the front hits with the front normal', () => {
    expect(rayCastGeometry(store, 3, 0, 0, 1, 0, -0.5, 2, 0, -4, 1, out)).toBe(true);
    expect(out[0]).toBeCloseTo(0.5, 12);
    expect(out[1]).toBeCloseTo(-0.5, 12);
    expect(out[2]).toBeCloseTo(0, 12);
    expect(out[3]).toBeCloseTo(0, 12);
    expect(out[4]).toBeCloseTo(1, 12);
  });

  it('a ray from behind passes through', () => {
    expect(rayCastGeometry(store, 3, 0, 0, 1, 0, -0.5, -2, 0, 4, 1, out)).toBe(false);
  });

  it('on a moved body: a rotated chain is hit from its rotated front only', () => {
    // Body at (10, 0) turned by 90°: the floor's normal (0, 1) becomes (−1, 0); segment 3 spans y ∈ [−1, 0] at x = 10.
    expect(rayCastGeometry(store, 3, 10, 0, 0, 1, 8, -0.5, 4, 0, 1, out)).toBe(true);
    expect(out[0]).toBeCloseTo(0.5, 12);
    expect(out[3]).toBeCloseTo(-1, 12);
    expect(out[4]).toBeCloseTo(0, 12);
    expect(rayCastGeometry(store, 3, 10, 0, 0, 1, 12, -0.5, -4, 0, 1, out)).toBe(false);
  });
});
