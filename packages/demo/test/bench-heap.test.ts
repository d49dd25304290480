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

  it('is skipped with zero steps', async () => {
    expect(await measureHeapGrowth(() => undefined, 0)).toBeNull();
  });
});
