// The code of a step worker thread (bundled into worker-source.js by scripts/build-worker.mjs). It holds a view of
// the world's shared columns and runs the chunks it claims of each job the main thread publishes (job-control.ts).
import { QUERY_COLUMNS } from '@impulse2d/core/internal';
import {
  ACK,
  CHUNKS,
  DONE,
  FAILED,
  GEN,
  JOB_PAIRS,
  JOB_SYNC,
  KIND,
  PAIR_MASK,
  PARAMS,
  PARAM_SLOT,
  ROWS,
  SLEEPERS,
  runChunks,
} from './job-control.js';
import { SHARED_COLUMNS, writeColumn, type Column } from './shared-columns.js';
import { createWorkerView } from './worker-view.js';
import { instantiateKernel, kernelModule } from '../wasm/contact-kernel.js';

interface Message {
  type: string;
  ctrl?: Int32Array;
  columns?: Column[];
  chunkDone?: Int32Array;
  kernelMemory?: WebAssembly.Memory | null;
  statesAddress?: number;
  integrationAddress?: number;
  pinsAddress?: number;
  contactsAddress?: number;
}

declare const self: { onmessage: ((event: { data: Message }) => void) | null; postMessage(message: unknown): void };

/** This thread's view of the world's shared columns, which the 'columns' messages replace (worker-view.ts). */
const view = createWorkerView();

let ctrl: Int32Array = new Int32Array(CHUNKS + 1);
let pairSlots: Int32Array = new Int32Array(0);
let chunkDone: Int32Array = new Int32Array(0);
/** Loads of GEN a worker spins for after a job (some tens of microseconds) before it blocks in Atomics.wait. */
const IDLE_SPIN_LOADS = 20000;
/** The last job this worker looked at. */
let seen = 0;

/** Runs jobs until one is a JOB_SYNC, whose columns arrive as the next message (so this returns to the event loop). */
function work(): void {
  for (;;) {
    // The solver's jobs come one colour after another, some microseconds apart: a worker that went to sleep after
    // each would be woken late for the next. It watches for the next job for a while before it blocks.
    for (let i = 0; i < IDLE_SPIN_LOADS && Atomics.load(ctrl, GEN) === seen; i++);
    Atomics.add(ctrl, SLEEPERS, 1);
    Atomics.wait(ctrl, GEN, seen);
    Atomics.sub(ctrl, SLEEPERS, 1);
    const gen = Atomics.load(ctrl, GEN);
    if (gen === seen) continue;
    seen = gen;
    const slot = PARAMS + (gen & 1) * PARAM_SLOT;
    const kind = Atomics.load(ctrl, slot + KIND);
    const chunks = Atomics.load(ctrl, slot + CHUNKS);
    const rows = Atomics.load(ctrl, slot + ROWS);
    // A later job already began: these parameters may be half its own. Its chunks are claimed by the others.
    if (Atomics.load(ctrl, GEN) !== gen) continue;
    if (kind === JOB_SYNC) return;
    if (kind === JOB_PAIRS) {
      // The pair table is read through its own class, which keeps this scalar.
      view.contacts.pairs.adoptSlots(pairSlots, Atomics.load(ctrl, slot + PAIR_MASK));
    }
    try {
      runChunks(ctrl, chunkDone, view, gen, kind, chunks, rows, true);
    } catch (error) {
      Atomics.store(ctrl, FAILED, 1);
      Atomics.notify(ctrl, DONE);
      post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
      return;
    }
  }
}

function receive(message: Message): void {
  if (message.type === 'init') {
    ctrl = message.ctrl!;
    seen = Atomics.load(ctrl, GEN);
    post({ type: 'ready' });
    work();
  } else if (message.type === 'columns') {
    // As the main thread's sync lists them: SHARED_COLUMNS, each tree's query columns, the pair table.
    const columns = message.columns!;
    const n = SHARED_COLUMNS.length;
    for (let i = 0; i < n; i++) writeColumn(view, i, columns[i]);
    const trees = view.broadphase.trees;
    trees[0].adoptQueryColumns(columns.slice(n, n + QUERY_COLUMNS) as Array<Float64Array | Int32Array | Uint8Array>);
    trees[1].adoptQueryColumns(
      columns.slice(n + QUERY_COLUMNS, n + 2 * QUERY_COLUMNS) as Array<Float64Array | Int32Array | Uint8Array>,
    );
    pairSlots = columns[n + 2 * QUERY_COLUMNS] as Int32Array;
    chunkDone = message.chunkDone!;
    const sd = view.solverData;
    const memory = message.kernelMemory ?? null;
    if (memory !== sd.kernelMemory) {
      sd.kernelMemory = memory;
      sd.kernel = memory === null ? null : instantiateKernel(kernelModule(true)!, memory);
    }
    sd.statesAddress = message.statesAddress ?? 0;
    sd.integrationAddress = message.integrationAddress ?? 0;
    sd.pinsAddress = message.pinsAddress ?? 0;
    sd.contactsAddress = message.contactsAddress ?? 0;
    Atomics.add(ctrl, ACK, 1);
    Atomics.notify(ctrl, ACK);
    work();
  }
}

interface NodePort {
  on(event: 'message', listener: (message: Message) => void): void;
  postMessage(message: unknown): void;
}

// A Node worker started with `eval` has `require` as a global; a Web Worker has none. Read through globalThis so
// that the bundler leaves it alone (a bare `require` became its shim, which throws in browsers).
const nodeRequire = (globalThis as { require?: (id: string) => unknown }).require;
const nodePort =
  typeof nodeRequire === 'function'
    ? (nodeRequire('node:worker_threads') as { parentPort: NodePort }).parentPort
    : null;

function post(message: unknown): void {
  if (nodePort !== null) nodePort.postMessage(message);
  else self.postMessage(message);
}

if (nodePort !== null) nodePort.on('message', receive);
else self.onmessage = (event) => receive(event.data);
