import { growF64, growI32, growU8 } from '../storage/grow.js';

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
} as const;

/**
 * The body transform, readable zero-copy by render systems: `Transform.x[eid]`. It is a bitecs component (each body
 * entity has it), so user queries can include it. Columns are replaced when they grow: read them through this object
 * every frame, do not cache the arrays.
 */
export interface TransformColumns {
  /** Body origin x (m), world. */
  x: Float64Array;
  /** Body origin y (m), world. */
  y: Float64Array;
  /** cos(angle) of the body rotation. */
  c: Float64Array;
  /** sin(angle) of the body rotation. */
  s: Float64Array;
}

/**
 * Body columns indexed by entity id. Sized to the largest body entity id; rows of entities that are not bodies are
 * unused. Cold data (user-facing flags, shape list heads) and simulation data live side by side here; the solver's
 * hot per-substep state is gathered into a dense array (see SolverBodies) so its loops stay cache-friendly.
 */
export class BodyStore {
  readonly transform: TransformColumns = {
    x: new Float64Array(16),
    y: new Float64Array(16),
    c: new Float64Array(16),
    s: new Float64Array(16),
  };
  /**
   * Scratch of the narrowphase: each body's pose (x, y, cos, sin) at [4·eid…], copied from the transform columns as
   * the stage begins (systems' update-contacts.ts). A contact then reads one record per body where it read four
   * columns. Sized where it is filled.
   */
  poses = new Float64Array(0);
  /** 1 while the entity is a live body of this world. */
  alive = new Uint8Array(16);
  /** 1 once a body on this entity id was destroyed (and no new body took the id): a stale handle. */
  retired = new Uint8Array(16);
  /** The handle of the body on this index (kept after destroy until a new body takes the index); see body-handle.ts. */
  handle = new Float64Array(16);
  /** Bodies destroyed on this index so far: the generation of plain (unversioned) worlds' handles. */
  generation = new Int32Array(16);
  /** BodyType id. */
  type = new Uint8Array(16);
  /** BodyFlag bits. */
  flags = new Uint8Array(16);
  /** Centre of mass, world (m). */
  centerX = new Float64Array(16);
  centerY = new Float64Array(16);
  /** Centre of mass at the start of the step, world (m): continuous collision sweeps from here. */
  center0X = new Float64Array(16);
  center0Y = new Float64Array(16);
  /** Centre of mass, body-local (m). */
  localCenterX = new Float64Array(16);
  localCenterY = new Float64Array(16);
  /** Linear velocity of the centre of mass (m/s). */
  vx = new Float64Array(16);
  vy = new Float64Array(16);
  /** Angular velocity (rad/s, counter-clockwise). */
  w = new Float64Array(16);
  /** Mass (kg) and its inverse (0 for static/kinematic bodies and massless dynamic bodies). */
  mass = new Float64Array(16);
  invMass = new Float64Array(16);
  /** Rotational inertia about the centre of mass (kg m²) and its inverse (0 with fixed rotation). */
  inertia = new Float64Array(16);
  invInertia = new Float64Array(16);
  /** Linear and angular damping (1/s): v ← v / (1 + h·damping) each substep. */
  linearDamping = new Float64Array(16);
  angularDamping = new Float64Array(16);
  /** Multiplies world gravity for this body. */
  gravityScale = new Float64Array(16);
  /** Accumulated force (N) and torque (N m), applied during the next step, then cleared. */
  forceX = new Float64Array(16);
  forceY = new Float64Array(16);
  torque = new Float64Array(16);
  /** Time this body has rested below its sleep threshold (s). */
  sleepTime = new Float64Array(16);
  /** Speed (m/s) below which the body counts as resting, for linear speed and for |w|·maxExtent. */
  sleepThreshold = new Float64Array(16);
  /** Largest distance from the centre of mass to any point of the body's shapes (m): turns |w| into a speed. */
  maxExtent = new Float64Array(16);
  /**
   * Smallest extent of the body's shapes (m): a circle's radius, a polygon's smallest centroid-to-edge distance
   * plus its rounding; 1e300 with no shapes. A body that moves more than about half of it in one step is swept by
   * continuous collision (it could otherwise skip over a thin wall).
   */
  minExtent = new Float64Array(16);
  /** Head of this body's shape list (shape id), -1 when none. */
  shapeHead = new Int32Array(16).fill(-1);
  /** Number of shapes on the body. */
  shapeCount = new Int32Array(16);
  /** Head of this body's contact-edge list (edge = contactId * 2 + side), -1 when none. */
  contactHead = new Int32Array(16).fill(-1);
  /** Index of the body in `list` (creation order with swap-remove), -1 when not a body. */
  listIndex = new Int32Array(16).fill(-1);
  /** Dense list of body entity ids; iteration order of the pipeline (depends only on the API call sequence). */
  list = new Int32Array(16);
  count = 0;

  reserve(maxEid: number): void {
    const n = maxEid + 1;
    if (this.alive.length >= n) return;
    const t = this.transform;
    t.x = growF64(t.x, n);
    t.y = growF64(t.y, n);
    t.c = growF64(t.c, n);
    t.s = growF64(t.s, n);
    this.alive = growU8(this.alive, n);
    this.retired = growU8(this.retired, n);
    this.handle = growF64(this.handle, n);
    this.generation = growI32(this.generation, n);
    this.type = growU8(this.type, n);
    this.flags = growU8(this.flags, n);
    this.centerX = growF64(this.centerX, n);
    this.centerY = growF64(this.centerY, n);
    this.center0X = growF64(this.center0X, n);
    this.center0Y = growF64(this.center0Y, n);
    this.localCenterX = growF64(this.localCenterX, n);
    this.localCenterY = growF64(this.localCenterY, n);
    this.vx = growF64(this.vx, n);
    this.vy = growF64(this.vy, n);
    this.w = growF64(this.w, n);
    this.mass = growF64(this.mass, n);
    this.invMass = growF64(this.invMass, n);
    this.inertia = growF64(this.inertia, n);
    this.invInertia = growF64(this.invInertia, n);
    this.linearDamping = growF64(this.linearDamping, n);
    this.angularDamping = growF64(this.angularDamping, n);
    this.gravityScale = growF64(this.gravityScale, n);
    this.forceX = growF64(this.forceX, n);
    this.forceY = growF64(this.forceY, n);
    this.torque = growF64(this.torque, n);
    this.sleepTime = growF64(this.sleepTime, n);
    this.sleepThreshold = growF64(this.sleepThreshold, n);
    this.maxExtent = growF64(this.maxExtent, n);
    this.minExtent = growF64(this.minExtent, n);
    this.shapeHead = growI32(this.shapeHead, n, -1);
    this.shapeCount = growI32(this.shapeCount, n);
    this.contactHead = growI32(this.contactHead, n, -1);
    this.listIndex = growI32(this.listIndex, n, -1);
    this.list = growI32(this.list, n);
  }
}
