// Pendulums: the period of a small swing is 2π√(L/g) (point mass), within 1%, on a revolute and on a distance joint.
import {
  addShape,
  createBody,
  createDistanceJoint,
  createRevoluteJoint,
  makeCircle,
  type PhysicsWorld,
  type SolverMode,
} from '@impulse2d/core';
import { describe, expect, it } from 'vitest';
import { run, world } from './helpers/scene.js';

const G = 10;

/** Times (s) at which the bob's x crosses the pivot's x, interpolated linearly between steps. */
function crossingTimes(w: PhysicsWorld, bob: number, pivotX: number, steps: number, dt = 1 / 60): number[] {
  const t = w.physics.transform;
  const times: number[] = [];
  let prev = t.x[bob] - pivotX;
  for (let i = 1; i <= steps; i++) {
    run(w, 1, dt);
    const x = t.x[bob] - pivotX;
    if ((prev < 0 && x >= 0) || (prev > 0 && x <= 0)) {
      const f = prev / (prev - x);
      times.push((i - 1 + f) * dt);
    }
    prev = x;
  }
  return times;
}

/** Period from the first and last zero crossings (two crossings per period). */
function period(times: number[]): number {
  const n = times.length - 1;
  return (2 * (times[n] - times[0])) / n;
}

function build(
  kind: 'revolute' | 'distance',
  L: number,
  theta0: number,
  r: number,
  solver: SolverMode = 'soft',
): { w: PhysicsWorld; bob: number } {
  const w = world({ gravity: { x: 0, y: -G }, solver });
  const pivot = { x: 0, y: 10 };
  const ground = createBody(w, { type: 'static', position: pivot });
  const bob = createBody(w, {
    type: 'dynamic',
    position: { x: pivot.x + L * Math.sin(theta0), y: pivot.y - L * Math.cos(theta0) },
    enableSleep: false,
  });
  addShape(w, bob, makeCircle(r), { density: 1000 });
  if (kind === 'revolute') createRevoluteJoint(w, { bodyA: ground, bodyB: bob, anchor: pivot });
  else createDistanceJoint(w, { bodyA: ground, bodyB: bob });
  return { w, bob };
}

describe.each(['soft', 'classic'] as const)('pendulum (%s solver)', (solver) => {
  it('a point mass on a distance joint swings with period 2π√(L/g) within 1%', () => {
    const L = 1.5;
    const { w, bob } = build('distance', L, 0.05, 0.02, solver);
    const times = crossingTimes(w, bob, 0, 60 * 15);
    expect(times.length).toBeGreaterThanOrEqual(10);
    const expected = 2 * Math.PI * Math.sqrt(L / G);
    const T = period(times);
    expect(Math.abs(T - expected) / expected).toBeLessThan(0.01);
  });

  it('a small dense disc on a revolute joint swings with period 2π√(L/g) within 1%', () => {
    const L = 2;
    const r = 0.02;
    const { w, bob } = build('revolute', L, 0.05, r, solver);
    const times = crossingTimes(w, bob, 0, 60 * 15);
    expect(times.length).toBeGreaterThanOrEqual(10);
    const expected = 2 * Math.PI * Math.sqrt(L / G);
    const T = period(times);
    expect(Math.abs(T - expected) / expected).toBeLessThan(0.01);
    // The rod keeps its length (soft joint at 60 Hz): within a millimetre.
    const t = w.physics.transform;
    expect(Math.abs(Math.hypot(t.x[bob], t.y[bob] - 10) - L)).toBeLessThan(1e-3);
  });
});

describe('pendulum', () => {
  it('the same pendulum in classic mode keeps the period within 1%', () => {
    const L = 2;
    const w = world({ solver: 'classic', classicIterations: 8 });
    const pivot = { x: 0, y: 10 };
    const ground = createBody(w, { type: 'static', position: pivot });
    const bob = createBody(w, {
      type: 'dynamic',
      position: { x: L * Math.sin(0.05), y: 10 - L * Math.cos(0.05) },
      enableSleep: false,
    });
    addShape(w, bob, makeCircle(0.02), { density: 1000 });
    createRevoluteJoint(w, { bodyA: ground, bodyB: bob, anchor: pivot });
    const times = crossingTimes(w, bob, 0, 60 * 15, 1 / 240);
    const expected = 2 * Math.PI * Math.sqrt(L / G);
    expect(Math.abs(period(times) - expected) / expected).toBeLessThan(0.01);
  });
});
