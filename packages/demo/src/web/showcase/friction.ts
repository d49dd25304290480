import { addShape, createBody, makeBox, type PhysicsWorld } from '@impulse2d/core';
import { addGround, type TestbedScene } from './showcase.js';

const VALUES = [0, 0.1, 0.2, 0.3, 0.5];
const SLOPE = 0.3; // rad: boxes with μ > tan(0.3) ≈ 0.31 stay put

/** One box per ramp, friction 0 … 0.5 (top to bottom); ramp and box share μ, so the mixed μ is that value. */
export const friction: TestbedScene = {
  name: 'Friction ramps',
  steps: 600,
  description: `ramps at ${SLOPE} rad (tan = ${Math.tan(SLOPE).toFixed(2)}); box friction ${VALUES.join(', ')} from the top: only μ 0.5 holds`,
  view: { x: 0, y: 9, height: 22 },
  build(world: PhysicsWorld) {
    addGround(world);
    const boxes: number[] = [];
    const box = makeBox(0.5, 0.5);
    VALUES.forEach((mu, i) => {
      const y = 18 - i * 4;
      const ramp = createBody(world, { type: 'static', position: { x: 0, y }, angle: -SLOPE });
      addShape(world, ramp, makeBox(7, 0.15), { friction: mu });
      // Box resting on the high (left) end of the ramp, rotated to its slope.
      const along = -5.5;
      const nx = Math.sin(SLOPE);
      const ny = Math.cos(SLOPE);
      const eid = createBody(world, {
        type: 'dynamic',
        position: { x: along * Math.cos(SLOPE) + nx * 0.66, y: y - along * Math.sin(SLOPE) + ny * 0.66 },
        angle: -SLOPE,
      });
      addShape(world, eid, box, { density: 1, friction: mu });
      boxes.push(eid);
    });
    return { boxes: Int32Array.from(boxes) };
  },
};
