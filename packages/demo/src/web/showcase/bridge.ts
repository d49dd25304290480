import {
  addShape,
  createBody,
  createRevoluteJoint,
  makeBox,
  makeCircle,
  makePolygon,
  type BodyId,
  type PhysicsWorld,
} from '@impulse2d/core';
import type { ParamValues, SceneParam } from '../protocol.js';
import { addGround, paramOf, type TestbedScene } from './showcase.js';

const params: readonly SceneParam[] = [
  { key: 'planks', label: 'planks', min: 4, max: 100, step: 1, value: 40 },
  { key: 'load', label: 'loads', min: 0, max: 40, step: 1, value: 12 },
];

/** A rope bridge of planks (40 by default) on revolute joints between two posts, loaded with boxes, balls and triangles. */
export const bridge: TestbedScene = {
  name: 'Bridge',
  steps: 900,
  description: 'planks on revolute joints (one more than planks), loaded with boxes, balls and triangles',
  params,
  build(world: PhysicsWorld, values?: ParamValues) {
    const planks = paramOf(params, values, 'planks');
    const loads = paramOf(params, values, 'load');
    const ground = addGround(world, Math.max(10, planks / 2 + 4));
    const width = 1;
    const y = 8;
    const x0 = -(planks * width) / 2;
    for (const px of [x0 - 0.5, -x0 + 0.5]) {
      const post = createBody(world, { type: 'static', position: { x: px, y: y / 2 } });
      addShape(world, post, makeBox(0.5, y / 2));
    }
    const plank = makeBox(width / 2, 0.125);
    const boxes: number[] = [];
    let prev: BodyId = ground;
    let prevAnchor = { x: x0, y: y + 0.5 };
    for (let i = 0; i < planks; i++) {
      const eid = createBody(world, { type: 'dynamic', position: { x: x0 + width * (i + 0.5), y } });
      addShape(world, eid, plank, { density: 20, friction: 0.6 });
      createRevoluteJoint(world, {
        bodyA: prev,
        bodyB: eid,
        localAnchorA: prevAnchor,
        localAnchorB: { x: -width / 2, y: 0 },
      });
      prev = eid;
      prevAnchor = { x: width / 2, y: 0 };
      boxes.push(eid);
    }
    createRevoluteJoint(world, {
      bodyA: prev,
      bodyB: ground,
      localAnchorA: prevAnchor,
      localAnchorB: { x: -x0, y: y + 0.5 },
    });
    const tri = makePolygon([
      { x: -0.5, y: 0 },
      { x: 0.5, y: 0 },
      { x: 0, y: 0.75 },
    ]);
    const spacing = Math.max(1.1, Math.min(2.2, (planks * width - 4) / Math.max(1, loads)));
    for (let i = 0; i < loads; i++) {
      const x = -((loads - 1) * spacing) / 2 + i * spacing;
      const eid = createBody(world, { type: 'dynamic', position: { x, y: y + 3 + (i % 3) } });
      const geometry = i % 3 === 0 ? makeBox(0.5, 0.5) : i % 3 === 1 ? makeCircle(0.5) : tri;
      addShape(world, eid, geometry, { density: 1, friction: 0.6 });
      boxes.push(eid);
    }
    return { boxes: Int32Array.from(boxes) };
  },
};
