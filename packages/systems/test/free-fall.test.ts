// A body with no contacts follows the integrator's closed form. The soft step integrates each substep h = dt/n with
// semi-implicit (symplectic) Euler and Box2D's implicit damping: v_i = a·v_{i−1} + h·g·s with a = 1/(1 + h·c),
// then x_i = x_{i−1} + h·v_i. With c = 0: v_k = v0 + k·h·g, y_k = y0 + k·h·v0 + h²·g·k(k+1)/2.
// With c > 0 (geometric sums): v_k = a^k·v0 + h·g·(1 − a^k)/(1 − a),
//   Σ_{i=1..k} v_i = v0·a(1 − a^k)/(1 − a) + h·g/(1 − a)·(k − a(1 − a^k)/(1 − a)).
// Rotation: q ← normalize(q + h·ω·q⊥) turns by exactly atan(h·ω) per substep.
import { describe, expect, it } from 'vitest';
import {
  addShape,
  createBody,
  getAngle,
  getAngularVelocity,
  getLinearVelocity,
  getPosition,
  makeCircle,
  makeBox,
} from '@impulse2d/core';
import { run, world } from './helpers/scene.js';

const DT = 1 / 60;
const SUB = 4;
const H = DT / SUB;

/** |a − b| ≤ rel·max(|b|, 1): a relative check that does not blow up at 0. */
function expectNear(actual: number, expected: number, rel = 1e-12): void {
  const tol = rel * Math.max(Math.abs(expected), 1);
  if (!(Math.abs(actual - expected) <= tol)) {
    throw new Error(`expected ${expected}, got ${actual} (diff ${actual - expected}, tol ${tol})`);
  }
}

function closedFormUndamped(y0: number, v0: number, g: number, k: number): { y: number; v: number } {
  return { v: v0 + k * H * g, y: y0 + k * H * v0 + H * H * g * ((k * (k + 1)) / 2) };
}

function closedFormDamped(y0: number, v0: number, g: number, c: number, k: number): { y: number; v: number } {
  const a = 1 / (1 + H * c);
  const ak = a ** k;
  const geo = (a * (1 - ak)) / (1 - a); // Σ_{i=1..k} a^i
  const v = ak * v0 + (H * g * (1 - ak)) / (1 - a);
  const sumV = v0 * geo + ((H * g) / (1 - a)) * (k - geo);
  return { v, y: y0 + H * sumV };
}

describe('free fall follows the integrator closed form', () => {
  it('a circle dropped from rest falls y0 + h²g·k(k+1)/2 after k substeps (checked every step for 2 s)', () => {
    const w = world();
    const b = createBody(w, { type: 'dynamic', position: { x: 3, y: 50 } });
    addShape(w, b, makeCircle(0.5));
    for (let step = 1; step <= 120; step++) {
      run(w, 1);
      const k = step * SUB;
      const e = closedFormUndamped(50, 0, -10, k);
      expectNear(getLinearVelocity(w, b).y, e.v);
      expectNear(getPosition(w, b).y, e.y);
      expect(getPosition(w, b).x).toBe(3);
      expect(getLinearVelocity(w, b).x).toBe(0);
    }
    // Sanity against the continuous answer: ½gt² = 20 m after 2 s; the symplectic scheme falls h·g·t/2 more.
    expect(50 - getPosition(w, b).y).toBeCloseTo(20 + (H * 10 * 2) / 2, 9);
  });

  it('a box thrown up and sideways keeps vx exactly and follows the parabola of the substep scheme', () => {
    const w = world();
    const b = createBody(w, { type: 'dynamic', position: { x: -2, y: 10 }, linearVelocity: { x: 1.5, y: 7 } });
    addShape(w, b, makeBox(0.3, 0.2), { density: 3 });
    run(w, 90);
    const k = 90 * SUB;
    const e = closedFormUndamped(10, 7, -10, k);
    expectNear(getLinearVelocity(w, b).y, e.v);
    expectNear(getPosition(w, b).y, e.y);
    expectNear(getPosition(w, b).x, -2 + 1.5 * k * H);
    expect(getLinearVelocity(w, b).x).toBe(1.5);
    expect(getAngle(w, b)).toBe(0);
  });

  it('linear damping c = 0.8/s follows v_k = a^k·v0 + hg(1 − a^k)/(1 − a) with a = 1/(1 + hc)', () => {
    const w = world();
    const b = createBody(w, {
      type: 'dynamic',
      position: { x: 0, y: 100 },
      linearVelocity: { x: 4, y: 2 },
      linearDamping: 0.8,
    });
    addShape(w, b, makeCircle(0.25));
    for (let step = 1; step <= 120; step++) {
      run(w, 1);
      const k = step * SUB;
      const ey = closedFormDamped(100, 2, -10, 0.8, k);
      const ex = closedFormDamped(0, 4, 0, 0.8, k);
      expectNear(getLinearVelocity(w, b).y, ey.v, 1e-11);
      expectNear(getPosition(w, b).y, ey.y, 1e-11);
      expectNear(getLinearVelocity(w, b).x, ex.v, 1e-11);
      expectNear(getPosition(w, b).x, ex.y, 1e-11);
    }
    // Damping must actually slow it: undamped vy after 2 s would be −18; damped approaches −g/c = −12.5.
    const vy = getLinearVelocity(w, b).y;
    expect(vy).toBeGreaterThan(-12.5);
    expect(vy).toBeLessThan(-8);
  });

  it('gravityScale 0 floats at constant velocity and gravityScale 2 falls twice as fast', () => {
    const w = world();
    const floater = createBody(w, {
      type: 'dynamic',
      position: { x: 0, y: 0 },
      linearVelocity: { x: 0.5, y: -0.25 },
      gravityScale: 0,
    });
    addShape(w, floater, makeCircle(0.5));
    const heavy = createBody(w, { type: 'dynamic', position: { x: 10, y: 0 }, gravityScale: 2 });
    addShape(w, heavy, makeCircle(0.5));
    const normal = createBody(w, { type: 'dynamic', position: { x: 20, y: 0 } });
    addShape(w, normal, makeCircle(0.5));
    run(w, 60);
    const k = 60 * SUB;
    expect(getLinearVelocity(w, floater)).toEqual({ x: 0.5, y: -0.25 });
    expectNear(getPosition(w, floater).x, 0.5 * k * H);
    expectNear(getPosition(w, floater).y, -0.25 * k * H);
    const eh = closedFormUndamped(0, 0, -20, k);
    expectNear(getLinearVelocity(w, heavy).y, eh.v);
    expectNear(getPosition(w, heavy).y, eh.y);
    expectNear(getPosition(w, heavy).y, 2 * getPosition(w, normal).y);
  });

  it('a spinning body turns by exactly atan(h·ω) per substep and keeps ω with no damping', () => {
    const w = world({ gravity: { x: 0, y: 0 } });
    const b = createBody(w, { type: 'dynamic', position: { x: 0, y: 0 }, angularVelocity: 3 });
    addShape(w, b, makeBox(1, 0.25));
    run(w, 20);
    const k = 20 * SUB;
    expect(getAngularVelocity(w, b)).toBe(3);
    const expected = k * Math.atan(H * 3);
    // Compare as a rotation, modulo 2π.
    const d = Math.atan2(Math.sin(getAngle(w, b) - expected), Math.cos(getAngle(w, b) - expected));
    expect(Math.abs(d)).toBeLessThan(1e-11);
    // And it is close to (not equal to) the continuous ω·t = 1 rad: the first-order update lags by ~(hω)²/3 per substep.
    expect(Math.abs(expected - 1)).toBeLessThan(1e-3);
  });

  it('a step with other substep counts follows the same scheme with h = dt/n', () => {
    const w = world();
    const b = createBody(w, { type: 'dynamic', position: { x: 0, y: 0 } });
    addShape(w, b, makeCircle(0.5));
    run(w, 30, DT, 8);
    const h = DT / 8;
    const k = 30 * 8;
    expectNear(getLinearVelocity(w, b).y, -10 * k * h);
    expectNear(getPosition(w, b).y, -10 * h * h * ((k * (k + 1)) / 2));
  });
});
