import {
  addShape,
  createBody,
  createRevoluteJoint,
  makeBox,
  makeCircle,
  makePolygon,
  type PhysicsWorld,
} from '@impulse2d/core';
import { addGround, type TestbedScene } from './showcase.js';

const PLANKS = 40;

/** A rope bridge of planks on revolute joints between two posts, loaded with boxes, balls and triangles. */
export const bridge: TestbedScene = {
  name: 'Bridge',
  steps: 900,
  description: `${PLANKS} planks on ${PLANKS + 1} revolute joints, loaded with boxes, balls and triangles`,
  view: { x: 0, y: 6, height: 34 },
  build(world: PhysicsWorld) {
    const ground = addGround(world, 40);
    const width = 1;
    const y = 8;
    const x0 = -(PLANKS * width) / 2;
    for (const px of [x0 - 0.5, -x0 + 0.5]) {
      const post = createBody(world, { type: 'static', position: { x: px, y: y / 2 } });
      addShape(world, post, makeBox(0.5, y / 2));
    }
    const plank = makeBox(width / 2, 0.125);
    const boxes: number[] = [];
    let prev = ground;
    let prevAnchor = { x: x0, y: y + 0.5 };
    for (let i = 0; i < PLANKS; i++) {
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
    for (let i = 0; i < 12; i++) {
      const x = -12 + i * 2.2;
      const eid = createBody(world, { type: 'dynamic', position: { x, y: y + 3 + (i % 3) } });
      const geometry = i % 3 === 0 ? makeBox(0.5, 0.5) : i % 3 === 1 ? makeCircle(0.5) : tri;
      addShape(world, eid, geometry, { density: 1, friction: 0.6 });
      boxes.push(eid);
    }
    return { boxes: Int32Array.from(boxes) };
  },
};
