import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { median } from './stats.js';

/** Heap bytes allocated by one step, measured after warm-up. */
export interface HeapResult {
  /** Median over the samples of (heap used after − before) for one step, less the cost of reading the heap size. */
  readonly bytesPerStep: number;
  readonly maxBytesPerStep: number;
  readonly samples: number;
  /** Samples dropped because a garbage collection ran inside them (their delta would be meaningless). */
  readonly droppedForGc: number;
}

type Gc = () => void;

/**
 * Run `samples` single steps, each after a full GC, and read the JS heap before and after. Only the JS heap is seen:
 * a WASM engine's allocations in its linear memory do not show. Returns null without `--expose-gc`.
 */
export async function measureHeapPerStep(step: () => void, samples: number): Promise<HeapResult | null> {
  const gc = (globalThis as { gc?: Gc }).gc;
  if (gc === undefined) return null;
  const gcStarts: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcStarts.push(entry.startTime);
  });
  observer.observe({ entryTypes: ['gc'] });

  // What reading the heap size itself costs (it allocates its result object).
  const baselines: number[] = [];
  for (let i = 0; i < 5; i++) {
    gc();
    const before = getHeapStatistics().used_heap_size;
    baselines.push(getHeapStatistics().used_heap_size - before);
  }
  const baseline = median(baselines);

  const windows: { start: number; end: number; delta: number }[] = [];
  for (let i = 0; i < samples; i++) {
    gc();
    const start = performance.now();
    const before = getHeapStatistics().used_heap_size;
    step();
    const after = getHeapStatistics().used_heap_size;
    windows.push({ start, end: performance.now(), delta: after - before - baseline });
  }
  await new Promise((resolve) => setTimeout(resolve, 50)); // let the observer deliver the GC entries
  observer.disconnect();

  const clean = windows.filter((w) => !gcStarts.some((t) => t >= w.start && t <= w.end));
  const deltas = clean.map((w) => Math.max(0, w.delta));
  return {
    bytesPerStep: deltas.length > 0 ? Math.round(median(deltas)) : NaN,
    maxBytesPerStep: deltas.length > 0 ? Math.max(...deltas) : NaN,
    samples: deltas.length,
    droppedForGc: windows.length - clean.length,
  };
}
