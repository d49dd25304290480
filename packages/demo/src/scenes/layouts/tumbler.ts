import type { LayoutDef, SceneLayout } from './layout.js';

const GRID = 45;

/**
 * BENCHMARKS.md `tumbler` (built per engine: `../tumbler.ts` and the peers' own builders): a motor-driven box frame
 * at (0, 10) with 45 × 45 small boxes inside. Tracked: the 2025 boxes (i outer, j inner). Every box is a probe and
 * must end within 13.5 m of the frame centre (the pivot, (0, 10)): the frame's inner half-width is 9.5 m, so a box
 * inside it is at most 9.5·√2 ≈ 13.4 m from the centre, while one that went through a wall falls away under gravity.
 * (A tighter 11 m would fail boxes resting in a corner: the start grid's own corners are 12.7 m out.)
 */
function tumbler(): SceneLayout {
  const positions = new Float64Array(2 * GRID * GRID);
  let n = 0;
  for (let i = 0; i < GRID; i++) {
    for (let j = 0; j < GRID; j++) {
      positions[n++] = -9 + 0.4 * j;
      positions[n++] = 1 + 0.4 * i;
    }
  }
  return {
    gravity: { x: 0, y: -10 },
    staticFriction: 0.6,
    statics: [],
    boxes: { hx: 0.125, hy: 0.125, density: 1, friction: 0.6, positions },
    probes: Int32Array.from({ length: GRID * GRID }, (_, k) => k),
    probeTolerance: 13.5,
    probeCheck: { kind: 'near', x: 0, y: 10 },
  };
}

export const tumblerLayout: LayoutDef = { name: 'tumbler', steps: 750, layout: tumbler, perEngine: true };
