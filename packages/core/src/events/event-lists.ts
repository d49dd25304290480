import { growF64, growHandles, handleColumn } from '../storage/grow.js';
import type { BodyId, HandleColumn, JointId, ShapeId } from '../handles.js';

/*
 * Caller-owned lists for the events that per-frame code reads every step: typed-array columns plus a count, filled by
 * the `…Into` readers (force-events.ts), as the query result buffers are. A list never shrinks, so once it has grown
 * to the most events a step gives, reading into it allocates nothing. Columns are replaced when they grow: read them
 * through the list after each call.
 */

/** Joint events (getJointEventsInto): row i is one joint whose reaction reached a threshold in the last step. */
export class JointEventList {
  /** Number of valid rows. */
  count = 0;
  /** Joint handle (float64: handles pass 2³¹). */
  joint: HandleColumn<JointId>;
  /** Magnitude of the joint's reaction force on body B in the step (N). */
  force: Float64Array;
  /** Magnitude of the joint's reaction torque on body B in the step (N m). */
  torque: Float64Array;

  constructor(capacity = 16) {
    const n = capacity > 0 ? capacity : 16;
    this.joint = handleColumn(n);
    this.force = new Float64Array(n);
    this.torque = new Float64Array(n);
  }

  /** Forgets the rows; keeps the capacity. */
  clear(): void {
    this.count = 0;
  }

  /** Room for `n` rows (the rows already there are kept). */
  reserve(n: number): void {
    if (n <= this.joint.length) return;
    this.joint = growHandles(this.joint, n);
    this.force = growF64(this.force, n);
    this.torque = growF64(this.torque, n);
  }
}

/** Contact force events (getContactForceEventsInto): row i is one contact that pushed harder than its threshold. */
export class ContactForceEventList {
  /** Number of valid rows. */
  count = 0;
  /** Shape handles of the contact's two shapes. */
  shapeA: HandleColumn<ShapeId>;
  shapeB: HandleColumn<ShapeId>;
  /** Body handles of the two shapes' bodies (float64: handles pass 2³¹). */
  bodyA: HandleColumn<BodyId>;
  bodyB: HandleColumn<BodyId>;
  /** The contact normal, from shape A to shape B (world, unit). */
  normalX: Float64Array;
  normalY: Float64Array;
  /** Sum of the contact points' normal forces in the step (N). */
  totalNormalForce: Float64Array;
  /** The largest of the points' normal forces (N). */
  maxNormalForce: Float64Array;

  constructor(capacity = 16) {
    const n = capacity > 0 ? capacity : 16;
    this.shapeA = handleColumn(n);
    this.shapeB = handleColumn(n);
    this.bodyA = handleColumn(n);
    this.bodyB = handleColumn(n);
    this.normalX = new Float64Array(n);
    this.normalY = new Float64Array(n);
    this.totalNormalForce = new Float64Array(n);
    this.maxNormalForce = new Float64Array(n);
  }

  /** Forgets the rows; keeps the capacity. */
  clear(): void {
    this.count = 0;
  }

  /** Room for `n` rows (the rows already there are kept). */
  reserve(n: number): void {
    if (n <= this.shapeA.length) return;
    this.shapeA = growHandles(this.shapeA, n);
    this.shapeB = growHandles(this.shapeB, n);
    this.bodyA = growHandles(this.bodyA, n);
    this.bodyB = growHandles(this.bodyB, n);
    this.normalX = growF64(this.normalX, n);
    this.normalY = growF64(this.normalY, n);
    this.totalNormalForce = growF64(this.totalNormalForce, n);
    this.maxNormalForce = growF64(this.maxNormalForce, n);
  }
}
