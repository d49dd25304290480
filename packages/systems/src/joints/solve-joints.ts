import { JOINT_TYPE_COUNT } from '@impulse2d/core/internal';
import { boundJointImpulses } from './impulse-bound.js';
import { JOINT_KINDS } from './joint-kinds.js';
import { solvePinJoints, warmStartPinJoints } from './pin.js';

/*
 * The joint passes of each substep, in the contacts' order: warm start → solve with bias → (integrate positions) →
 * relax (solve without bias). prepareJoints lays the records out by graph colour and, within a colour, by kind (plain
 * pins in compact records of their own), so each kind runs one monomorphic loop over its part of a range, called
 * through the kinds' table (joint-kinds.ts) once per such group; solve.ts
 * sweeps the colours, each split among the step workers when the world has them. Every loop takes only typed
 * arrays, integers and booleans: per-step doubles come from solverData.params.
 */

/** What the joint passes read and write: the world's state, or a step worker's view of its shared columns. */
export interface JointSolveState {
  readonly joints: {
    readonly constraints: Float64Array;
    readonly groupStart: Int32Array;
    readonly softness: Float64Array;
  };
  readonly solverData: { readonly states: Float64Array; readonly params: Float64Array; readonly pins: Float64Array };
}

/** The three joint passes. */
export const JOINT_WARM_START = 0;
export const JOINT_SOLVE = 1;
export const JOINT_RELAX = 2;

/**
 * Joint pass `pass` (JOINT_*) over records `first` to `end` (exclusive) of colour `colour`, kind after kind.
 * `reverse` runs each kind's stretch backwards (symmetric Gauss–Seidel, as the contact solver: a chain solved always
 * top-down converges unevenly along its length); it matters only in the overflow set, whose rows may share bodies.
 */
export function solveJointRecords(
  v: JointSolveState,
  pass: number,
  colour: number,
  first: number,
  end: number,
  reverse: boolean,
): void {
  const jc = v.joints.constraints;
  const groups = v.joints.groupStart;
  const states = v.solverData.states;
  const params = v.solverData.params;
  const base = colour * JOINT_TYPE_COUNT;
  for (let t = 0; t < JOINT_TYPE_COUNT; t++) {
    const lo = Math.max(first, groups[base + t]);
    const hi = Math.min(end, groups[base + t + 1]);
    // Guards before each call, not inside (docs/design/v8-hot-code.md, rule 4: that was most of the engine's per-step
    // allocation once).
    if (lo >= hi) continue;
    const kind = JOINT_KINDS[t];
    if (pass === JOINT_WARM_START) {
      boundJointImpulses(jc, kind.impulses.angular, kind.boundRatioAt, lo, hi, params);
      kind.warmStart(jc, lo, hi, states);
    } else kind.solve(jc, lo, hi, states, params, pass === JOINT_SOLVE, reverse);
  }
}

/** Joint pass `pass` (JOINT_*) over plain pins `first` to `end` (exclusive); `reverse` as in solveJointRecords. */
export function solvePinRecords(v: JointSolveState, pass: number, first: number, end: number, reverse: boolean): void {
  const sd = v.solverData;
  if (pass === JOINT_WARM_START) warmStartPinJoints(sd.pins, first, end, sd.states, sd.params);
  else solvePinJoints(sd.pins, first, end, sd.states, v.joints.softness, pass === JOINT_SOLVE, reverse);
}
