import type { LayoutDef } from './layout.js';
import { charactersLayout } from './characters.js';
import { circleRainLayout } from './circle-rain.js';
import { jointGridLayout } from './joint-grid.js';
import { largePyramidLayout } from './large-pyramid.js';
import { manyPyramidsLayout } from './many-pyramids.js';
import { smallPyramidLayout } from './small-pyramid.js';
import { smashLayout } from './smash.js';
import { spinnerLayout } from './spinner.js';
import { tumblerLayout } from './tumbler.js';

export type {
  LayoutDef,
  SceneLayout,
  StaticBodyLayout,
  StaticShapeLayout,
  BoxSetLayout,
  ProbeCheck,
} from './layout.js';
export { hasSegments, segmentAsBox, SEGMENT_BOX_HALF_THICKNESS, SEGMENT_NOTE } from './layout.js';
export { SMASH_COLUMNS, SMASH_ROWS } from './smash.js';
export * as characterLayout from './characters.js';
export { FLT_MAX, SPINNER_BODIES, SPINNER_MOTOR_SPEED, spinnerBodyPositions, spinnerLoopPoints } from './spinner.js';
export {
  RAIN_COLUMNS,
  RAIN_ROWS,
  RAIN_RADIUS,
  RAIN_HALF_WIDTH,
  RAIN_WALL_HEIGHT,
  circleX,
  circleY,
} from './circle-rain.js';

/** Every layout by scene name. */
export const layouts: Readonly<Record<string, LayoutDef>> = {
  [largePyramidLayout.name]: largePyramidLayout,
  [manyPyramidsLayout.name]: manyPyramidsLayout,
  [jointGridLayout.name]: jointGridLayout,
  [tumblerLayout.name]: tumblerLayout,
  [smashLayout.name]: smashLayout,
  [spinnerLayout.name]: spinnerLayout,
  [smallPyramidLayout.name]: smallPyramidLayout,
  [circleRainLayout.name]: circleRainLayout,
  [charactersLayout.name]: charactersLayout,
};

/** The scenes that `--scene all` (and the default run) runs: Box2D's benchmark scenes that we build so far. */
export const BENCHMARK_SCENES: readonly string[] = [
  largePyramidLayout.name,
  manyPyramidsLayout.name,
  jointGridLayout.name,
  tumblerLayout.name,
  smashLayout.name,
  spinnerLayout.name,
  circleRainLayout.name,
];
