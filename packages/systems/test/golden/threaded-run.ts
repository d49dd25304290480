// The golden scene with step workers, for the browser test of step workers (step-workers-browsers.test.ts): bundled
// into a page and run there on 1 and on 3 threads.
import { addShape, createBody, createPhysicsWorld, makeBox, makeCircle } from '@impulse2d/core';
import { startWorkers, stepPhysics, stopWorkers } from '@impulse2d/systems';
import { getWorkerChunkCounts } from '../../src/workers/step-workers.js';
import { buildScene, hashTransforms } from './golden-scene.js';

/**
 * The golden scene plus a pile of 300 boxes and circles (enough rows for every parallel pass to be split), stepped
 * `steps` times on `threads` threads (startWorkers: 1 is the stepping thread alone); the transform hash, and how many
 * solver chunks the step workers ran.
 */
export async function threadedRun(
  threads: number,
  steps: number,
): Promise<{ hash: string; solverChunksOnWorkers: number }> {
  const w = createPhysicsWorld({ gravity: { x: 0, y: -10 } });
  const bodies = buildScene(w);
  const floor = createBody(w, { type: 'static', position: { x: 60, y: 0 } });
  addShape(w, floor, makeBox(12, 0.5));
  for (let i = 0; i < 15; i++) {
    for (let j = 0; j < 20; j++) {
      const b = createBody(w, { type: 'dynamic', position: { x: 50 + j * 1.02 + 0.01 * i, y: 1 + i * 1.05 } });
      addShape(w, b, (i + j) % 3 === 0 ? makeCircle(0.5) : makeBox(0.5, 0.5), { density: 1, friction: 0.6 });
      bodies.push(b);
    }
  }
  await startWorkers(w, threads, { adaptive: false });
  for (let i = 0; i < steps; i++) stepPhysics(w, 1 / 60);
  const solverChunksOnWorkers = getWorkerChunkCounts(w).solverOnWorkers;
  await stopWorkers(w);
  return { hash: hashTransforms(w, bodies), solverChunksOnWorkers };
}
