// A kinematic body moves by its velocity only: gravity and contacts do not change it (infinite mass), and it pushes
// dynamic bodies out of its way.
import { describe, expect, it } from 'vitest';
import { addShape, createBody, getAngle, getLinearVelocity, getPosition, makeBox, makeCircle } from '@impulse2d/core';
import { addGround, run, world } from './helpers/scene.js';

const DT = 1 / 60;

describe.each(['soft', 'classic'] as const)('kinematic bodies (%s solver)', (solver) => {
  it('a kinematic box moves at its set velocity, unaffected by gravity (1 s: x = v·t to 1e-12)', () => {
    const w = world({ solver });
    const k = createBody(w, {
      type: 'kinematic',
      position: { x: 1, y: 5 },
      linearVelocity: { x: 2, y: -0.5 },
      angularVelocity: 0.5,
    });
    addShape(w, k, makeBox(1, 0.2), { density: 1 });
    run(w, 60);
    expect(getLinearVelocity(w, k)).toEqual({ x: 2, y: -0.5 });
    expect(Math.abs(getPosition(w, k).x - (1 + 2 * 60 * DT))).toBeLessThan(1e-12);
    expect(Math.abs(getPosition(w, k).y - (5 - 0.5 * 60 * DT))).toBeLessThan(1e-12);
    // Rotation by the substep scheme: atan(h·ω) per substep (see free-fall.test.ts), ≈ 0.5 rad. Classic mode takes
    // one substep of the whole step, so its h is dt and its per-step angle atan(dt·ω).
    const n = solver === 'classic' ? 1 : 4;
    expect(Math.abs(getAngle(w, k) - 60 * n * Math.atan((DT / n) * 0.5))).toBeLessThan(1e-11);
  });

  it('a kinematic pusher at 2 m/s pushes a resting dynamic box along the ground and keeps its own speed', () => {
    const w = world({ enableSleep: false, solver });
    addGround(w, 50, 1, 0.6);
    // The pusher rides just above the ground (no contact with static bodies anyway) and starts 1 m left of the box.
    const pusher = createBody(w, { type: 'kinematic', position: { x: -2, y: 0.55 }, linearVelocity: { x: 2, y: 0 } });
    addShape(w, pusher, makeBox(0.5, 0.5));
    const box = createBody(w, { type: 'dynamic', position: { x: 0, y: 0.5 } });
    addShape(w, box, makeBox(0.5, 0.5), { density: 1, friction: 0.6 });
    run(w, 120);
    // After 2 s the pusher travelled exactly 4 m, and the box is in front of it, touching, moving at its speed.
    expect(getLinearVelocity(w, pusher)).toEqual({ x: 2, y: 0 });
    expect(Math.abs(getPosition(w, pusher).x - (-2 + 4))).toBeLessThan(1e-12);
    expect(getPosition(w, pusher).y).toBe(0.55);
    const gap = getPosition(w, box).x - getPosition(w, pusher).x;
    expect(gap).toBeGreaterThan(0.97);
    expect(gap).toBeLessThan(1.03);
    expect(Math.abs(getLinearVelocity(w, box).x - 2)).toBeLessThan(0.1);
    // Still on the ground, not thrown over the pusher.
    expect(Math.abs(getPosition(w, box).y - 0.5)).toBeLessThan(0.02);
  });

  it('a kinematic platform moving up lifts a circle resting on it against gravity', () => {
    const w = world({ enableSleep: false, solver });
    const lift = createBody(w, { type: 'kinematic', position: { x: 0, y: 0 }, linearVelocity: { x: 0, y: 1 } });
    addShape(w, lift, makeBox(2, 0.25));
    const ball = createBody(w, { type: 'dynamic', position: { x: 0, y: 0.75 } });
    addShape(w, ball, makeCircle(0.5));
    run(w, 90);
    expect(Math.abs(getPosition(w, lift).y - 1.5)).toBeLessThan(1e-12);
    // The ball rides on top: centre 0.75 above the platform centre, less the slop-sized overlap.
    const rel = getPosition(w, ball).y - getPosition(w, lift).y;
    expect(rel).toBeGreaterThan(0.73);
    expect(rel).toBeLessThan(0.76);
    expect(Math.abs(getLinearVelocity(w, ball).y - 1)).toBeLessThan(0.05);
  });
});
