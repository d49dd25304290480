import { PhysicsError } from '../errors.js';
import type { BodyId, ShapeId } from '../handles.js';
import { shapeRow } from '../shape/shape-api.js';
import { IntBuffer } from '../storage/int-buffer.js';
import { requireBody } from '../state/require-handle.js';
import {
  CONTACT_POINTS_STRIDE,
  CP_ANCHOR_AX,
  CP_ANCHOR_AY,
  CP_NORMAL_IMPULSE,
  CP_SEPARATION,
  CP_STRIDE,
  CP_TANGENT_IMPULSE,
  ContactFlag,
} from '../state/contact-store.js';
import { getPhysics, type PhysicsState, type PhysicsWorld } from '../state/physics-state.js';
import { shapeHandle, shapeOrderKey } from '../state/shape-handle.js';
import { ContactData, type ContactInfo, type ContactInfoPoint } from './contact-data.js';

/**
 * What touches what, read from the contact table as the last step left it (Box2D v3's b2Body_GetContactData and
 * b2Shape_GetContactData). A contact is listed while it touches: it has a manifold point within the speculative
 * distance (so a point may be slightly apart, separation > 0), it is not a sensor's (getSensorOverlaps lists those),
 * and it is not passing through a one-way shape. A contact the pre-solve callback vetoed still touches.
 *
 * Rows come sorted by shape A, then shape B, in shape order (descending handles, see ShapeId): an order that depends
 * on nothing but the shapes, the same
 * after a snapshot restore and on any number of threads. Shape A and B are in the contact's order (the normal points
 * from A to B): look at shapeA/bodyA to know which side the body or shape asked about is on. A point's position is the
 * manifold point the last narrowphase found, carried along with body A's translation since (body A's origin now plus
 * the point's anchor); its separation is the narrowphase's, its impulses the solver's of the last step.
 */

/** Contact ids being listed (the readers run to completion, so one buffer serves every world). */
const ids = new IntBuffer();

/**
 * The touching contacts of a body, sorted (see the file comment). Allocates the objects it returns; per-frame code uses
 * getBodyContactsInto.
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` unless `body` is a live body of this world.
 */
export function getBodyContacts(world: PhysicsWorld, body: BodyId): ContactInfo[] {
  return toInfos(getBodyContactsInto(world, body, scratch));
}

/**
 * As getBodyContacts, into a caller-owned ContactData buffer (cleared first); returns the count. Allocation-free once
 * the buffer has grown to the body's contact count.
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` for a bad body, `INVALID_ARGUMENT` for a buffer that is not a
 *   ContactData.
 */
export function getBodyContactsInto(world: PhysicsWorld, body: BodyId, out: ContactData): number {
  const p = getPhysics(world);
  const eid = requireBody(p, body);
  checkOut(out);
  collect(p, eid, -1);
  return fill(p, out);
}

/**
 * The touching contacts of a shape, sorted (see the file comment). Allocates the objects it returns; per-frame code
 * uses getShapeContactsInto.
 *
 * @throws PhysicsError `NOT_A_SHAPE` / `STALE_HANDLE` unless `shape` is a live shape of this world.
 */
export function getShapeContacts(world: PhysicsWorld, shape: ShapeId): ContactInfo[] {
  return toInfos(getShapeContactsInto(world, shape, scratch));
}

/**
 * As getShapeContacts, into a caller-owned ContactData buffer (cleared first); returns the count.
 *
 * @throws PhysicsError `NOT_A_SHAPE` / `STALE_HANDLE` for a bad shape, `INVALID_ARGUMENT` for a buffer that is not a
 *   ContactData.
 */
export function getShapeContactsInto(world: PhysicsWorld, shape: ShapeId, out: ContactData): number {
  const p = getPhysics(world);
  const row = shapeRow(p, shape);
  checkOut(out);
  collect(p, p.shapes.body[row], row);
  return fill(p, out);
}

/** The buffer behind the allocating readers. */
const scratch = new ContactData();

function checkOut(out: ContactData): void {
  if (!(out instanceof ContactData)) throw new PhysicsError('INVALID_ARGUMENT', 'out must be a ContactData buffer');
}

/** The touching solid contacts of body `eid` (of its shape `row` only, unless −1) into `ids`, sorted. */
function collect(p: PhysicsState, eid: number, row: number): void {
  const c = p.contacts;
  ids.clear();
  for (let e = p.bodies.contactHead[eid]; e !== -1; e = c.edgeNext[e]) {
    const id = e >> 1;
    if ((c.flags[id] & (ContactFlag.touching | ContactFlag.sensor)) !== ContactFlag.touching) continue;
    if (row !== -1 && c.shapeA[id] !== row && c.shapeB[id] !== row) continue;
    ids.push(id);
  }
  sortIds(p, ids.data, ids.count);
}

/** Writes the contacts listed in `ids` into `out`; returns the count. */
function fill(p: PhysicsState, out: ContactData): number {
  const c = p.contacts;
  const s = p.shapes;
  const handles = p.bodies.handle;
  const t = p.bodies.transform;
  const n = ids.count;
  out.clear();
  out.reserve(n);
  for (let i = 0; i < n; i++) {
    const id = ids.data[i];
    const bodyA = c.bodyA[id];
    out.shapeA[i] = shapeHandle(s, c.shapeA[id]);
    out.shapeB[i] = shapeHandle(s, c.shapeB[id]);
    out.bodyA[i] = handles[bodyA];
    out.bodyB[i] = handles[c.bodyB[id]];
    out.normalX[i] = c.normalX[id];
    out.normalY[i] = c.normalY[id];
    const count = c.pointCount[id];
    out.pointCount[i] = count;
    for (let j = 0; j < 2; j++) {
      const src = id * CONTACT_POINTS_STRIDE + j * CP_STRIDE;
      const here = j < count;
      const k = 2 * i + j;
      out.pointX[k] = here ? t.x[bodyA] + c.points[src + CP_ANCHOR_AX] : 0;
      out.pointY[k] = here ? t.y[bodyA] + c.points[src + CP_ANCHOR_AY] : 0;
      out.separation[k] = here ? c.points[src + CP_SEPARATION] : 0;
      out.normalImpulse[k] = here ? c.points[src + CP_NORMAL_IMPULSE] : 0;
      out.tangentImpulse[k] = here ? c.points[src + CP_TANGENT_IMPULSE] : 0;
    }
  }
  out.count = n;
  return n;
}

function toInfos(n: number): ContactInfo[] {
  const d = scratch;
  const result: ContactInfo[] = [];
  for (let i = 0; i < n; i++) {
    const points: ContactInfoPoint[] = [];
    for (let j = 0; j < d.pointCount[i]; j++) {
      const k = 2 * i + j;
      points.push({
        x: d.pointX[k],
        y: d.pointY[k],
        separation: d.separation[k],
        normalImpulse: d.normalImpulse[k],
        tangentImpulse: d.tangentImpulse[k],
      });
    }
    result.push({
      shapeA: d.shapeA[i],
      shapeB: d.shapeB[i],
      bodyA: d.bodyA[i],
      bodyB: d.bodyB[i],
      normal: { x: d.normalX[i], y: d.normalY[i] },
      points,
    });
  }
  return result;
}

/** Contact a's shapes come before contact b's: by shape A in shape order, then shape B (one contact per pair). */
function before(p: PhysicsState, a: number, b: number): boolean {
  const c = p.contacts;
  const s = p.shapes;
  const a1 = shapeOrderKey(s, c.shapeA[a]);
  const b1 = shapeOrderKey(s, c.shapeA[b]);
  return a1 < b1 || (a1 === b1 && shapeOrderKey(s, c.shapeB[a]) < shapeOrderKey(s, c.shapeB[b]));
}

/** Heapsort of ids[0, n) by `before`: no allocation, no recursion, n log n for a ground under thousands of bodies. */
function sortIds(p: PhysicsState, data: Int32Array, n: number): void {
  for (let i = (n >> 1) - 1; i >= 0; i--) siftDown(p, data, i, n);
  for (let end = n - 1; end > 0; end--) {
    const top = data[0];
    data[0] = data[end];
    data[end] = top;
    siftDown(p, data, 0, end);
  }
}

function siftDown(p: PhysicsState, data: Int32Array, i: number, n: number): void {
  for (;;) {
    const l = 2 * i + 1;
    if (l >= n) return;
    const r = l + 1;
    const m = r < n && before(p, data[l], data[r]) ? r : l;
    if (!before(p, data[i], data[m])) return;
    const v = data[i];
    data[i] = data[m];
    data[m] = v;
    i = m;
  }
}
