import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { measureHeapGrowth } from '../src/bench/heap.js';

// The probe needs gc(); vitest's workers do not start with --expose-gc, so expose it here.
setFlagsFromString('--expose-gc');
const g = globalThis as { gc?: () => void };
g.gc ??= runInNewContext('gc') as () => void;

let sink: number[][] = [];
const fresh = (): number[] => new Array<number>(64).fill(1.5); // 64 unboxed doubles in the JS heap

describe('measureHeapGrowth', () => {
  it('reports the bytes a step allocates, averaged over the window, and whether a GC ran inside it', async () => {
    // 4 arrays of 64 doubles: at least 4 × 512 bytes of elements per step. (Typed arrays would not do: their
    // backing store lives outside the JS heap.)
    const result = await measureHeapGrowth(() => {
      sink = [fresh(), fresh(), fresh(), fresh()];
    }, 100);
    expect(result).not.toBeNull();
    expect(result!.steps).toBe(100);
    if (result!.gcInWindow === 0) {
      expect(result!.bytesPerStep).toBeGreaterThanOrEqual(4 * 512);
      expect(result!.bytesPerStep).toBeLessThan(16 * 1024);
    } else {
      expect(result!.bytesPerStep).toBeNaN(); // a scavenge hid part of the growth: no figure rather than a low one
    }
    expect(sink.length).toBe(4);
  });

  it('reports the lowest of consecutive windows: allocation in every step shows, a burst in one window does not', async () => {
    // Every step allocates: each window shows it, so the lowest does too.
    const steady = await measureHeapGrowth(
      () => {
        sink = [fresh(), fresh(), fresh(), fresh()];
      },
      100,
      0,
      Infinity,
      3,
    );
    expect(steady!.windows.length).toBe(3);
    // 100 steps of 2 kB fit the young generation: a scavenge inside all three windows would be a broken probe.
    const clean = steady!.windows.filter((b) => Number.isFinite(b));
    expect(clean.length).toBeGreaterThan(0);
    for (const b of clean) expect(b).toBeGreaterThanOrEqual(4 * 512);
    expect(steady!.bytesPerStep).toBe(Math.min(...clean));

    // Steps allocate only in the first window (calls 100-199: after the 100-step loop warm-up), as a late
    // re-optimisation does: the first window shows it, the lowest window does not, and no third window runs after
    // a window that grew by nothing.
    let calls = 0;
    const burst = await measureHeapGrowth(
      () => {
        calls++;
        if (calls > 100 && calls <= 200) sink = [fresh(), fresh(), fresh(), fresh()];
      },
      100,
      0,
      Infinity,
      3,
    );
    const [first, second] = burst!.windows;
    if (Number.isFinite(first) && Number.isFinite(second)) {
      expect(first).toBeGreaterThanOrEqual(4 * 512);
      expect(burst!.bytesPerStep).toBe(second);
      expect(burst!.bytesPerStep).toBeLessThan(64);
    }
    if (burst!.bytesPerStep === 0) expect(burst!.windows.length).toBe(2);
  });

  it('is skipped with zero steps', async () => {
    expect(await measureHeapGrowth(() => undefined, 0)).toBeNull();
  });

  it('reports its progress outside the windows: warm-up every 100 steps, then each window before it starts', async () => {
    const seen: string[] = [];
    let steps = 0;
    await measureHeapGrowth(
      () => {
        steps++;
        sink = [fresh()];
      },
      50,
      250,
      Infinity,
      2,
      Infinity,
      (phase, done, total) => seen.push(`${phase} ${done}/${total} at ${steps}`),
    );
    // 50 steps compile the window's loop first; warm-up reports at its steps 0, 100, 200; then windows 1 and 2
    // (the second runs: a window that grows by a 64-double array a step is not zero).
    expect(seen).toEqual([
      'warm-up 0/250 at 50',
      'warm-up 100/250 at 150',
      'warm-up 200/250 at 250',
      'window 1/2 at 300',
      'window 2/2 at 350',
    ]);
  });
});
