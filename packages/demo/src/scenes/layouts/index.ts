import type { LayoutDef } from './layout.js';
import { largePyramidLayout } from './large-pyramid.js';
import { manyPyramidsLayout } from './many-pyramids.js';
import { smallPyramidLayout } from './small-pyramid.js';

export type { LayoutDef, SceneLayout, StaticBodyLayout, StaticShapeLayout, BoxSetLayout } from './layout.js';
export { hasSegments, segmentAsBox, SEGMENT_BOX_HALF_THICKNESS, SEGMENT_NOTE } from './layout.js';

/** Every layout by scene name. */
export const layouts: Readonly<Record<string, LayoutDef>> = {
  [largePyramidLayout.name]: largePyramidLayout,
  [manyPyramidsLayout.name]: manyPyramidsLayout,
  [smallPyramidLayout.name]: smallPyramidLayout,
};

/** The scenes that `--scene all` runs: Box2D's benchmark scenes that we build so far. */
export const BENCHMARK_SCENES: readonly string[] = [largePyramidLayout.name, manyPyramidsLayout.name];
