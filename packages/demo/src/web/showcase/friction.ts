import { addShape, createBody, makeBox, type PhysicsWorld } from '@impulse2d/core';
import type { ParamValues, SceneParam } from '../protocol.js';
import { addGround, paramOf, type TestbedScene } from './showcase.js';

const VALUES = [0, 0.1, 0.2, 0.3, 0.5];
// rad: at the default 0.3, boxes with μ > tan(0.3) ≈ 0.31 stay put
const params: readonly SceneParam[] = [
  { key: 'slope', label: 'ramp slope', min: 0, max: 0.6, step: 0.01, value: 0.3, unit: 'rad' },
];

/** One box per ramp, friction 0 … 0.5 (top to bottom); ramp and box share μ, so the mixed μ is that value. */
export const friction: TestbedScene = {
  name: 'Friction ramps',
  steps: 600,
  description: `box friction ${VALUES.join(', ')} from the top; a box holds when μ > tan(slope) (at 0.3 rad: only μ 0.5)`,
  params,
  build(world: PhysicsWorld, values?: ParamValues) {
    const slope = paramOf(params, values, 'slope');
    addGround(world);
    const boxes: number[] = [];
    const box = makeBox(0.5, 0.5);
    VALUES.forEach((mu, i) => {
      const y = 18 - i * 4;
      const ramp = createBody(world, { type: 'static', position: { x: 0, y }, angle: -slope });
      addShape(world, ramp, makeBox(7, 0.15), { friction: mu });
      // Box resting on the high (left) end of the ramp, rotated to its slope.
      const along = -5.5;
      const nx = Math.sin(slope);
      const ny = Math.cos(slope);
      const eid = createBody(world, {
        type: 'dynamic',
        position: { x: along * Math.cos(slope) + nx * 0.66, y: y - along * Math.sin(slope) + ny * 0.66 },
        angle: -slope,
      });
      addShape(world, eid, box, { density: 1, friction: mu });
      boxes.push(eid);
    });
    return { boxes: Int32Array.from(boxes) };
  },
};
