// One big world whose step is shared among threads. Same bits as on one thread, whatever the thread count.
import { addShape, createBody, createPhysicsWorld, getPosition, makeBox } from '@impulse2d/core';
import { getThreadCount, startWorkers, stepPhysics, stopWorkers } from '@impulse2d/systems';

function pyramid() {
  const world = createPhysicsWorld({ gravity: { x: 0, y: -10 } });
  const ground = createBody(world, { type: 'static' });
  addShape(world, ground, makeBox(40, 0.5, { x: 0, y: -0.5 }));
  let top = 0;
  for (let row = 0; row < 30; row++) {
    for (let i = 0; i < 30 - row; i++) {
      top = createBody(world, { type: 'dynamic', position: { x: i - (30 - row) / 2, y: 0.5 + row } });
      addShape(world, top, makeBox(0.5, 0.5));
    }
  }
  return { world, top };
}

const one = pyramid();
for (let i = 0; i < 120; i++) stepPhysics(one.world, 1 / 60);

const two = pyramid();
await startWorkers(two.world, 2); // 2 threads in all: this one and a step worker (default: one per core)
console.log('stepping on', getThreadCount(two.world), 'threads');
for (let i = 0; i < 120; i++) stepPhysics(two.world, 1 / 60); // still one synchronous call per step
await stopWorkers(two.world); // back to one thread; the world is unchanged

const a = getPosition(one.world, one.top);
const b = getPosition(two.world, two.top);
console.log('top box on 1 thread:', a.y, 'on 2 threads:', b.y, 'identical:', a.x === b.x && a.y === b.y);
