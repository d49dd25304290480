import type { LayoutDef, SceneLayout } from './layout.js';

const N = 100;

/**
 * BENCHMARKS.md `joint_grid` (built per engine: `../joint-grid.ts` and the peers' own builders): 100 × 100 circles
 * at (k, −i), k outer, i inner; the bodies with i = 0 and 47 ≤ k ≤ 53 are static. Tracked: the 9993 dynamic bodies
 * in creation order. Probe: the bottom-row middle body (k = 50, i = 99), which must end within 120 m of its start:
 * a connected grid hangs from its pinned middle and that body stays within a few metres (a stretching solver moves
 * it tens of metres), while a grid that came apart lets it fall freely, about 350 m in the 500 steps.
 */
function jointGrid(): SceneLayout {
  const positions: number[] = [];
  let probe = -1;
  for (let k = 0; k < N; k++) {
    for (let i = 0; i < N; i++) {
      if (i === 0 && k >= N / 2 - 3 && k <= N / 2 + 3) continue;
      if (k === N / 2 && i === N - 1) probe = positions.length >> 1;
      positions.push(k, -i);
    }
  }
  return {
    gravity: { x: 0, y: -10 },
    staticFriction: 0.6,
    statics: [],
    boxes: { hx: 0.4, hy: 0.4, density: 1, friction: 0.6, positions: Float64Array.from(positions) },
    probes: Int32Array.of(probe),
    probeTolerance: 120,
    probeCheck: { kind: 'moved' },
  };
}

export const jointGridLayout: LayoutDef = { name: 'joint_grid', steps: 500, layout: jointGrid, perEngine: true };
