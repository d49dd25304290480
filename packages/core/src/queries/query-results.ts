import { growF64, growHandles, handleColumn } from '../storage/grow.js';
import type { BodyId, HandleColumn, ShapeId } from '../handles.js';

/**
 * Caller-owned result buffers for per-frame queries: typed-array columns plus a count. A query clears the buffer and
 * fills rows [0, count). Buffers never shrink, so once one has grown to the largest result it sees, queries into it
 * allocate nothing. Columns are replaced when they grow: read them through the buffer after each query.
 */

/** Ray hits, sorted by fraction (ties in shape order: descending shape handle, see ShapeId). */
export class RayHits {
  /** Number of valid rows. */
  count = 0;
  /** Body handle of the hit shape (float64: handles pass 2³¹). */
  body: HandleColumn<BodyId>;
  /** Shape handle. */
  shape: HandleColumn<ShapeId>;
  /** Fraction of the translation at the hit point, in [0, 1]. */
  fraction: Float64Array;
  /** Hit point, world (m). */
  pointX: Float64Array;
  pointY: Float64Array;
  /** Outward unit surface normal at the hit point, world. */
  normalX: Float64Array;
  normalY: Float64Array;

  constructor(capacity = 16) {
    const n = capacity > 0 ? capacity : 16;
    this.body = handleColumn(n);
    this.shape = handleColumn(n);
    this.fraction = new Float64Array(n);
    this.pointX = new Float64Array(n);
    this.pointY = new Float64Array(n);
    this.normalX = new Float64Array(n);
    this.normalY = new Float64Array(n);
  }

  /** Forgets the rows; keeps the capacity. */
  clear(): void {
    this.count = 0;
  }

  /** Appends a hit; `hit` = [fraction, pointX, pointY, normalX, normalY] as rayCastGeometry writes it. */
  push(body: BodyId, shape: ShapeId, hit: Float64Array): void {
    const i = this.count;
    if (i === this.body.length) this.grow(i + 1);
    this.body[i] = body;
    this.shape[i] = shape;
    this.fraction[i] = hit[0];
    this.pointX[i] = hit[1];
    this.pointY[i] = hit[2];
    this.normalX[i] = hit[3];
    this.normalY[i] = hit[4];
    this.count = i + 1;
  }

  /** Sorts the rows by fraction, then shape order, in place: heapsort, so no allocation and no recursion. */
  sort(): void {
    const n = this.count;
    for (let i = (n >> 1) - 1; i >= 0; i--) this.siftDown(i, n);
    for (let end = n - 1; end > 0; end--) {
      this.swap(0, end);
      this.siftDown(0, end);
    }
  }

  private less(i: number, j: number): boolean {
    const fi = this.fraction[i],
      fj = this.fraction[j];
    // Shape order is descending handles (state/shape-handle.ts).
    return fi < fj || (fi === fj && this.shape[i] > this.shape[j]);
  }

  private siftDown(i: number, n: number): void {
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) return;
      const r = l + 1;
      const m = r < n && this.less(l, r) ? r : l;
      if (!this.less(i, m)) return;
      this.swap(i, m);
      i = m;
    }
  }

  private swap(i: number, j: number): void {
    swapF64(this.body, i, j);
    swapF64(this.shape, i, j);
    swapF64(this.fraction, i, j);
    swapF64(this.pointX, i, j);
    swapF64(this.pointY, i, j);
    swapF64(this.normalX, i, j);
    swapF64(this.normalY, i, j);
  }

  private grow(min: number): void {
    let n = this.body.length * 2;
    while (n < min) n *= 2;
    this.body = growHandles(this.body, n);
    this.shape = growHandles(this.shape, n);
    this.fraction = growF64(this.fraction, n);
    this.pointX = growF64(this.pointX, n);
    this.pointY = growF64(this.pointY, n);
    this.normalX = growF64(this.normalX, n);
    this.normalY = growF64(this.normalY, n);
  }
}

/** Shapes found by an overlap query, in shape order (descending shape handle, see ShapeId). */
export class ShapeHits {
  /** Number of valid rows. */
  count = 0;
  /** Body handle of each shape (float64: handles pass 2³¹). */
  body: HandleColumn<BodyId>;
  /** Shape handle. */
  shape: HandleColumn<ShapeId>;

  constructor(capacity = 16) {
    const n = capacity > 0 ? capacity : 16;
    this.body = handleColumn(n);
    this.shape = handleColumn(n);
  }

  /** Forgets the rows; keeps the capacity. */
  clear(): void {
    this.count = 0;
  }

  /** Appends a shape and its body, growing the columns when they are full. */
  push(body: BodyId, shape: ShapeId): void {
    const i = this.count;
    if (i === this.body.length) {
      let n = i * 2;
      while (n < i + 1) n *= 2;
      this.body = growHandles(this.body, n);
      this.shape = growHandles(this.shape, n);
    }
    this.body[i] = body;
    this.shape[i] = shape;
    this.count = i + 1;
  }

  /** Sorts the rows in shape order, descending handles, in place (heapsort; handles are unique). */
  sort(): void {
    const n = this.count;
    for (let i = (n >> 1) - 1; i >= 0; i--) this.siftDown(i, n);
    for (let end = n - 1; end > 0; end--) {
      this.swap(0, end);
      this.siftDown(0, end);
    }
  }

  private siftDown(i: number, n: number): void {
    const shape = this.shape;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) return;
      const r = l + 1;
      const m = r < n && shape[l] > shape[r] ? r : l;
      if (!(shape[i] > shape[m])) return;
      this.swap(i, m);
      i = m;
    }
  }

  private swap(i: number, j: number): void {
    swapF64(this.body, i, j);
    swapF64(this.shape, i, j);
  }
}

function swapF64(a: Float64Array, i: number, j: number): void {
  const t = a[i];
  a[i] = a[j];
  a[j] = t;
}

/** A hit as an object: what castRay and castShapeAll return (RayResult, ShapeCastResult). */
interface HitObject {
  body: BodyId;
  shape: ShapeId;
  point: { x: number; y: number };
  normal: { x: number; y: number };
  fraction: number;
}

/**
 * The rows of `hits` as objects in `result` (its existing objects reused, new ones made where missing; its length set
 * to the hit count), which it returns.
 */
export function hitsToResults(hits: RayHits, result: HitObject[]): HitObject[] {
  const n = hits.count;
  for (let i = 0; i < n; i++) {
    let r = result[i];
    if (
      r === undefined ||
      r === null ||
      typeof r !== 'object' ||
      typeof r.point !== 'object' ||
      typeof r.normal !== 'object'
    ) {
      r = { body: hits.body[i], shape: hits.shape[i], point: { x: 0, y: 0 }, normal: { x: 0, y: 0 }, fraction: 0 };
      result[i] = r;
    }
    r.body = hits.body[i];
    r.shape = hits.shape[i];
    r.point.x = hits.pointX[i];
    r.point.y = hits.pointY[i];
    r.normal.x = hits.normalX[i];
    r.normal.y = hits.normalY[i];
    r.fraction = hits.fraction[i];
  }
  result.length = n;
  return result;
}
