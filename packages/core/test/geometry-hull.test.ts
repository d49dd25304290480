import { describe, expect, it } from 'vitest';
import { PhysicsError } from '../src/errors.js';
import {
  GeometryStore,
  GEOMETRY_STRIDE,
  ShapeType,
  computeHull,
  makeBox,
  makeCapsule,
  makeCircle,
  makePolygon,
  makeRoundedBox,
  makeSegment,
  writeGeometry,
} from '../src/geometry/index.js';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    if (e instanceof PhysicsError) return e.code;
    throw e;
  }
  return undefined;
}

function points(v: Float64Array): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < v.length; i += 2) out.push([v[i], v[i + 1]]);
  return out;
}

describe('convex hull', () => {
  it('orders a shuffled square counter-clockwise from the lowest-leftmost point and drops interior points', () => {
    const g = makePolygon([
      { x: 1, y: 1 },
      { x: 0.2, y: 0.3 },
      { x: -1, y: -1 },
      { x: -1, y: 1 },
      { x: 1, y: -1 },
      { x: 0, y: 0 },
    ]);
    expect(g.type).toBe(ShapeType.polygon);
    expect(g.count).toBe(4);
    expect(points(g.vertices)).toEqual([
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ]);
    expect(Array.from(g.normals)).toEqual([0, -1, 1, 0, 0, 1, -1, 0]);
    expect(g.centroid.x).toBeCloseTo(0, 14);
    expect(g.centroid.y).toBeCloseTo(0, 14);
  });

  it('gives the same hull whatever the input order (deterministic)', () => {
    const pts = [
      { x: 0, y: 0 },
      { x: 2, y: 0.5 },
      { x: 3, y: 2 },
      { x: 1, y: 3 },
      { x: -1, y: 1.5 },
    ];
    const a = makePolygon(pts);
    const b = makePolygon([...pts].reverse());
    const c = makePolygon([pts[2], pts[0], pts[4], pts[1], pts[3]]);
    expect(Array.from(b.vertices)).toEqual(Array.from(a.vertices));
    expect(Array.from(c.vertices)).toEqual(Array.from(a.vertices));
    // Counter-clockwise: every consecutive triple turns left.
    const v = a.vertices;
    for (let i = 0; i < a.count; i++) {
      const j = (i + 1) % a.count;
      const k = (i + 2) % a.count;
      const cross =
        (v[2 * j] - v[2 * i]) * (v[2 * k + 1] - v[2 * i + 1]) - (v[2 * j + 1] - v[2 * i + 1]) * (v[2 * k] - v[2 * i]);
      expect(cross).toBeGreaterThan(0);
    }
  });

  it('welds duplicate and nearly coincident points', () => {
    const g = makePolygon([
      { x: 0, y: 0 },
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 1 + 1e-4, y: 1e-4 },
      { x: 0, y: 1 },
      { x: 0, y: 1 },
    ]);
    expect(g.count).toBe(3);
    expect(points(g.vertices)).toEqual([
      [0, 0],
      [1, 0],
      [0, 1],
    ]);
  });

  it('removes collinear and nearly collinear vertices on an edge', () => {
    const g = makePolygon([
      { x: 0, y: 0 },
      { x: 0.5, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 0.5 },
      { x: 1.001, y: 0.7 }, // 1 mm off the right edge: dropped
      { x: 1, y: 1 },
      { x: 0, y: 1 },
    ]);
    expect(g.count).toBe(4);
    expect(points(g.vertices)).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
    ]);
  });

  it('rejects collinear points, too few points and points that weld into too few', () => {
    expect(
      codeOf(() =>
        makePolygon([
          { x: 0, y: 0 },
          { x: 1, y: 1 },
          { x: 2, y: 2 },
          { x: 3, y: 3 },
        ]),
      ),
    ).toBe('DEGENERATE_POLYGON');
    expect(
      codeOf(() =>
        makePolygon([
          { x: 0, y: 0 },
          { x: 1, y: 0 },
        ]),
      ),
    ).toBe('DEGENERATE_POLYGON');
    expect(
      codeOf(() =>
        makePolygon([
          { x: 0, y: 0 },
          { x: 0.001, y: 0 },
          { x: 0, y: 0.001 },
        ]),
      ),
    ).toBe('DEGENERATE_POLYGON');
    // A sliver 1 mm high is treated as collinear.
    expect(
      codeOf(() =>
        makePolygon([
          { x: 0, y: 0 },
          { x: 1, y: 0 },
          { x: 0.5, y: 0.001 },
        ]),
      ),
    ).toBe('DEGENERATE_POLYGON');
  });

  it('rejects a hull with more than 8 vertices but accepts 8 and ignores interior points', () => {
    const ring = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ x: Math.cos((2 * Math.PI * i) / n), y: Math.sin((2 * Math.PI * i) / n) }));
    expect(codeOf(() => makePolygon(ring(9)))).toBe('DEGENERATE_POLYGON');
    expect(() => makePolygon(ring(9))).toThrow(/9 vertices/);
    expect(makePolygon(ring(8)).count).toBe(8);
    expect(makePolygon([...ring(6), { x: 0, y: 0 }, { x: 0.1, y: 0.2 }, { x: -0.3, y: 0.1 }]).count).toBe(6);
  });

  it('rejects NaN, infinite and non-array input with INVALID_ARGUMENT naming the bad value', () => {
    expect(
      codeOf(() =>
        makePolygon([
          { x: 0, y: 0 },
          { x: NaN, y: 0 },
          { x: 0, y: 1 },
        ]),
      ),
    ).toBe('INVALID_ARGUMENT');
    expect(() =>
      makePolygon([
        { x: 0, y: 0 },
        { x: 1, y: Infinity },
        { x: 0, y: 1 },
      ]),
    ).toThrow(/points\[1\]\.y.*Infinity/);
    expect(codeOf(() => makePolygon(null as never))).toBe('INVALID_ARGUMENT');
    expect(
      codeOf(() =>
        makePolygon(
          [
            { x: 0, y: 0 },
            { x: 1, y: 0 },
            { x: 0, y: 1 },
          ],
          -1,
        ),
      ),
    ).toBe('INVALID_ARGUMENT');
  });

  it('computeHull works on raw coordinate arrays', () => {
    const h = computeHull([0, 2, 2, 0, 1], [0, 0, 2, 2, 1]);
    expect(Array.from(h)).toEqual([0, 0, 2, 0, 2, 2, 0, 2]);
  });
});

describe('shape constructors', () => {
  it('makeBox gives the standard vertex order, exact normals and the centre as centroid', () => {
    const g = makeBox(2, 0.5);
    expect(points(g.vertices)).toEqual([
      [-2, -0.5],
      [2, -0.5],
      [2, 0.5],
      [-2, 0.5],
    ]);
    expect(Array.from(g.normals)).toEqual([0, -1, 1, 0, 0, 1, -1, 0]);
    expect(g.radius).toBe(0);
  });

  it('makeBox with centre and angle rotates then translates', () => {
    const g = makeBox(1, 0.5, { x: 3, y: -1 }, Math.PI / 2);
    // (−1,−0.5) turned by 90° is (0.5, −1), then shifted by (3, −1).
    expect(g.vertices[0]).toBeCloseTo(3.5, 14);
    expect(g.vertices[1]).toBeCloseTo(-2, 14);
    expect(g.normals[0]).toBeCloseTo(1, 14); // (0, −1) turned by 90°
    expect(g.normals[1]).toBeCloseTo(0, 14);
    expect(g.centroid).toEqual({ x: 3, y: -1 });
  });

  it('makeCircle, makeCapsule, makeSegment and makeRoundedBox fill their fields', () => {
    const c = makeCircle(0.5, { x: 1, y: 2 });
    expect([c.type, c.count, c.radius, c.vertices[0], c.vertices[1]]).toEqual([ShapeType.circle, 1, 0.5, 1, 2]);
    const k = makeCapsule({ x: -1, y: 0 }, { x: 1, y: 0 }, 0.25);
    expect([k.type, k.count, k.radius]).toEqual([ShapeType.capsule, 2, 0.25]);
    // Normal 0 is the right-hand normal of p1 → p2, normal 1 its opposite.
    expect(Array.from(k.normals)).toEqual([0, -1, 0, 1]);
    expect(k.centroid).toEqual({ x: 0, y: 0 });
    const s = makeSegment({ x: 0, y: 0 }, { x: 0, y: 2 });
    expect([s.type, s.count, s.radius]).toEqual([ShapeType.segment, 2, 0]);
    expect(Array.from(s.normals)).toEqual([1, 0, -1, 0]);
    const r = makeRoundedBox(1, 1, 0.1);
    expect([r.type, r.count, r.radius]).toEqual([ShapeType.polygon, 4, 0.1]);
  });

  it('rejects bad sizes with INVALID_ARGUMENT and says the value', () => {
    expect(codeOf(() => makeCircle(0))).toBe('INVALID_ARGUMENT');
    expect(() => makeCircle(-2)).toThrow(/-2/);
    expect(codeOf(() => makeCircle(NaN))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => makeCircle(1, { x: 0, y: Infinity }))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => makeBox(0, 1))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => makeBox(1, -1))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => makeBox(1, 1, undefined, NaN))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => makeRoundedBox(1, 1, -0.1))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => makeCapsule({ x: 0, y: 0 }, { x: 1, y: 0 }, 0))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => makeCapsule({ x: 0, y: 0 }, { x: 0, y: 0 }, 1))).toBe('INVALID_ARGUMENT');
    expect(() => makeSegment({ x: 1, y: 1 }, { x: 1, y: 1 })).toThrow(/length of 0/);
    expect(codeOf(() => makeSegment({ x: 1, y: 1 }, { x: 1, y: NaN }))).toBe('INVALID_ARGUMENT');
  });
});

describe('writeGeometry', () => {
  it('grows the store and fills the row, zeroing unused vertex slots', () => {
    const store = new GeometryStore();
    writeGeometry(
      store,
      40,
      makePolygon([
        { x: 0, y: 0 },
        { x: 2, y: 0 },
        { x: 2, y: 1 },
        { x: 1, y: 2 },
        { x: 0, y: 1 },
      ]),
    );
    writeGeometry(store, 40, makeCapsule({ x: 0, y: 0 }, { x: 0, y: 3 }, 0.5)); // overwrite a 5-gon with a capsule
    expect(store.type.length).toBeGreaterThanOrEqual(41);
    expect(store.type[40]).toBe(ShapeType.capsule);
    expect(store.count[40]).toBe(2);
    expect(store.radius[40]).toBe(0.5);
    const b = store.slot[40] * GEOMETRY_STRIDE;
    expect(Array.from(store.verts.subarray(b, b + GEOMETRY_STRIDE))).toEqual([
      0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ]);
    expect(store.normals[b]).toBe(1);
    expect(store.normals[b + 2]).toBe(-1);
    expect([store.centroid[80], store.centroid[81]]).toEqual([0, 1.5]);
    // The 5-gon's slot was released when the row was overwritten: one slot in use.
    expect(store.slotsUsed - store.freeSlotCount).toBe(1);
  });

  it('rows with the same vertices and normals share one slot, counted; a slot no row uses is freed and reused', () => {
    const store = new GeometryStore();
    const box = makeBox(0.5, 0.5);
    for (let row = 0; row < 5; row++) writeGeometry(store, row, box);
    writeGeometry(store, 5, makeBox(0.5, 0.25));
    writeGeometry(store, 6, makeBox(0.5, 0.5)); // another object with the same content
    expect([...store.slot.subarray(0, 7)]).toEqual([0, 0, 0, 0, 0, 1, 0]);
    expect(store.slotRefs[0]).toBe(6);
    expect(store.slotsUsed).toBe(2);
    // 0 and -0 are different bits: a box with a -0 vertex coordinate is another slot (identity of bits, not of values).
    const negZero = makePolygon([
      { x: -0, y: 0 },
      { x: 1, y: 0 },
      { x: 0, y: 1 },
    ]);
    const posZero = makePolygon([
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 0, y: 1 },
    ]);
    writeGeometry(store, 7, negZero);
    writeGeometry(store, 8, posZero);
    expect(store.slot[7] === store.slot[8]).toBe(Object.is(negZero.vertices[0], posZero.vertices[0]));
    store.release(5);
    expect(store.slot[5]).toBe(-1);
    expect(store.freeSlotCount).toBe(1);
    writeGeometry(store, 9, makeCapsule({ x: 0, y: 0 }, { x: 1, y: 0 }, 0.1));
    expect(store.slot[9]).toBe(1); // the freed slot, zeroed and rewritten
    const o = GEOMETRY_STRIDE;
    expect([...store.verts.subarray(o, o + 4)]).toEqual([0, 0, 1, 0]);
    expect(store.verts[o + 4]).toBe(0);
    // The index survives being dropped (as a snapshot restore does): it is rebuilt from the slots.
    store.forgetIndex();
    writeGeometry(store, 10, box);
    expect(store.slot[10]).toBe(0);
    expect(store.slotRefs[0]).toBe(7);
  });
});
