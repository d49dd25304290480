import {
  AABB_STRIDE,
  AABB_FAT,
  BI_EID,
  BI_STRIDE,
  BS_DPX,
  BS_DPY,
  BS_DQC,
  BS_DQS,
  BS_STRIDE,
  BS_VX,
  BS_VY,
  BS_W,
  MAX_ROTATION,
  SP_CONTINUOUS,
  SP_H,
  SP_KINETIC_CAP,
  SP_MAX_LINEAR_SPEED,
  SP_SAFETY_FACTOR,
  computeShapeAABB,
  type GeometryStore,
} from '@impulse2d/core/internal';
import { isFastBody, type FastBodyColumns } from './fast-bodies.js';
import { clampBodyVelocity } from './integrate.js';

/**
 * A body whose kinetic energy after the solve exceeds this many times SP_KINETIC_CAP (what the speed and rotation
 * clamps let all awake bodies carry together) has diverged: 10⁸, that is 10⁴ times the clamps in speed.
 */
const DIVERGED_ENERGY = 1e8;

/** What writeBackBodies leaves to followUpBodies for a body, in the low bits of its entry (solver index · 8). */
export const DIVERGED = 1;
export const FAST = 2;
export const REFIT = 4;

/** What the write-back reads and writes: the world's state, or a step worker's view of its columns. */
export interface WriteBackState {
  readonly solverData: {
    readonly states: Float64Array;
    readonly integration: Float64Array;
    readonly params: Float64Array;
  };
  readonly bodies: FastBodyColumns & {
    readonly vx: Float64Array;
    readonly vy: Float64Array;
    readonly w: Float64Array;
    readonly centerX: Float64Array;
    readonly centerY: Float64Array;
    readonly forceX: Float64Array;
    readonly forceY: Float64Array;
    readonly torque: Float64Array;
    readonly mass: Float64Array;
    readonly inertia: Float64Array;
    readonly localCenterX: Float64Array;
    readonly localCenterY: Float64Array;
    readonly shapeHead: Int32Array;
    readonly transform: {
      readonly x: Float64Array;
      readonly y: Float64Array;
      readonly c: Float64Array;
      readonly s: Float64Array;
    };
  };
  readonly shapes: {
    readonly geometry: GeometryStore;
    /** Tight and fat boxes per shape (AABB_STRIDE). */
    readonly aabb: Float64Array;
    readonly next: Int32Array;
  };
  readonly pose: Float64Array;
}

/**
 * The parallel half of the write-back, over body states `first` to `end` (exclusive): poses, velocities and shape
 * AABBs of each body written back, forces cleared. A body that diverged, moved fast or has a shape outside its fat
 * box gets an entry in out[at...] (solver index · 8 + DIVERGED | FAST | REFIT) for followUpBodies; returns the
 * number of entries. (Nothing after the loop but the return: V8 deoptimised the code after the loop on every step
 * when there was more — the loop's cached on-stack-replacement code had no type feedback past it; 200 times in 200
 * many_pyramids steps.)
 */
export function writeBackBodies(v: WriteBackState, first: number, end: number, out: Int32Array, at: number): number {
  const sd = v.solverData;
  const states = sd.states;
  const integ = sd.integration;
  const b = v.bodies;
  const t = b.transform;
  const s = v.shapes;
  const g = s.geometry;
  const aabb = s.aabb;
  const pose = v.pose;
  const continuous = sd.params[SP_CONTINUOUS] === 1;
  const maxExtent = b.maxExtent;
  const minExtent = b.minExtent;
  const params = sd.params;
  const safety = params[SP_SAFETY_FACTOR];
  const maxLinearSpeed = sd.params[SP_MAX_LINEAR_SPEED];
  const maxW = MAX_ROTATION / sd.params[SP_H];
  const divergedEnergy = DIVERGED_ENERGY * sd.params[SP_KINETIC_CAP];
  const mass = b.mass;
  const inertia = b.inertia;
  let n = 0;
  for (let i = first; i < end; i++) {
    const o = i * BS_STRIDE;
    const eid = integ[i * BI_STRIDE + BI_EID];
    const vx0 = states[o + BS_VX];
    const vy0 = states[o + BS_VY];
    const w0 = states[o + BS_W];
    const cx = b.centerX[eid] + states[o + BS_DPX];
    const cy = b.centerY[eid] + states[o + BS_DPY];
    const dqc = states[o + BS_DQC];
    const dqs = states[o + BS_DQS];
    const c0 = t.c[eid];
    const s0 = t.s[eid];
    let c = dqc * c0 - dqs * s0;
    let sn = dqs * c0 + dqc * s0;
    const inv = 1 / Math.sqrt(c * c + sn * sn);
    c *= inv;
    sn *= inv;
    // Containment, two tests per body: the sum is NaN or infinite when any term is, and a solve that left the body
    // with 10⁸ times the kinetic energy the clamps allow the whole awake set has diverged (impulses grow
    // geometrically from there, and would reach the neighbours through the shared static record once they overflow).
    // Such a body is not written back (it keeps its last finite pose) and is quarantined after the loop.
    // Energy, not speed: Gauss–Seidel passes momentum through a joint or contact, and a body of tiny inertia jointed
    // to a heavy one (the API fuzzer's 0.02 m discs at 0.01 kg/m² on a metre-long lever) may leave a relax pass
    // spinning at 10⁵–10⁶ rad/s, once or for a few steps; the stored spin is clamped below and its motion stays
    // bounded. The former speed test (10⁴ times the clamps) quarantined such bodies in 30 of 300 fuzz worlds (seed 7,
    // with the warm-start bounds and clamps of the same change) that run to the end finite under this one.
    const sum = vx0 + vy0 + w0 + cx + cy + c + sn;
    if (sum - sum !== 0 || mass[eid] * (vx0 * vx0 + vy0 * vy0) + inertia[eid] * (w0 * w0) > divergedEnergy) {
      out[at + n++] = i * 8 + DIVERGED;
      continue;
    }
    // The solve after the substep's velocity clamp (integrateVelocities) can still leave a body faster than the
    // world's limit (stiff joints between very unequal masses), or spinning past the rotation limit (a relax pass can
    // leave a light body at 10⁵ rad/s; reliability.test.ts); the next step reads the stored velocity before its
    // first clamp (the contacts' pre-solve approach speeds, for restitution), and so does the user. The stored
    // velocity obeys the limits.
    clampBodyVelocity(states, o, maxLinearSpeed, maxW);
    const vx = states[o + BS_VX];
    const vy = states[o + BS_VY];
    const w = states[o + BS_W];
    b.vx[eid] = vx;
    b.vy[eid] = vy;
    b.w[eid] = w;
    b.centerX[eid] = cx;
    b.centerY[eid] = cy;
    t.c[eid] = c;
    t.s[eid] = sn;
    const lcx = b.localCenterX[eid];
    const lcy = b.localCenterY[eid];
    const x = cx - (c * lcx - sn * lcy);
    const y = cy - (sn * lcx + c * lcy);
    t.x[eid] = x;
    t.y[eid] = y;
    b.forceX[eid] = 0;
    b.forceY[eid] = 0;
    b.torque[eid] = 0;
    let flags = 0;
    if (continuous) {
      // Inline the cheap half of isFastBody (it rules out every slow body) so resting scenes pay no call.
      const dpx = states[o + BS_DPX];
      const dpy = states[o + BS_DPY];
      const e = maxExtent[eid];
      const limit = safety * minExtent[eid];
      if (2 * (dpx * dpx + dpy * dpy + 2 * e * e * (1 - dqc)) > limit * limit && isFastBody(b, eid, states, o, params))
        flags = FAST;
    }
    pose[0] = x;
    pose[1] = y;
    pose[2] = c;
    pose[3] = sn;
    for (let sh = b.shapeHead[eid]; sh !== -1; sh = s.next[sh]) {
      const ao = sh * AABB_STRIDE;
      computeShapeAABB(g, sh, pose, aabb, ao);
      if (
        aabb[ao + AABB_FAT] > aabb[ao] ||
        aabb[ao + AABB_FAT + 1] > aabb[ao + 1] ||
        aabb[ao + AABB_FAT + 2] < aabb[ao + 2] ||
        aabb[ao + AABB_FAT + 3] < aabb[ao + 3]
      )
        flags |= REFIT;
    }
    if (flags !== 0) out[at + n++] = i * 8 + flags;
  }
  return n;
}
