import type { PhysicsWorld } from '@impulse2d/core';
import type { BuiltScene } from './build-layout.js';
import * as largePyramid from './large-pyramid.js';
import * as manyPyramids from './many-pyramids.js';
import * as pyramid from './pyramid.js';

export type { BuiltScene } from './build-layout.js';

/** A scene for our engine: the shape shared by the benchmark CLI and the browser testbed. */
export interface Scene {
  readonly name: string;
  /** Box2D's benchmark step count (dt = 1/60). */
  readonly steps: number;
  build(world: PhysicsWorld): BuiltScene;
}

export const scenes: Readonly<Record<string, Scene>> = {
  [largePyramid.name]: largePyramid,
  [manyPyramids.name]: manyPyramids,
  [pyramid.name]: pyramid,
};
