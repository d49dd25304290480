import { growF64, growHandles, growU8, handleColumn } from '../storage/grow.js';
import type { BodyId, HandleColumn, ShapeId } from '../handles.js';

/**
 * Collision planes of movers, as typed-array columns plus a count: what collideMoverInto writes and solvePlanesInto /
 * clipVectorInto read. A plane constrains the translation d of a mover from the position it was collided at:
 *
 *   normal · d ≥ offset
 *
 * with `normal` the unit normal from the shape towards the mover. A positive offset is how far the mover must move
 * out along the normal, a negative one how far it may still approach. This is Box2D's b2Plane with its separation
 * normal · d − offset ≥ 0; the mover's rest gap is folded into the offset (collideMover), so the solver adds no slop.
 *
 * One buffer may hold the planes of many movers, each a range of rows (the solver routines take start and count).
 * Rows are appended; the buffer never shrinks, so once it has grown to the largest count it sees, filling it again
 * allocates nothing. Columns are replaced when they grow: read them through the buffer after each call that adds.
 */
export class MoverPlanes {
  /** Number of valid rows. */
  count = 0;
  /** Unit plane normal, world, pointing from the shape towards the mover. */
  normalX: Float64Array;
  normalY: Float64Array;
  /** The plane asks normal · d ≥ offset of the mover's translation d (m). */
  offset: Float64Array;
  /**
   * Largest total push this plane may give (m): Infinity for a rigid surface, less for a soft one (a crowd the
   * mover may push into, a door that must not push it through the floor). Set by the caller after collideMoverInto.
   */
  pushLimit: Float64Array;
  /** Push the plane gave in the last solve (m, ≥ 0): written by solvePlanesInto, read by clipVectorInto. */
  push: Float64Array;
  /** 1: clipVectorInto removes velocity into this plane (when it pushed); 0: it does not (soft planes). */
  clipVelocity: Uint8Array;
  /** Closest point on the shape's surface, world (m). */
  pointX: Float64Array;
  pointY: Float64Array;
  /** Body handle of the shape the plane came from (-1 for planes made by the caller; float64: handles pass 2³¹). */
  body: HandleColumn<BodyId | -1>;
  /** Shape handle the plane came from, -1 for planes made by the caller. */
  shape: HandleColumn<ShapeId | -1>;

  constructor(capacity = 8) {
    const n = capacity > 0 ? capacity : 8;
    this.normalX = new Float64Array(n);
    this.normalY = new Float64Array(n);
    this.offset = new Float64Array(n);
    this.pushLimit = new Float64Array(n);
    this.push = new Float64Array(n);
    this.clipVelocity = new Uint8Array(n);
    this.pointX = new Float64Array(n);
    this.pointY = new Float64Array(n);
    this.body = handleColumn(n);
    this.shape = handleColumn(n);
  }

  /** Forgets the rows; keeps the capacity. */
  clear(): void {
    this.count = 0;
  }

  /**
   * Appends a row and returns its index, for the caller to fill through the columns (re-read them: they may have
   * been replaced). The new row is a rigid, clipping plane with normal (0, 1), offset 0, no push, from no shape.
   */
  addRow(): number {
    const i = this.count;
    if (i === this.normalX.length) this.grow(i + 1);
    this.normalX[i] = 0;
    this.normalY[i] = 1;
    this.offset[i] = 0;
    this.pushLimit[i] = Infinity;
    this.push[i] = 0;
    this.clipVelocity[i] = 1;
    this.pointX[i] = 0;
    this.pointY[i] = 0;
    this.body[i] = -1;
    this.shape[i] = -1;
    this.count = i + 1;
    return i;
  }

  /**
   * Sorts rows [start, end) in shape order in place (heapsort: no allocation, no recursion), so that the planes of
   * a query come in an order that does not depend on the broadphase tree's history. Shape order is descending shape
   * handles (state/shape-handle.ts); a caller's plane (shape -1) comes first.
   */
  sortByShape(start: number, end: number): void {
    const n = end - start;
    for (let i = (n >> 1) - 1; i >= 0; i--) this.siftDown(start, i, n);
    for (let last = n - 1; last > 0; last--) {
      this.swap(start, start + last);
      this.siftDown(start, 0, last);
    }
  }

  private siftDown(start: number, i: number, n: number): void {
    const shape = this.shape;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) return;
      const r = l + 1;
      const m = r < n && shape[start + l] > shape[start + r] ? r : l;
      if (!(shape[start + i] > shape[start + m])) return;
      this.swap(start + i, start + m);
      i = m;
    }
  }

  private swap(i: number, j: number): void {
    swapF64(this.normalX, i, j);
    swapF64(this.normalY, i, j);
    swapF64(this.offset, i, j);
    swapF64(this.pushLimit, i, j);
    swapF64(this.push, i, j);
    const c = this.clipVelocity[i];
    this.clipVelocity[i] = this.clipVelocity[j];
    this.clipVelocity[j] = c;
    swapF64(this.pointX, i, j);
    swapF64(this.pointY, i, j);
    swapF64(this.body, i, j);
    swapF64(this.shape, i, j);
  }

  private grow(min: number): void {
    let n = this.normalX.length * 2;
    while (n < min) n *= 2;
    this.normalX = growF64(this.normalX, n);
    this.normalY = growF64(this.normalY, n);
    this.offset = growF64(this.offset, n);
    this.pushLimit = growF64(this.pushLimit, n);
    this.push = growF64(this.push, n);
    this.clipVelocity = growU8(this.clipVelocity, n);
    this.pointX = growF64(this.pointX, n);
    this.pointY = growF64(this.pointY, n);
    this.body = growHandles(this.body, n);
    this.shape = growHandles(this.shape, n);
  }
}

function swapF64(a: Float64Array, i: number, j: number): void {
  const t = a[i];
  a[i] = a[j];
  a[j] = t;
}
