import { stepPhysics } from '@impulse2d/systems';
import type { BatchScene, WorldTask } from './scene-module.js';

/** Scene modules by URL: imported once per thread. */
const loaded = new Map<string, Promise<BatchScene>>();

function sceneModule(url: string): Promise<BatchScene> {
  let scene = loaded.get(url);
  if (scene === undefined) {
    scene = import(url).then((m: Partial<BatchScene>) => {
      if (typeof m.build !== 'function' || typeof m.measure !== 'function') {
        throw new TypeError(`scene module ${url} must export build(params) and measure(world, params)`);
      }
      return m as BatchScene;
    });
    loaded.set(url, scene);
  }
  return scene;
}

/** Builds one world, steps it `steps` times (calling beforeStep first each time) and returns its measure. */
export async function runWorld(task: WorldTask): Promise<unknown> {
  const scene = await sceneModule(task.scene);
  const world = await scene.build(task.params);
  const beforeStep = scene.beforeStep;
  for (let i = 0; i < task.steps; i++) {
    if (beforeStep !== undefined) beforeStep(world, task.params, i);
    stepPhysics(world, task.dt, task.subSteps);
  }
  return scene.measure(world, task.params);
}
