import type { PhysicsState, PhysicsWorld } from '../../state/physics-state.js';
import { beginJointEdit, checkedBodies, checkJointBase, flagsOf, writeJointBase } from '../joint-create.js';
import { defaultJointDefBase, type JointDefBase } from '../joint-defs.js';
import { jointImpulses, type JointKind } from '../joint-kind.js';
import { allocateJoint } from '../../lifecycle/joint-lifecycle.js';
import { bodyAnchorsToWorld } from '../joint-math.js';
import { JointType } from '../../state/joint-store.js';
import type { BodyId, JointId } from '../../handles.js';

// The filter joint (Box2D v3.1's filter joint, formerly its null joint): no constraint rows at all. While it exists,
// its two bodies do not collide with each other, and nothing else changes; destroying it lets them collide again.
// It is the joint machinery's collideConnected = false on its own (joint-lifecycle.ts: allocateJoint drops their
// contacts, jointsAllowCollision refuses their new pairs). Like every joint it links its bodies into one island,
// so they sleep and wake together. The solver's half, which never runs, is systems/src/joints/filter.ts.

// ---- Definition and creation ----

/**
 * Keeps two bodies from colliding with each other, and does nothing else. Its base fields are those of every joint:
 * collideConnected true (or setJointCollideConnected) lets the bodies collide again while the joint stays; it has no
 * reaction, so its thresholds never report an event.
 */
export type FilterJointDef = JointDefBase;

/** A fresh filter joint definition: no bodies yet (both are required), the bodies kept from colliding. */
export function defaultFilterJointDef(): FilterJointDef {
  return defaultJointDefBase();
}

/**
 * Creates a filter joint: bodyA and bodyB stop colliding with each other (their current contacts end now) until the
 * joint is destroyed. Returns its handle (a JointId).
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` for a bad bodyA or bodyB, `INVALID_ARGUMENT` for the same body
 *   twice, `WORLD_LOCKED` during a step.
 */
export function createFilterJoint(
  world: PhysicsWorld,
  def: Partial<FilterJointDef> & { bodyA: BodyId; bodyB: BodyId },
): JointId {
  const p = beginJointEdit(world);
  const d: FilterJointDef = { ...defaultFilterJointDef(), ...def };
  checkJointBase(p, d);
  // collideConnected off (the default) is the whole joint.
  const row = allocateJoint(
    world,
    p,
    JointType.filter,
    checkedBodies[0],
    checkedBodies[1],
    flagsOf(d, false, false, false),
  );
  writeJointBase(p, row, d);
  return p.joints.handle[row];
}

// ---- Impulse slots: none (no rows, so no solver record) ----

export const FILTER_IMPULSES = jointImpulses({}, {});

// ---- Reaction and drawing ----

function noReaction(_p: PhysicsState, _row: number, out: Float64Array): void {
  out[0] = 0;
  out[1] = 0;
  out[2] = 0;
}

/** Nothing acts where a filter joint is; its effect shows as the contacts that are not there. */
function drawNothing(): void {}

/** The filter kind (see JointKind); its anchors are its bodies' origins. */
export const filterJoint: JointKind = {
  name: 'filter',
  impulses: FILTER_IMPULSES,
  record: {},
  features: {
    springSettings: false,
    referenceAngle: false,
    axis: false,
    maxForce: false,
    springTarget: false,
    springForceRange: false,
    localAnchorA: false,
    localAnchorB: false,
  },
  limits: null,
  worldAnchors: bodyAnchorsToWorld,
  reaction: noReaction,
  draw: drawNothing,
};
