import type { PhysicsWorld } from '@impulse2d/core';
import type { BuiltScene } from './build-layout.js';
import * as characters from './characters.js';
import * as circleRain from './circle-rain.js';
import * as jointGrid from './joint-grid.js';
import * as largePyramid from './large-pyramid.js';
import * as manyPyramids from './many-pyramids.js';
import * as pyramid from './pyramid.js';
import * as smash from './smash.js';
import * as spinner from './spinner.js';
import * as tumbler from './tumbler.js';

export type { BuiltScene } from './build-layout.js';

/** A scene for our engine: the shape shared by the benchmark CLI and the browser testbed. */
export interface Scene {
  readonly name: string;
  /** Box2D's benchmark step count (dt = 1/60). */
  readonly steps: number;
  /** World settings the scene needs (default: gravity (0, −10), sleeping off, as the benchmark runs). */
  readonly gravity?: { readonly x: number; readonly y: number };
  readonly enableSleep?: boolean;
  build(world: PhysicsWorld): BuiltScene;
}

export const scenes: Readonly<Record<string, Scene>> = {
  [largePyramid.name]: largePyramid,
  [manyPyramids.name]: manyPyramids,
  [jointGrid.name]: jointGrid,
  [tumbler.name]: tumbler,
  [smash.name]: smash,
  [spinner.name]: spinner,
  [pyramid.name]: pyramid,
  [circleRain.name]: circleRain,
  [characters.name]: characters,
};
