import type { PhysicsWorld } from '@impulse2d/core';
import { buildLayout, type BuiltScene } from './build-layout.js';
import { smallPyramidLayout } from './layouts/small-pyramid.js';

/** Scene `pyramid` for our engine; the construction is documented in `./layouts/small-pyramid.ts`. */
export const name = smallPyramidLayout.name;
export const steps = smallPyramidLayout.steps;
export function build(world: PhysicsWorld): BuiltScene {
  return buildLayout(world, smallPyramidLayout.layout());
}
