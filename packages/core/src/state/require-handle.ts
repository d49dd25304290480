import { PhysicsError } from '../errors.js';
import { liveBodyIndex, liveJointRow } from './body-handle.js';
import type { PhysicsState } from './physics-state.js';
import { isShapeHandle, liveShapeRow, shapeRowOfHandle } from './shape-handle.js';

/*
 * The checks every public function runs on the handles it is given, before it changes anything. Bodies, shapes and
 * joints are named in disjoint number spaces (body-handle.ts, shape-handle.ts), so a handle of the wrong kind is
 * refused with the mistake named ("handle -8589934592 is a shape handle, not a body") and never resolves to another
 * object. The fast path is one comparison per check; the wrong-kind tests run only on the way to an error.
 */

/** What a handle that failed a check names instead, for the error message ('' when nothing live). */
function otherKind(p: PhysicsState, handle: number): string {
  if (isShapeHandle(handle)) return 'a shape handle';
  if (liveJointRow(p, handle) >= 0) return 'a joint handle';
  if (liveBodyIndex(p, handle) >= 0) return 'a body handle';
  return '';
}

/** Throws NOT_A_BODY / STALE_HANDLE unless `handle` is a live body of this world; returns its column index. */
export function requireBody(p: PhysicsState, handle: number): number {
  if (typeof handle !== 'number' || !Number.isInteger(handle)) {
    throw new PhysicsError('NOT_A_BODY', `body handle must be an integer, got ${String(handle)}`);
  }
  const index = liveBodyIndex(p, handle);
  if (index >= 0) return index;
  const other = otherKind(p, handle);
  if (other !== '') throw new PhysicsError('NOT_A_BODY', `handle ${handle} is ${other}, not a body`);
  const b = p.bodies;
  const at = handle & p.indexMask;
  // A body lives or lived on this index, under another generation: the handle is an earlier one's.
  if (at < b.alive.length && (b.alive[at] === 1 || b.retired[at] === 1)) {
    throw new PhysicsError('STALE_HANDLE', `body ${handle} was destroyed`);
  }
  throw new PhysicsError('NOT_A_BODY', `entity ${handle} is not a body of this world`);
}

/** Throws NOT_A_JOINT / STALE_HANDLE unless `handle` is a live joint of this world; returns its row. */
export function requireJointRow(p: PhysicsState, handle: number): number {
  if (typeof handle !== 'number' || !Number.isInteger(handle)) {
    throw new PhysicsError('NOT_A_JOINT', `joint handle must be an integer, got ${String(handle)}`);
  }
  const row = liveJointRow(p, handle);
  if (row >= 0) return row;
  const other = otherKind(p, handle);
  if (other !== '') throw new PhysicsError('NOT_A_JOINT', `handle ${handle} is ${other}, not a joint`);
  const js = p.joints;
  const at = handle & p.indexMask;
  if (at < js.rowOf.length && (js.retired[at] === 1 || js.rowOf[at] >= 0)) {
    throw new PhysicsError('STALE_HANDLE', `joint ${handle} was destroyed`);
  }
  throw new PhysicsError('NOT_A_JOINT', `entity ${handle} is not a joint of this world`);
}

/** Throws NOT_A_SHAPE / STALE_HANDLE unless `handle` is a live shape of this world; returns its row. */
export function requireShapeRow(p: PhysicsState, handle: number): number {
  if (typeof handle !== 'number' || !Number.isInteger(handle)) {
    throw new PhysicsError('NOT_A_SHAPE', `shape handle must be an integer, got ${String(handle)}`);
  }
  const s = p.shapes;
  const row = liveShapeRow(s, handle);
  if (row >= 0) return row;
  if (!isShapeHandle(handle)) {
    const other = otherKind(p, handle);
    throw new PhysicsError(
      'NOT_A_SHAPE',
      other !== '' ? `handle ${handle} is ${other}, not a shape` : `${handle} is not a shape handle`,
    );
  }
  if (shapeRowOfHandle(handle) >= s.capacityUsed) {
    throw new PhysicsError('NOT_A_SHAPE', `shape ${handle} does not exist in this world`);
  }
  throw new PhysicsError('STALE_HANDLE', `shape ${handle} was destroyed`);
}
