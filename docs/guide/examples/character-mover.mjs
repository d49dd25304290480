// A character moved by the game, not by the solver: a capsule "mover" that walks, falls, lands, slides along walls
// and rides a moving platform, using the world's mover queries (after Box2D v3.1's mover API).
import {
  MoverPlanes,
  addShape,
  castMover,
  clipVectorInto,
  collideMoverInto,
  createBody,
  createPhysicsWorld,
  getLinearVelocity,
  makeBox,
  setLinearVelocity,
  solvePlanesInto,
} from '@impulse2d/core';
import { stepPhysics } from '@impulse2d/systems';

const world = createPhysicsWorld({ gravity: { x: 0, y: -10 } });
const level = createBody(world, { type: 'static' });
addShape(world, level, makeBox(10, 0.5, { x: 0, y: -0.5 })); // the floor, top at y = 0
addShape(world, level, makeBox(0.5, 2, { x: 6, y: 2 })); // a wall at x = 5.5
const platform = createBody(world, { type: 'kinematic', position: { x: -6, y: 2 } });
addShape(world, platform, makeBox(1.5, 0.2));

// The character: a vertical capsule, 1.8 m tall, and the state the game keeps for it.
const character = { x: -6, y: 4, vx: 0, vy: 0, onGround: false, ground: -1 };
const RADIUS = 0.3;
const HALF_SEGMENT = 0.6;
const planes = new MoverPlanes();
const move = { x: 0, y: 0 };
const velocity = { x: 0, y: 0 };

function moveCharacter(input, dt) {
  // Velocity: walking speed from the input, gravity while in the air, plus the ground's own motion.
  character.vx = input * 4;
  character.vy = character.onGround ? 0 : character.vy - 10 * dt;
  const carried = character.onGround ? getLinearVelocity(world, character.ground) : { x: 0, y: 0 };
  let dx = (character.vx + carried.x) * dt;
  let dy = (character.vy + carried.y) * dt - (character.onGround ? 0.05 : 0); // keep in touch with the ground
  character.onGround = false;
  for (let round = 0; round < 4; round++) {
    const mover = {
      center1: { x: character.x, y: character.y - HALF_SEGMENT },
      center2: { x: character.x, y: character.y + HALF_SEGMENT },
      radius: RADIUS,
    };
    const count = collideMoverInto(world, mover, planes); // the surfaces it touches, as planes
    for (let i = 0; i < count; i++) {
      if (planes.normalY[i] > 0.7) {
        character.onGround = true; // a surface facing up: ground
        character.ground = planes.body[i];
      }
    }
    solvePlanesInto({ x: dx, y: dy }, planes, move); // the move nearest the wanted one that the planes allow
    const fraction = castMover(world, mover, move); // how much of it is free
    character.x += move.x * fraction;
    character.y += move.y * fraction;
    dx = move.x * (1 - fraction); // the rest, tried again from there
    dy = move.y * (1 - fraction);
    if (dx * dx + dy * dy < 1e-8) break;
  }
  clipVectorInto({ x: character.vx, y: character.vy }, planes, velocity); // stop pushing into what it touches
  character.vy = velocity.y;
}

setLinearVelocity(world, platform, { x: 1, y: 0 }); // the platform drifts right at 1 m/s
for (let i = 0; i < 60; i++) {
  moveCharacter(0, 1 / 60); // stand still: fall onto the platform and ride it
  stepPhysics(world, 1 / 60);
}
console.log(`riding the platform: x ${character.x.toFixed(2)}, on the ground: ${character.ground === platform}`);
for (let i = 0; i < 240; i++) {
  moveCharacter(1, 1 / 60); // walk right: off the platform, down to the floor, up to the wall
  stepPhysics(world, 1 / 60);
}
console.log(`at the wall: x ${character.x.toFixed(2)}, feet at y ${(character.y - HALF_SEGMENT - RADIUS).toFixed(2)}`);
