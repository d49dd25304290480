import { addShape, createBody, makeBox, makeCircle, type PhysicsWorld } from '@impulse2d/core';
import type { ParamValues, SceneParam } from '../protocol.js';
import { addGround, paramOf, type TestbedScene } from './showcase.js';

const params: readonly SceneParam[] = [
  { key: 'count', label: 'dominoes', min: 4, max: 60, step: 1, value: 28 },
  { key: 'speed', label: 'ball speed', min: 1, max: 20, step: 0.5, value: 6, unit: 'm/s' },
];

/** A row of thin dominoes knocked over by a rolling ball, ending in a small tower. */
export const dominoes: TestbedScene = {
  name: 'Dominoes',
  steps: 900,
  description: 'dominoes toppled by a ball rolling in from the left, ending in a small tower',
  params,
  build(world: PhysicsWorld, values?: ParamValues) {
    const count = paramOf(params, values, 'count');
    addGround(world, Math.max(40, count * 1.1));
    const boxes: number[] = [];
    const domino = makeBox(0.1, 1);
    for (let i = 0; i < count; i++) {
      const eid = createBody(world, { type: 'dynamic', position: { x: -8 + i * 1.1, y: 1 } });
      addShape(world, eid, domino, { density: 2, friction: 0.4 });
      boxes.push(eid);
    }
    const ball = createBody(world, {
      type: 'dynamic',
      position: { x: -12, y: 0.5 },
      linearVelocity: { x: paramOf(params, values, 'speed'), y: 0 },
      angularVelocity: -2 * paramOf(params, values, 'speed'),
    });
    addShape(world, ball, makeCircle(0.5), { density: 4, friction: 0.6 });
    boxes.push(ball);
    const brick = makeBox(0.6, 0.3);
    for (let row = 0; row < 6; row++) {
      const eid = createBody(world, { type: 'dynamic', position: { x: -8 + count * 1.1 + 0.8, y: 0.3 + row * 0.6 } });
      addShape(world, eid, brick, { density: 1, friction: 0.6 });
      boxes.push(eid);
    }
    return { boxes: Int32Array.from(boxes) };
  },
};
