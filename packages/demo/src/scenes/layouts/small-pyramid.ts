import type { LayoutDef } from './layout.js';
import { pyramidLayout } from './pyramid-layout.js';

/** A 20-row pyramid (210 boxes), the large_pyramid construction scaled down, for quick runs and batch runs. */
export const smallPyramidLayout: LayoutDef = {
  name: 'pyramid',
  steps: 200,
  layout: () => pyramidLayout(20, 20),
};
