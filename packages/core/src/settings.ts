/**
 * Engine-wide constants (SI units). These are tuning constants of the algorithms, not user settings; user settings
 * live in the world definition.
 */

/**
 * Allowed penetration (m): contacts keep this much overlap so they stay touching and warm starting keeps working. A
 * world works with LINEAR_SLOP × its lengthUnitsPerMeter (state/length-tolerances.ts), as with AABB_MARGIN.
 */
export const LINEAR_SLOP = 0.005;

/**
 * Contact points are created this far (m) before shapes touch, so fast approach is caught without tunnelling: the
 * default of the world's speculativeDistance setting (in metres; the setting's default scales with the world's units).
 */
export const SPECULATIVE_DISTANCE = 4 * LINEAR_SLOP;

/**
 * Fat AABB margin (m): a proxy is only re-inserted in the broadphase when it leaves its enlarged box. This is the
 * largest margin (Box2D's 0.1 m); a body smaller than that gets AABB_MARGIN_EXTENT_FRACTION of its minimum extent
 * instead (see fatMarginInto in lifecycle/shape-proxy.ts).
 */
export const AABB_MARGIN = 0.1;

/**
 * A small body's margin as a fraction of its minimum extent (its half-thickness). A fixed 0.1 m around a 0.25 m box
 * makes a fat box of 3.2 times its area and about four candidate pairs per touching one. In Box2D's tumbler scene
 * (2,025 such boxes) half its extent cut the pairs from 18,146 to 14,149 and the step by 5–10%; a quarter cut them
 * to about 13,000 and the step by another 4.6%. Since the pair search joins the trees (tree-join.ts), a re-inserted
 * proxy costs less again, and an eighth gained once more (AMD EPYC, alternating runs, total time of 400–500 steps):
 * spinner −11% (bodies of 0.25–0.35 m), smash −3.5%, tumbler −3% (its boxes now at the SPECULATIVE_DISTANCE floor),
 * joint_grid +5% (its slowly swinging net re-inserts more often; its masks make pairs free), pyramids unchanged.
 * Bodies of 0.8 m half-extent and more keep 0.1 m.
 */
export const AABB_MARGIN_EXTENT_FRACTION = 0.125;

/** Most vertices a convex polygon may have. */
export const MAX_POLYGON_VERTICES = 8;

/** Largest rotation a body may make in one substep (rad); keeps the small-angle rotation update stable. */
export const MAX_ROTATION = 0.25 * Math.PI;

/** Polygon radius used to weld hull points closer than this (m). */
export const WELD_DISTANCE = 0.5 * LINEAR_SLOP;
