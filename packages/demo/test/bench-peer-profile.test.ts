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
    let staged = 0;
    let total = 0;
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
      staged += parts;
      total += t.total;
    }
    // 210 boxes resting: the solver stage is work that takes time on any machine.
    expect(solved).toBeGreaterThan(0);
    expect(solved).toBeLessThan(total);
    expect(staged).toBeGreaterThan(0.8 * total);
    engine.dispose();
  });
});
