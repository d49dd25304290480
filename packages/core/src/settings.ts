/**
 * Engine-wide constants (SI units). These are tuning constants of the algorithms, not user settings; user settings
 * live in the world definition.
 */

/** Allowed penetration (m): contacts keep this much overlap so they stay touching and warm starting keeps working. */
export const LINEAR_SLOP = 0.005;

/** Contact points are created this far (m) before shapes touch, so fast approach is caught without tunnelling. */
export const SPECULATIVE_DISTANCE = 4 * LINEAR_SLOP;

/**
 * Fat AABB margin (m): a proxy is only re-inserted in the broadphase when it leaves its enlarged box. This is the
 * largest margin (Box2D's 0.1 m); a body smaller than that gets AABB_MARGIN_EXTENT_FRACTION of its minimum extent
 * instead (see fatMarginInto in shape/shape-proxy.ts).
 */
export const AABB_MARGIN = 0.1;

/**
 * A small body's margin as a fraction of its minimum extent (its half-thickness). A fixed 0.1 m around a 0.25 m box
 * makes a fat box of 3.2 times its area and about four candidate pairs per touching one. In Box2D's tumbler scene
 * (2,025 such boxes) half its extent cut the pairs from 18,146 to 14,149 and the step by 5–10%; a quarter cut them
 * to about 13,000 (15,371 → 12,966 after 750 steps) and the step by another 4.6%, and Box2D's smash (boxes of 0.2 m
 * half-extent) by 4.5%, in paired runs on an AMD EPYC. Bodies of 0.4 m half-extent and more keep 0.1 m. The proxies
 * are re-inserted more often, which costs less than the candidate pairs it saves.
 */
export const AABB_MARGIN_EXTENT_FRACTION = 0.25;

/** Most vertices a convex polygon may have. */
export const MAX_POLYGON_VERTICES = 8;

/** Largest rotation a body may make in one substep (rad); keeps the small-angle rotation update stable. */
export const MAX_ROTATION = 0.25 * Math.PI;

/** Polygon radius used to weld hull points closer than this (m). */
export const WELD_DISTANCE = 0.5 * LINEAR_SLOP;
