import {
  BodyType,
  TREE_MOVABLE,
  TREE_STATIC,
  createContact,
  growI32,
  joinNewOverlaps,
  joinTask,
  jointsAllowCollision,
  planJoin,
  shapeHandle,
  type IntBuffer,
  type PhysicsState,
} from '@impulse2d/core/internal';
import { JOIN_TASK_CAPACITY, JOIN_TASK_STRIDE, hasContact, joinChunk } from './find-pairs.js';
import { sortPairs } from './pair-sort.js';
import { JOB_PAIRS } from './workers/job-control.js';
import { parallelThreads, runParallel, wakeWorkers } from './workers/step-workers.js';

/** Below this many moved proxies the pair search runs in one thread: its parts would be too small to share. */
const PARALLEL_MIN_MOVES = 256;
/** A tree is rebuilt once this many times as many leaves were enlarged in place as it holds (see updateBroadphase). */
const REBUILD_AFTER_ENLARGED = 8;
/** Tasks per thread the pair search is cut into: enough to even out tasks of unequal size. */
const JOIN_TASKS_PER_THREAD = 16;

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
  // Finalize enlarges moved proxies in place (cheap) instead of re-inserting them, and fits their ancestors around
  // them without reshaping the tree (growPending); once eight times as many leaves were enlarged as the tree holds,
  // siblings have drifted apart enough that a full rebuild (median split) pays for itself. Since growPending refits a
  // busy tree's boxes tight every step, the shape degrades slowly: twice as many (the rule while ancestors only
  // grew) rebuilt a spinner or smash pile every other step, and eight times ran 7-16% faster on smash, 2-5% on the
  // spinner and 2-4% on the tumbler, with the spinner's broadphase no slower after 1,200 steps (AMD EPYC). Sixteen
  // times gained nothing more on the spinner.
  if (movable.enlargedSinceRebuild > REBUILD_AFTER_ENLARGED * movable.getProxyCount()) movable.rebuild();
  const entries = bp.moveBuffer.count;
  // One join of the trees (tree-join.ts), which walks each overlapping pair of nodes once; with step workers, its
  // upper levels here and the subtrees below them as tasks on every thread. Both find the same set.
  const threads = entries >= PARALLEL_MIN_MOVES ? parallelThreads(p) : 1;
  // The join is the step's first job, and the workers have usually gone to sleep since the last step's: woken now,
  // they are watching for it by the time its upper levels are planned here, instead of waking after this thread has
  // taken most of its tasks.
  if (threads > 1) wakeWorkers(p);
  numberMoves(p);
  markMoves(p);
  if (threads > 1) joinInParallel(p, threads);
  else joinTrees(p);
  bp.trees[TREE_MOVABLE].clearMarks();
  bp.trees[TREE_STATIC].clearMarks();
  // The move buffer and the `moved` flags stay set until the narrowphase has used them (see updateContacts).

  let n = pairs.count >> 1;
  if (n === 0) return;
  // Sorted before the filters, so that the user's callback sees the pairs in the same order however they were found.
  sortPairs(pairs.data, n, p.shapes.capacityUsed);
  n = filterPairs(p, pairs.data, n);
  pairs.count = 2 * n;
  const data = pairs.data;
  bp.touched = p.contacts.pairs.touch(data, n);
  for (let i = 0; i < n; i++) createContact(p, data[2 * i], data[2 * i + 1]);
}

/** moveSlot[shape] = its entry in the move buffer, for every shape in it (read by the pair search). */
function numberMoves(p: PhysicsState): void {
  const bp = p.broadphase;
  const moveBuffer = bp.moveBuffer;
  if (bp.moveSlot.length < p.shapes.capacityUsed) bp.moveSlot = new Int32Array(p.shapes.capacityUsed * 2);
  const slot = bp.moveSlot;
  for (let i = 0; i < moveBuffer.count; i++) slot[moveBuffer.data[i]] = i;
}

/** Marks the proxies in the move buffer in their trees, for the join. */
function markMoves(p: PhysicsState): void {
  const bp = p.broadphase;
  const s = p.shapes;
  const moveBuffer = bp.moveBuffer;
  for (let i = 0; i < moveBuffer.count; i++) {
    const q = moveBuffer.data[i];
    const proxy = s.proxy[q];
    if (proxy !== -1) bp.trees[s.tree[q]].markLeaf(proxy);
  }
}

/** The candidates in one thread: the movable tree joined with itself and with the static tree. */
function joinTrees(p: PhysicsState): void {
  const bp = p.broadphase;
  const s = p.shapes;
  const movable = bp.trees[TREE_MOVABLE];
  const found = bp.queryResults;
  found.clear();
  joinNewOverlaps(movable, movable, s.moved, bp.moveSlot, bp.moveFrom, found);
  joinNewOverlaps(movable, bp.trees[TREE_STATIC], s.moved, bp.moveSlot, bp.moveFrom, found);
  keepNew(p, found);
}

/**
 * The candidates on `threads` threads: the join's upper levels here, down to pairs of subtrees small enough that
 * there are some JOIN_TASKS_PER_THREAD of them a thread; those are the tasks of one job, each written to its own
 * stretch of pairChunkOut. The tasks' output is read in task order (a task that overflowed its stretch is walked again
 * here), though any order would do: the pairs are sorted next.
 */
function joinInParallel(p: PhysicsState, threads: number): void {
  const bp = p.broadphase;
  const s = p.shapes;
  const movable = bp.trees[TREE_MOVABLE];
  const stat = bp.trees[TREE_STATIC];
  // A node pair at depth d sums the heights of two nodes of height about H − d, and there are about 2^d such pairs.
  const depth = 32 - Math.clz32(JOIN_TASKS_PER_THREAD * threads - 1);
  const cut = Math.max(0, 2 * (movable.getHeight() - depth));
  const found = bp.queryResults;
  found.clear();
  const plan = bp.joinPlan;
  plan.clear();
  planJoin(movable, movable, s.moved, bp.moveSlot, bp.moveFrom, found, plan, cut);
  const selfTasks = plan.count >> 1;
  planJoin(movable, stat, s.moved, bp.moveSlot, bp.moveFrom, found, plan, cut);
  keepNew(p, found);
  const tasks = plan.count >> 1;
  if (tasks === 0) return;
  bp.joinTasks = growI32(bp.joinTasks, tasks * JOIN_TASK_STRIDE);
  const t = bp.joinTasks;
  for (let k = 0; k < tasks; k++) {
    t[k * JOIN_TASK_STRIDE] = plan.data[2 * k];
    t[k * JOIN_TASK_STRIDE + 1] = plan.data[2 * k + 1];
    t[k * JOIN_TASK_STRIDE + 2] = k < selfTasks ? TREE_MOVABLE : TREE_STATIC;
  }
  bp.pairChunkOut = growI32(bp.pairChunkOut, tasks * 2 * JOIN_TASK_CAPACITY);
  bp.pairChunkCounts = growI32(bp.pairChunkCounts, tasks);
  if (!runParallel(p, JOB_PAIRS, tasks, 0)) {
    for (let k = 0; k < tasks; k++) {
      bp.pairChunkCounts[k] = joinChunk(p, k, bp.pairChunkOut, 2 * k * JOIN_TASK_CAPACITY, JOIN_TASK_CAPACITY);
    }
  }
  const pairs = bp.newPairs;
  for (let k = 0; k < tasks; k++) {
    const n = bp.pairChunkCounts[k];
    if (n >= 0) {
      const out = bp.pairChunkOut;
      const o = 2 * k * JOIN_TASK_CAPACITY;
      for (let i = 0; i < 2 * n; i++) pairs.push(out[o + i]);
      continue;
    }
    // More than its stretch holds (the first step of a scene, when every pair is new): walked again, unbounded.
    bp.joinTasksRedone++;
    found.clear();
    joinTask(
      movable,
      t[k * JOIN_TASK_STRIDE + 2] === TREE_MOVABLE ? movable : stat,
      t[k * JOIN_TASK_STRIDE],
      t[k * JOIN_TASK_STRIDE + 1],
      s.moved,
      bp.moveSlot,
      bp.moveFrom,
      found,
    );
    keepNew(p, found);
  }
}

/** Of the pairs in `found` (as the join reports them), those that have no contact yet go to newPairs, smaller id first. */
function keepNew(p: PhysicsState, found: IntBuffer): void {
  const data = found.data;
  const pairs = p.broadphase.newPairs;
  for (let k = 0; k < found.count; k += 2) {
    const x = data[k];
    const y = data[k + 1];
    const a = x < y ? x : y;
    const b = x < y ? y : x;
    if (hasContact(p, a, b)) continue;
    pairs.push(a);
    pairs.push(b);
  }
}

/**
 * Keeps, in place and in order, the first `count` pairs of `data` that should collide and that no joint keeps apart;
 * returns how many.
 */
function filterPairs(p: PhysicsState, data: Int32Array, count: number): number {
  const s = p.shapes;
  let n = 0;
  for (let i = 0; i < count; i++) {
    const a = data[2 * i];
    const b = data[2 * i + 1];
    if (!shouldCollide(p, a, b)) continue;
    // A joint with collideConnected = false between the two bodies (checked for new pairs only).
    if (!jointsAllowCollision(p, s.body[a], s.body[b])) continue;
    data[2 * n] = a;
    data[2 * n + 1] = b;
    n++;
  }
  return n;
}

/**
 * Same body never; at least one dynamic body; the category/mask/group filter (a shape of category 0 pairs with
 * nothing, its positive group included: the trees never report it to the pair search); a sensor switched off pairs
 * with nothing (its proxy's pair mask is 0: see pairMaskBits).
 */
export function shouldCollide(p: PhysicsState, a: number, b: number): boolean {
  const s = p.shapes;
  const bodyA = s.body[a];
  const bodyB = s.body[b];
  if (bodyA === bodyB || s.sensorDisabled[a] === 1 || s.sensorDisabled[b] === 1) return false;
  const types = p.bodies.type;
  if (types[bodyA] !== BodyType.dynamic && types[bodyB] !== BodyType.dynamic) return false;
  const ga = s.groupIndex[a];
  if (ga !== 0 && ga === s.groupIndex[b]) return ga > 0 && s.categoryBits[a] !== 0 && s.categoryBits[b] !== 0;
  if ((s.categoryBits[a] & s.maskBits[b]) === 0 || (s.categoryBits[b] & s.maskBits[a]) === 0) return false;
  const filter = p.pairFilter;
  return (
    filter === null || filter(p.bodies.handle[bodyA], p.bodies.handle[bodyB], shapeHandle(s, a), shapeHandle(s, b))
  );
}
