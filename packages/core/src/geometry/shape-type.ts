/** Shape kinds, as small integers so that collision dispatch is a table look-up, not a switch on strings. */
/**
 * Shape kinds as stored in the shape columns: circle, capsule, segment, polygon and chain segment.
 */
export const ShapeType = {
  circle: 0,
  capsule: 1,
  segment: 2,
  polygon: 3,
  /**
   * One segment of a chain (makeChain / addChain): one-sided, solid on its left, with the neighbouring vertices
   * ("ghosts") stored so that contacts at the joints between segments are smooth. See GeometryStore for the row.
   */
  chainSegment: 4,
} as const;
export type ShapeType = (typeof ShapeType)[keyof typeof ShapeType];

/** Number of shape kinds; the collision table is SHAPE_TYPE_COUNT × SHAPE_TYPE_COUNT. */
export const SHAPE_TYPE_COUNT = 5;
