/**
 * Batches across machines, through BullMQ queues on Redis: runBatchOnRedis where the batch is run, startBatchWorker
 * on each machine that runs worlds. Apart from the package's main entry, so that a program that runs its batches on
 * this machine's threads never loads bullmq and ioredis.
 *
 * @packageDocumentation
 * @module @impulse2d/batch/redis
 */
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { Job, Queue, Worker, type ConnectionOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { Piscina } from 'piscina';
import { availableParallelism } from 'node:os';
import { bundleScene, scenePath, type SceneBundle } from './bundle.js';
import { BatchTaskError, abortError, taskOf, validateOptions, type BatchOptions } from './options.js';
import type { BatchTask } from './types.js';

/** The BullMQ queue every batch client and worker shares. */
export const QUEUE_NAME = 'impulse2d-batch';

interface JobData extends BatchTask {
  readonly batch: string;
  /** Absolute path of the scene module: every worker machine must have it at the same path (shared checkout). */
  readonly scene: string;
}

/** A Redis client for BullMQ from a redis:// or rediss:// URL; the caller quits it. */
export function connect(url: string): Redis {
  const u = new URL(url);
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') throw new RangeError(`not a redis:// URL: ${url}`);
  // BullMQ workers block on Redis; ioredis must not give up on those commands.
  return new Redis(url, { maxRetriesPerRequest: null });
}

/** BullMQ's connection option (its types name its own ioredis version). */
const asConnection = (client: Redis): ConnectionOptions => client as unknown as ConnectionOptions;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** A batch for the workers on Redis: the options of runBatch (its `workers` is theirs to choose) and the queue. */
export interface RedisBatchOptions<P = unknown> extends Omit<BatchOptions<P>, 'workers'> {
  /** redis:// or rediss:// URL of the Redis server every startBatchWorker process takes jobs from. */
  readonly redis: string;
}

/**
 * runBatch across machines: one BullMQ job per params entry (job id = batch id + index), at most `window` of them
 * queued at a time, run by startBatchWorker processes; resolves with the measurements in params order, equal to
 * runBatch's. Results are read back from the jobs, each index taken once, so a job that ran twice (its worker died
 * after finishing but before acknowledging) still yields one result. Every worker machine must have the scene module
 * at the same path (a shared checkout).
 */
export async function runBatchOnRedis<P = unknown, R = unknown>(
  options: RedisBatchOptions<P>,
  { window = 512, pollMs = 50 }: { window?: number; pollMs?: number } = {},
): Promise<R[]> {
  validateOptions(options);
  if (options.signal?.aborted) throw abortError(options.signal);
  const url = options.redis;
  if (typeof url !== 'string') throw new TypeError('redis must be a redis:// URL');
  const client = connect(url);
  const queue = new Queue(QUEUE_NAME, { connection: asConnection(client) });
  const batch = randomUUID();
  const scene = scenePath(options.scene);
  const total = options.params.length;
  const results = new Array<R>(total);
  const have = new Uint8Array(total);
  const pending = new Set<number>();
  const jobId = (i: number): string => `${batch}-${i}`;
  let next = 0;
  let done = 0;
  try {
    while (done < total) {
      if (options.signal?.aborted) throw abortError(options.signal);
      if (next < total && pending.size < window) {
        const jobs = [];
        while (next < total && pending.size < window) {
          const data: JobData = { ...taskOf(options, next), batch, scene };
          jobs.push({ name: 'world', data, opts: { jobId: jobId(next), attempts: 1, removeOnFail: { age: 3600 } } });
          pending.add(next++);
        }
        await queue.addBulk(jobs);
      }
      const ids = [...pending];
      const jobs = await Promise.all(ids.map((i) => Job.fromId(queue, jobId(i))));
      for (let k = 0; k < ids.length; k++) {
        const i = ids[k];
        const job = jobs[k];
        if (job === undefined || have[i] === 1) continue;
        if (job.finishedOn !== undefined && job.failedReason !== undefined && job.failedReason !== null) {
          throw new BatchTaskError(i, options.params[i], job.failedReason);
        }
        if (job.finishedOn !== undefined && job.returnvalue !== null && job.returnvalue !== undefined) {
          results[i] = (job.returnvalue as { r: R }).r;
          have[i] = 1;
          pending.delete(i);
          done++;
          options.onProgress?.(done, total);
          await job.remove().catch(() => undefined);
        }
      }
      if (done < total) await sleep(pollMs);
    }
    return results;
  } finally {
    if (done < total) {
      // Aborted or failed: withdraw the entries no worker has taken yet.
      await Promise.all([...pending].map((i) => queue.remove(jobId(i)).catch(() => 0)));
    }
    await queue.close();
    await client.quit().catch(() => undefined);
  }
}

/** A batch worker process's settings. */
export interface BatchWorkerOptions {
  /** redis:// or rediss:// URL of the Redis server to take jobs from. */
  readonly redis: string;
  /** Worker threads (and concurrent jobs) on this machine; default every core. */
  readonly workers?: number;
  /** How long a job's lock lasts without renewal (ms, BullMQ default 30000); a dead worker's job is retried after it. */
  readonly lockDuration?: number;
  /** How often stalled jobs are looked for (ms, BullMQ default 30000). */
  readonly stalledInterval?: number;
}

/** A running batch worker (startBatchWorker). */
export interface BatchWorker {
  /** Stops taking jobs, waits for the running ones, and ends the thread pool. */
  close(): Promise<void>;
}

/** Processes batch jobs from Redis on this machine's threads until closed. */
export async function startBatchWorker(options: BatchWorkerOptions): Promise<BatchWorker> {
  const threads = options.workers ?? availableParallelism();
  if (!Number.isInteger(threads) || threads < 1) throw new RangeError('workers must be an integer ≥ 1');
  // One bundle and pool per scene module; a worker usually sees one scene for its whole life.
  const pools = new Map<string, Promise<{ bundle: SceneBundle; pool: Piscina }>>();
  const poolFor = (scene: string): Promise<{ bundle: SceneBundle; pool: Piscina }> => {
    let p = pools.get(scene);
    if (p === undefined) {
      p = bundleScene(scene).then((bundle) => ({
        bundle,
        pool: new Piscina({
          filename: pathToFileURL(bundle.file).href,
          minThreads: 0,
          maxThreads: threads,
          idleTimeout: 60_000,
        }),
      }));
      pools.set(scene, p);
    }
    return p;
  };
  const client = connect(options.redis);
  const worker = new Worker<JobData>(
    QUEUE_NAME,
    async (job) => {
      const { pool } = await poolFor(job.data.scene);
      const { batch: _batch, scene: _scene, ...task } = job.data;
      // Wrapped so that a result of undefined or null still reads as "finished with a value".
      return { r: (await pool.run(task)) as unknown };
    },
    {
      connection: asConnection(client),
      concurrency: threads,
      ...(options.lockDuration !== undefined ? { lockDuration: options.lockDuration } : {}),
      ...(options.stalledInterval !== undefined ? { stalledInterval: options.stalledInterval } : {}),
      maxStalledCount: 10,
    },
  );
  await worker.waitUntilReady();
  return {
    async close() {
      await worker.close();
      await client.quit().catch(() => undefined);
      for (const p of pools.values()) {
        const { bundle, pool } = await p;
        await pool.destroy();
        bundle.dispose();
      }
    },
  };
}
