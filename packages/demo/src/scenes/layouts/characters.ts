import type { LayoutDef, SceneLayout } from './layout.js';

/**
 * The `characters` benchmark (built per engine: `../characters.ts` for ours with createCharacter and moveCharacter,
 * Rapier's own builder with its KinematicCharacterController): 1,000 characters walking over terrain with slopes and
 * stairs, 20 lanes of 50. Everything here is engine-neutral: the terrain, where the characters start, and the script
 * every engine runs for them each step (characterMove), so all engines ask for the same moves.
 */

export const CHARACTER_LANES = 20;
export const CHARACTERS_PER_LANE = 50;
export const CHARACTER_COUNT = CHARACTER_LANES * CHARACTERS_PER_LANE;
/** Lanes start at y = lane · LANE_SPACING (m); each runs over x ∈ [0, LANE_LENGTH], a wall at either end. */
export const LANE_SPACING = 12;
export const LANE_LENGTH = 120;
/** The terrain repeats every PATTERN_LENGTH (m): flat, a slope up, flat, a slope down, flat with a two-step stair. */
export const PATTERN_LENGTH = 24;
/** The slopes climb at this angle (rad): 20°, as literals so every engine gets the same numbers. */
export const SLOPE_COS = 0.9396926207859084;
export const SLOPE_SIN = 0.3420201433256687;
/** Stair riser (m): climbed by autostep (maxHeight 0.25). */
export const STAIR_RISE = 0.2;
/** The capsule: radius and centre-to-cap distance (m); 1.6 m tall. */
export const CHARACTER_RADIUS = 0.3;
export const CHARACTER_HALF_HEIGHT = 0.5;
/** Walking speed (m/s), jump speed (m/s) and gravity (m/s²) of the script. */
export const WALK_SPEED = 3;
export const JUMP_SPEED = 5;
export const CHARACTER_GRAVITY = 10;
/** Every character turns round every TURN_STEPS steps, all at once (so they keep their spacing). */
export const TURN_STEPS = 150;
/** Character i jumps (when grounded) at the steps where (step + 7·i) % JUMP_PERIOD === 0. */
export const JUMP_PERIOD = 180;
/** The controller's settings in every engine: climb and slide at 45°, autostep 0.25 m onto 0.1 m, snap 0.3 m. */
export const CLIMB_ANGLE = Math.PI / 4;
export const STEP_HEIGHT = 0.25;
export const STEP_WIDTH = 0.1;
export const SNAP_DISTANCE = 0.3;
/** The gap the characters keep from surfaces (m): our rest gap (twice the skin), Rapier's offset. */
export const CHARACTER_OFFSET = 0.01;

/** Rise of a slope over its 4 m of run (m). */
const SLOPE_RISE = (4 * SLOPE_SIN) / SLOPE_COS;

/**
 * The terrain profile of one lane (lane base at y = 0) as a polyline from right to left (x, y pairs): a chain with
 * its solid side below. The stairs and the end walls are boxes (laneBoxes).
 */
export function terrainPoints(): Float64Array {
  const xs: number[] = [];
  for (let k = LANE_LENGTH / PATTERN_LENGTH - 1; k >= 0; k--) {
    const x0 = k * PATTERN_LENGTH;
    xs.push(x0 + 24, 0, x0 + 16, 0, x0 + 12, SLOPE_RISE, x0 + 8, SLOPE_RISE, x0 + 4, 0);
  }
  xs.push(0, 0);
  return Float64Array.from(xs);
}

/** Height of the terrain profile at x (m above the lane base), stairs left out. */
function profileHeight(x: number): number {
  const u = x - Math.floor(x / PATTERN_LENGTH) * PATTERN_LENGTH;
  if (u < 4 || u >= 16) return 0;
  if (u < 8) return ((u - 4) / 4) * SLOPE_RISE;
  if (u < 12) return SLOPE_RISE;
  return ((16 - u) / 4) * SLOPE_RISE;
}

/**
 * The boxes of one lane (lane base at y = 0): centre x, centre y, half-width, half-height. Each pattern has a two-step
 * stair on its last flat, a 4 m block one riser high with a 2 m block on top; a wall 4 m high closes either end.
 */
export function laneBoxes(): Float64Array {
  const out: number[] = [];
  for (let k = 0; k < LANE_LENGTH / PATTERN_LENGTH; k++) {
    const x0 = k * PATTERN_LENGTH;
    out.push(x0 + 19.5, STAIR_RISE / 2, 2, STAIR_RISE / 2);
    out.push(x0 + 19.5, STAIR_RISE * 1.5, 1, STAIR_RISE / 2);
  }
  out.push(-0.5, 2, 0.5, 2, LANE_LENGTH + 0.5, 2, 0.5, 2);
  return Float64Array.from(out);
}

/** Height of the ground (terrain or stair top) at x (m above the lane base). */
function groundHeight(x: number): number {
  let h = profileHeight(x);
  const boxes = laneBoxes();
  for (let i = 0; i < boxes.length; i += 4) {
    if (Math.abs(x - boxes[i]) <= boxes[i + 2]) h = Math.max(h, boxes[i + 1] + boxes[i + 3]);
  }
  return h;
}

/** Start positions of the capsule centres, lane by lane (x, y pairs): 2.2 m apart from x = 3, just above the ground. */
export function characterStarts(): Float64Array {
  const out = new Float64Array(2 * CHARACTER_COUNT);
  let n = 0;
  for (let lane = 0; lane < CHARACTER_LANES; lane++) {
    for (let i = 0; i < CHARACTERS_PER_LANE; i++) {
      const x = 3 + 2.2 * i;
      let h = 0;
      // The highest ground under the capsule's width.
      for (let dx = -CHARACTER_RADIUS; dx <= CHARACTER_RADIUS; dx += CHARACTER_RADIUS / 4)
        h = Math.max(h, groundHeight(x + dx));
      out[n++] = x;
      out[n++] = lane * LANE_SPACING + h + CHARACTER_RADIUS + CHARACTER_HALF_HEIGHT + 0.05;
    }
  }
  return out;
}

/**
 * The script of character `i` at step `step` (dt = 1/60): from `grounded` (its state after the last step) and its
 * vertical speed so far, vy[i] (m/s), its vertical speed after this step's input, written back to vy[i], and the
 * horizontal speed it walks at (m/s), into out = [vx, vy]. The move to ask for is (vx, vy) / 60. (Arrays, not
 * doubles, in and out: V8 boxes doubles passed to calls it does not inline, and the script runs 1,000 times a step.)
 */
export function characterMove(i: number, step: number, grounded: boolean, vy: Float64Array, out: Float64Array): void {
  const direction = Math.floor(step / TURN_STEPS) % 2 === 0 ? 1 : -1;
  if (grounded) vy[i] = (step + 7 * i) % JUMP_PERIOD === 0 ? JUMP_SPEED : 0;
  else vy[i] -= CHARACTER_GRAVITY / 60;
  out[0] = direction * WALK_SPEED;
  out[1] = vy[i];
}

/**
 * Tracked: every character; each must stay within 4 m of its start height (the terrain rises 1.86 m, a jump 1.25 m),
 * while one that fell through the terrain falls away.
 */
function characters(): SceneLayout {
  const positions = characterStarts();
  return {
    gravity: { x: 0, y: -10 },
    staticFriction: 0.6,
    statics: [],
    boxes: { hx: CHARACTER_RADIUS, hy: CHARACTER_HALF_HEIGHT + CHARACTER_RADIUS, density: 1, friction: 0.6, positions },
    probes: Int32Array.from({ length: CHARACTER_COUNT }, (_, k) => k),
    probeTolerance: 4,
  };
}

export const charactersLayout: LayoutDef = { name: 'characters', steps: 500, layout: characters, perEngine: true };
