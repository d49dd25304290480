import { DynamicTree, IntBuffer } from './dynamic-tree.js';

/** Tree ids: static shapes never move, so they sit in their own tree that dynamic proxies query but never rebuild. */
export const TREE_STATIC = 0;
export const TREE_MOVABLE = 1;

/**
 * Broadphase state of one world: two AABB trees of fat boxes (static / kinematic+dynamic), the buffer of proxies that
 * moved (or were created) since the last pair update, and scratch for the pairs found.
 */
export class BroadPhase {
  readonly trees: [DynamicTree, DynamicTree] = [new DynamicTree(), new DynamicTree()];
  /** Shape ids whose proxies were created or re-inserted since the last update (in the order that happened). */
  readonly moveBuffer = new IntBuffer();
  /** Scratch: tree query results (shape ids). */
  readonly queryResults = new IntBuffer();
  /** Scratch: new pairs found this update, as (shapeA, shapeB) with shapeA < shapeB, flattened. */
  readonly newPairs = new IntBuffer();
}
