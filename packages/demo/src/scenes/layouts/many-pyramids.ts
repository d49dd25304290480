import type { LayoutDef, SceneLayout, StaticShapeLayout } from './layout.js';

const ROWS = 20; // rows of pyramids, one segment each
const COLUMNS = 20; // pyramids per row
const BASE = 10; // boxes in a pyramid's bottom row

/**
 * BENCHMARKS.md `many_pyramids`: one static body at the origin holding 20 segments from x = -110 to 110 at y = 11·k;
 * on each row k, 20 pyramids of base 10 centred at x_c = -110 + 11·j + 1; box (i, m in i..9):
 * x = (i+1)·0.5 + (m-i) + x_c - 0.5, y = (2i+1)·0.5 + 11·k. 22,000 boxes; each pyramid's top box is a probe.
 */
function manyPyramids(): SceneLayout {
  const a = 0.5;
  const perPyramid = (BASE * (BASE + 1)) / 2;
  const positions = new Float64Array(2 * ROWS * COLUMNS * perPyramid);
  const probes = new Int32Array(ROWS * COLUMNS);
  const segments: StaticShapeLayout[] = [];
  let n = 0;
  for (let k = 0; k < ROWS; k++) {
    segments.push({ kind: 'segment', x1: -110, y1: 11 * k, x2: 110, y2: 11 * k });
    for (let j = 0; j < COLUMNS; j++) {
      const xc = -110 + 11 * j + 1;
      for (let i = 0; i < BASE; i++) {
        for (let m = i; m < BASE; m++) {
          positions[2 * n] = (i + 1) * a + (m - i) + xc - a;
          positions[2 * n + 1] = (2 * i + 1) * a + 11 * k;
          n++;
        }
      }
      probes[k * COLUMNS + j] = n - 1; // the last box of a pyramid is its top (i = 9)
    }
  }
  return {
    gravity: { x: 0, y: -10 },
    staticFriction: 0.6,
    statics: [{ x: 0, y: 0, shapes: segments }],
    boxes: { hx: a, hy: a, density: 1, friction: 0.6, positions },
    probes,
    probeTolerance: 0.2, // 2% of a 10-row pyramid's height, as for large_pyramid (pyramid-layout.ts)
  };
}

export const manyPyramidsLayout: LayoutDef = { name: 'many_pyramids', steps: 200, layout: manyPyramids };
