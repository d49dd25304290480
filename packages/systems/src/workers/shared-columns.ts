import type { CollideState } from '../collide-contacts.js';

/** A typed-array column the narrowphase reads or writes. */
export type Column = Float64Array | Int32Array | Uint8Array;

/** The object that holds a column, found from the step's state (a PhysicsState or a worker's view of it). */
type Owner = (v: CollideState) => object;

const contacts: Owner = (v) => v.contacts;
const geometry: Owner = (v) => v.shapes.geometry;
const shapes: Owner = (v) => v.shapes;
const bodies: Owner = (v) => v.bodies;
const transform: Owner = (v) => v.bodies.transform;
const tree0: Owner = (v) => v.broadphase.trees[0]!;
const tree1: Owner = (v) => v.broadphase.trees[1]!;

/**
 * Every column collideChunk touches, as (owner, property). The main thread sends these to its workers whenever one
 * of them is replaced (a store grew, a snapshot was restored); a worker puts each into its own view under the same
 * name, so the one collideChunk runs on either side. A column missing here would be read stale by the workers: the
 * worker-count tests compare bits against one thread on scenes that grow every store.
 */
export const COLLIDE_COLUMNS: ReadonlyArray<readonly [Owner, string]> = [
  [contacts, 'shapeA'],
  [contacts, 'shapeB'],
  [contacts, 'bodyA'],
  [contacts, 'bodyB'],
  [contacts, 'flags'],
  [contacts, 'listIndex'],
  [contacts, 'pointCount'],
  [contacts, 'points'],
  [contacts, 'normalX'],
  [contacts, 'normalY'],
  [contacts, 'manifoldCache'],
  [contacts, 'cacheValid'],
  [contacts, 'chunkOut'],
  [contacts, 'chunkCounts'],
  [geometry, 'type'],
  [geometry, 'count'],
  [geometry, 'radius'],
  [geometry, 'centroid'],
  [geometry, 'slot'],
  [geometry, 'verts'],
  [geometry, 'normals'],
  [shapes, 'aabb'],
  [shapes, 'moved'],
  [shapes, 'tree'],
  [shapes, 'proxy'],
  [bodies, 'flags'],
  [transform, 'x'],
  [transform, 'y'],
  [transform, 'c'],
  [transform, 's'],
  [tree0, 'minX'],
  [tree0, 'minY'],
  [tree0, 'maxX'],
  [tree0, 'maxY'],
  [tree1, 'minX'],
  [tree1, 'minY'],
  [tree1, 'maxX'],
  [tree1, 'maxY'],
];

/** Column `i` of COLLIDE_COLUMNS in `v`. */
export function readColumn(v: CollideState, i: number): Column {
  const [owner, key] = COLLIDE_COLUMNS[i]!;
  return (owner(v) as Record<string, Column>)[key]!;
}

/** Puts `column` as column `i` of COLLIDE_COLUMNS into `v` (a worker's view; the trees there are plain objects). */
export function writeColumn(v: CollideState, i: number, column: Column): void {
  const [owner, key] = COLLIDE_COLUMNS[i]!;
  (owner(v) as Record<string, Column>)[key] = column;
}
