// @impulse2d/batch: many worlds on every core.
export { runBatch, BatchError, type RunBatchOptions } from './run-batch.js';
export type { BatchScene, WorldTask } from './scene-module.js';
