import { addShape, createBody, makeBox, makeCircle, type PhysicsWorld } from '@impulse2d/core';
import { addGround, type TestbedScene } from './showcase.js';

const VALUES = [0, 0.1, 0.3, 0.5, 0.75, 0.9, 1];

/** Balls and boxes dropped from the same height with restitution 0 … 1 (left to right). */
export const restitution: TestbedScene = {
  name: 'Restitution row',
  steps: 600,
  description: `restitution ${VALUES.join(', ')} (left to right): circles in front, boxes behind`,
  view: { x: 0, y: 6, height: 15 },
  build(world: PhysicsWorld) {
    addGround(world);
    const boxes: number[] = [];
    const circle = makeCircle(0.5);
    const box = makeBox(0.4, 0.4);
    VALUES.forEach((e, i) => {
      const x = (i - (VALUES.length - 1) / 2) * 2;
      const ball = createBody(world, { type: 'dynamic', position: { x: x - 0.45, y: 10 } });
      addShape(world, ball, circle, { density: 1, restitution: e, friction: 0.3 });
      const cube = createBody(world, { type: 'dynamic', position: { x: x + 0.5, y: 8 } });
      addShape(world, cube, box, { density: 1, restitution: e, friction: 0.3 });
      boxes.push(ball, cube);
    });
    return { boxes: Int32Array.from(boxes) };
  },
};
