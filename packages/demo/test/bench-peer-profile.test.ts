// box2d3-wasm's own per-stage profile (b2World_GetProfile) on our stages, for the bench's stage table: read from a
// real world of the library, stepped.
import { describe, expect, it } from 'vitest';
import { STAGE_NAMES } from '../src/bench/engine.js';
import { createEngine } from '../src/bench/engines/box2d3.js';
import { layouts } from '../src/scenes/layouts/index.js';

describe("box2d3-wasm's stage profile", () => {
  it('gives every stage of a stepped 20-row pyramid, each at least 0 and together about its step time', async () => {
    const engine = createEngine({ dt: 1 / 60, substeps: 4, solver: 'soft' });
    await engine.init();
    const def = layouts.pyramid;
    engine.build(def, def.layout());
    let solved = 0;
    let total = 0;
    const stagedShares: number[] = [];
    for (let s = 0; s < 60; s++) {
      engine.step();
      const t = engine.stageTimes!();
      for (const k of STAGE_NAMES) {
        expect(Number.isFinite(t[k]), k).toBe(true);
        expect(t[k], k).toBeGreaterThanOrEqual(0);
      }
      const parts = t.broadphase + t.narrowphase + t.prepare + t.solve + t.finalize;
      // Box2D times its stages inside its step: together they take at most the step, and most of it.
      expect(parts).toBeLessThanOrEqual(t.total + 1e-6);
      solved += t.solve;
      total += t.total;
      stagedShares.push(parts / t.total);
    }
    // 210 boxes resting: the solver stage is work that takes time on any machine.
    expect(solved).toBeGreaterThan(0);
    expect(solved).toBeLessThan(total);
    // The stages cover most of a typical step. The median step, not the sum: one step that the shared machine
    // preempts between two stages must not decide it (the sum once read 30.6 against 0.8 x 41.9 ms).
    stagedShares.sort((a, b) => a - b);
    expect(stagedShares[stagedShares.length >> 1]).toBeGreaterThan(0.8);
    engine.dispose();
  });
});
