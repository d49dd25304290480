import { describe, expect, it } from 'vitest';
import { DynamicTree } from '../src/broadphase/dynamic-tree.js';
import { IntBuffer } from '../src/storage/int-buffer.js';

/** Small seeded PRNG (mulberry32): uniform in [0, 1). */
function mulberry32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

function randomBox(rand: () => number, world = 1000, maxSize = 20): Box {
  const x = rand() * world,
    y = rand() * world;
  return { minX: x, minY: y, maxX: x + rand() * maxSize, maxY: y + rand() * maxSize };
}

function overlaps(a: Box, b: Box): boolean {
  return !(a.minX > b.maxX || a.maxX < b.minX || a.minY > b.maxY || a.maxY < b.minY);
}

/** Reference slab test written independently of the tree (divisions, explicit parallel cases). */
function segmentHitsBox(ox: number, oy: number, dx: number, dy: number, maxFraction: number, b: Box): boolean {
  let lo = 0,
    hi = maxFraction;
  const o = [ox, oy],
    d = [dx, dy],
    mn = [b.minX, b.minY],
    mx = [b.maxX, b.maxY];
  for (let k = 0; k < 2; k++) {
    if (d[k] === 0) {
      if (o[k] < mn[k] || o[k] > mx[k]) return false;
      continue;
    }
    const ta = (mn[k] - o[k]) / d[k],
      tb = (mx[k] - o[k]) / d[k];
    lo = Math.max(lo, Math.min(ta, tb));
    hi = Math.min(hi, Math.max(ta, tb));
  }
  return lo <= hi;
}

function sortedContents(buf: IntBuffer): number[] {
  return Array.from(buf.data.subarray(0, buf.count)).sort((a, b) => a - b);
}

/** Live proxies of a test scenario: proxy id -> box and the userData given to it. */
class Model {
  readonly boxes = new Map<number, Box>();
  readonly user = new Map<number, number>();
}

function bruteQuery(model: Model, q: Box): number[] {
  const r: number[] = [];
  for (const [id, b] of model.boxes) if (overlaps(b, q)) r.push(model.user.get(id)!);
  return r.sort((a, b) => a - b);
}

/** Random inserts, moves and destroys; validate after every batch; compare queries with brute force. */
function churn(tree: DynamicTree, model: Model, rand: () => number, ops: number, nextUser: { v: number }): void {
  const ids: number[] = [...model.boxes.keys()].sort((a, b) => a - b);
  for (let k = 0; k < ops; k++) {
    const r = rand();
    if (r < 0.4 || ids.length === 0) {
      const b = randomBox(rand);
      const u = nextUser.v++;
      const id = tree.createProxy(b.minX, b.minY, b.maxX, b.maxY, u);
      expect(model.boxes.has(id)).toBe(false);
      model.boxes.set(id, b);
      model.user.set(id, u);
      ids.push(id);
    } else if (r < 0.8) {
      const id = ids[Math.floor(rand() * ids.length)];
      const b = randomBox(rand);
      tree.moveProxy(id, b.minX, b.minY, b.maxX, b.maxY);
      model.boxes.set(id, b);
    } else {
      const j = Math.floor(rand() * ids.length);
      const id = ids[j];
      ids[j] = ids[ids.length - 1];
      ids.pop();
      tree.destroyProxy(id);
      model.boxes.delete(id);
      model.user.delete(id);
    }
  }
}

describe('DynamicTree', () => {
  it('queries equal brute force over 2000 proxies through random inserts, moves and destroys', () => {
    const rand = mulberry32(12345);
    const tree = new DynamicTree();
    const model = new Model();
    const nextUser = { v: 0 };
    for (let i = 0; i < 2000; i++) {
      const b = randomBox(rand);
      const id = tree.createProxy(b.minX, b.minY, b.maxX, b.maxY, nextUser.v);
      model.boxes.set(id, b);
      model.user.set(id, nextUser.v++);
    }
    tree.validate();
    const out = new IntBuffer();
    for (let batch = 0; batch < 20; batch++) {
      churn(tree, model, rand, 500, nextUser);
      tree.validate();
      expect(tree.getProxyCount()).toBe(model.boxes.size);
      for (let q = 0; q < 100; q++) {
        const box = randomBox(rand, 1000, 120);
        out.clear();
        tree.query(box.minX, box.minY, box.maxX, box.maxY, out);
        expect(sortedContents(out)).toEqual(bruteQuery(model, box));
      }
    }
  });

  it('counts touching boxes as overlapping', () => {
    const tree = new DynamicTree();
    tree.createProxy(0, 0, 1, 1, 7);
    tree.createProxy(2, 0, 3, 1, 8);
    const out = new IntBuffer();
    tree.query(1, 1, 2, 2, out); // touches both at a corner / edge
    expect(sortedContents(out)).toEqual([7, 8]);
    out.clear();
    tree.query(1.0000001, 0, 1.9999999, 1, out);
    expect(out.count).toBe(0);
  });

  it('queryLeaves and queryProxy return proxy ids, and rayCast is a superset of brute-force slab hits', () => {
    const rand = mulberry32(99);
    const tree = new DynamicTree();
    const model = new Model();
    churn(tree, model, rand, 3000, { v: 1000 });
    tree.validate();
    const out = new IntBuffer();
    for (let q = 0; q < 50; q++) {
      const box = randomBox(rand, 1000, 150);
      out.clear();
      tree.queryLeaves(box.minX, box.minY, box.maxX, box.maxY, out);
      const expected = [...model.boxes.entries()].filter(([, b]) => overlaps(b, box)).map(([id]) => id);
      expect(sortedContents(out)).toEqual(expected.sort((a, b) => a - b));
    }
    for (const [id, b] of [...model.boxes.entries()].slice(0, 50)) {
      out.clear();
      tree.queryProxy(id, out);
      const expected = [...model.boxes.entries()].filter(([, o]) => overlaps(o, b)).map(([i]) => i);
      expect(sortedContents(out)).toEqual(expected.sort((x, y) => x - y));
      expect(sortedContents(out)).toContain(id);
    }
    let totalHits = 0;
    for (let q = 0; q < 300; q++) {
      const ox = rand() * 1000,
        oy = rand() * 1000;
      // include axis-aligned rays, which take the parallel-slab path
      const kind = q % 3;
      const dx = kind === 1 ? 0 : (rand() - 0.5) * 800;
      const dy = kind === 2 ? 0 : (rand() - 0.5) * 800;
      const maxFraction = rand();
      out.clear();
      tree.rayCast(ox, oy, dx, dy, maxFraction, out);
      const got = new Set(sortedContents(out));
      expect(got.size).toBe(out.count); // no duplicates
      for (const [id, b] of model.boxes) {
        if (segmentHitsBox(ox, oy, dx, dy, maxFraction, b)) {
          expect(got.has(model.user.get(id)!)).toBe(true);
          totalHits++;
        }
      }
    }
    expect(totalHits).toBeGreaterThan(50); // the test actually exercised hits
  });

  it('keeps height O(log n) for 10k boxes inserted in sorted order', () => {
    for (const layout of ['row', 'diagonal', 'grid'] as const) {
      const tree = new DynamicTree();
      const n = 10_000;
      for (let i = 0; i < n; i++) {
        const x = layout === 'grid' ? i % 100 : i;
        const y = layout === 'row' ? 0 : layout === 'diagonal' ? i : Math.floor(i / 100);
        tree.createProxy(x, y, x + 0.9, y + 0.9, i);
      }
      tree.validate();
      expect(tree.getHeight()).toBeLessThan(3 * Math.log2(n) + 5);
      // AVL bound, which validate() enforces node by node
      expect(tree.getHeight()).toBeLessThanOrEqual(Math.ceil(1.4405 * Math.log2(n + 2)));
    }
  });

  it('stays balanced while sorted boxes are removed in order', () => {
    const tree = new DynamicTree();
    const ids: number[] = [];
    for (let i = 0; i < 4000; i++) ids.push(tree.createProxy(i, 0, i + 1, 1, i));
    for (let i = 0; i < 3000; i++) {
      tree.destroyProxy(ids[i]);
      if (i % 500 === 0) tree.validate();
    }
    tree.validate();
    expect(tree.getHeight()).toBeLessThan(3 * Math.log2(1000) + 5);
  });

  it('never returns destroyed proxies and rejects stale ids', () => {
    const rand = mulberry32(7);
    const tree = new DynamicTree();
    const ids: number[] = [];
    for (let i = 0; i < 500; i++) {
      const b = randomBox(rand, 100, 10);
      ids.push(tree.createProxy(b.minX, b.minY, b.maxX, b.maxY, i));
    }
    const dead = new Set<number>();
    for (let i = 0; i < 500; i += 2) {
      tree.destroyProxy(ids[i]);
      dead.add(i);
    }
    tree.validate();
    const out = new IntBuffer();
    tree.query(-1e9, -1e9, 1e9, 1e9, out);
    expect(out.count).toBe(250);
    for (let k = 0; k < out.count; k++) expect(dead.has(out.data[k])).toBe(false);
    out.clear();
    tree.rayCast(-10, -10, 1, 1, 1000, out);
    for (let k = 0; k < out.count; k++) expect(dead.has(out.data[k])).toBe(false);
    expect(tree.isProxy(ids[0])).toBe(false);
    expect(() => tree.destroyProxy(ids[0])).toThrow();
    expect(() => tree.moveProxy(ids[0], 0, 0, 1, 1)).toThrow();
    expect(() => tree.destroyProxy(-1)).toThrow();
    expect(() => tree.createProxy(1, 0, 0, 1, 0)).toThrow(); // inverted box
    expect(() => tree.createProxy(Number.NaN, 0, 0, 1, 0)).toThrow();
    tree.validate(); // failed calls changed nothing
  });

  it('reuses proxy ids most-recent-first, deterministically', () => {
    const tree = new DynamicTree();
    const a = tree.createProxy(0, 0, 1, 1, 0);
    const b = tree.createProxy(2, 0, 3, 1, 1);
    const c = tree.createProxy(4, 0, 5, 1, 2);
    expect(new Set([a, b, c]).size).toBe(3);
    tree.destroyProxy(b);
    expect(tree.createProxy(6, 0, 7, 1, 3)).toBe(b);
    tree.destroyProxy(a);
    tree.destroyProxy(c);
    // The last proxy destroyed is handed out first.
    expect(tree.createProxy(0, 0, 1, 1, 4)).toBe(c);
    tree.validate();
  });

  it('two trees fed the same calls give identical ids, shape and query order', () => {
    const run = (): { ids: number[]; orders: number[][]; height: number; ratio: number } => {
      const rand = mulberry32(2024);
      const tree = new DynamicTree();
      const model = new Model();
      churn(tree, model, rand, 4000, { v: 0 });
      tree.enlargeProxy([...model.boxes.keys()][0], 0, 0, 500, 500);
      const out = new IntBuffer();
      const orders: number[][] = [];
      for (let q = 0; q < 30; q++) {
        const box = randomBox(rand, 1000, 200);
        out.clear();
        tree.query(box.minX, box.minY, box.maxX, box.maxY, out);
        orders.push(Array.from(out.data.subarray(0, out.count)));
        out.clear();
        tree.rayCast(box.minX, box.minY, 300, 100, 1, out);
        orders.push(Array.from(out.data.subarray(0, out.count)));
      }
      return { ids: [...model.boxes.keys()], orders, height: tree.getHeight(), ratio: tree.getAreaRatio() };
    };
    const first = run();
    const second = run();
    expect(second).toEqual(first);
  });

  it('enlargeProxy grows ancestors so queries still find the leaf', () => {
    const rand = mulberry32(5);
    const tree = new DynamicTree();
    const ids: number[] = [];
    for (let i = 0; i < 300; i++) {
      const b = randomBox(rand, 500, 5);
      ids.push(tree.createProxy(b.minX, b.minY, b.maxX, b.maxY, i));
    }
    const id = ids[17];
    const box = new Float64Array(4);
    tree.copyBox(id, box, 0);
    const x0 = box[0],
      y0 = box[1];
    tree.enlargeProxy(id, x0 - 100, y0 - 100, x0 + 100, y0 + 100);
    tree.validate();
    tree.copyBox(id, box, 0);
    expect(box[2]).toBe(x0 + 100);
    const out = new IntBuffer();
    tree.query(x0 + 90, y0 + 90, x0 + 91, y0 + 91, out);
    expect(sortedContents(out)).toContain(17);
    tree.moveProxy(id, 0, 0, 1, 1); // moving afterwards restores a normal leaf
    tree.validate();
  });

  it('rebuild keeps every proxy, balances the tree and tightens boxes', () => {
    const rand = mulberry32(31337);
    const tree = new DynamicTree();
    const model = new Model();
    churn(tree, model, rand, 5000, { v: 0 });
    const ratioBefore = tree.getAreaRatio();
    tree.rebuild();
    tree.validate();
    expect(tree.getProxyCount()).toBe(model.boxes.size);
    expect(tree.getHeight()).toBe(Math.ceil(Math.log2(model.boxes.size)));
    expect(tree.getAreaRatio()).toBeLessThan(ratioBefore * 1.5);
    const out = new IntBuffer();
    for (let q = 0; q < 50; q++) {
      const box = randomBox(rand, 1000, 100);
      out.clear();
      tree.query(box.minX, box.minY, box.maxX, box.maxY, out);
      expect(sortedContents(out)).toEqual(bruteQuery(model, box));
    }
    // the tree keeps working normally after a rebuild
    churn(tree, model, rand, 1000, { v: 100_000 });
    tree.validate();
    // degenerate input: all centres equal
    const same = new DynamicTree();
    for (let i = 0; i < 1000; i++) same.createProxy(0, 0, 1, 1, i);
    same.rebuild();
    same.validate();
  });

  it('masked queries equal brute force with category bits, through moves, category changes and a rebuild', () => {
    const rand = mulberry32(777);
    const tree = new DynamicTree();
    const boxes = new Map<number, Box>();
    const categories = new Map<number, number>();
    // Some leaves have no category at all: no mask finds them, the all-ones mask included (that query reads the
    // category at the leaves only).
    const randomCategory = (): number =>
      rand() < 0.05 ? 0 : ((1 << Math.floor(rand() * 4)) | (rand() < 0.1 ? 0x80000000 : 0)) >>> 0;
    for (let i = 0; i < 1500; i++) {
      const b = randomBox(rand);
      const c = randomCategory();
      const id = tree.createProxy(b.minX, b.minY, b.maxX, b.maxY, i, c);
      boxes.set(id, b);
      categories.set(id, c);
    }
    const out = new IntBuffer();
    const check = (): void => {
      tree.validate();
      for (let q = 0; q < 60; q++) {
        const box = randomBox(rand, 1000, 150);
        const mask = q % 6 === 0 ? 0xffffffff : q % 6 === 1 ? 0x80000000 : (1 + Math.floor(rand() * 15)) >>> 0;
        const expected: number[] = [];
        for (const [id, b] of boxes)
          if (overlaps(b, box) && (categories.get(id)! & mask) !== 0) expected.push(tree.getUserData(id));
        out.clear();
        tree.queryMasked(box.minX, box.minY, box.maxX, box.maxY, mask, out);
        expect(sortedContents(out)).toEqual(expected.sort((x, y) => x - y));
        const arr = new Float64Array([box.minX, box.minY, box.maxX, box.maxY]);
        out.clear();
        tree.queryBoxMasked(arr, 0, mask, out);
        expect(sortedContents(out)).toEqual(expected);
      }
      // A mask that shares no bit with any category finds nothing, wherever it looks.
      out.clear();
      tree.queryMasked(-1e6, -1e6, 1e6, 1e6, 0x100, out);
      expect(out.count).toBe(0);
    };
    check();
    const ids = [...boxes.keys()];
    for (let k = 0; k < 800; k++) {
      const id = ids[Math.floor(rand() * ids.length)];
      if (k % 2 === 0) {
        const b = randomBox(rand);
        tree.moveProxy(id, b.minX, b.minY, b.maxX, b.maxY);
        boxes.set(id, b);
      } else {
        const c = randomCategory();
        tree.setFilterBits(id, c);
        expect(tree.getCategoryBits(id)).toBe(c);
        categories.set(id, c);
      }
    }
    check();
    tree.rebuild();
    check();
  });

  it('handles an empty tree and a single proxy', () => {
    const tree = new DynamicTree();
    const out = new IntBuffer();
    tree.query(0, 0, 1, 1, out);
    tree.rayCast(0, 0, 1, 1, 1, out);
    expect(out.count).toBe(0);
    tree.validate();
    tree.rebuild();
    const id = tree.createProxy(0, 0, 1, 1, 42);
    expect(tree.getHeight()).toBe(0);
    tree.moveProxy(id, 5, 5, 6, 6);
    tree.query(5.5, 5.5, 5.5, 5.5, out);
    expect(sortedContents(out)).toEqual([42]);
    expect(tree.getUserData(id)).toBe(42);
    tree.destroyProxy(id);
    tree.validate();
    expect(tree.getProxyCount()).toBe(0);
  });

  it('IntBuffer grows by doubling and keeps its contents', () => {
    const buf = new IntBuffer(2);
    for (let i = 0; i < 100; i++) buf.push(i * 3);
    expect(buf.count).toBe(100);
    expect(buf.data.length).toBe(128);
    expect(buf.data[99]).toBe(297);
    buf.clear();
    expect(buf.count).toBe(0);
    expect(buf.data.length).toBe(128);
  });
});
