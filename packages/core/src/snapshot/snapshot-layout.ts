import { BODY_COLUMNS, TRANSFORM_COLUMNS } from '../state/body-store.js';
import { BROADPHASE_COLUMNS } from '../broadphase/broadphase.js';
import { CHARACTER_COLUMNS } from '../state/character-store.js';
import { CONTACT_COLUMNS } from '../state/contact-store.js';
import { GEOMETRY_COLUMNS } from '../geometry/geometry-store.js';
import { JF_COUNT, JOINT_COLUMNS } from '../state/joint-store.js';
import { SHAPE_COLUMNS } from '../state/shape-store.js';
import {
  columnList,
  type AnyColumn,
  type ColumnSpec,
  type ElementType,
  type SnapshotCounts,
} from '../storage/column-spec.js';
import { WORLD_SETTINGS_CODEC } from '../state/world-def.js';
import type { DynamicTree } from '../broadphase/dynamic-tree.js';
import type { PairSet } from '../state/pair-set.js';
import type { PhysicsState } from '../state/physics-state.js';

/**
 * What a snapshot holds, in one place: the scalar fields (stored as float64) and the typed-array columns (stored as
 * their raw bytes, only the rows in use). The world settings come from the settings table (world-def.ts) and the
 * stores' columns from their specs (each column whose spec entry says `snapshot`); the format, the layout hash and
 * restore all follow from these two lists.
 */

export interface SnapshotScalar {
  readonly name: string;
  get(p: PhysicsState): number;
  set(p: PhysicsState, v: number): void;
}

export interface SnapshotColumn {
  readonly name: string;
  readonly type: ElementType;
  /** Elements per row. */
  readonly per: number;
  /** Value of never-used elements (what the store's grow fills with). */
  readonly fill: number;
  /** The column must have exactly `rows · per` elements (a hash table sized by its mask). */
  readonly exact: boolean;
  /** Rows in use, from the scalar values (indexed as SCALARS). */
  rows(s: Float64Array): number;
  get(p: PhysicsState): AnyColumn;
  set(p: PhysicsState, a: AnyColumn): void;
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

const SCALAR_LIST: SnapshotScalar[] = [];
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

// World settings, in the order of the settings table.
for (const setting of WORLD_SETTINGS_CODEC.scalars()) scalar(setting.name, setting.get, setting.set);
scalar(
  'stepIndex',
  (p) => p.stepIndex,
  (p, v) => (p.stepIndex = v),
);

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
scalar(
  'shapes.forceEventShapes',
  (p) => p.shapes.forceEventShapes,
  (p, v) => (p.shapes.forceEventShapes = v),
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
scalar(
  'joints.thresholdCount',
  (p) => p.joints.thresholdCount,
  (p, v) => (p.joints.thresholdCount = v),
);
export const S_CHARACTER_COUNT = scalar(
  'characters.count',
  (p) => p.characters.count,
  (p, v) => (p.characters.count = v),
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

export const SCALARS: readonly SnapshotScalar[] = SCALAR_LIST;

const COLUMN_LIST: SnapshotColumn[] = [];
function column(
  name: string,
  type: ElementType,
  per: number,
  fill: number,
  rows: (s: Float64Array) => number,
  get: (p: PhysicsState) => AnyColumn,
  set: (p: PhysicsState, a: AnyColumn) => void,
  exact = false,
): void {
  COLUMN_LIST.push({ name, type, per, fill, rows, get, set, exact });
}

/** A store whose spec's snapshotted columns are part of snapshots (the tests walk these). */
export interface SnapshotStore {
  /** Prefix of its columns' names in the layout. */
  readonly prefix: string;
  readonly spec: ColumnSpec;
  owner(p: PhysicsState): object;
}
const STORE_LIST: SnapshotStore[] = [];

/**
 * Adds the columns of `spec` whose entry says `snapshot`, in spec order, as fields of `owner(p)`; `counts` gives the
 * rows stored for each row-count name the spec uses.
 */
function storeColumns<S extends ColumnSpec>(
  prefix: string,
  owner: (p: PhysicsState) => object,
  spec: S,
  counts: Record<SnapshotCounts<S>, (s: Float64Array) => number>,
): void {
  STORE_LIST.push({ prefix, spec, owner });
  for (const c of columnList(spec)) {
    if (c.snapshot === null) continue;
    const name = c.name;
    column(
      `${prefix}.${name}`,
      c.type,
      c.width,
      c.initial,
      (counts as Record<string, (s: Float64Array) => number>)[c.snapshot],
      (p) => (owner(p) as Record<string, AnyColumn>)[name],
      (p, a) => ((owner(p) as Record<string, AnyColumn>)[name] = a),
    );
  }
}

// Bodies: entity-indexed columns, and the dense list.
storeColumns('transform', (p) => p.bodies.transform, TRANSFORM_COLUMNS, { entities: entityRows });
storeColumns('bodies', (p) => p.bodies, BODY_COLUMNS, { entities: entityRows, count: (s) => s[S_BODY_COUNT] });

// Shapes and their geometry.
const shapeRows = (s: Float64Array): number => s[S_SHAPE_ROWS];
storeColumns('shapes', (p) => p.shapes, SHAPE_COLUMNS, { rows: shapeRows, free: (s) => s[S_SHAPE_FREE] });
storeColumns('geometry', (p) => p.shapes.geometry, GEOMETRY_COLUMNS, {
  rows: shapeRows,
  slots: (s) => s[S_GEOMETRY_SLOTS],
  freeSlots: (s) => s[S_GEOMETRY_FREE_SLOTS],
});

// Contacts: the persistent table with warm-start impulses and cached manifolds, and the pair hash table.
const contactRows = (s: Float64Array): number => s[S_CONTACT_ROWS];
storeColumns('contacts', (p) => p.contacts, CONTACT_COLUMNS, {
  rows: contactRows,
  count: (s) => s[S_CONTACT_COUNT],
  free: (s) => s[S_CONTACT_FREE],
});
column(
  'pairs.slots',
  'i32',
  4,
  -1,
  (s) => s[S_PAIR_MASK] + 1,
  (p) => pairs(p).slots,
  (p, a) => (pairs(p).slots = a as Int32Array),
  true,
);
column(
  'pairs.slotOf',
  'i32',
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
    'f64',
    1,
    0,
    jointRows,
    (p) => p.joints.f[i],
    (p, a) => (p.joints.f[i] = a as Float64Array),
  );
}
storeColumns('joints', (p) => p.joints, JOINT_COLUMNS, { rows: jointRows, entities: entityRows });

// Characters: dense rows (settings and state); the body-indexed map to them is derived on restore.
storeColumns('characters', (p) => p.characters, CHARACTER_COLUMNS, {
  rows: (s) => s[S_CHARACTER_COUNT],
});

// Broadphase: both trees node for node (their shape decides pair order), and the move buffer.
type TreeColumn = '_boxes' | '_nodes' | '_parent' | '_height' | '_masks';
function treeColumn(t: number, name: TreeColumn, per: number): void {
  column(
    `tree${t}.${name}`,
    'i32',
    per,
    0,
    (s) => s[S_TREE_ROWS[t]],
    (p) => tree(p, t)[name],
    (p, a) => ((tree(p, t) as unknown as Record<TreeColumn, AnyColumn>)[name] = a),
  );
}
for (let t = 0; t < 2; t++) {
  column(
    `tree${t}._boxes`,
    'f64',
    4,
    0,
    (s) => s[S_TREE_ROWS[t]],
    (p) => tree(p, t)._boxes,
    (p, a) => (tree(p, t)._boxes = a as Float64Array),
  );
  treeColumn(t, '_nodes', 4);
  for (const f of ['_parent', '_height', '_masks'] as const) treeColumn(t, f, 1);
}
column(
  'moveBuffer.data',
  'i32',
  1,
  0,
  (s) => s[S_MOVE_COUNT],
  (p) => p.broadphase.moveBuffer.data,
  (p, a) => (p.broadphase.moveBuffer.data = a as Int32Array),
);
storeColumns('broadphase', (p) => p.broadphase, BROADPHASE_COLUMNS, { moves: (s) => s[S_MOVE_COUNT] });

/** The stores whose specs feed COLUMNS, in layout order. */
export const SNAPSHOT_STORES: readonly SnapshotStore[] = STORE_LIST;

export const COLUMNS: readonly SnapshotColumn[] = COLUMN_LIST;

/** FNV-1a of the layout description: names, kinds, strides. A build whose layout differs refuses the snapshot. */
function layoutHash(): number {
  let text = SCALARS.map((s) => s.name).join(',');
  for (const c of COLUMNS) text += `;${c.name}:${c.type}:${c.per}:${c.exact ? 1 : 0}`;
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
export const LAYOUT_HASH = layoutHash();
