import { INITIAL_ROWS, type ColumnSpec } from '../storage/column-spec.js';
import { columnStore, growColumns } from '../storage/column-store.js';
import { IntBuffer } from '../storage/int-buffer.js';
import { PairSet } from './pair-set.js';

/** Per-contact flag bits. */
export const ContactFlag = {
  /** The manifold has at least one point (shapes touch or are within the speculative distance). */
  touching: 1,
  /** One of the shapes is a sensor: overlap is reported, no constraint is made. */
  sensor: 2,
  /** One of the shapes enables hit events (ShapeDef.enableHitEvents); set with the material (mixMaterial). */
  hitEvents: 4,
  /**
   * The pair began to touch from the closed side of a one-way shape (ShapeDef.oneWayNormal): it counts as not
   * touching (no constraint, no events) until its manifold has no point left, then the flag clears.
   */
  passing: 8,
} as const;

/**
 * A contact whose flags are `flags` is touching and not a sensor: it gets a solver constraint this step (when a body
 * is movable) and its manifold may be reused. The colouring, the constraint builder, the impulse store and the
 * narrowphase's reuse test share this one rule.
 */
export function isSolidTouching(flags: number): boolean {
  return (flags & (ContactFlag.touching | ContactFlag.sensor)) === ContactFlag.touching;
}

// The stored manifold point layout (CP_*) has a file of its own, which the WebAssembly kernel imports too.
import { CONTACT_POINTS_STRIDE } from './contact-point-layout.js';
export {
  CP_ANCHOR_AX,
  CP_ANCHOR_AY,
  CP_SEPARATION,
  CP_ID,
  CP_NORMAL_IMPULSE,
  CP_TANGENT_IMPULSE,
  CP_STRIDE,
  CONTACT_POINTS_STRIDE,
} from './contact-point-layout.js';

/**
 * Manifold cache layout: the relative pose of B in A's frame when the manifold was computed (x, y, cos, sin), the
 * normal in A's frame, and per point its anchor on A in A's frame and its separation.
 */
export const MC_REL_X = 0;
export const MC_REL_Y = MC_REL_X + 1;
export const MC_REL_C = MC_REL_Y + 1;
export const MC_REL_S = MC_REL_C + 1;
export const MC_NORMAL_X = MC_REL_S + 1;
export const MC_NORMAL_Y = MC_NORMAL_X + 1;
export const MC_POINT0 = MC_NORMAL_Y + 1; // x, y, separation; point 1 follows at MC_POINT0 + 3
export const MC_STRIDE = MC_POINT0 + 2 * 3;
/**
 * A pair proved apart (cacheValid 2: see systems' manifold-cache.ts) keeps the relative pose in the same four slots,
 * then how much farther apart the cores were than contact needs (less a rounding slack), and the lever that turns
 * a change of relative rotation into a bound on how far a vertex moved.
 */
export const MC_APART_MARGIN = MC_NORMAL_X;
export const MC_APART_LEVER = MC_NORMAL_Y;

/** Grown with the contact rows and stored for each row ever used. */
const ROW = { rows: 'rows', snapshot: 'rows' } as const;
/** A contact's mixed material: grown with the rows, computed again by snapshot restore (ColumnDecl.derived). */
const MIXED = { rows: 'rows', derived: true, shared: true } as const;

/** The contact table's columns, indexed by contact id (see storage/column-spec.ts for what an entry drives). */
export const CONTACT_COLUMNS = {
  /**
   * Scratch of the narrowphase's chunks (systems' collide-contacts.ts), written by whichever thread runs a chunk:
   * per chunk, the ids of contacts that separated and of those whose touching state flipped.
   */
  chunkOut: { type: 'i32', length: 0, shared: true },
  /** The same chunks' three counts. */
  chunkCounts: { type: 'i32', length: 0, shared: true },
  /** Shape ids of the pair. */
  shapeA: { type: 'i32', ...ROW, shared: true },
  shapeB: { type: 'i32', ...ROW, shared: true },
  /** Body entity ids of the shapes. */
  bodyA: { type: 'i32', ...ROW, shared: true },
  bodyB: { type: 'i32', ...ROW, shared: true },
  /** ContactFlag bits. */
  flags: { type: 'u8', ...ROW, shared: true },
  /**
   * Mixed friction of the pair, mixed when the pair begins to touch and again when a material, mixing rule or
   * callback changes (contact-lifecycle.ts mixMaterial): only touching contacts read it, so restore mixes it again
   * for those from the stored shapes and settings (derived).
   */
  friction: { type: 'f64', ...MIXED },
  /** Mixed restitution of the pair. */
  restitution: { type: 'f64', ...MIXED },
  /** Mixed rolling resistance of the pair. */
  rollingResistance: { type: 'f64', ...MIXED },
  /** Mixed tangent speed of the pair (m/s). */
  tangentSpeed: { type: 'f64', ...MIXED },
  /** Manifold normal x (unit, A → B, world). */
  normalX: { type: 'f64', ...ROW, shared: true },
  /** Manifold normal y. */
  normalY: { type: 'f64', ...ROW, shared: true },
  /** Manifold point count. */
  pointCount: { type: 'u8', ...ROW, shared: true },
  /** Manifold points, CONTACT_POINTS_STRIDE floats per contact. */
  points: { type: 'f64', width: CONTACT_POINTS_STRIDE, ...ROW, shared: true },
  /** Body contact-edge lists: next edge, for edge e = contact * 2 + side (0 on body A's list, 1 on body B's). */
  edgeNext: { type: 'i32', width: 2, ...ROW },
  /** Previous edge, as edgeNext. */
  edgePrev: { type: 'i32', width: 2, ...ROW },
  /**
   * The last computed manifold in body A's frame, for reuse while the pair barely moves (systems/manifold-cache.ts):
   * MC_STRIDE floats per contact.
   */
  manifoldCache: { type: 'f64', width: MC_STRIDE, ...ROW, shared: true },
  /** 1 while manifoldCache may be used, 2 while it holds a proof that the pair is apart (MC_APART_MARGIN), else 0. */
  cacheValid: { type: 'u8', ...ROW, shared: true },
  /** Position of the contact in `list`; -1 once the row is freed. Derived from `list`. */
  listIndex: { type: 'i32', rows: 'rows', derived: true, shared: true },
  /** Live contact ids in creation order (swap-remove), `count` of them. */
  list: { type: 'i32', rows: 'rows', snapshot: 'count', shared: true },
  /**
   * Freed rows, a binary min-heap (`freeCount` of them): a new contact takes the lowest one. The passes over the
   * table run in row order up to `capacityUsed`, so live rows packed low are read as dense runs; a stack (the last
   * freed row first) left a churning pile's live rows scattered over every row it ever used (Box2D's smash: 46,700
   * live contacts spread over 80,700 rows).
   */
  free: { type: 'i32', rows: 'rows', snapshot: 'free' },
} as const satisfies ColumnSpec<'rows', 'rows' | 'count' | 'free'>;

/**
 * The persistent contact table: one row per pair of shapes whose fat AABBs overlap, created by the broadphase and
 * destroyed when the fat AABBs separate. Freed rows are reused lowest first (`free` is a min-heap); `list` holds live
 * rows in creation order (swap-remove).
 */
export class ContactStore extends columnStore(CONTACT_COLUMNS) {
  readonly pairs = new PairSet();
  /** Scratch of the narrowphase: contacts whose fat boxes separated this step, destroyed after the pass. */
  readonly separated = new IntBuffer();
  /** Scratch of the narrowphase: contacts whose touching state flipped this step (for events and waking). */
  readonly touchChanged = new IntBuffer();
  count = 0;
  freeCount = 0;
  capacityUsed = 0;
  /**
   * Bumped by every change the solver's colouring reads (systems/colour-contacts.ts): a contact created or destroyed
   * (the list changes), a touching flag flipped (update-contacts), a snapshot restored. The colouring is kept while
   * this equals `colouredVersion` and the solver's bodies did not change.
   */
  version = 0;
  /** `version` when the colouring was last computed (−1: never). */
  colouredVersion = -1;
  /** The solver it was computed for (0 soft, −1 classic: every row in the overflow set). */
  colouredFor = 0;
  /** Rows every column holds. */
  private rowCapacity = INITIAL_ROWS;

  reserve(rows: number): void {
    if (rows > this.rowCapacity) this.rowCapacity = growColumns(this, CONTACT_COLUMNS, 'rows', rows);
  }

  allocate(): number {
    const id = this.freeCount > 0 ? popLowest(this.free, this.freeCount--) : this.capacityUsed++;
    this.version++;
    this.reserve(id + 1);
    this.listIndex[id] = this.count;
    this.list[this.count++] = id;
    return id;
  }

  release(id: number): void {
    const at = this.listIndex[id];
    this.version++;
    const last = this.list[--this.count];
    this.list[at] = last;
    this.listIndex[last] = at;
    this.listIndex[id] = -1;
    pushFree(this.free, this.freeCount++, id);
  }
}

/** Adds `id` to the min-heap heap[0, count). */
function pushFree(heap: Int32Array, count: number, id: number): void {
  let k = count;
  while (k > 0) {
    const parent = (k - 1) >> 1;
    const above = heap[parent];
    if (above <= id) break;
    heap[k] = above;
    k = parent;
  }
  heap[k] = id;
}

/** Removes and returns the smallest id of the min-heap heap[0, count), count > 0. */
function popLowest(heap: Int32Array, count: number): number {
  const lowest = heap[0];
  const n = count - 1;
  const last = heap[n];
  let k = 0;
  for (;;) {
    let child = 2 * k + 1;
    if (child >= n) break;
    if (child + 1 < n && heap[child + 1] < heap[child]) child++;
    if (heap[child] >= last) break;
    heap[k] = heap[child];
    k = child;
  }
  heap[k] = last;
  return lowest;
}
