// Breakable joints and force events: a sign hangs from two welds that report when they carry more than 200 N, and
// the game destroys a joint that does. A pressure plate reports contacts that push on it harder than 50 N.
import {
  addShape,
  createBody,
  createPhysicsWorld,
  createWeldJoint,
  destroyJoint,
  getContactForceEvents,
  getJointEvents,
  isJoint,
  makeBox,
} from '@impulse2d/core';
import { stepPhysics } from '@impulse2d/systems';

const world = createPhysicsWorld({ gravity: { x: 0, y: -10 } });
const ground = createBody(world, { type: 'static' });
addShape(world, ground, makeBox(20, 0.5, { x: 0, y: -0.5 }));
const plate = addShape(world, ground, makeBox(2, 0.05, { x: 0, y: 0.05 }), { contactForceThreshold: 50 });

const beam = createBody(world, { type: 'static', position: { x: 0, y: 6 } });
const sign = createBody(world, { type: 'dynamic', position: { x: 0, y: 5 } });
addShape(world, sign, makeBox(1, 0.5), { density: 5 }); // 10 kg: 100 N shared by two welds
const welds = [-0.8, 0.8].map((x) =>
  createWeldJoint(world, { bodyA: beam, bodyB: sign, anchor: { x, y: 5.5 }, forceThreshold: 200 }),
);

let heaviest = 0;
for (let i = 0; i < 240; i++) {
  if (i === 60) {
    // A 40 kg crate lands on the sign: more than the welds can hold.
    const crate = createBody(world, { type: 'dynamic', position: { x: 0.5, y: 7 } });
    addShape(world, crate, makeBox(0.5, 0.5), { density: 40 });
  }
  stepPhysics(world, 1 / 60);
  for (const e of getJointEvents(world)) {
    if (!isJoint(world, e.joint)) continue; // already destroyed this step
    console.log(`step ${i}: a weld carried ${e.force.toFixed(0)} N and broke`);
    destroyJoint(world, e.joint);
  }
  for (const e of getContactForceEvents(world)) {
    if (e.shapeA !== plate && e.shapeB !== plate) continue;
    if (heaviest === 0) console.log(`step ${i}: something presses on the plate`);
    heaviest = Math.max(heaviest, e.totalNormalForce);
  }
}
console.log('the plate felt at most', heaviest.toFixed(0), 'N');
console.log('welds left:', welds.filter((weld) => isJoint(world, weld)).length);
