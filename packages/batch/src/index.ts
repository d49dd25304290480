// run-task.ts (which imports the engine) stays out of this entry: it reaches the workers only inside the bundle.
export {
  runBatch,
  runSequential,
  openBatchPool,
  BatchTaskError,
  type BatchOptions,
  type BatchPool,
} from './run-batch.js';
export { startBatchWorker, type BatchWorker, type BatchWorkerOptions } from './redis.js';
export type { SceneModule, BatchTask } from './types.js';
