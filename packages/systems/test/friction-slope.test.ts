// A unit box on a static slope inclined θ, both with friction μ (mixed √(μA·μB) = μ). Coulomb: it stays when
// tan θ < μ; otherwise it slides with a = g(sin θ − μ cos θ) along the slope (and g sin θ with μ = 0).
import { describe, expect, it } from 'vitest';
import {
  addShape,
  createBody,
  getLinearVelocity,
  makeBox,
  type PhysicsWorld,
  type SolverMode,
  type BodyId,
} from '@impulse2d/core';
import { angleOf, run, world } from './helpers/scene.js';

const G = 10;
const deg = (d: number): number => (d * Math.PI) / 180;

interface Slope {
  w: PhysicsWorld;
  box: BodyId;
  /** Unit vector pointing down the slope. */
  dx: number;
  dy: number;
  theta: number;
}

/**
 * A 20 m static slope (friction μ) through the origin and a 1 m box (friction μBox, default μ) resting on it, `along`
 * metres up-slope from the middle.
 */
function slope(solver: SolverMode, thetaDeg: number, mu: number, along = 7, muBox = mu): Slope {
  const theta = deg(thetaDeg);
  const c = Math.cos(theta);
  const s = Math.sin(theta);
  const w = world({ enableSleep: false, solver });
  const ground = createBody(w, { type: 'static', position: { x: 0, y: 0 }, angle: theta });
  addShape(w, ground, makeBox(10, 0.5), { friction: mu });
  // Box centre at slope-local (along, 0.5 + 0.5): on the top face.
  const box = createBody(w, {
    type: 'dynamic',
    position: { x: along * c - 1 * s, y: along * s + 1 * c },
    angle: theta,
  });
  addShape(w, box, makeBox(0.5, 0.5), { density: 1, friction: muBox });
  return { w, box, dx: -c, dy: -s, theta };
}

function speedDownSlope(sl: Slope): number {
  const v = getLinearVelocity(sl.w, sl.box);
  return v.x * sl.dx + v.y * sl.dy;
}

function positionAlong(sl: Slope): number {
  const t = sl.w.physics.transform;
  return t.x[sl.box] * sl.dx + t.y[sl.box] * sl.dy;
}

/** Acceleration down the slope measured from the velocity change over 1 s, after 0.25 s of settling. */
function measuredAcceleration(sl: Slope): number {
  run(sl.w, 15);
  const v0 = speedDownSlope(sl);
  run(sl.w, 60);
  const v1 = speedDownSlope(sl);
  return v1 - v0;
}

describe.each(['soft', 'classic'] as const)('a box on a slope obeys Coulomb friction (%s solver)', (solver) => {
  it('a box on a 25° slope with μ = 0.6 (tan θ = 0.47) stays put: < 1 cm over 2 s after settling', () => {
    const sl = slope(solver, 25, 0.6);
    run(sl.w, 30);
    const t = sl.w.physics.transform;
    const x0 = t.x[sl.box];
    const y0 = t.y[sl.box];
    run(sl.w, 120);
    const moved = Math.hypot(t.x[sl.box] - x0, t.y[sl.box] - y0);
    expect(moved).toBeLessThan(0.01);
    expect(Math.abs(speedDownSlope(sl))).toBeLessThan(0.01);
    expect(Math.abs(angleOf(sl.w, sl.box) - sl.theta)).toBeLessThan(0.01);
  });

  it('a box on a 15° slope with μ = 0.3 (tan θ = 0.27, close to the limit) also stays put', () => {
    const sl = slope(solver, 15, 0.3);
    run(sl.w, 30);
    const a0 = positionAlong(sl);
    run(sl.w, 120);
    expect(Math.abs(positionAlong(sl) - a0)).toBeLessThan(0.01);
  });

  it('a box on a 40° slope with μ = 0.3 slides with a = g(sin θ − μ cos θ) = 4.13 m/s² (±3 %)', () => {
    const sl = slope(solver, 40, 0.3);
    const expected = G * (Math.sin(sl.theta) - 0.3 * Math.cos(sl.theta));
    const a = measuredAcceleration(sl);
    expect(Math.abs(a - expected) / expected).toBeLessThan(0.03);
    // It slides flat on its face: no tumbling.
    expect(Math.abs(angleOf(sl.w, sl.box) - sl.theta)).toBeLessThan(0.02);
  });

  it('a box on a 30° slope with μ = 0 slides at g sin θ = 5 m/s² (±3 %)', () => {
    const sl = slope(solver, 30, 0);
    const expected = G * Math.sin(sl.theta);
    const a = measuredAcceleration(sl);
    expect(Math.abs(a - expected) / expected).toBeLessThan(0.03);
    expect(Math.abs(angleOf(sl.w, sl.box) - sl.theta)).toBeLessThan(0.02);
  });

  it('a box on a 40° slope with μ = 0 slides at g sin θ = 6.43 m/s² (±3 %)', () => {
    const sl = slope(solver, 40, 0);
    const expected = G * Math.sin(sl.theta);
    const a = measuredAcceleration(sl);
    expect(Math.abs(a - expected) / expected).toBeLessThan(0.03);
  });

  it('mixing is √(μA·μB): a μ = 0.9 box on a μ = 0.1 slope at 40° slides like μ = 0.3', () => {
    const sl = slope(solver, 40, 0.1, 7, 0.9);
    const expected = G * (Math.sin(sl.theta) - 0.3 * Math.cos(sl.theta));
    const a = measuredAcceleration(sl);
    expect(Math.abs(a - expected) / expected).toBeLessThan(0.03);
  });
});
