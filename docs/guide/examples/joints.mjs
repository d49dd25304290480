// A car (wheel joints with a motor and suspension), a rope bridge (revolute joints), a spring (distance joint),
// and a mouse joint that drags a body the way a pointer does.
import {
  addShape,
  createBody,
  createDistanceJoint,
  createMouseJoint,
  createRevoluteJoint,
  createWheelJoint,
  createPhysicsWorld,
  destroyJoint,
  getJointReactionForce,
  getPosition,
  makeBox,
  makeCircle,
  setMouseJointTarget,
} from '@impulse2d/core';
import { stepPhysics } from '@impulse2d/systems';

const world = createPhysicsWorld({ gravity: { x: 0, y: -10 } });
const ground = createBody(world, { type: 'static' });
addShape(world, ground, makeBox(40, 0.5, { x: 0, y: -0.5 }));

// The car: a chassis and two wheels on wheel joints (a suspension spring along the axis, a motor on the rear wheel).
const chassis = createBody(world, { type: 'dynamic', position: { x: -20, y: 1 } });
addShape(world, chassis, makeBox(1.2, 0.25));
const wheels = [-0.8, 0.8].map((dx) => {
  const wheel = createBody(world, { type: 'dynamic', position: { x: -20 + dx, y: 0.6 } });
  addShape(world, wheel, makeCircle(0.35), { friction: 0.9 });
  return wheel;
});
for (const [i, wheel] of wheels.entries()) {
  createWheelJoint(world, {
    bodyA: chassis,
    bodyB: wheel,
    anchor: getPosition(world, wheel), // a world point: both local anchors are computed from it
    localAxisA: { x: 0, y: 1 }, // the suspension slides along the chassis's y axis
    enableSpring: true,
    hertz: 4,
    dampingRatio: 0.7,
    enableMotor: i === 0,
    motorSpeed: -10, // rad/s; negative turns clockwise: forward (+x)
    maxMotorTorque: 40, // N·m
  });
}

// A rope bridge: planks linked end to end by revolute joints, pinned to the ground at both ends.
const planks = [];
for (let i = 0; i < 10; i++) {
  const plank = createBody(world, { type: 'dynamic', position: { x: 5.5 + i, y: 3 } });
  addShape(world, plank, makeBox(0.5, 0.1), { density: 5 });
  planks.push(plank);
}
for (let i = 0; i <= planks.length; i++) {
  const bodyA = i === 0 ? ground : planks[i - 1];
  const bodyB = i === planks.length ? ground : planks[i];
  createRevoluteJoint(world, { bodyA, bodyB, anchor: { x: 5 + i, y: 3 } });
}

// A spring: a distance joint of rest length 2 m that is soft (4 Hz) instead of rigid.
const anchor = createBody(world, { type: 'static', position: { x: 0, y: 8 } });
const weight = createBody(world, { type: 'dynamic', position: { x: 0, y: 6 } });
addShape(world, weight, makeCircle(0.3));
const spring = createDistanceJoint(world, {
  bodyA: anchor,
  bodyB: weight,
  length: 2,
  enableSpring: true,
  hertz: 4,
  dampingRatio: 0.2,
});

// A mouse joint pulls a point of a body toward a target, with a force cap: drag with the pointer.
const crate = createBody(world, { type: 'dynamic', position: { x: -5, y: 0.5 } });
addShape(world, crate, makeBox(0.5, 0.5));
const drag = createMouseJoint(world, { bodyA: ground, bodyB: crate, target: { x: -5, y: 0.5 }, maxForce: 1000 });

for (let i = 0; i < 180; i++) {
  setMouseJointTarget(world, drag, { x: -5, y: 0.5 + i / 60 }); // the pointer moves up 1 m/s
  stepPhysics(world, 1 / 60);
}
destroyJoint(world, drag); // the pointer lets go

console.log('car drove forward:', getPosition(world, chassis).x > -19);
console.log('middle plank sags to y =', getPosition(world, planks[5]).y.toFixed(2));
const force = getJointReactionForce(world, spring); // N, on body B
console.log('spring holds the weight with', Math.abs(force.y).toFixed(1), 'N');
console.log('crate lifted to y =', getPosition(world, crate).y.toFixed(2));
