import {
  CORE_COUNT,
  CORE_RADIUS,
  CORE_VERTS,
  coreDistance,
  D_DISTANCE,
  D_POINT_AX,
  D_POINT_AY,
  D_POINT_BX,
  D_POINT_BY,
} from './shape-distance.js';

/**
 * Translation cast of two cores (shape-distance.ts): core A moves by T (no rotation), core B stays; the result is the
 * first fraction t at which the rounded shapes come within a target gap. castShape and castMover both run on it.
 *
 * Time of impact by conservative advancement on the exact distance. Under pure translation the distance
 * d(t) = dist(A + t·T, B) is a convex function of t (it is the distance from t·T to the convex set B ⊖ A), so its
 * tangent at any t lies below it: from a t still short of the target gap g the tangent's root, t + (d − g) / (T·n)
 * with n the unit direction of the closest points, never passes the first time the gap reaches g, and if T·n ≤ 0 the
 * distance can only grow from there on: no hit. This is Newton's method from the left on a convex function: it
 * converges monotonically, in one step when the contact is face-first (d linear in t), quadratically otherwise.
 * Box2D's shape cast is the same idea with GJK.
 */

/** Stop when the gap is within this of the target (m). Far below anything visible; the target is never overshot. */
export const CAST_TOLERANCE = 1e-7;
/** Iteration cap per shape pair; only grazing contacts come near it. On reaching it the current t counts as a hit. */
export const CAST_MAX_ITERATIONS = 32;

/** Arguments of castCore, in a Float64Array (docs/design/v8-hot-code.md, rule 1). */
export const CAST_TRANSLATION_X = 0; // translation of A (m)
export const CAST_TRANSLATION_Y = 1;
export const CAST_MAX_FRACTION = 2; // only hits at t ≤ this count
export const CAST_TARGET_GAP = 3; // gap between the rounded shapes at which the cast stops (m); 0: touching
/**
 * 1: A may slide along B. A pair already within the target gap at t = 0 then blocks only if the translation brings
 * it closer (else it is no hit), and a pair whose cores already cross does not block at all (there is no direction
 * to stop in). 0: any pair within the target gap at t = 0 is a hit at fraction 0.
 */
export const CAST_SLIDE = 4;
export const CAST_ARGS_SIZE = 5;

/** Output of castCore: the fraction, a point on B's surface and B's unit normal there (facing A), world. */
export const CAST_OUT_FRACTION = 0;
export const CAST_OUT_POINT_X = 1;
export const CAST_OUT_POINT_Y = 2;
export const CAST_OUT_NORMAL_X = 3;
export const CAST_OUT_NORMAL_Y = 4;
export const CAST_OUTPUT_SIZE = 5;

// Below this core distance (m) the closest points do not give a reliable normal and point (two sharp shapes in
// contact): they are measured with A backed off by BACK_OFF (m) along the translation, and failing that, the normal
// of the last iteration that was still clearly apart is used.
const NORMAL_DISTANCE = 1e-5;
const BACK_OFF = 1e-4;

/**
 * Casts core `a` (its pose at t = 0) by the translation in `args` against core `b`. `moved` is scratch for A along
 * the way (a core, CORE_SIZE), `dist` scratch for coreDistance. On a hit at t ≤ args[CAST_MAX_FRACTION] writes `out`
 * (CAST_OUT_*) and returns true. Pure and allocation-free.
 */
export function castCore(
  a: Float64Array,
  b: Float64Array,
  args: Float64Array,
  moved: Float64Array,
  dist: Float64Array,
  out: Float64Array,
): boolean {
  const tx = args[CAST_TRANSLATION_X],
    ty = args[CAST_TRANSLATION_Y],
    maxFraction = args[CAST_MAX_FRACTION],
    gap = args[CAST_TARGET_GAP];
  const slide = args[CAST_SLIDE] !== 0;
  moved.set(a);
  const count = a[CORE_COUNT];
  const rB = b[CORE_RADIUS];
  const radii = a[CORE_RADIUS] + rB;
  let t = 0;
  let hit = false;
  // Normal of the last clearly separated iteration, from B towards A; against the translation until there is one.
  const len = Math.sqrt(tx * tx + ty * ty);
  let mx = len > 0 ? -tx / len : 0;
  let my = len > 0 ? -ty / len : 0;
  for (let iter = 0; ; iter++) {
    if (iter > 0) {
      const ox = t * tx,
        oy = t * ty;
      for (let i = 0; i < count; i++) {
        moved[CORE_VERTS + 2 * i] = a[CORE_VERTS + 2 * i] + ox;
        moved[CORE_VERTS + 2 * i + 1] = a[CORE_VERTS + 2 * i + 1] + oy;
      }
    }
    coreDistance(moved, b, dist);
    const core = dist[D_DISTANCE];
    const d = core - radii;
    // n: unit direction from A's closest point to B's (undefined when the cores touch).
    let nx = 0,
      ny = 0;
    if (core > 0) {
      nx = (dist[D_POINT_BX] - dist[D_POINT_AX]) / core;
      ny = (dist[D_POINT_BY] - dist[D_POINT_AY]) / core;
      if (core > NORMAL_DISTANCE) {
        mx = -nx;
        my = -ny;
      }
    }
    if (iter === 0 && slide) {
      if (core === 0) return false;
      // d is convex, so d(t) ≥ d(0) − (T·n)·t: a move that approaches by at most the tolerance slides.
      if (d - gap <= CAST_TOLERANCE && tx * nx + ty * ny <= CAST_TOLERANCE) return false;
    }
    if (d - gap <= CAST_TOLERANCE || iter === CAST_MAX_ITERATIONS) {
      if (t > 0 && core <= NORMAL_DISTANCE) {
        // Two sharp shapes in contact: their closest points are not unique (or the rounding made the cores touch).
        // Measure them just before the contact instead, backed off along the translation.
        const back = t - BACK_OFF / len;
        for (let i = 0; i < count; i++) {
          moved[CORE_VERTS + 2 * i] = a[CORE_VERTS + 2 * i] + back * tx;
          moved[CORE_VERTS + 2 * i + 1] = a[CORE_VERTS + 2 * i + 1] + back * ty;
        }
        coreDistance(moved, b, dist);
        const apart = dist[D_DISTANCE];
        if (apart > 0) {
          mx = (dist[D_POINT_AX] - dist[D_POINT_BX]) / apart;
          my = (dist[D_POINT_AY] - dist[D_POINT_BY]) / apart;
        }
      }
      out[CAST_OUT_FRACTION] = t;
      out[CAST_OUT_POINT_X] = dist[D_POINT_BX] + rB * mx;
      out[CAST_OUT_POINT_Y] = dist[D_POINT_BY] + rB * my;
      out[CAST_OUT_NORMAL_X] = mx;
      out[CAST_OUT_NORMAL_Y] = my;
      hit = true;
      break;
    }
    const approach = tx * nx + ty * ny;
    if (approach <= 0) break; // d is convex: not decreasing from here on
    t += (d - gap) / approach;
    if (t > maxFraction) break;
  }
  return hit;
}
