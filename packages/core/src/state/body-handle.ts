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
 *   physics keeps its own generation per index, bumped whenever a body or joint on it is destroyed. Bodies and joints
 *   share it (nextGeneration): a body and a joint never get the same handle, not even one destroyed and one live, so
 *   a joint handle given where a body is expected is told apart (state/require-handle.ts). The first body on an id has
 *   generation 0: its handle equals its entity id, `transform.x[eid]` and `query(world, [Transform])` work as before.
 *   Only a body created on a recycled id gets a handle above 2^24; `bodyEntity(world, body)` gives its entity.
 * A handle is refused when its index holds no live body or the live body's handle differs (an older generation).
 * The comparison is exact on doubles, so handles need not fit in 32 bits (versioned ids may even be negative). Body
 * and joint handles are ≥ −2^31 either way, far above the shape handles (state/shape-handle.ts).
 */

/** The column index of the live body `handle` names, or −1 (no body, a destroyed one, or not a handle at all). */
export function liveBodyIndex(p: PhysicsState, handle: number): number {
  const b = p.bodies;
  const index = handle & p.indexMask;
  return index < b.alive.length && b.alive[index] === 1 && b.handle[index] === handle ? index : -1;
}

/** The row of the live joint `handle` names, or −1. */
export function liveJointRow(p: PhysicsState, handle: number): number {
  const js = p.joints;
  const index = handle & p.indexMask;
  if (index >= js.rowOf.length) return -1;
  const row = js.rowOf[index];
  return row >= 0 && js.handle[row] === handle ? row : -1;
}

/**
 * The column index of the live body that entity id `entity` names, or −1: its index must hold a live body created
 * under that very id (in a plain world, a body made on a recycled id is named by its entity id all the same).
 */
export function bodyIndexOfEntity(p: PhysicsState, entity: number): number {
  const index = entity & p.indexMask;
  const b = p.bodies;
  return index < b.alive.length && b.alive[index] === 1 && entityOfHandle(p, b.handle[index]) === entity ? index : -1;
}

/** The same for joints: the column index of the live joint that `entity` names, or −1. */
export function jointIndexOfEntity(p: PhysicsState, entity: number): number {
  const index = entity & p.indexMask;
  const js = p.joints;
  if (index >= js.rowOf.length) return -1;
  const row = js.rowOf[index];
  return row >= 0 && entityOfHandle(p, js.handle[row]) === entity ? index : -1;
}

/**
 * The generation of a new body or joint on column index `index` of a plain world: one past every generation a body
 * or a joint had on it, so no handle is ever handed out twice, whatever its kind.
 */
export function nextGeneration(p: PhysicsState, index: number): number {
  const bodyGeneration = index < p.bodies.generation.length ? p.bodies.generation[index] : 0;
  const jointGeneration = index < p.joints.generation.length ? p.joints.generation[index] : 0;
  return bodyGeneration > jointGeneration ? bodyGeneration : jointGeneration;
}

/** The handle a new body or joint on entity `eid` gets; `generation` is nextGeneration's. */
export function handleFor(p: PhysicsState, eid: number, generation: number): number {
  return p.versioned ? eid : generation * p.versionSpan + (eid & p.indexMask);
}

/** The bitecs entity id of a handle (the handle itself in versioned worlds, its index in plain ones). */
export function entityOfHandle(p: PhysicsState, handle: number): number {
  return p.versioned ? handle : handle & p.indexMask;
}
