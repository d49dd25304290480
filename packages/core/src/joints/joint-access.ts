import { PhysicsError } from '../errors.js';
import { assertUnlocked, getPhysics, type PhysicsState, type PhysicsWorld } from '../state/physics-state.js';
import { requireJoint, wakeBody } from '../lifecycle/joint-lifecycle.js';
import { JOINT_TYPE_NAMES } from '../state/joint-store.js';
import type { JointId } from '../handles.js';

// What the joint getters and setters share, the generic ones (joint-api.ts) and each kind's own (joints/kinds/*.ts).

/** The state and row of a live joint (NOT_A_JOINT / STALE_HANDLE otherwise), for a getter. */
export function jointRow(world: PhysicsWorld, joint: JointId): { p: PhysicsState; row: number } {
  const p = getPhysics(world);
  return { p, row: requireJoint(p, joint) };
}

/** jointRow for a setter: also WORLD_LOCKED inside a step. */
export function mutableRow(world: PhysicsWorld, joint: JointId): { p: PhysicsState; row: number } {
  const p = getPhysics(world);
  assertUnlocked(p);
  const row = requireJoint(p, joint);
  return { p, row };
}

/** Wakes both bodies' islands, so that a changed joint takes effect. */
export function wakeJoint(p: PhysicsState, row: number): void {
  wakeBody(p, p.joints.bodyA[row]);
  wakeBody(p, p.joints.bodyB[row]);
}

/** Throws INVALID_ARGUMENT (`what` does not apply to this kind) unless `applies`. */
export function requireApplies(p: PhysicsState, row: number, what: string, applies: boolean): asserts applies {
  if (!applies) {
    throw new PhysicsError(
      'INVALID_ARGUMENT',
      `${what} does not apply to a ${JOINT_TYPE_NAMES[p.joints.type[row]]} joint`,
    );
  }
}

/** requireApplies for a getter or setter of one kind. */
export function requireKind(p: PhysicsState, row: number, what: string, type: number): void {
  requireApplies(p, row, what, p.joints.type[row] === type);
}
