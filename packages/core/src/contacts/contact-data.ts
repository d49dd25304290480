import type { BodyId, HandleColumn, ShapeId } from '../handles.js';
import { growF64, growHandles, handleColumn } from '../storage/grow.js';

/**
 * One point of a touching contact (getBodyContacts, getShapeContacts), as of the last step: world position (m),
 * separation (m, negative when overlapping) and the solver's accumulated impulses of a substep (N s, as Box2D v3
 * keeps them: divide by the substep length for the force).
 */
export interface ContactInfoPoint {
  x: number;
  y: number;
  separation: number;
  normalImpulse: number;
  tangentImpulse: number;
}

/**
 * A touching contact (getBodyContacts, getShapeContacts): its shapes and their bodies (handles), the unit normal from
 * shape A to shape B, world, and one or two points.
 */
export interface ContactInfo {
  shapeA: ShapeId;
  shapeB: ShapeId;
  bodyA: BodyId;
  bodyB: BodyId;
  normal: { x: number; y: number };
  points: ContactInfoPoint[];
}

/**
 * Caller-owned result columns for the contact readers' `…Into` forms (getBodyContactsInto, getShapeContactsInto),
 * like the queries' RayHits and ShapeHits: a reader clears the buffer and fills rows [0, count); the buffer never
 * shrinks, so once it has grown to the most contacts it sees, reading into it allocates nothing. Columns are replaced
 * when they grow: read them through the buffer after each call. Point j (0 or 1) of row i is at index 2·i + j of the
 * point columns; points at j ≥ pointCount[i] read 0.
 */
export class ContactData {
  /** Number of valid rows. */
  count = 0;
  /** Shape handles. */
  shapeA: HandleColumn<ShapeId>;
  shapeB: HandleColumn<ShapeId>;
  /** Body handles of shape A and shape B (float64: handles pass 2³¹). */
  bodyA: HandleColumn<BodyId>;
  bodyB: HandleColumn<BodyId>;
  /** Unit normal from shape A to shape B, world. */
  normalX: Float64Array;
  normalY: Float64Array;
  /** Points of each contact: 1 or 2. */
  pointCount: Float64Array;
  /** Point world position (m), at 2·i + j. */
  pointX: Float64Array;
  pointY: Float64Array;
  /** Point separation (m), negative when overlapping, at 2·i + j. */
  separation: Float64Array;
  /** Accumulated normal impulse of a substep (N s), at 2·i + j. */
  normalImpulse: Float64Array;
  /** Accumulated friction impulse of a substep (N s), at 2·i + j. */
  tangentImpulse: Float64Array;

  constructor(capacity = 16) {
    const n = capacity > 0 ? capacity : 16;
    this.shapeA = handleColumn(n);
    this.shapeB = handleColumn(n);
    this.bodyA = handleColumn(n);
    this.bodyB = handleColumn(n);
    this.normalX = new Float64Array(n);
    this.normalY = new Float64Array(n);
    this.pointCount = new Float64Array(n);
    this.pointX = new Float64Array(2 * n);
    this.pointY = new Float64Array(2 * n);
    this.separation = new Float64Array(2 * n);
    this.normalImpulse = new Float64Array(2 * n);
    this.tangentImpulse = new Float64Array(2 * n);
  }

  /** Forgets the rows; keeps the capacity. */
  clear(): void {
    this.count = 0;
  }

  /** Room for `rows` rows (the readers call it before filling). */
  reserve(rows: number): void {
    if (rows <= this.shapeA.length) return;
    let n = this.shapeA.length * 2;
    while (n < rows) n *= 2;
    this.shapeA = growHandles(this.shapeA, n);
    this.shapeB = growHandles(this.shapeB, n);
    this.bodyA = growHandles(this.bodyA, n);
    this.bodyB = growHandles(this.bodyB, n);
    this.normalX = growF64(this.normalX, n);
    this.normalY = growF64(this.normalY, n);
    this.pointCount = growF64(this.pointCount, n);
    this.pointX = growF64(this.pointX, 2 * n);
    this.pointY = growF64(this.pointY, 2 * n);
    this.separation = growF64(this.separation, 2 * n);
    this.normalImpulse = growF64(this.normalImpulse, 2 * n);
    this.tangentImpulse = growF64(this.tangentImpulse, 2 * n);
  }
}
