import { growI32 } from '../storage/grow.js';
import type { DynamicTree } from './dynamic-tree.js';
import type { IntBuffer } from '../storage/int-buffer.js';

/**
 * The pair search as one walk over two trees (or one tree against itself) instead of one query per moved proxy.
 *
 * A query per proxy walks from the root down to its neighbours every time: in a pile where nearly every body moved
 * (Box2D's spinner scene: 5,700 of 6,000 proxies re-inserted each step) that is the same upper levels walked thousands
 * of times, and every overlapping pair of moved proxies found twice. The join walks pairs of nodes instead: a pair
 * whose boxes overlap and of which at least one side holds a marked (moved) proxy is split into its children's pairs,
 * down to pairs of leaves. Each overlapping leaf pair is reached once, and the upper levels once per pair of subtrees.
 * (Bounding-volume "tree vs tree" traversal, as in collision detection of two meshes; here for broadphase pairs.)
 *
 * Node-pair stack: one join runs at a time on a thread.
 */
let stack = new Int32Array(256);

/**
 * Appends to `out` (as userData pairs, flattened) every pair of leaves, one of tree `a` and one of tree `b` (two of
 * `a` when `b` is `a`), that:
 *  - have overlapping boxes (boundaries count, as in the box queries),
 *  - include at least one leaf marked with markLeaf (marks of both trees read through markColumn),
 *  - each have a category the other's mask bits accept (createProxy); subtrees with no such pair are not entered,
 *  - are new since the last narrowphase: for a marked leaf whose shape (userData) has its box at the last narrowphase
 *    in `from[4 · slot[userData]…]` (minX = +∞ when unknown), pairs whose boxes overlapped then are left out: a marked
 *    leaf with an unmarked one whose box overlaps the marked one's previous box, or two marked leaves whose previous
 *    boxes overlap. Every such pair had its contact then, or was filtered out.
 * `moved[userData]` must be 1 exactly for the marked leaves. The order of the pairs is the walk's: sort them.
 */
export function joinNewOverlaps(
  a: DynamicTree,
  b: DynamicTree,
  moved: Uint8Array,
  slot: Int32Array,
  from: Float64Array,
  out: IntBuffer,
): void {
  walk(a, b, ROOTS, ROOTS, moved, slot, from, out, out, -1);
}

/**
 * The first part of joinNewOverlaps for several threads: the same walk, except that a pair of nodes whose heights
 * sum to at most `cut` is not entered but appended to `tasks` (its two nodes, flattened). The leaf pairs found above
 * the cut go to `out`. Walking each task with joinTask then finds the rest of joinNewOverlaps' pairs, each once; the
 * tasks share nothing, so they run on any thread in any order.
 */
export function planJoin(
  a: DynamicTree,
  b: DynamicTree,
  moved: Uint8Array,
  slot: Int32Array,
  from: Float64Array,
  out: IntBuffer,
  tasks: IntBuffer,
  cut: number,
): void {
  walk(a, b, ROOTS, ROOTS, moved, slot, from, out, tasks, cut);
}

/** The pairs below one task of planJoin (nodes `x` of `a` and `y` of `b`), appended to `out`. */
export function joinTask(
  a: DynamicTree,
  b: DynamicTree,
  x: number,
  y: number,
  moved: Uint8Array,
  slot: Int32Array,
  from: Float64Array,
  out: IntBuffer,
): void {
  walk(a, b, x, y, moved, slot, from, out, out, -1);
}

/** walk's "from the two roots" (for its first pair of nodes). */
const ROOTS = -1;

/**
 * The walk from the pair of nodes (x0 of `a`, y0 of `b`) down, or from the two roots (ROOTS) when their pair may hold
 * a pair of leaves to report. Pairs of nodes whose heights sum to `cut` or less go to `tasks` instead (never, with a
 * cut of −1).
 */
function walk(
  a: DynamicTree,
  b: DynamicTree,
  x0: number,
  y0: number,
  moved: Uint8Array,
  slot: Int32Array,
  from: Float64Array,
  out: IntBuffer,
  tasks: IntBuffer,
  cut: number,
): void {
  const boxA = a.queryColumn(0) as Float64Array;
  const nodeA = a.queryColumn(1) as Int32Array;
  const markA = a.markColumn();
  const maskA = a.maskColumn();
  const boxB = b.queryColumn(0) as Float64Array;
  const nodeB = b.queryColumn(1) as Int32Array;
  const markB = b.markColumn();
  const maskB = b.maskColumn();
  const heightA = a.heightColumn();
  const heightB = b.heightColumn();
  const self = a === b;
  if (x0 === ROOTS) {
    x0 = a.getRoot();
    y0 = b.getRoot();
    if (x0 === -1 || y0 === -1) return;
    // Node records are 4 wide in both columns (the stride is written as a literal `<< 2`: see DynamicTree.collect).
    const qa = x0 << 2,
      qb = y0 << 2;
    if (self) {
      if (markA[x0] === 0 || nodeA[qa] < 0 || (nodeA[qa + 3] & maskA[x0]) === 0) return;
    } else {
      if ((markA[x0] | markB[y0]) === 0) return;
      if ((nodeA[qa + 3] & maskB[y0]) === 0 || (nodeB[qb + 3] & maskA[x0]) === 0) return;
      if (
        boxA[qa] > boxB[qb + 2] ||
        boxA[qa + 2] < boxB[qb] ||
        boxA[qa + 1] > boxB[qb + 3] ||
        boxA[qa + 3] < boxB[qb + 1]
      )
        return;
    }
  }
  let st = stack;
  st[0] = x0;
  st[1] = y0;
  let sp = 2;
  while (sp > 0) {
    const y = st[--sp];
    const x = st[--sp];
    if (sp + 8 > st.length) st = stack = growI32(st, sp + 8);
    if (cut >= 0 && heightA[x] + heightB[y] <= cut) {
      tasks.push(x);
      tasks.push(y);
      continue;
    }
    const qx = x << 2,
      qy = y << 2;
    if (x === y && self) {
      // A marked inner node of the self join: pairs within each child, and between the two.
      const c1 = nodeA[qx],
        c2 = nodeA[qx + 1];
      const m1 = markA[c1],
        m2 = markA[c2];
      const r1 = c1 << 2,
        r2 = c2 << 2;
      if (m1 === 1 && nodeA[r1] >= 0 && (nodeA[r1 + 3] & maskA[c1]) !== 0) {
        st[sp++] = c1;
        st[sp++] = c1;
      }
      if (m2 === 1 && nodeA[r2] >= 0 && (nodeA[r2 + 3] & maskA[c2]) !== 0) {
        st[sp++] = c2;
        st[sp++] = c2;
      }
      if (
        (m1 | m2) !== 0 &&
        (nodeA[r1 + 3] & maskA[c2]) !== 0 &&
        (nodeA[r2 + 3] & maskA[c1]) !== 0 &&
        boxA[r1] <= boxA[r2 + 2] &&
        boxA[r1 + 2] >= boxA[r2] &&
        boxA[r1 + 1] <= boxA[r2 + 3] &&
        boxA[r1 + 3] >= boxA[r2 + 1]
      ) {
        st[sp++] = c1;
        st[sp++] = c2;
      }
      continue;
    }
    // Two disjoint subtrees whose boxes overlap, one of them marked.
    const leafX = nodeA[qx] < 0,
      leafY = nodeB[qy] < 0;
    if (leafX && leafY) {
      const ux = nodeA[qx + 2],
        uy = nodeB[qy + 2];
      if (moved[ux] === 1) {
        const i = slot[ux] << 2;
        if (moved[uy] === 1) {
          const j = slot[uy] << 2;
          if (
            from[i] <= from[j + 2] &&
            from[i + 2] >= from[j] &&
            from[i + 1] <= from[j + 3] &&
            from[i + 3] >= from[j + 1]
          )
            continue;
        } else if (
          boxB[qy] <= from[i + 2] &&
          boxB[qy + 2] >= from[i] &&
          boxB[qy + 1] <= from[i + 3] &&
          boxB[qy + 3] >= from[i + 1]
        )
          continue;
      } else {
        const j = slot[uy] << 2;
        if (
          boxA[qx] <= from[j + 2] &&
          boxA[qx + 2] >= from[j] &&
          boxA[qx + 1] <= from[j + 3] &&
          boxA[qx + 3] >= from[j + 1]
        )
          continue;
      }
      out.push(ux);
      out.push(uy);
      continue;
    }
    // A leaf against an inner node: the inner node's children that overlap the leaf. Written out for each side: one
    // loop over "the children, or the leaf itself" for all three cases ran 5% slower (spinner and tumbler, AMD EPYC).
    if (leafX) {
      const mx = markA[x];
      const cx = nodeA[qx + 3];
      const kx = maskA[x];
      for (let k = 1; k >= 0; k--) {
        const c = nodeB[qy + k];
        const r = c << 2;
        if (
          boxA[qx] <= boxB[r + 2] &&
          boxA[qx + 2] >= boxB[r] &&
          boxA[qx + 1] <= boxB[r + 3] &&
          boxA[qx + 3] >= boxB[r + 1] &&
          (mx | markB[c]) !== 0 &&
          (cx & maskB[c]) !== 0 &&
          (nodeB[r + 3] & kx) !== 0
        ) {
          st[sp++] = x;
          st[sp++] = c;
        }
      }
      continue;
    }
    if (leafY) {
      const my = markB[y];
      const cy = nodeB[qy + 3];
      const ky = maskB[y];
      for (let k = 1; k >= 0; k--) {
        const c = nodeA[qx + k];
        const r = c << 2;
        if (
          boxA[r] <= boxB[qy + 2] &&
          boxA[r + 2] >= boxB[qy] &&
          boxA[r + 1] <= boxB[qy + 3] &&
          boxA[r + 3] >= boxB[qy + 1] &&
          (markA[c] | my) !== 0 &&
          (nodeA[r + 3] & ky) !== 0 &&
          (cy & maskA[c]) !== 0
        ) {
          st[sp++] = c;
          st[sp++] = y;
        }
      }
      continue;
    }
    // Two inner nodes: the four pairs of their children (descending both at once saves a round through the stack).
    for (let i = 1; i >= 0; i--) {
      const c = nodeA[qx + i];
      const r = c << 2;
      const x0 = boxA[r],
        y0 = boxA[r + 1],
        x1 = boxA[r + 2],
        y1 = boxA[r + 3];
      const mc = markA[c];
      const cc = nodeA[r + 3];
      const kc = maskA[c];
      for (let k = 1; k >= 0; k--) {
        const d = nodeB[qy + k];
        const t = d << 2;
        if (
          x0 <= boxB[t + 2] &&
          x1 >= boxB[t] &&
          y0 <= boxB[t + 3] &&
          y1 >= boxB[t + 1] &&
          (mc | markB[d]) !== 0 &&
          (cc & maskB[d]) !== 0 &&
          (nodeB[t + 3] & kc) !== 0
        ) {
          st[sp++] = c;
          st[sp++] = d;
        }
      }
    }
  }
}
