import { columnList, type ColumnInfo } from '../storage/column-spec.js';
import { growI32 } from '../storage/grow.js';
import { CONTACT_COLUMNS } from '../state/contact-store.js';
import type { PhysicsState } from '../state/physics-state.js';

/**
 * A table of fewer rows than this is never compacted: its passes are short whatever its holes (and a small scene's
 * rows stay where they were created).
 */
const COMPACT_MIN_ROWS = 4096;

/** Scratch: each used row's new row, −1 for a free one. */
let newRow = new Int32Array(0);

/**
 * Packs the contact table once at least a fifth of its rows are free: the live rows move down, in their order, to rows
 * 0 to count − 1, so every pass over the table (the narrowphase, the colouring) reads only live rows. Why: a pile that
 * breaks up frees most of its rows, and new contacts, which take the lowest free row, fill only some of them: in
 * Box2D's smash scene 8,704 live contacts were spread over 46,595 rows, in every tenth of them, 250 steps in. A fifth,
 * not a half: the spinner's 24,486 live contacts in 37,121 rows (a third free) then get packed too, 3% off its step;
 * each packing costs a pass over the table, paid for by the fifth of its rows freed since the last one.
 *
 * A row keeps every per-row column (manifold, impulses, material, cache), its place in the contact list, its pair-set
 * entry and its links in both bodies' contact-edge lists, renumbered. The rows keep their order, so the colouring
 * (greedy in row order) and every pass in row order see the same contacts in the same order as before. The packing is
 * a function of the table alone: the same on every run and thread count, and after a snapshot restore (snapshots
 * store the table, its free rows included). Each part is one pass over the table, about 0.12 µs a row in all once V8
 * has optimised it (AMD EPYC, Node 20): smash packs 9 times in 300 steps, the first time (46,595 rows, before this
 * code is optimised) in 15 ms, then in 5.6 down to 1.2 ms, 38 ms in all, against about 1 ms that every step after
 * the first packing saves there. Call it only between stages, with no contact id held in any scratch.
 */
export function compactContacts(p: PhysicsState): void {
  const c = p.contacts;
  const used = c.capacityUsed;
  const count = c.count;
  // Fewer than a fifth of the rows free: left as they are.
  if (used < COMPACT_MIN_ROWS || 5 * count > 4 * used) return;
  newRow = growI32(newRow, used);
  const listIndex = c.listIndex;
  let n = 0;
  for (let id = 0; id < used; id++) newRow[id] = listIndex[id] === -1 ? -1 : n++;
  const store = c as unknown as Record<string, Float64Array | Int32Array | Uint8Array>;
  const columns = rowColumns();
  for (let k = 0; k < columns.length; k++) packColumn(store[columns[k].name], columns[k].width, newRow, used);
  // The rows left behind are free rows again (free rows have no flags and no list place).
  c.listIndex.fill(-1, count, used);
  c.flags.fill(0, count, used);
  c.pointCount.fill(0, count, used);
  renumberEdges(p, count);
  const list = c.list;
  for (let k = 0; k < count; k++) list[k] = newRow[list[k]];
  c.pairs.renumberAll(newRow, used);
  c.capacityUsed = count;
  c.freeCount = 0;
  c.version++;
}

/** The contact columns a row owns (indexed by contact id): all but the list and the free-row heap, indexed by place. */
function rowColumns(): readonly ColumnInfo[] {
  if (perRow === null) {
    perRow = columnList(CONTACT_COLUMNS).filter(
      (col) => col.rows === 'rows' && (col.snapshot === 'rows' || col.derived),
    );
  }
  return perRow;
}
let perRow: readonly ColumnInfo[] | null = null;

/** Moves each live row's `width` elements of `column` to its new row `to[row]` (rows only move down: front to back). */
function packColumn(column: Float64Array | Int32Array | Uint8Array, width: number, to: Int32Array, used: number): void {
  for (let id = 0; id < used; id++) {
    const r = to[id];
    if (r < 0 || r === id) continue;
    for (let j = 0; j < width; j++) column[r * width + j] = column[id * width + j];
  }
}

/**
 * The contact-edge links (edge = row · 2 + side) held by the packed rows and by the bodies' list heads, at the edges'
 * new places.
 */
function renumberEdges(p: PhysicsState, count: number): void {
  const c = p.contacts;
  const next = c.edgeNext;
  const prev = c.edgePrev;
  for (let e = 0; e < 2 * count; e++) {
    next[e] = edgeNow(next[e]);
    prev[e] = edgeNow(prev[e]);
  }
  const b = p.bodies;
  const head = b.contactHead;
  for (let k = 0; k < b.count; k++) {
    const eid = b.list[k];
    head[eid] = edgeNow(head[eid]);
  }
}

/** Edge `e` (row · 2 + side), or −1, at its row's new place. */
function edgeNow(e: number): number {
  return e === -1 ? -1 : newRow[e >> 1] * 2 + (e & 1);
}
