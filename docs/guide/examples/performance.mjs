// Measuring where a step's time goes, and queries that allocate nothing in a hot loop.
import { RayHits, addShape, castRayInto, createBody, createPhysicsWorld, getProfile, makeBox } from '@impulse2d/core';
import { stepPhysics } from '@impulse2d/systems';

// Profiling is off by default (each clock read allocates in V8): turn it on while you measure.
const world = createPhysicsWorld({ gravity: { x: 0, y: -10 }, enableProfiling: true });
const ground = createBody(world, { type: 'static' });
addShape(world, ground, makeBox(50, 0.5, { x: 0, y: -0.5 }));
for (let row = 0; row < 20; row++) {
  for (let i = 0; i < 20 - row; i++) {
    const box = createBody(world, { type: 'dynamic', position: { x: i - (20 - row) / 2, y: 0.5 + row } });
    addShape(world, box, makeBox(0.5, 0.5));
  }
}

for (let i = 0; i < 20; i++) stepPhysics(world, 1 / 60);
const profile = getProfile(world); // the last step: milliseconds per stage, and counts
const stages = ['broadphase', 'narrowphase', 'prepare', 'solve', 'continuous', 'finalize'];
console.log('stages (ms):', stages.map((stage) => `${stage} ${profile[stage].toFixed(2)}`).join(', '));
console.log(`${profile.bodyCount} bodies, ${profile.awakeBodyCount} awake, ${profile.touchingCount} touching contacts`);

// A resting pile falls asleep after half a second and then costs almost nothing.
for (let i = 0; i < 120; i++) stepPhysics(world, 1 / 60);
console.log(
  'awake 2 s later:',
  getProfile(world).awakeBodyCount,
  'bodies; step',
  getProfile(world).total.toFixed(3),
  'ms',
);

// Queries with an `Into` variant fill a reusable buffer of typed arrays instead of making objects.
const hits = new RayHits(64);
let seen = 0;
for (let x = -10; x <= 10; x += 0.5) {
  const count = castRayInto(world, { x, y: 30 }, { x: 0, y: -40 }, hits); // every shape along the ray
  seen += count;
}
console.log('41 rays crossed', seen, 'shapes');
