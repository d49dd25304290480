import { describe, expect, it } from 'vitest';
import { SPECULATIVE_DISTANCE } from '../src/settings.js';
import { makeBox, makeCapsule, makeCircle, makeRoundedBox, makeSegment } from '../src/geometry/index.js';
import { M_COUNT, M_NORMAL_Y } from '../src/collision/index.js';

import { collide, expectNormal, expectSymmetric, pt, storeOf, type Pose } from './helpers/collide.js';

describe('circle–circle', () => {
  const store = storeOf(makeCircle(0.5), makeCircle(0.5), makeCircle(0.25, { x: 1, y: 0 }));
  const O: Pose = [0, 0, 0];

  it('separated beyond the speculative distance: no points', () => {
    expect(collide(store, 0, O, 1, [1.03, 0, 0])[M_COUNT]).toBe(0);
    expect(collide(store, 0, O, 1, [1 + SPECULATIVE_DISTANCE, 0, 0])[M_COUNT]).toBe(0);
  });

  it('speculative gap: one point at the midpoint with the positive separation', () => {
    const m = collide(store, 0, O, 1, [1.01, 0, 0]);
    expect(m[M_COUNT]).toBe(1);
    expectNormal(m, 1, 0);
    const p = pt(m, 0);
    expect(p.sep).toBeCloseTo(0.01, 12);
    expect(p.x).toBeCloseTo(0.505, 12);
    expect(p.y).toBeCloseTo(0, 12);
    expect(p.id).toBe(0);
  });

  it('touching and deep overlap along a diagonal', () => {
    expect(pt(collide(store, 0, O, 1, [0.6, 0.8, 0]), 0).sep).toBeCloseTo(0, 12);
    const m = collide(store, 0, [1, 1, 0], 1, [1.3, 1.4, 0]);
    expectNormal(m, 0.6, 0.8);
    expect(pt(m, 0).sep).toBeCloseTo(-0.5, 12);
    // Midway between the surface points (1.3, 1.4) and (1, 1) + ... : centre line point at 0.25 from A.
    expect(pt(m, 0).x).toBeCloseTo(1 + 0.25 * 0.6, 12);
    expect(pt(m, 0).y).toBeCloseTo(1 + 0.25 * 0.8, 12);
  });

  it('uses the local centre on a rotated body', () => {
    // Shape 2 sits at local (1, 0); body at (2, 2) turned 90° puts it at (2, 3).
    const m = collide(store, 2, [2, 2, Math.PI / 2], 0, [2, 3.7, 0]);
    expect(m[M_COUNT]).toBe(1);
    expectNormal(m, 0, 1);
    expect(pt(m, 0).sep).toBeCloseTo(0.7 - 0.75, 12);
  });

  it('concentric circles: a unit normal and the full overlap', () => {
    const m = collide(store, 0, [3, 3, 0.4], 1, [3, 3, 0]);
    expect(m[M_COUNT]).toBe(1);
    expect(pt(m, 0).sep).toBeCloseTo(-1, 12);
  });

  it('swapping A and B flips the normal', () => {
    expectSymmetric(store, 0, [0, 0, 0.3], 1, [0.3, 0.7, -1]);
  });
});

describe('capsule–circle and segment–circle', () => {
  const store = storeOf(
    makeCapsule({ x: -1, y: 0 }, { x: 1, y: 0 }, 0.25),
    makeCircle(0.5),
    makeSegment({ x: -1, y: 0 }, { x: 1, y: 0 }),
  );
  const O: Pose = [0, 0, 0];

  it('separated: no points', () => {
    expect(collide(store, 0, O, 1, [0, 0.8, 0])[M_COUNT]).toBe(0);
    expect(collide(store, 0, O, 1, [1 + 0.78 * 0.6, 0.78 * 0.8, 0])[M_COUNT]).toBe(0);
    expect(collide(store, 2, O, 1, [0.2, -0.53, 0])[M_COUNT]).toBe(0);
  });

  it('speculative over the side and beyond the end cap', () => {
    let m = collide(store, 0, O, 1, [0.3, 0.76, 0]);
    expectNormal(m, 0, 1);
    expect(pt(m, 0).sep).toBeCloseTo(0.01, 12);
    expect(pt(m, 0).x).toBeCloseTo(0.3, 12);
    expect(pt(m, 0).y).toBeCloseTo(0.255, 12);
    m = collide(store, 0, O, 1, [1 + 0.76 * 0.6, 0.76 * 0.8, 0]);
    expectNormal(m, 0.6, 0.8);
    expect(pt(m, 0).sep).toBeCloseTo(0.01, 12);
  });

  it('deep: circle centre on the capsule axis still gives a unit normal and the full overlap', () => {
    const m = collide(store, 0, O, 1, [0.5, 0, 0]);
    expect(m[M_COUNT]).toBe(1);
    expect(pt(m, 0).sep).toBeCloseTo(-0.75, 12);
    expect(Math.abs(m[M_NORMAL_Y])).toBeCloseTo(1, 12);
  });

  it('rotated capsule body', () => {
    // Capsule turned 90° at (5, 5) is vertical; circle to its left at distance 0.7.
    const m = collide(store, 0, [5, 5, Math.PI / 2], 1, [4.3, 5.2, 0]);
    expectNormal(m, -1, 0);
    expect(pt(m, 0).sep).toBeCloseTo(0.7 - 0.75, 12);
  });

  it('segment against circle: radius 0 on the segment side, both faces collide', () => {
    let m = collide(store, 2, O, 1, [0.2, 0.49, 0]);
    expectNormal(m, 0, 1);
    expect(pt(m, 0).sep).toBeCloseTo(-0.01, 12);
    expect(pt(m, 0).y).toBeCloseTo(-0.005, 12);
    m = collide(store, 2, O, 1, [0.2, -0.51, 0]);
    expectNormal(m, 0, -1);
    expect(pt(m, 0).sep).toBeCloseTo(0.01, 12);
  });

  it('swapping A and B flips the normal', () => {
    expectSymmetric(store, 0, [0, 0, 0.2], 1, [0.8, 0.5, 0]);
    expectSymmetric(store, 2, [0, 0, -0.2], 1, [-0.8, 0.3, 0]);
  });
});

describe('polygon–circle', () => {
  const store = storeOf(makeBox(1, 1), makeCircle(0.5), makeRoundedBox(1, 1, 0.1));
  const O: Pose = [0, 0, 0];

  it('separated from a face and from a corner (corner region checked by true distance)', () => {
    expect(collide(store, 0, O, 1, [0, 1.53, 0])[M_COUNT]).toBe(0);
    // Face separation here is −0.1 but the corner is 0.566 away.
    expect(collide(store, 0, O, 1, [1.4, 1.4, 0])[M_COUNT]).toBe(0);
  });

  it('speculative against a face and a corner', () => {
    let m = collide(store, 0, O, 1, [0.2, 1.51, 0]);
    expectNormal(m, 0, 1);
    expect(pt(m, 0).sep).toBeCloseTo(0.01, 12);
    expect(pt(m, 0).x).toBeCloseTo(0.2, 12);
    expect(pt(m, 0).y).toBeCloseTo(1.005, 12);
    m = collide(store, 0, O, 1, [1 + 0.51 * 0.6, 1 + 0.51 * 0.8, 0]);
    expectNormal(m, 0.6, 0.8);
    expect(pt(m, 0).sep).toBeCloseTo(0.01, 12);
  });

  it('touching and deep, including the centre inside the polygon', () => {
    expect(pt(collide(store, 0, O, 1, [-1.5, 0.3, 0]), 0).sep).toBeCloseTo(0, 12);
    const m = collide(store, 0, O, 1, [0.2, 0.7, 0]);
    expectNormal(m, 0, 1);
    expect(pt(m, 0).sep).toBeCloseTo(-0.8, 12);
  });

  it('rounded polygon adds its radius', () => {
    const m = collide(store, 2, O, 1, [0, 1.61, 0]);
    expectNormal(m, 0, 1);
    expect(pt(m, 0).sep).toBeCloseTo(0.01, 12);
    expect(pt(m, 0).y).toBeCloseTo(1.105, 12);
  });

  it('rotated polygon: a 45° box meets a circle above its top corner', () => {
    const m = collide(store, 0, [0, 0, Math.PI / 4], 1, [0, Math.SQRT2 + 0.51, 0]);
    expect(m[M_COUNT]).toBe(1);
    expectNormal(m, 0, 1);
    expect(pt(m, 0).sep).toBeCloseTo(0.01, 12);
  });

  it('swapping A and B flips the normal', () => {
    expectSymmetric(store, 0, [0, 0, 0.3], 1, [0.5, 1.3, 0]);
  });
});
