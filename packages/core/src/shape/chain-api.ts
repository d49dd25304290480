import { requireBody } from '../state/require-handle.js';
import { updateBodyMass } from '../lifecycle/body-mass.js';
import { PhysicsError } from '../errors.js';
import type { ChainGeometry } from '../geometry/make-chain.js';
import { ShapeType } from '../geometry/shape-type.js';
import { assertUnlocked, getPhysics, type PhysicsWorld } from '../state/physics-state.js';
import { handleOf, insertShape, resolveShapeDef, type ShapeDefInput } from './shape-api.js';
import type { BodyId, ShapeId } from '../handles.js';
import { createShapeProxy } from '../lifecycle/shape-proxy.js';

/**
 * Attaches a chain (from makeChain) to a body: one chain-segment shape per segment, all with the same shape
 * definition, in chain order. Returns their handles; each can be changed or destroyed like any shape (destroying one
 * leaves its neighbours' ghost vertices as they were, so the gap's ends stay smooth rather than becoming corners).
 *
 * Chains are meant for static terrain: segments have no mass, collide one-sidedly (see ChainGeometry for which
 * side) with circles, capsules and polygons, and never with segments or other chain segments. Throws PhysicsError
 * for a chain that did not come from makeChain, or for a bad body or shape definition; the world is unchanged then.
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE`, `WORLD_LOCKED` (see {@link PhysicsErrorCode}).
 */
export function addChain(world: PhysicsWorld, body: BodyId, chain: ChainGeometry, def?: ShapeDefInput): ShapeId[] {
  const p = getPhysics(world);
  assertUnlocked(p);
  const index = requireBody(p, body);
  validateChain(chain);
  const d = resolveShapeDef(def);
  const rows: number[] = [];
  for (const segment of chain.segments) rows.push(insertShape(p, index, segment, d));
  updateBodyMass(p, index);
  const ids: ShapeId[] = [];
  for (const row of rows) {
    createShapeProxy(p, row);
    ids.push(handleOf(p, row));
  }
  return ids;
}

/** Structural check of a ChainGeometry: makeChain already validated the numbers, so this catches hand-made objects. */
function validateChain(chain: ChainGeometry): void {
  const bad = (why: string): PhysicsError =>
    new PhysicsError('INVALID_ARGUMENT', `chain must come from makeChain(points, loop): ${why}`);
  if (chain === null || typeof chain !== 'object') throw bad(`got ${String(chain)}`);
  if (typeof chain.loop !== 'boolean' || !(chain.points instanceof Float64Array) || !Array.isArray(chain.segments)) {
    throw bad('missing loop, points or segments');
  }
  const n = chain.points.length >> 1;
  const expected = chain.loop ? n : n - 1;
  if (n < (chain.loop ? 3 : 2) || chain.segments.length !== expected)
    throw bad(`${chain.segments.length} segments for ${n} points`);
  for (let i = 0; i < chain.segments.length; i++) {
    const g = chain.segments[i];
    if (
      g === null ||
      typeof g !== 'object' ||
      g.type !== ShapeType.chainSegment ||
      g.count !== 2 ||
      !(g.vertices instanceof Float64Array) ||
      g.vertices.length !== 8 ||
      !(g.normals instanceof Float64Array) ||
      g.normals.length !== 8 ||
      !g.vertices.every(Number.isFinite) ||
      !g.normals.every(Number.isFinite)
    ) {
      throw bad(`segment ${i} is not a chain segment`);
    }
  }
}
