import { addShape, createBody, makeBox, makeCircle, type PhysicsWorld } from '@impulse2d/core';
import type { BuiltScene } from './build-layout.js';
import {
  RAIN_COLUMNS,
  RAIN_HALF_WIDTH,
  RAIN_RADIUS,
  RAIN_ROWS,
  RAIN_WALL_HEIGHT,
  circleX,
  circleY,
} from './layouts/circle-rain.js';

/**
 * Scene `circle_rain`: 2,000 circles (radius 0.25 m, density 1, friction 0.6) in 40 columns × 50 rows falling into an
 * open box 40 m wide with 30 m walls (layout: `layouts/circle-rain.ts`). 500 steps. Hands back the circles, row by row.
 */
export const name = 'circle_rain';
export const steps = 500;

export function build(world: PhysicsWorld): BuiltScene {
  const box = createBody(world, { type: 'static' });
  const h = RAIN_HALF_WIDTH;
  const wallHalf = RAIN_WALL_HEIGHT / 2;
  const wall = { friction: 0.6 };
  addShape(world, box, makeBox(h + 1, 0.5, { x: 0, y: -0.5 }), wall);
  addShape(world, box, makeBox(0.5, wallHalf, { x: -h - 0.5, y: wallHalf }), wall);
  addShape(world, box, makeBox(0.5, wallHalf, { x: h + 0.5, y: wallHalf }), wall);
  const circle = makeCircle(RAIN_RADIUS);
  const def = { density: 1, friction: 0.6 };
  const circles = new Int32Array(RAIN_COLUMNS * RAIN_ROWS);
  let n = 0;
  for (let i = 0; i < RAIN_ROWS; i++) {
    for (let j = 0; j < RAIN_COLUMNS; j++) {
      const body = createBody(world, { type: 'dynamic', position: { x: circleX(i, j), y: circleY(i) } });
      addShape(world, body, circle, def);
      circles[n++] = body;
    }
  }
  return { boxes: circles };
}
