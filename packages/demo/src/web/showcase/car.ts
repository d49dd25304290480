import {
  addShape,
  createBody,
  createWheelJoint,
  makeBox,
  makeCircle,
  makePolygon,
  makeSegment,
  setJointMotorSpeed,
  setJointSpring,
  type JointId,
  type PhysicsWorld,
} from '@impulse2d/core';
import type { ParamValues, SceneParam } from '../protocol.js';
import { paramOf, type TestbedScene } from './showcase.js';

const DAMPING_RATIO = 0.7;
const params: readonly SceneParam[] = [
  { key: 'speed', label: 'motor speed', min: -20, max: 20, step: 0.5, value: 8, unit: 'rad/s', live: true },
  { key: 'hertz', label: 'suspension', min: 1, max: 15, step: 0.5, value: 5, unit: 'Hz', live: true },
];

/**
 * A car (polygon chassis, two wheels on sprung wheel joints, rear-wheel motor) driving over bumpy ground; the camera
 * follows the chassis. Motor speed (positive drives right) and suspension stiffness apply while it runs.
 */
export const car: TestbedScene = {
  name: 'Car',
  steps: 1200,
  description: 'polygon chassis on two sprung wheel joints with a motor, over bumps and through a wall of crates',
  worldDef: { enableSleep: false },
  params,
  followHeight: 12,
  build(world: PhysicsWorld, values?: ParamValues) {
    const speed = paramOf(params, values, 'speed');
    const hertz = paramOf(params, values, 'hertz');
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
    const springs: JointId[] = [];
    let motorJoint: JointId | -1 = -1;
    for (const [dx, motor] of [
      [-1, true],
      [1, false],
    ] as const) {
      const w = createBody(world, { type: 'dynamic', position: { x: -15 + dx, y: 0.45 } });
      addShape(world, w, wheel, { density: 2, friction: 1.2, rollingResistance: 0.02 });
      const joint = createWheelJoint(world, {
        bodyA: chassis,
        bodyB: w,
        localAnchorA: { x: dx, y: -0.95 },
        localAnchorB: { x: 0, y: 0 },
        localAxisA: { x: 0, y: 1 },
        enableSpring: true,
        hertz,
        dampingRatio: DAMPING_RATIO,
        enableLimit: true,
        lowerTranslation: -0.25,
        upperTranslation: 0.25,
        enableMotor: motor,
        // Clockwise (negative) turns the wheels to drive right.
        motorSpeed: -speed,
        maxMotorTorque: 40,
      });
      springs.push(joint);
      if (motor) motorJoint = joint;
      boxes.push(w);
    }
    // A little wall of crates to drive through.
    for (let i = 0; i < 8; i++) {
      const eid = createBody(world, { type: 'dynamic', position: { x: 22 + (i % 2) * 0.05, y: 0.3 + i * 0.6 } });
      addShape(world, eid, makeBox(0.3, 0.3), { density: 0.3 });
      boxes.push(eid);
    }
    return {
      boxes: Int32Array.from(boxes),
      follow: chassis,
      setParam(key: string, value: number) {
        if (key === 'speed') {
          if (motorJoint !== -1) setJointMotorSpeed(world, motorJoint, -value);
        } else if (key === 'hertz') for (const j of springs) setJointSpring(world, j, value, DAMPING_RATIO);
      },
    };
  },
};
