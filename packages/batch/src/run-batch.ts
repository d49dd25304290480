import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { bundleScene } from './bundle.js';
import { BatchTaskError, abortError, taskOf, validateOptions, type BatchOptions } from './options.js';
import type { BatchTask } from './types.js';

/**
 * Runs one world per params entry on a pool of worker threads and resolves with the measurements in params order.
 * The results equal those of `workers: 0` (one after another in this thread): every world is independent and the
 * engine is deterministic. Across machines: runBatchOnRedis from `@impulse2d/batch/redis`.
 */
export async function runBatch<P = unknown, R = unknown>(options: BatchOptions<P>): Promise<R[]> {
  validateOptions(options);
  if (options.signal?.aborted) throw abortError(options.signal);
  const pool = await openBatchPool({
    scene: options.scene,
    ...(options.workers !== undefined ? { workers: options.workers } : {}),
  });
  try {
    return await pool.run<P, R>(options);
  } finally {
    await pool.close();
  }
}

/** A scene bundled once and a pool of threads kept between batches (for many batches over one scene). */
export interface BatchPool {
  /** Runs a batch on this pool. */
  run<P = unknown, R = unknown>(options: Omit<BatchOptions<P>, 'scene' | 'workers'>): Promise<R[]>;
  /** Ends the pool's threads and deletes the scene's bundle. */
  close(): Promise<void>;
}

/** Bundles `scene` once and opens a pool of `workers` threads (default: every core; 0: this thread) for its batches. */
export async function openBatchPool(options: { scene: string | URL; workers?: number }): Promise<BatchPool> {
  const workers = options.workers ?? availableParallelism();
  if (!Number.isInteger(workers) || workers < 0) throw new RangeError('workers must be an integer ≥ 0');
  const bundle = await bundleScene(options.scene);
  const pool =
    workers === 0
      ? null
      : // No minimum: a thread terminated by an abort is not replaced until work comes, so none is left loading
        // the bundle when the pool closes and deletes it. Idle threads stay for a minute.
        new Piscina({
          filename: pathToFileURL(bundle.file).href,
          minThreads: 0,
          maxThreads: workers,
          idleTimeout: 60_000,
        });
  return {
    async run<P, R>(o: Omit<BatchOptions<P>, 'scene' | 'workers'>): Promise<R[]> {
      const full = { ...o, scene: options.scene } as BatchOptions;
      validateOptions(full);
      if (o.signal?.aborted) throw abortError(o.signal);
      return pool === null ? runSequentialBundle<R>(bundle.file, full) : runPooled<R>(pool, workers, full);
    },
    async close() {
      // Terminates threads still running aborted or failed work.
      if (pool !== null) await pool.destroy();
      bundle.dispose();
    },
  };
}

/** The reference path: every entry one after another in the calling thread. */
export function runSequential<P = unknown, R = unknown>(options: Omit<BatchOptions<P>, 'workers'>): Promise<R[]> {
  return runBatch<P, R>({ ...options, workers: 0 });
}

async function runSequentialBundle<R>(file: string, options: BatchOptions): Promise<R[]> {
  const mod = (await import(pathToFileURL(file).href)) as { default: (task: BatchTask) => unknown };
  const total = options.params.length;
  const results: R[] = [];
  for (let i = 0; i < total; i++) {
    if (options.signal?.aborted) throw abortError(options.signal);
    try {
      results.push(mod.default(taskOf(options, i)) as R);
    } catch (e) {
      throw new BatchTaskError(i, options.params[i], e instanceof Error ? e.message : String(e), { cause: e });
    }
    options.onProgress?.(i + 1, total);
    // Let an abort listener run between entries.
    await new Promise<void>((r) => setImmediate(r));
  }
  return results;
}

/** Highest number of tasks posted to the pool at once in the last pooled run (read by the back-pressure test). */
export const poolStats = { maxInFlight: 0 };

async function runPooled<R>(pool: Piscina, threads: number, options: BatchOptions): Promise<R[]> {
  const total = options.params.length;
  const results = new Array<R>(total);
  if (total === 0) return results;
  // Back-pressure: only a few tasks per thread are posted at a time, so a 10,000-entry batch never sits in the queue.
  const maxInFlight = threads * 2;
  const inner = new AbortController();
  const onAbort = (): void => inner.abort(abortError(options.signal));
  options.signal?.addEventListener('abort', onAbort, { once: true });
  let next = 0;
  let done = 0;
  poolStats.maxInFlight = 0;
  try {
    await new Promise<void>((resolvePromise, reject) => {
      let failed = false;
      const fail = (e: unknown): void => {
        if (failed) return;
        failed = true;
        inner.abort(e);
        reject(e);
      };
      inner.signal.addEventListener('abort', () => fail(abortError(options.signal)), { once: true });
      const launch = (): void => {
        while (!failed && next < total && next - done < maxInFlight) {
          const i = next++;
          poolStats.maxInFlight = Math.max(poolStats.maxInFlight, next - done);
          pool.run(taskOf(options, i), { signal: inner.signal }).then(
            (r: unknown) => {
              if (failed) return;
              results[i] = r as R;
              done++;
              options.onProgress?.(done, total);
              if (done === total) resolvePromise();
              else launch();
            },
            (e: unknown) => {
              if (failed) return;
              if (inner.signal.aborted) return fail(abortError(options.signal));
              const message = e instanceof Error ? e.message : String(e);
              fail(new BatchTaskError(i, options.params[i], message, { cause: e }));
            },
          );
        }
      };
      launch();
    });
    return results;
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
  }
}
