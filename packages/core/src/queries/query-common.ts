import { PhysicsError } from '../errors.js';
import { SHAPE_TYPE_COUNT } from '../geometry/shape-type.js';
import type { ShapeGeometry } from '../geometry/shape-geometry.js';
import { cosSin } from '../math/trig.js';
import type { PhysicsState } from '../state/physics-state.js';
import { shapeHandle as shapeHandleOfRow } from '../state/shape-handle.js';
import type { QueryScratch } from './query-scratch.js';
import { orderCandidates } from './query-filter.js';
import type { ShapeId } from '../handles.js';

/** A point or vector as the queries take it. */
export interface QueryVec2 {
  readonly x: number;
  readonly y: number;
}

/** A pose for a query shape: position of its origin (m) and rotation (rad). */
export interface QueryTransform {
  readonly position: QueryVec2;
  readonly angle: number;
}

/** The public handle (ShapeId) of live shape row `row` (state/shape-handle.ts). */
export function shapeHandle(p: PhysicsState, row: number): ShapeId {
  return shapeHandleOfRow(p.shapes, row);
}

/** Throws INVALID_ARGUMENT unless `v` is an {x, y} with finite numbers. Builds a message only when it throws. */
export function checkQueryVec2(v: QueryVec2, what: string): void {
  if (v === null || typeof v !== 'object') {
    throw new PhysicsError('INVALID_ARGUMENT', `${what} must be an {x, y} object, got ${String(v)}`);
  }
  if (typeof v.x !== 'number' || !Number.isFinite(v.x) || typeof v.y !== 'number' || !Number.isFinite(v.y)) {
    throw new PhysicsError(
      'INVALID_ARGUMENT',
      `${what} must have finite x and y, got (${String(v.x)}, ${String(v.y)})`,
    );
  }
}

/** Validates a query transform and writes its pose [x, y, cos, sin] into `pose`. */
export function loadQueryTransform(t: QueryTransform, pose: Float64Array): void {
  if (t === null || typeof t !== 'object') {
    throw new PhysicsError('INVALID_ARGUMENT', `transform must be a { position, angle } object, got ${String(t)}`);
  }
  checkQueryVec2(t.position, 'transform.position');
  if (typeof t.angle !== 'number' || !Number.isFinite(t.angle)) {
    throw new PhysicsError('INVALID_ARGUMENT', `transform.angle must be a finite number, got ${String(t.angle)}`);
  }
  pose[0] = t.position.x;
  pose[1] = t.position.y;
  cosSin(t.angle, pose, 2);
}

export function checkQueryGeometry(g: ShapeGeometry): void {
  if (
    g === null ||
    typeof g !== 'object' ||
    !(g.vertices instanceof Float64Array) ||
    !(g.type >= 0 && g.type < SHAPE_TYPE_COUNT)
  ) {
    throw new PhysicsError(
      'INVALID_ARGUMENT',
      'query geometry must come from makeBox, makeCircle, makeCapsule, makePolygon or makeSegment',
    );
  }
}

/** Writes the pose [x, y, cos, sin] of shape row `row`'s body into `pose`. */
export function loadShapePose(p: PhysicsState, row: number, pose: Float64Array): void {
  const eid = p.shapes.body[row];
  const t = p.bodies.transform;
  pose[0] = t.x[eid];
  pose[1] = t.y[eid];
  pose[2] = t.c[eid];
  pose[3] = t.s[eid];
}

/**
 * Collects into q.candidates the shape rows whose broadphase box touches q.box (static tree, then movable tree) and
 * whose category the resolved filter's mask accepts (call resolveFilter first; the trees skip rejected subtrees);
 * in shape handle order when the filter has a predicate.
 */
export function gatherBoxCandidates(p: PhysicsState, q: QueryScratch): void {
  const c = q.candidates;
  const b = q.box;
  const mask = q.filterBits[1];
  c.clear();
  const trees = p.broadphase.trees;
  // The box as an array: V8 boxes doubles passed to a call it does not inline.
  trees[0].queryBoxMasked(b, 0, mask, c);
  trees[1].queryBoxMasked(b, 0, mask, c);
  orderCandidates(p, q);
}
