import {
  BodyType,
  TREE_MOVABLE,
  createContact,
  growI32,
  jointsAllowCollision,
  type PhysicsState,
} from '@impulse2d/core/internal';
import { PAIR_CHUNK_CAPACITY, findPairsChunk, pairChunkCount } from './find-pairs.js';
import { sortPairs } from './pair-sort.js';
import { JOB_PAIRS, runChunk } from './workers/job-control.js';
import { runParallel } from './workers/step-workers.js';

/**
 * Stage 1 — pair update. Every proxy that was created or re-inserted since the last step (the move buffer) queries the
 * trees with its fat box; overlapping shapes that should collide and have no contact yet become new contacts. Shapes
 * that did not move and overlapped the querier's previous box are left out by the query itself (they have their
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
  // Finalize grows moved proxies in place (cheap) instead of re-inserting them; once as many leaves were enlarged as
  // the tree holds, its inner boxes are loose enough that a full rebuild (median split) pays for itself.
  if (movable.enlargedSinceRebuild > movable.getProxyCount()) movable.rebuild();
  const entries = bp.moveBuffer.count;
  numberMoves(p);
  // Candidates in chunks of the move buffer (find-pairs.ts), on the world's workers when it has them; then, here
  // and in chunk order, the filters that call out of the broadphase (bodies, joints, the user's callback).
  const chunks = pairChunkCount(entries);
  bp.pairChunkOut = growI32(bp.pairChunkOut, chunks * 2 * PAIR_CHUNK_CAPACITY);
  bp.pairChunkCounts = growI32(bp.pairChunkCounts, chunks);
  if (!runParallel(p, JOB_PAIRS, chunks, entries)) findPairsChunks(p, chunks, entries);
  filterCandidates(p, chunks, entries);
  // The move buffer and the `moved` flags stay set until the narrowphase has used them (see updateContacts).

  const n = pairs.count >> 1;
  if (n === 0) return;
  sortPairs(pairs.data, n, p.shapes.capacityUsed);
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
 * Every chunk in this thread.
 * (A loop of its own so that its caller, with no long loop, is optimised normally: see prepareContacts.)
 */
function findPairsChunks(p: PhysicsState, chunks: number, entries: number): void {
  for (let k = 0; k < chunks; k++) runChunk(p, JOB_PAIRS, k, entries);
}

/** This thread's output for a chunk that found more candidates than its stretch holds (grown as needed). */
let overflowOut = new Int32Array(2 * 4 * PAIR_CHUNK_CAPACITY);

/**
 * The chunks' candidates, in chunk order, through the filters on bodies, joints and the user's callback, into
 * `newPairs`. A chunk that overflowed its stretch is searched again here with room enough.
 */
function filterCandidates(p: PhysicsState, chunks: number, entries: number): void {
  const bp = p.broadphase;
  for (let k = 0; k < chunks; k++) {
    const n = bp.pairChunkCounts[k]!;
    if (n >= 0) {
      filterPairs(p, bp.pairChunkOut, 2 * k * PAIR_CHUNK_CAPACITY, n);
      continue;
    }
    let m = findPairsChunk(p, k, entries, overflowOut, 0, overflowOut.length >> 1);
    while (m < 0) {
      overflowOut = new Int32Array(overflowOut.length * 2);
      m = findPairsChunk(p, k, entries, overflowOut, 0, overflowOut.length >> 1);
    }
    filterPairs(p, overflowOut, 0, m);
  }
}

/** Keeps the `count` candidate pairs at out[o…] that should collide and no joint keeps apart. */
function filterPairs(p: PhysicsState, out: Int32Array, o: number, count: number): void {
  const s = p.shapes;
  const pairs = p.broadphase.newPairs;
  for (let i = 0; i < count; i++) {
    const a = out[o + 2 * i]!;
    const b = out[o + 2 * i + 1]!;
    if (!shouldCollide(p, a, b)) continue;
    // A joint with collideConnected = false between the two bodies (checked for new pairs only).
    if (!jointsAllowCollision(p, s.body[a]!, s.body[b]!)) continue;
    pairs.push(a);
    pairs.push(b);
  }
}

/** Same body never; at least one dynamic body; the category/mask/group filter. */
export function shouldCollide(p: PhysicsState, a: number, b: number): boolean {
  const s = p.shapes;
  const bodyA = s.body[a]!;
  const bodyB = s.body[b]!;
  if (bodyA === bodyB) return false;
  const types = p.bodies.type;
  if (types[bodyA] !== BodyType.dynamic && types[bodyB] !== BodyType.dynamic) return false;
  const ga = s.groupIndex[a]!;
  if (ga !== 0 && ga === s.groupIndex[b]) return ga > 0;
  if ((s.categoryBits[a]! & s.maskBits[b]!) === 0 || (s.categoryBits[b]! & s.maskBits[a]!) === 0) return false;
  return p.pairFilter === null || p.pairFilter(p.bodies.handle[bodyA]!, p.bodies.handle[bodyB]!, a, b);
}
