// Everything @impulse2d/core has, for @impulse2d/systems and tools that read the engine's columns: stores, record
// layouts, lifecycle and collision routines, plus the public API (./index.ts). Not a stable interface.
export { PhysicsError, type PhysicsErrorCode } from './errors.js';
export * from './settings.js';

export {
  getPhysics,
  getProfile,
  setWorldSettings,
  PhysicsState,
  type PhysicsWorld,
  type BodyComponent,
} from './world/physics-world.js';
export { attachPhysics, createPhysicsWorld, destroyPhysicsWorld, flushRemovedEntities } from './world/world-api.js';
export {
  defaultWorldDef,
  WORLD_SETTINGS,
  WORLD_SETTINGS_CODEC,
  type WorldDef,
  type SolverMode,
  type SolverKernelMode,
  type ClassicPositionCorrection,
} from './world/world-def.js';
export { StepProfile } from './world/profile.js';

export { createBody, destroyBody } from './body/body-api.js';
export * from './body/body-accessors.js';
export { defaultBodyDef, type BodyDef, type Vec2Like } from './body/body-def.js';
export {
  BodyType,
  BodyFlag,
  BodyStore,
  BODY_COLUMNS,
  TRANSFORM_COLUMNS,
  type TransformColumns,
  type BodyTypeName,
  type BodyTypeId,
} from './body/body-store.js';
export { requireBody } from './body/body-handle.js';

export {
  addShape,
  destroyShape,
  getBodyShapes,
  getShapeBody,
  setFriction,
  getFriction,
  setRestitution,
  getRestitution,
  setDensity,
  getDensity,
  setShapeFilter,
  getShapeFilter,
  shapeRow,
  type ShapeId,
  type ShapeDefInput,
} from './shape/shape-api.js';
export { addChain } from './shape/chain-api.js';
export { defaultShapeDef, defaultFilter, type ShapeDef, type FilterDef } from './shape/shape-def.js';
export { AABB_FAT, AABB_STRIDE, SHAPE_COLUMNS, ShapeStore } from './shape/shape-store.js';
export { bufferMove, bufferMoveFrom, fatMarginInto, refreshShapeAABB } from './shape/shape-proxy.js';

export * from './geometry/index.js';
export * from './collision/index.js';

export { DynamicTree, IntBuffer, QUERY_COLUMNS } from './broadphase/dynamic-tree.js';
export { BroadPhase, BROADPHASE_COLUMNS, TREE_MOVABLE, TREE_STATIC } from './broadphase/broadphase.js';
export { joinNewOverlaps, joinTask, planJoin } from './broadphase/tree-join.js';

export * from './contact/contact-store.js';
export {
  createContact,
  destroyContact,
  mixMaterial,
  pushPairEvent,
  wakeTouching,
} from './contact/contact-lifecycle.js';
export { wakeIsland, sleepIsland, setBodyAwake } from './body/body-sleep.js';
export { shapeHandle, SHAPE_ROW_SPAN } from './shape/shape-handle.js';
export * from './events/event-store.js';
export { EventBuffer } from './events/event-buffer.js';
export * from './events/events-api.js';
export { PairSet } from './contact/pair-set.js';

export * from './solver/solver-layout.js';
export { SolverData, SOLVER_COLUMNS, type SolverKernel } from './solver/solver-data.js';
export * from './queries/index.js';
export * from './joints/index.js';
export { atan2Into, cosSinInto } from './math/trig.js';
export { growF64, growI32, growU8, growU32 } from './storage/grow.js';
export * from './storage/column-spec.js';
export { columnStore, growColumns, sharedView } from './storage/column-store.js';
export * from './world/setting-kinds.js';
export {
  COLUMNS,
  SCALARS,
  SNAPSHOT_STORES,
  type SnapshotColumn,
  type SnapshotStore,
} from './snapshot/snapshot-layout.js';

// Reliability: quarantining a diverged body (the public side, isBodyQuarantined and validateWorld, is in index.ts).
export { quarantineBody } from './body/body-quarantine.js';

// The public API (debug draw, snapshots, handles, deterministic math, …): internal is a superset of it.
export * from './index.js';
