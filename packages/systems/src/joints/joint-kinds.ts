import { JOINT_TYPE_NAMES, type JointTypeName } from '@impulse2d/core/internal';
import { distanceSolver } from './distance.js';
import { filterSolver } from './filter.js';
import type { JointKindSolver } from './joint-kind.js';
import { motorSolver } from './motor.js';
import { mouseSolver } from './mouse.js';
import { prismaticSolver } from './prismatic.js';
import { pulleySolver } from './pulley.js';
import { revoluteSolver } from './revolute.js';
import { weldSolver } from './weld.js';
import { wheelSolver } from './wheel.js';

/** The table in JointType order, from one entry per name (the compiler asks for an entry for every JointType). */
function byType(kinds: { readonly [name in JointTypeName]: JointKindSolver }): readonly JointKindSolver[] {
  return JOINT_TYPE_NAMES.map((name) => kinds[name]);
}

/**
 * The solver's joint kinds, indexed by numeric JointType as the core's JOINT_KINDS: what the record builder, the
 * colouring, the impulse bound and the substep passes call for each kind (see JointKindSolver).
 */
export const JOINT_KINDS: readonly JointKindSolver[] = byType({
  distance: distanceSolver,
  revolute: revoluteSolver,
  prismatic: prismaticSolver,
  weld: weldSolver,
  wheel: wheelSolver,
  mouse: mouseSolver,
  motor: motorSolver,
  pulley: pulleySolver,
  filter: filterSolver,
});
