// Soak: `pnpm soak [--pyramid-steps N] [--bodies B] [--big-steps K]`.
// 1. large_pyramid (5,050 boxes) for N steps (default 100,000; sleeping off as the benchmark runs it, --sleep to let
//    it sleep, as a game would): every 1,000
//    steps the state is finite, nothing was quarantined, and the top box is within 0.25 m of where it settled.
// 2. A world of B bodies (default 100,000 boxes and circles on a wide floor) is built and stepped K times (default
//    200): build time, ms per step and memory are printed.
// Exits 1 if the pyramid falls or any check fails. Long: run it on an idle machine.
import {
  addShape,
  createBody,
  createPhysicsWorld,
  getPhysics,
  getQuarantineEvents,
  makeBox,
  makeCircle,
  validateWorld,
} from '@impulse2d/core/internal';
import { stepPhysics } from '@impulse2d/systems';
import * as largePyramid from '../scenes/large-pyramid.js';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
}
const mb = (n: number): string => `${(n / 1e6).toFixed(0)} MB`;
const gc = (globalThis as { gc?: () => void }).gc;
let failed = false;

function pyramidSoak(steps: number): void {
  const w = createPhysicsWorld({ gravity: { x: 0, y: -10 }, enableSleep: process.argv.includes('--sleep') });
  const { boxes } = largePyramid.build(w);
  const t = getPhysics(w).transform;
  const top = boxes[boxes.length - 1];
  for (let i = 0; i < 120; i++) stepPhysics(w, 1 / 60);
  const settledY = t.y[top];
  let worst = 0;
  const t0 = performance.now();
  let lap = t0;
  let lapStart = 0;
  for (let s = 1; s <= steps; s++) {
    stepPhysics(w, 1 / 60);
    if (getQuarantineEvents(w).length > 0) {
      console.log(`pyramid: step ${s}: bodies quarantined ${getQuarantineEvents(w).join(', ')}`);
      failed = true;
      return;
    }
    if (s % 1000 === 0 || s === steps) {
      let finite = true;
      for (const b of boxes) finite &&= Number.isFinite(t.x[b]) && Number.isFinite(t.y[b]);
      const drop = settledY - t.y[top];
      worst = Math.max(worst, Math.abs(drop));
      if (!finite || Math.abs(drop) > 0.25) {
        console.log(`pyramid: step ${s}: ${finite ? `top box moved ${drop.toFixed(3)} m` : 'non-finite state'}`);
        failed = true;
        return;
      }
      if (s % 10_000 === 0 || s === steps) {
        validateWorld(w);
        const now = performance.now();
        const awake = getPhysics(w).profile.awakeBodyCount;
        console.log(
          `pyramid: step ${s}: top box within ${(worst * 1000).toFixed(1)} mm of its settled height, ` +
            `${awake} awake, ${((now - lap) / (s - lapStart)).toFixed(3)} ms/step since the last report`,
        );
        lap = now;
        lapStart = s;
      }
    }
  }
  console.log(`pyramid: ${steps} steps in ${((performance.now() - t0) / 1000).toFixed(1)} s: stands`);
}

function bigWorld(count: number, steps: number): void {
  gc?.();
  const m0 = process.memoryUsage();
  const heap0 = m0.heapUsed + m0.arrayBuffers;
  const t0 = performance.now();
  const w = createPhysicsWorld({ gravity: { x: 0, y: -10 } });
  const columns = Math.ceil(Math.sqrt(count * 4));
  const ground = createBody(w, { type: 'static' });
  addShape(w, ground, makeBox(0.6 * columns + 10, 1, { x: 0, y: -1 }));
  for (let n = 0; n < count; n++) {
    const x = (n % columns) * 1.2 - 0.6 * columns;
    const y = 0.6 + Math.floor(n / columns) * 1.2;
    const b = createBody(w, { type: 'dynamic', position: { x, y } });
    addShape(w, b, n % 2 === 0 ? makeBox(0.5, 0.5) : makeCircle(0.5));
  }
  const built = performance.now();
  stepPhysics(w, 1 / 60); // first step: all pairs found
  const first = performance.now();
  for (let s = 1; s < steps; s++) stepPhysics(w, 1 / 60);
  const end = performance.now();
  gc?.();
  const mem = process.memoryUsage();
  const p = getPhysics(w);
  console.log(
    `big world: ${count} bodies built in ${((built - t0) / 1000).toFixed(1)} s; first step ${(first - built).toFixed(0)} ms; ` +
      `${((end - first) / Math.max(1, steps - 1)).toFixed(1)} ms/step over ${steps - 1} steps ` +
      `(${p.contacts.count} contacts, ${p.profile.awakeBodyCount} awake); ` +
      `memory after gc: heap ${mb(mem.heapUsed)}, array buffers ${mb(mem.arrayBuffers)}, rss ${mb(mem.rss)} ` +
      `(${mb(mem.heapUsed + mem.arrayBuffers - heap0)} more than before building)`,
  );
  validateWorld(w);
  if (getQuarantineEvents(w).length > 0) failed = true;
}

const pyramidSteps = arg('pyramid-steps', 100_000);
if (pyramidSteps > 0) pyramidSoak(pyramidSteps);
const bodies = arg('bodies', 100_000);
if (bodies > 0) bigWorld(bodies, arg('big-steps', 200));
process.exitCode = failed ? 1 : 0;
