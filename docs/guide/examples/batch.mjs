// Many worlds at once: one per params entry, on a pool of worker threads; results come back in params order.
import { runBatch } from '@impulse2d/batch';

const params = [15, 30, 45, 60, 75].map((degrees) => ({ speed: 10, degrees }));
const results = await runBatch({
  scene: new URL('./batch-scene.mjs', import.meta.url),
  params,
  steps: 600, // 10 s at the default 1/60 s step
  workers: 2, // default: every core; 0 runs them one after another on this thread
  onProgress: (done, total) => console.log(`${done}/${total}`),
});
for (const [i, { distance }] of results.entries()) {
  console.log(`thrown at ${params[i].degrees}°: came to rest at ${distance.toFixed(1)} m`);
}
