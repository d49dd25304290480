// The testbed's game loop without a browser: the page's FrameClock (src/web/frame-clock.ts) turns animation-frame
// timestamps into the time each tick carries, and the worker hands it to a fixed stepper as worker.ts does (1/60 s
// steps, at most 3 a tick). The page sends a tick only when the worker has answered the last one.
import { addShape, createBody, createPhysicsWorld, makeBox } from '@impulse2d/core';
import { createFixedStepper, stepFixed } from '@impulse2d/systems';
import { describe, expect, it } from 'vitest';
import { FrameClock } from '../src/web/frame-clock.js';

/**
 * `seconds` of frames at `hz`; the worker answers a tick `answerAfter` frames after it was sent (1: within the frame).
 * Returns the steps run and the time dropped.
 */
function drive(hz: number, seconds: number, answerAfter: number): { steps: number; dropped: number } {
  const world = createPhysicsWorld({ gravity: { x: 0, y: -10 } });
  const box = createBody(world, { type: 'dynamic', position: { x: 0, y: 5 } });
  addShape(world, box, makeBox(0.5, 0.5), { density: 1 });
  const stepper = createFixedStepper(world, { maxStepsPerFrame: 3, interpolate: false });
  const clock = new FrameClock();
  let inFlight: number | null = null; // the seconds of the tick the worker is working on
  let answerAt = 0;
  const frames = Math.round(hz * seconds);
  for (let k = 0; k <= frames; k++) {
    const now = 500 + (k * 1000) / hz; // requestAnimationFrame timestamps, ms
    if (inFlight !== null && k >= answerAt) {
      stepFixed(world, stepper, inFlight);
      inFlight = null;
    }
    clock.frame(now);
    if (inFlight === null) {
      inFlight = clock.take();
      answerAt = k + answerAfter;
    }
  }
  if (inFlight !== null) stepFixed(world, stepper, inFlight);
  return { steps: stepper.totalSteps, dropped: stepper.totalDroppedTime };
}

describe('the testbed loop: frame clock and fixed stepper', () => {
  it('keeps real time at 30, 60, 120 and 144 Hz when the worker answers within the frame: 3 s run 180 steps (within one)', () => {
    for (const hz of [30, 60, 120, 144]) {
      const r = drive(hz, 3, 1);
      expect(Math.abs(r.steps - 180), `${hz} Hz: ${r.steps} steps`).toBeLessThanOrEqual(1);
      expect(r.dropped).toBe(0);
    }
  });

  it('keeps real time when the worker answers only every 2nd or 3rd frame: the time of the frames between is kept', () => {
    for (const [hz, after] of [
      [144, 3],
      [120, 2],
      [60, 2],
    ] as const) {
      const r = drive(hz, 3, after);
      expect(Math.abs(r.steps - 180), `${hz} Hz, every ${after}: ${r.steps} steps`).toBeLessThanOrEqual(1);
    }
  });

  it('a worker too slow for real time (every 10th frame at 60 Hz) runs 3 steps a tick and reports the rest dropped', () => {
    const r = drive(60, 3, 10);
    expect(r.steps).toBeLessThanOrEqual(3 * 19);
    expect(r.steps).toBeGreaterThanOrEqual(3 * 17);
    expect(r.steps / 60 + r.dropped).toBeCloseTo(3, 1); // every second accounted for: run or dropped
  });

  it('drop() forgets the time gathered (a pause, a scene load); the first frame carries no time', () => {
    const clock = new FrameClock();
    clock.frame(1000);
    expect(clock.take()).toBe(0);
    clock.frame(1016);
    clock.frame(1032);
    clock.drop();
    clock.frame(1048);
    expect(clock.take()).toBeCloseTo(0.016, 12);
    expect(clock.take()).toBe(0);
    clock.frame(1040); // a timestamp going back adds nothing
    expect(clock.take()).toBe(0);
  });
});
