// Platforms for a platformer: a one-way ledge to jump up through, an elevator driven to a path, a pre-solve callback
// that lets a dashing player pass through enemies, and the contact state that says what a body stands on.
import {
  addShape,
  createBody,
  createPhysicsWorld,
  getBodyContacts,
  getPosition,
  makeBox,
  makeCapsule,
  setLinearVelocity,
  setPreSolve,
  setTargetTransform,
} from '@impulse2d/core';
import { stepPhysics } from '@impulse2d/systems';

const world = createPhysicsWorld({ gravity: { x: 0, y: -10 } });
const ground = createBody(world, { type: 'static' });
addShape(world, ground, makeBox(20, 0.5, { x: 0, y: -0.5 }));

// A one-way ledge: solid only for what comes from above (the side its normal points to, in the body's frame).
const ledge = createBody(world, { type: 'static', position: { x: -5, y: 3 } });
addShape(world, ledge, makeBox(1.5, 0.1), { oneWayNormal: { x: 0, y: 1 } });

// The player: a dynamic capsule that never tips over.
const player = createBody(world, { type: 'dynamic', position: { x: -5, y: 1 }, fixedRotation: true });
const playerShape = addShape(world, player, makeCapsule({ x: 0, y: -0.5 }, { x: 0, y: 0.5 }, 0.3));

// An elevator: a kinematic body driven along a path by setTargetTransform, and a crate riding it.
const elevator = createBody(world, { type: 'kinematic', position: { x: 14, y: 0.25 } });
addShape(world, elevator, makeBox(1, 0.25));
const crate = createBody(world, { type: 'dynamic', position: { x: 14, y: 1 } });
addShape(world, crate, makeBox(0.5, 0.5));

// An enemy on the ledge, in the player's way, and a pre-solve callback: while the player dashes, the solver ignores
// its contacts with the enemy.
const enemy = createBody(world, { type: 'dynamic', position: { x: -4, y: 3.6 }, fixedRotation: true });
const enemyShape = addShape(world, enemy, makeBox(0.4, 0.5));
let dashing = false;
setPreSolve(world, (shapeA, shapeB) => {
  const pair = (shapeA === playerShape && shapeB === enemyShape) || (shapeA === enemyShape && shapeB === playerShape);
  return !(pair && dashing); // false: the solver leaves this contact alone for this step
});

function standsOn(body) {
  // A contact whose normal points up at the body, from what it stands on.
  for (const c of getBodyContacts(world, body)) {
    const up = c.bodyB === body ? c.normal.y : -c.normal.y;
    if (up > 0.7) return c.bodyA === body ? c.bodyB : c.bodyA;
  }
  return -1;
}

const dt = 1 / 60;
for (let i = 0; i < 240; i++) {
  const t = (i + 1) * dt;
  setTargetTransform(world, elevator, { x: 14, y: 0.25 + Math.min(t, 2) }, 0, dt); // up 2 m at 1 m/s, then stop
  if (i === 0) setLinearVelocity(world, player, { x: 0, y: 9 }); // jump: up through the ledge
  if (i === 90) dashing = true; // dash right, through the enemy
  if (dashing) setLinearVelocity(world, player, { x: 6, y: 0 });
  stepPhysics(world, dt);
  if (i === 89)
    console.log('on the ledge:', standsOn(player) === ledge, 'at y', getPosition(world, player).y.toFixed(2));
}
const enemyAt = getPosition(world, enemy);
console.log(
  'dashed through the enemy:',
  getPosition(world, player).x > enemyAt.x + 1,
  'which stayed at x',
  enemyAt.x.toFixed(2),
);
console.log(
  'the crate rode the elevator up to y',
  getPosition(world, crate).y.toFixed(2),
  'standing on it:',
  standsOn(crate) === elevator,
);
