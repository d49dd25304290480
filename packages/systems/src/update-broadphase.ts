import {
  BodyType,
  TREE_MOVABLE,
  TREE_STATIC,
  createContact,
  growI32,
  joinNewOverlaps,
  jointsAllowCollision,
  type IntBuffer,
  type PhysicsState,
} from '@impulse2d/core/internal';
import { PAIR_CHUNK_CAPACITY, findPairsChunk, hasContact, pairChunkCount } from './find-pairs.js';
import { sortPairs } from './pair-sort.js';
import { JOB_PAIRS } from './workers/job-control.js';
import { runParallel } from './workers/step-workers.js';

/**
 * Stage 1 — pair update. Every proxy that was created or re-inserted since the last step (the move buffer) is looked
 * up against the trees with its fat box; overlapping shapes that should collide and have no contact yet become new
 * contacts. Pairs whose boxes overlapped at the last narrowphase are left out by the search itself (they have their
 * contact already or were filtered out).
 * Proxies that stayed inside their fat boxes cost nothing here, which is what makes resting stacks cheap. The
 * narrowphase clears the move buffer after it, as it also needs to know which proxies moved.
 *
 * New pairs are sorted by shape ids before contacts are created, so the contact order (and with it the solver order)
 * depends only on the inputs, never on tree shape or traversal order.
 */
export function updateBroadphase(p: PhysicsState): void {
  const bp = p.broadphase;
  const pairs = bp.newPairs;
  pairs.clear();
  const movable = bp.trees[TREE_MOVABLE];
  // Finalize grows moved proxies in place (cheap) instead of re-inserting them; once twice as many leaves were enlarged
  // as the tree holds, its inner boxes are loose enough that a full rebuild (median split) pays for itself. (Once as
  // many: 2-5% more time in total on the tumbler and smash scenes, AMD EPYC; the pair join minds loose boxes less
  // than a query per proxy did.)
  if (movable.enlargedSinceRebuild > 2 * movable.getProxyCount()) movable.rebuild();
  const entries = bp.moveBuffer.count;
  numberMoves(p);
  // Candidates: on the world's workers, one query per moved proxy in chunks of the move buffer (find-pairs.ts); in
  // one thread, one join of the trees (tree-join.ts), which walks each overlapping pair once. Both find the same set.
  const chunks = pairChunkCount(entries);
  bp.pairChunkOut = growI32(bp.pairChunkOut, chunks * 2 * PAIR_CHUNK_CAPACITY);
  bp.pairChunkCounts = growI32(bp.pairChunkCounts, chunks);
  if (runParallel(p, JOB_PAIRS, chunks, entries)) gatherChunks(p, chunks, entries);
  else joinTrees(p);
  // The move buffer and the `moved` flags stay set until the narrowphase has used them (see updateContacts).

  let n = pairs.count >> 1;
  if (n === 0) return;
  // Sorted before the filters, so that the user's callback sees the pairs in the same order however they were found.
  sortPairs(pairs.data, n, p.shapes.capacityUsed);
  n = filterPairs(p, pairs.data, n);
  pairs.count = 2 * n;
  const data = pairs.data;
  bp.touched = p.contacts.pairs.touch(data, n);
  for (let i = 0; i < n; i++) createContact(p, data[2 * i]!, data[2 * i + 1]!);
}

/** moveSlot[shape] = its entry in the move buffer, for every shape in it (read by the pair search). */
function numberMoves(p: PhysicsState): void {
  const bp = p.broadphase;
  const moveBuffer = bp.moveBuffer;
  if (bp.moveSlot.length < p.shapes.capacityUsed) bp.moveSlot = new Int32Array(p.shapes.capacityUsed * 2);
  const slot = bp.moveSlot;
  for (let i = 0; i < moveBuffer.count; i++) slot[moveBuffer.data[i]!] = i;
}

/**
 * The candidates in one thread: moved proxies are marked in their trees, the movable tree is joined with itself and
 * with the static tree, and of the pairs found (new since the last narrowphase) those that may already have their
 * contact are looked up (hasContact).
 */
function joinTrees(p: PhysicsState): void {
  const bp = p.broadphase;
  const s = p.shapes;
  const moveBuffer = bp.moveBuffer;
  const movable = bp.trees[TREE_MOVABLE];
  const stat = bp.trees[TREE_STATIC];
  for (let i = 0; i < moveBuffer.count; i++) {
    const q = moveBuffer.data[i]!;
    const proxy = s.proxy[q]!;
    if (proxy !== -1) bp.trees[s.tree[q]!].markLeaf(proxy);
  }
  const found = bp.queryResults;
  found.clear();
  joinNewOverlaps(movable, movable, s.moved, bp.moveSlot, bp.moveFrom, found);
  joinNewOverlaps(movable, stat, s.moved, bp.moveSlot, bp.moveFrom, found);
  movable.clearMarks();
  stat.clearMarks();
  const data = found.data;
  const pairs = bp.newPairs;
  for (let k = 0; k < found.count; k += 2) {
    const x = data[k]!;
    const y = data[k + 1]!;
    const a = x < y ? x : y;
    const b = x < y ? y : x;
    if (hasContact(p, a, b)) continue;
    pairs.push(a);
    pairs.push(b);
  }
}

/** This thread's output for a chunk that found more candidates than its stretch holds (grown as needed). */
let overflowOut = new Int32Array(2 * 4 * PAIR_CHUNK_CAPACITY);

/**
 * The chunks' candidates, in chunk order, into `newPairs`. A chunk that overflowed its stretch is searched again here
 * with room enough.
 */
function gatherChunks(p: PhysicsState, chunks: number, entries: number): void {
  const bp = p.broadphase;
  for (let k = 0; k < chunks; k++) {
    const n = bp.pairChunkCounts[k]!;
    if (n >= 0) {
      appendPairs(bp.newPairs, bp.pairChunkOut, 2 * k * PAIR_CHUNK_CAPACITY, n);
      continue;
    }
    let m = findPairsChunk(p, k, entries, overflowOut, 0, overflowOut.length >> 1);
    while (m < 0) {
      overflowOut = new Int32Array(overflowOut.length * 2);
      m = findPairsChunk(p, k, entries, overflowOut, 0, overflowOut.length >> 1);
    }
    appendPairs(bp.newPairs, overflowOut, 0, m);
  }
}

function appendPairs(pairs: IntBuffer, out: Int32Array, o: number, count: number): void {
  for (let i = 0; i < 2 * count; i++) pairs.push(out[o + i]!);
}

/**
 * Keeps, in place and in order, the first `count` pairs of `data` that should collide and that no joint keeps apart;
 * returns how many.
 */
function filterPairs(p: PhysicsState, data: Int32Array, count: number): number {
  const s = p.shapes;
  let n = 0;
  for (let i = 0; i < count; i++) {
    const a = data[2 * i]!;
    const b = data[2 * i + 1]!;
    if (!shouldCollide(p, a, b)) continue;
    // A joint with collideConnected = false between the two bodies (checked for new pairs only).
    if (!jointsAllowCollision(p, s.body[a]!, s.body[b]!)) continue;
    data[2 * n] = a;
    data[2 * n + 1] = b;
    n++;
  }
  return n;
}

/**
 * Same body never; at least one dynamic body; the category/mask/group filter (a shape of category 0 pairs with
 * nothing, its positive group included: the trees never report it to the pair search).
 */
export function shouldCollide(p: PhysicsState, a: number, b: number): boolean {
  const s = p.shapes;
  const bodyA = s.body[a]!;
  const bodyB = s.body[b]!;
  if (bodyA === bodyB) return false;
  const types = p.bodies.type;
  if (types[bodyA] !== BodyType.dynamic && types[bodyB] !== BodyType.dynamic) return false;
  const ga = s.groupIndex[a]!;
  if (ga !== 0 && ga === s.groupIndex[b]) return ga > 0 && s.categoryBits[a] !== 0 && s.categoryBits[b] !== 0;
  if ((s.categoryBits[a]! & s.maskBits[b]!) === 0 || (s.categoryBits[b]! & s.maskBits[a]!) === 0) return false;
  return p.pairFilter === null || p.pairFilter(p.bodies.handle[bodyA]!, p.bodies.handle[bodyB]!, a, b);
}
