import { checkFinite, checkNonNegative } from '../errors.js';
import type { ShapeId } from '../handles.js';
import { getPhysics, type PhysicsWorld } from '../state/physics-state.js';
import { checkUserMaterialId } from './shape-def.js';
import { setMaterialColumn, shapeRow } from './shape-api.js';

/*
 * A shape's surface material beyond friction and restitution (shape-api.ts), settable at any time between steps: the
 * shape's touching contacts mix it again at once (contact-lifecycle.ts mixMaterial), so the next step uses it.
 */

/**
 * Sets a shape's rolling resistance (dimensionless, ≥ 0; ShapeDef.rollingResistance): a torque that slows circles
 * and capsules rolling on it. A pair takes the larger of its two shapes' values.
 *
 * @throws PhysicsError `NOT_A_SHAPE` / `STALE_HANDLE` for a bad shape, `WORLD_LOCKED` during a step,
 *   `INVALID_ARGUMENT` for a negative or non-finite value.
 */
export function setRollingResistance(world: PhysicsWorld, shape: ShapeId, rollingResistance: number): void {
  setMaterialColumn(world, shape, 'rollingResistance', rollingResistance, checkNonNegative);
}

/**
 * A shape's rolling resistance (dimensionless).
 *
 * @throws PhysicsError `NOT_A_SHAPE` / `STALE_HANDLE` unless `shape` is a live shape of this world.
 */
export function getRollingResistance(world: PhysicsWorld, shape: ShapeId): number {
  const p = getPhysics(world);
  return p.shapes.rollingResistance[shapeRow(p, shape)];
}

/**
 * Sets a shape's surface speed (m/s; ShapeDef.tangentSpeed), for conveyor belts: its surface moves as if the shape
 * spun counter-clockwise, so a positive speed carries a body lying on top of it toward −x. A pair's speeds add.
 *
 * @throws PhysicsError `NOT_A_SHAPE` / `STALE_HANDLE` for a bad shape, `WORLD_LOCKED` during a step,
 *   `INVALID_ARGUMENT` for a non-finite value.
 */
export function setTangentSpeed(world: PhysicsWorld, shape: ShapeId, tangentSpeed: number): void {
  setMaterialColumn(world, shape, 'tangentSpeed', tangentSpeed, checkFinite);
}

/**
 * A shape's surface speed (m/s).
 *
 * @throws PhysicsError `NOT_A_SHAPE` / `STALE_HANDLE` unless `shape` is a live shape of this world.
 */
export function getTangentSpeed(world: PhysicsWorld, shape: ShapeId): number {
  const p = getPhysics(world);
  return p.shapes.tangentSpeed[shapeRow(p, shape)];
}

/**
 * Sets a shape's user material id (ShapeDef.userMaterialId, a 32-bit integer), which the world's friction and
 * restitution callbacks receive; its touching contacts are mixed again with it.
 *
 * @throws PhysicsError `NOT_A_SHAPE` / `STALE_HANDLE` for a bad shape, `WORLD_LOCKED` during a step,
 *   `INVALID_ARGUMENT` for a value that is not a 32-bit integer.
 */
export function setUserMaterialId(world: PhysicsWorld, shape: ShapeId, userMaterialId: number): void {
  setMaterialColumn(world, shape, 'userMaterial', userMaterialId, checkUserMaterialId);
}

/**
 * A shape's user material id.
 *
 * @throws PhysicsError `NOT_A_SHAPE` / `STALE_HANDLE` unless `shape` is a live shape of this world.
 */
export function getUserMaterialId(world: PhysicsWorld, shape: ShapeId): number {
  const p = getPhysics(world);
  return p.shapes.userMaterial[shapeRow(p, shape)];
}
