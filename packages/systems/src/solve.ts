import {
  LINEAR_SLOP,
  GRAPH_COLOURS,
  OVERFLOW_COLOUR,
  SP_INV_H,
  SP_PUSH_MAX_SPEED,
  type PhysicsState,
} from '@impulse2d/core/internal';
import { clampVelocities, integratePositions, integrateVelocities } from './integrate.js';
import { solveJoints, storeJointImpulses, warmStartJoints } from './joints/index.js';
import { applyRestitution, solveContacts, warmStartContacts } from './solve-contacts.js';
import { solveJointPositionsClassic } from './solve-joint-positions-classic.js';
import { solveContactPositionsClassic, solveContactsClassic } from './solve-contacts-classic.js';
import {
  PASS_CLAMP_VELOCITIES,
  PASS_INTEGRATE_POSITIONS,
  PASS_INTEGRATE_VELOCITIES,
  PASS_RELAX,
  PASS_RESTITUTION,
  PASS_REVERSE,
  PASS_SOLVE,
  PASS_STORE_IMPULSES,
  PASS_WARM_START,
  solveRange,
  storeImpulses,
} from './solve-range.js';
import { JOB_SOLVE, chunkRows, runParallel, syncWorkers } from './workers/step-workers.js';

/**
 * Stage 5 — the solver. Soft step (Box2D v3): per substep integrate velocities → warm start → solve with soft bias →
 * integrate positions → relax (solve without bias); then one restitution pass. Classic (the seeds): one step of
 * integrate velocities → warm start → N iterations with Baumgarte bias → integrate positions → restitution.
 * Either way the accumulated impulses are stored back on the contacts for the next step's warm start. Sweeps
 * alternate direction (see solveContacts): the relax pass runs opposite to the solve pass of its substep.
 */
export function solve(p: PhysicsState, subSteps: number): void {
  const sd = p.solverData;
  const states = sd.states;
  const integ = sd.integration;
  const bodyCount = sd.bodyCount;
  const cc = sd.contacts;
  const count = sd.contactCount;
  const params = sd.params;
  const kernel = sd.kernel;
  // Only worlds with joint records pay for the clamp after the joints' warm start (see clampVelocities).
  const jointed = p.joints.constraintCount + p.joints.pinCount > 0;
  if (p.solver !== 'classic' && syncWorkers(p)) {
    solveOnWorkers(p, subSteps, jointed);
    return;
  }
  if (p.solver === 'classic') {
    integrateVelocities(states, integ, bodyCount, params);
    warmStartJoints(p);
    if (jointed) clampVelocities(states, bodyCount, params);
    if (kernel !== null) kernel.warmStartContacts(sd.contactsAddress, count, sd.statesAddress);
    else warmStartContacts(cc, count, states);
    const ngs = p.classicPositionCorrection === 'ngs';
    for (let it = 0; it < p.classicIterations; it++) {
      solveJoints(p, true, (it & 1) === 1);
      solveContactsClassic(cc, count, states, params, false, !ngs);
    }
    integratePositions(states, bodyCount, params);
    if (ngs) {
      // Box2D 2.4 stops once the deepest overlap is within 3 slops (b2_linearSlop · −3 with its unshifted s).
      // Joints first, contacts last (contacts' overlap is what shows); stop once both are within Box2D 2.4's
      // tolerances (3 slops of overlap with its unshifted separation; joint gaps within one slop).
      for (let it = 0; it < p.classicPositionIterations; it++) {
        const jointGap = solveJointPositionsClassic(p);
        const overlap = solveContactPositionsClassic(cc, count, states);
        if (overlap >= -2 * LINEAR_SLOP && jointGap <= LINEAR_SLOP) break;
      }
    }
  } else if (kernel !== null) {
    // The same sequence with the contact rows in the WebAssembly kernel (identical bits; see wasm/contact-solver.ts).
    const ccAddress = sd.contactsAddress;
    const statesAddress = sd.statesAddress;
    const invH = params[SP_INV_H]!;
    const pushMaxSpeed = params[SP_PUSH_MAX_SPEED]!;
    for (let i = 0; i < subSteps; i++) {
      const odd = i & 1;
      integrateVelocities(states, integ, bodyCount, params);
      warmStartJoints(p);
      if (jointed) clampVelocities(states, bodyCount, params);
      kernel.warmStartContacts(ccAddress, count, statesAddress);
      solveJoints(p, true, odd === 1);
      kernel.solveContacts(ccAddress, count, statesAddress, invH, pushMaxSpeed, 1, odd);
      integratePositions(states, bodyCount, params);
      solveJoints(p, false, odd === 0);
      kernel.solveContacts(ccAddress, count, statesAddress, invH, pushMaxSpeed, 0, odd ^ 1);
    }
  } else {
    for (let i = 0; i < subSteps; i++) {
      integrateVelocities(states, integ, bodyCount, params);
      warmStartJoints(p);
      if (jointed) clampVelocities(states, bodyCount, params);
      warmStartContacts(cc, count, states);
      solveJoints(p, true, (i & 1) === 1);
      solveContacts(cc, count, states, params, true, (i & 1) === 1);
      integratePositions(states, bodyCount, params);
      solveJoints(p, false, (i & 1) === 0);
      solveContacts(cc, count, states, params, false, (i & 1) === 0);
    }
  }
  // Only when something approached faster than the threshold and can bounce (prepareContacts keeps track).
  if (sd.mayBounce === 1) {
    applyRestitution(cc, count, states, params);
  }
  storeImpulses(p, 0, p.contacts.count);
  storeJointImpulses(p);
}

/** Fewest and most rows per chunk of a parallel solver job (see chunkRows): contact records, body states. */
const CONTACT_ROWS = 32;
const CONTACT_MAX_ROWS = 128;
const BODY_ROWS = 64;
const BODY_MAX_ROWS = 512;

/**
 * The soft step of `solve` with step workers: the same passes in the same order, each over a colour (contacts) or
 * over the bodies, split in chunks among the threads, with the joints on this thread in between. The records are laid
 * out colour by colour (colour-contacts.ts), so a sweep of all records in order is a sweep of the colours in order,
 * and the reverse sweep visits the overflow set and then the colours from last to first: colour by colour, the result
 * is that of the one-thread sweep, to the bit.
 */
function solveOnWorkers(p: PhysicsState, subSteps: number, jointed: boolean): void {
  const sd = p.solverData;
  const bodyCount = sd.bodyCount;
  for (let i = 0; i < subSteps; i++) {
    const odd = (i & 1) === 1;
    solveRows(p, PASS_INTEGRATE_VELOCITIES, 1, bodyCount, BODY_ROWS, BODY_MAX_ROWS);
    warmStartJoints(p);
    if (jointed) solveRows(p, PASS_CLAMP_VELOCITIES, 1, bodyCount, BODY_ROWS, BODY_MAX_ROWS);
    solveColours(p, PASS_WARM_START, false);
    solveJoints(p, true, odd);
    solveColours(p, PASS_SOLVE, odd);
    solveRows(p, PASS_INTEGRATE_POSITIONS, 1, bodyCount, BODY_ROWS, BODY_MAX_ROWS);
    solveJoints(p, false, !odd);
    solveColours(p, PASS_RELAX, !odd);
  }
  if (sd.mayBounce === 1) solveColours(p, PASS_RESTITUTION, false);
  solveRows(p, PASS_STORE_IMPULSES, 0, p.contacts.count, CONTACT_ROWS, CONTACT_MAX_ROWS);
  storeJointImpulses(p);
}

/** Pass `pass` over every contact record, colour by colour, forwards or in reverse (see solveOnWorkers). */
function solveColours(p: PhysicsState, pass: number, reverse: boolean): void {
  const start = p.solverData.colourStart;
  if (reverse) {
    solveRange(p, pass | PASS_REVERSE, start[OVERFLOW_COLOUR]!, start[OVERFLOW_COLOUR + 1]!);
    for (let q = GRAPH_COLOURS - 1; q >= 0; q--)
      solveRows(p, pass, start[q]!, start[q + 1]!, CONTACT_ROWS, CONTACT_MAX_ROWS);
  } else {
    for (let q = 0; q < GRAPH_COLOURS; q++)
      solveRows(p, pass, start[q]!, start[q + 1]!, CONTACT_ROWS, CONTACT_MAX_ROWS);
    // The overflow set's rows may share bodies: one thread, in order.
    solveRange(p, pass, start[OVERFLOW_COLOUR]!, start[OVERFLOW_COLOUR + 1]!);
  }
}

/** Pass `pass` over rows `first` to `end`, in chunks on the workers when there are two chunks or more. */
function solveRows(p: PhysicsState, pass: number, first: number, end: number, minRows: number, maxRows: number): void {
  if (end <= first) return;
  const rows = chunkRows(p, end - first, minRows, maxRows);
  const chunks = Math.ceil((end - first) / rows);
  if (chunks < 2 || !runParallel(p, JOB_SOLVE, chunks, rows, pass, first, end, true)) solveRange(p, pass, first, end);
}
