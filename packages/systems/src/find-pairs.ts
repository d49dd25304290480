import { TREE_MOVABLE, joinTask, type DynamicTree, type IntBuffer, type PairSet } from '@impulse2d/core/internal';

/**
 * Candidate pairs one task of the pair search may write to its own stretch of the output; a task that finds more is
 * walked again by the caller alone. (A step finds new pairs only where boxes newly overlap: in the spinner scene,
 * 1,400 a step over some 60 tasks.)
 */
export const JOIN_TASK_CAPACITY = 512;

/** What the pair search reads: a PhysicsState, or a worker thread's view of the same columns. */
export interface PairsState {
  readonly broadphase: {
    readonly trees: readonly DynamicTree[];
    readonly moveFrom: Float64Array;
    readonly moveSlot: Int32Array;
    /** The join's tasks (tree-join.ts planJoin), three numbers each: a node of the movable tree, a node of the tree given third. */
    readonly joinTasks: Int32Array;
    /** This thread's scratch for the pairs a task finds. */
    readonly queryResults: IntBuffer;
  };
  readonly shapes: { readonly moved: Uint8Array };
  readonly contacts: { readonly pairs: PairSet };
}

/** Numbers per task in `joinTasks`. */
export const JOIN_TASK_STRIDE = 3;

/**
 * Task `k` of the pair search: the pairs of leaves below its two nodes that the join reports (tree-join.ts), without
 * those that have their contact already (hasContact), written to `out[base…]` as (smaller shape id, larger). Returns
 * their number, or -1 when there are more than `capacity`. Reads only; so tasks run on any thread in any order.
 */
export function joinChunk(v: PairsState, k: number, out: Int32Array, base: number, capacity: number): number {
  const bp = v.broadphase;
  const tasks = bp.joinTasks;
  const o = k * JOIN_TASK_STRIDE;
  const found = bp.queryResults;
  found.clear();
  const movable = bp.trees[TREE_MOVABLE];
  joinTask(movable, bp.trees[tasks[o + 2]], tasks[o], tasks[o + 1], v.shapes.moved, bp.moveSlot, bp.moveFrom, found);
  const data = found.data;
  let n = 0;
  for (let i = 0; i < found.count; i += 2) {
    const x = data[i];
    const y = data[i + 1];
    const a = x < y ? x : y;
    const b = x < y ? y : x;
    if (hasContact(v, a, b)) continue;
    if (n === capacity) return -1;
    out[base + 2 * n] = a;
    out[base + 2 * n + 1] = b;
    n++;
  }
  return n;
}

/**
 * Whether a pair the search found overlapping now, and not overlapping at the last narrowphase as far as it knows,
 * has its contact all the same. With both boxes at the last narrowphase known (a moved shape's minX is +∞ when not:
 * a new proxy, or a change that may have left overlapping pairs without their contacts; see bufferMove), the search
 * left out every pair whose boxes overlapped then, and only those can have a contact: after each narrowphase every
 * contact's fat boxes overlap (it destroys those whose boxes parted, and the changes that destroy contacts otherwise
 * queue their shapes without a known box). So only a pair with an unknown box is looked up (in a tumbling pile,
 * 1,085 lookups a step that never found a contact, each a cache miss in the pair table).
 */
export function hasContact(v: PairsState, a: number, b: number): boolean {
  const moved = v.shapes.moved;
  const slot = v.broadphase.moveSlot;
  const from = v.broadphase.moveFrom;
  const known =
    (moved[a] === 0 || from[slot[a] * 4] !== Infinity) && (moved[b] === 0 || from[slot[b] * 4] !== Infinity);
  return !known && v.contacts.pairs.get(a, b) !== -1;
}
