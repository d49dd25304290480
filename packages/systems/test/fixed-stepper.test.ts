// The game-loop helper (fixed-stepper.ts): a fixed timestep driven by frame times, a cap on catch-up steps, and the
// pose columns a renderer interpolates between.
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { query } from 'bitecs';
import {
  PhysicsError,
  addShape,
  createBody,
  createRevoluteJoint,
  makeBox,
  makeCircle,
  setTransform,
  type PhysicsWorld,
  type BodyId,
} from '@impulse2d/core';
import {
  createFixedStepper,
  interpolateTransforms,
  resetInterpolation,
  stepFixed,
  stepPhysics,
  type FixedStepper,
} from '@impulse2d/systems';
import { describe, expect, it } from 'vitest';
import { bundleFile } from './helpers/bundle.js';
import { addGround, transformHash, world } from './helpers/scene.js';

const DT = 1 / 60;

/** A few boxes and a ball dropping onto the ground beside a spinning pendulum: bodies that move and turn. */
function scene(): { w: PhysicsWorld; bodies: BodyId[] } {
  const w = world();
  const bodies = [addGround(w, 20, 1)];
  for (let i = 0; i < 6; i++) {
    const b = createBody(w, { type: 'dynamic', position: { x: -3 + i * 1.1, y: 2 + (i % 3) }, angle: 0.3 * i });
    addShape(w, b, i % 2 === 0 ? makeBox(0.4, 0.4) : makeCircle(0.4), { density: 1, friction: 0.6 });
    bodies.push(b);
  }
  const pivot = createBody(w, { type: 'static', position: { x: 6, y: 6 } });
  const arm = createBody(w, { type: 'dynamic', position: { x: 7.5, y: 6 }, angularVelocity: 4 });
  addShape(w, arm, makeBox(1.5, 0.1), { density: 1 });
  createRevoluteJoint(w, { bodyA: pivot, bodyB: arm, localAnchorA: { x: 0, y: 0 }, localAnchorB: { x: -1.5, y: 0 } });
  bodies.push(pivot, arm);
  return { w, bodies };
}

/** Drives `stepper` like requestAnimationFrame at `hz` for `seconds`: millisecond timestamps, differences in seconds. */
function driveFrames(w: PhysicsWorld, stepper: FixedStepper, hz: number, seconds: number): void {
  const frames = Math.round(seconds * hz);
  let last = 1000; // a page's first timestamp is not 0
  for (let k = 1; k <= frames; k++) {
    const now = 1000 + (k * 1000) / hz;
    stepFixed(w, stepper, (now - last) / 1000);
    last = now;
  }
}

describe('fixed stepper: the simulation keeps wall time at any refresh rate', () => {
  it('30, 60, 120 and 144 Hz frame clocks for 3 s of wall time run floor(3 s / dt) steps (within one) and end in the same state', () => {
    const seconds = 3;
    const results = [30, 60, 120, 144].map((hz) => {
      const { w, bodies } = scene();
      const stepper = createFixedStepper(w);
      driveFrames(w, stepper, hz, seconds);
      return { hz, steps: stepper.totalSteps, hash: transformHash(w, bodies), dropped: stepper.totalDroppedTime };
    });
    const expected = Math.floor(seconds / DT);
    for (const r of results) {
      expect(Math.abs(r.steps - expected), `${r.hz} Hz ran ${r.steps} steps`).toBeLessThanOrEqual(1);
      expect(r.dropped).toBe(0);
    }
    // The same steps of the same length: the same bits, whichever display drove them. And the same as stepPhysics.
    const { w, bodies } = scene();
    for (let i = 0; i < results[0].steps; i++) stepPhysics(w, DT);
    for (const r of results) {
      expect(r.steps).toBe(results[0].steps);
      expect(r.hash, `${r.hz} Hz`).toBe(transformHash(w, bodies));
    }
  });

  it('irregular frame times (0–50 ms, as a busy page gets) still run floor(total / dt) steps, within one', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 0.05, noNaN: true }), { minLength: 1, maxLength: 200 }),
        (frames) => {
          const w = world();
          const stepper = createFixedStepper(w);
          let total = 0;
          for (const f of frames) {
            stepFixed(w, stepper, f);
            total += f;
            expect(stepper.alpha).toBeGreaterThanOrEqual(0);
            expect(stepper.alpha).toBeLessThan(1);
          }
          expect(Math.abs(stepper.totalSteps - Math.floor(total / DT))).toBeLessThanOrEqual(1);
          // Nothing lost: steps run plus the remainder make up the time given (no frame reached the cap of 4).
          expect(stepper.totalSteps * DT + stepper.accumulator).toBeCloseTo(total, 9);
          expect(stepper.totalDroppedTime).toBe(0);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a frame longer than maxStepsPerFrame steps runs the cap and drops (and reports) the rest of its whole steps', () => {
    const { w } = scene();
    const stepper = createFixedStepper(w, { maxStepsPerFrame: 3 });
    expect(stepFixed(w, stepper, 1.005)).toBe(3); // a tab hidden for a second: 60 steps due
    expect(stepper.frameSteps).toBe(3);
    expect(stepper.droppedTime).toBeCloseTo(57 * DT, 12);
    expect(stepper.accumulator).toBeCloseTo(0.005, 12); // the fraction of a step is kept
    expect(w.physics.stepIndex).toBe(3);
    // The next ordinary frame is ordinary again.
    expect(stepFixed(w, stepper, DT)).toBe(1);
    expect(stepper.droppedTime).toBe(0);
    expect(stepper.totalDroppedTime).toBeCloseTo(57 * DT, 12);
    expect(stepper.totalSteps).toBe(4);
  });

  it('beforeStep runs once before each step run (not for dropped ones), seeing the world as that step begins', () => {
    const { w } = scene();
    const seen: number[] = [];
    const stepper = createFixedStepper(w, { maxStepsPerFrame: 3, beforeStep: () => seen.push(w.physics.stepIndex) });
    expect(stepFixed(w, stepper, 1 / 144)).toBe(0);
    expect(seen).toEqual([]);
    expect(stepFixed(w, stepper, 2 * DT)).toBe(2);
    expect(seen).toEqual([0, 1]);
    expect(stepFixed(w, stepper, 10 * DT)).toBe(3); // 7 steps dropped: no call for them
    expect(seen).toEqual([0, 1, 2, 3, 4]);
  });

  it('a 144 Hz frame with less than a step of time runs no step and moves alpha on', () => {
    const { w } = scene();
    const stepper = createFixedStepper(w);
    expect(stepFixed(w, stepper, 1 / 144)).toBe(0);
    expect(stepper.alpha).toBeCloseTo(60 / 144, 12);
    expect(stepFixed(w, stepper, 1 / 144)).toBe(0);
    expect(stepFixed(w, stepper, 1 / 144)).toBe(1);
    expect(stepper.alpha).toBeCloseTo(3 * (60 / 144) - 1, 12);
  });
});

describe('fixed stepper: interpolated transform columns', () => {
  it('alpha 0 draws every body at its pose before the last step, alpha 1 at its current pose, between at unit rotations', () => {
    const { w, bodies } = scene();
    const stepper = createFixedStepper(w, { maxStepsPerFrame: 100 });
    stepFixed(w, stepper, 0.5 + 0.3 * DT); // 30 steps and a remainder
    const t = w.physics.transform;
    // The previous pose is the pose one step back: step a twin world one step less and compare.
    const twin = scene();
    for (let i = 0; i < 29; i++) stepPhysics(twin.w, DT);
    const before = twin.w.physics.transform;
    for (const e of bodies) {
      expect(stepper.previous.x[e]).toBe(before.x[e]);
      expect(stepper.previous.s[e]).toBe(before.s[e]);
    }
    const at0 = interpolateTransforms(w, stepper, 0);
    for (const e of bodies) {
      expect([at0.x[e], at0.y[e], at0.c[e], at0.s[e]]).toEqual([
        stepper.previous.x[e],
        stepper.previous.y[e],
        stepper.previous.c[e],
        stepper.previous.s[e],
      ]);
    }
    const at1 = interpolateTransforms(w, stepper, 1);
    for (const e of bodies) expect([at1.x[e], at1.y[e], at1.c[e], at1.s[e]]).toEqual([t.x[e], t.y[e], t.c[e], t.s[e]]);
    const mid = interpolateTransforms(w, stepper, 0.25);
    const arm = bodies[bodies.length - 1];
    expect(stepper.previous.c[arm]).not.toBe(t.c[arm]); // the arm turned during the step
    for (const e of bodies) {
      const lo = Math.min(stepper.previous.x[e], t.x[e]);
      const hi = Math.max(stepper.previous.x[e], t.x[e]);
      expect(mid.x[e]).toBeGreaterThanOrEqual(lo);
      expect(mid.x[e]).toBeLessThanOrEqual(hi);
      expect(mid.x[e]).toBeCloseTo(0.75 * stepper.previous.x[e] + 0.25 * t.x[e], 12);
      expect(Math.hypot(mid.c[e], mid.s[e])).toBeCloseTo(1, 12);
    }
    // stepFixed wrote the columns at the stepper's own alpha (0.3).
    stepFixed(w, stepper, 0);
    expect(stepper.alpha).toBeCloseTo(0.3, 9);
    expect(stepper.interpolated.y[arm]).toBeCloseTo(0.7 * stepper.previous.y[arm] + 0.3 * t.y[arm], 12);
  });

  it('the columns are indexed like world.physics.transform: a bitecs query over Transform reads them by entity', () => {
    const { w } = scene();
    const stepper = createFixedStepper(w);
    stepFixed(w, stepper, 10 * DT);
    interpolateTransforms(w, stepper, 1);
    const eids = query(w, [w.physics.Transform]);
    expect(eids.length).toBe(9);
    for (const eid of eids) expect(stepper.interpolated.y[eid]).toBe(w.physics.transform.y[eid]);
  });

  it('a body created after the last step is drawn at its pose, not lerped from a stale row; grown worlds grow the columns', () => {
    const { w } = scene();
    const stepper = createFixedStepper(w);
    stepFixed(w, stepper, 2 * DT);
    const added: number[] = [];
    for (let i = 0; i < 100; i++) {
      const b = createBody(w, { type: 'dynamic', position: { x: i, y: 50 + i } });
      addShape(w, b, makeBox(0.2, 0.2), { density: 1 });
      added.push(b);
    }
    const pose = interpolateTransforms(w, stepper, 0);
    for (const b of added) {
      expect(pose.x[b]).toBe(w.physics.transform.x[b]);
      expect(pose.y[b]).toBe(w.physics.transform.y[b]);
    }
    expect(stepper.previous.x.length).toBeGreaterThanOrEqual(w.physics.transform.x.length);
  });

  it('resetInterpolation after a teleport: the body is drawn where it went, not sliding from where it was', () => {
    const { w, bodies } = scene();
    const stepper = createFixedStepper(w);
    stepFixed(w, stepper, 1.5 * DT);
    const b = bodies[1];
    setTransform(w, b, { x: 100, y: 100 }, 0);
    expect(interpolateTransforms(w, stepper, 0.5).x[b]).toBeLessThan(60); // half-way from the old pose
    resetInterpolation(w, stepper);
    expect(interpolateTransforms(w, stepper, 0.5).x[b]).toBe(100);
    expect(stepper.interpolated.y[b]).toBe(100);
  });
});

describe('fixed stepper: bad input is refused with a typed error, before anything changes', () => {
  it('settings: dt not finite and > 0, maxStepsPerFrame or subSteps not an integer >= 1', () => {
    const { w } = scene();
    for (const def of [
      { dt: NaN },
      { dt: Infinity },
      { dt: 0 },
      { dt: -1 / 60 },
      { dt: '1/60' as unknown as number },
      { maxStepsPerFrame: 0 },
      { maxStepsPerFrame: 2.5 },
      { maxStepsPerFrame: NaN },
      { subSteps: 0 },
      { subSteps: 1.5 },
      { beforeStep: 'tick' as unknown as () => void },
    ]) {
      expect(() => createFixedStepper(w, def), JSON.stringify(def)).toThrow(PhysicsError);
      try {
        createFixedStepper(w, def);
      } catch (e) {
        expect((e as PhysicsError).code).toBe('INVALID_ARGUMENT');
      }
    }
    expect(() => createFixedStepper({} as PhysicsWorld)).toThrow(/INVALID_ARGUMENT/);
  });

  it('frame times that are not finite and >= 0, and a stepper of another world: the stepper and world stay as they were and step on', () => {
    const { w, bodies } = scene();
    const stepper = createFixedStepper(w);
    stepFixed(w, stepper, 2.5 * DT);
    const state = JSON.stringify({ ...stepper, world: null });
    const hash = transformHash(w, bodies);
    for (const bad of [
      NaN,
      Infinity,
      -Infinity,
      -0.001,
      '0.016' as unknown as number,
      undefined as unknown as number,
    ]) {
      let error: unknown = null;
      try {
        stepFixed(w, stepper, bad);
      } catch (e) {
        error = e;
      }
      expect(error, String(bad)).toBeInstanceOf(PhysicsError);
      expect((error as PhysicsError).code).toBe('INVALID_ARGUMENT');
    }
    const other = scene().w;
    expect(() => stepFixed(other, stepper, DT)).toThrow(/another world/);
    expect(() => interpolateTransforms(w, stepper, 1.5)).toThrow(/INVALID_ARGUMENT/);
    expect(() => interpolateTransforms(w, stepper, NaN)).toThrow(/INVALID_ARGUMENT/);
    expect(() => resetInterpolation(other, stepper)).toThrow(/another world/);
    expect(JSON.stringify({ ...stepper, world: null })).toBe(state);
    expect(transformHash(w, bodies)).toBe(hash);
    expect(stepFixed(w, stepper, DT)).toBe(1);
    expect(stepper.totalSteps).toBe(3);
  });

  it('called from inside a step (a system of the same pipeline): WORLD_LOCKED', () => {
    const { w } = scene();
    const stepper = createFixedStepper(w);
    w.physics.locked = true;
    expect(() => stepFixed(w, stepper, DT)).toThrow(/WORLD_LOCKED/);
    w.physics.locked = false;
    expect(stepper.accumulator).toBe(0);
    expect(stepFixed(w, stepper, DT)).toBe(1);
  });
});

describe('fixed stepper: allocation', () => {
  // As allocation.test.ts measures a step: young-generation growth over 300 frames of a 20-row pyramid driven at
  // 144 Hz (steps on some frames only, interpolation on every frame), after 5,000 frames of warm-up (2,083 steps: the
  // step itself allocates while V8 has not optimised it, 76 bytes a step after 833), in a child process whose young
  // generation holds the window. The least of up to three runs (a loaded machine delays V8's optimising compiler).
  // Regression: alpha handed to the interpolation and dt to stepPhysics as double arguments were boxed, 16 bytes a
  // frame and 16 a step (22 bytes a frame here; Node 20, AMD EPYC).
  it('a warm 144 Hz frame (steps, previous poses, interpolation) allocates under 8 bytes', async () => {
    const file = await bundleFile('fixed-stepper-allocation.ts');
    let best = { bytesPerFrame: Infinity, gcsInWindow: 1 };
    for (let k = 0; k < 3 && !(best.gcsInWindow === 0 && best.bytesPerFrame < 8); k++) {
      const out = execFileSync(
        process.execPath,
        ['--expose-gc', '--max-semi-space-size=256', '--min-semi-space-size=256', file, '5000', '300'],
        { encoding: 'utf8' },
      );
      const r = JSON.parse(out.trim().split('\n').pop()!) as { bytesPerFrame: number; gcsInWindow: number };
      if (r.gcsInWindow === 0 && r.bytesPerFrame < best.bytesPerFrame) best = r;
    }
    expect(best.gcsInWindow).toBe(0);
    expect(best.bytesPerFrame).toBeLessThan(8);
  }, 180_000);
});
