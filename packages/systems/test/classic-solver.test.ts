// The classic solver (one step of 10 iterations with Baumgarte β = 0.1 and slop, the defaults; SOLVER.md) must also hold stacks and
// keep resting overlap near the linear slop (5 mm): it shifts the separation by the slop, so the steady state of a
// box on the ground overlaps by about LINEAR_SLOP.
import { describe, expect, it } from 'vitest';
import { LINEAR_SLOP, addShape, createBody, getLinearVelocity, makeBox, makeCircle } from '@impulse2d/core';
import { loadBundled } from './helpers/bundle.js';
import type * as Heavy from './helpers/heavy-scenes.js';
import { addGround, angleOf, run, world } from './helpers/scene.js';

const heavy = (): Promise<typeof Heavy> => loadBundled<typeof Heavy>('heavy-scenes.ts');

describe("solver: 'classic'", () => {
  it('stands a 10-row pyramid for 10 s: top moves < 1 cm after 1 s, no box tilts > 0.05 rad', async () => {
    const r = (await heavy()).pyramidScenario(10, 60, 600, 'classic');
    expect(r.boxCount).toBe(55);
    expect(r.nonFinite).toBe(0);
    expect(r.maxDrift).toBeLessThan(0.01);
    expect(r.maxTilt).toBeLessThan(0.05);
    expect(Math.abs(r.topEnd.x)).toBeLessThan(0.01);
    expect(r.topEnd.y).toBeGreaterThan(9.5 - 0.1);
    expect(r.groundPenetration).toBeLessThan(0.01);
  });

  it('a box dropped onto the ground comes to rest with penetration close to the slop (< 0.01 m) and no jitter', () => {
    const w = world({ solver: 'classic', enableSleep: false });
    addGround(w, 20, 1);
    const box = createBody(w, { type: 'dynamic', position: { x: 0, y: 1.5 } });
    addShape(w, box, makeBox(0.5, 0.5), { density: 1, friction: 0.6 });
    run(w, 120);
    const t = w.physics.transform;
    const pen = 0.5 - t.y[box]!;
    expect(pen).toBeGreaterThan(0);
    expect(pen).toBeLessThan(0.01);
    expect(Math.abs(pen - LINEAR_SLOP)).toBeLessThan(0.004);
    // At rest: over another second the box moves < 1 mm and keeps a negligible speed.
    const y1 = t.y[box]!;
    run(w, 60);
    expect(Math.abs(t.y[box]! - y1)).toBeLessThan(0.001);
    expect(Math.hypot(getLinearVelocity(w, box).x, getLinearVelocity(w, box).y)).toBeLessThan(0.01);
    expect(Math.abs(angleOf(w, box))).toBeLessThan(1e-3);
  });

  it('a resting circle also settles with overlap < 0.01 m', () => {
    const w = world({ solver: 'classic', enableSleep: false });
    addGround(w, 20, 1);
    const ball = createBody(w, { type: 'dynamic', position: { x: 0, y: 1 } });
    addShape(w, ball, makeCircle(0.5));
    run(w, 180);
    const pen = 0.5 - w.physics.transform.y[ball]!;
    expect(pen).toBeGreaterThan(0);
    expect(pen).toBeLessThan(0.01);
  });

  it('the soft solver keeps a resting box within 0.01 m of the ground too (reference for the classic numbers)', () => {
    const w = world({ enableSleep: false });
    addGround(w, 20, 1);
    const box = createBody(w, { type: 'dynamic', position: { x: 0, y: 1.5 } });
    addShape(w, box, makeBox(0.5, 0.5));
    run(w, 120);
    const pen = 0.5 - w.physics.transform.y[box]!;
    expect(pen).toBeGreaterThan(-0.001);
    expect(pen).toBeLessThan(0.01);
  });
});
