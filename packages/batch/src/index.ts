/**
 * Many impulse2d worlds at once: one world per params entry, on every core of this machine (runBatch, worker threads)
 * and, through `@impulse2d/batch/redis`, across machines (runBatchOnRedis and startBatchWorker, BullMQ on Redis).
 * This entry never loads bullmq or ioredis.
 *
 * @packageDocumentation
 * @module @impulse2d/batch
 */

// run-task.ts (which imports the engine) stays out of this entry: it reaches the workers only inside the bundle.
export { runBatch, runSequential, openBatchPool, type BatchPool } from './run-batch.js';
export { BatchTaskError, type BatchOptions } from './options.js';
export type { SceneModule, BatchTask } from './types.js';
