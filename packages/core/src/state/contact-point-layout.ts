/**
 * Stored manifold point layout in `ContactStore.points` (CP_STRIDE floats per point, 2 points per contact): the
 * point's anchor on body A, its separation and feature id (from the collision manifold point), and the impulses
 * carried from step to step (warm starting).
 *
 * Only what cannot be derived is kept: the anchor on B is anchorA + (origin A − origin B) and the world point is
 * origin A + anchorA, read from the transforms when needed. The transforms move only in the step's finalize, so the
 * constraint builder, the begin events and the hit events, which run before it, derive for the pairs collided this
 * step exactly the values the narrowphase computed. The record is 96 bytes instead of 160: the narrowphase, the
 * builder and the impulse store each stream it once a step. A point's largest impulse of the step and its approach
 * speed live in the solver's constraint records, which the hit events read.
 */
export const CP_ANCHOR_AX = 0; // contact point relative to body A origin, world-aligned (m)
export const CP_ANCHOR_AY = CP_ANCHOR_AX + 1;
export const CP_SEPARATION = CP_ANCHOR_AY + 1; // (m), negative when overlapping
export const CP_ID = CP_SEPARATION + 1; // feature id
export const CP_NORMAL_IMPULSE = CP_ID + 1; // accumulated normal impulse of the last step (N s)
export const CP_TANGENT_IMPULSE = CP_NORMAL_IMPULSE + 1; // accumulated friction impulse (N s)
export const CP_STRIDE = CP_TANGENT_IMPULSE + 1;
export const CONTACT_POINTS_STRIDE = 2 * CP_STRIDE;
