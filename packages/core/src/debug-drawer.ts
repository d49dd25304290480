// What debugDraw draws through, and its colours: a leaf module, so that joint kinds (joints/kinds/*.ts) can draw
// themselves without pointing up at debug-draw.ts.

/**
 * What a renderer implements to draw a world (`debugDraw(world, drawer)`). Every coordinate is in world metres
 * (y up), colours are 0xRRGGBB. Arguments are plain numbers, and polygon vertices come in a scratch Float64Array that
 * is reused for every call: a drawer must copy what it keeps, never hold on to the array.
 */
export interface DebugDrawer {
  /** A filled convex polygon, `count` vertices (x0, y0, x1, y1, …) counter-clockwise, rounded by `radius` (m). */
  drawPolygon(vertices: Float64Array, count: number, radius: number, color: number): void;
  /** A filled circle with a line from its centre along the unit axis (axisX, axisY) showing the rotation. */
  drawCircle(x: number, y: number, radius: number, axisX: number, axisY: number, color: number): void;
  /** A filled capsule: the segment (x1, y1)–(x2, y2) swept by `radius`. */
  drawCapsule(x1: number, y1: number, x2: number, y2: number, radius: number, color: number): void;
  /** A line. */
  drawSegment(x1: number, y1: number, x2: number, y2: number, color: number): void;
  /** A dot `size` pixels across (screen size, not metres). */
  drawPoint(x: number, y: number, size: number, color: number): void;
  /** A frame: origin (x, y) and the rotation's cos and sin (draw the x axis red and the y axis green, as Box2D). */
  drawTransform(x: number, y: number, c: number, s: number): void;
  /** An axis-aligned box outline. */
  drawAABB(minX: number, minY: number, maxX: number, maxY: number, color: number): void;
}

/** Colours (0xRRGGBB) by body state and for the overlays: the named CSS colours Box2D's debug draw uses. */
export const DebugColor = {
  static: 0x98fb98, // pale green
  kinematic: 0x4169e1, // royal blue
  awake: 0xffd700, // gold
  asleep: 0x808080, // gray
  bullet: 0x40e0d0, // turquoise (awake bullets)
  sensor: 0xf5deb3, // wheat
  joint: 0x8fbc8f, // dark sea green
  jointAnchor: 0x00ff00,
  mouse: 0xffffff,
  pulley: 0xcd853f, // peru
  contactPoint: 0xff4500, // orange red
  contactNormal: 0xdcdcdc, // gainsboro
  aabb: 0xee82ee, // violet
} as const;
