// Shared helpers of the collision routine tests: build a geometry store, collide two posed shapes through the table
// (or a given routine) while checking the manifold invariants every test relies on, and read points back.
import { expect } from 'vitest';
import { SPECULATIVE_DISTANCE } from '../../src/settings.js';
import { GeometryStore, writeGeometry, type ShapeGeometry } from '../../src/geometry/index.js';
import {
  collideShapes,
  createManifold,
  M_HEADER,
  MP_STRIDE,
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
  M_IN_SPECULATIVE,
  type CollideFn,
} from '../../src/collision/index.js';

export type Pose = readonly [x: number, y: number, angle: number];

export function storeOf(...gs: ShapeGeometry[]): GeometryStore {
  const store = new GeometryStore();
  gs.forEach((g, i) => writeGeometry(store, i, g));
  return store;
}

/** Runs `fn` (default: the table, either order) for shapes a and b at the given poses and checks the invariants. */
export function collide(store: GeometryStore, a: number, pa: Pose, b: number, pb: Pose, fn?: CollideFn): Float64Array {
  const out = createManifold();
  // Every output poisoned, so a routine that leaves one unwritten shows; the two inputs at their defaults.
  out.fill(NaN, 0, M_IN_SPECULATIVE);
  if (fn) {
    const pose = new Float64Array([
      pa[0],
      pa[1],
      Math.cos(pa[2]),
      Math.sin(pa[2]),
      pb[0],
      pb[1],
      Math.cos(pb[2]),
      Math.sin(pb[2]),
    ]);
    fn(store, a, b, pose, out);
  } else {
    collideShapes(
      store,
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
  }
  const count = out[M_COUNT];
  expect(count === 0 || count === 1 || count === 2).toBe(true);
  if (count > 0) expect(Math.hypot(out[M_NORMAL_X], out[M_NORMAL_Y])).toBeCloseTo(1, 12);
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

export function pt(m: Float64Array, i: number) {
  const b = M_HEADER + i * MP_STRIDE;
  return {
    ax: m[b + MP_ANCHOR_AX],
    ay: m[b + MP_ANCHOR_AY],
    bx: m[b + MP_ANCHOR_BX],
    by: m[b + MP_ANCHOR_BY],
    x: m[b + MP_POINT_X],
    y: m[b + MP_POINT_Y],
    sep: m[b + MP_SEPARATION],
    id: m[b + MP_ID],
  };
}

export function normal(m: Float64Array): [number, number] {
  return [m[M_NORMAL_X], m[M_NORMAL_Y]];
}

export function expectNormal(m: Float64Array, nx: number, ny: number, digits = 10): void {
  expect(m[M_NORMAL_X]).toBeCloseTo(nx, digits);
  expect(m[M_NORMAL_Y]).toBeCloseTo(ny, digits);
}

/** Swapping A and B (through the table's other order) flips the normal and keeps points and separations. */
export function expectSymmetric(store: GeometryStore, a: number, pa: Pose, b: number, pb: Pose): void {
  const m1 = collide(store, a, pa, b, pb);
  const m2 = collide(store, b, pb, a, pa);
  expect(m2[M_COUNT]).toBe(m1[M_COUNT]);
  expect(m2[M_COUNT]).toBeGreaterThan(0);
  expect(m2[M_NORMAL_X]).toBeCloseTo(-m1[M_NORMAL_X], 9);
  expect(m2[M_NORMAL_Y]).toBeCloseTo(-m1[M_NORMAL_Y], 9);
  const s1 = [0, 1]
    .slice(0, m1[M_COUNT])
    .map((i) => pt(m1, i).sep)
    .sort();
  const s2 = [0, 1]
    .slice(0, m2[M_COUNT])
    .map((i) => pt(m2, i).sep)
    .sort();
  for (let i = 0; i < s1.length; i++) expect(s2[i]).toBeCloseTo(s1[i], 9);
}
