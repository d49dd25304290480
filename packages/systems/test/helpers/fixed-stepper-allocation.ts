// Heap growth of a game-loop frame through the fixed stepper, measured as allocation-scenes.ts measures a step:
// young-generation growth over many frames, in a child process whose young generation holds the whole window (a
// PerformanceObserver reports any GC inside it), less what reading the heap size costs.
//   node --expose-gc --max-semi-space-size=256 --min-semi-space-size=256 fixed-stepper-allocation.mjs WARMUP FRAMES
import { createPhysicsWorld } from '@impulse2d/core';
import { createFixedStepper, stepFixed } from '@impulse2d/systems';
import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';
import { addGround, buildPyramid } from './scene.js';

function newSpaceUsed(): number {
  for (const space of getHeapSpaceStatistics()) if (space.space_name === 'new_space') return space.space_used_size;
  throw new Error('no new_space in this V8');
}

/** A 20-row pyramid, sleep off, driven by 144 Hz frames: `warmup` frames, then growth over `frames` frames. */
async function measure(warmup: number, frames: number): Promise<{ bytesPerFrame: number; gcsInWindow: number }> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('run with --expose-gc');
  const w = createPhysicsWorld({ gravity: { x: 0, y: -10 }, enableSleep: false });
  addGround(w);
  buildPyramid(w, 20);
  const stepper = createFixedStepper(w);
  const frame = 1 / 144;
  for (let i = 0; i < warmup; i++) stepFixed(w, stepper, frame);
  let gcs = 0;
  const observer = new PerformanceObserver((list) => {
    gcs += list.getEntries().length;
  });
  observer.observe({ entryTypes: ['gc'] });
  gc();
  await new Promise((resolve) => setTimeout(resolve, 10));
  gcs = 0;
  const read0 = newSpaceUsed();
  const readCost = Math.max(0, newSpaceUsed() - read0);
  const before = newSpaceUsed();
  for (let i = 0; i < frames; i++) stepFixed(w, stepper, frame);
  const after = newSpaceUsed() - readCost;
  await new Promise((resolve) => setTimeout(resolve, 10));
  observer.disconnect();
  return { bytesPerFrame: (after - before) / frames, gcsInWindow: gcs };
}

const [warmup, frames] = process.argv.slice(2);
if (warmup !== undefined && frames !== undefined) {
  void measure(Number(warmup), Number(frames)).then((r) => console.log(JSON.stringify(r)));
}
