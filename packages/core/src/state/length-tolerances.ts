import { AABB_MARGIN, LINEAR_SLOP } from '../settings.js';

/**
 * A world's length tolerances in its own length units (settings.ts gives them in metres; the world's
 * lengthUnitsPerMeter scales them), in a Float64Array (PhysicsState.tolerances) for the step's loops: V8 boxes a
 * double read from an object's field and passed on, not one read from a typed array.
 */
export const TOL_LINEAR_SLOP = 0; // allowed penetration (LINEAR_SLOP × lengthUnitsPerMeter)
export const TOL_SPECULATIVE = TOL_LINEAR_SLOP + 1; // the world's speculativeDistance setting
export const TOL_AABB_MARGIN = TOL_SPECULATIVE + 1; // largest fat-box margin (AABB_MARGIN × lengthUnitsPerMeter)
export const TOL_COUNT = TOL_AABB_MARGIN + 1;

/** Writes the tolerances of a world with these settings into `out` (TOL_COUNT doubles). */
export function writeTolerances(out: Float64Array, lengthUnitsPerMeter: number, speculativeDistance: number): void {
  out[TOL_LINEAR_SLOP] = LINEAR_SLOP * lengthUnitsPerMeter;
  out[TOL_SPECULATIVE] = speculativeDistance;
  out[TOL_AABB_MARGIN] = AABB_MARGIN * lengthUnitsPerMeter;
}
