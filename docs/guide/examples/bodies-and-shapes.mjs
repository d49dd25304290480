// Body types, shapes, materials, collision filters, sensors, and moving bodies with forces and velocities.
import {
  addChain,
  addShape,
  applyLinearImpulse,
  createBody,
  createPhysicsWorld,
  getLinearVelocity,
  getMass,
  getPosition,
  makeBox,
  makeCapsule,
  makeChain,
  makeCircle,
  makePolygon,
  makeRoundedBox,
  setLinearVelocity,
} from '@impulse2d/core';
import { stepPhysics } from '@impulse2d/systems';

const world = createPhysicsWorld({ gravity: { x: 0, y: -10 } });

// Terrain: a chain of one-sided segments, solid on the left of each edge, so a ground line runs right to left.
const terrain = createBody(world, { type: 'static' });
addChain(
  world,
  terrain,
  makeChain([
    { x: 30, y: 0 },
    { x: 10, y: 0 },
    { x: 0, y: -1 },
    { x: -30, y: -1 },
  ]),
);

// A dynamic body may have several shapes; its mass comes from their areas and densities (kg/m²).
const cart = createBody(world, { type: 'dynamic', position: { x: -5, y: 1 } });
addShape(world, cart, makeRoundedBox(1, 0.25, 0.05), { density: 2 });
addShape(world, cart, makeCircle(0.3, { x: -0.7, y: -0.3 }), { friction: 0.9 });
addShape(world, cart, makeCircle(0.3, { x: 0.7, y: -0.3 }), { friction: 0.9 });
console.log('cart mass (kg):', getMass(world, cart).toFixed(2));

// Materials per shape: friction, restitution (bounce), rolling resistance.
const ball = createBody(world, { type: 'dynamic', position: { x: 5, y: 4 } });
addShape(world, ball, makeCircle(0.5), { restitution: 0.8, rollingResistance: 0.05 });
const pill = createBody(world, { type: 'dynamic', position: { x: 8, y: 2 } });
addShape(world, pill, makeCapsule({ x: -0.5, y: 0 }, { x: 0.5, y: 0 }, 0.25));
const rock = createBody(world, { type: 'dynamic', position: { x: 12, y: 2 } });
addShape(
  world,
  rock,
  makePolygon([
    { x: -0.5, y: 0 },
    { x: 0.5, y: 0 },
    { x: 0.3, y: 0.6 },
    { x: -0.2, y: 0.5 },
  ]),
);

// Collision filtering: two shapes collide when each one's category is in the other's mask.
const SCENERY = 0x0001; // the default category
const PLAYER = 0x0002;
const ghostWall = createBody(world, { type: 'static', position: { x: -10, y: 0 } });
addShape(world, ghostWall, makeBox(0.25, 1), { filter: { categoryBits: SCENERY, maskBits: 0xffffffff ^ PLAYER } });
const player = createBody(world, { type: 'dynamic', position: { x: -12, y: -0.5 }, fixedRotation: true });
addShape(world, player, makeCapsule({ x: 0, y: -0.2 }, { x: 0, y: 0.2 }, 0.3), {
  friction: 0,
  filter: { categoryBits: PLAYER },
});
setLinearVelocity(world, player, { x: 4, y: 0 }); // walks through the ghost wall

// A sensor detects overlaps (sensor events) and pushes nothing.
const door = createBody(world, { type: 'static', position: { x: 20, y: 1 } });
addShape(world, door, makeBox(0.5, 1), { isSensor: true });

// A kinematic body moves by its velocity only, pushes dynamic bodies, and is not pushed back.
const lift = createBody(world, { type: 'kinematic', position: { x: 15, y: 0.25 } });
addShape(world, lift, makeBox(1, 0.25));
setLinearVelocity(world, lift, { x: 0, y: 0.5 });

applyLinearImpulse(world, cart, { x: 20, y: 0 }, getPosition(world, cart)); // N·s at a world point
for (let i = 0; i < 120; i++) stepPhysics(world, 1 / 60);

console.log(
  'cart slid to x =',
  getPosition(world, cart).x.toFixed(2),
  'and stopped:',
  getLinearVelocity(world, cart).x < 0.01,
);
console.log('player passed the ghost wall:', getPosition(world, player).x > -10);
console.log('lift at y =', getPosition(world, lift).y.toFixed(2));
