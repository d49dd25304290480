import type { LayoutDef, SceneLayout } from './layout.js';

export const RAIN_COLUMNS = 40;
export const RAIN_ROWS = 50;
export const RAIN_RADIUS = 0.25;
/** The container: a static floor and two walls; its inside is x ∈ [−20, 20], y ≥ 0, walls 30 m high. */
export const RAIN_HALF_WIDTH = 20;
export const RAIN_WALL_HEIGHT = 30;

/**
 * `circle_rain` (built per engine: `../circle-rain.ts` and the peers' own builders): 2,000 circles of radius 0.25 m,
 * density 1, friction 0.6, in 40 columns × 50 rows 1 m apart (rows from y = 1 to 50, every other row shifted by
 * 0.1 m so columns do not stack exactly), falling into an open box 40 m wide: a pile about 10 m deep that keeps
 * settling for several seconds. Tracked: every circle (row outer, column inner); each must end inside the box.
 */
function circleRain(): SceneLayout {
  const positions = new Float64Array(2 * RAIN_COLUMNS * RAIN_ROWS);
  let n = 0;
  for (let i = 0; i < RAIN_ROWS; i++) {
    for (let j = 0; j < RAIN_COLUMNS; j++) {
      positions[n++] = circleX(i, j);
      positions[n++] = circleY(i);
    }
  }
  return {
    gravity: { x: 0, y: -10 },
    staticFriction: 0.6,
    statics: [],
    boxes: { hx: RAIN_RADIUS, hy: RAIN_RADIUS, density: 1, friction: 0.6, positions },
    probes: Int32Array.from({ length: RAIN_COLUMNS * RAIN_ROWS }, (_, k) => k),
    probeTolerance: 0.01,
    probeCheck: { kind: 'inside', minX: -RAIN_HALF_WIDTH, minY: 0, maxX: RAIN_HALF_WIDTH, maxY: 2 * RAIN_ROWS },
  };
}

export function circleX(row: number, column: number): number {
  return -19.5 + column + (row % 2 === 0 ? 0 : 0.1);
}

export function circleY(row: number): number {
  return 1 + row;
}

export const circleRainLayout: LayoutDef = { name: 'circle_rain', steps: 500, layout: circleRain, perEngine: true };
