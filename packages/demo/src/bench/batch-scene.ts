/**
 * Scene module for @impulse2d/batch (runBatch bundles it into every worker thread): one 20-row pyramid world per
 * params entry, measured by the same correctness check as the single-thread batch run.
 */
import { createPhysicsWorld, getPosition, type PhysicsWorld, getBodyId } from '@impulse2d/core';
import { buildLayout } from '../scenes/build-layout.js';
import { smallPyramidLayout } from '../scenes/layouts/small-pyramid.js';
import { checkCorrectness } from './correctness.js';
import type { Correctness } from './result.js';

export interface PyramidParams {
  readonly solver: 'soft' | 'classic';
}

const layout = smallPyramidLayout.layout();
const boxesOf = new WeakMap<PhysicsWorld, Int32Array>();

export function build(params: PyramidParams): PhysicsWorld {
  const world = createPhysicsWorld({
    gravity: layout.gravity,
    solver: params.solver,
    enableSleep: layout.sleep ?? false,
  });
  boxesOf.set(world, buildLayout(world, layout).boxes);
  return world;
}

export function measure(world: PhysicsWorld): Correctness {
  const boxes = boxesOf.get(world)!;
  const positions = new Float64Array(boxes.length * 2);
  for (let i = 0; i < boxes.length; i++) {
    const p = getPosition(world, getBodyId(world, boxes[i]));
    positions[2 * i] = p.x;
    positions[2 * i + 1] = p.y;
  }
  return checkCorrectness(layout, positions);
}

export const BODIES = layout.boxes.positions.length >> 1;
