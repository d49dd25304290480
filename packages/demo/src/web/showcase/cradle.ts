import {
  addShape,
  createBody,
  createDistanceJoint,
  createRevoluteJoint,
  makeBox,
  makeCapsule,
  makeCircle,
  type PhysicsWorld,
} from '@impulse2d/core';
import { addGround, type TestbedScene } from './showcase.js';

const BALLS = 5;
const LENGTH = 5;
const TOP = 9;

/**
 * Newton's cradle: five touching balls (restitution 1, no friction) on distance joints from a bar, the first pulled
 * out; plus a pendulum chain of capsules on revolute joints swinging beside it.
 */
export const cradle: TestbedScene = {
  name: "Newton's cradle",
  steps: 900,
  description: 'five balls on distance joints (restitution 1), and a capsule chain on revolute joints',
  view: { x: 2, y: 5, height: 13 },
  worldDef: { enableSleep: false },
  build(world: PhysicsWorld) {
    addGround(world);
    const bar = createBody(world, { type: 'static', position: { x: 0, y: TOP } });
    addShape(world, bar, makeBox(3.5, 0.1));
    const boxes: number[] = [];
    const ball = makeCircle(0.5);
    for (let i = 0; i < BALLS; i++) {
      const ax = (i - (BALLS - 1) / 2) * 1.0;
      let x = ax;
      let y = TOP - LENGTH;
      if (i === 0) {
        const a = 0.9; // pulled out by 0.9 rad
        x = ax - LENGTH * Math.sin(a);
        y = TOP - LENGTH * Math.cos(a);
      }
      const eid = createBody(world, { type: 'dynamic', position: { x, y } });
      addShape(world, eid, ball, { density: 1, restitution: 1, friction: 0 });
      createDistanceJoint(world, {
        bodyA: bar,
        bodyB: eid,
        localAnchorA: { x: ax, y: 0 },
        localAnchorB: { x: 0, y: 0 },
        length: LENGTH,
      });
      boxes.push(eid);
    }
    // A chain of capsules hanging from a pivot at the right, released horizontally.
    const pivot = { x: 5, y: TOP };
    const link = makeCapsule({ x: -0.4, y: 0 }, { x: 0.4, y: 0 }, 0.12);
    let prev = bar;
    let prevAnchor = { x: pivot.x, y: 0 };
    for (let i = 0; i < 6; i++) {
      const eid = createBody(world, { type: 'dynamic', position: { x: pivot.x + 0.5 + i, y: pivot.y } });
      addShape(world, eid, link, { density: 1, filter: { categoryBits: 2, maskBits: 0xfffffffd, groupIndex: 0 } });
      createRevoluteJoint(world, {
        bodyA: prev,
        bodyB: eid,
        localAnchorA: prevAnchor,
        localAnchorB: { x: -0.5, y: 0 },
      });
      prev = eid;
      prevAnchor = { x: 0.5, y: 0 };
      boxes.push(eid);
    }
    return { boxes: Int32Array.from(boxes) };
  },
};
