// The shape handle encoding (state/shape-handle.ts): −(2³³ + generation · 2²⁴ + row) is an exact integer for every
// row and generation the store can hold, decodes back to its row, and never lies where a body or joint handle can.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isShapeHandle,
  shapeHandle,
  shapeOrderKey,
  shapeRowOfHandle,
  SHAPE_HANDLE_BASE,
  SHAPE_ROW_SPAN,
  ShapeStore,
} from '../src/internal.js';

/** A shape store whose row `row` has generation `generation`. */
function storeWith(row: number, generation: number): ShapeStore {
  const s = new ShapeStore();
  s.reserve(row + 1);
  s.generation[row] = generation;
  return s;
}

const rows = fc.integer({ min: 0, max: 4095 });
/** Generations while a handle stays a safe integer: 2³³ + generation · 2²⁴ + row < 2⁵³. */
const generations = fc.integer({ min: 0, max: 2 ** 29 - 2 ** 9 - 1 });

describe('shape handles', () => {
  it('are exact integers at or below -2^33 that decode back to their row, for every generation below 2^29 - 2^9', () => {
    fc.assert(
      fc.property(rows, generations, (row, generation) => {
        const h = shapeHandle(storeWith(row, generation), row);
        expect(Number.isSafeInteger(h)).toBe(true);
        expect(h).toBeLessThanOrEqual(-SHAPE_HANDLE_BASE);
        expect(isShapeHandle(h)).toBe(true);
        expect(shapeRowOfHandle(h)).toBe(row);
        expect(-h - SHAPE_HANDLE_BASE).toBe(generation * SHAPE_ROW_SPAN + row);
      }),
    );
  });

  it('never equal a body or joint handle: plain worlds hand out handles >= 0, versioned ones int32 or uint32 ids', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 31), max: 2 ** 32 - 1 }), (versioned) => {
        expect(isShapeHandle(versioned)).toBe(false);
      }),
    );
    fc.assert(
      fc.property(generations, fc.integer({ min: 0, max: SHAPE_ROW_SPAN - 1 }), (generation, index) => {
        expect(isShapeHandle(generation * 2 ** 24 + index)).toBe(false);
      }),
    );
  });

  it('sort in shape order as their keys do: the larger handle first', () => {
    fc.assert(
      fc.property(rows, generations, rows, generations, (rowA, genA, rowB, genB) => {
        fc.pre(rowA !== rowB);
        const s = storeWith(Math.max(rowA, rowB), 0);
        s.generation[rowA] = genA;
        s.generation[rowB] = genB;
        const before = shapeOrderKey(s, rowA) < shapeOrderKey(s, rowB);
        expect(before).toBe(shapeHandle(s, rowA) > shapeHandle(s, rowB));
      }),
    );
  });
});
