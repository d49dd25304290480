// One world on several threads (startWorkers): the same bits on any number of threads, every call between steps,
// typed errors, and a worker that dies.
import {
  PhysicsError,
  addShape,
  createBody,
  createPhysicsWorld,
  createDistanceJoint,
  createRevoluteJoint,
  createWeldJoint,
  destroyBody,
  getAngularVelocity,
  getLinearVelocity,
  makeBox,
  makeCircle,
  restoreSnapshot,
  takeSnapshot,
  type PhysicsWorld,
  type BodyId,
} from '@impulse2d/core';
import { getPhysics } from '@impulse2d/core/internal';
import { createPhysicsSystems, getThreadCount, startWorkers, stepPhysics, stopWorkers } from '@impulse2d/systems';
import { availableParallelism } from 'node:os';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SolverPass, type SolverPassName } from '../src/solver-pass.js';
import { crashWorkerForTest, getWorkerChunkCounts, poolOf } from '../src/workers/step-workers.js';
import { buildScene } from './golden/golden-scene.js';
import { checkPairInvariant } from './helpers/pair-invariant.js';

const STEPS = 240;
const worlds: PhysicsWorld[] = [];

afterEach(async () => {
  for (const w of worlds.splice(0)) await stopWorkers(w);
});

function world(): PhysicsWorld {
  const w = createPhysicsWorld({ gravity: { x: 0, y: -10 } });
  worlds.push(w);
  return w;
}

/**
 * The golden scene (stacks, joints, bullets, sleep) plus a pile of 400 boxes and circles with assorted collision
 * filters (thousands of contacts) and a net of 144 circles hanging from a beam: plain pins across, revolute joints
 * with limits down, distance joints on one diagonal and welds on the other, enough rows in each joint colour for the
 * workers to share them, and a kinematic platform carrying 100 boxes.
 */
function buildMixed(w: PhysicsWorld): BodyId[] {
  const bodies = buildScene(w);
  const beam = createBody(w, { type: 'static', position: { x: -60, y: 40 } });
  addShape(w, beam, makeBox(8, 0.2));
  const net: BodyId[] = [];
  for (let i = 0; i < 12; i++) {
    for (let j = 0; j < 12; j++) {
      const b = createBody(w, { type: 'dynamic', position: { x: -66 + j, y: 39 - i } });
      addShape(w, b, makeCircle(0.3), { density: 1 });
      net.push(b);
      bodies.push(b);
      const anchor = { x: -66 + j, y: 39.5 - i };
      if (i === 0) createRevoluteJoint(w, { bodyA: beam, bodyB: b, anchor });
      else
        createRevoluteJoint(w, {
          bodyA: net[net.length - 13],
          bodyB: b,
          anchor,
          enableLimit: true,
          lowerAngle: -0.5,
          upperAngle: 0.5,
        });
      if (j > 0) createRevoluteJoint(w, { bodyA: net[net.length - 2], bodyB: b, anchor: { x: -66.5 + j, y: 39 - i } });
      if (i > 0 && j > 0 && (i + j) % 2 === 0)
        createDistanceJoint(w, { bodyA: net[net.length - 14], bodyB: b, length: Math.SQRT2 });
      if (i > 0 && j < 11 && (i + j) % 5 === 0) createWeldJoint(w, { bodyA: net[net.length - 12], bodyB: b, anchor });
    }
  }
  const floor = createBody(w, { type: 'static', position: { x: 60, y: 0 } });
  addShape(w, floor, makeBox(12, 0.5));
  for (let i = 0; i < 20; i++) {
    for (let j = 0; j < 20; j++) {
      const b = createBody(w, { type: 'dynamic', position: { x: 50 + j * 1.02 + 0.01 * i, y: 1 + i * 1.05 } });
      addShape(w, b, (i + j) % 3 === 0 ? makeCircle(0.5) : makeBox(0.5, 0.5), {
        density: 1,
        friction: 0.6,
        filter: pileFilter(i, j),
      });
      bodies.push(b);
    }
  }
  // A kinematic platform, turning slowly as it moves, carrying 100 boxes: their contacts share colours (a kinematic
  // body blocks none), so threads solve rows on one body state side by side.
  const platform = createBody(w, {
    type: 'kinematic',
    position: { x: 160, y: 2 },
    linearVelocity: { x: 0.5, y: 0.1 },
    angularVelocity: 0.02,
  });
  addShape(w, platform, makeBox(55, 0.5), { friction: 0.6 });
  for (let i = 0; i < 100; i++) {
    const b = createBody(w, { type: 'dynamic', position: { x: 110 + i, y: 3 } });
    addShape(w, b, makeBox(0.4, 0.4), { density: 1 });
    bodies.push(b);
  }
  return bodies;
}

/**
 * Collision filters through the pile, so the pair search meets every rule: categories a mask leaves out, positive
 * and negative groups, and category 0 (collides with nothing, its positive group included).
 */
function pileFilter(i: number, j: number): { categoryBits?: number; maskBits?: number; groupIndex?: number } {
  const k = (7 * i + 3 * j) % 11;
  if (k === 0) return { categoryBits: 2, maskBits: ~2 >>> 0 };
  if (k === 1) return { categoryBits: 4, maskBits: 1 };
  if (k === 2) return { groupIndex: 3 };
  if (k === 3) return { groupIndex: -3 };
  if (k === 4 && i % 4 === 0) return { categoryBits: 0, groupIndex: 3 };
  return {};
}

/**
 * Steps the mixed scene, creating and destroying bodies and joints between steps and restoring a snapshot in place
 * once; the world's whole state (takeSnapshot) at the end.
 */
async function runMixed(
  threads: number,
  solverKernel: 'wasm' | 'js' = 'wasm',
): Promise<{
  state: Uint8Array;
  onWorkers: number;
  solverOnWorkers: number;
  pairTasksOnWorkers: number;
  passOnWorkers: number[];
}> {
  const w = createPhysicsWorld({ gravity: { x: 0, y: -10 }, solverKernel });
  worlds.push(w);
  const bodies = buildMixed(w);
  await startWorkers(w, threads, { adaptive: false });
  let snap: Uint8Array | null = null;
  for (let i = 0; i < STEPS; i++) {
    if (i % 37 === 5) {
      const b = createBody(w, { type: 'dynamic', position: { x: 55 + (i % 7), y: 30 }, isBullet: i % 2 === 0 });
      addShape(w, b, makeBox(0.3, 0.6), { density: 2 });
      const c = createBody(w, { type: 'dynamic', position: { x: 56 + (i % 7), y: 30 } });
      addShape(w, c, makeCircle(0.3));
      createRevoluteJoint(w, { bodyA: b, bodyB: c, anchor: { x: 55.5 + (i % 7), y: 30 } });
      bodies.push(b, c);
    }
    if (i % 53 === 20) destroyBody(w, bodies.splice(30 + (i % 100), 1)[0]);
    if (i === 100) snap = takeSnapshot(w);
    if (i === 130) restoreSnapshot(w, snap!);
    stepPhysics(w, 1 / 60);
  }
  const counts = getWorkerChunkCounts(w);
  return {
    state: takeSnapshot(w),
    onWorkers: counts.onWorkers,
    solverOnWorkers: counts.solverOnWorkers,
    pairTasksOnWorkers: counts.pairTasksOnWorkers,
    passOnWorkers: counts.passOnWorkers,
  };
}

describe('step workers', () => {
  it('give the same bits on 1, 2, 3 and 4 threads on a mixed scene with bodies created and destroyed', async () => {
    const reference = await runMixed(1);
    for (const n of [2, 3, 4]) {
      const run = await runMixed(n);
      expect(run.onWorkers, `${n} threads: the workers ran no chunk`).toBeGreaterThan(0);
      expect(run.pairTasksOnWorkers, `${n} threads: the workers ran no task of the pair search`).toBeGreaterThan(0);
      // Every solver pass ran chunks on the workers: the builders, the body passes, the contact passes colour by
      // colour, the joint passes over records and plain pins colour by colour, restitution, the stored impulses and
      // the write-back.
      for (const name of Object.keys(SolverPass) as SolverPassName[]) {
        expect(
          run.passOnWorkers[SolverPass[name]],
          `${n} threads: the workers ran no chunk of pass ${name}`,
        ).toBeGreaterThan(0);
      }
      expect(Buffer.compare(Buffer.from(run.state), Buffer.from(reference.state)), `${n} threads`).toBe(0);
    }
  }, 120_000);

  it('give the same bits on more threads than cores (6 and 9)', async () => {
    // Chunks are claimed by whichever thread comes first, so with threads waiting on cores the split of each job
    // differs from run to run: the bits must not.
    const reference = await runMixed(1);
    for (const n of [6, 9]) {
      const run = await runMixed(n);
      expect(run.solverOnWorkers, `${n} threads: the workers ran no solver chunk`).toBeGreaterThan(0);
      expect(Buffer.compare(Buffer.from(run.state), Buffer.from(reference.state)), `${n} threads`).toBe(0);
    }
  }, 180_000);

  it('give the same bits with the TypeScript solver path, whose arrays move to shared memory themselves', async () => {
    const reference = await runMixed(1, 'js');
    const run = await runMixed(3, 'js');
    expect(run.solverOnWorkers).toBeGreaterThan(0);
    expect(Buffer.compare(Buffer.from(run.state), Buffer.from(reference.state))).toBe(0);
  }, 120_000);

  it('pair search tasks that overflow their stretch (300 boxes created on one spot) give every pair, same bits', async () => {
    const run = async (threads: number): Promise<{ state: Uint8Array; contacts: number; redone: number }> => {
      const w = world();
      buildMixed(w);
      await startWorkers(w, threads, { adaptive: false });
      for (let i = 0; i < 3; i++) stepPhysics(w, 1 / 60);
      // Every new proxy overlaps all the others: the tasks find thousands of new pairs each.
      for (let i = 0; i < 300; i++) {
        const b = createBody(w, { type: 'dynamic', position: { x: 100 + 0.001 * i, y: 50 } });
        addShape(w, b, makeBox(0.5, 0.5));
      }
      stepPhysics(w, 1 / 60);
      expect(checkPairInvariant(w)).toBeNull();
      const contacts = getPhysics(w).contacts.count;
      for (let i = 0; i < 5; i++) stepPhysics(w, 1 / 60);
      expect(checkPairInvariant(w)).toBeNull();
      return { state: takeSnapshot(w), contacts, redone: getPhysics(w).broadphase.joinTasksRedone };
    };
    const one = await run(1);
    const two = await run(3);
    expect(two.redone, 'no task overflowed').toBeGreaterThan(0);
    expect(two.contacts).toBe(one.contacts);
    expect(one.contacts).toBeGreaterThan((300 * 299) / 2);
    expect(Buffer.from(two.state).equals(Buffer.from(one.state))).toBe(true);
  }, 60_000);

  it('stopWorkers returns the world to one thread with nothing lost', async () => {
    const reference = world();
    buildMixed(reference);
    for (let i = 0; i < 120; i++) stepPhysics(reference, 1 / 60);
    const w = world();
    buildMixed(w);
    await startWorkers(w, 3);
    expect(getThreadCount(w)).toBe(3);
    for (let i = 0; i < 60; i++) stepPhysics(w, 1 / 60);
    await stopWorkers(w);
    expect(getThreadCount(w)).toBe(1);
    for (let i = 60; i < 120; i++) stepPhysics(w, 1 / 60);
    expect(Buffer.from(takeSnapshot(w)).equals(Buffer.from(takeSnapshot(reference)))).toBe(true);
  }, 60_000);

  it('steps taken while startWorkers is still starting them run in one thread, then the workers join', async () => {
    const reference = world();
    buildMixed(reference);
    for (let i = 0; i < 60; i++) stepPhysics(reference, 1 / 60);
    const w = world();
    buildMixed(w);
    const starting = startWorkers(w, 3, { adaptive: false });
    // Regression: the pool was visible to the step before its workers were up; a column sync then reached none of
    // them, and a worker that came up later would have claimed chunks holding no columns.
    for (let i = 0; i < 20; i++) stepPhysics(w, 1 / 60);
    await starting;
    for (let i = 20; i < 60; i++) stepPhysics(w, 1 / 60);
    expect(getWorkerChunkCounts(w).onWorkers).toBeGreaterThan(0);
    expect(Buffer.from(takeSnapshot(w)).equals(Buffer.from(takeSnapshot(reference)))).toBe(true);
  }, 60_000);

  it('count threads in all, the stepping one included: 2 threads start exactly one worker, 1 starts none', async () => {
    const w = world();
    buildMixed(w);
    await startWorkers(w, 2, { adaptive: false });
    expect(poolOf(getPhysics(w))?.threads).toHaveLength(1);
    expect(getThreadCount(w)).toBe(2);
    for (let i = 0; i < 30; i++) stepPhysics(w, 1 / 60);
    expect(getWorkerChunkCounts(w).onWorkers).toBeGreaterThan(0);
    await stopWorkers(w);
    const alone = world();
    buildMixed(alone);
    await startWorkers(alone, 1);
    expect(poolOf(getPhysics(alone))).toBeUndefined();
    expect(getThreadCount(alone)).toBe(1);
    // Nothing was started, so nothing refuses a second call.
    await expect(startWorkers(alone, 1)).resolves.toBeUndefined();
    stepPhysics(alone, 1 / 60);
  }, 60_000);

  it('default to as many threads as the machine runs at once (os.availableParallelism())', async () => {
    const w = world();
    buildMixed(w);
    await startWorkers(w);
    const cores = Math.min(availableParallelism(), 64);
    expect(getThreadCount(w)).toBe(cores);
    expect(poolOf(getPhysics(w))?.threads.length ?? 0).toBe(cores - 1);
    expect(() => stepPhysics(w, 1 / 60)).not.toThrow();
  }, 60_000);

  it('reject bad arguments with typed errors and leave the world steppable', async () => {
    const w = world();
    buildMixed(w);
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 65, '2' as unknown as number]) {
      const error: unknown = await startWorkers(w, bad).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, `totalThreads ${String(bad)}`).toBeInstanceOf(PhysicsError);
      expect((error as PhysicsError).code).toBe('INVALID_ARGUMENT');
      expect(getThreadCount(w)).toBe(1);
    }
    expect(() => stepPhysics(w, 1 / 60)).not.toThrow();
    await startWorkers(w, 2);
    await expect(startWorkers(w, 2)).rejects.toMatchObject({ code: 'WORKERS_ACTIVE' });
    // Inside a step: the first of the step's systems locks the world.
    const systems = createPhysicsSystems(1 / 60);
    systems[0](w);
    await expect(startWorkers(world(), 2)).resolves.toBeUndefined();
    await expect(stopWorkers(w)).rejects.toMatchObject({ code: 'WORLD_LOCKED' });
    for (const system of systems.slice(1)) system(w);
    await stopWorkers(w);
    await expect(stopWorkers(w)).resolves.toBeUndefined();
    const locked = world();
    buildMixed(locked);
    systems[0](locked);
    await expect(startWorkers(locked, 2)).rejects.toMatchObject({ code: 'WORLD_LOCKED' });
    for (const system of systems.slice(1)) system(locked);
    expect(() => stepPhysics(w, 1 / 60)).not.toThrow();
  }, 60_000);

  it('without shared memory (a page that is not cross-origin isolated) startWorkers throws UNSUPPORTED', async () => {
    const w = world();
    buildMixed(w);
    vi.stubGlobal('SharedArrayBuffer', undefined);
    try {
      await expect(startWorkers(w, 2)).rejects.toMatchObject({ code: 'UNSUPPORTED' });
    } finally {
      vi.unstubAllGlobals();
    }
    expect(getThreadCount(w)).toBe(1);
    // Refused before anything started: the world steps, and can still get workers.
    stepPhysics(w, 1 / 60);
    await startWorkers(w, 2);
    expect(getThreadCount(w)).toBe(2);
  }, 60_000);

  it('a worker that dies surfaces as WORKER_FAILED on the next step, then the world steps in one thread', async () => {
    const reference = world();
    buildMixed(reference);
    for (let i = 0; i < 90; i++) stepPhysics(reference, 1 / 60);
    const w = world();
    buildMixed(w);
    await startWorkers(w, 3);
    for (let i = 0; i < 60; i++) stepPhysics(w, 1 / 60);
    await crashWorkerForTest(w);
    await new Promise((resolve) => setTimeout(resolve, 50));
    let error: unknown = null;
    try {
      stepPhysics(w, 1 / 60);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PhysicsError);
    expect((error as PhysicsError).code).toBe('WORKER_FAILED');
    expect(getThreadCount(w)).toBe(1);
    // The step that threw never began: 30 more steps land exactly where the reference is.
    for (let i = 60; i < 90; i++) stepPhysics(w, 1 / 60);
    expect(Buffer.from(takeSnapshot(w)).equals(Buffer.from(takeSnapshot(reference)))).toBe(true);
  }, 60_000);

  it('kinematic bodies share contact colours on any thread count: same bits on 1 and 2 threads, motion as set', async () => {
    // Rows of one colour may share a kinematic body because the contact passes leave its state as it was; −0 − (−0)
    // is +0, so the gather stores a −0 velocity as +0 (colour-contacts.ts, prepare-bodies.ts). Here every component
    // is −0 or moves.
    const run = async (threads: number): Promise<Uint8Array> => {
      const w = world();
      const platform = createBody(w, {
        type: 'kinematic',
        position: { x: 0, y: 0 },
        linearVelocity: { x: -0, y: -0 },
        angularVelocity: -0,
      });
      addShape(w, platform, makeBox(60, 0.5), { friction: 0.6 });
      const spinner = createBody(w, { type: 'kinematic', position: { x: 0, y: 8 }, angularVelocity: 0.5 });
      addShape(w, spinner, makeBox(30, 0.2));
      for (let i = 0; i < 120; i++) {
        const b = createBody(w, { type: 'dynamic', position: { x: -59.5 + i, y: 1 } });
        addShape(w, b, i % 3 === 0 ? makeCircle(0.4) : makeBox(0.4, 0.4), { density: 1 });
      }
      await startWorkers(w, threads, { adaptive: false });
      for (let i = 0; i < 90; i++) stepPhysics(w, 1 / 60);
      const counts = getWorkerChunkCounts(w);
      if (threads > 1) expect(counts.solverOnWorkers).toBeGreaterThan(0);
      // The contacts left both kinematic bodies' motion as set, to the bit (the platform's −0s stored as +0).
      expect(getLinearVelocity(w, platform)).toEqual({ x: 0, y: 0 });
      expect(getAngularVelocity(w, platform)).toEqual(0);
      expect(getAngularVelocity(w, spinner)).toBe(0.5);
      return takeSnapshot(w);
    };
    const one = await run(1);
    const two = await run(2);
    expect(Buffer.compare(Buffer.from(two), Buffer.from(one))).toBe(0);
  }, 60_000);

  it('regression: a contact without points stores a zero normal, not the one the thread collided before', () => {
    // The narrowphase used to copy the scratch manifold's normal even for zero points: the normal of whichever pair
    // the thread collided last, so rows differed between worker counts (found by the bit test above).
    const w = world();
    buildMixed(w);
    for (let i = 0; i < 30; i++) stepPhysics(w, 1 / 60);
    const c = getPhysics(w).contacts;
    let empty = 0;
    for (let k = 0; k < c.count; k++) {
      const id = c.list[k];
      if (c.pointCount[id] !== 0) continue;
      empty++;
      expect([c.normalX[id], c.normalY[id]]).toEqual([0, 0]);
    }
    expect(empty).toBeGreaterThan(100);
  });

  it('a program that never stops its workers still exits by itself, with its output on pipes', () => {
    const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
    const fixture = join(root, 'packages/systems/test/fixtures/forgotten-workers.ts');
    // Workers are unref'd once they are up: neither may the process exit while startWorkers awaits them, nor may
    // forgotten workers keep it alive (a benchmark run, its output on pipes, printed its result and then hung).
    const out = execFileSync(process.execPath, [join(root, 'scripts/run-ts.mjs'), fixture], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 30_000,
    });
    expect(out).toContain('stepped');
  }, 60_000);
});
