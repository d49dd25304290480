import {
  JOINT_TYPE_COUNT,
  KS_H,
  KS_JOINT_IMPULSE_SCALE,
  KS_JOINT_MASS_SCALE,
  KS_JOINT_RATE,
  KS_MAX_LINEAR_SPEED,
  SP_H,
  SP_MAX_LINEAR_SPEED,
  TOL_LINEAR_SLOP,
  GRAPH_COLOURS,
  OVERFLOW_COLOUR,
  type PhysicsState,
} from '@impulse2d/core/internal';
import { clampVelocities, integratePositions, integrateVelocities } from './integrate.js';
import { storeJointImpulses } from './joints/index.js';
import { applyMotionLocks, applyPositionLocks } from './motion-locks.js';
import { warmStartContacts } from './solve-contacts.js';
import { solveJointPositionsClassic } from './solve-joint-positions-classic.js';
import { solveContactPositionsClassic, solveContactsClassic } from './solve-contacts-classic.js';
import { solveRange, storeImpulses } from './solve-range.js';
import { NO_COLOUR, SolverPass, type SolverPassId } from './solver-pass.js';
import { chunkRows, runPassParallel, syncWorkers } from './workers/step-workers.js';

/**
 * Stage 5 — the solver. Soft step (Box2D v3): per substep integrate velocities → warm start → solve with soft bias →
 * integrate positions → relax (solve without bias); then one restitution pass. Classic (the seeds): one step of
 * integrate velocities → warm start → N iterations with Baumgarte bias → integrate positions → restitution.
 * Either way the accumulated impulses are stored back on the contacts for the next step's warm start. Sweeps
 * alternate direction (see solveContacts): the relax pass runs opposite to the solve pass of its substep.
 *
 * The soft step's passes run through solveRange (the WebAssembly kernel or the TypeScript path, identical bits; see
 * wasm/contact-solver.ts). With step workers each pass is split among the threads: body passes in chunks of bodies,
 * contact passes colour by colour. The records are laid out colour by colour (colour-contacts.ts), so a sweep of all
 * records in order is a sweep of the colours in order, and the reverse sweep visits the overflow set and then the
 * colours from last to first: colour by colour, the result is that of the one-thread sweep, to the bit. The joint
 * passes between them go the same way over the joints' own colours (sweepJoints, joints/colour-joints.ts).
 */
export function solve(p: PhysicsState, subSteps: number): void {
  const sd = p.solverData;
  // Only worlds with joint records pay for the clamp after the warm starts (see clampVelocities).
  const jointed = p.joints.constraintCount + p.joints.pinCount > 0;
  const classic = p.solver === 'classic';
  const parallel = !classic && syncWorkers(p);
  // The kernel's body passes read these from its memory (shared with the step workers' instances).
  const scalars = sd.kernelScalars;
  scalars[KS_H] = sd.params[SP_H];
  scalars[KS_MAX_LINEAR_SPEED] = sd.params[SP_MAX_LINEAR_SPEED];
  const softness = p.joints.softness;
  scalars[KS_JOINT_RATE] = softness[0];
  scalars[KS_JOINT_MASS_SCALE] = softness[1];
  scalars[KS_JOINT_IMPULSE_SCALE] = softness[2];
  if (classic) solveClassic(p, jointed);
  else {
    for (let i = 0; i < subSteps; i++) {
      const odd = (i & 1) === 1;
      sweepBodies(p, SolverPass.integrateVelocities, parallel);
      sweepJoints(p, SolverPass.pinWarmStart, SolverPass.jointWarmStart, false, parallel);
      sweepContacts(p, SolverPass.warmStart, false, parallel);
      if (jointed) sweepBodies(p, SolverPass.clampVelocities, parallel);
      sweepJoints(p, SolverPass.pinSolve, SolverPass.jointSolve, odd, parallel);
      sweepContacts(p, SolverPass.solve, odd, parallel);
      applyMotionLocks(p);
      sweepBodies(p, SolverPass.integratePositions, parallel);
      sweepJoints(p, SolverPass.pinRelax, SolverPass.jointRelax, !odd, parallel);
      sweepContacts(p, SolverPass.relax, !odd, parallel);
    }
  }
  // Only when something approached faster than the threshold and can bounce (prepareContacts keeps track).
  if (sd.mayBounce === 1) sweepContacts(p, SolverPass.restitution, false, parallel);
  // The velocities written back obey the locks too.
  applyMotionLocks(p);
  // Over the colouring's list of rows with a record (solverData.constrainedRows).
  const records = sd.contactCount;
  if (parallel) solveRows(p, SolverPass.storeImpulses, NO_COLOUR, false, 0, records, CONTACT_ROWS, CONTACT_MAX_ROWS);
  else storeImpulses(p, 0, records);
  storeJointImpulses(p);
}

/** The classic step (one thread): velocities, warm start, iterations with Baumgarte bias, positions, NGS. */
function solveClassic(p: PhysicsState, jointed: boolean): void {
  const sd = p.solverData;
  const states = sd.states;
  const bodyCount = sd.bodyCount;
  const cc = sd.contacts;
  const count = sd.contactCount;
  const params = sd.params;
  const kernel = sd.kernel;
  integrateVelocities(states, sd.integration, bodyCount, params);
  warmStartJoints(p);
  if (kernel !== null) kernel.warmStartContacts(sd.contactsAddress, 0, count, sd.statesAddress);
  else warmStartContacts(cc, count, states);
  if (jointed) clampVelocities(states, bodyCount, params);
  const ngs = p.classicPositionCorrection === 'ngs';
  for (let it = 0; it < p.classicIterations; it++) {
    solveJoints(p, true, (it & 1) === 1);
    solveContactsClassic(cc, count, states, params, false, !ngs);
  }
  applyMotionLocks(p);
  integratePositions(states, bodyCount, params);
  if (ngs) {
    // Box2D 2.4 stops once the deepest overlap is within 3 slops (b2_linearSlop · −3 with its unshifted s).
    // Joints first, contacts last (contacts' overlap is what shows); stop once both are within Box2D 2.4's
    // tolerances (3 slops of overlap with its unshifted separation; joint gaps within one slop).
    const slop = p.tolerances[TOL_LINEAR_SLOP];
    for (let it = 0; it < p.classicPositionIterations; it++) {
      const jointGap = solveJointPositionsClassic(p);
      const overlap = solveContactPositionsClassic(cc, count, states);
      if (overlap >= -2 * slop && jointGap <= slop) break;
    }
    applyPositionLocks(p);
  }
}

/**
 * The joints' warm start on one thread: every joint record, colour by colour (the classic solver leaves them all in
 * the overflow set, in the order of kinds).
 */
export function warmStartJoints(p: PhysicsState): void {
  sweepJoints(p, SolverPass.pinWarmStart, SolverPass.jointWarmStart, false, false);
}

/** One sweep of the joints on one thread; `useBias` false is the relax pass, `reverse` as in sweepJoints. */
export function solveJoints(p: PhysicsState, useBias: boolean, reverse: boolean): void {
  if (useBias) sweepJoints(p, SolverPass.pinSolve, SolverPass.jointSolve, reverse, false);
  else sweepJoints(p, SolverPass.pinRelax, SolverPass.jointRelax, reverse, false);
}

/** Fewest and most rows per chunk of a parallel solver job (see chunkRows): contact records, body states. */
const CONTACT_ROWS = 32;
const CONTACT_MAX_ROWS = 128;
/** Joint records and pins, which take several times a contact row's work. */
const JOINT_ROWS = 16;
const JOINT_MAX_ROWS = 64;
const BODY_ROWS = 64;
const BODY_MAX_ROWS = 512;

/** Body pass `pass` over every body state: on the workers too when `parallel`. */
function sweepBodies(p: PhysicsState, pass: SolverPassId, parallel: boolean): void {
  const end = p.solverData.bodyCount;
  if (parallel) solveRows(p, pass, NO_COLOUR, false, 1, end, BODY_ROWS, BODY_MAX_ROWS);
  else solveRange(p, pass, NO_COLOUR, false, 1, end);
}

/**
 * Contact pass `pass` over every record, forwards or in reverse: colour by colour on the workers when `parallel`, and
 * for the kernel's warm start, solve and relax sweeps (see solveColours); otherwise as one range.
 */
function sweepContacts(p: PhysicsState, pass: SolverPassId, reverse: boolean, parallel: boolean): void {
  const colours = parallel || (p.solverData.kernel !== null && pass !== SolverPass.restitution);
  if (colours) solveColours(p, pass, reverse, parallel);
  else solveRange(p, pass, NO_COLOUR, reverse, 0, p.solverData.contactCount);
}

/**
 * One joint stage over every joint record, colour by colour as the contacts, forwards or in reverse: `pinPass` over
 * a colour's plain pins, then `recordPass` over its other records. `reverse` also runs each stretch backwards, which
 * matters only in the overflow set (one thread), whose rows may share bodies.
 */
function sweepJoints(
  p: PhysicsState,
  pinPass: SolverPassId,
  recordPass: SolverPassId,
  reverse: boolean,
  parallel: boolean,
): void {
  const js = p.joints;
  // See the guards in solve-joints.ts: a world without joint records never calls a joint routine.
  if (js.constraintCount + js.pinCount === 0) return;
  if (reverse) {
    for (let q = OVERFLOW_COLOUR; q >= 0; q--) {
      jointColour(p, pinPass, recordPass, q, true, parallel && q !== OVERFLOW_COLOUR);
    }
  } else {
    for (let q = 0; q <= OVERFLOW_COLOUR; q++) {
      jointColour(p, pinPass, recordPass, q, false, parallel && q !== OVERFLOW_COLOUR);
    }
  }
}

/** The pins and then the records of joint colour `q`, in chunks on the workers when `parallel`. */
function jointColour(
  p: PhysicsState,
  pinPass: SolverPassId,
  recordPass: SolverPassId,
  q: number,
  reverse: boolean,
  parallel: boolean,
): void {
  const js = p.joints;
  let first = js.pinStart[q];
  let end = js.pinStart[q + 1];
  if (end > first) {
    if (parallel) solveRows(p, pinPass, q, reverse, first, end, JOINT_ROWS, JOINT_MAX_ROWS);
    else solveRange(p, pinPass, q, reverse, first, end);
  }
  first = js.groupStart[q * JOINT_TYPE_COUNT];
  end = js.groupStart[(q + 1) * JOINT_TYPE_COUNT];
  if (end > first) {
    if (parallel) solveRows(p, recordPass, q, reverse, first, end, JOINT_ROWS, JOINT_MAX_ROWS);
    else solveRange(p, recordPass, q, reverse, first, end);
  }
}

/**
 * Pass `pass` over every contact record, colour by colour, forwards or in reverse (see solve); a colour's rows in
 * chunks on the workers when `parallel`. A colour's rows share no movable body, so their order within it does not
 * change the bits; the overflow set's rows may share bodies, so it runs on one thread, in the sweep's direction.
 */
function solveColours(p: PhysicsState, pass: SolverPassId, reverse: boolean, parallel: boolean): void {
  const start = p.solverData.colourStart;
  if (reverse) {
    solveRange(p, pass, OVERFLOW_COLOUR, true, start[OVERFLOW_COLOUR], start[OVERFLOW_COLOUR + 1]);
    for (let q = GRAPH_COLOURS - 1; q >= 0; q--) solveColour(p, pass, q, start[q], start[q + 1], parallel);
  } else {
    for (let q = 0; q < GRAPH_COLOURS; q++) solveColour(p, pass, q, start[q], start[q + 1], parallel);
    solveRange(p, pass, OVERFLOW_COLOUR, false, start[OVERFLOW_COLOUR], start[OVERFLOW_COLOUR + 1]);
  }
}

/** Pass `pass` over the rows `first` to `end` of graph colour `q`: in chunks on the workers when `parallel`. */
function solveColour(p: PhysicsState, pass: SolverPassId, q: number, first: number, end: number, parallel: boolean) {
  if (parallel) solveRows(p, pass, q, false, first, end, CONTACT_ROWS, CONTACT_MAX_ROWS);
  else if (end > first) solveRange(p, pass, q, false, first, end);
}

/** A block of solver work (see solveRange), in chunks on the workers when there are two chunks or more. */
function solveRows(
  p: PhysicsState,
  pass: SolverPassId,
  colour: number,
  reverse: boolean,
  first: number,
  end: number,
  minRows: number,
  maxRows: number,
): void {
  if (end <= first) return;
  const rows = chunkRows(p, end - first, minRows, maxRows);
  const chunks = Math.ceil((end - first) / rows);
  if (chunks < 2 || !runPassParallel(p, pass, colour, reverse, first, end, chunks, rows, true)) {
    solveRange(p, pass, colour, reverse, first, end);
  }
}
