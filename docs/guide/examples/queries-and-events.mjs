// Ask the world what is where (ray casts, overlaps, shape casts) and what happened in the last step (events).
import {
  addShape,
  castRayClosest,
  castShape,
  createBody,
  createPhysicsWorld,
  getContactBeginEvents,
  getContactHitEvents,
  getSensorBeginEvents,
  getShapeBody,
  makeBox,
  makeCircle,
  overlapAABB,
} from '@impulse2d/core';
import { stepPhysics } from '@impulse2d/systems';

const world = createPhysicsWorld({ gravity: { x: 0, y: -10 } });
const ground = createBody(world, { type: 'static' });
addShape(world, ground, makeBox(20, 0.5, { x: 0, y: -0.5 }));
const wall = createBody(world, { type: 'static', position: { x: 6, y: 2 } });
addShape(world, wall, makeBox(0.5, 2));
const coinZone = createBody(world, { type: 'static', position: { x: -3, y: 1 } });
const coinSensor = addShape(world, coinZone, makeCircle(0.5), { isSensor: true });

// A rock that reports hit events (the speed of impact), and a ball that falls through the coin's sensor.
const rock = createBody(world, { type: 'dynamic', position: { x: 0, y: 5 } });
addShape(world, rock, makeBox(0.4, 0.4), { enableHitEvents: true });
const ball = createBody(world, { type: 'dynamic', position: { x: -3, y: 4 } });
addShape(world, ball, makeCircle(0.25));
const names = { [ground]: 'ground', [wall]: 'wall', [rock]: 'rock', [ball]: 'ball' };

// Events are the last step's: read them after each step.
for (let i = 0; i < 90; i++) {
  stepPhysics(world, 1 / 60);
  for (const e of getContactHitEvents(world)) {
    console.log(`hit: ${names[e.bodyA]} and ${names[e.bodyB]} at ${e.approachSpeed.toFixed(1)} m/s`);
  }
  for (const e of getSensorBeginEvents(world)) {
    if (e.shapeA === coinSensor || e.shapeB === coinSensor) console.log('the ball reached the coin at step', i);
  }
  for (const e of getContactBeginEvents(world)) {
    console.log(`step ${i}: ${names[e.bodyA]} touches ${names[e.bodyB]}, normal (${e.normal.x}, ${e.normal.y})`);
  }
}

// The closest hit of a ray from (0, 1) along +x, up to 10 m: the wall's face at x = 5.5.
const hit = castRayClosest(world, { x: 0, y: 1 }, { x: 10, y: 0 });
if (hit) console.log('the ray hit the', names[hit.body], 'at x =', hit.point.x);

// Every shape whose bounding box overlaps an area: here, what stands around the rock.
const near = overlapAABB(world, { minX: -1, minY: -0.1, maxX: 1, maxY: 1 });
console.log('near the rock:', near.map((shape) => names[getShapeBody(world, shape)]).join(', '));

// How far can a 0.5 m box move 10 m to the right from (0, 2)? Until it first touches something.
const cast = castShape(world, makeBox(0.25, 0.25), { position: { x: 0, y: 2 }, angle: 0 }, { x: 10, y: 0 });
if (cast) console.log('the box moves', (cast.fraction * 10).toFixed(2), 'm, then touches the', names[cast.body]);
