import type { JointKind } from './joint-kind.js';
import { JOINT_TYPE_NAMES, type JointTypeName } from '../state/joint-store.js';
import { distanceJoint } from './kinds/distance.js';
import { filterJoint } from './kinds/filter.js';
import { motorJoint } from './kinds/motor.js';
import { mouseJoint } from './kinds/mouse.js';
import { prismaticJoint } from './kinds/prismatic.js';
import { pulleyJoint } from './kinds/pulley.js';
import { revoluteJoint } from './kinds/revolute.js';
import { weldJoint } from './kinds/weld.js';
import { wheelJoint } from './kinds/wheel.js';

// Everything each kind module declares (definitions, creators, impulse slots, record overlays), for internal.ts.
export * from './kinds/distance.js';
export * from './kinds/filter.js';
export * from './kinds/motor.js';
export * from './kinds/mouse.js';
export * from './kinds/prismatic.js';
export * from './kinds/pulley.js';
export * from './kinds/revolute.js';
export * from './kinds/weld.js';
export * from './kinds/wheel.js';

/** The table in JointType order, from one entry per name (the compiler asks for an entry for every JointType). */
function byType(kinds: { readonly [name in JointTypeName]: JointKind }): readonly JointKind[] {
  return JOINT_TYPE_NAMES.map((name) => kinds[name]);
}

/**
 * The joint kinds, indexed by numeric JointType: what the generic joint API and debugDraw know of each (see
 * JointKind); the solver's half has a table of its own in @impulse2d/systems. A new kind is a module in ./kinds, a
 * JointType entry and an entry here (CONTRIBUTING.md, "Adding a joint kind"). Marked pure so that a bundle that never
 * reads the table (the step worker's) drops the kinds' API and drawing code.
 */
export const JOINT_KINDS: readonly JointKind[] = /* @__PURE__ */ byType({
  distance: distanceJoint,
  revolute: revoluteJoint,
  prismatic: prismaticJoint,
  weld: weldJoint,
  wheel: wheelJoint,
  mouse: mouseJoint,
  motor: motorJoint,
  pulley: pulleyJoint,
  filter: filterJoint,
});
