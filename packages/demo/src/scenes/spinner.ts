import {
  addChain,
  addShape,
  createBody,
  createRevoluteJoint,
  makeBox,
  makeCapsule,
  makeChain,
  makeCircle,
  makeRoundedBox,
  type JointId,
  type PhysicsWorld,
} from '@impulse2d/core';
import type { BuiltScene } from './build-layout.js';
import {
  FLT_MAX,
  SPINNER_BODIES,
  SPINNER_MOTOR_SPEED,
  spinnerBodyPositions,
  spinnerLoopPoints,
} from './layouts/spinner.js';

/**
 * Scene `spinner` (Box2D v3 benchmark; layouts/spinner.ts has the numbers): a bar on a motor stirs 6076 capsules,
 * circles and squares inside a loop chain. Mixed shapes and a chain, where the other scenes are boxes (and circles on
 * joints). 500 steps. Hands back the poured bodies in creation order.
 */
export const name = 'spinner';
export const steps = 500;

/** Builds the scene; `motorSpeed` (rad/s) other than Box2D's is for the testbed's slider. Hands back the motor too. */
export function build(world: PhysicsWorld, motorSpeed = SPINNER_MOTOR_SPEED): BuiltScene & { readonly motor: JointId } {
  const ground = createBody(world, { type: 'static' });
  const loop = spinnerLoopPoints();
  const points: { x: number; y: number }[] = [];
  for (let k = 0; k < loop.length; k += 2) points.push({ x: loop[k], y: loop[k + 1] });
  addChain(world, ground, makeChain(points, true), { friction: 0.1 });

  const bar = createBody(world, { type: 'dynamic', position: { x: 0, y: 12 } });
  addShape(world, bar, makeRoundedBox(0.4, 20, 0.2), { friction: 0 });
  const motor = createRevoluteJoint(world, {
    bodyA: ground,
    bodyB: bar,
    localAnchorA: { x: 0, y: 12 },
    localAnchorB: { x: 0, y: 0 },
    enableMotor: true,
    motorSpeed,
    maxMotorTorque: FLT_MAX,
  });

  const capsule = makeCapsule({ x: -0.25, y: 0 }, { x: 0.25, y: 0 }, 0.25);
  const circle = makeCircle(0.35);
  const square = makeBox(0.35, 0.35);
  const def = { density: 0.25, friction: 0.1, restitution: 0.1 };
  const positions = spinnerBodyPositions();
  const bodies = new Int32Array(SPINNER_BODIES);
  for (let i = 0; i < SPINNER_BODIES; i++) {
    const body = createBody(world, { type: 'dynamic', position: { x: positions[2 * i], y: positions[2 * i + 1] } });
    const kind = i % 3;
    addShape(world, body, kind === 0 ? capsule : kind === 1 ? circle : square, def);
    bodies[i] = body;
  }
  return { boxes: bodies, motor };
}
