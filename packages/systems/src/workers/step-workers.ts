import {
  PhysicsError,
  QUERY_COLUMNS,
  getPhysics,
  type PhysicsState,
  type PhysicsWorld,
} from '@impulse2d/core/internal';
import { SHARED_COLUMNS, readColumn, writeColumn, type Column } from './shared-columns.js';
import {
  ACK,
  JOB_PAIRS,
  CHUNKS,
  COLOUR,
  CONTROL_LENGTH,
  DONE,
  END,
  FAILED,
  FIRST,
  GEN,
  JOB_SOLVE,
  JOB_SYNC,
  KIND,
  PARAMS,
  PAIR_MASK,
  PARAM_SLOT,
  PASS,
  REVERSE,
  ROWS,
  SLEEPERS,
  chunkDoneWords,
  openClaims,
  runChunk,
  runChunks,
  runSolveChunk,
} from './job-control.js';
import { createContactKernel } from '../wasm/contact-kernel.js';
import { NO_COLOUR, SOLVER_PASS_COUNT, type SolverPassId } from '../solver-pass.js';
import { ThreadChoice } from './thread-choice.js';
import type { StepThread } from './thread-spawn.js';

/*
 * The step's side of step workers: a world's pool of threads, the column syncs, and the jobs the stages run through it
 * (runParallel, runPassParallel). start-workers.ts starts and stops the threads; nothing here spawns one or loads the
 * worker's code, so the step's imports stop here.
 */

/** Columns a sync hands over: SHARED_COLUMNS, then each tree's query columns, then the pair table. */
const SYNC_COLUMNS = SHARED_COLUMNS.length + 2 * QUERY_COLUMNS + 1;

/** Column `i` of a sync (see SYNC_COLUMNS) in the world's state. */
function syncColumn(p: PhysicsState, i: number): Column {
  if (i < SHARED_COLUMNS.length) return readColumn(p, i);
  const t = i - SHARED_COLUMNS.length;
  if (t < 2 * QUERY_COLUMNS) return p.broadphase.trees[t < QUERY_COLUMNS ? 0 : 1].queryColumn(t % QUERY_COLUMNS);
  return p.contacts.pairs.slotColumn;
}

/** Loads of the control block before the main thread starts to block (waiting costs a wake-up later). */
const SPIN_LOADS = 2000;
/** Each block of the main thread, ms. */
const WAIT_MS = 2;
/**
 * A job that makes no progress for this long means a worker died inside it (terminated, or its thread crashed):
 * the main thread runs the chunks left and the world goes back to one thread.
 */
const STALL_MS = 5000;

/** The worker threads of one world and the shared memory they work through. */
export class StepWorkers {
  readonly ctrl = new Int32Array(new SharedArrayBuffer(CONTROL_LENGTH * 4));
  /** Per chunk, the job that finished it last, then as many claim words (job-control.ts): room for 32 chunks. */
  chunkDone = new Int32Array(new SharedArrayBuffer(4 * chunkDoneWords(32)));
  /** The columns the workers hold, by sync index (SYNC_COLUMNS), and the chunkDone they hold. */
  readonly sent: Array<Column | null> = new Array<Column | null>(SYNC_COLUMNS).fill(null);
  sentChunkDone: Int32Array | null = null;
  /** Why the workers cannot be used any more (a worker died or threw); null while they are fine. */
  failure: string | null = null;
  threads: StepThread[] = [];
  /**
   * Set when every worker has reported ready. Until then steps run in one thread: a worker that came up after a
   * column sync would hold no columns.
   */
  ready = false;
  /** Chunks run in parallel jobs so far, and how many of them the calling thread ran; the same for solver jobs. */
  chunks = 0;
  mainChunks = 0;
  solverChunks = 0;
  mainSolverChunks = 0;
  pairTasks = 0;
  mainPairTasks = 0;
  /** Solver chunks the workers ran, by pass (solver-pass.ts SolverPass). */
  readonly passOnWorkers = new Array<number>(SOLVER_PASS_COUNT).fill(0);
  /**
   * Adaptivity (startWorkers' `adaptive`): each step runs on the workers or on the calling thread alone, whichever
   * was measured faster lately (thread-choice.ts). Off, every step uses the workers.
   */
  adaptive = true;
  readonly choice = new ThreadChoice();
  /** Waits that timed out in this step (WAIT_MS with no job finished: a stall), and since startWorkers. */
  stalls = 0;
  totalStalls = 0;
  /** Whether this step runs on the calling thread alone. */
  oneThread = false;
  /**
   * When this step began (performance.now), in a typed array so that the write boxes no number. The two clock reads
   * of a step allocate some 16 bytes in V8 (Node 20); only worlds with step workers and adaptivity make them.
   */
  private readonly clock = new Float64Array(1);

  constructor(readonly canBlock: boolean) {}

  /** At the start of a step: whether it runs on the workers (see `adaptive`). */
  beginStep(): void {
    this.stalls = 0;
    const choosing = this.choosing();
    this.oneThread = choosing && this.choice.oneThread;
    if (choosing) this.clock[0] = performance.now();
  }

  /** At the end of a step: its time and stalls go to the choice of the next step's threads. */
  endStep(): void {
    this.totalStalls += this.stalls;
    if (this.choosing()) this.choice.finish(performance.now() - this.clock[0], this.stalls);
  }

  /** Whether the choice of threads decides the steps: adaptivity on and the workers up. */
  private choosing(): boolean {
    return this.adaptive && this.ready;
  }

  /**
   * Runs job `kind` over `chunks` chunks on the workers and this thread; false (nothing run) if they have failed.
   * A JOB_SOLVE also takes its block of solver work: pass, colour, direction and rows (first to end).
   */
  run(
    p: PhysicsState,
    kind: number,
    chunks: number,
    rows: number,
    synced: boolean,
    pass: SolverPassId,
    colour: number,
    reverse: boolean,
    first: number,
    end: number,
  ): boolean {
    if (!(synced && chunkDoneWords(chunks) <= this.chunkDone.length) && !this.sync(p, chunks)) return false;
    const gen = this.post(p, kind, chunks, rows, pass, colour, reverse, first, end);
    const ranHere = runChunks(this.ctrl, this.chunkDone, p, gen, kind, chunks, rows, false);
    this.mainChunks += ranHere;
    this.chunks += chunks;
    if (kind === JOB_PAIRS) {
      this.mainPairTasks += ranHere;
      this.pairTasks += chunks;
    }
    if (kind === JOB_SOLVE) {
      this.mainSolverChunks += ranHere;
      this.solverChunks += chunks;
      this.passOnWorkers[pass] += chunks - ranHere;
    }
    if (!this.wait(DONE, chunks)) this.finishStalled(p, gen, kind, chunks, rows);
    return true;
  }

  /**
   * Wakes the workers that sleep between jobs, without giving them one: they go back to watching for the next job
   * (worker-entry.ts), which then reaches them in the time of a load instead of a wake-up from Atomics.wait.
   */
  wake(): void {
    if (Atomics.load(this.ctrl, SLEEPERS) !== 0) Atomics.notify(this.ctrl, GEN);
  }

  /** Writes a job's parameters, then publishes it (job-control.ts); returns its number. */
  private post(
    p: PhysicsState,
    kind: number,
    chunks: number,
    rows: number,
    pass: number,
    colour: number,
    reverse: boolean,
    first: number,
    end: number,
  ): number {
    const ctrl = this.ctrl;
    const gen = (Atomics.load(ctrl, GEN) + 1) | 0;
    const slot = PARAMS + (gen & 1) * PARAM_SLOT;
    Atomics.store(ctrl, slot + KIND, kind);
    Atomics.store(ctrl, slot + CHUNKS, chunks);
    Atomics.store(ctrl, slot + ROWS, rows);
    Atomics.store(ctrl, slot + PASS, pass);
    Atomics.store(ctrl, slot + COLOUR, colour);
    Atomics.store(ctrl, slot + REVERSE, reverse ? 1 : 0);
    Atomics.store(ctrl, slot + FIRST, first);
    Atomics.store(ctrl, slot + END, end);
    Atomics.store(ctrl, slot + PAIR_MASK, p.contacts.pairs.slotMask);
    Atomics.store(ctrl, DONE, 0);
    Atomics.store(ctrl, ACK, 0);
    openClaims(this.chunkDone, gen, chunks);
    Atomics.store(ctrl, GEN, gen);
    if (Atomics.load(ctrl, SLEEPERS) !== 0) Atomics.notify(ctrl, GEN);
    return gen;
  }

  /**
   * Gives the workers the current columns if any was replaced since they last got them (a store grew, a snapshot was
   * restored): columns not yet on shared memory are copied there first. False if a worker did not take them.
   */
  sync(p: PhysicsState, chunks: number): boolean {
    if (this.chunkDone.length < chunkDoneWords(chunks)) {
      const words = Math.max(chunkDoneWords(chunks), 2 * this.chunkDone.length);
      this.chunkDone = new Int32Array(new SharedArrayBuffer(4 * words));
    }
    shareKernel(p);
    let same = this.sentChunkDone === this.chunkDone;
    for (let i = 0; same && i < SYNC_COLUMNS; i++) same = syncColumn(p, i) === this.sent[i];
    if (same) return true;
    shareColumns(p);
    for (let i = 0; i < SYNC_COLUMNS; i++) this.sent[i] = syncColumn(p, i);
    this.sentChunkDone = this.chunkDone;
    // The kernel's memory, where states, integration constants, pins and contacts are (their views change whenever it or their places do).
    const sd = p.solverData;
    const message = {
      type: 'columns',
      columns: this.sent.slice(),
      chunkDone: this.chunkDone,
      kernelMemory: sd.kernel === null ? null : sd.kernel.memory,
      statesAddress: sd.statesAddress,
      integrationAddress: sd.integrationAddress,
      pinsAddress: sd.pinsAddress,
      contactsAddress: sd.contactsAddress,
    };
    for (const t of this.threads) t.post(message);
    this.post(p, JOB_SYNC, 0, 0, 0, NO_COLOUR, false, 0, 0);
    // The workers take the columns from their event loops: waiting for that is no stall.
    const stalls = this.stalls;
    const acked = this.wait(ACK, this.threads.length);
    this.stalls = stalls;
    if (acked) return true;
    this.fail('a worker did not answer');
    return false;
  }

  /** Waits until ctrl[index] reaches `target`; false when nothing moved for STALL_MS or a worker's chunk threw. */
  private wait(index: number, target: number): boolean {
    const ctrl = this.ctrl;
    let last = -1;
    let idle = 0;
    let loads = 0;
    let since = 0;
    for (;;) {
      const value = Atomics.load(ctrl, index);
      if (value >= target) return true;
      if (Atomics.load(ctrl, FAILED) !== 0) return false;
      if (value !== last) {
        last = value;
        idle = 0;
        since = 0;
      }
      if (++loads < SPIN_LOADS) continue;
      if (this.canBlock) {
        if (Atomics.wait(ctrl, index, value, WAIT_MS) === 'timed-out') this.stalls++;
        idle += WAIT_MS;
        if (idle >= STALL_MS) return false;
      } else if ((loads & 0xfffff) === 0) {
        // A browser's main thread may not block: it spins, and reads the clock now and then.
        const t = performance.now();
        if (since === 0) since = t;
        else if (t - since >= STALL_MS) return false;
      }
    }
  }

  /** A worker died or threw inside job `gen`: runs here the chunks it left, and gives the workers up. */
  private finishStalled(p: PhysicsState, gen: number, kind: number, chunks: number, rows: number): void {
    this.fail(Atomics.load(this.ctrl, FAILED) !== 0 ? 'a worker threw' : 'a worker stopped answering');
    const slot = PARAMS + (gen & 1) * PARAM_SLOT;
    for (let k = 0; k < chunks; k++) {
      if (Atomics.load(this.chunkDone, k) !== gen) {
        if (kind === JOB_SOLVE) runSolveChunk(p, this.ctrl, slot, k, rows);
        else runChunk(p, kind, k, rows);
      }
    }
  }

  fail(reason: string): void {
    if (this.failure === null) this.failure = reason;
  }

  async stop(): Promise<void> {
    const threads = this.threads;
    this.threads = [];
    await Promise.all(threads.map((t) => t.terminate()));
  }
}

/**
 * Moves the solver's arrays to a kernel on shared memory, which the workers run their own instances over; where
 * shared WebAssembly memory is unavailable, the world leaves the kernel for the TypeScript path (same bits), whose
 * arrays shareColumns then moves to shared memory like any other column.
 */
function shareKernel(p: PhysicsState): void {
  const sd = p.solverData;
  const kernel = sd.kernel;
  if (kernel === null || kernel.shared) return;
  const shared = createContactKernel(kernel.memory.buffer.byteLength, true);
  if (shared === null) sd.kernelUnavailable = true;
  sd.attachKernel(shared);
}

/** Copies every column the workers read that is not on shared memory yet into shared memory, in place in `p`. */
function shareColumns(p: PhysicsState): void {
  for (let i = 0; i < SHARED_COLUMNS.length; i++) {
    if (!(readColumn(p, i).buffer instanceof SharedArrayBuffer)) writeColumn(p, i, toShared(readColumn(p, i)));
  }
  for (const tree of p.broadphase.trees) {
    let shared = true;
    for (let i = 0; i < QUERY_COLUMNS; i++) shared &&= tree.queryColumn(i).buffer instanceof SharedArrayBuffer;
    if (!shared) tree.replaceQueryColumns(toShared);
  }
  if (!(p.contacts.pairs.slotColumn.buffer instanceof SharedArrayBuffer)) p.contacts.pairs.replaceSlots(toShared);
}

function toShared<T extends Column>(column: T): T {
  const buffer = new SharedArrayBuffer(column.byteLength);
  const copy =
    column instanceof Float64Array
      ? new Float64Array(buffer)
      : column instanceof Float32Array
        ? new Float32Array(buffer)
        : column instanceof Int32Array
          ? new Int32Array(buffer)
          : column instanceof Uint32Array
            ? new Uint32Array(buffer)
            : new Uint8Array(buffer);
  copy.set(column);
  return copy as T;
}

const pools = new WeakMap<PhysicsState, StepWorkers>();
/** A world dropped without stopWorkers: its threads are stopped when it is collected. */
const orphans = new FinalizationRegistry<StepWorkers>((pool) => void pool.stop());

/** The world's step workers, ready or still starting (start-workers.ts); undefined without. */
export function poolOf(p: PhysicsState): StepWorkers | undefined {
  return pools.get(p);
}

/** Makes `pool` the world's, before its threads are up (a second startWorkers is refused meanwhile). */
export function attachPool(p: PhysicsState, pool: StepWorkers): void {
  pools.set(p, pool);
}

/** The world's pool takes jobs from now on; its threads are stopped if the world is collected before stopWorkers. */
export function markPoolReady(p: PhysicsState, pool: StepWorkers): void {
  pool.ready = true;
  orphans.register(p, pool, pool);
}

/** Takes `pool` from the world (the caller stops its threads). */
export function detachPool(p: PhysicsState, pool: StepWorkers): void {
  if (pools.get(p) === pool) pools.delete(p);
  orphans.unregister(pool);
}

/**
 * For tests and profiling: chunks run in parallel jobs since startWorkers, and how many of them ran on the workers;
 * the same for the solver's jobs alone and for the pair search's tasks, and the solver chunks the workers ran by pass
 * (solver-pass.ts SolverPass); the waits that timed out (stalls), the steps adaptivity ran on one thread and the
 * probes it made (thread-choice.ts).
 */
export function getWorkerChunkCounts(world: PhysicsWorld): {
  chunks: number;
  onWorkers: number;
  solverChunks: number;
  solverOnWorkers: number;
  pairTasks: number;
  pairTasksOnWorkers: number;
  passOnWorkers: number[];
  stalls: number;
  stepsOnOneThread: number;
  probes: number;
} {
  const pool = pools.get(getPhysics(world));
  return pool === undefined
    ? {
        chunks: 0,
        onWorkers: 0,
        solverChunks: 0,
        solverOnWorkers: 0,
        pairTasks: 0,
        pairTasksOnWorkers: 0,
        passOnWorkers: [],
        stalls: 0,
        stepsOnOneThread: 0,
        probes: 0,
      }
    : {
        chunks: pool.chunks,
        onWorkers: pool.chunks - pool.mainChunks,
        solverChunks: pool.solverChunks,
        solverOnWorkers: pool.solverChunks - pool.mainSolverChunks,
        pairTasks: pool.pairTasks,
        pairTasksOnWorkers: pool.pairTasks - pool.mainPairTasks,
        passOnWorkers: pool.passOnWorkers.slice(),
        stalls: pool.totalStalls,
        stepsOnOneThread: pool.choice.stepsOnOneThread,
        probes: pool.choice.probes,
      };
}

/**
 * For tests: ends one worker thread the way a crash would, without telling the world.
 */
export async function crashWorkerForTest(world: PhysicsWorld): Promise<void> {
  const pool = pools.get(getPhysics(world));
  await pool?.threads[0]?.crash();
}

/**
 * Called before a step: a world whose worker died or threw gets WORKER_FAILED once and goes back to one thread,
 * untouched (the step that throws does not begin); otherwise adaptivity decides whether this step uses the workers.
 */
export function checkWorkers(p: PhysicsState): void {
  const pool = pools.get(p);
  if (pool === undefined) return;
  if (pool.failure === null) {
    pool.beginStep();
    return;
  }
  detachPool(p, pool);
  void pool.stop();
  throw new PhysicsError(
    'WORKER_FAILED',
    `${pool.failure}; the world now steps in one thread (startWorkers again to retry)`,
  );
}

/** Called after a step: how it went, for the choice of the next step's threads (worlds with step workers). */
export function finishWorkersStep(p: PhysicsState): void {
  const pool = pools.get(p);
  if (pool !== undefined && pool.failure === null) pool.endStep();
}

/**
 * Runs job `kind` (job-control.ts: JOB_COLLIDE or JOB_PAIRS) over `chunks` chunks on the world's workers and this
 * thread. False when the world has no usable workers or too few chunks to share: the caller then runs the chunks
 * itself.
 */
export function runParallel(p: PhysicsState, kind: number, chunks: number, rows: number): boolean {
  const pool = usablePool(p, chunks);
  return pool !== null && pool.run(p, kind, chunks, rows, false, 0, NO_COLOUR, false, 0, 0);
}

/**
 * Runs a block of solver work (solve-range.ts solveRange: pass, colour, direction, rows `first` to `end`) as a
 * JOB_SOLVE of `chunks` chunks of `rows` rows on the world's workers and this thread; false as runParallel. `synced`:
 * the caller called syncWorkers since any column could last have been replaced, so the columns are not compared again
 * (the solver's jobs, some hundred a step).
 */
export function runPassParallel(
  p: PhysicsState,
  pass: SolverPassId,
  colour: number,
  reverse: boolean,
  first: number,
  end: number,
  chunks: number,
  rows: number,
  synced = false,
): boolean {
  const pool = usablePool(p, chunks);
  return pool !== null && pool.run(p, JOB_SOLVE, chunks, rows, synced, pass, colour, reverse, first, end);
}

/** The world's workers, when they are up, have not failed and this step runs on them; null otherwise. */
function activePool(p: PhysicsState): StepWorkers | null {
  const pool = pools.get(p);
  return pool === undefined || !pool.ready || pool.failure !== null || pool.oneThread ? null : pool;
}

/** The world's workers, when they can take a job of `chunks` chunks now; null otherwise. */
function usablePool(p: PhysicsState, chunks: number): StepWorkers | null {
  return chunks < 2 ? null : activePool(p);
}

/**
 * Wakes the world's sleeping step workers ahead of a job the calling thread is about to prepare (StepWorkers.wake);
 * nothing without workers.
 */
export function wakeWorkers(p: PhysicsState): void {
  activePool(p)?.wake();
}

/** Threads a job of the world may run on now: its step workers and the calling thread (1 without workers). */
export function parallelThreads(p: PhysicsState): number {
  const pool = activePool(p);
  return pool === null ? 1 : pool.threads.length + 1;
}

/**
 * Whether the world has step workers that can take jobs now, after handing them any column that was replaced (so a
 * caller may hold the columns in locals through its jobs: none is replaced until the next store grows).
 */
export function syncWorkers(p: PhysicsState): boolean {
  const pool = activePool(p);
  return pool !== null && pool.sync(p, 1);
}

/** Chunks per thread a job is split into when it is large: enough to even out threads that start late. */
const CHUNKS_PER_THREAD = 4;

/**
 * Rows per chunk for a job of `rows` rows on the world's threads (its workers and the calling thread): a few chunks
 * per thread, no fewer than `minRows` a chunk (below which claiming a chunk costs more than it saves) and no more
 * than `maxRows` (larger chunks balanced worse: large_pyramid with 1 worker, 312 contact rows a chunk instead of
 * 128, was 8% slower on the 2-vCPU AMD EPYC).
 */
export function chunkRows(p: PhysicsState, rows: number, minRows: number, maxRows: number): number {
  const pool = pools.get(p);
  const threads = pool === undefined ? 1 : pool.threads.length + 1;
  return Math.min(maxRows, Math.max(minRows, Math.ceil(rows / (CHUNKS_PER_THREAD * threads))));
}
