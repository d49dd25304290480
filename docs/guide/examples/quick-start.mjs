// A box and a ball fall onto the ground. A body is a bitecs entity, so the box also carries a component of the game.
import { addComponent, query } from 'bitecs';
import { addShape, createBody, createPhysicsWorld, makeBox, makeCircle } from '@impulse2d/core';
import { stepPhysics } from '@impulse2d/systems';

const world = createPhysicsWorld({ gravity: { x: 0, y: -10 } }); // metres, seconds; y points up
const ground = createBody(world, { type: 'static', position: { x: 0, y: -1 } });
addShape(world, ground, makeBox(20, 1)); // half-extents: the ground's top face is at y = 0

const Sprite = { name: [] }; // a component of your game: plain arrays indexed by entity
const box = createBody(world, { type: 'dynamic', position: { x: 0, y: 4 }, angle: 0.3 });
addShape(world, box, makeBox(0.5, 0.5), { density: 1, friction: 0.6 });
addComponent(world, box, Sprite);
Sprite.name[box] = 'crate';
const ball = createBody(world, { type: 'dynamic', position: { x: 0.2, y: 8 } });
addShape(world, ball, makeCircle(0.25), { restitution: 0.5 });

for (let i = 0; i < 120; i++) stepPhysics(world, 1 / 60); // two seconds at 60 steps a second

const { x, y } = world.physics.transform; // the engine's position columns, indexed by entity: no copies
for (const eid of query(world, [Sprite])) console.log(Sprite.name[eid], x[eid].toFixed(2), y[eid].toFixed(2));
