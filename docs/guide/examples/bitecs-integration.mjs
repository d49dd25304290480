// impulse2d in a bitecs game: physics on your own world, your components on the bodies, the step as systems in a pipe.
import { addComponent, addEntity, createWorld, pipe, query, removeEntity } from 'bitecs';
import { addShape, attachPhysics, createBody, makeBox, makeCircle } from '@impulse2d/core';
import { createPhysicsSystems } from '@impulse2d/systems';

const world = attachPhysics(createWorld(), { gravity: { x: 0, y: -10 } }); // your world, now with world.physics
const { Transform } = world.physics; // a bitecs component every body has

const Health = { value: [] };
const Sprite = { screenX: new Float32Array(1024), screenY: new Float32Array(1024) };

const ground = createBody(world, { type: 'static' });
addShape(world, ground, makeBox(20, 0.5));

// An entity you made yourself becomes a body when you pass it to createBody.
const player = addEntity(world);
addComponent(world, player, Health);
addComponent(world, player, Sprite);
Health.value[player] = 3;
createBody(world, { type: 'dynamic', position: { x: 0, y: 3 }, fixedRotation: true }, player);
addShape(world, player, makeBox(0.4, 0.9));

const coin = createBody(world, { type: 'dynamic', position: { x: 2, y: 2 } });
addShape(world, coin, makeCircle(0.2));
addComponent(world, coin, Sprite);

// A render system: reads the transform columns (metres) and writes screen pixels. No copies, no allocation.
const PIXELS_PER_METRE = 32;
function renderSystem(w) {
  const { x, y } = w.physics.transform; // read through world.physics each frame: the columns grow by doubling
  for (const eid of query(w, [Transform, Sprite])) {
    Sprite.screenX[eid] = 400 + x[eid] * PIXELS_PER_METRE;
    Sprite.screenY[eid] = 300 - y[eid] * PIXELS_PER_METRE; // screen y points down
  }
  return w;
}

const frame = pipe(...createPhysicsSystems(1 / 60), renderSystem); // the step's stages, then yours
for (let i = 0; i < 90; i++) frame(world);
console.log('player on screen at', Sprite.screenX[player], Sprite.screenY[player].toFixed(1));

// Deleting the ECS way: removing a body's entity destroys the body with its shapes, joints and contacts.
removeEntity(world, coin);
frame(world);
console.log('bodies with a sprite:', query(world, [Transform, Sprite]).length);
