// Three worlds of the stack scene (./stack.mjs), one per params entry, stepped 2 s each on two worker threads; prints
// where each world's top box ended, in params order.
import { runBatch } from '@impulse2d/batch';

const results = await runBatch({
  scene: new URL('./stack.mjs', import.meta.url),
  params: [
    { boxes: 3, push: 0, friction: 0.6 },
    { boxes: 5, push: 2, friction: 0.6 },
    { boxes: 8, push: 4, friction: 0.3 },
  ],
  steps: 120,
  workers: 2, // default: every core; 0 runs the worlds one after another in this thread
});
for (const { x, y, angle } of results)
  console.log(`top box at x ${x.toFixed(3)}, y ${y.toFixed(3)}, angle ${angle.toFixed(3)}`);
