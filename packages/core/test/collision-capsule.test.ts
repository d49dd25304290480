import { describe, expect, it } from 'vitest';
import { makeCapsule, makeSegment } from '../src/geometry/index.js';
import { M_COUNT, M_NORMAL_Y } from '../src/collision/index.js';

import { collide, expectNormal, expectSymmetric, pt, storeOf, type Pose } from './helpers/collide.js';

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
    expect(Math.abs(m[M_NORMAL_Y])).toBeCloseTo(1, 12);
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
      const m = collide(store, 0, O, 1, [0.2 + 0.001 * k, 0.5 - 0.0003 * (k % 3), 0.0002 * ((k % 5) - 2)]);
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
