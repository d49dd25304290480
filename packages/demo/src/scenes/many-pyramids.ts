import type { PhysicsWorld } from '@impulse2d/core';
import { buildLayout, type BuiltScene } from './build-layout.js';
import { manyPyramidsLayout } from './layouts/many-pyramids.js';

/** Scene `many_pyramids` for our engine; the construction is documented in `./layouts/many-pyramids.ts`. */
export const name = manyPyramidsLayout.name;
export const steps = manyPyramidsLayout.steps;
export function build(world: PhysicsWorld): BuiltScene {
  return buildLayout(world, manyPyramidsLayout.layout());
}
