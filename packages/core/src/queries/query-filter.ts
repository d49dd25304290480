import { PhysicsError } from '../errors.js';
import type { PhysicsState } from '../state/physics-state.js';
import type { QueryScratch } from './query-scratch.js';
import type { BodyId, ShapeId } from '../handles.js';
import { isShapeHandle, shapeHandle, shapeOrderKey } from '../state/shape-handle.js';
import { liveJointRow } from '../state/body-handle.js';
import { requireBody } from '../state/require-handle.js';
import type { ShapeStore } from '../state/shape-store.js';

/**
 * Which shapes a query reports. Like a shape filter seen from the query's side: a shape is reported when
 * (shape.categoryBits & filter.maskBits) !== 0 and (filter.categoryBits & shape.maskBits) !== 0, it is not on
 * `ignoreBody`, it is not a sensor unless `includeSensors`, and `predicate` (if any) accepts it. Group indices play no
 * part in queries. Every field is optional; missing fields take the defaults of defaultQueryFilter().
 */
export interface QueryFilter {
  /** Categories the query belongs to, matched against each shape's mask. Default 0x0001 (the default category). */
  categoryBits?: number;
  /** Categories the query reports, matched against each shape's category. Default 0xFFFFFFFF (all). */
  maskBits?: number;
  /** A body whose shapes are skipped (for example the caster itself). Default -1 (none). */
  ignoreBody?: BodyId | -1;
  /** Report sensor shapes too. Default false: sensors detect, they are not hit. */
  includeSensors?: boolean;
  /**
   * A last test of your own (Rapier's filter predicate): return false to skip the shape. It is called for each shape
   * near the query that passed the other tests, before the exact geometric test, in shape order (descending handles,
   * see ShapeId; so the calls do not depend on the broadphase's history), at most once per shape and query. It must
   * not change the world. Default none.
   */
  predicate?: ((shape: ShapeId) => boolean) | null;
}

/**
 * A fresh default query filter: hits every category, sensors excluded.
 */
export function defaultQueryFilter(): Required<QueryFilter> {
  return { categoryBits: 0x0001, maskBits: 0xffffffff, ignoreBody: -1, includeSensors: false, predicate: null };
}

/**
 * Validates `f` and copies it into the scratch filter columns (typed arrays, so the hot loop reads no object fields
 * and a 32-bit mask is never boxed). Throws INVALID_ARGUMENT (NOT_A_BODY for an ignoreBody that is a shape or joint
 * handle) before any work is done.
 */
export function resolveFilter(p: PhysicsState, q: QueryScratch, f: QueryFilter | undefined): void {
  let category = 0x0001;
  let mask = 0xffffffff;
  let ignoreBody = NaN;
  let sensors = 0;
  let predicate: ((shape: ShapeId) => boolean) | null = null;
  if (f !== undefined && f !== null) {
    if (typeof f !== 'object') throw new PhysicsError('INVALID_ARGUMENT', `filter must be an object, got ${String(f)}`);
    if (f.categoryBits !== undefined) category = checkBits(f.categoryBits, 'filter.categoryBits');
    if (f.maskBits !== undefined) mask = checkBits(f.maskBits, 'filter.maskBits');
    if (f.ignoreBody !== undefined) {
      if (typeof f.ignoreBody !== 'number' || !Number.isInteger(f.ignoreBody)) {
        throw new PhysicsError(
          'INVALID_ARGUMENT',
          `filter.ignoreBody must be a body handle, got ${String(f.ignoreBody)}`,
        );
      }
      // Any body handle passes (a destroyed body's shapes are gone anyway); a shape's or a joint's is a mistake.
      if (isShapeHandle(f.ignoreBody) || liveJointRow(p, f.ignoreBody) >= 0) requireBody(p, f.ignoreBody);
      ignoreBody = f.ignoreBody;
    }
    if (f.includeSensors !== undefined) {
      if (typeof f.includeSensors !== 'boolean') {
        throw new PhysicsError(
          'INVALID_ARGUMENT',
          `filter.includeSensors must be a boolean, got ${String(f.includeSensors)}`,
        );
      }
      sensors = f.includeSensors ? 1 : 0;
    }
    if (f.predicate !== undefined && f.predicate !== null) {
      if (typeof f.predicate !== 'function') {
        throw new PhysicsError('INVALID_ARGUMENT', `filter.predicate must be a function, got ${String(f.predicate)}`);
      }
      predicate = f.predicate;
    }
  }
  q.filterBits[0] = category;
  q.filterBits[1] = mask;
  q.filterIgnore[0] = ignoreBody;
  q.filterInts[1] = sensors;
  q.predicate = predicate;
}

function checkBits(v: number, what: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v)) {
    throw new PhysicsError('INVALID_ARGUMENT', `${what} must be an integer, got ${String(v)}`);
  }
  return v >>> 0;
}

/** True if shape row `row` passes the filter last resolved into `q`. */
export function passesFilter(p: PhysicsState, q: QueryScratch, row: number): boolean {
  const s = p.shapes;
  const bits = q.filterBits;
  if ((s.categoryBits[row] & bits[1]) === 0 || (bits[0] & s.maskBits[row]) === 0) return false;
  const ints = q.filterInts;
  if (ints[1] === 0 && s.sensor[row] === 1) return false;
  if (p.bodies.handle[s.body[row]] === q.filterIgnore[0]) return false;
  const predicate = q.predicate;
  return predicate === null || predicate(shapeHandle(s, row)) === true;
}

/**
 * With a predicate in the resolved filter, sorts q.candidates (shape rows) in shape order, so the predicate sees the
 * shapes in an order that depends only on the handles (heapsort: no allocation, no recursion).
 */
export function orderCandidates(p: PhysicsState, q: QueryScratch): void {
  if (q.predicate === null) return;
  const c = q.candidates;
  const rows = c.data;
  const n = c.count;
  const s = p.shapes;
  for (let i = (n >> 1) - 1; i >= 0; i--) siftDown(s, rows, i, n);
  for (let end = n - 1; end > 0; end--) {
    const t = rows[0];
    rows[0] = rows[end];
    rows[end] = t;
    siftDown(s, rows, 0, end);
  }
}

function siftDown(s: ShapeStore, rows: Int32Array, i: number, n: number): void {
  for (;;) {
    const l = 2 * i + 1;
    if (l >= n) return;
    const r = l + 1;
    const m = r < n && shapeOrderKey(s, rows[l]) < shapeOrderKey(s, rows[r]) ? r : l;
    if (!(shapeOrderKey(s, rows[i]) < shapeOrderKey(s, rows[m]))) return;
    const t = rows[i];
    rows[i] = rows[m];
    rows[m] = t;
    i = m;
  }
}
