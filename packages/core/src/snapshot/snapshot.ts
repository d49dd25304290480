import { addComponent, getWorldComponents, hasComponent, removeComponent, removeEntity, type World } from 'bitecs';
import { $internal } from 'bitecs';
import { PhysicsError } from '../errors.js';
import { getPhysics, assertUnlocked, type PhysicsState, type PhysicsWorld } from '../state/physics-state.js';
import { createPhysicsWorld } from '../world/world-api.js';
import { ELEMENT_BYTES, growColumn, newColumn, type AnyColumn } from '../storage/column-spec.js';
import {
  COLUMNS,
  LAYOUT_HASH,
  SCALARS,
  S_ALIVE,
  S_CHARACTER_COUNT,
  S_CONTACT_ROWS,
  S_DENSE,
  S_GEOMETRY_SLOTS,
  S_JOINT_COUNT,
  S_MAX_ID,
  S_SHAPE_ROWS,
  type SnapshotColumn,
} from './snapshot-layout.js';
import { deriveColumns } from './snapshot-derive.js';

/**
 * Snapshot format (little-endian, as the typed arrays it copies):
 *   header: 6 × uint32 — magic 'I2DS', format version, layout hash, total byte length, checksum of the payload, 0
 *   payload: the scalars (float64 each), the bitecs dense entity list (int32, padded to 8 bytes), then each column of
 *   COLUMNS in order: its rows in use × elements per row, raw bytes, padded to 8 bytes.
 * Row counts are not stored: they follow from the scalars, so the total length is checked against them.
 */
const MAGIC = 0x53443249;
/**
 * 2: contact points stored without their anchor on B and world point (contact-store.ts CP_STRIDE 6, was 10).
 * 3: each broadphase tree's node as two records (box; child1, child2, userData, category) plus parent and height,
 * where it was ten columns.
 * 4: the pair set's slot of each contact (pairs.slotOf), by which contacts leave it.
 * 5: each broadphase tree's mask column (leaf mask bits and their unions, read by the pair join).
 * 6: each shape's hit-events flag (ShapeDef.enableHitEvents).
 * 7: the same fields in the order their declarations give: the settings in the settings table's order
 * (world-def.ts), each store's columns in its spec's order (storage/column-spec.ts). Same size.
 * 8: joint rows' spring target, spring force range, event thresholds and constraint tuning (JF_SPRING_TARGET …
 * JF_CONSTRAINT_DAMPING_RATIO, before the impulses), each shape's contact force threshold, and the counts of joints
 * and shapes with a finite threshold.
 * 9: each shape's one-way normal (oneWayX, oneWayY) and sensor switch (sensorDisabled).
 * 10: the world settings lengthUnitsPerMeter, speculativeDistance, frictionMixing, restitutionMixing and
 * continuousSafetyFactor, and the shapes' userMaterial column; the derived columns (ColumnDecl.derived: the contacts'
 * mixed material and list index, the bodies' list index and start-of-step centre) are no longer stored but computed
 * again on restore (snapshot-derive.ts): 96 bytes a body less on a resting 100-row pyramid.
 * 11: the characters (their rows and count, and the body-indexed map to their rows).
 */
export const SNAPSHOT_FORMAT_VERSION = 11;
const HEADER_BYTES = 24;

interface EntityIndex {
  aliveCount: number;
  dense: number[];
  sparse: number[];
  maxId: number;
}
interface WorldContext {
  entityIndex: EntityIndex;
  entityComponents: Map<number, Set<unknown>>;
}
function context(world: PhysicsWorld): WorldContext {
  return (world as unknown as Record<symbol, WorldContext>)[$internal];
}
function entityIndex(world: PhysicsWorld): EntityIndex {
  return context(world).entityIndex;
}

const pad8 = (n: number): number => (n + 7) & ~7;
const scalarScratch = new Float64Array(SCALARS.length);
const scalarBytes = new Uint8Array(scalarScratch.buffer);
const header = new Uint32Array(HEADER_BYTES / 4);
const headerBytes = new Uint8Array(header.buffer);

function readScalars(world: PhysicsWorld, p: PhysicsState, s: Float64Array): void {
  for (let i = 0; i < SCALARS.length; i++) s[i] = SCALARS[i].get(p);
  const e = entityIndex(world);
  s[S_MAX_ID] = e.maxId;
  s[S_ALIVE] = e.aliveCount;
  s[S_DENSE] = e.dense.length;
}

function payloadBytes(s: Float64Array): number {
  let n = pad8(SCALARS.length * 8) + pad8(s[S_DENSE] * 4);
  for (const c of COLUMNS) n += pad8(c.rows(s) * c.per * ELEMENT_BYTES[c.type]);
  return n;
}

/**
 * Checksum of the payload: a multiply–xor hash over 32-bit words (the payload length is a multiple of 8), two
 * independent lanes so the multiplies overlap.
 */
function checksum(bytes: Uint8Array, offset: number, length: number): number {
  const words = length >> 2;
  let h1 = 0x811c9dc5 | 0;
  let h2 = 0x01000193 | 0;
  if ((bytes.byteOffset + offset) % 4 === 0) {
    const w = new Int32Array(bytes.buffer, bytes.byteOffset + offset, words);
    for (let i = 0; i + 1 < words; i += 2) {
      h1 = Math.imul(h1 ^ w[i], 0x9e3779b1);
      h2 = Math.imul(h2 ^ w[i + 1], 0x85ebca77);
    }
  } else {
    for (let i = 0; i + 1 < words; i += 2) {
      const o = offset + i * 4;
      const a = bytes[o] | (bytes[o + 1] << 8) | (bytes[o + 2] << 16) | (bytes[o + 3] << 24);
      const b = bytes[o + 4] | (bytes[o + 5] << 8) | (bytes[o + 6] << 16) | (bytes[o + 7] << 24);
      h1 = Math.imul(h1 ^ a, 0x9e3779b1);
      h2 = Math.imul(h2 ^ b, 0x85ebca77);
    }
  }
  let h = h1 ^ Math.imul(h2, 0xc2b2ae35) ^ words;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

/** Bytes a snapshot of the world takes now. */
export function snapshotSize(world: PhysicsWorld): number {
  const p = getPhysics(world);
  readScalars(world, p, scalarScratch);
  return HEADER_BYTES + payloadBytes(scalarScratch);
}

/**
 * Writes a snapshot of the world into `out` (from offset 0) and returns the bytes written; throws CAPACITY when `out`
 * is too small (see snapshotSize). Reusing one buffer keeps repeated snapshots (rollback every frame) allocation-free
 * apart from small typed-array views.
 */
export function takeSnapshotInto(world: PhysicsWorld, out: Uint8Array): number {
  const p = getPhysics(world);
  assertUnlocked(p);
  const s = scalarScratch;
  readScalars(world, p, s);
  const total = HEADER_BYTES + payloadBytes(s);
  // Entity-indexed columns of one store may be shorter than the entity range (ids of another kind).
  reserveStores(p, s);
  if (out.length < total) {
    throw new PhysicsError('CAPACITY', `snapshot needs ${total} bytes, the buffer has ${out.length}`);
  }
  let off = HEADER_BYTES;
  out.set(scalarBytes, off);
  off += pad8(SCALARS.length * 8);
  const dense = entityIndex(world).dense;
  const n = dense.length;
  for (let i = 0; i < n; i++) {
    const v = dense[i];
    const o = off + i * 4;
    out[o] = v & 255;
    out[o + 1] = (v >>> 8) & 255;
    out[o + 2] = (v >>> 16) & 255;
    out[o + 3] = v >>> 24;
  }
  off += pad8(n * 4);
  for (const c of COLUMNS) {
    const bytes = c.rows(s) * c.per * ELEMENT_BYTES[c.type];
    const a = ensure(p, c, c.rows(s) * c.per);
    if (bytes > 0) out.set(new Uint8Array(a.buffer, a.byteOffset, bytes), off);
    out.fill(0, off + bytes, off + pad8(bytes));
    off += pad8(bytes);
  }
  header[0] = MAGIC;
  header[1] = SNAPSHOT_FORMAT_VERSION;
  header[2] = LAYOUT_HASH;
  header[3] = total;
  header[4] = checksum(out, HEADER_BYTES, total - HEADER_BYTES);
  header[5] = 0;
  out.set(headerBytes, 0);
  return total;
}

/** A snapshot of everything the next step reads: restoring it and stepping gives bit-identical results. */
export function takeSnapshot(world: PhysicsWorld): Uint8Array {
  const out = new Uint8Array(snapshotSize(world));
  takeSnapshotInto(world, out);
  return out;
}

function bad(message: string): never {
  throw new PhysicsError('BAD_SNAPSHOT', message);
}

const restoreScalars = new Float64Array(SCALARS.length);
const restoreScalarBytes = new Uint8Array(restoreScalars.buffer);
const nowScalars = new Float64Array(SCALARS.length);

const isCount = (v: number): boolean => Number.isInteger(v) && v >= 0 && v < 0x40000000;

/** Checks everything that can be checked before the world is touched; leaves the scalars in restoreScalars. */
function validate(bytes: Uint8Array): void {
  if (!(bytes instanceof Uint8Array)) bad('a snapshot is a Uint8Array');
  if (bytes.length < HEADER_BYTES) bad(`truncated: ${bytes.length} bytes`);
  headerBytes.set(bytes.subarray(0, HEADER_BYTES));
  if (header[0] !== MAGIC) bad('not an impulse2d snapshot (wrong magic)');
  if (header[1] !== SNAPSHOT_FORMAT_VERSION)
    bad(`format version ${header[1]}, this build reads ${SNAPSHOT_FORMAT_VERSION}`);
  if (header[2] !== LAYOUT_HASH) bad('taken by a build with a different store layout');
  const total = header[3];
  if (total !== bytes.length) bad(`length ${bytes.length}, header says ${total}`);
  const sum = header[4];
  if (checksum(bytes, HEADER_BYTES, total - HEADER_BYTES) !== sum) bad('checksum mismatch (corrupted)');
  if (total < HEADER_BYTES + pad8(SCALARS.length * 8)) bad('truncated scalars');
  restoreScalarBytes.set(bytes.subarray(HEADER_BYTES, HEADER_BYTES + SCALARS.length * 8));
  const s = restoreScalars;
  for (const c of COLUMNS) if (!isCount(c.rows(s))) bad(`bad row count for ${c.name}`);
  if (!isCount(s[S_DENSE]) || !isCount(s[S_ALIVE]) || s[S_ALIVE] > s[S_DENSE] || s[S_DENSE] > s[S_MAX_ID]) {
    bad('bad entity index');
  }
  if (HEADER_BYTES + payloadBytes(s) !== total) bad('length does not match the row counts');
}

/**
 * Grows every store to the row counts of `s` through the stores' own reserve methods, before any column is copied: a
 * store grows all its columns together only when its first column is short, so a column grown alone here would leave
 * its siblings short (writes past a typed array's end are silently dropped).
 */
function reserveStores(p: PhysicsState, s: Float64Array): void {
  const maxId = s[S_MAX_ID];
  p.bodies.reserve(maxId);
  p.joints.reserveEntities(maxId);
  p.solverData.reserveEntities(maxId);
  p.shapes.reserve(s[S_SHAPE_ROWS]);
  p.shapes.geometry.reserveSlots(s[S_GEOMETRY_SLOTS]);
  p.contacts.reserve(s[S_CONTACT_ROWS]);
  p.solverData.reserveContacts(s[S_CONTACT_ROWS]);
  p.joints.reserveRows(s[S_JOINT_COUNT]);
  p.characters.reserveEntities(maxId);
  p.characters.reserveRows(s[S_CHARACTER_COUNT]);
}

/** Column `c` of the world, grown to `n` elements (exactly `n` for an exact column) if it is short. */
function ensure(p: PhysicsState, c: SnapshotColumn, n: number): AnyColumn {
  let a = c.get(p);
  if (c.exact ? a.length !== n : a.length < n) {
    a = c.exact ? newColumn(c.type, n, 0) : growColumn(c.type, a, n, c.fill);
    c.set(p, a);
  }
  return a;
}

/**
 * Puts the world back in the state of the snapshot, in place: handles taken before the snapshot resolve again,
 * bodies, shapes, joints and entities created since are gone, and stepping continues bit-identically. A truncated,
 * corrupted or foreign snapshot throws BAD_SNAPSHOT before anything changes. bitecs components other than the
 * physics ones are not part of the snapshot (an entity destroyed since the snapshot comes back with physics only),
 * nor is what lives on the main thread as JavaScript values: the world's callbacks (pair filter, friction and
 * restitution callbacks: the world keeps its own) and shapes' user data (setShapeUserData). The touching contacts'
 * friction and restitution are mixed again on restore by the world's rules and callbacks, so a world restored with
 * the callbacks it had continues bit-identically.
 */
export function restoreSnapshot(world: PhysicsWorld, bytes: Uint8Array): void {
  const p = getPhysics(world);
  assertUnlocked(p);
  validate(bytes);
  const s = restoreScalars;
  readScalars(world, p, nowScalars);
  const index = entityIndex(world);
  const maxId = s[S_MAX_ID];
  let off = HEADER_BYTES + pad8(SCALARS.length * 8);
  const denseLength = s[S_DENSE];
  const aliveCount = s[S_ALIVE];
  // Entities alive now but not in the snapshot go through bitecs (so its queries drop them).
  const wasAlive = new Uint8Array(maxId + 1);
  for (let i = 0; i < aliveCount; i++) {
    const o = off + i * 4;
    const id = bytes[o] | (bytes[o + 1] << 8) | (bytes[o + 2] << 16) | (bytes[o + 3] << 24);
    if (id <= maxId) wasAlive[id] = 1;
  }
  for (let i = index.aliveCount - 1; i >= 0; i--) {
    const id = index.dense[i];
    if (id > maxId || wasAlive[id] === 0) removeEntity(world as World, id);
  }
  index.dense.length = denseLength;
  index.sparse.length = 0;
  for (let i = 0; i < denseLength; i++) {
    const o = off + i * 4;
    const id = bytes[o] | (bytes[o + 1] << 8) | (bytes[o + 2] << 16) | (bytes[o + 3] << 24);
    index.dense[i] = id;
    index.sparse[id] = i;
  }
  index.aliveCount = aliveCount;
  index.maxId = maxId;
  off += pad8(denseLength * 4);

  reserveStores(p, s);
  for (let i = 0; i < SCALARS.length; i++) SCALARS[i].set(p, s[i]);
  // The settings among the scalars changed behind applyDef's back: the step computes its scalars afresh.
  p.settingsChanged();
  for (const c of COLUMNS) {
    const n = c.rows(s) * c.per;
    const size = ELEMENT_BYTES[c.type];
    const a = ensure(p, c, n);
    if (n > 0) new Uint8Array(a.buffer, a.byteOffset, n * size).set(bytes.subarray(off, off + n * size));
    // Rows the world used beyond the snapshot's go back to their never-used value.
    const used = c.exact ? a.length : Math.min(a.length, Math.max(c.rows(nowScalars) * c.per, n));
    if (used > n) a.fill(c.fill, n, used);
    off += pad8(n * size);
  }
  deriveColumns(p, maxId + 1);
  p.events.clear();
  // The joint and contact rows were replaced: their colourings are computed afresh (prepareJoints, prepareContacts).
  p.joints.version++;
  p.contacts.version++;

  // Physics components follow the stores.
  const w = world as World;
  const bodies = p.bodies;
  const rowOf = p.joints.rowOf;
  const components = getWorldComponents(w);
  const hasJointComponent = components.includes(p.joints.Joint);
  const entityComponents = context(world).entityComponents;
  for (let i = 0; i < aliveCount; i++) {
    const id = index.dense[i];
    // An entity removed since the snapshot comes back as bitecs's addEntity makes one (without its user components).
    if (!entityComponents.has(id)) entityComponents.set(id, new Set());
    const isBody = bodies.alive[id] === 1;
    if (isBody !== hasComponent(w, id, p.Body)) {
      if (isBody) {
        addComponent(w, id, p.Body);
        addComponent(w, id, p.Transform);
      } else {
        removeComponent(w, id, p.Body, p.Transform);
      }
    }
    const isJoint = rowOf[id] >= 0;
    if (isJoint !== (hasJointComponent && hasComponent(w, id, p.joints.Joint))) {
      if (isJoint) addComponent(w, id, p.joints.Joint);
      else removeComponent(w, id, p.joints.Joint);
    }
  }
}

/** A new physics world in the state of the snapshot (world settings included). */
export function createPhysicsWorldFromSnapshot(bytes: Uint8Array): PhysicsWorld {
  validate(bytes);
  const world = createPhysicsWorld();
  restoreSnapshot(world, bytes);
  return world;
}
