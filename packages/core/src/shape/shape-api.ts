import { requireBody, requireShapeRow } from '../state/require-handle.js';
import { updateBodyMass } from '../lifecycle/body-mass.js';
import { wakeIsland } from '../lifecycle/body-sleep.js';
import { destroyShapeContacts, remixShapeContacts, wakeTouching } from '../lifecycle/contact-lifecycle.js';
import { checkNonNegative, checkFinite, checkThreshold, PhysicsError } from '../errors.js';
import { writeGeometry, type ShapeGeometry } from '../geometry/index.js';
import { SHAPE_TYPE_COUNT, ShapeType } from '../geometry/shape-type.js';
import { assertUnlocked, getPhysics, type PhysicsState, type PhysicsWorld } from '../state/physics-state.js';
import { checkUserMaterialId, defaultFilter, defaultShapeDef, type FilterDef, type ShapeDef } from './shape-def.js';
import type { BodyId, ShapeId } from '../handles.js';
import { shapeHandle } from '../state/shape-handle.js';
import { bufferMove, createShapeProxy, destroyShapeProxy, pairMaskBits } from '../lifecycle/shape-proxy.js';
import { checkOneWayNormal, writeOneWayNormal } from './one-way-normal.js';

export function handleOf(p: PhysicsState, row: number): ShapeId {
  return shapeHandle(p.shapes, row);
}

/** Resolves a shape handle to its row, or throws NOT_A_SHAPE / STALE_HANDLE (state/require-handle.ts). */
export function shapeRow(p: PhysicsState, shape: ShapeId): number {
  return requireShapeRow(p, shape);
}

function validateFilter(f: FilterDef): void {
  for (const key of ['categoryBits', 'maskBits', 'groupIndex'] as const) {
    const v = f[key];
    if (typeof v !== 'number' || !Number.isInteger(v)) {
      throw new PhysicsError('INVALID_ARGUMENT', `filter.${key} must be an integer, got ${String(v)}`);
    }
  }
}

function validateShapeDef(d: ShapeDef): void {
  checkNonNegative(d.density, 'density');
  checkNonNegative(d.friction, 'friction');
  checkNonNegative(d.restitution, 'restitution');
  checkNonNegative(d.rollingResistance, 'rollingResistance');
  checkFinite(d.tangentSpeed, 'tangentSpeed');
  checkThreshold(d.contactForceThreshold, 'contactForceThreshold');
  checkOneWayNormal(d.oneWayNormal, 'oneWayNormal');
  checkUserMaterialId(d.userMaterialId);
  validateFilter(d.filter);
}

function validateGeometry(g: ShapeGeometry): void {
  if (
    g === null ||
    typeof g !== 'object' ||
    !(g.vertices instanceof Float64Array) ||
    !(g.type >= 0 && g.type < SHAPE_TYPE_COUNT)
  ) {
    throw new PhysicsError(
      'INVALID_ARGUMENT',
      'geometry must come from makeBox, makeCircle, makeCapsule, makePolygon or makeSegment',
    );
  }
}

/** Merges `def` over the defaults and validates it (throws PhysicsError). Shared by addShape and addChain. */
export function resolveShapeDef(def: ShapeDefInput | undefined): ShapeDef {
  const d: ShapeDef = { ...defaultShapeDef(), ...(def ?? {}), filter: { ...defaultFilter(), ...(def?.filter ?? {}) } };
  validateShapeDef(d);
  return d;
}

/** Shape definition as addShape takes it: every field optional, the filter too (defaults fill the rest). */
export type ShapeDefInput = Partial<Omit<ShapeDef, 'filter'>> & { filter?: Partial<FilterDef> };

/**
 * Attaches a shape to a body; updates the body's mass. Returns the shape handle.
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE`, `WORLD_LOCKED` (see {@link PhysicsErrorCode}).
 */
export function addShape(world: PhysicsWorld, body: BodyId, geometry: ShapeGeometry, def?: ShapeDefInput): ShapeId {
  const p = getPhysics(world);
  assertUnlocked(p);
  const index = requireBody(p, body);
  validateGeometry(geometry);
  const d = resolveShapeDef(def);
  const row = insertShape(p, index, geometry, d);
  updateBodyMass(p, index);
  createShapeProxy(p, row);
  return handleOf(p, row);
}

/**
 * Creates the shape row (geometry, material, filter) and links it at the tail of the body's shape list. Inputs must
 * be validated. The caller then updates the body's mass and creates the broadphase proxy; split out so that addChain
 * can insert many segments and update the mass once.
 */
export function insertShape(p: PhysicsState, body: number, geometry: ShapeGeometry, d: ShapeDef): number {
  const s = p.shapes;
  const row = s.allocate();
  s.count++;
  s.alive[row] = 1;
  writeGeometry(s.geometry, row, geometry);
  s.body[row] = body;
  s.density[row] = d.density;
  s.friction[row] = d.friction;
  s.restitution[row] = d.restitution;
  s.rollingResistance[row] = d.rollingResistance;
  s.tangentSpeed[row] = d.tangentSpeed;
  s.userMaterial[row] = d.userMaterialId;
  s.categoryBits[row] = d.filter.categoryBits >>> 0;
  s.maskBits[row] = d.filter.maskBits >>> 0;
  s.groupIndex[row] = d.filter.groupIndex | 0;
  s.sensor[row] = d.isSensor ? 1 : 0;
  s.hitEvents[row] = d.enableHitEvents ? 1 : 0;
  s.contactForceThreshold[row] = Infinity;
  s.setContactForceThreshold(row, d.contactForceThreshold);
  writeOneWayNormal(s, row, d.oneWayNormal);
  s.sensorDisabled[row] = 0;
  s.moved[row] = 0;
  s.proxy[row] = -1;
  // Append at the tail so a body's shapes keep their creation order.
  const b = p.bodies;
  s.next[row] = -1;
  if (b.shapeHead[body] === -1) b.shapeHead[body] = row;
  else {
    let tail = b.shapeHead[body];
    while (s.next[tail] !== -1) tail = s.next[tail];
    s.next[tail] = row;
  }
  b.shapeCount[body] = b.shapeCount[body] + 1;
  return row;
}

/**
 * Removes a shape from its body; updates the body's mass.
 *
 * @throws PhysicsError `NOT_A_SHAPE`, `STALE_HANDLE`, `WORLD_LOCKED` (see {@link PhysicsErrorCode}).
 */
export function destroyShape(world: PhysicsWorld, shape: ShapeId): void {
  const p = getPhysics(world);
  assertUnlocked(p);
  const row = shapeRow(p, shape);
  const s = p.shapes;
  const b = p.bodies;
  const body = s.body[row];
  destroyShapeContacts(p, row, body);
  destroyShapeProxy(p, row);
  // Unlink from the body's shape list.
  if (b.shapeHead[body] === row) b.shapeHead[body] = s.next[row];
  else {
    let prev = b.shapeHead[body];
    while (s.next[prev] !== row) prev = s.next[prev];
    s.next[prev] = s.next[row];
  }
  b.shapeCount[body] = b.shapeCount[body] - 1;
  s.release(row);
  updateBodyMass(p, body);
}

/**
 * Replaces a shape's geometry in place (Box2D's b2Shape_SetCircle, b2Shape_SetPolygon, …): a circle's radius, a box's
 * size, a polygon's vertices, or another kind of shape altogether; the shape keeps its handle, material, filter, sensor
 * flag and user data. Its body's mass, centre of mass and inertia are computed again from its shapes (dropping a
 * setMassData override), its contacts are destroyed (touching ones report contact end) and found again on the next
 * step with the new geometry, its broadphase proxy is made again, and the bodies around it wake. A chain's segments
 * belong to their chain and cannot be changed this way, nor can a shape become a chain segment.
 *
 * @throws PhysicsError `NOT_A_SHAPE`, `STALE_HANDLE`, `INVALID_ARGUMENT` (a geometry not made by makeBox,
 *   makeCircle, makeCapsule, makePolygon or makeSegment; a chain segment), `WORLD_LOCKED` (see {@link PhysicsErrorCode}).
 */
export function setShapeGeometry(world: PhysicsWorld, shape: ShapeId, geometry: ShapeGeometry): void {
  const p = getPhysics(world);
  assertUnlocked(p);
  const row = shapeRow(p, shape);
  validateGeometry(geometry);
  const s = p.shapes;
  if (s.geometry.type[row] === ShapeType.chainSegment || geometry.type === ShapeType.chainSegment) {
    throw new PhysicsError('INVALID_ARGUMENT', 'a chain segment is changed with its chain, not with setShapeGeometry');
  }
  const body = s.body[row];
  wakeIsland(p, body);
  wakeTouching(p, body);
  destroyShapeContacts(p, row, body);
  destroyShapeProxy(p, row);
  writeGeometry(s.geometry, row, geometry);
  updateBodyMass(p, body);
  createShapeProxy(p, row);
}

/**
 * Shape handles of a body, in creation order.
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE` (see {@link PhysicsErrorCode}).
 */
export function getBodyShapes(world: PhysicsWorld, body: BodyId): ShapeId[] {
  const p = getPhysics(world);
  const index = requireBody(p, body);
  const out: ShapeId[] = [];
  const s = p.shapes;
  for (let sh = p.bodies.shapeHead[index]; sh !== -1; sh = s.next[sh]) out.push(handleOf(p, sh));
  return out;
}

/**
 * The body (its handle) a shape is attached to.
 *
 * @throws PhysicsError `NOT_A_SHAPE` / `STALE_HANDLE` unless `shape` is a live shape of this world.
 */
export function getShapeBody(world: PhysicsWorld, shape: ShapeId): BodyId {
  const p = getPhysics(world);
  return p.bodies.handle[p.shapes.body[shapeRow(p, shape)]];
}

/** The shape columns of its surface material: a touching contact mixes them (contact-lifecycle.ts mixMaterial). */
type MaterialColumn = 'friction' | 'restitution' | 'rollingResistance' | 'tangentSpeed' | 'userMaterial';

/**
 * What every material setter does: checks the world is not stepping, the shape, then `check(value, column)`, all
 * before any change; writes the column and mixes the shape's touching contacts again, so the next step uses it.
 */
export function setMaterialColumn(
  world: PhysicsWorld,
  shape: ShapeId,
  column: MaterialColumn,
  value: number,
  check: (value: number, what: string) => void,
): void {
  const p = getPhysics(world);
  assertUnlocked(p);
  const row = shapeRow(p, shape);
  check(value, column);
  p.shapes[column][row] = value;
  remixShapeContacts(p, row);
}

/**
 * Sets a shape's Coulomb friction coefficient (dimensionless, ≥ 0). Existing contacts pick it up next step.
 *
 * @throws PhysicsError `NOT_A_SHAPE` / `STALE_HANDLE` for a bad shape, `WORLD_LOCKED` during a step, `INVALID_ARGUMENT` for a
 *   negative or non-finite value.
 */
export function setFriction(world: PhysicsWorld, shape: ShapeId, friction: number): void {
  setMaterialColumn(world, shape, 'friction', friction, checkNonNegative);
}

/**
 * A shape's friction coefficient (dimensionless).
 *
 * @throws PhysicsError `NOT_A_SHAPE` / `STALE_HANDLE` unless `shape` is a live shape of this world.
 */
export function getFriction(world: PhysicsWorld, shape: ShapeId): number {
  const p = getPhysics(world);
  return p.shapes.friction[shapeRow(p, shape)];
}

/**
 * Sets a shape's restitution (bounciness, 0 = none, 1 = elastic). Existing contacts pick it up next step.
 *
 * @throws PhysicsError `NOT_A_SHAPE` / `STALE_HANDLE` for a bad shape, `WORLD_LOCKED` during a step, `INVALID_ARGUMENT` for a
 *   negative or non-finite value.
 */
export function setRestitution(world: PhysicsWorld, shape: ShapeId, restitution: number): void {
  setMaterialColumn(world, shape, 'restitution', restitution, checkNonNegative);
}

/**
 * Turns contact hit events for a shape's contacts on or off (ShapeDef.enableHitEvents). Existing contacts pick it up
 * next step.
 *
 * @throws PhysicsError `NOT_A_SHAPE` / `STALE_HANDLE` for a bad shape, `WORLD_LOCKED` during a step, `INVALID_ARGUMENT` for a
 *   value that is not a boolean.
 */
export function setShapeHitEvents(world: PhysicsWorld, shape: ShapeId, enabled: boolean): void {
  const p = getPhysics(world);
  assertUnlocked(p);
  const row = shapeRow(p, shape);
  if (typeof enabled !== 'boolean') {
    throw new PhysicsError('INVALID_ARGUMENT', `enabled must be a boolean, got ${String(enabled)}`);
  }
  p.shapes.hitEvents[row] = enabled ? 1 : 0;
  remixShapeContacts(p, row);
}

/**
 * Whether a shape's contacts report hit events (ShapeDef.enableHitEvents).
 *
 * @throws PhysicsError `NOT_A_SHAPE` / `STALE_HANDLE` unless `shape` is a live shape of this world.
 */
export function getShapeHitEvents(world: PhysicsWorld, shape: ShapeId): boolean {
  const p = getPhysics(world);
  return p.shapes.hitEvents[shapeRow(p, shape)] === 1;
}

/**
 * A shape's restitution (dimensionless).
 *
 * @throws PhysicsError `NOT_A_SHAPE` / `STALE_HANDLE` unless `shape` is a live shape of this world.
 */
export function getRestitution(world: PhysicsWorld, shape: ShapeId): number {
  const p = getPhysics(world);
  return p.shapes.restitution[shapeRow(p, shape)];
}

/**
 * Sets a shape's density (kg/m²) and recomputes its body's mass, centre of mass and rotational inertia.
 *
 * @throws PhysicsError `NOT_A_SHAPE` / `STALE_HANDLE` for a bad shape, `WORLD_LOCKED` during a step, `INVALID_ARGUMENT` for a
 *   negative or non-finite value.
 */
export function setDensity(world: PhysicsWorld, shape: ShapeId, density: number): void {
  const p = getPhysics(world);
  assertUnlocked(p);
  const row = shapeRow(p, shape);
  checkNonNegative(density, 'density');
  p.shapes.density[row] = density;
  updateBodyMass(p, p.shapes.body[row]);
}

/**
 * A shape's density (kg/m²).
 *
 * @throws PhysicsError `NOT_A_SHAPE` / `STALE_HANDLE` unless `shape` is a live shape of this world.
 */
export function getDensity(world: PhysicsWorld, shape: ShapeId): number {
  const p = getPhysics(world);
  return p.shapes.density[shapeRow(p, shape)];
}

/**
 * Changes a shape's collision filter. Its contacts are destroyed (touching ones report contact end) and the pairs
 * that the new filter allows are found again on the next step; the bodies involved are woken, so nothing rests on a
 * pair that no longer exists. Fields left out of `filter` keep their current values.
 *
 * @throws PhysicsError `NOT_A_SHAPE`, `STALE_HANDLE`, `WORLD_LOCKED` (see {@link PhysicsErrorCode}).
 */
export function setShapeFilter(world: PhysicsWorld, shape: ShapeId, filter: Partial<FilterDef>): void {
  const p = getPhysics(world);
  assertUnlocked(p);
  const row = shapeRow(p, shape);
  const s = p.shapes;
  const next: FilterDef = { ...readFilter(p, row), ...filter };
  validateFilter(next);
  const body = s.body[row];
  wakeIsland(p, body);
  wakeTouching(p, body);
  destroyShapeContacts(p, row, body);
  s.categoryBits[row] = next.categoryBits >>> 0;
  s.maskBits[row] = next.maskBits >>> 0;
  s.groupIndex[row] = next.groupIndex | 0;
  const proxy = s.proxy[row];
  if (proxy !== -1) {
    p.broadphase.trees[s.tree[row]].setFilterBits(proxy, s.categoryBits[row], pairMaskBits(p, row));
    bufferMove(p, row);
  }
}

/**
 * A copy of a shape's collision filter (category bits, mask bits, group index).
 *
 * @throws PhysicsError `NOT_A_SHAPE` / `STALE_HANDLE` unless `shape` is a live shape of this world.
 */
export function getShapeFilter(world: PhysicsWorld, shape: ShapeId): FilterDef {
  const p = getPhysics(world);
  return readFilter(p, shapeRow(p, shape));
}

function readFilter(p: PhysicsState, row: number): FilterDef {
  const s = p.shapes;
  return { categoryBits: s.categoryBits[row], maskBits: s.maskBits[row], groupIndex: s.groupIndex[row] };
}
