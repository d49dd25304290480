import { addShape, createBody, createRevoluteJoint, makeBox, type JointId, type PhysicsWorld } from '@impulse2d/core';
import type { BuiltScene } from './build-layout.js';

/**
 * Scene `tumbler` (Box2D v3 benchmark): a dynamic box frame at (0, 10) — four walls of density 50, half-extents
 * (0.5, 10) at x = ±10 and (10, 0.5) at y = ±10 — driven by a revolute motor to a static body (anchor (0, 10) on
 * the static body, the frame's origin on the frame) at 25°/s with max torque 1e8. Inside, 45 × 45 = 2025 boxes of
 * half-extent 0.125, density 1, at x = −9 + 0.4·j, y = 1 + 0.4·i (i outer, j inner). Gravity (0, −10), 750 steps.
 */
export const name = 'tumbler';
export const steps = 750;

const GRID = 45;

/** The frame's motor speed (rad/s): 25°/s. */
export const MOTOR_SPEED = (Math.PI / 180) * 25;

/** Builds the scene; `motorSpeed` (rad/s) other than Box2D's is for the testbed's slider. Hands back the motor too. */
export function build(world: PhysicsWorld, motorSpeed = MOTOR_SPEED): BuiltScene & { readonly motor: JointId } {
  const ground = createBody(world, { type: 'static' });
  const frame = createBody(world, { type: 'dynamic', position: { x: 0, y: 10 } });
  const wall = { density: 50 };
  addShape(world, frame, makeBox(0.5, 10, { x: 10, y: 0 }), wall);
  addShape(world, frame, makeBox(0.5, 10, { x: -10, y: 0 }), wall);
  addShape(world, frame, makeBox(10, 0.5, { x: 0, y: 10 }), wall);
  addShape(world, frame, makeBox(10, 0.5, { x: 0, y: -10 }), wall);
  const motor = createRevoluteJoint(world, {
    bodyA: ground,
    bodyB: frame,
    localAnchorA: { x: 0, y: 10 },
    localAnchorB: { x: 0, y: 0 },
    referenceAngle: 0,
    enableMotor: true,
    motorSpeed,
    maxMotorTorque: 1e8,
  });
  const boxes = new Int32Array(GRID * GRID);
  const box = makeBox(0.125, 0.125);
  const boxDef = { density: 1 };
  let n = 0;
  for (let i = 0; i < GRID; i++) {
    for (let j = 0; j < GRID; j++) {
      const body = createBody(world, { type: 'dynamic', position: { x: -9 + 0.4 * j, y: 1 + 0.4 * i } });
      addShape(world, body, box, boxDef);
      boxes[n++] = body;
    }
  }
  return { boxes, motor };
}
