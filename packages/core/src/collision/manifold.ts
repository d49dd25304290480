import { LINEAR_SLOP, SPECULATIVE_DISTANCE } from '../settings.js';

/**
 * A contact manifold is written into a caller-owned Float64Array so the narrowphase allocates nothing.
 *
 * Layout: [0] point count (0, 1 or 2), [1] normal x, [2] normal y (world, unit, pointing from shape A to shape B),
 * then for point i at base M_HEADER + i * MP_STRIDE:
 *   +0,+1 anchorA: contact point relative to body A's origin, world-aligned (m)
 *   +2,+3 anchorB: contact point relative to body B's origin, world-aligned (m)
 *   +4,+5 point: contact point in world coordinates (m), midway between the two surfaces
 *   +6    separation (m): negative when overlapping; points are only emitted below the speculative distance
 *   +7    feature id: a small integer naming the pair of features (vertex/edge) that made the point, stable across
 *         steps while the same features touch, used to carry impulses over (warm starting)
 * and last [M_APART], which a routine writes only when it returns no point because a separating axis shows the two
 * cores farther apart than contact needs (the speculative distance plus both radii): by how much (≥ 0). The caller
 * zeroes it before the call, as the other routines and exits leave it alone (see the narrowphase's separation cache).
 * Two inputs follow, which the routines read and never write: the speculative distance [M_IN_SPECULATIVE] (points
 * are emitted below it) and the linear slop [M_IN_LINEAR_SLOP] (the feature-choice tolerances are fractions of it),
 * both in the world's length units. createManifold sets them to the metre world's defaults; the narrowphase sets the
 * world's.
 */
export const M_COUNT = 0;
export const M_NORMAL_X = M_COUNT + 1;
export const M_NORMAL_Y = M_NORMAL_X + 1;
export const MP_ANCHOR_AX = 0;
export const MP_ANCHOR_AY = MP_ANCHOR_AX + 1;
export const MP_ANCHOR_BX = MP_ANCHOR_AY + 1;
export const MP_ANCHOR_BY = MP_ANCHOR_BX + 1;
export const MP_POINT_X = MP_ANCHOR_BY + 1;
export const MP_POINT_Y = MP_POINT_X + 1;
export const MP_SEPARATION = MP_POINT_Y + 1;
export const MP_ID = MP_SEPARATION + 1;
export const MP_STRIDE = MP_ID + 1;

export const M_HEADER = M_NORMAL_Y + 1;
export const M_APART = M_HEADER + 2 * MP_STRIDE;
export const M_IN_SPECULATIVE = M_APART + 1;
export const M_IN_LINEAR_SLOP = M_IN_SPECULATIVE + 1;
export const M_STRIDE = M_IN_LINEAR_SLOP + 1;

/** A manifold buffer whose inputs hold the defaults (SPECULATIVE_DISTANCE, LINEAR_SLOP: a world in metres). */
export function createManifold(): Float64Array {
  const m = new Float64Array(M_STRIDE);
  m[M_IN_SPECULATIVE] = SPECULATIVE_DISTANCE;
  m[M_IN_LINEAR_SLOP] = LINEAR_SLOP;
  return m;
}

/** Feature id from two feature indices (each < 256), as Box2D does: stable while the same features touch. */
export function makeFeatureId(a: number, b: number): number {
  return ((a & 0xff) << 8) | (b & 0xff);
}
