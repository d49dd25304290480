// The code of a step worker thread (bundled into worker-source.js by scripts/build-worker.mjs). It holds a view of
// the world's shared columns and runs the chunks it claims of each job the main thread publishes (job-control.ts).
import {
  ContactStore,
  DynamicTree,
  GeometryStore,
  IntBuffer,
  JF_COUNT,
  QUERY_COLUMNS,
  createManifold,
} from '@impulse2d/core/internal';
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
  type StepView,
} from './job-control.js';
import { SHARED_COLUMNS, writeColumn, type Column } from './shared-columns.js';
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

/** This thread's instance of the solver kernel over the world's shared kernel memory (see solve-range.ts). */
interface WorkerSolverData {
  states: Float64Array;
  integration: Float64Array;
  pins: Float64Array;
  centres: Float64Array;
  contacts: Float32Array;
  params: Float64Array;
  chunkFound: Int32Array;
  writeBackOut: Int32Array;
  writeBackCounts: Int32Array;
  indexOf: Int32Array;
  constraintSlot: Int32Array;
  kernel: ReturnType<typeof instantiateKernel> | null;
  kernelMemory: WebAssembly.Memory | null;
  statesAddress: number;
  integrationAddress: number;
  pinsAddress: number;
  contactsAddress: number;
}

declare const self: { onmessage: ((event: { data: Message }) => void) | null; postMessage(message: unknown): void };

const EMPTY_F64 = new Float64Array(0);
const EMPTY_I32 = new Int32Array(0);

const workerSolverData: WorkerSolverData = {
  states: EMPTY_F64,
  integration: EMPTY_F64,
  pins: EMPTY_F64,
  centres: EMPTY_F64,
  contacts: new Float32Array(0),
  params: EMPTY_F64,
  chunkFound: EMPTY_I32,
  writeBackOut: EMPTY_I32,
  writeBackCounts: EMPTY_I32,
  indexOf: EMPTY_I32,
  constraintSlot: EMPTY_I32,
  kernel: null,
  kernelMemory: null,
  statesAddress: 0,
  integrationAddress: 0,
  pinsAddress: 0,
  contactsAddress: 0,
};

/**
 * Stores of the same classes the main thread steps with, whose columns the 'columns' messages replace; the scratch
 * (manifold, pose, query results) is this thread's own.
 */
const view: StepView = {
  contacts: new ContactStore(),
  shapes: {
    geometry: new GeometryStore(),
    aabb: EMPTY_F64,
    moved: new Uint8Array(0),
    next: EMPTY_I32,
  },
  bodies: {
    flags: new Uint8Array(0),
    poses: EMPTY_F64,
    transform: { x: EMPTY_F64, y: EMPTY_F64, c: EMPTY_F64, s: EMPTY_F64 },
    invMass: EMPTY_F64,
    invInertia: EMPTY_F64,
    localCenterX: EMPTY_F64,
    localCenterY: EMPTY_F64,
    vx: EMPTY_F64,
    vy: EMPTY_F64,
    w: EMPTY_F64,
    centerX: EMPTY_F64,
    centerY: EMPTY_F64,
    forceX: EMPTY_F64,
    forceY: EMPTY_F64,
    torque: EMPTY_F64,
    mass: EMPTY_F64,
    inertia: EMPTY_F64,
    maxExtent: EMPTY_F64,
    minExtent: EMPTY_F64,
    type: new Uint8Array(0),
    shapeHead: EMPTY_I32,
  },
  broadphase: {
    trees: [new DynamicTree(), new DynamicTree()],
    moveFrom: EMPTY_F64,
    moveSlot: EMPTY_I32,
    joinTasks: EMPTY_I32,
    queryResults: new IntBuffer(),
    pairChunkOut: EMPTY_I32,
    pairChunkCounts: EMPTY_I32,
  },
  manifold: createManifold(),
  pose: new Float64Array(8),
  solverData: workerSolverData,
  joints: {
    constraints: EMPTY_F64,
    groupStart: EMPTY_I32,
    softness: EMPTY_F64,
    f: Array.from({ length: JF_COUNT }, () => EMPTY_F64),
    type: EMPTY_I32,
    flags: EMPTY_I32,
    bodyA: EMPTY_I32,
    bodyB: EMPTY_I32,
    rowColour: EMPTY_I32,
    rowSlot: EMPTY_I32,
  },
};

let ctrl: Int32Array = new Int32Array(CHUNKS + 1);
let pairSlots: Int32Array = EMPTY_I32;
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
      runChunks(ctrl, chunkDone, view, gen, kind, chunks, rows);
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
    const sd = workerSolverData;
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
