// A scene module for @impulse2d/batch: build(params) makes a world, measure(world, params) reads the result.
// Here a ball thrown at a given speed and angle: how far does it land?
import { addShape, createBody, createPhysicsWorld, getPosition, makeBox, makeCircle } from '@impulse2d/core';

const balls = new WeakMap();

export function build({ speed, degrees }) {
  const world = createPhysicsWorld({ gravity: { x: 0, y: -10 } });
  const ground = createBody(world, { type: 'static' });
  addShape(world, ground, makeBox(200, 0.5, { x: 0, y: -0.5 }), { friction: 1 });
  const radians = (degrees * Math.PI) / 180; // plain JavaScript trigonometry is fine for inputs
  const velocity = { x: speed * Math.cos(radians), y: speed * Math.sin(radians) };
  const ball = createBody(world, { type: 'dynamic', position: { x: 0, y: 0.25 }, linearVelocity: velocity });
  addShape(world, ball, makeCircle(0.25), { rollingResistance: 0.5 });
  balls.set(world, ball);
  return world;
}

export function measure(world) {
  return { distance: getPosition(world, balls.get(world)).x };
}
