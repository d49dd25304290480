import type { PhysicsWorld } from '@impulse2d/core';
import { buildLayout, type BuiltScene } from './build-layout.js';
import { largePyramidLayout } from './layouts/large-pyramid.js';

/** Scene `large_pyramid` for our engine; the construction is documented in `./layouts/large-pyramid.ts`. */
export const name = largePyramidLayout.name;
export const steps = largePyramidLayout.steps;
export function build(world: PhysicsWorld): BuiltScene {
  return buildLayout(world, largePyramidLayout.layout());
}
