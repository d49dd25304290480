// The contact table's row allocation against a model: a new contact takes the lowest freed row, or a new one.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ContactStore } from '../src/state/contact-store.js';

/** Ops: allocate a row (true), or release the live row picked by the number (false). */
const ops = fc.array(fc.tuple(fc.boolean(), fc.nat(1000)), { minLength: 1, maxLength: 400 });

describe('contact rows', () => {
  it('reuse the lowest freed row first, keep list and listIndex consistent, and never hand out a live row', () => {
    fc.assert(
      fc.property(ops, (list) => {
        const c = new ContactStore();
        const live = new Set<number>();
        const freed = new Set<number>();
        let used = 0;
        for (const [allocate, pick] of list) {
          if (allocate || live.size === 0) {
            const expected = freed.size > 0 ? Math.min(...freed) : used++;
            const id = c.allocate();
            expect(id).toBe(expected);
            freed.delete(id);
            live.add(id);
          } else {
            const ids = [...live].sort((p, q) => p - q);
            const id = ids[pick % ids.length];
            c.release(id);
            live.delete(id);
            freed.add(id);
          }
        }
        expect(c.count).toBe(live.size);
        expect(c.capacityUsed).toBe(used);
        expect(c.freeCount).toBe(freed.size);
        expect(new Set(Array.from(c.free.subarray(0, c.freeCount)))).toEqual(freed);
        for (let k = 0; k < c.count; k++) {
          const id = c.list[k];
          expect(live.has(id)).toBe(true);
          expect(c.listIndex[id]).toBe(k);
        }
        for (const id of freed) expect(c.listIndex[id]).toBe(-1);
      }),
      { numRuns: 100 },
    );
  });
});
