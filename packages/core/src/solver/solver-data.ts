import { IntBuffer } from '../storage/int-buffer.js';
import { INITIAL_ROWS, type ColumnSpec } from '../storage/column-spec.js';
import { columnStore, growColumns } from '../storage/column-store.js';
import { doubledCapacity, growF32, growF64, lineAligned } from '../storage/grow.js';
import {
  BI_STRIDE,
  BS_STRIDE,
  CENTRE_STRIDE,
  CONSTRAINT_FIELD_BYTES,
  GRAPH_COLOURS,
  KERNEL_SCALARS_ADDRESS,
  KS_STRIDE,
  SP_STRIDE,
  contactRecordsLength,
} from './solver-layout.js';

/**
 * A contact solver kernel that works on the solver arrays in place in its own linear memory (systems' WebAssembly
 * kernel). Addresses are byte offsets into `memory`; flags are 0 or 1.
 */
export interface SolverKernel {
  readonly memory: { readonly buffer: ArrayBufferLike };
  /** Whether `memory` is a shared memory, which step worker threads run their own instances of the kernel over. */
  readonly shared: boolean;
  /**
   * A fresh instance of the same kernel (shared if this one is) whose memory holds at least `bytes`. SolverData moves
   * to it instead of growing the memory in place: growing a WebAssembly memory detaches its old ArrayBuffer, and the first detached
   * buffer in a thread (a V8 isolate) turns off V8's assumption that no typed array is ever detached, so from then
   * on every typed-array access in every stage pays a check (measured: narrowphase and prepare 15–25% slower).
   */
  grown(bytes: number): SolverKernel;
  /** Records `first` to `end` (exclusive) of the records at byte address `contacts`. */
  warmStartContacts(contacts: number, first: number, end: number, states: number): void;
  solveContacts(
    contacts: number,
    first: number,
    end: number,
    states: number,
    invH: number,
    pushMaxSpeed: number,
    useBias: number,
    reverse: number,
  ): void;
  /**
   * One solve or relax sweep over records `first` to `end` of one graph colour (never the overflow set): the caller
   * vouches that no two of them share a movable body, so the kernel may solve several at once; the bits are those of
   * solveContacts in either direction.
   */
  solveColour(
    contacts: number,
    first: number,
    end: number,
    states: number,
    invH: number,
    pushMaxSpeed: number,
    useBias: number,
  ): void;
  /** The warm start of records `first` to `end` of one graph colour (as solveColour: the caller vouches). */
  warmStartColour(contacts: number, first: number, end: number, states: number): void;
  /**
   * systems' integrateVelocities over body states `first` to `end`, with the integration constants at `integration`
   * and the scalars at `scalars` (KS_*). Same bits.
   */
  integrateVelocities(states: number, integration: number, first: number, end: number, scalars: number): void;
  /** systems' warmStartPinJoints over pins `first` to `end` of the records at `pins`, bound by the scalars. */
  warmStartPins(pins: number, first: number, end: number, states: number, scalars: number): void;
  /** systems' solvePinJoints (`soft` 1: the solve pass, 0: relax) with the joints' softness from the scalars. */
  solvePins(
    pins: number,
    first: number,
    end: number,
    states: number,
    scalars: number,
    soft: number,
    reverse: number,
  ): void;
  /** systems' integratePositions over body states `first` to `end`, with the scalars at `scalars` (KS_*). Same bits. */
  integratePositions(states: number, first: number, end: number, scalars: number): void;
  /** systems' clampVelocities over body states `first` to `end`, with the scalars at `scalars`. Same bits. */
  clampVelocities(states: number, first: number, end: number, scalars: number): void;
  /**
   * systems' buildContactConstraints over records `first` to `end` of the rows with a record, from the inputs staged
   * at byte address `stage` (BUILD_HEADER), into the records at `contacts`. Same bits. Returns what the rows found:
   * bit 0 a contact with restitution, bit 1 a point approaching below −restitution threshold, bit 2 one below −hit
   * threshold (of a contact that reports hits).
   */
  buildContacts(contacts: number, states: number, stage: number, first: number, end: number): number;
}

/**
 * Start of the body states in a kernel's memory (bytes): the first cache lines stay free for the kernel, and hold
 * its scalars (KERNEL_SCALARS_ADDRESS).
 */
const ARENA_BASE = 1024;

/** Copies `length` doubles at byte address `from` of `old` to `to` of `buffer`, unless they are already there. */
function moveDoubles(old: ArrayBufferLike, from: number, buffer: ArrayBufferLike, to: number, length: number): void {
  if (length > 0 && (buffer !== old || from !== to)) {
    new Float64Array(buffer, to, length).set(new Float64Array(old, from, length));
  }
}

/**
 * The solver's columns (see storage/column-spec.ts for what an entry drives). None is stored by snapshots: the step
 * rebuilds them. `states`, `integration`, `pins` and `contacts` live in the contact kernel's memory while it runs
 * (their reserve methods place them there); the step stages size the other scratch they fill.
 */
export const SOLVER_COLUMNS = {
  /** Dense body states (BS_STRIDE per body); record 0 is the static dummy and stays zero. */
  states: { type: 'f64', length: INITIAL_ROWS * BS_STRIDE, shared: true },
  /** Dense integration constants (BI_STRIDE per body; in the kernel's memory with it, as `states`). */
  integration: { type: 'f64', length: INITIAL_ROWS * BI_STRIDE, shared: true },
  /**
   * The plain pins' records of this step (systems' joints: PIN_STRIDE doubles each, JointStore.pinCount of them),
   * in the kernel's memory with it, which solves them.
   */
  pins: { type: 'f64', length: 256, shared: true },
  /**
   * Per body state (CENTRE_STRIDE each): the body's centre of mass relative to its origin, in world axes, then its
   * origin, this step. Written by the body gather (in body order, from the body columns) for the constraint builder,
   * which would otherwise read six body columns per contact end at scattered places.
   */
  centres: { type: 'f64', width: CENTRE_STRIDE, rows: 'bodies', shared: true },
  /** Solver index per entity id: 0 for static bodies and bodies outside the solver. */
  indexOf: { type: 'i32', rows: 'entities', shared: true },
  /** Contact constraints (interleaved in pairs: see CC_LANES; computed in doubles: see CONSTRAINT_FIELD_BYTES). */
  contacts: { type: 'f32', length: contactRecordsLength(INITIAL_ROWS), shared: true },
  /** Scratch of the colouring: record slot per contact table row (id; −1: no constraint). */
  constraintSlot: { type: 'i32', rows: 'contactRows', shared: true },
  /**
   * Scratch of the colouring: the contact table rows (ids) that have a constraint record, in ascending order
   * (contactCount of them). The constraint builder, the impulse store and the pre-solve callback run over this list
   * instead of every table row, many of which have none: free rows (up to a fifth of the table: see core's
   * compactContacts) and pairs whose fat boxes overlap but whose shapes do not touch (the spinner: 15,313 records
   * among 24,337 live rows). Before the table was packed, smash had 2,142 records among 46,595 rows, and testing
   * every row's flags took longer than building the records.
   */
  constrainedRows: { type: 'i32', rows: 'contactRows', shared: true },
  /**
   * What each chunk of prepareContacts found for the restitution pass and the hit events (FOUND_* in systems'
   * prepare-contacts.ts, three per chunk); chunk 0 only on one thread.
   */
  chunkFound: { type: 'i32', length: 3, shared: true },
  /** The write-back's entries for its serial follow-up (systems' finalize-bodies.ts), by chunk. */
  writeBackOut: { type: 'i32', length: 16, shared: true },
  /** The write-back's entry count per chunk. */
  writeBackCounts: { type: 'i32', length: 1, shared: true },
  /** Scratch of the colouring: per body state index, one bit per colour that holds a row of that body. */
  bodyColours: { type: 'u32', rows: 'colouredBodies' },
  /** Per-step scalars (SP_* in solver-layout.ts): substep length, speed limits, thresholds. */
  params: { type: 'f64', length: SP_STRIDE, shared: true },
  /** The kernel's scalars (KS_*, in its memory at KERNEL_SCALARS_ADDRESS), or a plain array without a kernel. */
  kernelScalars: { type: 'f64', length: KS_STRIDE },
  /** Scratch of the sleep stage's union–find over body state indices: parent links. */
  islandParent: { type: 'i32', rows: 'bodies' },
  /** Scratch of the sleep stage's union–find: each root's least rest time (s). */
  islandMinSleep: { type: 'f64', rows: 'bodies' },
} as const satisfies ColumnSpec<'bodies' | 'entities' | 'contactRows' | 'colouredBodies', never>;

/**
 * Per-world solver scratch, rebuilt every step by the prepare stage and consumed by the solve stage. Grows by
 * doubling and is never shrunk, so steps after warm-up allocate nothing.
 */
export class SolverData extends columnStore(SOLVER_COLUMNS) {
  /** Body states in use, including the dummy record 0. */
  bodyCount = 1;
  /**
   * 1 when this step's body states belong to other bodies than last step's (prepareBodies): solver indices moved,
   * so the joint and contact colourings, which read them, are computed afresh.
   */
  bodiesChanged = 1;
  /**
   * Awake kinematic bodies among this step's body states (prepareBodies): the contact colouring looks bodies' types
   * up only when there are some (colour-contacts.ts).
   */
  kinematicCount = 0;
  contactCount = 0;
  /**
   * The contact records are laid out colour by colour: colour c holds records colourStart[c] to colourStart[c + 1],
   * the overflow set colourStart[GRAPH_COLOURS] to contactCount.
   */
  readonly colourStart = new Int32Array(GRAPH_COLOURS + 2);
  /**
   * Set by prepareContacts from this step's contact constraints: 1 when some point approaches faster than the
   * restitution threshold on a contact with restitution > 0 (`mayBounce`), or faster than the hit-event threshold
   * (`mayHit`); else 0. The restitution pass and the hit events scan every record only when these say so. Integer
   * flags, compared where the solver's hot loop already holds the doubles: the stages that read them run once per
   * step, too rarely for V8 to optimise early, and each double they loaded there would be a heap allocation.
   */
  mayBounce = 0;
  mayHit = 0;
  /** 1 when this step integrates (dt > 0), set by the step's start: an integer for the reason given above. */
  stepMoves = 0;
  /**
   * Bumped whenever the step's scalars are written (a new step length, substep count or settings); the contact
   * softness in `params` was computed for version `contactParamsVersion` (−1: never).
   */
  paramsVersion = 0;
  contactParamsVersion = -1;
  /** Solver indices of the bodies that moved fast this step (finalize lists them; continuous collision sweeps them). */
  readonly fastBodies = new IntBuffer();
  /** Bodies whose state the finalize stage found non-finite this step (quarantined after its loop). */
  readonly quarantined = new IntBuffer();
  /** Solver indices of this step's bodies with a linear motion lock (prepareBodies lists them; solve applies them). */
  readonly lockedBodies = new IntBuffer();

  /**
   * The kernel whose memory holds `states`, `integration`, `pins` and `contacts` (then views at byte offsets
   * statesAddress, integrationAddress, pinsAddress and contactsAddress), or null: plain arrays. The views are replaced
   * whenever the arrays move (to a larger kernel instance, see SolverKernel.grown, or further along the memory), so,
   * as with every column, read them from here after any reserve call.
   */
  kernel: SolverKernel | null = null;
  /** Set once creating a kernel failed (no WebAssembly here): the world stays on the TypeScript path. */
  kernelUnavailable = false;
  statesAddress = 0;
  integrationAddress = 0;
  pinsAddress = 0;
  contactsAddress = 0;
  /**
   * Scratch after the contact records in the kernel's memory, stagingBytes long: the constraint builder's inputs,
   * copied there each step for the kernel's builder (systems' stage-builder-inputs.ts). Nothing is kept across steps.
   */
  stagingAddress = 0;
  stagingBytes = 0;
  /** Rows the columns of each index space hold. */
  private bodyCapacity = INITIAL_ROWS;
  private entityCapacity = INITIAL_ROWS;
  private contactRowCapacity = INITIAL_ROWS;
  private colouredBodyCapacity = INITIAL_ROWS;

  /**
   * Moves `states`, `integration`, `pins` and `contacts` into `kernel`'s memory (null: back into plain arrays), keeping
   * their contents.
   */
  attachKernel(kernel: SolverKernel | null): void {
    if (kernel === this.kernel) return;
    const states = this.states.slice();
    const integration = this.integration.slice();
    const pins = this.pins.slice();
    const contacts = this.contacts.slice();
    this.kernel = kernel;
    if (kernel === null) {
      this.states = states;
      this.integration = integration;
      this.pins = pins;
      this.contacts = contacts;
      this.statesAddress = 0;
      this.integrationAddress = 0;
      this.pinsAddress = 0;
      this.contactsAddress = 0;
      this.stagingAddress = 0;
      this.kernelScalars = new Float64Array(KS_STRIDE);
      return;
    }
    this.statesAddress = 0;
    this.layOut(states.length, integration.length, pins.length, contacts.length, this.stagingBytes);
    this.states.set(states);
    this.integration.set(integration);
    this.pins.set(pins);
    this.contacts.set(contacts);
  }

  /**
   * Places states, integration constants, pin records, contact records and the staging scratch, in that order, in the
   * kernel's memory with the given capacities (doubles, doubles, doubles, floats, bytes), moving to a larger kernel
   * instance if needed (see SolverKernel.grown), and moving their current contents, the scratch's excepted, to their
   * new places. Capacities only grow, so every array's new place is at or after its old one: copied from the last
   * array to the first, none overwrites another's old contents before they are copied (set() reads an overlapping
   * source before it writes).
   */
  private layOut(
    statesLength: number,
    integrationLength: number,
    pinsLength: number,
    contactsLength: number,
    stagingBytes: number,
  ): void {
    const old = this.kernel!.memory.buffer;
    // 0 before the first layout, whose contents the caller sets.
    const placed = this.statesAddress !== 0;
    const oldStates = this.statesAddress;
    const oldIntegration = this.integrationAddress;
    const oldPins = this.pinsAddress;
    const oldContacts = this.contactsAddress;
    const keepStates = placed ? this.states.length : 0;
    const keepIntegration = placed ? this.integration.length : 0;
    const keepPins = placed ? this.pins.length : 0;
    const keepContacts = placed ? this.contacts.length : 0;
    this.statesAddress = ARENA_BASE;
    this.integrationAddress = lineAligned(this.statesAddress + statesLength * 8);
    this.pinsAddress = lineAligned(this.integrationAddress + integrationLength * 8);
    this.contactsAddress = lineAligned(this.pinsAddress + pinsLength * 8);
    this.stagingAddress = lineAligned(this.contactsAddress + contactsLength * CONSTRAINT_FIELD_BYTES);
    this.stagingBytes = stagingBytes;
    const end = this.stagingAddress + stagingBytes;
    let buffer = old;
    if (end > old.byteLength) {
      this.kernel = this.kernel!.grown(end);
      buffer = this.kernel.memory.buffer;
    }
    const moved = buffer !== old;
    if (keepContacts > 0 && (moved || oldContacts !== this.contactsAddress)) {
      new Float32Array(buffer, this.contactsAddress, keepContacts).set(
        new Float32Array(old, oldContacts, keepContacts),
      );
    }
    moveDoubles(old, oldPins, buffer, this.pinsAddress, keepPins);
    moveDoubles(old, oldIntegration, buffer, this.integrationAddress, keepIntegration);
    moveDoubles(old, oldStates, buffer, this.statesAddress, keepStates);
    this.states = new Float64Array(buffer, this.statesAddress, statesLength);
    this.integration = new Float64Array(buffer, this.integrationAddress, integrationLength);
    this.pins = new Float64Array(buffer, this.pinsAddress, pinsLength);
    this.contacts = new Float32Array(buffer, this.contactsAddress, contactsLength);
    this.kernelScalars = new Float64Array(buffer, KERNEL_SCALARS_ADDRESS, KS_STRIDE);
  }

  reserveBodies(n: number): void {
    if (n > this.bodyCapacity) this.bodyCapacity = growColumns(this, SOLVER_COLUMNS, 'bodies', n);
    const needed = n * BS_STRIDE;
    const neededIntegration = n * BI_STRIDE;
    if (this.kernel === null) {
      this.states = growF64(this.states, needed);
      this.integration = growF64(this.integration, neededIntegration);
    } else if (this.states.length < needed || this.integration.length < neededIntegration) {
      this.layOut(
        doubledCapacity(this.states.length, needed),
        doubledCapacity(this.integration.length, neededIntegration),
        this.pins.length,
        this.contacts.length,
        this.stagingBytes,
      );
    }
  }

  reserveEntities(maxEid: number): void {
    const n = maxEid + 1;
    if (n > this.entityCapacity) this.entityCapacity = growColumns(this, SOLVER_COLUMNS, 'entities', n);
  }

  /** Room for the colouring of `rows` contact table rows over `bodies` body states. */
  reserveColouring(rows: number, bodies: number): void {
    if (rows > this.contactRowCapacity) {
      this.contactRowCapacity = growColumns(this, SOLVER_COLUMNS, 'contactRows', rows);
    }
    if (bodies > this.colouredBodyCapacity) {
      this.colouredBodyCapacity = growColumns(this, SOLVER_COLUMNS, 'colouredBodies', bodies);
    }
  }

  /** Room for `length` doubles of plain-pin records (systems' joints: PIN_STRIDE per pin). */
  reservePins(length: number): void {
    if (this.kernel === null) this.pins = growF64(this.pins, length);
    else if (this.pins.length < length) {
      this.layOut(
        this.states.length,
        this.integration.length,
        doubledCapacity(this.pins.length, length),
        this.contacts.length,
        this.stagingBytes,
      );
    }
  }

  reserveContacts(n: number): void {
    const needed = contactRecordsLength(n);
    if (this.kernel === null) this.contacts = growF32(this.contacts, needed);
    else if (this.contacts.length < needed) {
      this.layOut(
        this.states.length,
        this.integration.length,
        this.pins.length,
        doubledCapacity(this.contacts.length, needed),
        this.stagingBytes,
      );
    }
  }

  /**
   * Room for `bytes` of staging scratch in the kernel's memory (see stagingAddress); false without a kernel. Its
   * contents are not kept when it grows.
   */
  reserveStaging(bytes: number): boolean {
    if (this.kernel === null) return false;
    if (this.stagingBytes < bytes) {
      this.layOut(
        this.states.length,
        this.integration.length,
        this.pins.length,
        this.contacts.length,
        doubledCapacity(this.stagingBytes, bytes),
      );
    }
    return true;
  }
}
