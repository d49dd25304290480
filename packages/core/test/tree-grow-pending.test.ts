// enlargeProxyFatLater + growPending against enlargeProxyFat: the same node boxes, whether growPending walks up from
// each leaf (few leaves waiting) or grows every internal node in one pass (many).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DynamicTree } from '../src/broadphase/dynamic-tree.js';

/** A tree of leaves with the given boxes, built by insertion (the same calls give the same tree and node ids). */
function build(boxes: number[][]): { tree: DynamicTree; proxies: number[] } {
  const tree = new DynamicTree();
  const proxies = boxes.map((b, i) => tree.createProxy(b[0], b[1], b[2], b[3], i));
  return { tree, proxies };
}

/** Every node's box, in id order (free nodes included: both trees hand out the same ids). */
function allBoxes(tree: DynamicTree): number[] {
  const out = new Float64Array(4);
  const boxes: number[] = [];
  for (let n = 0; n < tree.getNodeCount(); n++) {
    tree.copyBox(n, out, 0);
    boxes.push(out[0], out[1], out[2], out[3]);
  }
  return boxes;
}

const coordinate = fc.double({ min: -500, max: 500, noNaN: true, noDefaultInfinity: true });
const growth = fc.double({ min: 0, max: 40, noNaN: true, noDefaultInfinity: true });
const leafBox = fc.tuple(coordinate, coordinate, growth, growth).map(([x, y, w, h]) => [x, y, x + w, y + h]);

describe('DynamicTree.growPending', () => {
  it('leaves every node with the box enlargeProxyFat gives it, for few and for many waiting leaves', () => {
    fc.assert(
      fc.property(
        fc.array(leafBox, { minLength: 1, maxLength: 120 }),
        fc.array(fc.tuple(fc.nat(), growth, growth, growth, growth), { minLength: 1, maxLength: 200 }),
        (leaves, moves) => {
          const { tree: now, proxies } = build(leaves);
          const { tree: later } = build(leaves);
          const box = new Float64Array(4);
          // Each move grows one leaf's box on every side (a proxy that left its fat box gets one containing it).
          const current = leaves.map((b) => b.slice());
          for (const [pick, l, d, r, u] of moves) {
            const leaf = pick % leaves.length;
            const id = proxies[leaf];
            const b = current[leaf];
            b[0] -= l;
            b[1] -= d;
            b[2] += r;
            b[3] += u;
            box.set(b);
            now.enlargeProxyFat(id, box, 0);
            later.enlargeProxyFatLater(id, box, 0);
          }
          later.growPending();
          expect(allBoxes(later)).toEqual(allBoxes(now));
          expect(later.enlargedSinceRebuild).toBe(now.enlargedSinceRebuild);
          later.validate();
        },
      ),
      { numRuns: 200, seed: 40 },
    );
  });

  it('walks up from each leaf when few wait, and still contains every leaf', () => {
    const leaves = Array.from({ length: 64 }, (_, i) => [i * 3, 0, i * 3 + 2, 2]);
    const { tree, proxies } = build(leaves);
    const box = new Float64Array([-1, -1, 3, 50]);
    tree.enlargeProxyFatLater(proxies[0], box, 0);
    tree.growPending();
    // The root now reaches the grown leaf's top.
    const root = new Float64Array(4);
    tree.copyBox(tree.getRoot(), root, 0);
    expect(root[3]).toBe(50);
    expect(root[0]).toBe(-1);
    tree.validate();
  });
});
