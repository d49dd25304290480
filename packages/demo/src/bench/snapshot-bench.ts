// Snapshot speed and size on a resting 5,000-body world: take + restore time (median of many cycles into one reused
// buffer), bytes per body, and heap before/after the cycles. Run: pnpm --filter @impulse2d/demo snapshot-bench
// [--rows 100] [--cycles 10000]. A 100-row pyramid has 5,050 boxes.
import {
  addShape,
  createBody,
  createPhysicsWorld,
  makeBox,
  restoreSnapshot,
  snapshotSize,
  takeSnapshotInto,
} from '@impulse2d/core';
import { stepPhysics } from '@impulse2d/systems';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const rows = arg('rows', 100);
const cycles = arg('cycles', 10000);
const settle = arg('settle', 300);

const w = createPhysicsWorld({ gravity: { x: 0, y: -10 } });
const ground = createBody(w, { type: 'static', position: { x: 0, y: -1 } });
addShape(w, ground, makeBox(200, 1));
let bodies = 0;
for (let i = 0; i < rows; i++) {
  for (let j = i; j < rows; j++) {
    const b = createBody(w, { type: 'dynamic', position: { x: (i + 1) * 0.5 + (j - i) - rows * 0.5, y: 0.5 + i } });
    addShape(w, b, makeBox(0.5, 0.5), { density: 1, friction: 0.6 });
    bodies++;
  }
}
for (let i = 0; i < settle; i++) stepPhysics(w, 1 / 60);

const size = snapshotSize(w);
const buf = new Uint8Array(size);
const n = takeSnapshotInto(w, buf);
const snap = buf.subarray(0, n);
const take: number[] = [];
const restore: number[] = [];
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const heap0 = process.memoryUsage().heapUsed;
for (let i = 0; i < cycles; i++) {
  const t0 = performance.now();
  takeSnapshotInto(w, buf);
  const t1 = performance.now();
  restoreSnapshot(w, snap);
  const t2 = performance.now();
  take.push(t1 - t0);
  restore.push(t2 - t1);
}
gc?.();
const heap1 = process.memoryUsage().heapUsed;
const median = (a: number[]): number => [...a].sort((x, y) => x - y)[a.length >> 1];
console.log(`bodies: ${bodies} dynamic (${rows}-row pyramid, ${settle} steps settled)`);
console.log(`snapshot: ${size} bytes, ${(size / bodies).toFixed(1)} B/body`);
console.log(
  `take: median ${median(take).toFixed(3)} ms, restore: median ${median(restore).toFixed(3)} ms (${cycles} cycles)`,
);
console.log(
  `heap: ${(heap0 / 1e6).toFixed(2)} MB before, ${(heap1 / 1e6).toFixed(2)} MB after${gc ? '' : ' (run with --expose-gc for exact figures)'}`,
);
