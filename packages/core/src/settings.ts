/**
 * Engine-wide constants (SI units). These are tuning constants of the algorithms, not user settings; user settings
 * live in the world definition.
 */

/** Allowed penetration (m): contacts keep this much overlap so they stay touching and warm starting keeps working. */
export const LINEAR_SLOP = 0.005;

/** Contact points are created this far (m) before shapes touch, so fast approach is caught without tunnelling. */
export const SPECULATIVE_DISTANCE = 4 * LINEAR_SLOP;

/** Fat AABB margin (m): a proxy is only re-inserted in the broadphase when it leaves its enlarged box. */
export const AABB_MARGIN = 0.1;

/** Most vertices a convex polygon may have. */
export const MAX_POLYGON_VERTICES = 8;

/** Largest rotation a body may make in one substep (rad); keeps the small-angle rotation update stable. */
export const MAX_ROTATION = 0.25 * Math.PI;

/** Polygon radius used to weld hull points closer than this (m). */
export const WELD_DISTANCE = 0.5 * LINEAR_SLOP;
