// enlargeProxyFatLater + growPending: with few leaves waiting, the ancestors grow exactly as enlargeProxyFat grows
// them; with many, every internal node is refitted to the union of its children's boxes. Either way a query finds
// exactly the leaves whose boxes overlap it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DynamicTree, IntBuffer } from '../src/broadphase/dynamic-tree.js';

/** A tree of leaves with the given boxes, built by insertion (the same calls give the same tree and node ids). */
function build(boxes: number[][]): { tree: DynamicTree; proxies: number[] } {
  const tree = new DynamicTree();
  const proxies = boxes.map((b, i) => tree.createProxy(b[0], b[1], b[2], b[3], i));
  return { tree, proxies };
}

/** Every node's box, in id order (both trees of a comparison hand out the same ids). */
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
const move = fc.tuple(fc.nat(), growth, growth, growth, growth);

/** Grows leaf boxes (a proxy that left its fat box gets one containing it) through `enlarge`; returns the boxes. */
function applyMoves(
  leaves: number[][],
  proxies: number[],
  moves: [number, number, number, number, number][],
  enlarge: (id: number, box: Float64Array) => void,
): number[][] {
  const current = leaves.map((b) => b.slice());
  const box = new Float64Array(4);
  for (const [pick, l, d, r, u] of moves) {
    const leaf = pick % leaves.length;
    const b = current[leaf];
    b[0] -= l;
    b[1] -= d;
    b[2] += r;
    b[3] += u;
    box.set(b);
    enlarge(proxies[leaf], box);
  }
  return current;
}

describe('DynamicTree.growPending', () => {
  it('with few leaves waiting, leaves every node with the box enlargeProxyFat gives it', () => {
    fc.assert(
      fc.property(
        fc.array(leafBox, { minLength: 40, maxLength: 160 }),
        fc.array(move, { minLength: 1, maxLength: 9 }),
        (leaves, moves) => {
          const { tree: now, proxies } = build(leaves);
          const { tree: later } = build(leaves);
          applyMoves(leaves, proxies, moves, (id, box) => now.enlargeProxyFat(id, box, 0));
          applyMoves(leaves, proxies, moves, (id, box) => later.enlargeProxyFatLater(id, box, 0));
          later.growPending();
          expect(allBoxes(later)).toEqual(allBoxes(now));
          expect(later.enlargedSinceRebuild).toBe(now.enlargedSinceRebuild);
        },
      ),
      { numRuns: 150, seed: 40 },
    );
  });

  it('with many leaves waiting, refits every internal node to its children and queries find exactly the overlaps', () => {
    fc.assert(
      fc.property(
        fc.array(leafBox, { minLength: 2, maxLength: 120 }),
        fc.array(move, { minLength: 1, maxLength: 300 }),
        fc.array(leafBox, { minLength: 1, maxLength: 8 }),
        (leaves, moves, queries) => {
          const { tree, proxies } = build(leaves);
          const current = applyMoves(leaves, proxies, moves, (id, box) => tree.enlargeProxyFatLater(id, box, 0));
          tree.growPending();
          tree.validate();
          expect(tree.enlargedSinceRebuild).toBe(moves.length);
          // Each leaf holds its last box.
          const box = new Float64Array(4);
          proxies.forEach((id, leaf) => {
            tree.copyBox(id, box, 0);
            expect([...box]).toEqual(current[leaf]);
          });
          const found = new IntBuffer();
          for (const q of queries) {
            found.clear();
            tree.query(q[0], q[1], q[2], q[3], found);
            const got = [...found.data.subarray(0, found.count)].sort((a, b) => a - b);
            const want = current
              .map((b, leaf) => (b[0] <= q[2] && b[2] >= q[0] && b[1] <= q[3] && b[3] >= q[1] ? leaf : -1))
              .filter((leaf) => leaf >= 0);
            expect(got).toEqual(want);
          }
        },
      ),
      { numRuns: 150, seed: 41 },
    );
  });

  it('refits tight: an inner box shrinks back when the leaf that stretched it is given a small box again', () => {
    const leaves = Array.from({ length: 8 }, (_, i) => [i * 3, 0, i * 3 + 2, 2]);
    const { tree, proxies } = build(leaves);
    const root = new Float64Array(4);
    // One leaf stretched far up, through the walk (one leaf waiting of seven internal nodes).
    tree.enlargeProxyFatLater(proxies[0], new Float64Array([0, 0, 2, 50]), 0);
    tree.growPending();
    tree.copyBox(tree.getRoot(), root, 0);
    expect(root[3]).toBe(50);
    // Every leaf given its first box again: the pass refits the root down to them.
    proxies.forEach((id, i) => tree.enlargeProxyFatLater(id, new Float64Array(leaves[i]), 0));
    tree.growPending();
    tree.copyBox(tree.getRoot(), root, 0);
    expect([...root]).toEqual([0, 0, 23, 2]);
    tree.validate();
  });
});
