import { PhysicsError } from '../errors.js';
import type { PreSolveFn } from '../state/contact-view.js';
import { assertUnlocked, getPhysics, type PhysicsWorld } from '../state/physics-state.js';

/**
 * Sets the world's pre-solve callback, or removes it with `null`: `fn(shapeA, shapeB, normal, contact)` is called for
 * every contact the solver is about to act on this step, and returning `false` keeps the solver from acting on that
 * contact for this step (as Box2D v3's pre-solve callback; a one-way shape, ShapeDef.oneWayNormal, needs none). Any
 * other return value keeps the contact, so a callback that forgets to return lets nothing fall through the floor.
 *
 * When and where it runs: on the thread that called stepPhysics, never on a step worker (a JavaScript function cannot
 * run there), after the narrowphase and the constraint build (which may run on step workers) and before the solver's
 * substeps, once per contact, in contact row order (a deterministic order, the same on any number of threads and after
 * a snapshot restore). "Every contact the solver is about to act on": touching (a manifold point within the
 * speculative distance), not a sensor, not passing through a one-way shape, with at least one awake movable body.
 * Continuous collision calls it too, once for each impact it would stop a fast body at (against a static shape, or a
 * bullet against anything), with the manifold at the impact; returning false there lets the body move on.
 *
 * The contact stays touching as far as events and queries go (getBodyContacts lists it, no end event): the callback
 * only decides whether the solver acts on it, so a contact vetoed in one step and kept in the next reports no
 * end/begin events. (Box2D v3.1 counts a vetoed contact as not touching.) A vetoed contact carries no impulse into
 * the next step. shapeA and shapeB are in the contact's order, `normal` points from A to B, and `contact` gives the
 * manifold points (ContactView); both are refilled for each call, so read them during the call and keep copies only.
 *
 * The world is locked while the callback runs: reading it is fine, changing it throws WORLD_LOCKED. An error the
 * callback throws ends the step there and propagates out of stepPhysics: no body has moved yet, and the world steps
 * normally afterwards. Snapshots do not hold the callback: set it again on a restored world.
 *
 * @throws PhysicsError `INVALID_ARGUMENT` unless `fn` is a function or null, `WORLD_LOCKED` during a step.
 */
export function setPreSolve(world: PhysicsWorld, fn: PreSolveFn | null): void {
  const p = getPhysics(world);
  assertUnlocked(p);
  if (fn !== null && typeof fn !== 'function') {
    throw new PhysicsError('INVALID_ARGUMENT', `the pre-solve callback must be a function or null, got ${String(fn)}`);
  }
  p.preSolve = fn;
}
