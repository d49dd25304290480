import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { stepPhysics } from '@impulse2d/systems';
import { BatchTaskError, openBatchPool, runBatch, runSequential } from '../src/index.js';
import { poolStats } from '../src/run-batch.js';
import * as scene from './fixtures/scene.js';

const SCENE = fileURLToPath(new URL('./fixtures/scene.ts', import.meta.url));
const EXAMPLE = fileURLToPath(new URL('../examples/stack.mjs', import.meta.url));

const params: scene.Params[] = [];
for (let i = 0; i < 12; i++) params.push({ boxes: 4 + (i % 5), push: (i % 3) - 1, wind: i % 4 === 0 ? 3 : 0 });

/** The reference, written out here: each world built, stepped and measured in this thread, one after another. */
function byHand(list: scene.Params[], steps: number): unknown[] {
  return list.map((p) => {
    const world = scene.build(p);
    for (let i = 0; i < steps; i++) {
      scene.beforeStep(world, p, i);
      stepPhysics(world, 1 / 60);
    }
    return scene.measure(world);
  });
}

describe('runBatch on worker threads', () => {
  it('returns one measurement per params entry, in params order, bit-equal to the sequential run', async () => {
    const steps = 60;
    const progress: Array<[number, number]> = [];
    const pooled = await runBatch({
      scene: SCENE,
      params,
      steps,
      workers: 2,
      onProgress: (d, t) => progress.push([d, t]),
    });
    const sequential = await runSequential({ scene: SCENE, params, steps });
    expect(pooled).toEqual(sequential);
    expect(pooled).toEqual(byHand(params, steps));
    // The boxes fell and settled on the ground (top of ground at y = 0, half size 0.5).
    for (const r of pooled as Array<{ y: number[] }>) for (const y of r.y) expect(y).toBeGreaterThan(0.3);
    expect(progress.map(([d]) => d)).toEqual(params.map((_, i) => i + 1));
    expect(progress.every(([, t]) => t === params.length)).toBe(true);
  });

  it('runs a plain JavaScript scene module (the shipped example) with the same results on one and two threads', async () => {
    const list = [
      { boxes: 3, push: 0, friction: 0.6 },
      { boxes: 5, push: 3, friction: 0.3 },
      { boxes: 4, push: 6, friction: 0.9 },
    ];
    const one = await runBatch({ scene: EXAMPLE, params: list, steps: 90, workers: 1 });
    const two = await runBatch({ scene: EXAMPLE, params: list, steps: 90, workers: 2 });
    expect(two).toEqual(one);
    const [still] = one as Array<{ x: number; y: number }>;
    // Three unit boxes resting: the top one stays at x ≈ 0, y ≈ 2.5.
    expect(Math.abs(still!.x)).toBeLessThan(0.05);
    expect(still!.y).toBeCloseTo(2.5, 1);
  });

  it('rejects with an error naming the index and value of the failing params entry', async () => {
    const list: scene.Params[] = [
      { boxes: 2, push: 0 },
      { boxes: 2, push: 1 },
      { boxes: 2, push: 0, fail: true },
    ];
    const error = await runBatch({ scene: SCENE, params: list, steps: 5, workers: 2 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BatchTaskError);
    expect((error as BatchTaskError).index).toBe(2);
    expect((error as Error).message).toContain('batch entry 2');
    expect((error as Error).message).toContain('"fail":true');
    expect((error as Error).message).toContain('fails on purpose');
    const seq = await runSequential({ scene: SCENE, params: list, steps: 5 }).catch((e: unknown) => e);
    expect((seq as BatchTaskError).index).toBe(2);
  });

  it('keeps a long batch bounded: no more tasks in flight than twice the threads', async () => {
    // 200 tiny entries on 2 threads: the pool never holds more than 4 of them.
    const list = Array.from({ length: 200 }, (_, i) => ({ boxes: 1, push: i % 2 }));
    let calls = 0;
    const results = await runBatch({ scene: SCENE, params: list, steps: 1, workers: 2, onProgress: () => calls++ });
    expect(results).toHaveLength(200);
    expect(calls).toBe(200);
    expect(poolStats.maxInFlight).toBe(4);
    expect((results as Array<{ x: number[] }>)[199].x).toHaveLength(1);
  });

  it('cancels with an AbortSignal: rejects with an AbortError and stops the threads', async () => {
    const list = Array.from({ length: 8 }, () => ({ boxes: 40, push: 0, slow: 100_000 }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const started = Date.now();
    const error = await runBatch({ scene: SCENE, params: list, steps: 1, workers: 2, signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    expect((error as Error).name).toBe('AbortError');
    // Each entry would take minutes; returning at all means the running work was terminated.
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  it('an open pool runs several batches, after a failing one too, with the same results as runBatch', async () => {
    const pool = await openBatchPool({ scene: SCENE, workers: 2 });
    try {
      const first = await pool.run({ params: params.slice(0, 4), steps: 30 });
      const failed = await pool.run({ params: [{ boxes: 1, push: 0, fail: true }], steps: 1 }).catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(BatchTaskError);
      const again = await pool.run({ params: params.slice(0, 4), steps: 30 });
      expect(again).toEqual(first);
      expect(first).toEqual(byHand(params.slice(0, 4), 30));
    } finally {
      await pool.close();
    }
  });

  it('rejects bad options before starting any work', async () => {
    await expect(runBatch({ scene: SCENE, params: [], steps: -1 })).rejects.toThrow(RangeError);
    await expect(runBatch({ scene: SCENE, params: [], steps: 1, workers: 1.5 })).rejects.toThrow(RangeError);
    await expect(runBatch({ scene: '/nonexistent/scene.mjs', params: [{}], steps: 1 })).rejects.toThrow(/not found/);
  });
});
