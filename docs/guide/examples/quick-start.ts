// The quick start in TypeScript: the same program, with the types the packages ship.
import { addComponent, query } from 'bitecs';
import { type BodyId, addShape, createBody, createPhysicsWorld, makeBox, makeCircle } from '@impulse2d/core';
import { stepPhysics } from '@impulse2d/systems';

const world = createPhysicsWorld({ gravity: { x: 0, y: -10 } });
const ground: BodyId = createBody(world, { type: 'static', position: { x: 0, y: -1 } });
addShape(world, ground, makeBox(20, 1));

const Sprite = { name: [] as string[] };
const box: BodyId = createBody(world, { type: 'dynamic', position: { x: 0, y: 4 }, angle: 0.3 });
addShape(world, box, makeBox(0.5, 0.5), { density: 1, friction: 0.6 });
addComponent(world, box, Sprite);
Sprite.name[box] = 'crate';
const ball = createBody(world, { type: 'dynamic', position: { x: 0.2, y: 8 } });
addShape(world, ball, makeCircle(0.25), { restitution: 0.5 });

for (let i = 0; i < 120; i++) stepPhysics(world, 1 / 60);

const { x, y } = world.physics.transform;
for (const eid of query(world, [Sprite])) console.log(Sprite.name[eid], x[eid].toFixed(2), y[eid].toFixed(2));
