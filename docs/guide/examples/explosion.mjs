// An explosion: a radial impulse on every shape within reach, full inside the radius and fading over the falloff;
// and a sensor that says what is inside it right now, without waiting for events.
import {
  addShape,
  createBody,
  createPhysicsWorld,
  explode,
  getLinearVelocity,
  getSensorOverlaps,
  getShapeBody,
  makeBox,
} from '@impulse2d/core';
import { stepPhysics } from '@impulse2d/systems';

const world = createPhysicsWorld({ gravity: { x: 0, y: -10 } });
const ground = createBody(world, { type: 'static' });
addShape(world, ground, makeBox(30, 0.5, { x: 0, y: -0.5 }));
const blastZone = addShape(world, ground, makeBox(3, 3, { x: 0, y: 3 }), { isSensor: true });

const crates = [];
for (let i = 0; i < 10; i++) {
  const crate = createBody(world, { type: 'dynamic', position: { x: (i - 4.5) * 1.2, y: 0.5 } });
  addShape(world, crate, makeBox(0.5, 0.5));
  crates.push(crate);
}
for (let i = 0; i < 30; i++) stepPhysics(world, 1 / 60);

const inside = getSensorOverlaps(world, blastZone).map((shape) => getShapeBody(world, shape));
console.log('crates in the blast zone:', inside.length);

explode(world, { position: { x: 0, y: 0 }, radius: 2, falloff: 3, impulsePerLength: 5 });
const speeds = crates.map((crate) => Math.hypot(getLinearVelocity(world, crate).x, getLinearVelocity(world, crate).y));
console.log('speeds after the blast (m/s):', speeds.map((v) => v.toFixed(1)).join(' '));
