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
import type { ParamValues, SceneParam } from '../protocol.js';
import { addGround, paramOf, type TestbedScene } from './showcase.js';

const LENGTH = 5;
const TOP = 9;
const params: readonly SceneParam[] = [
  { key: 'balls', label: 'balls', min: 2, max: 7, step: 1, value: 5 },
  { key: 'pulled', label: 'balls pulled out', min: 1, max: 3, step: 1, value: 1 },
  { key: 'angle', label: 'pull-out angle', min: 0.1, max: 1.4, step: 0.05, value: 0.9, unit: 'rad' },
];

/**
 * Newton's cradle: touching balls (five by default; restitution 1, no friction) on distance joints from a bar, the
 * first pulled out; plus a pendulum chain of capsules on revolute joints swinging beside it.
 */
export const cradle: TestbedScene = {
  name: "Newton's cradle",
  steps: 900,
  description: 'balls on distance joints (restitution 1), and a capsule chain on revolute joints',
  worldDef: { enableSleep: false },
  params,
  build(world: PhysicsWorld, values?: ParamValues) {
    const balls = paramOf(params, values, 'balls');
    const pulled = Math.min(balls - 1, paramOf(params, values, 'pulled'));
    const a = paramOf(params, values, 'angle');
    addGround(world, 8);
    const bar = createBody(world, { type: 'static', position: { x: 0, y: TOP } });
    addShape(world, bar, makeBox(0.5 * balls + 1, 0.1));
    const boxes: number[] = [];
    const ball = makeCircle(0.5);
    for (let i = 0; i < balls; i++) {
      const ax = (i - (balls - 1) / 2) * 1.0;
      let x = ax;
      let y = TOP - LENGTH;
      if (i < pulled) {
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
    const pivot = { x: 0.5 * balls + 2.5, y: TOP };
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
