import { checkFinite, checkVec2 } from '../errors.js';
import type { JointId } from '../handles.js';
import type { Vec2Like } from '../math/vec2.js';
import type { PhysicsWorld } from '../state/physics-state.js';
import {
  JF_ANCHOR_AX,
  JF_ANCHOR_AY,
  JF_ANCHOR_BX,
  JF_ANCHOR_BY,
  JF_AXIS_X,
  JF_AXIS_Y,
  JF_REFERENCE_ANGLE,
} from '../state/joint-store.js';
import { jointRow, mutableRow, wakeJoint } from './joint-access.js';
import { requireFeature } from './joint-api.js';
import { axisScratch, unitAxis, writeReferenceAngle } from './joint-create.js';

// The joint's frame on each body, settable after creation as Box2D's b2Joint_SetLocalFrameA/B: the local anchors,
// the axis of a prismatic or wheel joint, and the reference angle. The solver reads them afresh each step; the
// impulses carried from step to step stay (they are forces in world axes, not positions).

/**
 * Local anchor on body A (m, A's frame). Allocates: for API use.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE` (see {@link PhysicsErrorCode}).
 */
export function getJointLocalAnchorA(world: PhysicsWorld, joint: JointId): { x: number; y: number } {
  const { p, row } = jointRow(world, joint);
  return { x: p.joints.f[JF_ANCHOR_AX][row], y: p.joints.f[JF_ANCHOR_AY][row] };
}

/**
 * Local anchor on body B (m, B's frame). Allocates: for API use.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE` (see {@link PhysicsErrorCode}).
 */
export function getJointLocalAnchorB(world: PhysicsWorld, joint: JointId): { x: number; y: number } {
  const { p, row } = jointRow(world, joint);
  return { x: p.joints.f[JF_ANCHOR_BX][row], y: p.joints.f[JF_ANCHOR_BY][row] };
}

/**
 * Moves the joint's anchor on body A (m, A's frame relative to its origin): every kind with two anchors (distance,
 * revolute, prismatic, weld, wheel, pulley). A distance joint keeps its rest length, a pulley its rope lengths.
 * Wakes both bodies.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE`, `INVALID_ARGUMENT` (a kind without an anchor on A, a
 *   non-finite point), `WORLD_LOCKED` during a step.
 */
export function setJointLocalAnchorA(world: PhysicsWorld, joint: JointId, anchor: Vec2Like): void {
  const { p, row } = mutableRow(world, joint);
  requireFeature(p, row, 'setJointLocalAnchorA', 'localAnchorA');
  checkVec2(anchor, 'localAnchorA');
  p.joints.f[JF_ANCHOR_AX][row] = anchor.x;
  p.joints.f[JF_ANCHOR_AY][row] = anchor.y;
  wakeJoint(p, row);
}

/**
 * Moves the joint's anchor on body B (m, B's frame relative to its origin): the kinds with two anchors, and the
 * mouse joint's dragged point. Wakes both bodies.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE`, `INVALID_ARGUMENT` (a kind without an anchor on B, a
 *   non-finite point), `WORLD_LOCKED` during a step.
 */
export function setJointLocalAnchorB(world: PhysicsWorld, joint: JointId, anchor: Vec2Like): void {
  const { p, row } = mutableRow(world, joint);
  requireFeature(p, row, 'setJointLocalAnchorB', 'localAnchorB');
  checkVec2(anchor, 'localAnchorB');
  p.joints.f[JF_ANCHOR_BX][row] = anchor.x;
  p.joints.f[JF_ANCHOR_BY][row] = anchor.y;
  wakeJoint(p, row);
}

/**
 * The sliding axis of a prismatic or wheel joint, unit, in body A's frame. Allocates: for API use.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE`, `INVALID_ARGUMENT` for a kind without an axis.
 */
export function getJointLocalAxisA(world: PhysicsWorld, joint: JointId): { x: number; y: number } {
  const { p, row } = jointRow(world, joint);
  requireFeature(p, row, 'getJointLocalAxisA', 'axis');
  return { x: p.joints.f[JF_AXIS_X][row], y: p.joints.f[JF_AXIS_Y][row] };
}

/**
 * Turns the sliding axis of a prismatic or wheel joint (body A's frame; normalised, must not be zero). Limits, the
 * spring target and translations are measured along the new axis. Wakes both bodies.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE`, `INVALID_ARGUMENT` (a kind without an axis, a zero or
 *   non-finite axis), `WORLD_LOCKED` during a step.
 */
export function setJointLocalAxisA(world: PhysicsWorld, joint: JointId, axis: Vec2Like): void {
  const { p, row } = mutableRow(world, joint);
  requireFeature(p, row, 'setJointLocalAxisA', 'axis');
  unitAxis(axis, 'localAxisA', axisScratch);
  p.joints.f[JF_AXIS_X][row] = axisScratch[0];
  p.joints.f[JF_AXIS_Y][row] = axisScratch[1];
  wakeJoint(p, row);
}

/**
 * The reference angle of a revolute, prismatic or weld joint: the angleB − angleA at which its joint angle is zero
 * (rad).
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE`, `INVALID_ARGUMENT` for a kind without one.
 */
export function getJointReferenceAngle(world: PhysicsWorld, joint: JointId): number {
  const { p, row } = jointRow(world, joint);
  requireFeature(p, row, 'getJointReferenceAngle', 'referenceAngle');
  return p.joints.f[JF_REFERENCE_ANGLE][row];
}

/**
 * Sets the reference angle of a revolute, prismatic or weld joint (rad, finite): the angleB − angleA the joint holds
 * or measures its angle from. Limits and a revolute's spring target are relative to it. Wakes both bodies.
 *
 * @throws PhysicsError `NOT_A_JOINT`, `STALE_HANDLE`, `INVALID_ARGUMENT` (a kind without one, a non-finite angle),
 *   `WORLD_LOCKED` during a step.
 */
export function setJointReferenceAngle(world: PhysicsWorld, joint: JointId, angle: number): void {
  const { p, row } = mutableRow(world, joint);
  requireFeature(p, row, 'setJointReferenceAngle', 'referenceAngle');
  checkFinite(angle, 'referenceAngle');
  writeReferenceAngle(p, row, JF_REFERENCE_ANGLE, angle);
  wakeJoint(p, row);
}
