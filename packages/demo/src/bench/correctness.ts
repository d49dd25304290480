import type { SceneLayout } from '../scenes/layouts/index.js';
import type { Correctness } from './result.js';

/**
 * Check positions (x, y per layout box) against the layout: all finite, and every probe within tolerance: of its
 * start height (`height`, the default), of its start point (`moved`) or of a point (`near`).
 */
export function checkCorrectness(layout: SceneLayout, positions: Float64Array): Correctness {
  const check = layout.probeCheck ?? { kind: 'height' };
  let finite = true;
  for (let i = 0; i < positions.length; i++) {
    if (!Number.isFinite(positions[i])) {
      finite = false;
      break;
    }
  }
  let fallen = 0;
  let maxDrop = 0;
  let worstDy = 0;
  const start = layout.boxes.positions;
  for (let k = 0; k < layout.probes.length; k++) {
    const n = layout.probes[k];
    const x = positions[2 * n];
    const y = positions[2 * n + 1];
    const dy =
      check.kind === 'height'
        ? y - start[2 * n + 1]
        : check.kind === 'moved'
          ? Math.hypot(x - start[2 * n], y - start[2 * n + 1])
          : check.kind === 'near'
            ? Math.hypot(x - check.x, y - check.y)
            : Math.max(check.minX - x, x - check.maxX, check.minY - y, y - check.maxY, 0);
    if (!(Math.abs(dy) <= layout.probeTolerance)) fallen++;
    if (-dy > maxDrop) maxDrop = -dy;
    if (!(Math.abs(dy) <= Math.abs(worstDy))) worstDy = dy;
  }
  return {
    ok: finite && fallen === 0,
    finite,
    check: check.kind,
    probes: layout.probes.length,
    fallen,
    maxDrop,
    worstDy,
  };
}

/** Fold the checks of several worlds into one. */
export function mergeCorrectness(parts: readonly Correctness[]): Correctness {
  return {
    ok: parts.every((c) => c.ok),
    finite: parts.every((c) => c.finite),
    ...(parts[0]?.check !== undefined ? { check: parts[0].check } : {}),
    probes: parts.reduce((s, c) => s + c.probes, 0),
    fallen: parts.reduce((s, c) => s + c.fallen, 0),
    maxDrop: parts.reduce((m, c) => Math.max(m, c.maxDrop), 0),
    worstDy: parts.reduce((w, c) => (Math.abs(c.worstDy) > Math.abs(w) ? c.worstDy : w), 0),
  };
}
