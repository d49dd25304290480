import { INITIAL_ROWS, type ColumnSpec, type Columns } from '../storage/column-spec.js';
import { columnStore, growColumns } from '../storage/column-store.js';
import type { BodyId, HandleColumn } from '../handles.js';

/** Body kinds as small integers (hot loops compare numbers, not strings). */
export const BodyType = { static: 0, kinematic: 1, dynamic: 2 } as const;
/**
 * Numeric body type as stored in the body columns (0 static, 1 kinematic, 2 dynamic).
 */
export type BodyTypeId = (typeof BodyType)[keyof typeof BodyType];
/**
 * Body type by name: `'static'` (never moves), `'kinematic'` (moved by its velocity only) or `'dynamic'`.
 */
export type BodyTypeName = keyof typeof BodyType;

/** Per-body flag bits in `BodyStore.flags`. */
export const BodyFlag = {
  fixedRotation: 1,
  bullet: 2,
  enableSleep: 4,
  awake: 8,
  /** Taken out of the simulation after its state became non-finite (see quarantineBody); never woken again. */
  quarantined: 16,
  /** Motion locks (setMotionLocks): the solver drops the body's velocity along world x, along world y. */
  lockLinearX: 32,
  lockLinearY: 64,
  /**
   * Taken out of the simulation and the broadphase by setBodyEnabled(false): not awake, no proxies, no contacts, its
   * joints inactive; its shapes, joints and velocity kept for when it is enabled again.
   */
  disabled: 128,
} as const;

/** Grown with the entity ids and stored for each of them. */
const ENTITY = { rows: 'entities', snapshot: 'entities' } as const;
/** Grown with the entity ids, computed again by snapshot restore (ColumnDecl.derived). */
const DERIVED = { rows: 'entities', derived: true } as const;

/**
 * The body transform's columns, indexed by entity id (see TransformColumns). The parallel stages read and write
 * them, so step workers share them.
 */
export const TRANSFORM_COLUMNS = {
  /** Body origin x (m), world. */
  x: { type: 'f64', ...ENTITY, shared: true },
  /** Body origin y (m), world. */
  y: { type: 'f64', ...ENTITY, shared: true },
  /** cos(angle) of the body rotation. */
  c: { type: 'f64', ...ENTITY, shared: true },
  /** sin(angle) of the body rotation. */
  s: { type: 'f64', ...ENTITY, shared: true },
} as const satisfies ColumnSpec<'entities', 'entities'>;

/**
 * The body transform, readable zero-copy by render systems: `Transform.x[eid]`. It is a bitecs component (each body
 * entity has it), so user queries can include it. Columns are replaced when they grow: read them through this object
 * every frame, do not cache the arrays.
 */
// An interface (not a type alias) so that the API docs list its columns with their comments.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface TransformColumns extends Columns<typeof TRANSFORM_COLUMNS> {}

/** The class of the transform columns (one class, so every world's transform object has one V8 shape). */
const TransformStore = columnStore(TRANSFORM_COLUMNS);

/**
 * The body columns, indexed by entity id: one entry per column drives the store's field, its growth, snapshots and
 * the step workers' sync (see storage/column-spec.ts). Rows of entities that are not bodies are unused.
 */
export const BODY_COLUMNS = {
  /** 1 while the entity is a live body of this world. */
  alive: { type: 'u8', ...ENTITY },
  /** 1 once a body on this entity id was destroyed (and no new body took the id): a stale handle. */
  retired: { type: 'u8', ...ENTITY },
  /** The handle of the body on this index (kept after destroy until a new body takes the index); see body-handle.ts. */
  handle: { type: 'f64', ...ENTITY },
  /** Generation of the last body on this index, +1 once destroyed (plain worlds' handles: body-handle.ts). */
  generation: { type: 'i32', ...ENTITY },
  /** BodyType id. */
  type: { type: 'u8', ...ENTITY, shared: true },
  /** BodyFlag bits. */
  flags: { type: 'u8', ...ENTITY, shared: true },
  /** Centre of mass x, world (m). */
  centerX: { type: 'f64', ...ENTITY, shared: true },
  /** Centre of mass y, world (m). */
  centerY: { type: 'f64', ...ENTITY, shared: true },
  /**
   * Centre of mass x at the start of the step, world (m): continuous collision sweeps from here. Between steps it
   * is read by nothing before the next step's body gather writes it: restore sets it to the centre (derived).
   */
  center0X: { type: 'f64', ...DERIVED },
  /** Centre of mass y at the start of the step, world (m). */
  center0Y: { type: 'f64', ...DERIVED },
  /** Centre of mass x, body-local (m). */
  localCenterX: { type: 'f64', ...ENTITY, shared: true },
  /** Centre of mass y, body-local (m). */
  localCenterY: { type: 'f64', ...ENTITY, shared: true },
  /** Linear velocity x of the centre of mass (m/s). */
  vx: { type: 'f64', ...ENTITY, shared: true },
  /** Linear velocity y of the centre of mass (m/s). */
  vy: { type: 'f64', ...ENTITY, shared: true },
  /** Angular velocity (rad/s, counter-clockwise). */
  w: { type: 'f64', ...ENTITY, shared: true },
  /** Mass (kg). */
  mass: { type: 'f64', ...ENTITY, shared: true },
  /** Inverse mass (1/kg): 0 for static and kinematic bodies and massless dynamic bodies. */
  invMass: { type: 'f64', ...ENTITY, shared: true },
  /** Rotational inertia about the centre of mass (kg m²). */
  inertia: { type: 'f64', ...ENTITY, shared: true },
  /** Inverse rotational inertia (1/(kg m²)): 0 with fixed rotation, for static and kinematic bodies. */
  invInertia: { type: 'f64', ...ENTITY, shared: true },
  /** Linear damping (1/s): v ← v / (1 + h·damping) each substep. */
  linearDamping: { type: 'f64', ...ENTITY },
  /** Angular damping (1/s), as linearDamping for w. */
  angularDamping: { type: 'f64', ...ENTITY },
  /** Multiplies world gravity for this body. */
  gravityScale: { type: 'f64', ...ENTITY },
  /** Accumulated force x (N), applied during the next step, then cleared. */
  forceX: { type: 'f64', ...ENTITY, shared: true },
  /** Accumulated force y (N). */
  forceY: { type: 'f64', ...ENTITY, shared: true },
  /** Accumulated torque (N m). */
  torque: { type: 'f64', ...ENTITY, shared: true },
  /** Time this body has rested below its sleep threshold (s). */
  sleepTime: { type: 'f64', ...ENTITY },
  /** Speed (m/s) below which the body counts as resting, for linear speed and for |w|·maxExtent. */
  sleepThreshold: { type: 'f64', ...ENTITY },
  /** Largest distance from the centre of mass to any point of the body's shapes (m): turns |w| into a speed. */
  maxExtent: { type: 'f64', ...ENTITY, shared: true },
  /**
   * Smallest extent of the body's shapes (m): a circle's radius, a polygon's smallest centroid-to-edge distance
   * plus its rounding; 1e300 with no shapes. A body that moves more than about half of it in one step is swept by
   * continuous collision (it could otherwise skip over a thin wall).
   */
  minExtent: { type: 'f64', ...ENTITY, shared: true },
  /** Head of this body's shape list (shape id), -1 when none. */
  shapeHead: { type: 'i32', ...ENTITY, initial: -1, shared: true },
  /** Number of shapes on the body. */
  shapeCount: { type: 'i32', ...ENTITY },
  /** Head of this body's contact-edge list (edge = contactId * 2 + side), -1 when none. */
  contactHead: { type: 'i32', ...ENTITY, initial: -1 },
  /** Index of the body in `list` (creation order with swap-remove), -1 when not a body. Derived from `list`. */
  listIndex: { type: 'i32', ...DERIVED, initial: -1 },
  /** Dense list of body entity ids; iteration order of the pipeline (depends only on the API call sequence). */
  list: { type: 'i32', rows: 'entities', snapshot: 'count' },
  /**
   * Scratch of the narrowphase: each body's pose (x, y, cos, sin) at [4·eid…], copied from the transform columns as
   * the stage begins (systems' update-contacts.ts). A contact then reads one record per body where it read four
   * columns. Sized where it is filled.
   */
  poses: { type: 'f64', length: 0, shared: true },
} as const satisfies ColumnSpec<'entities', 'entities' | 'count'>;

/**
 * Body columns (BODY_COLUMNS) indexed by entity id, sized to the largest body entity id. Cold data (user-facing
 * flags, shape list heads) and simulation data live side by side here; the solver's hot per-substep state is gathered
 * into dense records (SolverData.states) so its loops stay cache-friendly.
 */
export class BodyStore extends columnStore(BODY_COLUMNS) {
  /** The handle column, typed: an element is a BodyId (no code emitted: the column is the spec's Float64Array). */
  declare handle: HandleColumn<BodyId>;
  readonly transform: TransformColumns = new TransformStore();
  /** Live bodies: the length of `list`. */
  count = 0;
  /** Rows every entity-indexed column holds. */
  private entityRows = INITIAL_ROWS;

  /** Room for entity ids up to `maxEid`. */
  reserve(maxEid: number): void {
    const n = maxEid + 1;
    if (n <= this.entityRows) return;
    growColumns(this.transform, TRANSFORM_COLUMNS, 'entities', n);
    this.entityRows = growColumns(this, BODY_COLUMNS, 'entities', n);
  }
}
