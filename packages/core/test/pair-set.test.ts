// The pair set against a Map: random adds and removals by contact id, through growth and tombstone clean-ups.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PairSet } from '../src/state/pair-set.js';

/** Ops: add a new pair with the lowest free id (as the contact table allocates), or remove a live id. */
const ops = fc.array(fc.tuple(fc.boolean(), fc.nat(60), fc.nat(60), fc.nat(1000)), { minLength: 1, maxLength: 600 });

describe('PairSet', () => {
  it('maps pairs to ids as a Map does, with removal by id, through rehashes', () => {
    fc.assert(
      fc.property(ops, (list) => {
        const set = new PairSet();
        const model = new Map<string, number>();
        const pairOf = new Map<number, [number, number]>();
        const free: number[] = [];
        let next = 0;
        for (const [add, x, y, pick] of list) {
          if (add || pairOf.size === 0) {
            const a = Math.min(x, y);
            const b = Math.max(x, y) + 1;
            if (model.has(`${a},${b}`)) continue;
            const id = free.length > 0 ? free.pop()! : next++;
            set.add(a, b, id);
            model.set(`${a},${b}`, id);
            pairOf.set(id, [a, b]);
          } else {
            const ids = [...pairOf.keys()].sort((p, q) => p - q);
            const id = ids[pick % ids.length];
            const [a, b] = pairOf.get(id)!;
            set.removeValue(id);
            model.delete(`${a},${b}`);
            pairOf.delete(id);
            free.push(id);
          }
        }
        expect(set.count).toBe(model.size);
        for (const [id, [a, b]] of pairOf) {
          expect(set.get(a, b)).toBe(id);
          expect(set.holdsAt(a, b, id)).toBe(true);
        }
        for (let a = 0; a <= 60; a++)
          for (let b = a + 1; b <= 61; b++) expect(set.get(a, b)).toBe(model.get(`${a},${b}`) ?? -1);
      }),
      { numRuns: 60 },
    );
  });

  it('touch reads without changing anything', () => {
    const set = new PairSet();
    for (let i = 0; i < 100; i++) set.add(i, i + 1, i);
    const pairs = new Int32Array([3, 4, 200, 201, 5, 9]);
    set.touch(pairs, 3);
    expect(set.count).toBe(100);
    for (let i = 0; i < 100; i++) expect(set.get(i, i + 1)).toBe(i);
    expect(set.get(200, 201)).toBe(-1);
  });

  it('regression: clearing tombstones keeps the same table (a new one each time was garbage and a column to re-share with step workers)', () => {
    const set = new PairSet();
    // 300 live pairs, then churn at that size: each step removes the oldest and adds a new one.
    for (let i = 0; i < 300; i++) set.add(i, i + 1, i);
    const live = new Map<number, [number, number]>();
    for (let i = 0; i < 300; i++) live.set(i, [i, i + 1]);
    let table = set.slotColumn;
    for (let k = 0; k < 6000; k++) {
      // The table grows once, to 2,048 slots, where 300 entries and their tombstones fit: from then on the same one.
      if (k === 1000) table = set.slotColumn;
      const id = k % 300;
      set.removeValue(id);
      const a = 1000 + k;
      set.add(a, a + 7, id);
      live.set(id, [a, a + 7]);
    }
    // Thousands of tombstones were cleared after step 1,000, every time in place.
    expect(set.slotColumn).toBe(table);
    expect(set.count).toBe(300);
    for (const [id, [a, b]] of live) {
      expect(set.get(a, b)).toBe(id);
      expect(set.holdsAt(a, b, id)).toBe(true);
    }
  });
});
