import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { PhysicsError } from '@impulse2d/core';
import { Piscina } from 'piscina';
import { runWorld } from './run-world.js';
import type { WorldTask } from './scene-module.js';

/** What runBatch runs. */
export interface RunBatchOptions<P> {
  /** The scene module (a URL, or a file path): see BatchScene. */
  readonly scene: string | URL;
  /** One world per entry; results come back in this order. */
  readonly params: readonly P[];
  /** Steps per world. */
  readonly steps: number;
  /** Seconds per step. Default 1/60. */
  readonly dt?: number;
  /** Substeps per step. Default 4. */
  readonly subSteps?: number;
  /** Worker threads: default every core (os.availableParallelism()); 0 runs the worlds one after another here. */
  readonly workers?: number;
  /** Called after each world finishes, with the number done and the total. */
  readonly onProgress?: (done: number, total: number) => void;
  /** Aborting rejects runBatch with the signal's reason and stops the pool. */
  readonly signal?: AbortSignal;
}

/** A world of the batch failed: which one, with what parameters, and why (`cause`). */
export class BatchError extends Error {
  constructor(
    readonly index: number,
    readonly params: unknown,
    cause: unknown,
  ) {
    super(
      `world ${index} (params ${describe(params)}) failed: ${cause instanceof Error ? cause.message : String(cause)}`,
      {
        cause,
      },
    );
    this.name = 'BatchError';
  }
}

function describe(value: unknown): string {
  try {
    const text = JSON.stringify(value);
    return text.length > 200 ? `${text.slice(0, 200)}…` : text;
  } catch {
    return String(value);
  }
}

function sceneUrl(scene: string | URL): string {
  if (scene instanceof URL) return scene.href;
  if (/^[a-z][a-z0-9+.-]*:/i.test(scene)) return scene;
  return pathToFileURL(scene).href;
}

function validate<P>(o: RunBatchOptions<P>): void {
  if (!Array.isArray(o.params)) throw new PhysicsError('INVALID_ARGUMENT', 'params must be an array');
  if (!Number.isInteger(o.steps) || o.steps < 0) {
    throw new PhysicsError('INVALID_ARGUMENT', `steps must be an integer >= 0, got ${String(o.steps)}`);
  }
  if (o.dt !== undefined && !(Number.isFinite(o.dt) && o.dt >= 0)) {
    throw new PhysicsError('INVALID_ARGUMENT', `dt must be a finite number >= 0, got ${String(o.dt)}`);
  }
  if (o.subSteps !== undefined && !(Number.isInteger(o.subSteps) && o.subSteps >= 1)) {
    throw new PhysicsError('INVALID_ARGUMENT', `subSteps must be an integer >= 1, got ${String(o.subSteps)}`);
  }
  if (o.workers !== undefined && !(Number.isInteger(o.workers) && o.workers >= 0)) {
    throw new PhysicsError('INVALID_ARGUMENT', `workers must be an integer >= 0, got ${String(o.workers)}`);
  }
}

/**
 * Runs one world per entry of `params` on a pool of worker threads (Piscina) and resolves with their `measure`
 * results in `params` order. Each world runs start to finish in one thread with the same code as `workers: 0`, so
 * the results equal running them one after another in one thread, bit for bit. At most two tasks per thread are
 * queued at a time (back-pressure: a batch of a million parameter sets does not post a million messages).
 * Rejects with a BatchError naming the failing world's index and parameters, or with the signal's reason.
 */
export async function runBatch<P, R = unknown>(options: RunBatchOptions<P>): Promise<R[]> {
  validate(options);
  const { params, steps, onProgress, signal } = options;
  const scene = sceneUrl(options.scene);
  const dt = options.dt ?? 1 / 60;
  const subSteps = options.subSteps ?? 4;
  const workers = options.workers ?? availableParallelism();
  const total = params.length;
  const results = new Array<R>(total);
  const task = (i: number): WorldTask => ({ scene, params: params[i], steps, dt, subSteps });
  signal?.throwIfAborted();

  if (workers === 0) {
    for (let i = 0; i < total; i++) {
      signal?.throwIfAborted();
      try {
        results[i] = (await runWorld(task(i))) as R;
      } catch (error) {
        throw new BatchError(i, params[i], error);
      }
      onProgress?.(i + 1, total);
    }
    return results;
  }

  const pool = new Piscina({
    filename: new URL('./worker.js', import.meta.url).href,
    minThreads: Math.min(workers, Math.max(total, 1)),
    maxThreads: workers,
  });
  const internal = new AbortController();
  const onAbort = (): void => internal.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    await new Promise<void>((resolve, reject) => {
      let next = 0;
      let done = 0;
      let failed = false;
      const fail = (error: unknown): void => {
        if (failed) return;
        failed = true;
        internal.abort(error);
        reject(error);
      };
      internal.signal.addEventListener('abort', () => fail(internal.signal.reason), { once: true });
      const submit = (): void => {
        if (failed || next >= total) return;
        const i = next++;
        pool.run(task(i), { signal: internal.signal }).then(
          (result: R) => {
            results[i] = result;
            done++;
            onProgress?.(done, total);
            if (done === total) resolve();
            else submit();
          },
          (error: unknown) =>
            fail(internal.signal.aborted ? internal.signal.reason : new BatchError(i, params[i], error)),
        );
      };
      if (total === 0) resolve();
      for (let k = 0; k < 2 * workers && k < total; k++) submit();
    });
    return results;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await pool.destroy();
  }
}
