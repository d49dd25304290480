import { wakeIsland } from '../lifecycle/body-sleep.js';
import type { ShapeId } from '../handles.js';
import type { Vec2Like } from '../math/vec2.js';
import { ContactFlag } from '../state/contact-store.js';
import { assertUnlocked, getPhysics, type PhysicsState, type PhysicsWorld } from '../state/physics-state.js';
import { checkOneWayNormal, writeOneWayNormal } from './one-way-normal.js';
import { shapeRow } from './shape-api.js';

/**
 * Makes a shape one-way (a platform that stops only what comes from the side `normal` points to), or solid from every
 * side again with `null`. `normal` is body-local, so it turns with the body; any length above 1e-9 (only its
 * direction is kept). The rule (ShapeDef.oneWayNormal): a contact that begins to touch with its normal, from this
 * shape to the other, not pointing into the open side passes through, and keeps passing while the two shapes touch.
 *
 * Contacts of the shape that are passing through it decide again as they next touch, under the new normal (their
 * bodies are woken for it); contacts already touching keep touching.
 *
 * @throws PhysicsError `NOT_A_SHAPE` / `STALE_HANDLE` for a bad shape, `WORLD_LOCKED` during a step,
 *   `INVALID_ARGUMENT` for a normal that is not null or a finite, non-zero {x, y}. Nothing changes when it throws.
 */
export function setShapeOneWay(world: PhysicsWorld, shape: ShapeId, normal: Vec2Like | null): void {
  const p = getPhysics(world);
  assertUnlocked(p);
  const row = shapeRow(p, shape);
  checkOneWayNormal(normal, 'normal');
  writeOneWayNormal(p.shapes, row, normal);
  releasePassing(p, row);
}

/**
 * A shape's one-way normal, body-local and of unit length, or null when the shape is solid from every side.
 *
 * @throws PhysicsError `NOT_A_SHAPE` / `STALE_HANDLE` unless `shape` is a live shape of this world.
 */
export function getShapeOneWay(world: PhysicsWorld, shape: ShapeId): { x: number; y: number } | null {
  const p = getPhysics(world);
  const row = shapeRow(p, shape);
  const s = p.shapes;
  const x = s.oneWayX[row];
  const y = s.oneWayY[row];
  return x === 0 && y === 0 ? null : { x, y };
}

/**
 * Every contact of shape `row` that is passing through goes back to "not touching, no points", so that the
 * narrowphase finds it touching again and the one-way rule decides afresh; its bodies are woken so that this happens
 * on the next step.
 */
function releasePassing(p: PhysicsState, row: number): void {
  const c = p.contacts;
  for (let e = p.bodies.contactHead[p.shapes.body[row]]; e !== -1; e = c.edgeNext[e]) {
    const id = e >> 1;
    if ((c.flags[id] & ContactFlag.passing) === 0 || (c.shapeA[id] !== row && c.shapeB[id] !== row)) continue;
    c.flags[id] = c.flags[id] & ~ContactFlag.passing;
    c.pointCount[id] = 0;
    c.cacheValid[id] = 0;
    wakeIsland(p, c.bodyA[id]);
    wakeIsland(p, c.bodyB[id]);
  }
}
