import { addShape, createBody, makeBox, type PhysicsWorld } from '@impulse2d/core';
import type { BuiltScene } from './build-layout.js';
import { SMASH_COLUMNS, SMASH_ROWS } from './layouts/smash.js';

/**
 * Scene `smash` (Box2D v3 benchmark): zero gravity, sleeping on (the world is created by the caller with
 * `gravity` and `enableSleep` below). A box of half-extent 4, density 8, at (−20, 0) moving at 40 m/s into a
 * 120 × 80 grid of boxes of half-extent 0.2, density 1, asleep at start, at x = 30 + 0.4·i, y = 0.4·(j − 40)
 * (i outer, j inner). 300 steps. Hands back the big box, then the grid.
 */
export const name = 'smash';
export const steps = 300;
export const gravity = { x: 0, y: 0 };
export const enableSleep = true;

export function build(world: PhysicsWorld): BuiltScene {
  const boxes = new Int32Array(1 + SMASH_COLUMNS * SMASH_ROWS);
  const ram = createBody(world, { type: 'dynamic', position: { x: -20, y: 0 }, linearVelocity: { x: 40, y: 0 } });
  addShape(world, ram, makeBox(4, 4), { density: 8 });
  boxes[0] = ram;
  const box = makeBox(0.2, 0.2);
  const boxDef = { density: 1 };
  let n = 1;
  for (let i = 0; i < SMASH_COLUMNS; i++) {
    for (let j = 0; j < SMASH_ROWS; j++) {
      const body = createBody(world, {
        type: 'dynamic',
        isAwake: false,
        position: { x: 30 + 0.4 * i, y: 0.4 * (j - SMASH_ROWS / 2) },
      });
      addShape(world, body, box, boxDef);
      boxes[n++] = body;
    }
  }
  return { boxes };
}
