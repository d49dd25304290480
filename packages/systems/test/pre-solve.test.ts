// The pre-solve callback (setPreSolve): called for each contact the solver is about to act on, on the stepping thread,
// in contact row order; returning false keeps the solver off that contact for the step.
import {
  PhysicsError,
  addShape,
  createBody,
  createPhysicsWorldFromSnapshot,
  getContactEndEvents,
  getPosition,
  makeBox,
  makeCapsule,
  makeCircle,
  setLinearVelocity,
  setPreSolve,
  takeSnapshot,
  type ContactView,
  type PhysicsWorld,
  type PreSolveFn,
  type ShapeId,
  type BodyId,
} from '@impulse2d/core';
import { startWorkers, stepPhysics, stopWorkers } from '@impulse2d/systems';
import { afterEach, describe, expect, it } from 'vitest';
import { DT, addGround, run, world } from './helpers/scene.js';

function boxOnGround(w: PhysicsWorld): { ground: ShapeId; box: BodyId; boxShape: ShapeId } {
  const g = createBody(w, { type: 'static', position: { x: 0, y: -1 } });
  const ground = addShape(w, g, makeBox(20, 1));
  const box = createBody(w, { type: 'dynamic', position: { x: 0, y: 0.5 } });
  const boxShape = addShape(w, box, makeBox(0.5, 0.5), { density: 1 });
  return { ground, box, boxShape };
}

describe('pre-solve callback', () => {
  for (const [solver, solverKernel] of [
    ['soft', 'wasm'],
    ['soft', 'js'],
    ['classic', 'js'],
  ] as const) {
    it(`a box sinks through the ground while the callback vetoes its contact, and rests once it stops (${solver}, ${solverKernel})`, () => {
      const w = world({ solver, solverKernel });
      const { ground, box } = boxOnGround(w);
      let veto = true;
      let calls = 0;
      setPreSolve(w, (a, b) => {
        calls++;
        expect([a, b]).toContain(ground);
        return !veto;
      });
      run(w, 30);
      // Half a second of free fall as the integrator takes it: n substeps of h, each adding −g·h to the velocity
      // and then moving by it, so y = 0.5 − g·h²·n(n+1)/2 (120 substeps in soft mode, 30 in classic).
      const n = solver === 'classic' ? 30 : 120;
      const h = 0.5 / n;
      expect(Math.abs(getPosition(w, box).y - (0.5 - (10 * h * h * n * (n + 1)) / 2))).toBeLessThan(1e-9);
      expect(calls).toBeGreaterThan(0);
      // The contact stays touching as far as events go: no end event while vetoed.
      expect(getContactEndEvents(w)).toHaveLength(0);
      veto = false;
      setPreSolve(w, null);
      run(w, 240);
      // Solid again: pushed back out, to rest on top of the ground.
      expect(Math.abs(getPosition(w, box).y - 0.5)).toBeLessThan(0.02);
    });
  }

  it('gives the manifold: two points on the ground, the normal from A to B, the impulses carried over (m·g·h in all)', () => {
    const w = world({ enableSleep: false });
    const { ground, boxShape } = boxOnGround(w);
    run(w, 60);
    const seen: {
      a: ShapeId;
      b: ShapeId;
      nx: number;
      ny: number;
      count: number;
      sum: number;
      ys: number[];
      seps: number[];
    }[] = [];
    setPreSolve(w, (a, b, normal, c: ContactView) => {
      seen.push({
        a,
        b,
        nx: normal.x,
        ny: normal.y,
        count: c.pointCount,
        sum: c.normalImpulse[0] + c.normalImpulse[1],
        ys: [c.pointY[0], c.pointY[1]],
        seps: [c.separation[0], c.separation[1]],
      });
      return true;
    });
    stepPhysics(w, DT);
    expect(seen).toHaveLength(1);
    const s = seen[0];
    // The ground's shape came first, so it is shape A and the normal points up, toward the box.
    expect([s.a, s.b]).toEqual([ground, boxShape]);
    expect([s.nx, s.ny]).toEqual([0, 1]);
    expect(s.count).toBe(2);
    for (const y of s.ys) expect(Math.abs(y)).toBeLessThan(0.01);
    for (const d of s.seps) expect(Math.abs(d)).toBeLessThan(0.01);
    // A 1 kg box at rest: the solver's accumulated impulse is a substep's (as Box2D v3's), m·g·h with h = dt/4.
    const h = DT / 4;
    expect(Math.abs(s.sum - 10 * h) / (10 * h)).toBeLessThan(0.02);
    // Vetoed for one step, the contact starts the next one cold.
    setPreSolve(w, () => false);
    stepPhysics(w, DT);
    seen.length = 0;
    setPreSolve(w, (a, b, _normal, c) => {
      seen.push({
        a,
        b,
        nx: 0,
        ny: 0,
        count: c.pointCount,
        sum: c.normalImpulse[0] + c.normalImpulse[1],
        ys: [],
        seps: [],
      });
      return true;
    });
    stepPhysics(w, DT);
    expect(seen.map((e) => e.sum)).toEqual([0]);
  });

  it('one-way platform the Box2D way (veto while the player comes from below), with continuous collision', () => {
    // Box2D's platformer sample: keep the contact only while its normal points up toward the player (or while it is
    // still shallow); a capsule player jumps up through a static platform and lands on it.
    const w = world();
    addGround(w);
    const pb = createBody(w, { type: 'static', position: { x: 0, y: 4 } });
    const platform = addShape(w, pb, makeBox(3, 0.25));
    const player = createBody(w, { type: 'dynamic', position: { x: 0, y: 1 }, fixedRotation: true });
    const playerShape = addShape(w, player, makeCapsule({ x: 0, y: 0 }, { x: 0, y: 1 }, 0.25), { density: 1 });
    setPreSolve(w, (a, b, normal, c) => {
      if (a !== platform && b !== platform) return true;
      const sign = a === playerShape ? -1 : 1;
      if (sign * normal.y > 0.95) return true;
      let separation = 0;
      for (let j = 0; j < c.pointCount; j++) separation = Math.min(separation, c.separation[j]);
      return separation > 0.1 * 0.25;
    });
    // 30 m/s: 0.5 m a step, twice the capsule's radius, so continuous collision sweeps it against the platform; the
    // callback must let it through there too, or the sweep would stop it under the platform.
    setLinearVelocity(w, player, { x: 0, y: 30 });
    for (let i = 1; i <= 20; i++) {
      stepPhysics(w, DT);
      // Free flight through the platform (to the integrator's few mm): y0 + v t − g t²/2.
      const t = i * DT;
      expect(Math.abs(getPosition(w, player).y - (1 + 30 * t - 5 * t * t))).toBeLessThan(0.01);
    }
    run(w, 420);
    // Standing on the platform: the capsule's bottom (origin − radius) on its top face at 4.25.
    expect(Math.abs(getPosition(w, player).y - 0.25 - 4.25)).toBeLessThan(0.02);
  });

  it('is called in the same order with the same arguments on 1, 2 and 3 threads and after a snapshot restore', async () => {
    const record = async (threads: number, restore: boolean): Promise<{ log: number[]; state: Uint8Array }> => {
      let w = world();
      addGround(w);
      for (let i = 0; i < 15; i++) {
        for (let j = 0; j < 20; j++) {
          const b = createBody(w, { type: 'dynamic', position: { x: -10 + j + 0.05 * i, y: 0.5 + 1.02 * i } });
          addShape(w, b, (i + j) % 2 === 0 ? makeBox(0.45, 0.45) : makeCircle(0.45), { density: 1 });
        }
      }
      run(w, 20);
      if (restore) w = createPhysicsWorldFromSnapshot(takeSnapshot(w));
      if (threads > 1) await startWorkers(w, threads);
      const log: number[] = [];
      // Vetoes every seventh call: the callback's answers change the run, so any difference in order shows.
      setPreSolve(w, (a, b, normal, c) => {
        log.push(a, b, normal.x, normal.y, c.pointCount, c.separation[0]);
        return log.length % 7 !== 0;
      });
      run(w, 40);
      const state = takeSnapshot(w);
      await stopWorkers(w);
      return { log, state };
    };
    const reference = await record(1, false);
    expect(reference.log.length).toBeGreaterThan(6 * 300);
    for (const [threads, restore] of [
      [2, false],
      [3, false],
      [1, true],
    ] as const) {
      const r = await record(threads, restore);
      expect(r.log, `${threads} threads, restored ${restore}`).toEqual(reference.log);
      expect(Buffer.from(r.state).equals(Buffer.from(reference.state))).toBe(true);
    }
  }, 60_000);

  it('runs with the world locked, and an error it throws propagates with nothing moved; the world steps on', () => {
    const w = world();
    const { box } = boxOnGround(w);
    const other = createBody(w, { type: 'dynamic', position: { x: 5, y: 3 } });
    addShape(w, other, makeCircle(0.5));
    run(w, 10);
    let locked: unknown = null;
    setPreSolve(w, () => {
      expect(getPosition(w, box).y).toBeGreaterThan(0); // reading is fine
      try {
        setLinearVelocity(w, box, { x: 1, y: 0 });
      } catch (e) {
        locked = e;
      }
      try {
        setPreSolve(w, null);
      } catch (e) {
        expect((e as PhysicsError).code).toBe('WORLD_LOCKED');
      }
      return true;
    });
    stepPhysics(w, DT);
    expect((locked as PhysicsError).code).toBe('WORLD_LOCKED');
    const before = Buffer.from(takeSnapshot(w));
    const boom = new Error('boom');
    setPreSolve(w, () => {
      throw boom;
    });
    expect(() => stepPhysics(w, DT)).toThrow(boom);
    // Nothing integrated: every body is where it was (the contacts were updated, which a step redoes).
    const restored = createPhysicsWorldFromSnapshot(before);
    for (const b of [box, other]) expect(getPosition(w, b)).toEqual(getPosition(restored, b));
    setPreSolve(w, null);
    run(w, 10);
    expect(Math.abs(getPosition(w, box).y - 0.5)).toBeLessThan(0.01);
  });

  it('refuses a callback that is not a function or null with a typed error', () => {
    const w = world();
    boxOnGround(w);
    const keep: PreSolveFn = () => true;
    setPreSolve(w, keep);
    for (const bad of [5, 'fn', {}, undefined]) {
      expect(() => setPreSolve(w, bad as never)).toThrow(PhysicsError);
    }
    expect(w.physics.preSolve).toBe(keep);
    run(w, 5);
  });
});

describe('pre-solve on step workers', () => {
  const started: PhysicsWorld[] = [];
  afterEach(async () => {
    for (const w of started.splice(0)) await stopWorkers(w);
  });

  it('a veto made on the main thread holds while the solver runs on workers (box sinks through the ground)', async () => {
    const w = world();
    started.push(w);
    const { ground, box, boxShape } = boxOnGround(w);
    // A pile beside it, so that the solver's passes have enough rows to share among threads.
    for (let i = 0; i < 10; i++)
      for (let j = 0; j < 15; j++) {
        const b = createBody(w, { type: 'dynamic', position: { x: 3 + j, y: 0.5 + i } });
        addShape(w, b, makeBox(0.45, 0.45));
      }
    await startWorkers(w, 3);
    setPreSolve(w, (a, b) => a !== ground || b !== boxShape);
    run(w, 30);
    expect(getPosition(w, box).y).toBeLessThan(-0.5);
  }, 30_000);
});
