import type { JointId, ShapeId } from '../handles.js';
import { getPhysics, type PhysicsWorld } from '../state/physics-state.js';
import * as E from '../state/event-store.js';
import type { ContactForceEventList, JointEventList } from './event-lists.js';
import type { PairEvent } from './events-api.js';

// Readers of the last step's force events: joints whose reaction reached a threshold (JointDefBase.forceThreshold,
// torqueThreshold) and contacts that pushed harder than their shapes' contactForceThreshold. The `get…Events` readers
// allocate the objects they return; the `…Into` readers fill a caller-owned list and allocate nothing once it has
// grown to the step's count.

/**
 * A joint whose reaction force reached its forceThreshold, or whose reaction torque reached its torqueThreshold, in
 * the last step (Box2D's joint events): the joint is not destroyed, `destroyJoint` on the event makes it breakable.
 */
export interface JointEvent {
  /** The joint. */
  joint: JointId;
  /** Magnitude of its reaction force on body B in the step (N; see getJointReactionForce). */
  force: number;
  /** Magnitude of its reaction torque on body B in the step (N m). */
  torque: number;
}

/**
 * A contact whose total normal force exceeded the smaller contactForceThreshold of its two shapes in the last step
 * (Rapier's contact force events).
 */
export interface ContactForceEvent extends PairEvent {
  /** The contact normal, from shape A to shape B (world, unit). */
  normal: { x: number; y: number };
  /** Sum of the contact points' normal forces (N): their normal impulses over the substep length. */
  totalNormalForce: number;
  /** The largest of the points' normal forces (N). */
  maxNormalForce: number;
}

/**
 * The joint events of the last step, in joint creation order (swap-remove order once joints were destroyed): every
 * joint with a solver record in the step (awake, with a body that moves) whose reaction force ≥ its forceThreshold or
 * torque ≥ its torqueThreshold. Allocates; see getJointEventsInto.
 */
export function getJointEvents(world: PhysicsWorld): JointEvent[] {
  const buffer = getPhysics(world).events.joint;
  const d = buffer.data;
  const out: JointEvent[] = [];
  for (let i = 0; i < buffer.count; i++) {
    const o = i * E.JEV_STRIDE;
    out.push({ joint: d[o + E.JEV_JOINT] as JointId, force: d[o + E.JEV_FORCE], torque: d[o + E.JEV_TORQUE] });
  }
  return out;
}

/** getJointEvents into a caller-owned list (cleared first); returns the number of events. */
export function getJointEventsInto(world: PhysicsWorld, out: JointEventList): number {
  const buffer = getPhysics(world).events.joint;
  const d = buffer.data;
  const n = buffer.count;
  out.reserve(n);
  for (let i = 0; i < n; i++) {
    const o = i * E.JEV_STRIDE;
    out.joint[i] = d[o + E.JEV_JOINT] as JointId;
    out.force[i] = d[o + E.JEV_FORCE];
    out.torque[i] = d[o + E.JEV_TORQUE];
  }
  out.count = n;
  return n;
}

/**
 * The contact force events of the last step, in the solver's order of contacts (the same for any thread count): each
 * contact the solver handled (touching, not a sensor, with an awake body that moves) whose points' normal forces sum
 * to more than the smaller contactForceThreshold of its two shapes. Allocates; see getContactForceEventsInto.
 */
export function getContactForceEvents(world: PhysicsWorld): ContactForceEvent[] {
  const p = getPhysics(world);
  const buffer = p.events.contactForce;
  const d = buffer.data;
  const handles = p.bodies.handle;
  const out: ContactForceEvent[] = [];
  for (let i = 0; i < buffer.count; i++) {
    const o = i * E.CF_STRIDE;
    out.push({
      shapeA: d[o + E.CF_SHAPE_A] as ShapeId,
      shapeB: d[o + E.CF_SHAPE_B] as ShapeId,
      bodyA: handles[d[o + E.CF_BODY_A]],
      bodyB: handles[d[o + E.CF_BODY_B]],
      normal: { x: d[o + E.CF_NORMAL_X], y: d[o + E.CF_NORMAL_Y] },
      totalNormalForce: d[o + E.CF_TOTAL_FORCE],
      maxNormalForce: d[o + E.CF_MAX_FORCE],
    });
  }
  return out;
}

/** getContactForceEvents into a caller-owned list (cleared first); returns the number of events. */
export function getContactForceEventsInto(world: PhysicsWorld, out: ContactForceEventList): number {
  const p = getPhysics(world);
  const buffer = p.events.contactForce;
  const d = buffer.data;
  const handles = p.bodies.handle;
  const n = buffer.count;
  out.reserve(n);
  for (let i = 0; i < n; i++) {
    const o = i * E.CF_STRIDE;
    out.shapeA[i] = d[o + E.CF_SHAPE_A] as ShapeId;
    out.shapeB[i] = d[o + E.CF_SHAPE_B] as ShapeId;
    out.bodyA[i] = handles[d[o + E.CF_BODY_A]];
    out.bodyB[i] = handles[d[o + E.CF_BODY_B]];
    out.normalX[i] = d[o + E.CF_NORMAL_X];
    out.normalY[i] = d[o + E.CF_NORMAL_Y];
    out.totalNormalForce[i] = d[o + E.CF_TOTAL_FORCE];
    out.maxNormalForce[i] = d[o + E.CF_MAX_FORCE];
  }
  out.count = n;
  return n;
}
