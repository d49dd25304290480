import type { SceneLayout } from './layout.js';

/**
 * Box2D v3's `large_pyramid` construction for `rows` rows: ground box at (0,-1) with half-extents (groundHalfWidth, 1),
 * boxes of half-extent a = 0.5; for i in 0..rows-1, j in i..rows-1: x = (i+1)·a + 2(j-i)·a - rows·a, y = (2i+1)·a.
 * The single top box (i = rows-1) is the probe: it must stay within 2% of the pyramid's height (see below).
 */
export function pyramidLayout(rows: number, groundHalfWidth: number): SceneLayout {
  const a = 0.5;
  const count = (rows * (rows + 1)) / 2;
  const positions = new Float64Array(2 * count);
  let n = 0;
  for (let i = 0; i < rows; i++) {
    for (let j = i; j < rows; j++) {
      positions[2 * n] = (i + 1) * a + 2 * (j - i) * a - rows * a;
      positions[2 * n + 1] = (2 * i + 1) * a;
      n++;
    }
  }
  return {
    gravity: { x: 0, y: -10 },
    staticFriction: 0.6,
    statics: [{ x: 0, y: -1, shapes: [{ kind: 'box', hx: groundHalfWidth, hy: 1 }] }],
    boxes: { hx: a, hy: a, density: 1, friction: 0.6, positions },
    probes: Int32Array.of(count - 1),
    // A standing pyramid settles: its contact layers each overlap by a few millimetres under load (about 0.7 m over
    // 100 rows for us, 1.2–1.3 m for Rapier and Box2D v3-style solvers); a collapse drops the top by tens of metres.
    // So the top may sink by 2% of the pyramid's height (2 m at 100 rows, 0.2 m at 10).
    probeTolerance: 0.02 * rows,
  };
}
