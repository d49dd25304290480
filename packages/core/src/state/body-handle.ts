import { PhysicsError } from '../errors.js';
import type { PhysicsState } from './physics-state.js';

/*
 * Body and joint handles carry a generation, as shape handles do, so a destroyed body's or joint's handle is refused
 * (STALE_HANDLE) even after bitecs hands its entity id out again.
 *
 * A handle is `generation · 2^versionShift + index`, laid out exactly like a bitecs 0.4 versioned entity id:
 * - `index` is the entity id without version bits (bitecs' `getId`). Every body and joint column is indexed by it,
 *   so columns stay small and dense and the hot loops (which only ever see indices) are untouched.
 * - In a world made with `createEntityIndex(withVersioning(…))` the handle IS the entity id bitecs returned (its
 *   version is the generation): use it with addComponent, query results, removeEntity… directly, and index the
 *   zero-copy columns with `getId(index, eid)` (or `bodyIndex(world, body)`).
 * - In a plain world (createPhysicsWorld, or createWorld() without versioning) bitecs reuses ids unchanged, so
 *   physics keeps its own generation per index, bumped whenever a body (joint) on it is destroyed. The first body on
 *   an id has generation 0: its handle equals its entity id, `transform.x[eid]` and `query(world, [Transform])` work as
 *   before. Only a body created on a recycled id gets a handle above 2^24; `bodyEntity(world, body)` gives its entity.
 * A handle is refused when its index holds no live body or the live body's handle differs (an older generation).
 * The comparison is exact on doubles, so handles need not fit in 32 bits (versioned ids may even be negative).
 */

/** Throws NOT_A_BODY / STALE_HANDLE unless `handle` is a live body of this world; returns its column index. */
export function requireBody(p: PhysicsState, handle: number): number {
  if (typeof handle !== 'number' || !Number.isInteger(handle)) {
    throw new PhysicsError('NOT_A_BODY', `body handle must be an integer, got ${String(handle)}`);
  }
  const b = p.bodies;
  const index = handle & p.indexMask;
  if (index < b.alive.length) {
    if (b.alive[index] === 1 && b.handle[index] === handle) return index;
    // A body lives or lived on this index, under another generation: the handle is an earlier one's.
    if (b.alive[index] === 1 || b.retired[index] === 1) {
      throw new PhysicsError('STALE_HANDLE', `body ${handle} was destroyed`);
    }
  }
  throw new PhysicsError('NOT_A_BODY', `entity ${handle} is not a body of this world`);
}

/** Throws NOT_A_JOINT / STALE_HANDLE unless `handle` is a live joint of this world; returns its row. */
export function requireJointRow(p: PhysicsState, handle: number): number {
  if (typeof handle !== 'number' || !Number.isInteger(handle)) {
    throw new PhysicsError('NOT_A_JOINT', `joint handle must be an integer, got ${String(handle)}`);
  }
  const js = p.joints;
  const index = handle & p.indexMask;
  if (index < js.rowOf.length) {
    const row = js.rowOf[index];
    if (row >= 0 && js.handle[row] === handle) return row;
    if (js.retired[index] === 1 || row >= 0) {
      throw new PhysicsError('STALE_HANDLE', `joint ${handle} was destroyed`);
    }
  }
  throw new PhysicsError('NOT_A_JOINT', `entity ${handle} is not a joint of this world`);
}

/** The handle a new body or joint on entity `eid` gets; `generation` is the index's count of destroyed ones. */
export function handleFor(p: PhysicsState, eid: number, generation: number): number {
  return p.versioned ? eid : generation * p.versionSpan + (eid & p.indexMask);
}

/** The bitecs entity id of a handle (the handle itself in versioned worlds, its index in plain ones). */
export function entityOfHandle(p: PhysicsState, handle: number): number {
  return p.versioned ? handle : handle & p.indexMask;
}
