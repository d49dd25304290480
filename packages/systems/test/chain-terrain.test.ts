// Chains as terrain, stepped in a world: a box slides across 48 flat joints without catching (where separate
// segments make it snag), a ball rolls over a closed loop terrain staying on its outside, and a ball coming from
// behind passes through the chain and then lands on it. The scenes step through a native bundle of the current
// sources (helpers/bundle.ts explains why).
import { describe, expect, it } from 'vitest';
import { loadBundled } from './helpers/bundle.js';
import type * as Scenes from './helpers/chain-scenes.js';

const scenes = (): Promise<typeof Scenes> => loadBundled<typeof Scenes>('chain-scenes.ts');

describe('chain terrain', () => {
  it('a box sliding at 5 m/s along a flat chain of 50 one-metre segments never catches on a joint', async () => {
    const s = await scenes();
    for (const friction of [0, 0.1]) {
      const r = s.slideScenario('chain', friction);
      expect(r.nonFinite).toBe(0);
      // Frictionless, it crosses all 48 joints ahead of it at full speed; with μ = 0.1 it slides 12.5 m (v²/2μg)
      // and stops on the flat after 12 joints.
      if (friction === 0) {
        expect(r.jointsCrossed).toBe(48);
        expect(r.endVx).toBeCloseTo(5, 6);
      } else {
        expect(r.jointsCrossed).toBe(12);
        expect(r.endX).toBeCloseTo(-23.5 + 12.5, 1);
      }
      // Measured: |vy| ≤ 2e-4 m/s, |ω| ≤ 4e-4 rad/s, height within 3e-5 m of rest, for both frictions.
      expect(r.maxVy).toBeLessThan(0.01);
      expect(r.maxW).toBeLessThan(0.01);
      expect(r.maxDy).toBeLessThan(0.01);
      expect(Math.abs(r.restY - 0.5)).toBeLessThan(0.01);
    }
  });

  it('the same floor made of separate two-sided segments (no ghost vertices) catches the box', async () => {
    // The control for the test above. With μ = 0.1 the box rides slightly sunk into the floor; at the first joints
    // the next segment's side face is the axis of least overlap, and its sideways normal trips the box: measured
    // |vy| up to 1.9 m/s, |ω| up to 3.9 rad/s, hops of 21 cm, and the box stops after 3 joints instead of 12.
    // (Frictionless, the box rides exactly at rest height and happens not to snag: the chain matters once friction
    // presses the leading edge down.)
    const s = await scenes();
    const r = s.slideScenario('segments', 0.1);
    expect(r.maxW).toBeGreaterThan(1);
    expect(r.maxVy).toBeGreaterThan(0.5);
    expect(r.maxDy).toBeGreaterThan(0.05);
    expect(r.jointsCrossed).toBeLessThan(12);
  });

  it('a ball rolling over a closed loop terrain stays on its outside surface', async () => {
    const s = await scenes();
    const r = s.loopRollScenario(5);
    expect(r.nonFinite).toBe(0);
    // Over 70 joints (convex crests and concave valleys) and off to x = 18.
    expect(r.endX).toBeGreaterThan(18);
    expect(r.jointsCrossed).toBeGreaterThanOrEqual(70);
    // Never sinks into the terrain by more than a soft contact's overlap (measured 9 mm at the valleys) and never
    // hops off it (measured 7 mm: the crests are gentle enough to follow at 5 m/s).
    expect(r.minClearance).toBeGreaterThan(-0.02);
    expect(r.maxClearanceOnTop).toBeLessThan(0.02);
    expect(r.endY).toBeGreaterThan(0);
  });

  it('is one-sided: a ball rising from below passes through the chain, falls back and rests on top', async () => {
    const s = await scenes();
    const r = s.passThroughScenario(12);
    // Launched at 12 m/s from y = −2 it would peak at −2 + 12²/20 = 5.2 m unhindered.
    expect(r.maxY).toBeGreaterThan(5);
    expect(r.endY).toBeCloseTo(0.25, 2);
    expect(Math.abs(r.endVy)).toBeLessThan(0.01);
  });
});
