import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';

/**
 * The V8 flags each benchmark run starts with: a young generation (two 256 MB semi-spaces) large enough that no
 * scavenge runs during the heap window below, so that every byte a step allocates stays counted in the used heap.
 */
export const HEAP_WINDOW_NODE_FLAGS = ['--min-semi-space-size=256', '--max-semi-space-size=256'] as const;

/** JS heap bytes allocated per step over windows of consecutive steps, measured after warm-up. */
export interface HeapResult {
  /**
   * Young-generation growth per step in the window that grew least, rounded; NaN (null in JSON) when a GC ran inside
   * every window. New objects are born there; the whole used heap also grows with compiled code and type feedback
   * when V8 (re)optimises during a window, at random moments (concurrent compilation), so it is reported apart.
   */
  readonly bytesPerStep: number;
  /** Young-generation growth over that window, bytes (less the cost of reading the heap size). */
  readonly totalBytes: number;
  /** Growth of the whole used heap (all spaces, code included) over that window / steps. */
  readonly usedHeapBytesPerStep: number;
  /** Consecutive steps in each window. */
  readonly steps: number;
  /** Each window's young-generation growth per step, in the order they ran (NaN where a GC ran inside). */
  readonly windows: readonly number[];
  /** Garbage collections seen by a PerformanceObserver('gc') inside the chosen window: 0 for a valid figure. */
  readonly gcInWindow: number;
}

type Gc = () => void;

/**
 * Where the probe is, for a progress bar (it can take half a minute): `warm-up` every 100 warm-up steps (done of the
 * most), then `window` before each window (its number, from 1, of the most).
 */
export type HeapProgress = (phase: 'warm-up' | 'window', done: number, total: number) => void;

/**
 * Steps run before the first window: V8 optimises code that runs once per step (the step's own orchestration, loops
 * over a handful of joints) only after hundreds to a few thousand calls, and until then each double it touches is a
 * heap number. The windows are meant to show what a step allocates in a long-running game, not that warm-up. Bounded
 * in time as well, for the slow engines and scenes.
 */
export const HEAP_WARMUP_STEPS = 2000;
export const HEAP_WARMUP_MS = 10_000;
/** Windows after the warm-up (see measureHeapGrowth), and the time after which no further window starts. */
export const HEAP_WINDOWS = 4;
export const HEAP_WINDOWS_MS = 20_000;

/**
 * Growth of the used JS heap over `steps` consecutive steps, divided by `steps`. A median of single steps hides an
 * allocation that happens every few steps or that a scavenge reclaims, so this reads the heap once before and once
 * after a whole window, with no collection in between (checked, and reported as `gcInWindow`; run the process with
 * HEAP_WINDOW_NODE_FLAGS so that the young generation holds the window). Only the JS heap is seen: a WASM engine's
 * allocations in its linear memory do not show. Returns null without `--expose-gc` or with `steps` 0.
 *
 * Up to `maxWindows` consecutive windows run (fewer once `windowsMs` have passed, or once a window grew by nothing),
 * and the one that grew least is reported, every window's figure beside it. What a step allocates shows in every
 * window, so the lowest cannot hide it. What V8's tiering allocates does not: a function that runs once a step and
 * was deoptimised early (compiled before every access in it had type feedback, as --trace-deopt shows for
 * integrateVelocities on joint_grid) runs in the interpreter, boxing each double it touches, until V8 optimises it
 * again, hundreds to thousands of steps later, at a moment that moves from run to run. One window alone read 231 B and 23 kB a step for the same joint_grid build.
 */
export async function measureHeapGrowth(
  step: () => void,
  steps: number,
  warmupSteps = 100,
  warmupMs = Infinity,
  maxWindows = 1,
  windowsMs = Infinity,
  onProgress?: HeapProgress,
): Promise<HeapResult | null> {
  const gc = (globalThis as { gc?: Gc }).gc;
  if (gc === undefined || steps <= 0) return null;
  const bounds: number[] = []; // start, end of each window (performance.now())
  const gcStarts: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcStarts.push(entry.startTime);
  });
  observer.observe({ entryTypes: ['gc'] });

  // The window's own loop would get compiled (on-stack replacement) inside the window, and code is heap too: run the
  // same loop first so that only the steps' allocations remain to be counted; then the warm-up (HEAP_WARMUP_STEPS).
  stepMany(step, Math.min(steps, 100));
  const warmStart = performance.now();
  for (let i = 0; i < warmupSteps && performance.now() - warmStart < warmupMs; i++) {
    if (i % 100 === 0) onProgress?.('warm-up', i, warmupSteps);
    step();
  }
  // What reading the heap size itself costs (its result object), measured the same way.
  gc();
  const b0 = youngUsed();
  const b1 = youngUsed();
  const readCost = Math.max(0, b1 - b0);

  const young: number[] = [];
  const used: number[] = [];
  const windowsStart = performance.now();
  for (let w = 0; w < Math.max(1, maxWindows); w++) {
    // Nothing to gain after a window that rounds to 0 B a step.
    if (w > 0 && (performance.now() - windowsStart >= windowsMs || 2 * young[w - 1] < steps)) break;
    onProgress?.('window', w + 1, maxWindows); // outside the window: reporting allocates
    gc();
    const start = performance.now();
    const usedBefore = getHeapStatistics().used_heap_size;
    const before = youngUsed();
    stepMany(step, steps);
    const after = youngUsed();
    const usedAfter = getHeapStatistics().used_heap_size;
    bounds.push(start, performance.now());
    young.push(Math.max(0, after - before - readCost));
    used.push(Math.max(0, usedAfter - usedBefore));
  }

  await new Promise((resolve) => setTimeout(resolve, 50)); // let the observer deliver the GC entries
  observer.disconnect();
  // Entries arrive asynchronously; the windows run synchronously, so count by start time against their bounds.
  const gcs = young.map((_, w) => gcStarts.filter((t) => t >= bounds[2 * w] && t <= bounds[2 * w + 1]).length);
  const perStep = young.map((bytes, w) => (gcs[w] === 0 ? Math.round(bytes / steps) : NaN));
  let best = 0; // the lowest window without a GC inside; the first if every window had one
  for (let w = 1; w < perStep.length; w++) {
    if (Number.isNaN(perStep[w])) continue;
    if (Number.isNaN(perStep[best]) || perStep[w] < perStep[best]) best = w;
  }
  return {
    bytesPerStep: perStep[best],
    totalBytes: young[best],
    usedHeapBytesPerStep: Math.round(used[best] / steps),
    steps,
    windows: perStep,
    gcInWindow: gcs[best],
  };
}

function stepMany(step: () => void, steps: number): void {
  for (let i = 0; i < steps; i++) step();
}

/** Bytes used in the young generation (new space and new large-object space), where every new object starts. */
function youngUsed(): number {
  let used = 0;
  for (const space of getHeapSpaceStatistics()) {
    if (space.space_name === 'new_space' || space.space_name === 'new_large_object_space')
      used += space.space_used_size;
  }
  return used;
}
