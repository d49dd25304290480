import type { LayoutDef, SceneLayout } from './layout.js';

/** Grid of small boxes: columns (x) × rows (y). */
export const SMASH_COLUMNS = 120;
export const SMASH_ROWS = 80;

/**
 * BENCHMARKS.md `smash` (built per engine: `../smash.ts` and the peers' own builders): zero gravity, sleeping on; a
 * box of half-extent 4, density 8, at (−20, 0) moving at 40 m/s into a 120 × 80 grid of boxes of half-extent 0.2,
 * density 1, asleep at start, at x = 30 + 0.4·i, y = 0.4·(j − 40) (i outer, j inner); friction 0.6 everywhere.
 * Tracked: the big box, then the grid in creation order. Check: no NaN only (no probes).
 */
function smash(): SceneLayout {
  const positions = new Float64Array(2 + 2 * SMASH_COLUMNS * SMASH_ROWS);
  positions[0] = -20;
  positions[1] = 0;
  let n = 2;
  for (let i = 0; i < SMASH_COLUMNS; i++) {
    for (let j = 0; j < SMASH_ROWS; j++) {
      positions[n++] = 30 + 0.4 * i;
      positions[n++] = 0.4 * (j - SMASH_ROWS / 2);
    }
  }
  return {
    gravity: { x: 0, y: 0 },
    staticFriction: 0.6,
    statics: [],
    boxes: { hx: 0.2, hy: 0.2, density: 1, friction: 0.6, positions },
    probes: new Int32Array(0),
    probeTolerance: 0,
    sleep: true,
  };
}

export const smashLayout: LayoutDef = { name: 'smash', steps: 300, layout: smash, perEngine: true };
