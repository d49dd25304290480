import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DynamicTree } from '../src/broadphase/dynamic-tree.js';
import { IntBuffer } from '../src/storage/int-buffer.js';
import { joinNewOverlaps, joinTask, planJoin } from '../src/broadphase/tree-join.js';

interface Leaf {
  box: number[]; // minX, minY, maxX, maxY
  category: number;
  mask: number;
  moved: boolean;
  previous: number[]; // the box at the last narrowphase; minX = +∞ when unknown
}

const overlap = (a: number[], b: number[]): boolean => a[0] <= b[2] && a[2] >= b[0] && a[1] <= b[3] && a[3] >= b[1];

/** The pairs the join must find, by brute force over every pair (userData = index in `leaves`). */
function expectedPairs(leaves: Leaf[], movableCount: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < movableCount; i++) {
    for (let j = i + 1; j < leaves.length; j++) {
      const a = leaves[i],
        b = leaves[j];
      if (!a.moved && !b.moved) continue;
      if (!overlap(a.box, b.box)) continue;
      if ((a.category & b.mask) === 0 || (b.category & a.mask) === 0) continue;
      // Overlapped at the last narrowphase: the pair has its contact already.
      if (a.moved && b.moved && overlap(a.previous, b.previous)) continue;
      if (a.moved && !b.moved && overlap(b.box, a.previous)) continue;
      if (!a.moved && b.moved && overlap(a.box, b.previous)) continue;
      out.push(`${i},${j}`);
    }
  }
  return out.sort();
}

const coordinate = fc.integer({ min: 0, max: 200 });
const leaf = fc.record({
  x: coordinate,
  y: coordinate,
  w: fc.integer({ min: 0, max: 30 }),
  h: fc.integer({ min: 0, max: 30 }),
  category: fc.constantFrom(1, 1, 1, 2, 4, 0, 0x80000000 | 0),
  mask: fc.constantFrom(-1, -1, -1, ~2, 1, 0),
  moved: fc.boolean(),
  known: fc.integer({ min: 0, max: 4 }),
  dx: fc.integer({ min: -15, max: 15 }),
  dy: fc.integer({ min: -15, max: 15 }),
});

describe('joinNewOverlaps', () => {
  it('finds exactly the new overlapping pairs with a marked side (movable with itself and with static), as brute force does, whole or cut into tasks', () => {
    fc.assert(
      fc.property(
        fc.array(leaf, { minLength: 1, maxLength: 120 }),
        fc.array(leaf, { minLength: 0, maxLength: 40 }),
        fc.boolean(),
        fc.integer({ min: -1, max: 12 }),
        (movableLeaves, staticLeaves, rebuild, cut) => {
          const leaves: Leaf[] = [...movableLeaves, ...staticLeaves].map((l, i) => ({
            box: [l.x, l.y, l.x + l.w, l.y + l.h],
            category: l.category,
            mask: l.mask,
            // Static leaves move rarely (a user's teleport): one in four of those drawn as moved.
            moved: l.moved && (i < movableLeaves.length || l.known === 0),
            previous: [l.known === 0 ? Infinity : l.x + l.dx, l.y + l.dy, l.x + l.dx + l.w, l.y + l.dy + l.h],
          }));
          const movable = new DynamicTree();
          const stat = new DynamicTree();
          const proxies: number[] = [];
          leaves.forEach((l, i) => {
            const tree = i < movableLeaves.length ? movable : stat;
            proxies.push(tree.createProxy(l.box[0], l.box[1], l.box[2], l.box[3], i, l.category, l.mask));
          });
          if (rebuild) movable.rebuild();
          movable.validate();
          const moved = new Uint8Array(leaves.length);
          const slot = new Int32Array(leaves.length);
          const from = new Float64Array(4 * leaves.length);
          let slots = 0;
          leaves.forEach((l, i) => {
            if (!l.moved) return;
            moved[i] = 1;
            slot[i] = slots;
            from.set(l.previous, 4 * slots++);
            (i < movableLeaves.length ? movable : stat).markLeaf(proxies[i]);
          });
          const out = new IntBuffer();
          if (cut < 0) {
            joinNewOverlaps(movable, movable, moved, slot, from, out);
            joinNewOverlaps(movable, stat, moved, slot, from, out);
          } else {
            // Cut into tasks (as the step workers take them), each walked on its own: the same pairs.
            const tasks = new IntBuffer();
            planJoin(movable, movable, moved, slot, from, out, tasks, cut);
            const selfTasks = tasks.count;
            planJoin(movable, stat, moved, slot, from, out, tasks, cut);
            for (let k = 0; k < tasks.count; k += 2) {
              const other = k < selfTasks ? movable : stat;
              joinTask(movable, other, tasks.data[k], tasks.data[k + 1], moved, slot, from, out);
            }
          }
          movable.clearMarks();
          stat.clearMarks();
          const found: string[] = [];
          for (let k = 0; k < out.count; k += 2) {
            const a = out.data[k],
              b = out.data[k + 1];
            found.push(`${Math.min(a, b)},${Math.max(a, b)}`);
          }
          found.sort();
          // Each pair once, and exactly the expected ones.
          expect(found).toEqual(expectedPairs(leaves, movableLeaves.length));
          expect(movable.markColumn().every((m) => m === 0)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('finds nothing when nothing is marked, and handles empty trees', () => {
    const a = new DynamicTree();
    const b = new DynamicTree();
    const out = new IntBuffer();
    const none = new Uint8Array(4);
    joinNewOverlaps(a, a, none, new Int32Array(4), new Float64Array(16), out);
    joinNewOverlaps(a, b, none, new Int32Array(4), new Float64Array(16), out);
    a.createProxy(0, 0, 1, 1, 0);
    a.createProxy(0, 0, 1, 1, 1);
    b.createProxy(0, 0, 1, 1, 2);
    joinNewOverlaps(a, a, none, new Int32Array(4), new Float64Array(16), out);
    joinNewOverlaps(a, b, none, new Int32Array(4), new Float64Array(16), out);
    expect(out.count).toBe(0);
  });
});
