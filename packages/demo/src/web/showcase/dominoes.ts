import { addShape, createBody, makeBox, makeCircle, type PhysicsWorld } from '@impulse2d/core';
import { addGround, type TestbedScene } from './showcase.js';

const COUNT = 28;

/** A row of thin dominoes knocked over by a rolling ball, ending in a small tower. */
export const dominoes: TestbedScene = {
  name: 'Dominoes',
  steps: 900,
  description: `${COUNT} dominoes toppled by a ball rolling in from the left`,
  view: { x: 6, y: 4, height: 16 },
  build(world: PhysicsWorld) {
    addGround(world);
    const boxes: number[] = [];
    const domino = makeBox(0.1, 1);
    for (let i = 0; i < COUNT; i++) {
      const eid = createBody(world, { type: 'dynamic', position: { x: -8 + i * 1.1, y: 1 } });
      addShape(world, eid, domino, { density: 2, friction: 0.4 });
      boxes.push(eid);
    }
    const ball = createBody(world, {
      type: 'dynamic',
      position: { x: -12, y: 0.5 },
      linearVelocity: { x: 6, y: 0 },
      angularVelocity: -12,
    });
    addShape(world, ball, makeCircle(0.5), { density: 4, friction: 0.6 });
    boxes.push(ball);
    const brick = makeBox(0.6, 0.3);
    for (let row = 0; row < 6; row++) {
      const eid = createBody(world, { type: 'dynamic', position: { x: -8 + COUNT * 1.1 + 0.8, y: 0.3 + row * 0.6 } });
      addShape(world, eid, brick, { density: 1, friction: 0.6 });
      boxes.push(eid);
    }
    return { boxes: Int32Array.from(boxes) };
  },
};
