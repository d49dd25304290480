import { addShape, createBody, makeBox, type PhysicsWorld } from '@impulse2d/core';
import { addGround, type TestbedScene } from './showcase.js';

const ROWS = 20;

/** A 20-row pyramid of unit boxes: the classic stacking test. It should stand still and fall asleep. */
export const pyramid: TestbedScene = {
  name: 'Pyramid',
  steps: 600,
  description: `${(ROWS * (ROWS + 1)) / 2} unit boxes in ${ROWS} rows; the stack should stand and fall asleep`,
  view: { x: 0, y: 10, height: 26 },
  build(world: PhysicsWorld) {
    addGround(world);
    const box = makeBox(0.5, 0.5);
    const boxes: number[] = [];
    for (let row = 0; row < ROWS; row++) {
      const n = ROWS - row;
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
