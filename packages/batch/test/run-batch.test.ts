// runBatch: worlds on worker threads give exactly the results of running them one after another in one thread, in
// params order, with progress, failures that name the world, and cancellation. Runs the built package (dist/), as a
// user's worker threads would: plain node cannot load TypeScript sources in a worker.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type * as Batch from '../src/index.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../..');
const scene = join(here, 'fixtures/pyramid-scene.mjs');
let batch: typeof Batch;

beforeAll(async () => {
  // dist/ is built by vitest.global-setup.ts before any test runs.
  batch = (await import(pathToFileURL(join(root, 'packages/batch/dist/index.js')).href)) as typeof Batch;
}, 120_000);

const params = Array.from({ length: 12 }, (_, k) => ({
  rows: 4 + (k % 4),
  dropHeight: 2 + k,
  ballDensity: 1 + 0.5 * k,
  pushAt: k % 3 === 0 ? 20 : -1,
}));

interface Result {
  sumY: number;
  ballX: number;
  ballY: number;
  ballVy: number;
}

describe('runBatch', () => {
  it('two worker threads give the sequential results bit for bit, in params order, reporting progress', async () => {
    const sequential = await batch.runBatch<(typeof params)[number], Result>({ scene, params, steps: 90, workers: 0 });
    const progress: number[] = [];
    const pooled = await batch.runBatch<(typeof params)[number], Result>({
      scene,
      params,
      steps: 90,
      workers: 2,
      onProgress: (done, total) => {
        expect(total).toBe(params.length);
        progress.push(done);
      },
    });
    expect(pooled).toHaveLength(params.length);
    for (let k = 0; k < params.length; k++) {
      for (const key of ['sumY', 'ballX', 'ballY', 'ballVy'] as const) {
        expect(Object.is(pooled[k]![key], sequential[k]![key]), `world ${k} ${key}`).toBe(true);
      }
    }
    expect(progress).toEqual(params.map((_, k) => k + 1));
    // The worlds differ (the parameters matter), and beforeStep ran: pushed balls moved sideways.
    expect(new Set(pooled.map((r) => r.sumY)).size).toBeGreaterThan(3);
    expect(Math.abs(pooled[0]!.ballX - 0.3)).toBeGreaterThan(0.5);
  }, 120_000);

  it('a failing world rejects with a BatchError that names its index and parameters', async () => {
    const bad = [...params.slice(0, 3), { ...params[3]!, fail: 'bad world' }, ...params.slice(4, 6)];
    const run = batch.runBatch({ scene, params: bad, steps: 10, workers: 2 });
    await expect(run).rejects.toBeInstanceOf(batch.BatchError);
    await expect(run).rejects.toMatchObject({
      index: 3,
      message: expect.stringContaining('asked to fail (bad world)'),
    });
  }, 60_000);

  it('aborting rejects with the reason and stops the pool', async () => {
    const controller = new AbortController();
    const many = Array.from({ length: 40 }, (_, k) => ({ ...params[k % params.length]! }));
    const run = batch.runBatch({
      scene,
      params: many,
      steps: 200,
      workers: 2,
      signal: controller.signal,
      onProgress: (done) => {
        if (done === 2) controller.abort(new Error('stop now'));
      },
    });
    await expect(run).rejects.toThrow('stop now');
  }, 60_000);

  it('refuses bad options with a PhysicsError before starting anything', async () => {
    await expect(batch.runBatch({ scene, params, steps: -1 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(batch.runBatch({ scene, params, steps: 1, workers: 1.5 })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
  });
});
