import type { LayoutDef } from './layout.js';
import { pyramidLayout } from './pyramid-layout.js';

/** BENCHMARKS.md `large_pyramid`: 100 rows, 5050 boxes on a ground box of half-extents (100, 1); 500 steps. */
export const largePyramidLayout: LayoutDef = {
  name: 'large_pyramid',
  steps: 500,
  layout: () => pyramidLayout(100, 100),
};
