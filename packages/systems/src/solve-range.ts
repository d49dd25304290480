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
  KERNEL_SCALARS_ADDRESS,
  SP_INV_H,
  SP_PUSH_MAX_SPEED,
  isSolidTouching,
} from '@impulse2d/core/internal';
import { FOUND_STRIDE, buildContactConstraints, type PrepareState } from './build-contact-constraints.js';
import { writeBackBodies, type WriteBackState } from './write-back-bodies.js';
import { clampVelocities, integratePositions, integrateVelocities } from './integrate.js';
import { applyRestitution, solveContacts, warmStartContacts } from './solve-contacts.js';
import type { KernelFunctions } from './wasm/contact-kernel.js';
import {
  JOINT_SOLVE,
  JOINT_WARM_START,
  buildJointRecords,
  solveJointRecords,
  solvePinRecords,
  type JointPrepareState,
  type JointSolveState,
} from './joints/index.js';

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

/** Passes over bodies (rows are body state indices, from 1). */
export const PASS_INTEGRATE_VELOCITIES = 0;
export const PASS_CLAMP_VELOCITIES = 1;
export const PASS_INTEGRATE_POSITIONS = 2;
/** Passes over contact records (PASS_STORE_IMPULSES: over contact table rows, i.e. ContactStore ids). */
export const PASS_WARM_START = 3;
export const PASS_SOLVE = 4;
export const PASS_RELAX = 5;
export const PASS_RESTITUTION = 6;
export const PASS_STORE_IMPULSES = 7;
/** The constraint builder (prepareContacts) over contact table rows (ids); chunk k's flags go to chunkFound. */
export const PASS_PREPARE_CONTACTS = 8;
/** The finalize stage's write-back over bodies (rows from 1); chunk k's entries start at row first − 1. */
export const PASS_WRITE_BACK = 9;
/**
 * Passes over the joint records of one colour (pass >> PASS_COLOUR_SHIFT; rows are record indices) and over its
 * plain pins (rows are pin indices): warm start, solve, relax, as solve-joints.ts JOINT_* in that order.
 */
export const PASS_JOINT_WARM_START = 10;
export const PASS_PIN_WARM_START = 13;
/** The joint record builder (prepareJoints) over joint rows. */
export const PASS_PREPARE_JOINTS = 16;
/** Added to a solve or relax pass: the rows run from last to first. */
export const PASS_REVERSE = 32;
/**
 * Added to a contact warm start, solve or relax pass: the rows are of one graph colour (not the overflow set), so they
 * share no movable body and the kernel may take several at once (SolverKernel.solveColour, warmStartColour). Same
 * bits as without.
 */
export const PASS_ONE_COLOUR = 1 << 16;
/** A joint pass carries its colour in the bits from here (below PASS_ONE_COLOUR). */
export const PASS_COLOUR_SHIFT = 6;

/** Runs pass `pass` (PASS_*) over rows `first` to `end` (exclusive), as chunk `chunk` of its job. */
export function solveRange(v: SolveState, pass: number, first: number, end: number, chunk = 0): void {
  const sd = v.solverData;
  const states = sd.states;
  const params = sd.params;
  const op = pass & (PASS_REVERSE - 1);
  const reverse = (pass & PASS_REVERSE) !== 0;
  if (op === PASS_PREPARE_JOINTS) buildJointRecords(v, first, end);
  else if (op >= PASS_PIN_WARM_START) {
    const kernel = sd.kernel;
    const pinPass = op - PASS_PIN_WARM_START;
    if (kernel === null) solvePinRecords(v, pinPass, first, end, reverse);
    else if (pinPass === JOINT_WARM_START) {
      kernel.warmStartPins(sd.pinsAddress, first, end, sd.statesAddress, KERNEL_SCALARS_ADDRESS);
    } else {
      const soft = pinPass === JOINT_SOLVE ? 1 : 0;
      kernel.solvePins(sd.pinsAddress, first, end, sd.statesAddress, KERNEL_SCALARS_ADDRESS, soft, reverse ? 1 : 0);
    }
  } else if (op >= PASS_JOINT_WARM_START)
    solveJointRecords(v, op - PASS_JOINT_WARM_START, pass >> PASS_COLOUR_SHIFT, first, end, reverse);
  else if (op === PASS_PREPARE_CONTACTS) buildContactConstraints(v, first, end, sd.chunkFound, chunk * FOUND_STRIDE);
  else if (op === PASS_WRITE_BACK)
    sd.writeBackCounts[chunk] = writeBackBodies(v, first, end, sd.writeBackOut, first - 1);
  else if (op === PASS_INTEGRATE_VELOCITIES) {
    const kernel = sd.kernel;
    if (kernel === null) integrateVelocities(states, sd.integration, end, params, first);
    else kernel.integrateVelocities(sd.statesAddress, sd.integrationAddress, first, end, KERNEL_SCALARS_ADDRESS);
  } else if (op === PASS_CLAMP_VELOCITIES) {
    const kernel = sd.kernel;
    if (kernel === null) clampVelocities(states, end, params, first);
    else kernel.clampVelocities(sd.statesAddress, first, end, KERNEL_SCALARS_ADDRESS);
  } else if (op === PASS_INTEGRATE_POSITIONS) {
    const kernel = sd.kernel;
    if (kernel === null) integratePositions(states, end, params, first);
    else kernel.integratePositions(sd.statesAddress, first, end, KERNEL_SCALARS_ADDRESS);
  } else if (op === PASS_RESTITUTION) applyRestitution(sd.contacts, end, states, params, first);
  else if (op === PASS_STORE_IMPULSES) storeImpulses(v, first, end);
  else {
    const kernel = sd.kernel;
    if (kernel !== null) {
      if (op === PASS_WARM_START) {
        if ((pass & PASS_ONE_COLOUR) !== 0) kernel.warmStartColour(sd.contactsAddress, first, end, sd.statesAddress);
        else kernel.warmStartContacts(sd.contactsAddress, first, end, sd.statesAddress);
      } else if ((pass & PASS_ONE_COLOUR) !== 0) {
        kernel.solveColour(
          sd.contactsAddress,
          first,
          end,
          sd.statesAddress,
          params[SP_INV_H],
          params[SP_PUSH_MAX_SPEED],
          op === PASS_SOLVE ? 1 : 0,
        );
      } else {
        kernel.solveContacts(
          sd.contactsAddress,
          first,
          end,
          sd.statesAddress,
          params[SP_INV_H],
          params[SP_PUSH_MAX_SPEED],
          op === PASS_SOLVE ? 1 : 0,
          reverse ? 1 : 0,
        );
      }
    } else if (op === PASS_WARM_START) warmStartContacts(sd.contacts, end, states, first);
    else solveContacts(sd.contacts, end, states, params, op === PASS_SOLVE, reverse, first);
  }
}

/**
 * The accumulated impulses back on the contacts of table rows (ids) `first` to `end` (exclusive), for the next step's
 * warm start. In id order, as the constraint builder reads them: the points are written in the order they sit in
 * memory, and the records read at the slots the colouring gave the rows.
 */
export function storeImpulses(v: SolveState, first: number, end: number): void {
  const cc = v.solverData.contacts;
  const slot = v.solverData.constraintSlot;
  const points = v.contacts.points;
  const flags = v.contacts.flags;
  // Rows in id order (as the constraint builder): the points are written front to back; the flags first, as there.
  for (let id = first; id < end; id++) {
    if (!isSolidTouching(flags[id])) continue;
    const record = slot[id];
    if (record < 0) continue;
    const o = contactRecord(record);
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
