// Heap growth of stepping, measured as the growth of the young generation over many steps (not a median of single
// steps, which hides a few bytes a step): run in a child process with a young generation large enough that no
// scavenge runs inside the measured window, and a PerformanceObserver that reports any GC that does.
import { createPhysicsWorld } from '@impulse2d/core';
import { stepPhysics } from '@impulse2d/systems';
import { getHeapSpaceStatistics } from 'node:v8';
import { PerformanceObserver } from 'node:perf_hooks';
import { buildPyramid, addGround } from './scene.js';

/**
 * Bytes in the young generation: where a step's garbage goes. (The whole heap also grows when V8 compiles optimised
 * code during the window, which is not per-step allocation and made the total swing by tens of kB a step.)
 */
function newSpaceUsed(): number {
  for (const space of getHeapSpaceStatistics()) if (space.space_name === 'new_space') return space.space_used_size;
  throw new Error('no new_space in this V8');
}

export interface AllocationResult {
  bytesPerStep: number;
  gcsInWindow: number;
}

/** A 20-row pyramid, sleep off: `warmup` steps, then heap growth over `steps` steps. Needs --expose-gc. */
export async function pyramidAllocation(warmup: number, steps: number, withJoints: boolean): Promise<AllocationResult> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('run with --expose-gc');
  const w = createPhysicsWorld({ gravity: { x: 0, y: -10 }, enableSleep: false });
  addGround(w);
  buildPyramid(w, 20);
  if (withJoints) {
    const { createBody, addShape, makeBox, createRevoluteJoint } = await import('@impulse2d/core');
    let prev = createBody(w, { type: 'static', position: { x: 30, y: 10 } });
    for (let i = 0; i < 10; i++) {
      const link = createBody(w, { type: 'dynamic', position: { x: 30.5 + i, y: 10 } });
      addShape(w, link, makeBox(0.5, 0.1), { density: 1 });
      createRevoluteJoint(w, {
        bodyA: prev,
        bodyB: link,
        localAnchorA: { x: i === 0 ? 0 : 0.5, y: 0 },
        localAnchorB: { x: -0.5, y: 0 },
      });
      prev = link;
    }
  }
  for (let i = 0; i < warmup; i++) stepPhysics(w, 1 / 60);
  let gcs = 0;
  const observer = new PerformanceObserver((list) => {
    gcs += list.getEntries().length;
  });
  observer.observe({ entryTypes: ['gc'] });
  gc();
  await new Promise((resolve) => setTimeout(resolve, 10));
  gcs = 0;
  const before = newSpaceUsed();
  for (let i = 0; i < steps; i++) stepPhysics(w, 1 / 60);
  const after = newSpaceUsed();
  await new Promise((resolve) => setTimeout(resolve, 10));
  observer.disconnect();
  return { bytesPerStep: (after - before) / steps, gcsInWindow: gcs };
}

// Run as a child: node --expose-gc --max-semi-space-size=… allocation-scenes.mjs WARMUP STEPS JOINTS
const [warmup, steps, joints] = process.argv.slice(2);
if (warmup !== undefined && steps !== undefined) {
  void pyramidAllocation(Number(warmup), Number(steps), joints === '1').then((r) => console.log(JSON.stringify(r)));
}
