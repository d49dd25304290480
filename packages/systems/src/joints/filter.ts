import { FILTER_IMPULSES } from '@impulse2d/core/internal';
import type { JointKindSolver } from './joint-kind.js';

// The filter joint has no constraint rows (core kinds/filter.ts): having no impulse slots, its joints get no solver
// record and no colour (colour-joints.ts), so none of these routines is ever called.

function noRecords(): void {}

/** The filter kind's solver (see JointKindSolver): nothing to solve. */
export const filterSolver: JointKindSolver = {
  name: 'filter',
  impulses: FILTER_IMPULSES,
  movesBodyA: false,
  boundRatioAt: -1,
  prepare: noRecords,
  warmStart: noRecords,
  solve: noRecords,
  solvePositionsClassic: null,
};
