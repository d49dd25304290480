import { addShape, createBody, makeBox, type PhysicsWorld } from '@impulse2d/core';
import type { ParamValues, SceneParam } from '../protocol.js';
import { addGround, paramOf, type TestbedScene } from './showcase.js';

const params: readonly SceneParam[] = [{ key: 'rows', label: 'rows', min: 2, max: 40, step: 1, value: 20 }];

/** A pyramid of unit boxes (20 rows by default): the classic stacking test. It should stand still and fall asleep. */
export const pyramid: TestbedScene = {
  name: 'Pyramid',
  steps: 600,
  description: 'unit boxes in rows; the stack should stand and fall asleep',
  params,
  build(world: PhysicsWorld, values?: ParamValues) {
    const rows = paramOf(params, values, 'rows');
    addGround(world);
    const box = makeBox(0.5, 0.5);
    const boxes: number[] = [];
    for (let row = 0; row < rows; row++) {
      const n = rows - row;
      for (let i = 0; i < n; i++) {
        const x = (i - (n - 1) / 2) * 1.05;
        const eid = createBody(world, { type: 'dynamic', position: { x, y: 0.5 + row } });
        addShape(world, eid, box, { density: 1, friction: 0.6 });
        boxes.push(eid);
      }
    }
    return { boxes: Int32Array.from(boxes) };
  },
};
