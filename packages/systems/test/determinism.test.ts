// Same inputs, same call sequence → bit-identical transforms. Compared as FNV hashes over the raw Float64 bytes of
// x, y, c, s of every body, and element-wise (so a failure names the first differing value).
import { describe, expect, it } from 'vitest';
import { loadBundled } from './helpers/bundle.js';
import type * as Heavy from './helpers/heavy-scenes.js';
import { mixedSceneRun } from './helpers/heavy-scenes.js';

const heavy = (): Promise<typeof Heavy> => loadBundled<typeof Heavy>('heavy-scenes.ts');

function firstDifference(a: number[], b: number[]): string {
  if (a.length !== b.length) return `lengths ${a.length} vs ${b.length}`;
  for (let i = 0; i < a.length; i++) {
    if (!Object.is(a[i], b[i])) return `body #${i >> 2} field ${'xycs'[i & 3]}: ${a[i]} vs ${b[i]}`;
  }
  return 'none';
}

describe.each(['soft', 'classic'] as const)('the simulation is deterministic (%s solver)', (solver) => {
  it('two runs of a mixed scene (pyramid, circles, capsules, polygons) give bit-identical transforms after 300 steps', async () => {
    const h = await heavy();
    const a = h.mixedSceneRun(300, solver);
    const b = h.mixedSceneRun(300, solver);
    // The scene did something: most falling bodies dropped more than 0.5 m.
    expect(a.moved).toBeGreaterThan(15);
    expect(firstDifference(a.snapshot, b.snapshot)).toBe('none');
    expect(a.hash).toBe(b.hash);
  });

  it('a run with bodies destroyed and re-created mid-run replays bit-identically, and differs from the plain run', async () => {
    const h = await heavy();
    const a = h.churnSceneRun(300, solver);
    const b = h.churnSceneRun(300, solver);
    expect(a.destroyed).toBeGreaterThan(5);
    expect(a.created).toBe(6);
    expect(firstDifference(a.snapshot, b.snapshot)).toBe('none');
    expect(a.hash).toBe(b.hash);
    // The hash does see differences: the run without churn ends elsewhere.
    expect(h.mixedSceneRun(300, solver).hash).not.toBe(a.hash);
  });
});

describe('the simulation is deterministic', () => {
  it('the bundled engine and the engine loaded through vitest module graph agree bit for bit (100 steps)', async () => {
    const h = await heavy();
    const bundled = h.mixedSceneRun(100);
    const direct = mixedSceneRun(100);
    expect(firstDifference(bundled.snapshot, direct.snapshot)).toBe('none');
    expect(bundled.hash).toBe(direct.hash);
  });
});
