import type { MoverPlanes } from './mover-planes.js';

/**
 * The mover's plane solver and velocity clipper: pure routines on a range of MoverPlanes rows and a 2-vector in a
 * Float64Array, no world, no allocation. They run per mover in the public solvePlanes / clipVector and, over ranges
 * of one shared buffer, in a pass that moves many movers.
 *
 * solvePlaneRange finds the translation d closest to a target t that the planes allow, each plane i pushing the
 * mover out along its normal by push_i ∈ [0, pushLimit_i]:
 *
 *   d = t + Σ push_i · n_i,  with n_i·d ≥ o_i wherever push_i < pushLimit_i, and push_i = 0 wherever n_i·d > o_i.
 *
 * (These are the optimality conditions of minimising ½|d − t|² + Σ pushLimit_i · max(0, o_i − n_i·d): a rigid plane
 * is a hard constraint, a soft one a penalty that gives up after pushLimit.) As in Box2D's b2SolvePlanes, the pushes
 * are found by projected Gauss-Seidel: sweep the planes, move d out of each violated one, clamp each plane's
 * accumulated push to its limit. Unlike Box2D, no slop is added (the rest gap is in the offsets) and the sweeps do
 * not run until the pushes settle to a tolerance: after each sweep the planes that are pushing but not at their limit
 * are taken as the active set, and the push that meets them exactly (one plane: a projection; two: the corner) is
 * solved in closed form and kept if it meets every condition above. Gauss-Seidel alone converges slowly in a narrow
 * wedge (the error shrinks by about (n₁·n₂)² per sweep: 3% per sweep for walls 10° apart), where a character would
 * then sink a little each step; the active set there is right after one or two sweeps, and the corner is exact.
 */

/** Most Gauss-Seidel sweeps per solve; an exact active-set solution usually ends it after one or two. */
export const PLANE_SOLVER_MAX_ITERATIONS = 20;
/**
 * Planes are met to this (m): a sweep that moves the pushes by less in total ends the solve, and the active-set
 * solution must meet every plane to within it.
 */
export const PLANE_SOLVER_TOLERANCE = 1e-9;
// Two active planes whose normals are this close to parallel (1 − (n₁·n₂)²) have no well-conditioned corner.
const PARALLEL = 1e-12;
// Active sets with more planes than this are left to Gauss-Seidel (it tries every pair of them: 28 pairs for 8).
const MAX_ACTIVE = 8;

/**
 * Solves rows [start, start + count) of `planes` for the translation in `delta` ([x, y], the target on entry, the
 * solution on return), writing each row's `push`. Returns the number of sweeps made.
 */
export function solvePlaneRange(planes: MoverPlanes, start: number, count: number, delta: Float64Array): number {
  const nx = planes.normalX;
  const ny = planes.normalY;
  const offset = planes.offset;
  const limit = planes.pushLimit;
  const push = planes.push;
  const end = start + count;
  if (count <= 0) return 0;
  for (let i = start; i < end; i++) push[i] = 0;
  // The translation and a sweep's change live in `sweep` rather than in locals: V8 boxed those doubles, carried round
  // the loops, on every pass where this is inlined into the character stage.
  const d = sweep;
  d[SWEEP_X] = delta[0];
  d[SWEEP_Y] = delta[1];
  let sweeps = 0;
  while (sweeps < PLANE_SOLVER_MAX_ITERATIONS) {
    sweeps++;
    d[SWEEP_CHANGE] = 0;
    for (let i = start; i < end; i++) {
      const old = push[i];
      let next = old + offset[i] - (nx[i] * d[SWEEP_X] + ny[i] * d[SWEEP_Y]);
      if (next < 0) next = 0;
      else if (next > limit[i]) next = limit[i];
      const step = next - old;
      push[i] = next;
      d[SWEEP_X] += step * nx[i];
      d[SWEEP_Y] += step * ny[i];
      d[SWEEP_CHANGE] += step < 0 ? -step : step;
    }
    if (d[SWEEP_CHANGE] <= PLANE_SOLVER_TOLERANCE) break;
    if (solveActiveSet(planes, start, end, delta)) {
      // delta still holds the target: the exact pushes were written, rebuild d from them.
      d[SWEEP_X] = delta[0];
      d[SWEEP_Y] = delta[1];
      for (let i = start; i < end; i++) {
        d[SWEEP_X] += push[i] * nx[i];
        d[SWEEP_Y] += push[i] * ny[i];
      }
      break;
    }
  }
  delta[0] = d[SWEEP_X];
  delta[1] = d[SWEEP_Y];
  return sweeps;
}

// A solve's running translation and a sweep's total change of the pushes: [x, y, change].
const sweep = new Float64Array(3);
const SWEEP_X = 0;
const SWEEP_Y = 1;
const SWEEP_CHANGE = 2;

// The active-set step's trial: [push of e, push of f, base point x, base point y].
const trial = new Float64Array(4);

/**
 * Takes the rows pushing below their limit as the active set and solves for the pushes that meet them exactly, with
 * the saturated rows at their limit and the rest at zero. If one plane or a pair of them (every pair, when more are
 * active: in 2D two always suffice) gives pushes that meet every optimality condition, writes them to `push` and
 * returns true. `target` = [tx, ty] is read, not written.
 */
function solveActiveSet(planes: MoverPlanes, start: number, end: number, target: Float64Array): boolean {
  const nx = planes.normalX;
  const ny = planes.normalY;
  const limit = planes.pushLimit;
  const push = planes.push;
  // Base point: the target plus the saturated planes' full pushes (summed in `trial`, not in locals, for the reason
  // given in solvePlaneRange).
  trial[2] = target[0];
  trial[3] = target[1];
  let active = 0;
  for (let i = start; i < end; i++) {
    const p = push[i];
    if (p > 0 && p >= limit[i]) {
      trial[2] += p * nx[i];
      trial[3] += p * ny[i];
    } else if (p > 0) {
      active++;
    }
  }
  if (active === 0 || active > MAX_ACTIVE) return false;
  // Pairs first (two planes meeting in a corner), then single planes.
  if (active >= 2) {
    for (let e = start; e < end; e++) {
      if (!isFree(planes, e)) continue;
      for (let f = e + 1; f < end; f++) {
        if (isFree(planes, f) && tryActive(planes, start, end, e, f)) return true;
      }
    }
  }
  for (let e = start; e < end; e++) {
    if (isFree(planes, e) && tryActive(planes, start, end, e, e)) return true;
  }
  return false;
}

/**
 * Solves for the pushes of planes e and f (f === e: plane e alone) from the base point in trial[2..3] and, if they
 * meet every optimality condition, writes all of the range's pushes and returns true.
 */
function tryActive(planes: MoverPlanes, start: number, end: number, e: number, f: number): boolean {
  if (!pushesFor(planes, e, f, trial) || !meetsConditions(planes, start, end, e, f, trial)) return false;
  const limit = planes.pushLimit;
  const push = planes.push;
  for (let i = start; i < end; i++) {
    const p = push[i];
    if (i === e || i === f) {
      const q = i === e ? trial[0] : trial[1];
      push[i] = q < 0 ? 0 : q > limit[i] ? limit[i] : q;
    } else {
      push[i] = p > 0 && p >= limit[i] ? p : 0;
    }
  }
  return true;
}

/** Is row `i` pushing below its limit? (The row, not its two doubles: V8 boxes doubles passed to calls.) */
function isFree(planes: MoverPlanes, i: number): boolean {
  const push = planes.push[i];
  return push > 0 && push < planes.pushLimit[i];
}

/**
 * Pushes along planes e and f (f === e: plane e alone) that put the base point trial[2..3] exactly on them, into
 * trial[0..1]. False for a pair too close to parallel.
 */
function pushesFor(planes: MoverPlanes, e: number, f: number, trial: Float64Array): boolean {
  const nx = planes.normalX;
  const ny = planes.normalY;
  const offset = planes.offset;
  const bx = trial[2];
  const by = trial[3];
  const re = offset[e] - (nx[e] * bx + ny[e] * by);
  if (e === f) {
    trial[0] = re;
    trial[1] = re;
    return true;
  }
  const rf = offset[f] - (nx[f] * bx + ny[f] * by);
  // [1 c; c 1] [pe pf]ᵀ = [re rf]ᵀ with c = nₑ·n_f (unit normals).
  const c = nx[e] * nx[f] + ny[e] * ny[f];
  const det = 1 - c * c;
  if (det < PARALLEL) return false;
  trial[0] = (re - c * rf) / det;
  trial[1] = (rf - c * re) / det;
  return true;
}

/**
 * Do the trial pushes of e and f (saturated rows at their limit, other rows at zero) meet the optimality conditions:
 * pushes within their limits, every plane met unless its push is at its limit, and a saturated plane not over-met?
 */
function meetsConditions(
  planes: MoverPlanes,
  start: number,
  end: number,
  e: number,
  f: number,
  trial: Float64Array,
): boolean {
  const nx = planes.normalX;
  const ny = planes.normalY;
  const offset = planes.offset;
  const limit = planes.pushLimit;
  const push = planes.push;
  const pe = trial[0];
  const pf = trial[1];
  if (pe < -PLANE_SOLVER_TOLERANCE || pe > limit[e] + PLANE_SOLVER_TOLERANCE) return false;
  if (pf < -PLANE_SOLVER_TOLERANCE || pf > limit[f] + PLANE_SOLVER_TOLERANCE) return false;
  // The point reached: base plus the trial pushes (one push when e === f).
  let dx = trial[2] + pe * nx[e];
  let dy = trial[3] + pe * ny[e];
  if (f !== e) {
    dx += pf * nx[f];
    dy += pf * ny[f];
  }
  for (let i = start; i < end; i++) {
    if (i === e || i === f) continue;
    const gap = nx[i] * dx + ny[i] * dy - offset[i];
    const p = push[i];
    if (p > 0 && p >= limit[i]) {
      if (gap > PLANE_SOLVER_TOLERANCE) return false; // pushing in full but no longer needed in full
    } else if (limit[i] > 0 && gap < -PLANE_SOLVER_TOLERANCE) {
      return false; // not pushing but violated (a plane with no push to give may stay violated)
    }
  }
  return true;
}

/** Clip tolerance relative to the vector's length: planes are met to rounding, not exactly. */
const CLIP_TOLERANCE = 1e-12;

/**
 * Removes from `v` ([x, y], in and out) every component into rows [start, start + count) that pushed in the last
 * solve (push > 0) and have clipVelocity set: the result is the vector nearest to `v` that goes into none of them
 * (v·n ≥ 0 for each). For one plane that is v − min(0, v·n)·n, as Box2D's b2ClipVector; in a corner of several planes
 * it is exact, where clipping against one plane after another can put the vector back into the first.
 */
export function clipVectorRange(planes: MoverPlanes, start: number, count: number, v: Float64Array): void {
  const nx = planes.normalX;
  const ny = planes.normalY;
  const push = planes.push;
  const clip = planes.clipVelocity;
  const end = start + count;
  const vx = v[0];
  const vy = v[1];
  const tolerance = CLIP_TOLERANCE * Math.sqrt(vx * vx + vy * vy);
  if (allowed(planes, start, end, vx, vy, tolerance)) return;
  // The nearest allowed vector lies on the boundary of the cone {w : w·n ≥ 0}: on the line of one plane that v goes
  // into, or at its apex, zero (always allowed).
  let bestX = 0;
  let bestY = 0;
  let best = vx * vx + vy * vy;
  for (let i = start; i < end; i++) {
    if (push[i] <= 0 || clip[i] === 0) continue;
    const into = vx * nx[i] + vy * ny[i];
    if (into >= 0) continue;
    const wx = vx - into * nx[i];
    const wy = vy - into * ny[i];
    const d2 = into * into;
    if (d2 < best && allowed(planes, start, end, wx, wy, tolerance)) {
      best = d2;
      bestX = wx;
      bestY = wy;
    }
  }
  v[0] = bestX;
  v[1] = bestY;
}

/** Does (wx, wy) go into none of the clipping planes (within `tolerance`)? */
function allowed(planes: MoverPlanes, start: number, end: number, wx: number, wy: number, tolerance: number): boolean {
  const nx = planes.normalX;
  const ny = planes.normalY;
  const push = planes.push;
  const clip = planes.clipVelocity;
  for (let i = start; i < end; i++) {
    if (push[i] <= 0 || clip[i] === 0) continue;
    if (wx * nx[i] + wy * ny[i] < -tolerance) return false;
  }
  return true;
}
