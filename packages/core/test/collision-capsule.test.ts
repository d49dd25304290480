import { describe, expect, it } from 'vitest';
import { SPECULATIVE_DISTANCE } from '../src/settings.js';
import {
  GeometryStore,
  makeCapsule,
  makeSegment,
  writeGeometry,
  type ShapeGeometry,
} from '../src/geometry/index.js';
import {
  collideShapes,
  createManifold,
  MANIFOLD_HEADER,
  MANIFOLD_POINT_STRIDE,
  MP_ANCHOR_AX,
  MP_ANCHOR_AY,
  MP_ANCHOR_BX,
  MP_ANCHOR_BY,
  MP_ID,
  MP_POINT_X,
  MP_POINT_Y,
  MP_SEPARATION,
  M_COUNT,
  M_NORMAL_X,
  M_NORMAL_Y,
  type CollideFn,
} from '../src/collision/index.js';

// ---- test helpers (kept local: only *.test.ts files live in this folder) ----
type Pose = readonly [x: number, y: number, angle: number];

function storeOf(...gs: ShapeGeometry[]): GeometryStore {
  const store = new GeometryStore();
  gs.forEach((g, i) => writeGeometry(store, i, g));
  return store;
}

/** Runs `fn` (default: the table, either order) for shapes a and b at the given poses and checks the invariants. */
function collide(store: GeometryStore, a: number, pa: Pose, b: number, pb: Pose, fn?: CollideFn): Float64Array {
  const out = createManifold();
  out.fill(NaN);
  if (fn) {
    const pose = new Float64Array([pa[0], pa[1], Math.cos(pa[2]), Math.sin(pa[2]), pb[0], pb[1], Math.cos(pb[2]), Math.sin(pb[2])]);
    fn(store, a, b, pose, out);
  } else {
    collideShapes(store, a, pa[0], pa[1], Math.cos(pa[2]), Math.sin(pa[2]), b, pb[0], pb[1], Math.cos(pb[2]), Math.sin(pb[2]), out);
  }
  const count = out[M_COUNT]!;
  expect(count === 0 || count === 1 || count === 2).toBe(true);
  if (count > 0) expect(Math.hypot(out[M_NORMAL_X]!, out[M_NORMAL_Y]!)).toBeCloseTo(1, 12);
  for (let i = 0; i < count; i++) {
    const p = pt(out, i);
    // Anchors are relative to each body origin and meet at the world point.
    expect(p.ax + pa[0]).toBeCloseTo(p.x, 12);
    expect(p.ay + pa[1]).toBeCloseTo(p.y, 12);
    expect(p.bx + pb[0]).toBeCloseTo(p.x, 12);
    expect(p.by + pb[1]).toBeCloseTo(p.y, 12);
    expect(p.sep).toBeLessThan(SPECULATIVE_DISTANCE);
    expect(Number.isInteger(p.id)).toBe(true);
  }
  return out;
}

function pt(m: Float64Array, i: number) {
  const b = MANIFOLD_HEADER + i * MANIFOLD_POINT_STRIDE;
  return {
    ax: m[b + MP_ANCHOR_AX]!,
    ay: m[b + MP_ANCHOR_AY]!,
    bx: m[b + MP_ANCHOR_BX]!,
    by: m[b + MP_ANCHOR_BY]!,
    x: m[b + MP_POINT_X]!,
    y: m[b + MP_POINT_Y]!,
    sep: m[b + MP_SEPARATION]!,
    id: m[b + MP_ID]!,
  };
}

function expectNormal(m: Float64Array, nx: number, ny: number, digits = 10): void {
  expect(m[M_NORMAL_X]).toBeCloseTo(nx, digits);
  expect(m[M_NORMAL_Y]).toBeCloseTo(ny, digits);
}

/** Swapping A and B (through the table's other order) flips the normal and keeps points and separations. */
function expectSymmetric(store: GeometryStore, a: number, pa: Pose, b: number, pb: Pose): void {
  const m1 = collide(store, a, pa, b, pb);
  const m2 = collide(store, b, pb, a, pa);
  expect(m2[M_COUNT]).toBe(m1[M_COUNT]);
  expect(m2[M_COUNT]).toBeGreaterThan(0);
  expect(m2[M_NORMAL_X]).toBeCloseTo(-m1[M_NORMAL_X]!, 9);
  expect(m2[M_NORMAL_Y]).toBeCloseTo(-m1[M_NORMAL_Y]!, 9);
  const s1 = [0, 1].slice(0, m1[M_COUNT]).map((i) => pt(m1, i).sep).sort();
  const s2 = [0, 1].slice(0, m2[M_COUNT]).map((i) => pt(m2, i).sep).sort();
  for (let i = 0; i < s1.length; i++) expect(s2[i]).toBeCloseTo(s1[i]!, 9);
}
// ---- end helpers ----

describe('capsule–capsule', () => {
  const store = storeOf(
    makeCapsule({ x: -1, y: 0 }, { x: 1, y: 0 }, 0.25),
    makeCapsule({ x: -1, y: 0 }, { x: 1, y: 0 }, 0.25),
    makeSegment({ x: -2, y: 0 }, { x: 2, y: 0 }),
  );
  const O: Pose = [0, 0, 0];

  it('separated: no points', () => {
    expect(collide(store, 0, O, 1, [0.3, 0.53, 0])[M_COUNT]).toBe(0);
    expect(collide(store, 0, O, 1, [2.53, 0, 0])[M_COUNT]).toBe(0);
  });

  it('parallel, side by side and offset: two clipped points with the speculative gap', () => {
    const m = collide(store, 0, O, 1, [0.5, 0.51, 0]);
    expect(m[M_COUNT]).toBe(2);
    expectNormal(m, 0, 1);
    const xs = [pt(m, 0).x, pt(m, 1).x].sort((a, b) => a - b);
    expect(xs[0]).toBeCloseTo(-0.5, 12);
    expect(xs[1]).toBeCloseTo(1, 12);
    for (let i = 0; i < 2; i++) {
      expect(pt(m, i).sep).toBeCloseTo(0.01, 12);
      expect(pt(m, i).y).toBeCloseTo(0.255, 12);
    }
    expect(pt(m, 0).id).not.toBe(pt(m, 1).id);
  });

  it('parallel and coincident (fully overlapping cores): two points with the full overlap', () => {
    const m = collide(store, 0, O, 1, [0, 0, 0]);
    expect(m[M_COUNT]).toBe(2);
    expect(pt(m, 0).sep).toBeCloseTo(-0.5, 12);
    expect(pt(m, 1).sep).toBeCloseTo(-0.5, 12);
  });

  it('crossing cores: one point, pushing out along the face needing the least travel', () => {
    // B crosses A at 60°: clearing B's lower end (0.866 below A's axis) plus both radii is the real overlap.
    const m = collide(store, 0, O, 1, [0, 0, Math.PI / 3]);
    expect(m[M_COUNT]).toBe(1);
    expect(Math.abs(m[M_NORMAL_Y]!)).toBeCloseTo(1, 12);
    expect(pt(m, 0).sep).toBeCloseTo(-(Math.sin(Math.PI / 3) + 0.5), 12);
  });

  it('end to end along one line: one point between the caps', () => {
    const m = collide(store, 0, O, 1, [2.51, 0, 0]);
    expect(m[M_COUNT]).toBe(1);
    expectNormal(m, 1, 0);
    expect(pt(m, 0).sep).toBeCloseTo(0.01, 12);
    expect(pt(m, 0).x).toBeCloseTo(1.255, 12);
  });

  it('T shape: an upright capsule standing on a lying one touches at one point', () => {
    const m = collide(store, 0, O, 1, [0.3, 1.26, Math.PI / 2]);
    expect(m[M_COUNT]).toBe(1);
    expectNormal(m, 0, 1);
    expect(pt(m, 0).sep).toBeCloseTo(-0.24, 12);
    expect(pt(m, 0).x).toBeCloseTo(0.3, 12);
  });

  it('rotated bodies: parallel capsules turned 30° resting on each other', () => {
    const a = Math.PI / 6;
    const nx = -Math.sin(a);
    const ny = Math.cos(a);
    const m = collide(store, 0, [1, 2, a], 1, [1 + 0.49 * nx + 0.2 * ny, 2 + 0.49 * ny - 0.2 * nx, a]);
    expect(m[M_COUNT]).toBe(2);
    expectNormal(m, nx, ny);
    expect(pt(m, 0).sep).toBeCloseTo(-0.01, 12);
    expect(pt(m, 1).sep).toBeCloseTo(-0.01, 12);
  });

  it('ids stay the same while a capsule rests on another one', () => {
    const ids = (m: Float64Array) => [pt(m, 0).id, pt(m, 1).id];
    const base = ids(collide(store, 0, O, 1, [0.2, 0.5, 0]));
    for (let k = 0; k < 20; k++) {
      const m = collide(store, 0, O, 1, [0.2 + 0.001 * k, 0.5 - 0.0003 * (k % 3), 0.0002 * (k % 5 - 2)]);
      expect(m[M_COUNT]).toBe(2);
      expect(ids(m)).toEqual(base);
    }
  });

  it('segment–capsule: two points on a lying capsule, one for a crossing one', () => {
    let m = collide(store, 2, O, 0, [0.5, 0.26, 0]);
    expect(m[M_COUNT]).toBe(2);
    expectNormal(m, 0, 1);
    expect(pt(m, 0).sep).toBeCloseTo(0.01, 12);
    expect(pt(m, 1).sep).toBeCloseTo(0.01, 12);
    m = collide(store, 2, O, 0, [1, -0.2, 1.2]);
    expect(m[M_COUNT]).toBe(1);
  });

  it('swapping A and B flips the normal', () => {
    expectSymmetric(store, 0, [0, 0, 0.1], 1, [0.5, 0.45, 0.1]);
    expectSymmetric(store, 0, [0, 0, 0], 1, [0.3, 1.2, 1.3]);
    expectSymmetric(store, 2, [0, 0, 0], 0, [0.3, 0.2, 0.05]);
  });
});
