import type { LayoutDef, SceneLayout } from './layout.js';

/** Points of the container loop (a 360-gon of radius 40 around (0, 32)). */
export const SPINNER_LOOP_POINTS = 360;
export const SPINNER_LOOP_RADIUS = 40;
export const SPINNER_LOOP_CENTRE_Y = 32;
/** Bodies poured in: capsule, circle, square in turn. */
export const SPINNER_BODIES = 2 * 3038;
/** Revolute motor speed of the spinning bar (rad/s); its torque is unbounded (Box2D's FLT_MAX). */
export const SPINNER_MOTOR_SPEED = 5;
/** Box2D's FLT_MAX, the bar motor's torque limit in every engine that takes one. */
export const FLT_MAX = 3.4028234663852886e38;

/**
 * Loop point k of the container, clockwise from (40, 32) (so the loop holds things inside), as Box2D builds it: the
 * offset (40, 0) turned k times by −2π/360, plus (0, 32). Turned one step at a time, as Box2D does, so every engine
 * gets the same points (`out[0]`, `out[1]` = x, y).
 */
export function spinnerLoopPoints(): Float64Array {
  const out = new Float64Array(2 * SPINNER_LOOP_POINTS);
  // cos and sin of −2π/360 as literals: Math.cos and Math.sin may differ in the last bit from one JavaScript engine
  // to another, and the scene should be the same everywhere.
  const c = 0.9998476951563913;
  const s = -0.01745240643728351;
  let px = SPINNER_LOOP_RADIUS;
  let py = 0;
  for (let k = 0; k < SPINNER_LOOP_POINTS; k++) {
    out[2 * k] = px;
    out[2 * k + 1] = py + SPINNER_LOOP_CENTRE_Y;
    const x = c * px - s * py;
    py = s * px + c * py;
    px = x;
  }
  return out;
}

/** Start positions of the poured bodies: rows of 92 from x = −23 in steps of 0.5, from y = 2 up in steps of 0.5. */
export function spinnerBodyPositions(): Float64Array {
  const positions = new Float64Array(2 * SPINNER_BODIES);
  let x = -23;
  let y = 2;
  for (let i = 0; i < SPINNER_BODIES; i++) {
    positions[2 * i] = x;
    positions[2 * i + 1] = y;
    x += 0.5;
    if (x >= 23) {
      x = -23;
      y += 0.5;
    }
  }
  return positions;
}

/**
 * Box2D v3's `spinner` benchmark (built per engine: `../spinner.ts` and the peers' own builders): a static loop chain
 * (friction 0.1) of 360 points, radius 40 around (0, 32); a dynamic bar at (0, 12), a box of half-extents (0.4, 20)
 * rounded by 0.2 (friction 0), on a revolute motor to the ground at 5 rad/s with unbounded torque; 6076 bodies of
 * density 0.25, friction 0.1, restitution 0.1 in rows (see spinnerBodyPositions), in turn a capsule (−0.25, 0)–(0.25,
 * 0) of radius 0.25, a circle of radius 0.35 and a square of half-extent 0.35. 500 steps, sleeping off.
 * Tracked: the 6076 bodies. Every body is a probe and must end within the loop's radius of its centre: the bar
 * sweeps them round and round, and one that got through the chain falls away under gravity.
 */
function spinner(): SceneLayout {
  return {
    gravity: { x: 0, y: -10 },
    staticFriction: 0.1,
    statics: [],
    boxes: { hx: 0.35, hy: 0.35, density: 0.25, friction: 0.1, positions: spinnerBodyPositions() },
    probes: Int32Array.from({ length: SPINNER_BODIES }, (_, k) => k),
    probeTolerance: SPINNER_LOOP_RADIUS,
    probeCheck: { kind: 'near', x: 0, y: SPINNER_LOOP_CENTRE_Y },
  };
}

export const spinnerLayout: LayoutDef = { name: 'spinner', steps: 500, layout: spinner, perEngine: true };
