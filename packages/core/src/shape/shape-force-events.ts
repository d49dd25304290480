import { checkThreshold } from '../errors.js';
import type { ShapeId } from '../handles.js';
import { assertUnlocked, getPhysics, type PhysicsWorld } from '../state/physics-state.js';
import { shapeRow } from './shape-api.js';

// A shape's contact force threshold (ShapeDef.contactForceThreshold): the step reports a contact force event for each
// contact whose total normal force exceeds the smaller threshold of its two shapes (events/force-events.ts).

/**
 * Sets the total normal force (N, ≥ 0; Infinity: off) above which the shape's contacts report contact force events
 * (ShapeDef.contactForceThreshold). Takes effect from the next step.
 *
 * @throws PhysicsError `NOT_A_SHAPE` / `STALE_HANDLE` for a bad shape, `INVALID_ARGUMENT` for NaN or a negative
 *   threshold, `WORLD_LOCKED` during a step.
 */
export function setShapeContactForceThreshold(world: PhysicsWorld, shape: ShapeId, threshold: number): void {
  const p = getPhysics(world);
  assertUnlocked(p);
  const row = shapeRow(p, shape);
  checkThreshold(threshold, 'contactForceThreshold');
  p.shapes.setContactForceThreshold(row, threshold);
}

/**
 * The shape's contact force threshold (N; Infinity when its contacts report no contact force events).
 *
 * @throws PhysicsError `NOT_A_SHAPE` / `STALE_HANDLE` unless `shape` is a live shape of this world.
 */
export function getShapeContactForceThreshold(world: PhysicsWorld, shape: ShapeId): number {
  const p = getPhysics(world);
  return p.shapes.contactForceThreshold[shapeRow(p, shape)];
}
