import { TREE_MOVABLE, TREE_STATIC, type DynamicTree, type IntBuffer, type PairSet } from '@impulse2d/core/internal';

/**
 * Move-buffer entries in one pair-finding chunk: the unit a thread takes. Candidate pairs of a chunk go to its own
 * stretch of the output, PAIR_CHUNK_CAPACITY pairs long; a chunk that finds more is redone by the caller alone.
 */
export const PAIR_CHUNK = 32;
export const PAIR_CHUNK_CAPACITY = 8 * PAIR_CHUNK;

/** What the pair search reads: a PhysicsState, or a worker thread's view of the same columns. */
export interface PairsState {
  readonly broadphase: {
    readonly trees: readonly DynamicTree[];
    readonly moveBuffer: IntBuffer;
    readonly moveFrom: Float64Array;
    readonly moveSlot: Int32Array;
    /** This thread's query scratch. */
    readonly queryResults: IntBuffer;
  };
  readonly shapes: {
    readonly proxy: Int32Array;
    readonly tree: Uint8Array;
    readonly groupIndex: Int32Array;
    readonly maskBits: Uint32Array;
    readonly moved: Uint8Array;
  };
  readonly contacts: { readonly pairs: PairSet };
}

/** Number of chunks that cover `entries` move-buffer entries. */
export function pairChunkCount(entries: number): number {
  return Math.ceil(entries / PAIR_CHUNK);
}

/**
 * Scratch of the querying proxy: its fat box, then the box it had at the last narrowphase (an array: doubles passed
 * to calls V8 does not inline are boxed). One per thread.
 */
const queryBox = new Float64Array(8);

/**
 * Candidate pairs of chunk `k` of the move buffer (its first `entries` entries): every moved proxy queries the
 * movable tree, and movable ones the static tree too. A candidate is a pair the query found that has no contact
 * yet; shapes that did not move and overlapped the querier's previous box are left out by the query itself (they
 * have their contact already or were filtered out), and a pair of two moved proxies is kept from one side only.
 * What the filters on bodies, joints and the user's callback decide is left to the caller, in one thread.
 *
 * Writes the pairs (smaller shape id first) to `out[base…]` and returns their number, or -1 when there are more than
 * `capacity`. Reads only; so chunks run on any thread in any order.
 */
export function findPairsChunk(
  v: PairsState,
  k: number,
  entries: number,
  out: Int32Array,
  base: number,
  capacity: number,
): number {
  const bp = v.broadphase;
  const s = v.shapes;
  const moveBuffer = bp.moveBuffer.data;
  const from = bp.moveFrom;
  const movable = bp.trees[TREE_MOVABLE]!;
  const stat = bp.trees[TREE_STATIC]!;
  const end = Math.min(entries, (k + 1) * PAIR_CHUNK);
  let n = 0;
  for (let i = k * PAIR_CHUNK; i < end && n >= 0; i++) {
    const q = moveBuffer[i]!;
    const proxy = s.proxy[q]!;
    if (proxy === -1) continue;
    const tree = bp.trees[s.tree[q]!]!;
    tree.copyBox(proxy, queryBox, 0);
    queryBox[4] = from[i * 4]!;
    queryBox[5] = from[i * 4 + 1]!;
    queryBox[6] = from[i * 4 + 2]!;
    queryBox[7] = from[i * 4 + 3]!;
    n = candidates(v, q, movable, out, base, n, capacity);
    if (s.tree[q] === TREE_MOVABLE && n >= 0) n = candidates(v, q, stat, out, base, n, capacity);
  }
  return n;
}

/**
 * Appends the candidates of shape `q` (box in queryBox) against `tree` at out[base + 2n…]; the new count, or -1
 * past `capacity`.
 */
function candidates(
  v: PairsState,
  q: number,
  tree: DynamicTree,
  out: Int32Array,
  base: number,
  count: number,
  capacity: number,
): number {
  const bp = v.broadphase;
  const results = bp.queryResults;
  results.clear();
  const s = v.shapes;
  // Only shapes whose category q's mask accepts can pair with q, so the tree skips subtrees holding none of them.
  // A positive group index overrides the masks (same group: always collide), so such shapes query unmasked.
  const mask = s.groupIndex[q]! > 0 ? -1 : s.maskBits[q]! | 0;
  tree.queryNewOverlaps(queryBox, 0, mask, s.moved, results);
  const data = results.data;
  let n = count;
  for (let k = 0; k < results.count; k++) {
    const other = data[k]!;
    if (other === q) continue;
    if (s.moved[other] === 1) {
      // Both moved: the pair is found from both sides; keep the one found by the larger id.
      if (other < q) continue;
      // Their boxes at the last narrowphase overlapped (each minX is +∞ when unknown): the pair has its contact.
      const j = bp.moveSlot[other]! * 4;
      const from = bp.moveFrom;
      if (
        from[j]! <= queryBox[6]! &&
        from[j + 2]! >= queryBox[4]! &&
        from[j + 1]! <= queryBox[7]! &&
        from[j + 3]! >= queryBox[5]!
      )
        continue;
    }
    const a = q < other ? q : other;
    const b = q < other ? other : q;
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
    (moved[a] === 0 || from[slot[a]! * 4] !== Infinity) && (moved[b] === 0 || from[slot[b]! * 4] !== Infinity);
  return !known && v.contacts.pairs.get(a, b) !== -1;
}
