import type { BodyId, ShapeId } from '../handles.js';

/**
 * One contact's manifold as the pre-solve callback sees it (setPreSolve): a view object the engine refills for each
 * call, so a callback reads its points without anything being allocated. Valid only during the call: copy what you
 * keep.
 */
export class ContactView {
  /** Body handle of shape A (the shape passed first). */
  bodyA = 0 as BodyId;
  /** Body handle of shape B. */
  bodyB = 0 as BodyId;
  /** Unit normal, world, pointing from shape A to shape B (the same numbers as the callback's `normal`). */
  normalX = 0;
  normalY = 0;
  /** Number of manifold points: 1 or 2 (0 only in the continuous-collision call, when the shapes are apart). */
  pointCount = 0;
  /** World position (m) of point j < pointCount, midway between the surfaces. */
  readonly pointX = new Float64Array(2);
  readonly pointY = new Float64Array(2);
  /** Separation (m) of point j: negative when the shapes overlap, up to the speculative distance when apart. */
  readonly separation = new Float64Array(2);
  /**
   * Normal impulse (N s) of point j carried from the last step, with which the solver starts (0 for a new point): the
   * accumulated impulse of a substep, as Box2D v3 keeps it (divide by the substep length for the force).
   */
  readonly normalImpulse = new Float64Array(2);
  /** Friction impulse (N s) point j carried from the last step. */
  readonly tangentImpulse = new Float64Array(2);
}

/**
 * The pre-solve callback (setPreSolve): called for a touching contact before the solver sees it; return false to keep
 * the solver from acting on it this step. `normal` and `contact` are refilled for each call (read them, do not keep
 * them). The world is locked while it runs: reading is fine, changing it throws WORLD_LOCKED.
 */
export type PreSolveFn = (
  shapeA: ShapeId,
  shapeB: ShapeId,
  normal: { readonly x: number; readonly y: number },
  contact: ContactView,
) => boolean;
