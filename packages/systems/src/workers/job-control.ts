import { collideChunk, type CollideState } from '../collide-contacts.js';
import { JOIN_TASK_CAPACITY, joinChunk, type PairsState } from '../find-pairs.js';
import { solveRange, type SolveState } from '../solve-range.js';
import type { SolverPassId } from '../solver-pass.js';

/** What a job reads and writes: the world's state on the main thread, a worker's view of its columns elsewhere. */
export type StepView = CollideState &
  PairsState &
  SolveState & {
    readonly broadphase: { readonly pairChunkOut: Int32Array; readonly pairChunkCounts: Int32Array };
  };

/**
 * The control block the main thread and its step workers share (an Int32Array on a SharedArrayBuffer), and the
 * chunk-claiming loop both sides run.
 *
 * A job is a number of chunks. The main thread writes the job's parameters and opens each chunk's claim word (in the
 * upper half of the shared chunkDone array: ~gen, see openClaims), then bumps GEN (the job counter) and wakes the
 * workers; every thread, the main one included, claims chunks until none is left, and the main thread waits until
 * DONE counts all of them. A claim turns a chunk's word from ~gen to gen. A worker that wakes late for a job that is
 * already over finds no word still holding that job's ~gen (every chunk of a finished job was claimed), so it claims
 * nothing.
 *
 * The main thread claims from the first chunk up, the workers from the last one down (runChunks). Every job is cut
 * the same way each step (contact rows, colour by colour; body states; table rows), so each thread keeps taking the
 * same end of it, and the bodies and rows of that end stay in its core's cache. With one counter shared by all,
 * which chunk a thread got was a race, and the bodies of the next colour's chunk were mostly in the other core's
 * cache: two threads on a 2-vCPU AMD EPYC spent 9% (large_pyramid) to 15% (tumbler) longer in the solver.
 */
export const GEN = 0;
export const DONE = 1;
/** Workers that took the columns of a JOB_SYNC. */
export const ACK = 2;
/** Set by a worker whose chunk threw. */
export const FAILED = 3;
/**
 * Workers blocked (or about to block) in Atomics.wait on GEN. The main thread wakes them only when this is not 0:
 * a notify costs a lock even with no one waiting, and solver jobs come some microseconds apart. A worker counts
 * itself before it waits on GEN's old value, so a job published meanwhile either sees it counted or ends its wait.
 */
export const SLEEPERS = 4;
/**
 * Two parameter slots (kind, chunks, rows, the pair table's mask, a solver job's block), by GEN's parity: the next
 * job's parameters go to the other slot, so a worker that reads its job's slot and then finds GEN unchanged has read
 * one job's parameters, never a mix.
 */
export const PARAMS = 8;
export const KIND = 0;
export const CHUNKS = KIND + 1;
export const ROWS = CHUNKS + 1;
/** The pair table's index mask, which changes when it grows (read by JOB_PAIRS). */
export const PAIR_MASK = ROWS + 1;
/**
 * A JOB_SOLVE's block of solver work (solve-range.ts solveRange), one field a slot: its pass (solver-pass.ts
 * SolverPass), the graph colour of its rows (NO_COLOUR for none), its direction (1: last row first) and its first and
 * end row. Its chunks split those rows.
 */
export const PASS = PAIR_MASK + 1;
export const COLOUR = PASS + 1;
export const REVERSE = COLOUR + 1;
export const FIRST = REVERSE + 1;
export const END = FIRST + 1;
export const PARAM_SLOT = END + 1;
export const CONTROL_LENGTH = PARAMS + 2 * PARAM_SLOT;
/** Job kinds. JOB_SYNC makes each worker return to its event loop for a message with new columns, then ACK. */
export const JOB_SYNC = 1;
export const JOB_COLLIDE = 2;
export const JOB_PAIRS = 3;
export const JOB_SOLVE = 4;

/** Words of a chunkDone array with room for `chunks` chunks: each chunk's finished job, then its claim word. */
export function chunkDoneWords(chunks: number): number {
  return 2 * chunks;
}

/** Claim words of a chunkDone array of `length` words: its upper half (chunkDone[k] holds chunk k's finished job). */
export function claimBase(length: number): number {
  return length >> 1;
}

/**
 * Opens the `chunks` claim words of job `gen` (before the job is published: its store to GEN makes these visible). ~gen
 * is never gen, and no other job writes it.
 */
export function openClaims(chunkDone: Int32Array, gen: number, chunks: number): void {
  const base = claimBase(chunkDone.length);
  const open = ~gen;
  for (let k = 0; k < chunks; k++) chunkDone[base + k] = open;
}

/** Claims chunk k of job `gen` for this thread: false if another thread has it, or job `gen` is over. */
export function claimChunk(chunkDone: Int32Array, k: number, gen: number): boolean {
  const at = claimBase(chunkDone.length) + k;
  const open = ~gen;
  // Read before the exchange: a worker passes the main thread's chunks without taking their cache lines.
  return Atomics.load(chunkDone, at) === open && Atomics.compareExchange(chunkDone, at, open, gen) === open;
}

/**
 * Claims and runs chunks of job `gen` until none is left, on `v` (this thread's state or view); returns how many it
 * ran. The main thread goes from the first chunk up and stops at the first chunk a worker took (the workers go from
 * the last one down, so every chunk above it is taken); a worker goes down past the chunks others took. `chunkDone[k]`
 * gets `gen` when chunk k is finished, so a main thread that gives up on a stalled worker knows which chunks to run
 * itself.
 */
export function runChunks(
  ctrl: Int32Array,
  chunkDone: Int32Array,
  v: StepView,
  gen: number,
  kind: number,
  chunks: number,
  rows: number,
  fromLast: boolean,
): number {
  const slot = PARAMS + (gen & 1) * PARAM_SLOT;
  const step = fromLast ? -1 : 1;
  let ran = 0;
  for (let k = fromLast ? chunks - 1 : 0; k >= 0 && k < chunks; k += step) {
    if (!claimChunk(chunkDone, k, gen)) {
      if (fromLast) continue;
      break;
    }
    if (kind === JOB_SOLVE) runSolveChunk(v, ctrl, slot, k, rows);
    else runChunk(v, kind, k, rows);
    Atomics.store(chunkDone, k, gen);
    if (Atomics.add(ctrl, DONE, 1) + 1 === chunks) Atomics.notify(ctrl, DONE);
    ran++;
  }
  return ran;
}

/** Chunk k of a job of kind `kind`: `rows` contact rows, or a task of the pair search. */
export function runChunk(v: StepView, kind: number, k: number, rows: number): void {
  if (kind === JOB_COLLIDE) {
    collideChunk(v, k, rows, v.contacts.chunkOut, v.contacts.chunkCounts);
  } else if (kind === JOB_PAIRS) {
    const bp = v.broadphase;
    bp.pairChunkCounts[k] = joinChunk(v, k, bp.pairChunkOut, 2 * k * JOIN_TASK_CAPACITY, JOIN_TASK_CAPACITY);
  }
}

/** Chunk k of the JOB_SOLVE whose parameters are in `ctrl` at `slot`: `rows` of its rows. */
export function runSolveChunk(v: StepView, ctrl: Int32Array, slot: number, k: number, rows: number): void {
  const first = ctrl[slot + FIRST] + k * rows;
  const end = Math.min(ctrl[slot + END], first + rows);
  const pass = ctrl[slot + PASS] as SolverPassId;
  solveRange(v, pass, ctrl[slot + COLOUR], ctrl[slot + REVERSE] !== 0, first, end, k);
}
