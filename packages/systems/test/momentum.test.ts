// Head-on collisions in zero gravity. Contact impulses act equally and oppositely on the two bodies, so total linear
// momentum is conserved to rounding (1e-9 relative). Newton's restitution law fixes the outcome along the line of
// centres: with e = 1 the relative velocity reverses; with e = 0 the bodies end with equal velocities. A centred,
// face-to-face impact of two boxes gives no torque, so they must not spin.
//
// Tolerances: 3 % on the reversal for e = 1 (the restitution pass drives vn to −e·vn measured at the start of the
// impact step); for e = 0 and for spurious spin, residual velocities (relative speed, box edge speed |ω|·0.5 m) below
// 2 % of the approach speed: soft contacts leave a few mm of overlap whose recovery must not launch the bodies.
import { describe, expect, it } from 'vitest';
import {
  addShape,
  createBody,
  getAngularVelocity,
  getLinearVelocity,
  getMass,
  makeBox,
  makeCircle,
  type ShapeGeometry,
  type SolverMode,
} from '@impulse2d/core';
import { run, world } from './helpers/scene.js';

interface Collision {
  pBefore: { x: number; y: number };
  pAfter: { x: number; y: number };
  vRelBefore: number;
  vRelAfter: number;
  vA: number;
  vB: number;
  wA: number;
  wB: number;
  scale: number;
}

function collide(
  gA: ShapeGeometry,
  densityA: number,
  vA: number,
  gB: ShapeGeometry,
  densityB: number,
  vB: number,
  e: number,
  solver: SolverMode,
): Collision {
  const w = world({ gravity: { x: 0, y: 0 }, enableSleep: false, solver });
  const a = createBody(w, { type: 'dynamic', position: { x: -2, y: 0.3 }, linearVelocity: { x: vA, y: 0 } });
  addShape(w, a, gA, { density: densityA, restitution: e, friction: 0.6 });
  const b = createBody(w, { type: 'dynamic', position: { x: 2, y: 0.3 }, linearVelocity: { x: vB, y: 0 } });
  addShape(w, b, gB, { density: densityB, restitution: e, friction: 0.6 });
  const mA = getMass(w, a);
  const mB = getMass(w, b);
  const momentum = () => {
    const va = getLinearVelocity(w, a);
    const vb = getLinearVelocity(w, b);
    return { x: mA * va.x + mB * vb.x, y: mA * va.y + mB * vb.y };
  };
  const pBefore = momentum();
  // 2 s: the gap of 4 m minus the sizes closes well within 1 s at these speeds, then the bodies separate or ride on.
  run(w, 120);
  const pAfter = momentum();
  const va = getLinearVelocity(w, a).x;
  const vb = getLinearVelocity(w, b).x;
  return {
    pBefore,
    pAfter,
    vRelBefore: vB - vA,
    vRelAfter: vb - va,
    vA: va,
    vB: vb,
    wA: getAngularVelocity(w, a),
    wB: getAngularVelocity(w, b),
    scale: mA * Math.abs(vA) + mB * Math.abs(vB),
  };
}

function expectMomentumConserved(c: Collision): void {
  // Relative to Σ m|v| (the total momentum itself may be zero).
  expect(Math.abs(c.pAfter.x - c.pBefore.x) / c.scale).toBeLessThan(1e-9);
  expect(Math.abs(c.pAfter.y - c.pBefore.y) / c.scale).toBeLessThan(1e-9);
}

describe.each(['soft', 'classic'] as const)(
  'head-on collisions conserve momentum and follow the restitution law (%s solver)',
  (solver) => {
    it('equal circles, e = 1: momentum conserved to 1e-9 and the velocities swap (relative velocity reverses within 3 %)', () => {
      const c = collide(makeCircle(0.5), 1, 3, makeCircle(0.5), 1, -3, 1, solver);
      expectMomentumConserved(c);
      expect(c.vRelAfter / -c.vRelBefore).toBeGreaterThan(0.97);
      expect(c.vRelAfter / -c.vRelBefore).toBeLessThan(1.03);
      expect(c.vA).toBeCloseTo(-3, 1);
      expect(c.vB).toBeCloseTo(3, 1);
    });

    it('unequal circles (mass ratio 4:1), e = 1: momentum conserved and relative velocity reverses within 3 %', () => {
      // A: r = 0.5, ρ = 1 → m = π/4; B: r = 0.25, ρ = 1 → m = π/16. B at rest, A hits it at 4 m/s.
      const c = collide(makeCircle(0.5), 1, 4, makeCircle(0.25), 1, 0, 1, solver);
      expectMomentumConserved(c);
      expect(c.vRelAfter / -c.vRelBefore).toBeGreaterThan(0.97);
      expect(c.vRelAfter / -c.vRelBefore).toBeLessThan(1.03);
      // Elastic 1-D result: vA' = (mA − mB)/(mA + mB)·4 = 2.4, vB' = 2mA/(mA + mB)·4 = 6.4.
      expect(Math.abs(c.vA - 2.4)).toBeLessThan(0.1);
      expect(Math.abs(c.vB - 6.4)).toBeLessThan(0.1);
    });

    it('unequal circles, e = 0: momentum conserved and they move on together at the centre-of-mass velocity', () => {
      const c = collide(makeCircle(0.5), 1, 4, makeCircle(0.25), 1, 0, 0, solver);
      expectMomentumConserved(c);
      expect(Math.abs(c.vRelAfter)).toBeLessThan(0.02 * Math.abs(c.vRelBefore));
      // v = mA·4/(mA + mB) = 3.2.
      expect(Math.abs(c.vA - 3.2)).toBeLessThan(0.05);
    });

    it('equal boxes face to face, e = 1: momentum conserved, velocities swap, no spin', () => {
      const c = collide(makeBox(0.5, 0.5), 1, 2, makeBox(0.5, 0.5), 1, -2, 1, solver);
      expectMomentumConserved(c);
      expect(c.vRelAfter / -c.vRelBefore).toBeGreaterThan(0.97);
      expect(c.vRelAfter / -c.vRelBefore).toBeLessThan(1.03);
      expect(Math.max(Math.abs(c.wA), Math.abs(c.wB)) * 0.5).toBeLessThan(0.02 * 4);
    });

    it('unequal boxes (densities 3 and 1), e = 0: momentum conserved and they move on together', () => {
      const c = collide(makeBox(0.5, 0.5), 3, 2, makeBox(0.5, 0.5), 1, -2, 0, solver);
      expectMomentumConserved(c);
      expect(Math.abs(c.vRelAfter)).toBeLessThan(0.02 * Math.abs(c.vRelBefore));
      // v = (3·2 − 1·2)/4 = 1; the centre-of-mass velocity is exact by momentum, each body within 2 % of 4 m/s of it.
      expect(Math.abs(c.vA - 1)).toBeLessThan(0.08);
      expect(Math.abs(c.vB - 1)).toBeLessThan(0.08);
      expect(Math.max(Math.abs(c.wA), Math.abs(c.wB)) * 0.5).toBeLessThan(0.02 * 4);
    });

    it('a circle hitting a box off-centre conserves linear momentum in x and y', () => {
      const w = world({ gravity: { x: 0, y: 0 }, enableSleep: false, solver });
      const a = createBody(w, { type: 'dynamic', position: { x: -3, y: 0.4 }, linearVelocity: { x: 5, y: 0.5 } });
      addShape(w, a, makeCircle(0.3), { density: 2, restitution: 0.5 });
      const b = createBody(w, { type: 'dynamic', position: { x: 0, y: 0 }, angle: 0.3 });
      addShape(w, b, makeBox(0.6, 0.4), { density: 1 });
      const mA = getMass(w, a);
      const mB = getMass(w, b);
      const px0 = mA * 5;
      const py0 = mA * 0.5;
      run(w, 90);
      const va = getLinearVelocity(w, a);
      const vb = getLinearVelocity(w, b);
      // The collision happened: the box moves and spins.
      expect(Math.hypot(vb.x, vb.y)).toBeGreaterThan(0.2);
      expect(Math.abs(getAngularVelocity(w, b))).toBeGreaterThan(0.05);
      const scale = mA * Math.hypot(5, 0.5);
      expect(Math.abs(mA * va.x + mB * vb.x - px0) / scale).toBeLessThan(1e-9);
      expect(Math.abs(mA * va.y + mB * vb.y - py0) / scale).toBeLessThan(1e-9);
    });
  },
);
