/**
 * A contact manifold is written into a caller-owned Float64Array so the narrowphase allocates nothing.
 *
 * Layout: [0] point count (0, 1 or 2), [1] normal x, [2] normal y (world, unit, pointing from shape A to shape B),
 * then for point i at base MANIFOLD_HEADER + i * MANIFOLD_POINT_STRIDE:
 *   +0,+1 anchorA: contact point relative to body A's origin, world-aligned (m)
 *   +2,+3 anchorB: contact point relative to body B's origin, world-aligned (m)
 *   +4,+5 point: contact point in world coordinates (m), midway between the two surfaces
 *   +6    separation (m): negative when overlapping; points are only emitted below SPECULATIVE_DISTANCE
 *   +7    feature id: a small integer naming the pair of features (vertex/edge) that made the point, stable across
 *         steps while the same features touch, used to carry impulses over (warm starting)
 */
export const MANIFOLD_HEADER = 3;
export const MANIFOLD_POINT_STRIDE = 8;
export const MANIFOLD_SIZE = MANIFOLD_HEADER + 2 * MANIFOLD_POINT_STRIDE;

export const M_COUNT = 0;
export const M_NORMAL_X = 1;
export const M_NORMAL_Y = 2;
export const MP_ANCHOR_AX = 0;
export const MP_ANCHOR_AY = 1;
export const MP_ANCHOR_BX = 2;
export const MP_ANCHOR_BY = 3;
export const MP_POINT_X = 4;
export const MP_POINT_Y = 5;
export const MP_SEPARATION = 6;
export const MP_ID = 7;

export function createManifold(): Float64Array {
  return new Float64Array(MANIFOLD_SIZE);
}

/** Feature id from two feature indices (each < 256), as Box2D does: stable while the same features touch. */
export function makeFeatureId(a: number, b: number): number {
  return ((a & 0xff) << 8) | (b & 0xff);
}
