import { addComponent, query } from 'bitecs';
import { addShape, createBody, createPhysicsWorld, getPosition, makeBox, makeCircle } from '@impulse2d/core';
import { stepPhysics } from '@impulse2d/systems';

const world = createPhysicsWorld({ gravity: { x: 0, y: -10 } }); // a bitecs world with world.physics
const ground = createBody(world, { type: 'static', position: { x: 0, y: -1 } });
addShape(world, ground, makeBox(50, 1)); // half-extents (m)

const Sprite = { frame: [] as number[] }; // the game's own component
const box = createBody(world, { type: 'dynamic', position: { x: 0, y: 4 }, angle: 0.3 });
addShape(world, box, makeBox(0.5, 0.5), { density: 1, friction: 0.6 });
addComponent(world, box, Sprite); // same entity: physics body and sprite
const ball = createBody(world, { type: 'dynamic', position: { x: 0.2, y: 8 } });
addShape(world, ball, makeCircle(0.25), { restitution: 0.5 });

for (let i = 0; i < 120; i++) stepPhysics(world, 1 / 60); // 2 s, 4 substeps per step

const { transform } = world.physics; // zero-copy columns for render systems
for (const eid of query(world, [Sprite])) console.log(eid, transform.x[eid], transform.y[eid]);
console.log('box at', getPosition(world, box), 'ball at', getPosition(world, ball));
