import { stepPhysics } from '@impulse2d/systems';
import type { BatchTask, SceneModule } from './types.js';

/** Builds one world, steps it, measures it. The same function runs in a worker thread and in the calling thread. */
export function runTask(scene: SceneModule, task: BatchTask): unknown {
  const world = scene.build(task.params);
  const before = scene.beforeStep;
  for (let i = 0; i < task.steps; i++) {
    if (before !== undefined) before(world, task.params, i);
    stepPhysics(world, task.dt, task.subSteps);
  }
  return scene.measure(world, task.params);
}

/** The default export of a bundled worker: the scene is baked into the bundle, the task comes from the pool. */
export function createTaskRunner(scene: SceneModule): (task: BatchTask) => unknown {
  if (typeof scene.build !== 'function' || typeof scene.measure !== 'function')
    throw new TypeError('scene module must export build(params) and measure(world, params)');
  return (task) => runTask(scene, task);
}
