// Example scene for @impulse2d/batch: a column of boxes on the ground, dropped with a sideways push; measures where
// the top box ends up. params: { boxes, push, friction }.
import { addShape, createBody, createPhysicsWorld, getAngle, getPosition, makeBox } from '@impulse2d/core';

const tops = new WeakMap();

export function build(params) {
  const world = createPhysicsWorld({ gravity: { x: 0, y: -10 } });
  const ground = createBody(world, { type: 'static', position: { x: 0, y: -0.5 } });
  addShape(world, ground, makeBox(20, 0.5), { friction: 0.6 });
  let top = -1;
  for (let i = 0; i < params.boxes; i++) {
    const box = createBody(world, {
      type: 'dynamic',
      position: { x: 0, y: 0.5 + i * 1.02 },
      linearVelocity: { x: i === params.boxes - 1 ? params.push : 0, y: 0 },
    });
    addShape(world, box, makeBox(0.5, 0.5), { density: 1, friction: params.friction });
    top = box;
  }
  tops.set(world, top);
  return world;
}

export function measure(world) {
  const p = getPosition(world, tops.get(world));
  return { x: p.x, y: p.y, angle: getAngle(world, tops.get(world)) };
}
