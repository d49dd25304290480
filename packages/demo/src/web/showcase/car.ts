import {
  addShape,
  createBody,
  createWheelJoint,
  makeBox,
  makeCircle,
  makePolygon,
  makeSegment,
  type PhysicsWorld,
} from '@impulse2d/core';
import type { TestbedScene } from './showcase.js';

/** A car (polygon chassis, two wheels on sprung wheel joints, rear-wheel motor) driving over bumpy ground. */
export const car: TestbedScene = {
  name: 'Car',
  steps: 1200,
  description: 'polygon chassis on two sprung wheel joints with a motor, over bumps and a ramp of boxes',
  view: { x: -9, y: 3, height: 14 },
  worldDef: { enableSleep: false },
  build(world: PhysicsWorld) {
    const ground = createBody(world, { type: 'static' });
    const heights = [0, 0, 0.3, 0.8, 0.3, 0, 0, -0.3, -0.6, -0.2, 0, 0.6, 1.2, 0.6, 0, 0, 0, 0];
    let x = -20;
    for (let i = 0; i + 1 < heights.length; i++) {
      addShape(world, ground, makeSegment({ x, y: heights[i] }, { x: x + 4, y: heights[i + 1] }), { friction: 0.9 });
      x += 4;
    }
    addShape(world, ground, makeSegment({ x: -20, y: 0 }, { x: -20, y: 6 }));
    addShape(world, ground, makeSegment({ x, y: 0 }, { x, y: 6 }));

    const boxes: number[] = [];
    const chassis = createBody(world, { type: 'dynamic', position: { x: -15, y: 1.4 } });
    addShape(
      world,
      chassis,
      makePolygon(
        [
          { x: -1.5, y: -0.5 },
          { x: 1.5, y: -0.5 },
          { x: 1.5, y: 0 },
          { x: 0, y: 0.9 },
          { x: -1.15, y: 0.9 },
          { x: -1.5, y: 0.2 },
        ],
        0.05,
      ),
      { density: 1 },
    );
    boxes.push(chassis);
    const wheel = makeCircle(0.4);
    for (const [dx, motor] of [
      [-1, true],
      [1, false],
    ] as const) {
      const w = createBody(world, { type: 'dynamic', position: { x: -15 + dx, y: 0.45 } });
      addShape(world, w, wheel, { density: 2, friction: 1.2, rollingResistance: 0.02 });
      createWheelJoint(world, {
        bodyA: chassis,
        bodyB: w,
        localAnchorA: { x: dx, y: -0.95 },
        localAnchorB: { x: 0, y: 0 },
        localAxisA: { x: 0, y: 1 },
        enableSpring: true,
        hertz: 5,
        dampingRatio: 0.7,
        enableLimit: true,
        lowerTranslation: -0.25,
        upperTranslation: 0.25,
        enableMotor: motor,
        motorSpeed: -8,
        maxMotorTorque: 40,
      });
      boxes.push(w);
    }
    // A little wall of crates to drive through.
    for (let i = 0; i < 8; i++) {
      const eid = createBody(world, { type: 'dynamic', position: { x: 22 + (i % 2) * 0.05, y: 0.3 + i * 0.6 } });
      addShape(world, eid, makeBox(0.3, 0.3), { density: 0.3 });
      boxes.push(eid);
    }
    return { boxes: Int32Array.from(boxes) };
  },
};
