import { PhysicsError, getPhysics, type PhysicsWorld } from '@impulse2d/core/internal';
import { StepWorkers, attachPool, detachPool, markPoolReady, poolOf } from './step-workers.js';
import { availableThreads, checkThreadSupport, spawnThread } from './thread-spawn.js';

/*
 * The public side of step workers: starting and stopping a world's threads. Apart from step-workers.ts, which the
 * step itself runs its jobs through, so that a program that imports stepPhysics alone never reaches the thread
 * spawning, nor the worker's code (a generated module thread-spawn.ts loads on the first spawn).
 */

/** Most threads one world steps on, the calling thread included (startWorkers' `totalThreads`). */
export const MAX_THREADS = 64;

/** Options of startWorkers. */
export interface StartWorkersOptions {
  /**
   * Whether the world times its steps and runs each on the workers or on the stepping thread alone, whichever was
   * faster lately, trying the other now and then (a worker that waits for a core another process took holds every
   * step up: a loaded machine then steps about as fast as one thread rather than slower). Default true. False keeps
   * every step on the workers (tests that must see work on them). The results are the same bits either way.
   */
  adaptive?: boolean;
}

/** Whether this thread may block in Atomics.wait (a browser's main thread may not). */
function threadCanBlock(): boolean {
  try {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 1, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Steps the world on `totalThreads` threads from now on: the calling thread, which goes on running `stepPhysics`, and
 * `totalThreads − 1` step workers beside it (Box2D's `workerCount` counts the same way). They share the world's
 * parallel stages: the pair search of the broadphase, the narrowphase (every contact's manifold), the constraint
 * builders, the soft-step solver's contact and joint passes (colour by colour), body integration and the write-back.
 * Contact creation, events, continuous collision and sleep stay on the calling thread; so does the classic solver.
 * `stepPhysics` stays synchronous, and its results are the same bits on any number of threads: the work is split into
 * chunks, each computed whole by one thread; the narrowphase and pair search results are read back in chunk order,
 * and the rows of one solver colour share no movable body.
 *
 * Every public call keeps working between steps. Node: worker_threads. Browsers: Web Workers, on a cross-origin
 * isolated page (the testbed serves the headers). Workers do not keep a Node process alive.
 *
 * @param totalThreads - threads in all, the calling thread included: an integer from 1 (no step worker: the world
 *   steps in one thread) to {@link MAX_THREADS}. Default: as many as the machine runs at once
 *   (`os.availableParallelism()` in Node, `navigator.hardwareConcurrency` in browsers), at most MAX_THREADS. More
 *   threads than cores slow the step down: a thread that waits for a core holds up the chunks it claimed.
 * @param options - see {@link StartWorkersOptions} (adaptivity on by default).
 * @throws PhysicsError `INVALID_ARGUMENT` for a bad `totalThreads` or option, `WORLD_LOCKED` inside a step, `WORKERS_ACTIVE`
 *   when the world already has workers, `UNSUPPORTED` without shared memory (a browser page that is not cross-origin
 *   isolated; not for 1 thread), `WORKER_FAILED` when a thread fails to start. The world is unchanged when it throws.
 */
export async function startWorkers(
  world: PhysicsWorld,
  totalThreads?: number,
  options?: StartWorkersOptions,
): Promise<void> {
  const p = getPhysics(world);
  if (totalThreads !== undefined && !isThreadCount(totalThreads)) {
    throw new PhysicsError(
      'INVALID_ARGUMENT',
      `totalThreads (the calling thread included) must be an integer from 1 to ${MAX_THREADS}, got ${String(totalThreads)}`,
    );
  }
  const adaptive = options?.adaptive ?? true;
  if (typeof adaptive !== 'boolean') {
    throw new PhysicsError('INVALID_ARGUMENT', `options.adaptive must be a boolean, got ${String(adaptive)}`);
  }
  if (p.locked) throw new PhysicsError('WORLD_LOCKED', 'startWorkers was called during a step');
  if (poolOf(p) !== undefined) {
    throw new PhysicsError('WORKERS_ACTIVE', 'this world already has workers: stopWorkers first');
  }
  if (totalThreads === 1) return;
  checkThreadSupport();
  const pool = new StepWorkers(threadCanBlock());
  pool.adaptive = adaptive;
  // Reserved before the first await, so that a second call meanwhile is refused.
  attachPool(p, pool);
  try {
    const threads = totalThreads ?? Math.min(await availableThreads(), MAX_THREADS);
    // One core (the default there), or stopWorkers was called meanwhile: no thread to start.
    if (threads === 1 || poolOf(p) !== pool) {
      detachPool(p, pool);
      return;
    }
    const ready: Array<Promise<void>> = [];
    for (let i = 1; i < threads; i++) {
      let onReady!: () => void;
      let onFailed!: (error: Error) => void;
      ready.push(
        new Promise<void>((resolve, reject) => {
          onReady = resolve;
          onFailed = reject;
        }),
      );
      const thread = await spawnThread((message) => {
        if (message.type === 'ready') onReady();
        else if (message.type === 'died' || message.type === 'error') {
          pool.fail(`a worker ${message.type === 'died' ? 'died' : 'threw'}: ${message.message ?? ''}`);
          onFailed(new PhysicsError('WORKER_FAILED', `a step worker failed to start: ${message.message ?? ''}`));
        }
      });
      pool.threads.push(thread);
      thread.post({ type: 'init', ctrl: pool.ctrl });
      if (poolOf(p) !== pool) break;
    }
    if (poolOf(p) === pool) await Promise.all(ready);
    // stopWorkers was called meanwhile: these threads are not the world's any more.
    if (poolOf(p) !== pool) {
      await pool.stop();
      return;
    }
    markPoolReady(p, pool);
  } catch (error) {
    detachPool(p, pool);
    await pool.stop();
    throw error;
  }
}

/** Whether `n` is a valid startWorkers `totalThreads`. */
function isThreadCount(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_THREADS;
}

/**
 * Stops the world's workers; the world goes on in one thread with nothing lost (its state never left its columns).
 * Does nothing for a world without workers. Called while startWorkers is still starting them, that start ends with
 * no workers.
 *
 * @throws PhysicsError `WORLD_LOCKED` inside a step.
 */
export async function stopWorkers(world: PhysicsWorld): Promise<void> {
  const p = getPhysics(world);
  if (p.locked) throw new PhysicsError('WORLD_LOCKED', 'stopWorkers was called during a step');
  const pool = poolOf(p);
  if (pool === undefined) return;
  detachPool(p, pool);
  await pool.stop();
}

/**
 * The threads the world steps on, the calling thread included, as startWorkers counts them: 1 without step workers
 * (and while startWorkers is still starting them), `totalThreads` once they are up.
 */
export function getThreadCount(world: PhysicsWorld): number {
  const pool = poolOf(getPhysics(world));
  return pool?.ready === true ? pool.threads.length + 1 : 1;
}
