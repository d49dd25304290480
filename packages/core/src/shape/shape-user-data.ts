import type { ShapeId } from '../handles.js';
import { getPhysics, type PhysicsWorld } from '../state/physics-state.js';
import { shapeRow } from './shape-api.js';

/**
 * Attaches any JavaScript value to a shape (Box2D's b2Shape_SetUserData), or removes it with undefined; destroying
 * the shape drops it. (Bodies need none: a body is an entity, so its data lives in the user's own components.) User
 * data is kept on the main thread with the world and is not part of snapshots: a restore leaves the values of the
 * shapes that stay as they are, and a shape a restore brings back (destroyed since the snapshot) has none.
 *
 * @throws PhysicsError `NOT_A_SHAPE` / `STALE_HANDLE` unless `shape` is a live shape of this world.
 */
export function setShapeUserData(world: PhysicsWorld, shape: ShapeId, data: unknown): void {
  const p = getPhysics(world);
  const row = shapeRow(p, shape);
  const s = p.shapes;
  while (s.userData.length < row) {
    s.userData.push(undefined);
    s.userDataHandle.push(-1);
  }
  s.userData[row] = data;
  s.userDataHandle[row] = shape;
}

/**
 * The value setShapeUserData attached to the shape, or undefined.
 *
 * @throws PhysicsError `NOT_A_SHAPE` / `STALE_HANDLE` unless `shape` is a live shape of this world.
 */
export function getShapeUserData(world: PhysicsWorld, shape: ShapeId): unknown {
  const p = getPhysics(world);
  const row = shapeRow(p, shape);
  const s = p.shapes;
  return row < s.userData.length && s.userDataHandle[row] === shape ? s.userData[row] : undefined;
}
