export { runBatch, runSequential, BatchTaskError, type BatchOptions } from './run-batch.js';
export { startBatchWorker, type BatchWorker, type BatchWorkerOptions } from './redis.js';
export { runTask } from './run-task.js';
export type { SceneModule, BatchTask } from './types.js';
