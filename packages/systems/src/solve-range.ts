import {
  CC_HEADER,
  CC_POINT_COUNT,
  CCP_NORMAL_IMPULSE,
  CCP_STRIDE,
  CCP_TANGENT_IMPULSE,
  contactRecord,
  CONTACT_POINTS_STRIDE,
  CP_NORMAL_IMPULSE,
  CP_STRIDE,
  CP_TANGENT_IMPULSE,
  GRAPH_COLOURS,
  KERNEL_SCALARS_ADDRESS,
  SP_INV_H,
  SP_PUSH_MAX_SPEED,
} from '@impulse2d/core/internal';
import { FOUND_STRIDE, buildContactConstraints, type PrepareState } from './build-contact-constraints.js';
import { writeBackBodies, type WriteBackState } from './write-back-bodies.js';
import { clampVelocities, integratePositions, integrateVelocities } from './integrate.js';
import { applyRestitution, solveContacts, warmStartContacts } from './solve-contacts.js';
import type { KernelFunctions } from './wasm/contact-kernel.js';
import {
  JOINT_RELAX,
  JOINT_SOLVE,
  JOINT_WARM_START,
  buildJointRecords,
  solveJointRecords,
  solvePinRecords,
  type JointPrepareState,
  type JointSolveState,
} from './joints/index.js';
import { SOLVER_PASS_COUNT, SolverPass, type SolverPassId, type SolverPassName } from './solver-pass.js';

/**
 * The solver's passes over a range of rows, as one thread runs them: the whole arrays on one thread, a colour's
 * stretch of contact records or a stretch of bodies on a step worker (solve.ts). Each pass reads and writes only its
 * own rows and the body states those rows name; contact passes run over one colour at a time, whose rows share no
 * movable body, so any split of a colour gives the bits of one sweep.
 */
export type SolveState = PrepareState &
  WriteBackState &
  JointSolveState &
  JointPrepareState & {
    readonly solverData: {
      readonly writeBackOut: Int32Array;
      readonly writeBackCounts: Int32Array;
      readonly states: Float64Array;
      readonly integration: Float64Array;
      readonly contacts: Float32Array;
      readonly params: Float64Array;
      readonly chunkFound: Int32Array;
      readonly kernel: KernelFunctions | null;
      readonly statesAddress: number;
      readonly integrationAddress: number;
      readonly pinsAddress: number;
      readonly contactsAddress: number;
    };
  };

/**
 * Runs a block of solver work: pass `pass` over rows `first` to `end` (exclusive) as chunk `chunk` of its job. `colour`
 * is the graph colour the rows belong to (joint passes read it; contact passes on rows of one graph colour, which
 * share no movable body, let the kernel take several rows at once: same bits), NO_COLOUR for rows of no one colour.
 * `reverse` runs the rows from last to first (the solve and relax passes of the sequential routines).
 */
export function solveRange(
  v: SolveState,
  pass: SolverPassId,
  colour: number,
  reverse: boolean,
  first: number,
  end: number,
  chunk = 0,
): void {
  PASS_HANDLERS[pass](v, first, end, colour, reverse, chunk);
}

/** What runs one pass over a block of rows (the arguments of solveRange). */
type PassHandler = (v: SolveState, first: number, end: number, colour: number, reverse: boolean, chunk: number) => void;

/** Whether the rows of colour `colour` share no movable body: a graph colour, not the overflow set or NO_COLOUR. */
function isGraphColour(colour: number): boolean {
  return colour >= 0 && colour < GRAPH_COLOURS;
}

function prepareJointsPass(v: SolveState, first: number, end: number): void {
  buildJointRecords(v, first, end);
}

function prepareContactsPass(
  v: SolveState,
  first: number,
  end: number,
  _colour: number,
  _reverse: boolean,
  chunk: number,
): void {
  buildContactConstraints(v, first, end, v.solverData.chunkFound, chunk * FOUND_STRIDE);
}

function integrateVelocitiesPass(v: SolveState, first: number, end: number): void {
  const sd = v.solverData;
  const kernel = sd.kernel;
  if (kernel === null) integrateVelocities(sd.states, sd.integration, end, sd.params, first);
  else kernel.integrateVelocities(sd.statesAddress, sd.integrationAddress, first, end, KERNEL_SCALARS_ADDRESS);
}

function clampVelocitiesPass(v: SolveState, first: number, end: number): void {
  const sd = v.solverData;
  const kernel = sd.kernel;
  if (kernel === null) clampVelocities(sd.states, end, sd.params, first);
  else kernel.clampVelocities(sd.statesAddress, first, end, KERNEL_SCALARS_ADDRESS);
}

function integratePositionsPass(v: SolveState, first: number, end: number): void {
  const sd = v.solverData;
  const kernel = sd.kernel;
  if (kernel === null) integratePositions(sd.states, end, sd.params, first);
  else kernel.integratePositions(sd.statesAddress, first, end, KERNEL_SCALARS_ADDRESS);
}

function jointWarmStartPass(v: SolveState, first: number, end: number, colour: number, reverse: boolean): void {
  solveJointRecords(v, JOINT_WARM_START, colour, first, end, reverse);
}

function jointSolvePass(v: SolveState, first: number, end: number, colour: number, reverse: boolean): void {
  solveJointRecords(v, JOINT_SOLVE, colour, first, end, reverse);
}

function jointRelaxPass(v: SolveState, first: number, end: number, colour: number, reverse: boolean): void {
  solveJointRecords(v, JOINT_RELAX, colour, first, end, reverse);
}

function pinWarmStartPass(v: SolveState, first: number, end: number, _colour: number, reverse: boolean): void {
  const sd = v.solverData;
  const kernel = sd.kernel;
  if (kernel === null) solvePinRecords(v, JOINT_WARM_START, first, end, reverse);
  else kernel.warmStartPins(sd.pinsAddress, first, end, sd.statesAddress, KERNEL_SCALARS_ADDRESS);
}

function pinSolvePass(v: SolveState, first: number, end: number, _colour: number, reverse: boolean): void {
  solvePins(v, first, end, reverse, true);
}

function pinRelaxPass(v: SolveState, first: number, end: number, _colour: number, reverse: boolean): void {
  solvePins(v, first, end, reverse, false);
}

/** The plain pins' solve (`useBias`) or relax pass. */
function solvePins(v: SolveState, first: number, end: number, reverse: boolean, useBias: boolean): void {
  const sd = v.solverData;
  const kernel = sd.kernel;
  if (kernel === null) solvePinRecords(v, useBias ? JOINT_SOLVE : JOINT_RELAX, first, end, reverse);
  else {
    const soft = useBias ? 1 : 0;
    kernel.solvePins(sd.pinsAddress, first, end, sd.statesAddress, KERNEL_SCALARS_ADDRESS, soft, reverse ? 1 : 0);
  }
}

function warmStartPass(v: SolveState, first: number, end: number, colour: number): void {
  const sd = v.solverData;
  const kernel = sd.kernel;
  if (kernel === null) warmStartContacts(sd.contacts, end, sd.states, first);
  else if (isGraphColour(colour)) kernel.warmStartColour(sd.contactsAddress, first, end, sd.statesAddress);
  else kernel.warmStartContacts(sd.contactsAddress, first, end, sd.statesAddress);
}

function solvePass(v: SolveState, first: number, end: number, colour: number, reverse: boolean): void {
  solveContactRows(v, first, end, colour, reverse, true);
}

function relaxPass(v: SolveState, first: number, end: number, colour: number, reverse: boolean): void {
  solveContactRows(v, first, end, colour, reverse, false);
}

/** The contacts' solve (`useBias`) or relax pass. */
function solveContactRows(
  v: SolveState,
  first: number,
  end: number,
  colour: number,
  reverse: boolean,
  useBias: boolean,
): void {
  const sd = v.solverData;
  const kernel = sd.kernel;
  const params = sd.params;
  if (kernel === null) solveContacts(sd.contacts, end, sd.states, params, useBias, reverse, first);
  else if (isGraphColour(colour)) {
    const soft = useBias ? 1 : 0;
    kernel.solveColour(
      sd.contactsAddress,
      first,
      end,
      sd.statesAddress,
      params[SP_INV_H],
      params[SP_PUSH_MAX_SPEED],
      soft,
    );
  } else {
    kernel.solveContacts(
      sd.contactsAddress,
      first,
      end,
      sd.statesAddress,
      params[SP_INV_H],
      params[SP_PUSH_MAX_SPEED],
      useBias ? 1 : 0,
      reverse ? 1 : 0,
    );
  }
}

function restitutionPass(v: SolveState, first: number, end: number): void {
  const sd = v.solverData;
  applyRestitution(sd.contacts, end, sd.states, sd.params, first);
}

function storeImpulsesPass(v: SolveState, first: number, end: number): void {
  storeImpulses(v, first, end);
}

function writeBackPass(
  v: SolveState,
  first: number,
  end: number,
  _colour: number,
  _reverse: boolean,
  chunk: number,
): void {
  const sd = v.solverData;
  sd.writeBackCounts[chunk] = writeBackBodies(v, first, end, sd.writeBackOut, first - 1);
}

/** Each pass's handler by name: the type asks for one per SolverPass member. */
const HANDLERS: Record<SolverPassName, PassHandler> = {
  prepareJoints: prepareJointsPass,
  prepareContacts: prepareContactsPass,
  integrateVelocities: integrateVelocitiesPass,
  jointWarmStart: jointWarmStartPass,
  pinWarmStart: pinWarmStartPass,
  warmStart: warmStartPass,
  clampVelocities: clampVelocitiesPass,
  jointSolve: jointSolvePass,
  pinSolve: pinSolvePass,
  solve: solvePass,
  integratePositions: integratePositionsPass,
  jointRelax: jointRelaxPass,
  pinRelax: pinRelaxPass,
  relax: relaxPass,
  restitution: restitutionPass,
  storeImpulses: storeImpulsesPass,
  writeBack: writeBackPass,
};

/** The handlers by pass number (SolverPass), as solveRange indexes them. */
export const PASS_HANDLERS: readonly PassHandler[] = passTable();

function passTable(): PassHandler[] {
  const table = new Array<PassHandler>(SOLVER_PASS_COUNT);
  for (const name of Object.keys(SolverPass) as SolverPassName[]) table[SolverPass[name]] = HANDLERS[name];
  return table;
}

/**
 * The accumulated impulses back on the contacts of the rows the colouring listed, solverData.constrainedRows[first]
 * to [end − 1], for the next step's warm start. In id order, as the constraint builder reads them: the points are
 * written in the order they sit in memory, and the records read at the slots the colouring gave the rows.
 */
export function storeImpulses(v: SolveState, first: number, end: number): void {
  const cc = v.solverData.contacts;
  const slot = v.solverData.constraintSlot;
  const constrained = v.solverData.constrainedRows;
  const points = v.contacts.points;
  for (let k = first; k < end; k++) {
    const id = constrained[k];
    const o = contactRecord(slot[id]);
    const base = id * CONTACT_POINTS_STRIDE;
    const pc = cc[o + CC_POINT_COUNT];
    for (let j = 0; j < pc; j++) {
      const q = o + CC_HEADER + j * CCP_STRIDE;
      const d = base + j * CP_STRIDE;
      points[d + CP_NORMAL_IMPULSE] = cc[q + CCP_NORMAL_IMPULSE];
      points[d + CP_TANGENT_IMPULSE] = cc[q + CCP_TANGENT_IMPULSE];
    }
  }
}
