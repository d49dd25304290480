// A pool thread of runBatch (Piscina loads this file): one task is one world.
import { runWorld } from './run-world.js';
import type { WorldTask } from './scene-module.js';

export default function runTask(task: WorldTask): Promise<unknown> {
  return runWorld(task);
}
