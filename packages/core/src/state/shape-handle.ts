import type { ShapeStore } from './shape-store.js';

/**
 * A shape handle is its row plus the row's generation: handle = generation · 2²⁴ + row, so a handle to a destroyed
 * shape is caught even after its row is reused. (Up to 16.7 million shape rows.)
 */
export const SHAPE_ROW_SPAN = 1 << 24;

export function shapeHandle(shapes: ShapeStore, row: number): number {
  return shapes.generation[row] * SHAPE_ROW_SPAN + row;
}
