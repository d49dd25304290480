import { addShape, createBody, createRevoluteJoint, makeCircle, type PhysicsWorld, type BodyId } from '@impulse2d/core';
import type { BuiltScene } from './build-layout.js';

/**
 * Scene `joint_grid` (Box2D v3 benchmark): 100 × 100 circles of radius 0.4, density 1, at (k, −i) for k, i in 0..99
 * (k outer, i inner, as Box2D creates them); the circles do not collide with each other (category 2, mask ~2). The
 * bodies with i = 0 and 47 ≤ k ≤ 53 are static. Each body is pinned by a revolute joint to the body above it
 * (anchors (0, −0.5) on the upper, (0, 0.5) on the lower) and to its left neighbour (anchors (0.5, 0) and
 * (−0.5, 0)): 10,000 bodies, 19,800 joints. Gravity (0, −10), 500 steps.
 */
export const name = 'joint_grid';
export const steps = 500;

const N = 100;
const SHIFT = 1;

export function build(world: PhysicsWorld): BuiltScene {
  const shapeDef = { density: 1, filter: { categoryBits: 2, maskBits: 0xfffffffd, groupIndex: 0 } };
  const ids: BodyId[] = [];
  const dynamic: BodyId[] = [];
  const circle = makeCircle(0.4);
  for (let k = 0; k < N; k++) {
    for (let i = 0; i < N; i++) {
      const isStatic = k >= N / 2 - 3 && k <= N / 2 + 3 && i === 0;
      const body = createBody(world, {
        type: isStatic ? 'static' : 'dynamic',
        position: { x: k * SHIFT, y: -i * SHIFT },
      });
      addShape(world, body, circle, shapeDef);
      const index = k * N + i;
      ids[index] = body;
      if (!isStatic) dynamic.push(body);
      if (i > 0) {
        createRevoluteJoint(world, {
          bodyA: ids[index - 1],
          bodyB: body,
          localAnchorA: { x: 0, y: -0.5 * SHIFT },
          localAnchorB: { x: 0, y: 0.5 * SHIFT },
        });
      }
      if (k > 0) {
        createRevoluteJoint(world, {
          bodyA: ids[index - N],
          bodyB: body,
          localAnchorA: { x: 0.5 * SHIFT, y: 0 },
          localAnchorB: { x: -0.5 * SHIFT, y: 0 },
        });
      }
    }
  }
  return { boxes: Int32Array.from(dynamic) };
}
