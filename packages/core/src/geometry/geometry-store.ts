import { MAX_POLYGON_VERTICES } from '../settings.js';
import { INITIAL_ROWS, type ColumnSpec } from '../storage/column-spec.js';
import { columnStore, growColumns } from '../storage/column-store.js';

/** Floats per slot in `verts` and `normals`. */
export const GEOMETRY_STRIDE = 2 * MAX_POLYGON_VERTICES;

/** Grown with the shape rows and stored for each shape row ever used. */
const ROW = { rows: 'rows', snapshot: 'rows' } as const;
/** Grown with the slots and stored for each slot ever used. */
const SLOT = { rows: 'slots', snapshot: 'slots' } as const;

/** The geometry columns: per shape row, then per slot (see storage/column-spec.ts for what an entry drives). */
export const GEOMETRY_COLUMNS = {
  /** ShapeType of each row. */
  type: { type: 'u8', ...ROW, shared: true },
  /** Number of vertices in use (1 circle, 2 capsule/segment, 3..8 polygon). */
  count: { type: 'u8', ...ROW, shared: true },
  /** Rounding radius (m): circle and capsule radius, polygon rounding; 0 for segments. */
  radius: { type: 'f64', ...ROW, shared: true },
  /** Centroid, body-local (m): row r at [r*2, r*2+1]. */
  centroid: { type: 'f64', width: 2, ...ROW, shared: true },
  /** Slot of each row's vertices and normals; -1 for a row that holds none. */
  slot: { type: 'i32', ...ROW, initial: -1, shared: true },
  /** Vertices, body-local (m): slot k holds x0,y0,x1,y1,… at [k*16 .. k*16+15], unused ones zero. */
  verts: { type: 'f64', width: GEOMETRY_STRIDE, ...SLOT, shared: true },
  /** Outward unit edge normals, same layout; normal i belongs to edge (v[i], v[i+1]). Unused for circles. */
  normals: { type: 'f64', width: GEOMETRY_STRIDE, ...SLOT, shared: true },
  /** Rows using each slot (0: the slot is free). */
  slotRefs: { type: 'i32', ...SLOT },
  /** Free slots, last freed first (`freeSlotCount` of them). */
  freeSlots: { type: 'i32', rows: 'slots', snapshot: 'freeSlots' },
} as const satisfies ColumnSpec<'rows' | 'slots', 'rows' | 'slots' | 'freeSlots'>;

/**
 * Shape geometry in body-local coordinates, as flat typed-array columns so that the narrowphase reads it without
 * touching objects. Per shape row: type, vertex count, radius, centroid and `slot`; the vertices and normals live in
 * slots of `verts` / `normals` (GEOMETRY_STRIDE floats each), shared by every row with the same vertices and normals
 * (interned by writeGeometry): a pile of equal boxes reads one slot, which stays in cache, and stores 256 bytes once
 * instead of once per shape (in memory and in snapshots). Read a row's vertices at `slot[row] * GEOMETRY_STRIDE`.
 *
 * Every kind is stored as a rounded convex polygon: circle = 1 vertex (its centre) + radius; capsule = 2 vertices +
 * radius; segment = 2 vertices, radius 0; polygon = 3..8 vertices (counter-clockwise) + optional rounding radius.
 * This lets the generic polygon routines handle capsule/segment pairs (as Box2D v3 does) without copies.
 *
 * A chain segment is a segment row (count 2, radius 0, vertices p1, p2, normal 0 = right normal of p1 → p2, which is
 * its one collision side) that also uses the unused slots 2 and 3 of the row: vertex 2 is the ghost before p1 (the
 * previous chain point), vertex 3 the ghost after p2 (the next chain point), normal 2 the right normal of
 * ghost1 → p1 and normal 3 the right normal of p2 → ghost2. Code that reads `count` vertices (AABB, mass, queries,
 * time of impact) sees a plain segment; only the chain collision routines read the ghosts.
 */
export class GeometryStore extends columnStore(GEOMETRY_COLUMNS) {
  /** Slots ever used (high-water mark). */
  slotsUsed = 0;
  freeSlotCount = 0;
  /**
   * Content → slot, for interning: the bits of a slot's vertices and normals as a string. Only looked up, never
   * iterated (determinism). Null until first needed and after a snapshot restore: rebuilt from the slots.
   */
  private index: Map<string, number> | null = null;
  /** Rows and slots every column of theirs holds. */
  private rowCapacity = INITIAL_ROWS;
  private slotCapacity = INITIAL_ROWS;

  /** Ensure rows 0..rows-1 exist. */
  reserve(rows: number): void {
    if (rows > this.rowCapacity) this.rowCapacity = growColumns(this, GEOMETRY_COLUMNS, 'rows', rows);
  }

  /** Ensure slots 0..slots-1 exist. */
  reserveSlots(slots: number): void {
    if (slots > this.slotCapacity) this.slotCapacity = growColumns(this, GEOMETRY_COLUMNS, 'slots', slots);
  }

  /**
   * Points `row` at a slot holding `verts` and `normals` (GEOMETRY_STRIDE floats each): an existing slot with the
   * same bits, or a new one. The row's previous slot, if any, is released first.
   */
  intern(row: number, verts: Float64Array, normals: Float64Array): void {
    this.release(row);
    const index = this.contentIndex();
    const key = contentKey(verts, normals, 0);
    let k = index.get(key);
    if (k === undefined) {
      k = this.freeSlotCount > 0 ? this.freeSlots[--this.freeSlotCount] : this.slotsUsed++;
      this.reserveSlots(k + 1);
      this.verts.set(verts, k * GEOMETRY_STRIDE);
      this.normals.set(normals, k * GEOMETRY_STRIDE);
      index.set(key, k);
    }
    this.slotRefs[k] = this.slotRefs[k] + 1;
    this.slot[row] = k;
  }

  /** Drops `row`'s use of its slot; a slot no row uses goes back to the free list. */
  release(row: number): void {
    const k = this.slot[row];
    if (k < 0) return;
    this.slot[row] = -1;
    const refs = this.slotRefs[k] - 1;
    this.slotRefs[k] = refs;
    if (refs > 0) return;
    this.index?.delete(this.keyOf(k));
    this.verts.fill(0, k * GEOMETRY_STRIDE, (k + 1) * GEOMETRY_STRIDE);
    this.normals.fill(0, k * GEOMETRY_STRIDE, (k + 1) * GEOMETRY_STRIDE);
    this.freeSlots[this.freeSlotCount++] = k;
  }

  /** The interning index is rebuilt from the slots on its next use (after the slots were replaced wholesale). */
  forgetIndex(): void {
    this.index = null;
  }

  private contentIndex(): Map<string, number> {
    if (this.index !== null) return this.index;
    const index = new Map<string, number>();
    for (let k = 0; k < this.slotsUsed; k++) if (this.slotRefs[k] > 0) index.set(this.keyOf(k), k);
    this.index = index;
    return index;
  }

  private keyOf(k: number): string {
    return contentKey(this.verts, this.normals, k * GEOMETRY_STRIDE);
  }
}

const keyFloats = new Float64Array(2 * GEOMETRY_STRIDE);
const keyChars = new Uint16Array(keyFloats.buffer);

/** The exact bits of GEOMETRY_STRIDE vertices and normals from offset o (so 0 and -0 differ) as a string. */
function contentKey(verts: Float64Array, normals: Float64Array, o: number): string {
  for (let i = 0; i < GEOMETRY_STRIDE; i++) {
    keyFloats[i] = verts[o + i];
    keyFloats[GEOMETRY_STRIDE + i] = normals[o + i];
  }
  return String.fromCharCode(...keyChars);
}
