// An example batch scene: a pyramid of `rows` rows with a ball of density `ballDensity` dropped from `dropHeight`;
// measure reports where the ball and the boxes ended. Run: pnpm batch --scene packages/batch/examples/pyramid-scene.mjs
//   --params packages/batch/examples/params.json --steps 300 --out results.json
import { addShape, createBody, createPhysicsWorld, getLinearVelocity, makeBox, makeCircle } from '@impulse2d/core';

export function build(params) {
  const world = createPhysicsWorld({ gravity: { x: 0, y: -10 }, enableSleep: false });
  const ground = createBody(world, { type: 'static', position: { x: 0, y: -1 } });
  addShape(world, ground, makeBox(40, 1), { friction: 0.6 });
  const boxes = [];
  for (let i = 0; i < params.rows; i++) {
    for (let j = i; j < params.rows; j++) {
      const b = createBody(world, {
        type: 'dynamic',
        position: { x: (i + 1) * 0.5 + (j - i) - params.rows * 0.5, y: 0.5 + i },
      });
      addShape(world, b, makeBox(0.5, 0.5), { density: 1, friction: 0.6 });
      boxes.push(b);
    }
  }
  const ball = createBody(world, { type: 'dynamic', position: { x: 0.3, y: params.rows + params.dropHeight } });
  addShape(world, ball, makeCircle(0.5), { density: params.ballDensity });
  world.batchBodies = { boxes, ball };
  return world;
}

export function beforeStep(world, params, step) {
  if (params.pushAt === step) world.physics.bodies.vx[world.batchBodies.ball] = 5;
}

export function measure(world) {
  const t = world.physics.transform;
  const { boxes, ball } = world.batchBodies;
  let sumY = 0;
  for (const b of boxes) sumY += t.y[b];
  const v = getLinearVelocity(world, ball);
  return { sumY, ballX: t.x[ball], ballY: t.y[ball], ballVy: v.y };
}
