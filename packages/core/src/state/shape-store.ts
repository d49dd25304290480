import { GeometryStore } from '../geometry/geometry-store.js';
import { INITIAL_ROWS, type ColumnSpec } from '../storage/column-spec.js';
import { columnStore, growColumns } from '../storage/column-store.js';

/** Doubles per shape in ShapeStore.aabb: the tight box, then the fat box. */
export const AABB_STRIDE = 8;
/** Offset of the fat box (the proxy's box in the broadphase tree) in a shape's aabb record. */
export const AABB_FAT = 4;

/** Grown with the shape rows and stored for each row ever used. */
const ROW = { rows: 'rows', snapshot: 'rows' } as const;

/** The shape columns, indexed by shape id (see storage/column-spec.ts for what an entry drives). */
export const SHAPE_COLUMNS = {
  /** 1 while the row is a live shape. */
  alive: { type: 'u8', ...ROW },
  /** Incremented when a row is freed, so a stale shape handle {id, generation} can be detected. */
  generation: { type: 'i32', ...ROW },
  /** Owning body entity id. */
  body: { type: 'i32', ...ROW },
  /** Next shape of the same body (-1 ends the list). */
  next: { type: 'i32', ...ROW, shared: true },
  /** Density (kg/m²). */
  density: { type: 'f64', ...ROW },
  /** Coulomb friction coefficient; pairs mix by the world's frictionMixing rule or friction callback. */
  friction: { type: 'f64', ...ROW },
  /** Coefficient of restitution; pairs mix by the world's restitutionMixing rule or restitution callback. */
  restitution: { type: 'f64', ...ROW },
  /** Rolling resistance (dimensionless, as Box2D v3): pairs mix as max. */
  rollingResistance: { type: 'f64', ...ROW },
  /** Tangent speed of the surface (m/s): conveyor belts. */
  tangentSpeed: { type: 'f64', ...ROW },
  /** The user's material id (ShapeDef.userMaterialId), passed to the world's mixing callbacks. */
  userMaterial: { type: 'i32', ...ROW },
  /** Collision filter: category bits. */
  categoryBits: { type: 'u32', ...ROW },
  /** Collision filter: mask bits (the categories this shape collides with). */
  maskBits: { type: 'u32', ...ROW },
  /** Collision filter: group index (shapes of the same negative group never collide, of the same positive always). */
  groupIndex: { type: 'i32', ...ROW },
  /** 1 for sensors: overlap detection only, no collision response. */
  sensor: { type: 'u8', ...ROW },
  /** 1 when the shape's contacts report hit events (ShapeDef.enableHitEvents). */
  hitEvents: { type: 'u8', ...ROW },
  /**
   * Total normal force (N) above which the shape's contacts report a contact force event (ShapeDef
   * .contactForceThreshold; a contact uses the smaller of its two shapes'); +∞: none.
   */
  contactForceThreshold: { type: 'f64', ...ROW },
  /**
   * One-way normal x, body-local (a unit vector; 0, 0 for a shape solid from every side): a contact that begins to
   * touch from any other side passes through while the pair keeps touching (ShapeDef.oneWayNormal, setShapeOneWay).
   */
  oneWayX: { type: 'f64', ...ROW },
  /** One-way normal y, as oneWayX. */
  oneWayY: { type: 'f64', ...ROW },
  /** 1 while a sensor is switched off (setSensorEnabled): its proxy pairs with nothing, so it reports nothing. */
  sensorDisabled: { type: 'u8', ...ROW },
  /** Broadphase tree this shape's proxy lives in (0 static tree, 1 movable tree). */
  tree: { type: 'u8', ...ROW },
  /** The shape's proxy id in its tree (-1 none). */
  proxy: { type: 'i32', ...ROW },
  /**
   * Per shape, AABB_STRIDE doubles at [id*AABB_STRIDE..]: its tight AABB at the last refit (m: minX, minY, maxX,
   * maxY), then at AABB_FAT the fat box its broadphase proxy has in the tree (the same four). The fat box is a copy
   * kept next to the tight one: the narrowphase tests both for every contact, and one record per shape (64 bytes,
   * a cache line) costs it one scattered read instead of six through the tree's columns.
   */
  aabb: { type: 'f64', width: AABB_STRIDE, ...ROW, shared: true },
  /** 1 while the shape's proxy sits in the broadphase move buffer this step. */
  moved: { type: 'u8', ...ROW, shared: true },
  /** Free rows, last freed first (`freeCount` of them). */
  free: { type: 'i32', rows: 'rows', snapshot: 'free' },
} as const satisfies ColumnSpec<'rows', 'rows' | 'free'>;

/**
 * Shape rows, indexed by shape id (a small integer handed out by the world, reused through a free list). Geometry
 * lives in `geometry` (same row index); this store holds material, filtering and broadphase bookkeeping.
 */
export class ShapeStore extends columnStore(SHAPE_COLUMNS) {
  readonly geometry = new GeometryStore();
  freeCount = 0;
  /** Rows ever used (high-water mark). */
  capacityUsed = 0;
  /** Live shape count. */
  count = 0;
  /**
   * Live shapes with a finite contactForceThreshold (setContactForceThreshold keeps it; snapshots store it). While it
   * is 0 the step looks at no contact for a contact force event.
   */
  forceEventShapes = 0;
  /**
   * The user's values (setShapeUserData) by row, and the shape handle each was set for: a value is the shape's only
   * while the handles agree. Any JavaScript value, so plain arrays on the main thread, never in snapshots.
   */
  readonly userData: unknown[] = [];
  readonly userDataHandle: number[] = [];
  /** Rows every column holds. */
  private rowCapacity = INITIAL_ROWS;

  reserve(rows: number): void {
    this.geometry.reserve(rows);
    if (rows <= this.rowCapacity) return;
    this.rowCapacity = growColumns(this, SHAPE_COLUMNS, 'rows', rows);
  }

  /** Takes a row from the free list or the end. */
  allocate(): number {
    if (this.freeCount > 0) return this.free[--this.freeCount];
    const id = this.capacityUsed++;
    this.reserve(id + 1);
    return id;
  }

  /**
   * Sets a live shape's contact force threshold (N, +∞: no events), keeping forceEventShapes. A new shape's row
   * must be at +∞ first (insertShape writes it), a released one goes back to +∞.
   */
  setContactForceThreshold(id: number, threshold: number): void {
    const was = this.contactForceThreshold[id] < Infinity;
    this.contactForceThreshold[id] = threshold;
    const now = threshold < Infinity;
    if (was !== now) this.forceEventShapes += now ? 1 : -1;
  }

  release(id: number): void {
    this.setContactForceThreshold(id, Infinity);
    this.geometry.release(id);
    if (id < this.userData.length) {
      this.userData[id] = undefined;
      this.userDataHandle[id] = -1;
    }
    this.alive[id] = 0;
    this.generation[id] = this.generation[id] + 1;
    this.free[this.freeCount++] = id;
    this.count--;
  }
}
