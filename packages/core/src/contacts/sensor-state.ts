import { PhysicsError } from '../errors.js';
import type { ShapeId } from '../handles.js';
import { destroyShapeContacts } from '../lifecycle/contact-lifecycle.js';
import { bufferMove, pairMaskBits } from '../lifecycle/shape-proxy.js';
import { ShapeHits } from '../queries/query-results.js';
import { shapeRow } from '../shape/shape-api.js';
import { ContactFlag } from '../state/contact-store.js';
import { assertUnlocked, getPhysics, type PhysicsState, type PhysicsWorld } from '../state/physics-state.js';
import { shapeHandle } from '../state/shape-handle.js';

/**
 * The shapes inside a sensor now: those whose overlap with it began and has not ended, as the sensor begin/end events
 * report them (a shape overlaps when the last step's narrowphase found the two actually penetrating, not just within
 * the speculative margin). In shape order (see ShapeId). Allocates the array it returns; per-frame code uses
 * getSensorOverlapsInto.
 *
 * @throws PhysicsError `NOT_A_SHAPE` / `STALE_HANDLE` for a bad shape, `INVALID_ARGUMENT` for a shape that is not a
 *   sensor.
 */
export function getSensorOverlaps(world: PhysicsWorld, sensorShape: ShapeId): ShapeId[] {
  const n = getSensorOverlapsInto(world, sensorShape, hits);
  const out: ShapeId[] = [];
  for (let i = 0; i < n; i++) out.push(hits.shape[i]);
  return out;
}

/**
 * As getSensorOverlaps, into a caller-owned ShapeHits buffer (cleared first: the shapes and their bodies' handles,
 * in shape order, see ShapeId); returns the count. Allocation-free once the buffer has grown to the overlap count.
 *
 * @throws PhysicsError `NOT_A_SHAPE` / `STALE_HANDLE` for a bad shape, `INVALID_ARGUMENT` for a shape that is not a
 *   sensor or a buffer that is not a ShapeHits.
 */
export function getSensorOverlapsInto(world: PhysicsWorld, sensorShape: ShapeId, out: ShapeHits): number {
  const p = getPhysics(world);
  const row = sensorRow(p, sensorShape);
  if (!(out instanceof ShapeHits)) throw new PhysicsError('INVALID_ARGUMENT', 'out must be a ShapeHits buffer');
  const c = p.contacts;
  const s = p.shapes;
  const handles = p.bodies.handle;
  out.clear();
  for (let e = p.bodies.contactHead[s.body[row]]; e !== -1; e = c.edgeNext[e]) {
    const id = e >> 1;
    if ((c.flags[id] & ContactFlag.touching) === 0) continue;
    const other = c.shapeA[id] === row ? c.shapeB[id] : c.shapeB[id] === row ? c.shapeA[id] : -1;
    if (other !== -1) out.push(handles[s.body[other]], shapeHandle(s, other));
  }
  out.sort();
  return out.count;
}

/**
 * Switches a sensor off (false) or on again (true). A sensor switched off reports nothing: its current overlaps end at
 * once, with a sensor end event each (readable right after the call, until the next step begins, as the events of
 * other calls that end contacts), and it finds no new ones. Switched on, it finds what overlaps it from the next step
 * (a sleeping body inside is found when it wakes). Setting the state it already has changes nothing.
 *
 * @throws PhysicsError `NOT_A_SHAPE` / `STALE_HANDLE` for a bad shape, `WORLD_LOCKED` during a step,
 *   `INVALID_ARGUMENT` for a shape that is not a sensor or a flag that is not a boolean.
 */
export function setSensorEnabled(world: PhysicsWorld, sensorShape: ShapeId, flag: boolean): void {
  const p = getPhysics(world);
  assertUnlocked(p);
  const row = sensorRow(p, sensorShape);
  if (typeof flag !== 'boolean') {
    throw new PhysicsError('INVALID_ARGUMENT', `flag must be a boolean, got ${String(flag)}`);
  }
  const s = p.shapes;
  if ((s.sensorDisabled[row] === 0) === flag) return;
  s.sensorDisabled[row] = flag ? 0 : 1;
  if (!flag) destroyShapeContacts(p, row, s.body[row]);
  // The pair mask is 0 while switched off (pairMaskBits), so the pair search never pairs the sensor.
  const proxy = s.proxy[row];
  if (proxy === -1) return;
  p.broadphase.trees[s.tree[row]].setFilterBits(proxy, s.categoryBits[row], pairMaskBits(p, row));
  if (flag) bufferMove(p, row);
}

/**
 * Whether a sensor is switched on (setSensorEnabled; sensors start on).
 *
 * @throws PhysicsError `NOT_A_SHAPE` / `STALE_HANDLE` for a bad shape, `INVALID_ARGUMENT` for a shape that is not a
 *   sensor.
 */
export function isSensorEnabled(world: PhysicsWorld, sensorShape: ShapeId): boolean {
  const p = getPhysics(world);
  return p.shapes.sensorDisabled[sensorRow(p, sensorShape)] === 0;
}

/** The buffer behind getSensorOverlaps. */
const hits = new ShapeHits();

function sensorRow(p: PhysicsState, shape: ShapeId): number {
  const row = shapeRow(p, shape);
  if (p.shapes.sensor[row] !== 1) throw new PhysicsError('INVALID_ARGUMENT', `shape ${shape} is not a sensor`);
  return row;
}
