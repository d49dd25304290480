import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';

/**
 * The V8 flags each benchmark run starts with: a young generation (two 256 MB semi-spaces) large enough that no
 * scavenge runs during the heap window below, so that every byte a step allocates stays counted in the used heap.
 */
export const HEAP_WINDOW_NODE_FLAGS = ['--min-semi-space-size=256', '--max-semi-space-size=256'] as const;

/** JS heap bytes allocated per step over a window of consecutive steps, measured after warm-up. */
export interface HeapResult {
  /**
   * Young-generation growth over the window / steps, rounded; NaN (null in JSON) when a GC ran inside the window.
   * New objects are born there; the whole used heap also grows with compiled code and type feedback when V8
   * (re)optimises during the window, at random moments (concurrent compilation), so it is reported apart.
   */
  readonly bytesPerStep: number;
  /** Young-generation growth over the whole window, bytes (less the cost of reading the heap size). */
  readonly totalBytes: number;
  /** Growth of the whole used heap (all spaces, code included) over the window / steps. */
  readonly usedHeapBytesPerStep: number;
  /** Consecutive steps in the window. */
  readonly steps: number;
  /** Garbage collections seen by a PerformanceObserver('gc') inside the window: 0 for a valid figure. */
  readonly gcInWindow: number;
}

type Gc = () => void;

/**
 * Growth of the used JS heap over `steps` consecutive steps, divided by `steps`. A median of single steps hides an
 * allocation that happens every few steps or that a scavenge reclaims, so this reads the heap once before and once
 * after the whole window, with no collection in between (checked, and reported as `gcInWindow`; run the process with
 * HEAP_WINDOW_NODE_FLAGS so that the young generation holds the window). Only the JS heap is seen: a WASM engine's
 * allocations in its linear memory do not show. Returns null without `--expose-gc` or with `steps` 0.
 */
/**
 * Steps run before the window: V8 optimises code that runs once per step (the step's own orchestration, loops over
 * a handful of joints) only after hundreds to a few thousand calls, and until then each double it touches is a heap
 * number. The window is meant to show what a step allocates in a long-running game, not that warm-up. Bounded in
 * time as well, for the slow engines and scenes.
 */
export const HEAP_WARMUP_STEPS = 2000;
export const HEAP_WARMUP_MS = 10_000;

export async function measureHeapGrowth(
  step: () => void,
  steps: number,
  warmupSteps = 100,
  warmupMs = Infinity,
): Promise<HeapResult | null> {
  const gc = (globalThis as { gc?: Gc }).gc;
  if (gc === undefined || steps <= 0) return null;
  let gcs = 0;
  const observer = new PerformanceObserver((list) => {
    // Entries arrive asynchronously; the window runs synchronously, so count by start time against its bounds.
    for (const entry of list.getEntries()) if (entry.startTime >= windowStart && entry.startTime <= windowEnd) gcs++;
  });
  let windowStart = Infinity;
  let windowEnd = -Infinity;
  observer.observe({ entryTypes: ['gc'] });

  // The window's own loop would get compiled (on-stack replacement) inside the window, and code is heap too: run the
  // same loop first so that only the steps' allocations remain to be counted; then the warm-up (HEAP_WARMUP_STEPS).
  stepMany(step, Math.min(steps, 100));
  const warmStart = performance.now();
  for (let i = 0; i < warmupSteps && performance.now() - warmStart < warmupMs; i++) step();
  gc();
  // What reading the heap size itself costs (its result object), measured the same way.
  const b0 = youngUsed();
  const b1 = youngUsed();
  const readCost = Math.max(0, b1 - b0);

  windowStart = performance.now();
  const usedBefore = getHeapStatistics().used_heap_size;
  const before = youngUsed();
  stepMany(step, steps);
  const after = youngUsed();
  const usedAfter = getHeapStatistics().used_heap_size;
  windowEnd = performance.now();

  await new Promise((resolve) => setTimeout(resolve, 50)); // let the observer deliver the GC entries
  observer.disconnect();
  const totalBytes = Math.max(0, after - before - readCost);
  return {
    bytesPerStep: gcs === 0 ? Math.round(totalBytes / steps) : NaN,
    totalBytes,
    usedHeapBytesPerStep: Math.round(Math.max(0, usedAfter - usedBefore) / steps),
    steps,
    gcInWindow: gcs,
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
