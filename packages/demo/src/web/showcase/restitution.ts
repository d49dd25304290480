import { addShape, createBody, makeBox, makeCircle, type PhysicsWorld } from '@impulse2d/core';
import type { ParamValues, SceneParam } from '../protocol.js';
import { addGround, paramOf, type TestbedScene } from './showcase.js';

const params: readonly SceneParam[] = [
  { key: 'height', label: 'drop height', min: 1, max: 20, step: 0.5, value: 8, unit: 'm' },
];

const VALUES = [0, 0.1, 0.3, 0.5, 0.75, 0.9, 1];

/** Balls and boxes dropped from the same height with restitution 0 … 1 (left to right). */
export const restitution: TestbedScene = {
  name: 'Restitution row',
  steps: 600,
  description: `restitution ${VALUES.join(', ')} (left to right): circles in front, boxes behind`,
  params,
  build(world: PhysicsWorld, values?: ParamValues) {
    const height = paramOf(params, values, 'height');
    addGround(world);
    const boxes: number[] = [];
    const circle = makeCircle(0.5);
    const box = makeBox(0.4, 0.4);
    VALUES.forEach((e, i) => {
      const x = (i - (VALUES.length - 1) / 2) * 2;
      const ball = createBody(world, { type: 'dynamic', position: { x: x - 0.45, y: height + 2 } });
      addShape(world, ball, circle, { density: 1, restitution: e, friction: 0.3 });
      const cube = createBody(world, { type: 'dynamic', position: { x: x + 0.5, y: height } });
      addShape(world, cube, box, { density: 1, restitution: e, friction: 0.3 });
      boxes.push(ball, cube);
    });
    return { boxes: Int32Array.from(boxes) };
  },
};
