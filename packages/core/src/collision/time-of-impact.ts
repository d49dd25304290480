import { atan2Into, cosSinInto } from '../math/trig.js';
import {
  CORE_COUNT,
  CORE_NORMALS,
  CORE_RADIUS,
  CORE_SIZE,
  CORE_VERTS,
  coreDistance,
  D_DISTANCE,
  D_POINT_AX,
  D_POINT_AY,
  D_POINT_BX,
  D_POINT_BY,
  DISTANCE_OUTPUT_SIZE,
} from './shape-distance.js';
import { LINEAR_SLOP } from '../settings.js';

/**
 * Time of impact of two moving shapes (continuous collision): the first fraction t of a step at which two rounded
 * convex shapes, each carried by a body sweep, come within a target separation. Pure and allocation-free; all
 * inputs and outputs are Float64Array records (docs/design/v8-hot-code.md, rule 1).
 *
 * Method: conservative advancement (Mirtich) on the exact distance. At a separated t the closest points give the
 * unit direction n from A to B, and the plane through A's closest point with normal n separates the two cores. Over
 * the sweep a core point moves at most |Δc·n| along n from the centre's motion plus |Δθ|·R from the rotation (R: the
 * farthest core vertex from the body's centre of mass), so the gap across that plane, and with it the distance, can
 * shrink no faster than μ = −n·(ΔcB − ΔcA) + |ΔθA|·RA + |ΔθB|·RB per unit t. Advancing t by (d − target)/μ therefore
 * never passes the first contact; if μ ≤ 0 the plane keeps separating them for the rest of the sweep: no hit.
 * Under pure translation this is Newton's method from the left on a convex function (see shape-cast.ts): one step
 * for a face-first approach, quadratic otherwise. Rotation makes μ a loose bound and convergence linear; the
 * iteration cap then returns the last t, which is still safe (before the contact), only short of it.
 *
 * Box2D's b2TimeOfImpact finds the root of a separating-axis function with GJK and a bisection/secant search; it
 * converges faster under rotation, but needs GJK's simplex cases and a separation-function per feature kind. With
 * exact distances already here (shape-distance.ts) and rotation per step being small for the fast bodies that get
 * swept, the bound-based advancement is shorter and cannot tunnel by construction.
 *
 * Sweeps interpolate the centre of mass linearly and the angle linearly (q(t) = q0·rot(t·Δθ), Δθ the shortest turn
 * from q0 to q1), so the rotation rate is exactly |Δθ| and the bound above is exact in that term.
 */

/** Sweep record: a body's motion over one step. */
export const SWEEP_LOCAL_CENTER_X = 0; // centre of mass, body-local (m)
export const SWEEP_LOCAL_CENTER_Y = 1;
export const SWEEP_C0X = 2; // centre of mass at t = 0, world (m)
export const SWEEP_C0Y = 3;
export const SWEEP_Q0C = 4; // rotation at t = 0 (cos, sin)
export const SWEEP_Q0S = 5;
export const SWEEP_C1X = 6; // centre of mass at t = 1, world (m)
export const SWEEP_C1Y = 7;
export const SWEEP_Q1C = 8; // rotation at t = 1 (cos, sin)
export const SWEEP_Q1S = 9;
export const SWEEP_SIZE = 10;

/** Input record of timeOfImpact. */
export const TOI_IN_MAX_FRACTION = 0; // search t in [0, this] (≤ 1)
export const TOI_IN_TARGET = 1; // separation of the rounded shapes to stop at (m); > 0 keeps the cores apart
export const TOI_IN_TOLERANCE = 2; // accept a separation within [target, target + tolerance] (m)
export const TOI_INPUT_SIZE = 3;

/** Output record of timeOfImpact. */
export const TOI_FRACTION = 0; // t of the result (see TOI_STATE)
export const TOI_STATE = 1; // one of TOI_STATE_*
export const TOI_ITERATIONS = 2; // distance evaluations used
export const TOI_NORMAL_X = 3; // unit direction from A's closest point to B's at the hit (HIT and FAILED only)
export const TOI_NORMAL_Y = 4;
export const TOI_POINT_X = 5; // point on A's surface closest to B at the hit (m)
export const TOI_POINT_Y = 6;
export const TOI_OUTPUT_SIZE = 7;

/** No contact for t ≤ max fraction; fraction = max fraction. */
export const TOI_STATE_SEPARATED = 0;
/** The shapes come within target + tolerance at `fraction` (0 if they already are at t = 0). */
export const TOI_STATE_HIT = 1;
/** Iteration cap reached: `fraction` is the last safe t (still before the contact, separation ≥ target). */
export const TOI_STATE_FAILED = 2;
/** The rounded shapes already overlap at t = 0 (fraction 0): no time of impact is defined. */
export const TOI_STATE_OVERLAPPED = 3;

/** Distance evaluations per shape pair before giving up with TOI_STATE_FAILED. */
export const TOI_MAX_ITERATIONS = 50;
/** Default target separation (m): the shapes stop one linear slop apart, inside the speculative contact margin. */
export const TOI_DEFAULT_TARGET = LINEAR_SLOP;
/** Default tolerance (m), as Box2D. */
export const TOI_DEFAULT_TOLERANCE = 0.25 * LINEAR_SLOP;

export function createSweep(): Float64Array {
  return new Float64Array(SWEEP_SIZE);
}

/** An input record with max fraction 1 and the default target and tolerance. */
export function createToiInput(): Float64Array {
  const input = new Float64Array(TOI_INPUT_SIZE);
  input[TOI_IN_MAX_FRACTION] = 1;
  input[TOI_IN_TARGET] = TOI_DEFAULT_TARGET;
  input[TOI_IN_TOLERANCE] = TOI_DEFAULT_TOLERANCE;
  return input;
}

export function createToiOutput(): Float64Array {
  return new Float64Array(TOI_OUTPUT_SIZE);
}

/**
 * Pose of a sweep at t = fraction[fo]: writes [originX, originY, cos, sin, centreX, centreY] to pose (6 slots; the
 * first 4 are the pose layout of the collision routines).
 */
export function sweepPose(sweep: Float64Array, fraction: Float64Array, fo: number, pose: Float64Array): void {
  const q0c = sweep[SWEEP_Q0C];
  const q0s = sweep[SWEEP_Q0S];
  const q1c = sweep[SWEEP_Q1C];
  const q1s = sweep[SWEEP_Q1S];
  work[W_T] = fraction[fo];
  work[W_ANGLE] = q0c * q1s - q0s * q1c;
  work[W_ANGLE_X] = q0c * q1c + q0s * q1s;
  atan2Into(work, W_ANGLE);
  poseAt(sweep, work, pose);
}

/**
 * sweepPose at t = 0: the start centre and rotation as they are. (sweepPose would turn the start rotation by the
 * cosine and sine of 0 · the sweep's angle: the same numbers but for the sign of a zero, after an atan2 and a cosine
 * and sine; two polynomial evaluations per fast body, 3% of the spinner scene's step.)
 */
export function sweepStartPose(sweep: Float64Array, pose: Float64Array): void {
  // poseAt's last lines, written out again: a helper taking the four doubles was not inlined into the continuous
  // stage's sweep in every run (docs/design/v8-hot-code.md, rule 1; the benchmark's heap probe read 470 kB a step on
  // smash, 64 bytes for each of its 7,300 fast bodies).
  const c = sweep[SWEEP_Q0C];
  const s = sweep[SWEEP_Q0S];
  const cx = sweep[SWEEP_C0X];
  const cy = sweep[SWEEP_C0Y];
  const lx = sweep[SWEEP_LOCAL_CENTER_X];
  const ly = sweep[SWEEP_LOCAL_CENTER_Y];
  pose[0] = cx - (c * lx - s * ly);
  pose[1] = cy - (s * lx + c * ly);
  pose[2] = c;
  pose[3] = s;
  pose[4] = cx;
  pose[5] = cy;
}

// Scratch: [t, sweep angle] for poseAt; poses and world cores of both shapes; the distance result.
const W_T = 0;
const W_ANGLE = 1;
const W_ANGLE_X = 2; // atan2Into's x beside its y (W_ANGLE)
const work = new Float64Array(3);
// The two sweeps' total turns, each as atan2Into's (y, x) pair, then the angle in the y slot.
const angles = new Float64Array(4);
const turn = new Float64Array(2);
const poseA = new Float64Array(6);
const poseB = new Float64Array(6);
const worldA = new Float64Array(CORE_SIZE);
const worldB = new Float64Array(CORE_SIZE);
const dist = new Float64Array(DISTANCE_OUTPUT_SIZE);

/** Pose of `sweep` at t = w[W_T] with total turn w[W_ANGLE] (rad); layout as sweepPose. */
function poseAt(sweep: Float64Array, w: Float64Array, pose: Float64Array): void {
  const t = w[W_T];
  turn[0] = t * w[W_ANGLE];
  cosSinInto(turn, 0);
  const ca = turn[0];
  const sa = turn[1];
  const q0c = sweep[SWEEP_Q0C];
  const q0s = sweep[SWEEP_Q0S];
  const c = q0c * ca - q0s * sa;
  const s = q0s * ca + q0c * sa;
  const cx = sweep[SWEEP_C0X] + t * (sweep[SWEEP_C1X] - sweep[SWEEP_C0X]);
  const cy = sweep[SWEEP_C0Y] + t * (sweep[SWEEP_C1Y] - sweep[SWEEP_C0Y]);
  const lx = sweep[SWEEP_LOCAL_CENTER_X];
  const ly = sweep[SWEEP_LOCAL_CENTER_Y];
  pose[0] = cx - (c * lx - s * ly);
  pose[1] = cy - (s * lx + c * ly);
  pose[2] = c;
  pose[3] = s;
  pose[4] = cx;
  pose[5] = cy;
}

/** World core of a body-local core (layout of shape-distance.ts) at pose [x, y, cos, sin]. */
function transformCore(local: Float64Array, pose: Float64Array, out: Float64Array): void {
  const px = pose[0];
  const py = pose[1];
  const c = pose[2];
  const s = pose[3];
  const count = local[CORE_COUNT];
  out[CORE_COUNT] = count;
  out[CORE_RADIUS] = local[CORE_RADIUS];
  for (let i = 0; i < count; i++) {
    const x = local[CORE_VERTS + 2 * i];
    const y = local[CORE_VERTS + 2 * i + 1];
    out[CORE_VERTS + 2 * i] = px + c * x - s * y;
    out[CORE_VERTS + 2 * i + 1] = py + s * x + c * y;
    const nx = local[CORE_NORMALS + 2 * i];
    const ny = local[CORE_NORMALS + 2 * i + 1];
    out[CORE_NORMALS + 2 * i] = c * nx - s * ny;
    out[CORE_NORMALS + 2 * i + 1] = s * nx + c * ny;
  }
}

/**
 * First t in [0, max fraction] at which shape A (body-local core `coreA`, e.g. loadCore with an identity pose)
 * moving by `sweepA` and shape B moving by `sweepB` come within the target separation. See the file comment for
 * the method and TOI_STATE_* for the outcomes. A non-moving shape is a sweep with equal start and end.
 */
export function timeOfImpact(
  coreA: Float64Array,
  sweepA: Float64Array,
  coreB: Float64Array,
  sweepB: Float64Array,
  input: Float64Array,
  output: Float64Array,
): void {
  const maxFraction = input[TOI_IN_MAX_FRACTION];
  const tolerance = input[TOI_IN_TOLERANCE];
  const radii = coreA[CORE_RADIUS] + coreB[CORE_RADIUS];
  // Stop when the core distance is within [targetCore, targetCore + tolerance].
  const targetCore = radii + input[TOI_IN_TARGET];

  // Relative motion of the centres over the sweep, and the rotation bounds |Δθ|·R.
  const dx = sweepB[SWEEP_C1X] - sweepB[SWEEP_C0X] - (sweepA[SWEEP_C1X] - sweepA[SWEEP_C0X]);
  const dy = sweepB[SWEEP_C1Y] - sweepB[SWEEP_C0Y] - (sweepA[SWEEP_C1Y] - sweepA[SWEEP_C0Y]);
  const aq0c = sweepA[SWEEP_Q0C],
    aq0s = sweepA[SWEEP_Q0S],
    aq1c = sweepA[SWEEP_Q1C],
    aq1s = sweepA[SWEEP_Q1S];
  const bq0c = sweepB[SWEEP_Q0C],
    bq0s = sweepB[SWEEP_Q0S],
    bq1c = sweepB[SWEEP_Q1C],
    bq1s = sweepB[SWEEP_Q1S];
  angles[0] = aq0c * aq1s - aq0s * aq1c;
  angles[1] = aq0c * aq1c + aq0s * aq1s;
  angles[2] = bq0c * bq1s - bq0s * bq1c;
  angles[3] = bq0c * bq1c + bq0s * bq1s;
  atan2Into(angles, 0);
  atan2Into(angles, 2);
  const angleA = angles[0];
  const angleB = angles[2];
  let reachA = 0;
  if (angleA !== 0) {
    const lx = sweepA[SWEEP_LOCAL_CENTER_X],
      ly = sweepA[SWEEP_LOCAL_CENTER_Y];
    for (let i = 0; i < coreA[CORE_COUNT]; i++) {
      const ex = coreA[CORE_VERTS + 2 * i] - lx,
        ey = coreA[CORE_VERTS + 2 * i + 1] - ly;
      const r2 = ex * ex + ey * ey;
      if (r2 > reachA) reachA = r2;
    }
    reachA = Math.abs(angleA) * Math.sqrt(reachA);
  }
  let reachB = 0;
  if (angleB !== 0) {
    const lx = sweepB[SWEEP_LOCAL_CENTER_X],
      ly = sweepB[SWEEP_LOCAL_CENTER_Y];
    for (let i = 0; i < coreB[CORE_COUNT]; i++) {
      const ex = coreB[CORE_VERTS + 2 * i] - lx,
        ey = coreB[CORE_VERTS + 2 * i + 1] - ly;
      const r2 = ex * ex + ey * ey;
      if (r2 > reachB) reachB = r2;
    }
    reachB = Math.abs(angleB) * Math.sqrt(reachB);
  }
  const rA = coreA[CORE_RADIUS];

  output[TOI_FRACTION] = maxFraction;
  output[TOI_STATE] = TOI_STATE_SEPARATED;
  output[TOI_NORMAL_X] = 0;
  output[TOI_NORMAL_Y] = 0;
  output[TOI_POINT_X] = 0;
  output[TOI_POINT_Y] = 0;
  let t = 0;
  let nx = 0;
  let ny = 0;
  for (let iter = 0; iter < TOI_MAX_ITERATIONS; iter++) {
    work[W_T] = t;
    work[W_ANGLE] = angleA;
    poseAt(sweepA, work, poseA);
    transformCore(coreA, poseA, worldA);
    work[W_ANGLE] = angleB;
    poseAt(sweepB, work, poseB);
    transformCore(coreB, poseB, worldB);
    coreDistance(worldA, worldB, dist);
    output[TOI_ITERATIONS] = iter + 1;
    const core = dist[D_DISTANCE];
    if (iter === 0 && core < radii) {
      output[TOI_FRACTION] = 0;
      output[TOI_STATE] = TOI_STATE_OVERLAPPED;
      return;
    }
    // Past t = 0 the cores stay at least the target apart (the advancement never passes it), so core > 0 unless
    // the caller asked for a zero target with sharp shapes.
    if (core > 0) {
      nx = (dist[D_POINT_BX] - dist[D_POINT_AX]) / core;
      ny = (dist[D_POINT_BY] - dist[D_POINT_AY]) / core;
    }
    if (core < targetCore + tolerance) {
      output[TOI_FRACTION] = t;
      output[TOI_STATE] = TOI_STATE_HIT;
      output[TOI_NORMAL_X] = nx;
      output[TOI_NORMAL_Y] = ny;
      output[TOI_POINT_X] = dist[D_POINT_AX] + rA * nx;
      output[TOI_POINT_Y] = dist[D_POINT_AY] + rA * ny;
      return;
    }
    const closing = reachA + reachB - (nx * dx + ny * dy);
    if (closing <= 0) return; // the separating plane holds for the rest of the sweep
    t += (core - targetCore) / closing;
    if (t >= maxFraction) return;
  }
  // Iteration cap: t is safe, only short of the contact; normal and point are from the last evaluation before it.
  output[TOI_FRACTION] = t;
  output[TOI_STATE] = TOI_STATE_FAILED;
  output[TOI_NORMAL_X] = nx;
  output[TOI_NORMAL_Y] = ny;
  output[TOI_POINT_X] = dist[D_POINT_AX] + rA * nx;
  output[TOI_POINT_Y] = dist[D_POINT_AY] + rA * ny;
}
