/**
 * The solver's passes, as Box2D v3 names its solver stages: what a block of solver work runs over its rows. A block
 * is a pass, the graph colour of its rows, its direction and its rows, each a field of its own (solveRange's
 * arguments; on the step workers, slots of the control block, job-control.ts). solve-range.ts's PASS_HANDLERS maps
 * each pass to the routine that runs it: one dispatch per block of rows, never one per row.
 *
 * Numbered in the order a step runs them. The numbers only index the handler table and the workers' per-pass counts,
 * so a new pass may take any free number; adding one is described in CONTRIBUTING.md.
 */
export const SolverPass = {
  /** The joint record builder (prepareJoints), over joint rows. */
  prepareJoints: 0,
  /**
   * The contact constraint builder (prepareContacts), over the colouring's list of rows with a record
   * (solverData.constrainedRows); chunk k's flags to chunkFound.
   */
  prepareContacts: 1,
  /** Over body states (rows from 1): gravity, forces and damping into the velocities. */
  integrateVelocities: 2,
  /** Over the joint records of one colour (rows are record indices), kind after kind. */
  jointWarmStart: 3,
  /** Over the plain pins of one colour (rows are pin indices). */
  pinWarmStart: 4,
  /** Over contact records (rows are record indices, laid out colour by colour). */
  warmStart: 5,
  /** Over body states: the speed limit after the warm starts (worlds with joint records only). */
  clampVelocities: 6,
  jointSolve: 7,
  pinSolve: 8,
  solve: 9,
  /** Over body states: the velocities into the positions. */
  integratePositions: 10,
  jointRelax: 11,
  pinRelax: 12,
  relax: 13,
  /** Over contact records, after the substeps. */
  restitution: 14,
  /** Over the constrainedRows list: the accumulated impulses back on the contacts for the next step's warm start. */
  storeImpulses: 15,
  /** The finalize stage's write-back, over body states (rows from 1); chunk k's entries start at row first − 1. */
  writeBack: 16,
} as const;

/** A pass's number (see {@link SolverPass}). */
export type SolverPassId = (typeof SolverPass)[keyof typeof SolverPass];
/** A pass's name (see {@link SolverPass}). */
export type SolverPassName = keyof typeof SolverPass;

/** How many passes there are: the length of the handler table and of the workers' per-pass counts. */
export const SOLVER_PASS_COUNT = Object.keys(SolverPass).length;

/**
 * The colour of a block whose rows are not those of one graph colour: bodies, contact table rows, joint rows, or a
 * whole sweep of the records on one thread.
 */
export const NO_COLOUR = -1;
