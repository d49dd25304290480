import { CONTACT_POINTS_STRIDE, MC_STRIDE } from '../contact/contact-store.js';
import { GEOMETRY_STRIDE } from '../geometry/geometry-store.js';
import { JF_COUNT } from '../joints/joint-store.js';
import { AABB_STRIDE } from '../shape/shape-store.js';
import type { DynamicTree } from '../broadphase/dynamic-tree.js';
import type { PairSet } from '../contact/pair-set.js';
import type { PhysicsState } from '../world/physics-world.js';

/**
 * What a snapshot holds, in one place: the scalar fields (stored as float64) and the typed-array columns (stored as
 * their raw bytes, only the rows in use). To serialize a new field, add one line here: the format, the layout hash
 * and restore all follow from these two lists.
 */

/** Column element kinds. */
export const KIND_F64 = 0;
export const KIND_I32 = 1;
export const KIND_U8 = 2;
export const KIND_U32 = 3;
export type ColumnKind = 0 | 1 | 2 | 3;
export const KIND_BYTES = [8, 4, 1, 4] as const;

type Column = Float64Array | Int32Array | Uint8Array | Uint32Array;

export interface ScalarSpec {
  readonly name: string;
  get(p: PhysicsState): number;
  set(p: PhysicsState, v: number): void;
}

export interface ColumnSpec {
  readonly name: string;
  readonly kind: ColumnKind;
  /** Elements per row. */
  readonly per: number;
  /** Value of never-used elements (what the store's grow fills with). */
  readonly fill: number;
  /** The column must have exactly `rows · per` elements (a hash table sized by its mask). */
  readonly exact?: boolean;
  /** Rows in use, from the scalar values (indexed as SCALARS). */
  rows(s: Float64Array): number;
  get(p: PhysicsState): Column;
  set(p: PhysicsState, a: Column): void;
}

// Private fields of the tree and pair set, read and written by the snapshot only.
interface TreeFields {
  _boxes: Float64Array;
  _nodes: Int32Array;
  _parent: Int32Array;
  _height: Int32Array;
  _masks: Int32Array;
  _root: number;
  _freeList: number;
  _highWater: number;
  _nodeCount: number;
  _proxyCount: number;
  enlargedSinceRebuild: number;
}
interface PairFields {
  slots: Int32Array;
  slotOf: Int32Array;
  mask: number;
  count: number;
  used: number;
}
const tree = (p: PhysicsState, t: number): TreeFields => p.broadphase.trees[t] as DynamicTree as unknown as TreeFields;
const pairs = (p: PhysicsState): PairFields => p.contacts.pairs as PairSet as unknown as PairFields;

const SCALAR_LIST: ScalarSpec[] = [];
function scalar(name: string, get: (p: PhysicsState) => number, set: (p: PhysicsState, v: number) => void): number {
  SCALAR_LIST.push({ name, get, set });
  return SCALAR_LIST.length - 1;
}

// bitecs entity index (its dense array is stored apart, see snapshot.ts); set by restore itself.
export const S_MAX_ID = scalar(
  'entity.maxId',
  () => 0,
  () => {},
);
export const S_ALIVE = scalar(
  'entity.aliveCount',
  () => 0,
  () => {},
);
export const S_DENSE = scalar(
  'entity.denseLength',
  () => 0,
  () => {},
);
/** Rows of the entity-indexed columns: maxId + 1. */
const entityRows = (s: Float64Array): number => s[S_MAX_ID] + 1;

// World settings.
scalar(
  'gravityX',
  (p) => p.gravityX,
  (p, v) => (p.gravityX = v),
);
scalar(
  'gravityY',
  (p) => p.gravityY,
  (p, v) => (p.gravityY = v),
);
scalar(
  'solver',
  (p) => (p.solver === 'classic' ? 1 : 0),
  (p, v) => (p.solver = v === 1 ? 'classic' : 'soft'),
);
const num = (k: keyof PhysicsState & string): void => {
  scalar(
    k,
    (p) => p[k] as number,
    (p, v) => ((p as unknown as Record<string, number>)[k] = v),
  );
};
const bool = (k: keyof PhysicsState & string): void => {
  scalar(
    k,
    (p) => (p[k] ? 1 : 0),
    (p, v) => ((p as unknown as Record<string, boolean>)[k] = v === 1),
  );
};
num('subSteps');
num('classicIterations');
num('classicBaumgarte');
num('contactHertz');
num('contactDampingRatio');
num('contactPushMaxSpeed');
num('jointHertz');
num('jointDampingRatio');
num('restitutionThreshold');
num('hitEventThreshold');
num('maxLinearSpeed');
bool('enableSleep');
bool('enableContinuous');
bool('enableWarmStarting');
bool('enableProfiling');
num('classicPositionIterations');
scalar(
  'classicPositionCorrection',
  (p) => (p.classicPositionCorrection === 'baumgarte' ? 1 : 0),
  (p, v) => (p.classicPositionCorrection = v === 1 ? 'baumgarte' : 'ngs'),
);
scalar(
  'solverKernel',
  (p) => (p.solverKernel === 'js' ? 1 : 0),
  (p, v) => (p.solverKernel = v === 1 ? 'js' : 'wasm'),
);
num('stepIndex');

export const S_BODY_COUNT = scalar(
  'bodies.count',
  (p) => p.bodies.count,
  (p, v) => (p.bodies.count = v),
);
export const S_SHAPE_ROWS = scalar(
  'shapes.capacityUsed',
  (p) => p.shapes.capacityUsed,
  (p, v) => (p.shapes.capacityUsed = v),
);
export const S_SHAPE_FREE = scalar(
  'shapes.freeCount',
  (p) => p.shapes.freeCount,
  (p, v) => (p.shapes.freeCount = v),
);
scalar(
  'shapes.count',
  (p) => p.shapes.count,
  (p, v) => (p.shapes.count = v),
);
// Geometry slots (shared vertices and normals); restoring them drops the interning index, rebuilt when next needed.
export const S_GEOMETRY_SLOTS = scalar(
  'geometry.slotsUsed',
  (p) => p.shapes.geometry.slotsUsed,
  (p, v) => {
    p.shapes.geometry.slotsUsed = v;
    p.shapes.geometry.forgetIndex();
  },
);
export const S_GEOMETRY_FREE_SLOTS = scalar(
  'geometry.freeSlotCount',
  (p) => p.shapes.geometry.freeSlotCount,
  (p, v) => (p.shapes.geometry.freeSlotCount = v),
);
export const S_CONTACT_ROWS = scalar(
  'contacts.capacityUsed',
  (p) => p.contacts.capacityUsed,
  (p, v) => (p.contacts.capacityUsed = v),
);
export const S_CONTACT_COUNT = scalar(
  'contacts.count',
  (p) => p.contacts.count,
  (p, v) => (p.contacts.count = v),
);
export const S_CONTACT_FREE = scalar(
  'contacts.freeCount',
  (p) => p.contacts.freeCount,
  (p, v) => (p.contacts.freeCount = v),
);
export const S_PAIR_MASK = scalar(
  'pairs.mask',
  (p) => pairs(p).mask,
  (p, v) => (pairs(p).mask = v),
);
scalar(
  'pairs.count',
  (p) => pairs(p).count,
  (p, v) => (pairs(p).count = v),
);
scalar(
  'pairs.used',
  (p) => pairs(p).used,
  (p, v) => (pairs(p).used = v),
);
export const S_JOINT_COUNT = scalar(
  'joints.count',
  (p) => p.joints.count,
  (p, v) => (p.joints.count = v),
);
scalar(
  'joints.invH',
  (p) => p.joints.invH,
  (p, v) => (p.joints.invH = v),
);
export const S_TREE_ROWS: number[] = [];
for (let t = 0; t < 2; t++) {
  S_TREE_ROWS.push(
    scalar(
      `tree${t}.highWater`,
      (p) => tree(p, t)._highWater,
      (p, v) => (tree(p, t)._highWater = v),
    ),
  );
  for (const k of ['_root', '_freeList', '_nodeCount', '_proxyCount', 'enlargedSinceRebuild'] as const) {
    scalar(
      `tree${t}.${k}`,
      (p) => tree(p, t)[k],
      (p, v) => (tree(p, t)[k] = v),
    );
  }
}
export const S_MOVE_COUNT = scalar(
  'moveBuffer.count',
  (p) => p.broadphase.moveBuffer.count,
  (p, v) => (p.broadphase.moveBuffer.count = v),
);

export const SCALARS: readonly ScalarSpec[] = SCALAR_LIST;

const COLUMN_LIST: ColumnSpec[] = [];
function column(
  name: string,
  kind: ColumnKind,
  per: number,
  fill: number,
  rows: (s: Float64Array) => number,
  get: (p: PhysicsState) => Column,
  set: (p: PhysicsState, a: Column) => void,
  exact = false,
): void {
  COLUMN_LIST.push({ name, kind, per, fill, rows, get, set, exact });
}

type Store = Record<string, Column>;
/** A column that is a field of a store object: `owner(p)[field]`. */
function field(
  prefix: string,
  owner: (p: PhysicsState) => object,
  fieldName: string,
  kind: ColumnKind,
  rows: (s: Float64Array) => number,
  per = 1,
  fill = 0,
): void {
  column(
    `${prefix}.${fieldName}`,
    kind,
    per,
    fill,
    rows,
    (p) => (owner(p) as Store)[fieldName],
    (p, a) => ((owner(p) as Store)[fieldName] = a),
  );
}

// Bodies: entity-indexed columns.
for (const f of ['x', 'y', 'c', 's']) field('transform', (p) => p.bodies.transform, f, KIND_F64, entityRows);
for (const f of ['alive', 'retired', 'type', 'flags']) field('bodies', (p) => p.bodies, f, KIND_U8, entityRows);
for (const f of [
  'centerX',
  'centerY',
  'center0X',
  'center0Y',
  'localCenterX',
  'localCenterY',
  'vx',
  'vy',
  'w',
  'mass',
  'invMass',
  'inertia',
  'invInertia',
  'linearDamping',
  'angularDamping',
  'gravityScale',
  'forceX',
  'forceY',
  'torque',
  'sleepTime',
  'sleepThreshold',
  'maxExtent',
  'minExtent',
]) {
  field('bodies', (p) => p.bodies, f, KIND_F64, entityRows);
}
// Handles with generations (body-handle.ts): which handle each index holds or held.
field('bodies', (p) => p.bodies, 'handle', KIND_F64, entityRows);
field('bodies', (p) => p.bodies, 'generation', KIND_I32, entityRows);
field('bodies', (p) => p.bodies, 'shapeHead', KIND_I32, entityRows, 1, -1);
field('bodies', (p) => p.bodies, 'shapeCount', KIND_I32, entityRows);
field('bodies', (p) => p.bodies, 'contactHead', KIND_I32, entityRows, 1, -1);
field('bodies', (p) => p.bodies, 'listIndex', KIND_I32, entityRows, 1, -1);
field(
  'bodies',
  (p) => p.bodies,
  'list',
  KIND_I32,
  (s) => s[S_BODY_COUNT],
);

// Shapes and their geometry.
const shapeRows = (s: Float64Array): number => s[S_SHAPE_ROWS];
for (const f of ['alive', 'sensor', 'hitEvents', 'tree', 'moved'])
  field('shapes', (p) => p.shapes, f, KIND_U8, shapeRows);
for (const f of ['generation', 'body', 'next', 'groupIndex', 'proxy']) {
  field('shapes', (p) => p.shapes, f, KIND_I32, shapeRows);
}
for (const f of ['density', 'friction', 'restitution', 'rollingResistance', 'tangentSpeed']) {
  field('shapes', (p) => p.shapes, f, KIND_F64, shapeRows);
}
for (const f of ['categoryBits', 'maskBits']) field('shapes', (p) => p.shapes, f, KIND_U32, shapeRows);
field('shapes', (p) => p.shapes, 'aabb', KIND_F64, shapeRows, AABB_STRIDE);
field(
  'shapes',
  (p) => p.shapes,
  'free',
  KIND_I32,
  (s) => s[S_SHAPE_FREE],
);
for (const f of ['type', 'count']) field('geometry', (p) => p.shapes.geometry, f, KIND_U8, shapeRows);
field('geometry', (p) => p.shapes.geometry, 'radius', KIND_F64, shapeRows);
field('geometry', (p) => p.shapes.geometry, 'slot', KIND_I32, shapeRows, 1, -1);
const slotRows = (s: Float64Array): number => s[S_GEOMETRY_SLOTS];
field('geometry', (p) => p.shapes.geometry, 'verts', KIND_F64, slotRows, GEOMETRY_STRIDE);
field('geometry', (p) => p.shapes.geometry, 'normals', KIND_F64, slotRows, GEOMETRY_STRIDE);
field('geometry', (p) => p.shapes.geometry, 'slotRefs', KIND_I32, slotRows);
field(
  'geometry',
  (p) => p.shapes.geometry,
  'freeSlots',
  KIND_I32,
  (s) => s[S_GEOMETRY_FREE_SLOTS],
);
field('geometry', (p) => p.shapes.geometry, 'centroid', KIND_F64, shapeRows, 2);

// Contacts: the persistent table with warm-start impulses and cached manifolds, and the pair hash table.
const contactRows = (s: Float64Array): number => s[S_CONTACT_ROWS];
for (const f of ['shapeA', 'shapeB', 'bodyA', 'bodyB', 'listIndex']) {
  field('contacts', (p) => p.contacts, f, KIND_I32, contactRows);
}
for (const f of ['flags', 'pointCount', 'cacheValid']) field('contacts', (p) => p.contacts, f, KIND_U8, contactRows);
for (const f of ['friction', 'restitution', 'rollingResistance', 'tangentSpeed', 'normalX', 'normalY']) {
  field('contacts', (p) => p.contacts, f, KIND_F64, contactRows);
}
field('contacts', (p) => p.contacts, 'points', KIND_F64, contactRows, CONTACT_POINTS_STRIDE);
field('contacts', (p) => p.contacts, 'manifoldCache', KIND_F64, contactRows, MC_STRIDE);
field('contacts', (p) => p.contacts, 'edgeNext', KIND_I32, contactRows, 2);
field('contacts', (p) => p.contacts, 'edgePrev', KIND_I32, contactRows, 2);
field(
  'contacts',
  (p) => p.contacts,
  'list',
  KIND_I32,
  (s) => s[S_CONTACT_COUNT],
);
field(
  'contacts',
  (p) => p.contacts,
  'free',
  KIND_I32,
  (s) => s[S_CONTACT_FREE],
);
column(
  'pairs.slots',
  KIND_I32,
  4,
  -1,
  (s) => s[S_PAIR_MASK] + 1,
  (p) => pairs(p).slots,
  (p, a) => (pairs(p).slots = a as Int32Array),
  true,
);
column(
  'pairs.slotOf',
  KIND_I32,
  1,
  0,
  contactRows,
  (p) => pairs(p).slotOf,
  (p, a) => (pairs(p).slotOf = a as Int32Array),
);

// Joints: dense rows (parameters and accumulated impulses) and entity-indexed edge lists.
const jointRows = (s: Float64Array): number => s[S_JOINT_COUNT];
for (let i = 0; i < JF_COUNT; i++) {
  column(
    `joints.f${i}`,
    KIND_F64,
    1,
    0,
    jointRows,
    (p) => p.joints.f[i],
    (p, a) => (p.joints.f[i] = a as Float64Array),
  );
}
for (const f of ['type', 'flags', 'bodyA', 'bodyB', 'eid']) field('joints', (p) => p.joints, f, KIND_I32, jointRows);
field('joints', (p) => p.joints, 'handle', KIND_F64, jointRows);
field('joints', (p) => p.joints, 'generation', KIND_I32, entityRows);
field('joints', (p) => p.joints, 'rowOf', KIND_I32, entityRows, 1, -1);
field('joints', (p) => p.joints, 'retired', KIND_U8, entityRows);
field('joints', (p) => p.joints, 'jointHead', KIND_I32, entityRows, 1, -1);
field('joints', (p) => p.joints, 'edgeNext', KIND_I32, entityRows, 2, -1);
field('joints', (p) => p.joints, 'edgePrev', KIND_I32, entityRows, 2, -1);

// Broadphase: both trees node for node (their shape decides pair order), and the move buffer.
for (let t = 0; t < 2; t++) {
  const rows = (s: Float64Array): number => s[S_TREE_ROWS[t]];
  field(`tree${t}`, (p) => tree(p, t), '_boxes', KIND_F64, rows, 4);
  field(`tree${t}`, (p) => tree(p, t), '_nodes', KIND_I32, rows, 4);
  for (const f of ['_parent', '_height', '_masks']) field(`tree${t}`, (p) => tree(p, t), f, KIND_I32, rows);
}
field(
  'moveBuffer',
  (p) => p.broadphase.moveBuffer,
  'data',
  KIND_I32,
  (s) => s[S_MOVE_COUNT],
);
field(
  'broadphase',
  (p) => p.broadphase,
  'moveFrom',
  KIND_F64,
  (s) => s[S_MOVE_COUNT],
  4,
);

export const COLUMNS: readonly ColumnSpec[] = COLUMN_LIST;

/** FNV-1a of the layout description: names, kinds, strides. A build whose layout differs refuses the snapshot. */
function layoutHash(): number {
  let text = SCALARS.map((s) => s.name).join(',');
  for (const c of COLUMNS) text += `;${c.name}:${c.kind}:${c.per}:${c.exact ? 1 : 0}`;
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
export const LAYOUT_HASH = layoutHash();
