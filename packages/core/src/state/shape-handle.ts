import type { ShapeId } from '../handles.js';
import type { ShapeStore } from './shape-store.js';

/*
 * A shape handle is −(2³³ + generation · 2²⁴ + row): its row plus the row's generation, so a handle to a destroyed
 * shape is caught even after its row is reused (up to 16.7 million shape rows), made negative and pushed below −2³³
 * so that no shape handle ever equals a body or joint handle. Those are entity ids with a generation: ≥ 0 in a plain
 * world, in [−2³¹, 2³²) in a bitecs world made withVersioning. A shape handle passed where a body or joint is
 * expected (or the reverse) is therefore told apart by its value alone (state/require-handle.ts), never resolved to
 * another object. Every handle is a safe integer (magnitude below 2⁵³ while a row has been reused fewer than
 * 2²⁹ − 2⁹ = 536,870,400 times), so it is exact in the float64 columns and events that carry it.
 *
 * The "key" generation · 2²⁴ + row orders shapes as the engine always has (a shape made earlier into a fresh row comes
 * first); since handles are its negation, results sorted in that order have descending handle values.
 */

/** Rows per generation in a shape handle's key. */
export const SHAPE_ROW_SPAN = 1 << 24;
/** Every shape handle is ≤ −SHAPE_HANDLE_BASE (2³³). */
export const SHAPE_HANDLE_BASE = 2 ** 33;

/** The handle of live shape row `row`. */
export function shapeHandle(shapes: ShapeStore, row: number): ShapeId {
  return -(SHAPE_HANDLE_BASE + shapes.generation[row] * SHAPE_ROW_SPAN + row) as ShapeId;
}

/** A live row's place in shape order (the key above): sorts by it list shapes as sorts by handle used to. */
export function shapeOrderKey(shapes: ShapeStore, row: number): number {
  return shapes.generation[row] * SHAPE_ROW_SPAN + row;
}

/** True if `handle` lies in the shape handles' range (a live shape's or not); bodies and joints never do. */
export function isShapeHandle(handle: number): boolean {
  return handle <= -SHAPE_HANDLE_BASE;
}

/** The row a shape handle names (for a handle in the shape range; it need not be live). */
export function shapeRowOfHandle(handle: number): number {
  return (-handle - SHAPE_HANDLE_BASE) % SHAPE_ROW_SPAN;
}

/**
 * The row of `handle` if it names a live shape, else −1 (not a shape handle, a destroyed shape, a row never used).
 * Checks only the shape range and the row's generation: state/require-handle.ts says why a handle is refused.
 */
export function liveShapeRow(shapes: ShapeStore, handle: number): number {
  if (!(handle <= -SHAPE_HANDLE_BASE) || !Number.isInteger(handle)) return -1;
  const key = -handle - SHAPE_HANDLE_BASE;
  const row = key % SHAPE_ROW_SPAN;
  if (row >= shapes.capacityUsed || shapes.alive[row] !== 1) return -1;
  return shapes.generation[row] === (key - row) / SHAPE_ROW_SPAN ? row : -1;
}
