import { INITIAL_ROWS, type ColumnSpec } from '../storage/column-spec.js';
import { columnStore, growColumns } from '../storage/column-store.js';
import { DynamicTree, IntBuffer } from './dynamic-tree.js';

/** Tree ids: static shapes never move, so they sit in their own tree that dynamic proxies query but never rebuild. */
export const TREE_STATIC = 0;
export const TREE_MOVABLE = 1;

/** The broadphase's columns (see storage/column-spec.ts for what an entry drives); the trees hold their own. */
export const BROADPHASE_COLUMNS = {
  /**
   * Per move-buffer entry (4 floats: minX, minY, maxX, maxY): the fat box the proxy had at the last narrowphase, or
   * minX = +∞ when there is none to go by (a new proxy, or one whose contacts were destroyed or whose filter
   * changed). Every pair of proxies whose fat boxes overlapped then has a contact or was filtered out, so the pair
   * update skips the candidates that overlapped that box and did not move themselves (see shape-proxy.ts).
   */
  moveFrom: { type: 'f64', width: 4, rows: 'moves', snapshot: 'moves', shared: true },
  /** Scratch of the pair update, by shape id: the move-buffer entry of each shape in the buffer. */
  moveSlot: { type: 'i32', length: 64, shared: true },
  /** The join's tasks for the threads, three numbers each (systems' find-pairs.ts). */
  joinTasks: { type: 'i32', length: 0, shared: true },
  /**
   * Scratch of the pair search's tasks (systems' find-pairs.ts), written by whichever thread runs a chunk: per chunk,
   * its candidate pairs.
   */
  pairChunkOut: { type: 'i32', length: 0, shared: true },
  /** The same chunks' pair counts. */
  pairChunkCounts: { type: 'i32', length: 0, shared: true },
} as const satisfies ColumnSpec<'moves', 'moves'>;

/**
 * Broadphase state of one world: two AABB trees of fat boxes (static / kinematic+dynamic), the buffer of proxies that
 * moved (or were created) since the last pair update with the box each had before, and scratch for the pairs found.
 */
export class BroadPhase extends columnStore(BROADPHASE_COLUMNS) {
  readonly trees: [DynamicTree, DynamicTree] = [new DynamicTree(), new DynamicTree()];
  /** Shape ids whose proxies were created or re-inserted since the last update (in the order that happened). */
  readonly moveBuffer = new IntBuffer();
  /** Scratch: tree query results (shape ids). */
  readonly queryResults = new IntBuffer();
  /** Scratch: new pairs found this update, as (shapeA, shapeB) with shapeA < shapeB, flattened. */
  readonly newPairs = new IntBuffer();
  /** Scratch of the pair search on several threads: the join's tasks as planJoin lists them (tree-join.ts). */
  readonly joinPlan = new IntBuffer();
  /** Tasks whose pairs overflowed their stretch of pairChunkOut and were walked again in one thread, ever (for tests). */
  joinTasksRedone = 0;
  /** What the pair set's touch read before the new pairs were added: kept only so that the reads are not dropped. */
  touched = 0;
  /** Move-buffer entries moveFrom holds. */
  private moveCapacity = INITIAL_ROWS;

  /** Makes room in moveFrom for `entries` move-buffer entries. */
  reserveMoveFrom(entries: number): void {
    if (entries > this.moveCapacity) this.moveCapacity = growColumns(this, BROADPHASE_COLUMNS, 'moves', entries);
  }
}
