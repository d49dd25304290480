import type { JointImpulses, JointTypeName } from '@impulse2d/core/internal';
import type { JointPrepareState } from './joint-prepare.js';

/**
 * The solver's half of a joint kind, declared in its module (joints/<kind>.ts) beside the loops it names, and gathered
 * in JOINT_KINDS (joint-kinds.ts), indexed by numeric JointType like the core's table of the same name. Every call
 * through it covers a whole group of records of one kind (a colour's stretch of them, or a chunk of rows for
 * `prepare`), never one joint: each kind's loops stay monomorphic, and the table costs one indirect call per group.
 */
export interface JointKindSolver {
  /** The kind's name, as in the core's JOINT_KINDS (joint-kinds.test.ts checks that the two tables agree). */
  readonly name: JointTypeName;
  /** The core kind's impulse slots (the same object): the impulse bound reads which are angular. */
  readonly impulses: JointImpulses;
  /**
   * False when the kind's rows act on body B alone (the mouse joint: body A is only a reference, its record has no
   * body A), so that the colouring leaves A's colours free.
   */
  readonly movesBodyA: boolean;
  /**
   * Record slot of the factor by which body B's share of a linear impulse is scaled (the pulley's ratio), −1 for 1:
   * the effective mass of the impulse bound (impulse-bound.ts).
   */
  readonly boundRatioAt: number;
  /**
   * Writes the kind's own slots of the records of its rows among rows `first` to `end` (exclusive), whose record
   * headers build-joint-records.ts has written: each row's record only, so the rows may be split among threads.
   */
  readonly prepare: (v: JointPrepareState, first: number, end: number) => void;
  /** Warm start of records `begin` to `end` (exclusive), all of this kind: applies their accumulated impulses. */
  readonly warmStart: (jc: Float64Array, begin: number, end: number, states: Float64Array) => void;
  /**
   * One solve (`useBias`) or relax sweep over records `begin` to `end`, backwards with `reverse` (see
   * solveJointRecords).
   */
  readonly solve: (
    jc: Float64Array,
    begin: number,
    end: number,
    states: Float64Array,
    params: Float64Array,
    useBias: boolean,
    reverse: boolean,
  ) => void;
  /**
   * Classic mode's non-linear position pass over records `begin` to `end` ('ngs' correction), returning the largest
   * gap it met (m); null for a kind without one.
   */
  readonly solvePositionsClassic:
    ((jc: Float64Array, begin: number, end: number, states: Float64Array) => number) | null;
}
