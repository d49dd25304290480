import { GeometryStore } from '../geometry/geometry-store.js';
import { growF64, growI32, growU32, growU8 } from '../storage/grow.js';

/** Doubles per shape in ShapeStore.aabb: the tight box, then the fat box. */
export const AABB_STRIDE = 8;
/** Offset of the fat box (the proxy's box in the broadphase tree) in a shape's aabb record. */
export const AABB_FAT = 4;

/**
 * Shape rows, indexed by shape id (a small integer handed out by the world, reused through a free list). Geometry
 * lives in `geometry` (same row index); this store holds material, filtering and broadphase bookkeeping.
 */
export class ShapeStore {
  readonly geometry = new GeometryStore();
  /** 1 while the row is a live shape. */
  alive = new Uint8Array(16);
  /** Incremented when a row is freed, so a stale shape handle {id, generation} can be detected. */
  generation = new Int32Array(16);
  /** Owning body entity id. */
  body = new Int32Array(16);
  /** Next shape of the same body (-1 ends the list). */
  next = new Int32Array(16);
  /** Density (kg/m²). */
  density = new Float64Array(16);
  /** Coulomb friction coefficient; pairs mix as sqrt(μA·μB). */
  friction = new Float64Array(16);
  /** Coefficient of restitution; pairs mix as max(eA, eB). */
  restitution = new Float64Array(16);
  /** Rolling resistance (dimensionless, as Box2D v3): pairs mix as max. */
  rollingResistance = new Float64Array(16);
  /** Tangent speed of the surface (m/s): conveyor belts. */
  tangentSpeed = new Float64Array(16);
  /** Collision filter: category bits, mask bits and group index (same negative group never collides). */
  categoryBits = new Uint32Array(16);
  maskBits = new Uint32Array(16);
  groupIndex = new Int32Array(16);
  /** 1 for sensors: overlap detection only, no collision response. */
  sensor = new Uint8Array(16);
  /** 1 when the shape's contacts report hit events (ShapeDef.enableHitEvents). */
  hitEvents = new Uint8Array(16);
  /** Broadphase tree this shape's proxy lives in (0 static tree, 1 movable tree) and its proxy id there (-1 none). */
  tree = new Uint8Array(16);
  proxy = new Int32Array(16);
  /**
   * Per shape, AABB_STRIDE doubles at [id*AABB_STRIDE..]: its tight AABB at the last refit (m: minX, minY, maxX,
   * maxY), then at AABB_FAT the fat box its broadphase proxy has in the tree (the same four). The fat box is a copy
   * kept next to the tight one: the narrowphase tests both for every contact, and one record per shape (64 bytes,
   * a cache line) costs it one scattered read instead of six through the tree's columns.
   */
  aabb = new Float64Array(16 * AABB_STRIDE);
  /** 1 while the shape's proxy sits in the broadphase move buffer this step. */
  moved = new Uint8Array(16);
  /** Free rows, last freed first. */
  free = new Int32Array(16);
  freeCount = 0;
  /** Rows ever used (high-water mark). */
  capacityUsed = 0;
  /** Live shape count. */
  count = 0;

  reserve(rows: number): void {
    this.geometry.reserve(rows);
    if (this.alive.length >= rows) return;
    this.alive = growU8(this.alive, rows);
    this.generation = growI32(this.generation, rows);
    this.body = growI32(this.body, rows);
    this.next = growI32(this.next, rows);
    this.density = growF64(this.density, rows);
    this.friction = growF64(this.friction, rows);
    this.restitution = growF64(this.restitution, rows);
    this.rollingResistance = growF64(this.rollingResistance, rows);
    this.tangentSpeed = growF64(this.tangentSpeed, rows);
    this.categoryBits = growU32(this.categoryBits, rows);
    this.maskBits = growU32(this.maskBits, rows);
    this.groupIndex = growI32(this.groupIndex, rows);
    this.sensor = growU8(this.sensor, rows);
    this.hitEvents = growU8(this.hitEvents, rows);
    this.tree = growU8(this.tree, rows);
    this.proxy = growI32(this.proxy, rows);
    this.aabb = growF64(this.aabb, rows * AABB_STRIDE);
    this.moved = growU8(this.moved, rows);
    this.free = growI32(this.free, rows);
  }

  /** Takes a row from the free list or the end. */
  allocate(): number {
    if (this.freeCount > 0) return this.free[--this.freeCount];
    const id = this.capacityUsed++;
    this.reserve(id + 1);
    return id;
  }

  release(id: number): void {
    this.geometry.release(id);
    this.alive[id] = 0;
    this.generation[id] = this.generation[id] + 1;
    this.free[this.freeCount++] = id;
    this.count--;
  }
}
