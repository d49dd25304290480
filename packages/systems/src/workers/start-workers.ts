import { PhysicsError, getPhysics, type PhysicsWorld } from '@impulse2d/core/internal';
import { StepWorkers, attachPool, detachPool, markPoolReady, poolOf } from './step-workers.js';
import { checkThreadSupport, spawnThread } from './thread-spawn.js';

/*
 * The public side of step workers: starting and stopping a world's threads. Apart from step-workers.ts, which the
 * step itself runs its jobs through, so that a program that imports stepPhysics alone never reaches the thread
 * spawning, nor the worker's code (a generated module thread-spawn.ts loads on the first spawn).
 */

/** Most step workers one world takes. */
export const MAX_WORKERS = 64;

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
 * Starts `count` worker threads that share the world's parallel stages with the calling thread: the pair search of
 * the broadphase, the narrowphase (every contact's manifold), the contact constraint builder, the soft-step solver's
 * contact and joint passes (colour by colour), body integration and the write-back. Contact creation, events and
 * sleep stay on the calling thread.
 * `stepPhysics` stays synchronous, and its results are the same bits with any number of workers, 0 included: the
 * work is split into chunks, each computed whole by one thread; the narrowphase and pair search results are read back
 * in chunk order, and the rows of one solver colour share no movable body.
 *
 * Every public call keeps working between steps. Node: worker_threads. Browsers: Web Workers, on a cross-origin
 * isolated page (the testbed serves the headers). Workers do not keep a Node process alive.
 *
 * @param count - worker threads, an integer from 1 to 64; the calling thread works too.
 * @throws PhysicsError `INVALID_ARGUMENT` for a bad count, `WORLD_LOCKED` inside a step, `WORKERS_ACTIVE` when the
 *   world already has workers, `UNSUPPORTED` without shared memory (a browser page that is not cross-origin isolated).
 */
export async function startWorkers(world: PhysicsWorld, count: number): Promise<void> {
  const p = getPhysics(world);
  if (!Number.isInteger(count) || count < 1 || count > MAX_WORKERS) {
    throw new PhysicsError(
      'INVALID_ARGUMENT',
      `count must be an integer from 1 to ${MAX_WORKERS}, got ${String(count)}`,
    );
  }
  if (p.locked) throw new PhysicsError('WORLD_LOCKED', 'startWorkers was called during a step');
  if (poolOf(p) !== undefined) {
    throw new PhysicsError('WORKERS_ACTIVE', 'this world already has workers: stopWorkers first');
  }
  checkThreadSupport();
  const pool = new StepWorkers(threadCanBlock());
  // Reserved before the first await, so that a second call meanwhile is refused.
  attachPool(p, pool);
  try {
    const ready: Array<Promise<void>> = [];
    for (let i = 0; i < count; i++) {
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

/** The number of worker threads the world steps with (0 without). */
export function getWorkerCount(world: PhysicsWorld): number {
  const pool = poolOf(getPhysics(world));
  return pool?.ready === true ? pool.threads.length : 0;
}
