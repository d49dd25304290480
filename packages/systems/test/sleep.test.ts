// Sleeping: resting islands stop costing time and stop moving; touching them wakes the whole island.
import { describe, expect, it } from 'vitest';
import {
  addShape,
  applyLinearImpulse,
  createBody,
  isAwake,
  makeBox,
  setAwake,
  setSleepEnabled,
  type BodyId,
} from '@impulse2d/core';
import { loadBundled } from './helpers/bundle.js';
import { addGround, run, world } from './helpers/scene.js';
import type * as Scenes from './helpers/sleep-scenes.js';

// Sleeping must not depend on the solver mode: the resting scenarios run in both.
describe.each(['soft', 'classic'] as const)('sleeping (%s solver)', (solver) => {
  it('a 20-row pyramid falls asleep within 5 s of settling, stays bit-frozen, and wakes when a ball hits it', async () => {
    const r = (await loadBundled<typeof Scenes>('sleep-scenes.ts')).pyramidSleeps(solver);
    // Settling takes about 1 s; asleep by t = 6 s at the latest.
    expect(r.allAsleepAt).toBeGreaterThan(0.5);
    expect(r.allAsleepAt).toBeLessThanOrEqual(6);
    expect(r.frozenChange).toBe(0);
    expect(r.profileBodiesAwakeWhileAsleep).toBe(0);
    // The hit wakes the pyramid's island (every box touches its neighbours), and the struck box is pushed.
    expect(r.awakeAfterHit).toBe(210);
    expect(r.hitBoxMoved).toBeGreaterThan(0.01);
  });

  it('a box resting alone sleeps after 0.5 s at rest and an impulse wakes it', () => {
    const w = world({ enableSleep: true, solver });
    addGround(w);
    const box = createBody(w, { type: 'dynamic', position: { x: 0, y: 0.5 } });
    addShape(w, box, makeBox(0.5, 0.5));
    run(w, 20);
    expect(isAwake(w, box)).toBe(true);
    run(w, 60);
    expect(isAwake(w, box)).toBe(false);
    applyLinearImpulse(w, box, { x: 0, y: 5 });
    expect(isAwake(w, box)).toBe(true);
    run(w, 10);
    expect(w.physics.transform.y[box]).toBeGreaterThan(0.6);
  });
});

describe('sleeping', () => {
  it('bodies with sleep disabled, or a world with sleep off, never sleep', () => {
    const w = world({ enableSleep: true });
    addGround(w);
    const a = createBody(w, { type: 'dynamic', position: { x: -2, y: 0.5 } });
    addShape(w, a, makeBox(0.5, 0.5));
    const b = createBody(w, { type: 'dynamic', position: { x: 2, y: 0.5 }, enableSleep: false });
    addShape(w, b, makeBox(0.5, 0.5));
    run(w, 120);
    expect(isAwake(w, a)).toBe(false);
    expect(isAwake(w, b)).toBe(true);
    setSleepEnabled(w, b, true);
    run(w, 120);
    expect(isAwake(w, b)).toBe(false);
    const off = world({ enableSleep: false });
    addGround(off);
    const c = createBody(off, { type: 'dynamic', position: { x: 0, y: 0.5 } });
    addShape(off, c, makeBox(0.5, 0.5));
    run(off, 240);
    expect(isAwake(off, c)).toBe(true);
  });

  it('setAwake(false) puts a stack to sleep at once and logs one sleep event per body; waking one box wakes the stack', () => {
    const w = world({ enableSleep: true });
    addGround(w);
    const boxes: BodyId[] = [];
    for (let i = 0; i < 3; i++) {
      const b = createBody(w, { type: 'dynamic', position: { x: 0, y: 0.5 + i } });
      addShape(w, b, makeBox(0.5, 0.5));
      boxes.push(b);
    }
    run(w, 10);
    setAwake(w, boxes[1], false);
    expect(boxes.map((b) => isAwake(w, b))).toEqual([false, false, false]);
    setAwake(w, boxes[2], true);
    expect(boxes.map((b) => isAwake(w, b))).toEqual([true, true, true]);
  });
});
