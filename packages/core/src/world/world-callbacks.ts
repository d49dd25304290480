import { PhysicsError } from '../errors.js';
import { remixTouchingContacts } from '../lifecycle/contact-lifecycle.js';
import {
  assertUnlocked,
  getPhysics,
  type MaterialMixer,
  type PairFilter,
  type PhysicsWorld,
} from '../state/physics-state.js';

/*
 * The world's user callbacks. They are functions, so they live on the main thread with the world and are not part of
 * snapshots: a world restored from a snapshot keeps the callbacks it has (set them again on a world created from one).
 */

function checkCallback(fn: unknown, what: string): void {
  if (fn !== null && typeof fn !== 'function') {
    throw new PhysicsError('INVALID_ARGUMENT', `${what} must be a function or null, got ${String(fn)}`);
  }
}

/**
 * Sets the world's pair filter (or removes it with null): a function called once when two shapes' bounding boxes
 * begin to overlap, after their collision filters (FilterDef) accepted the pair, with the two body handles and shape
 * handles; returning false keeps the shapes from colliding (no contact, no events) until they separate and meet
 * again. Pairs already in contact are not asked again: set the filter before the shapes meet, or call setShapeFilter
 * on a shape to have its pairs found (and filtered) afresh. Called on the stepping thread, in an order that depends
 * only on the world's history, so it is as deterministic as the filter itself; it must not change the world (such
 * calls throw WORLD_LOCKED).
 *
 * @throws PhysicsError `INVALID_ARGUMENT` unless `filter` is a function or null, `WORLD_LOCKED` during a step.
 */
export function setPairFilter(world: PhysicsWorld, filter: PairFilter | null): void {
  const p = getPhysics(world);
  assertUnlocked(p);
  checkCallback(filter, 'filter');
  p.pairFilter = filter;
}

/**
 * Sets the function that mixes two shapes' friction coefficients into a contact's (null: the world's frictionMixing
 * rule), as Box2D's b2FrictionCallback: `(frictionA, userMaterialIdA, frictionB, userMaterialIdB) => friction`. It is
 * called when two shapes begin to touch and when a shape's material changes, never per step, and at once for every
 * touching contact (so the change applies from the next step).
 *
 * @throws PhysicsError `INVALID_ARGUMENT` unless `callback` is a function or null, `WORLD_LOCKED` during a step.
 */
export function setFrictionCallback(world: PhysicsWorld, callback: MaterialMixer | null): void {
  const p = getPhysics(world);
  assertUnlocked(p);
  checkCallback(callback, 'callback');
  p.frictionCallback = callback;
  remixTouchingContacts(p);
}

/**
 * Sets the function that mixes two shapes' restitutions into a contact's (null: the world's restitutionMixing rule):
 * `(restitutionA, userMaterialIdA, restitutionB, userMaterialIdB) => restitution`, called as setFrictionCallback's.
 *
 * @throws PhysicsError `INVALID_ARGUMENT` unless `callback` is a function or null, `WORLD_LOCKED` during a step.
 */
export function setRestitutionCallback(world: PhysicsWorld, callback: MaterialMixer | null): void {
  const p = getPhysics(world);
  assertUnlocked(p);
  checkCallback(callback, 'callback');
  p.restitutionCallback = callback;
  remixTouchingContacts(p);
}
