// The broadphase sorts each step's new pairs by (a, b) before creating contacts, so the contact order (and with it
// the solver order) depends only on the inputs. Large batches go through a radix sort; it must give exactly the order
// of a comparison sort for any set of distinct pairs and any shape-id range.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortPairs } from '../src/pair-sort.js';

/** Distinct (a, b) pairs with a < b < maxShape, flattened, and maxShape. */
const pairSets = fc.integer({ min: 2, max: 1 << 20 }).chain((maxShape) =>
  fc
    .uniqueArray(
      fc
        .tuple(fc.integer({ min: 0, max: maxShape - 1 }), fc.integer({ min: 0, max: maxShape - 1 }))
        .filter(([a, b]) => a < b),
      { minLength: 0, maxLength: 600, size: 'max', selector: ([a, b]) => `${a},${b}` },
    )
    .map((pairs) => ({ pairs, maxShape })),
);

function referenceOrder(pairs: ReadonlyArray<readonly [number, number]>): number[] {
  return [...pairs].sort((p, q) => p[0] - q[0] || p[1] - q[1]).flat();
}

describe('sortPairs', () => {
  it('orders distinct pairs by a then b, as a comparison sort does (insertion and radix paths)', () => {
    fc.assert(
      fc.property(pairSets, ({ pairs, maxShape }) => {
        const d = new Int32Array(2 * pairs.length + 6).fill(-7);
        d.set(pairs.flat());
        sortPairs(d, pairs.length, maxShape);
        expect(Array.from(d.subarray(0, 2 * pairs.length))).toEqual(referenceOrder(pairs));
        // Nothing past the pairs is touched.
        expect(Array.from(d.subarray(2 * pairs.length))).toEqual([-7, -7, -7, -7, -7, -7]);
      }),
      { numRuns: 300 },
    );
  });

  it('sorts a batch larger than its scratch twice in a row (the scratch grows and is reused)', () => {
    const n = 5000;
    const pairs: Array<[number, number]> = [];
    for (let i = 0; i < n; i++) pairs.push([(i * 7919) % 70000, 70000 + ((i * 104729) % 9973)]);
    for (let round = 0; round < 2; round++) {
      const d = new Int32Array(pairs.flat());
      sortPairs(d, n, 80000);
      expect(Array.from(d)).toEqual(referenceOrder(pairs));
    }
  });
});
