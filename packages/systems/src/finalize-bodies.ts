import {
  fatMarginInto,
  BI_EID,
  BI_STRIDE,
  BS_STRIDE,
  BS_DPX,
  BS_DPY,
  BS_DQC,
  BS_DQS,
  BS_VX,
  BS_VY,
  BS_W,
  bufferMoveFrom,
  MAX_ROTATION,
  SP_H,
  quarantineBody,
  SP_MAX_LINEAR_SPEED,
  SP_KINETIC_CAP,
  computeShapeAABB,
  type PhysicsState,
} from '@impulse2d/core/internal';
import { isFastBody, SAFETY_FACTOR } from './continuous.js';
import { clampBodyVelocity } from './integrate.js';

/** Steps of motion a re-inserted fat box looks ahead. */
const PREDICTION = 2;
/**
 * A body whose kinetic energy after the solve exceeds this many times SP_KINETIC_CAP (what the speed and rotation
 * clamps let all awake bodies carry together) has diverged: 10⁸, that is 10⁴ times the clamps in speed.
 */
const DIVERGED_ENERGY = 1e8;
/**
 * Scratch: the re-inserted fat box (minX, minY, maxX, maxY), then the body's margin at FAT_MARGIN (an array: doubles
 * passed to or returned from a call V8 does not inline are boxed).
 */
const FAT_MARGIN = 4;
const fat = new Float64Array(5);

/**
 * Stage 7 — writes the solver's results back: centre of mass += Δp, rotation = Δq·q (renormalised), origin from the
 * centre, velocities; clears forces; refits each shape's AABB and re-inserts the proxies that left their fat boxes
 * (queued for the next pair update). Lists the bodies that moved fast for continuous collision (sd.fastBodies): the
 * test reads what this loop has just read, so it costs next to nothing here.
 */
export function finalizeBodies(p: PhysicsState): void {
  writeBackBodies(p);
  const quarantined = p.solverData.quarantined;
  for (let k = 0; k < quarantined.count; k++) quarantineBody(p, quarantined.data[k]!);
}

/**
 * The loop of finalizeBodies; bodies whose state diverged are listed in sd.quarantined, not quarantined here.
 * (Split from its caller, with nothing after the loop: V8 deoptimised the code after it on every step when it was
 * here — the loop's cached on-stack-replacement code had no type feedback past the loop; 200 times in 200
 * many_pyramids steps.)
 */
function writeBackBodies(p: PhysicsState): void {
  const sd = p.solverData;
  const states = sd.states;
  const integ = sd.integration;
  const b = p.bodies;
  const t = b.transform;
  const s = p.shapes;
  const g = s.geometry;
  const aabb = s.aabb;
  const trees = p.broadphase.trees;
  const pose = p.pose;
  const fast = sd.fastBodies;
  const continuous = p.enableContinuous;
  const maxExtent = b.maxExtent;
  const minExtent = b.minExtent;
  const safety = SAFETY_FACTOR;
  const maxLinearSpeed = sd.params[SP_MAX_LINEAR_SPEED]!;
  const maxW = MAX_ROTATION / sd.params[SP_H]!;
  const divergedEnergy = DIVERGED_ENERGY * sd.params[SP_KINETIC_CAP]!;
  const mass = b.mass;
  const inertia = b.inertia;
  const quarantined = sd.quarantined;
  quarantined.clear();
  fast.clear();
  for (let i = 1; i < sd.bodyCount; i++) {
    const o = i * BS_STRIDE;
    const eid = integ[i * BI_STRIDE + BI_EID]!;
    const vx0 = states[o + BS_VX]!;
    const vy0 = states[o + BS_VY]!;
    const w0 = states[o + BS_W]!;
    const cx = b.centerX[eid]! + states[o + BS_DPX]!;
    const cy = b.centerY[eid]! + states[o + BS_DPY]!;
    const dqc = states[o + BS_DQC]!;
    const dqs = states[o + BS_DQS]!;
    const c0 = t.c[eid]!;
    const s0 = t.s[eid]!;
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
    if (sum - sum !== 0 || mass[eid]! * (vx0 * vx0 + vy0 * vy0) + inertia[eid]! * (w0 * w0) > divergedEnergy) {
      quarantined.push(eid);
      continue;
    }
    // The solve after the substep's velocity clamp (integrateVelocities) can still leave a body faster than the
    // world's limit (stiff joints between very unequal masses), or spinning past the rotation limit (a relax pass can
    // leave a light body at 10⁵ rad/s; reliability.test.ts); the next step reads the stored velocity before its
    // first clamp (the contacts' pre-solve approach speeds, for restitution), and so does the user. The stored
    // velocity obeys the limits.
    clampBodyVelocity(states, o, maxLinearSpeed, maxW);
    const vx = states[o + BS_VX]!;
    const vy = states[o + BS_VY]!;
    const w = states[o + BS_W]!;
    b.vx[eid] = vx;
    b.vy[eid] = vy;
    b.w[eid] = w;
    b.centerX[eid] = cx;
    b.centerY[eid] = cy;
    t.c[eid] = c;
    t.s[eid] = sn;
    const lcx = b.localCenterX[eid]!;
    const lcy = b.localCenterY[eid]!;
    const x = cx - (c * lcx - sn * lcy);
    const y = cy - (sn * lcx + c * lcy);
    t.x[eid] = x;
    t.y[eid] = y;
    b.forceX[eid] = 0;
    b.forceY[eid] = 0;
    b.torque[eid] = 0;
    if (continuous) {
      // Inline the cheap half of isFastBody (it rules out every slow body) so resting scenes pay no call.
      const dpx = states[o + BS_DPX]!;
      const dpy = states[o + BS_DPY]!;
      const e = maxExtent[eid]!;
      const limit = safety * minExtent[eid]!;
      if (2 * (dpx * dpx + dpy * dpy + 2 * e * e * (1 - dqc)) > limit * limit && isFastBody(b, eid, states, o))
        fast.push(i);
    }
    pose[0] = x;
    pose[1] = y;
    pose[2] = c;
    pose[3] = sn;
    const moveX = PREDICTION * states[o + BS_DPX]!;
    const moveY = PREDICTION * states[o + BS_DPY]!;
    for (let sh = b.shapeHead[eid]!; sh !== -1; sh = s.next[sh]!) {
      const ao = sh * 4;
      computeShapeAABB(g, sh, pose, aabb, ao);
      const tree = trees[s.tree[sh]!];
      const proxy = s.proxy[sh]!;
      const x0 = aabb[ao]!;
      const y0 = aabb[ao + 1]!;
      const x1 = aabb[ao + 2]!;
      const y1 = aabb[ao + 3]!;
      if (tree.minX[proxy]! <= x0 && tree.minY[proxy]! <= y0 && tree.maxX[proxy]! >= x1 && tree.maxY[proxy]! >= y1)
        continue;
      // The new fat box reaches PREDICTION steps of the current motion ahead (Box2D 2.x's displacement
      // prediction): a body in steady motion then re-enters the tree every few steps instead of every step.
      fatMarginInto(minExtent, eid, fat, FAT_MARGIN);
      const margin = fat[FAT_MARGIN]!;
      fat[0] = x0 - margin + (moveX < 0 ? moveX : 0);
      fat[1] = y0 - margin + (moveY < 0 ? moveY : 0);
      fat[2] = x1 + margin + (moveX > 0 ? moveX : 0);
      fat[3] = y1 + margin + (moveY > 0 ? moveY : 0);
      bufferMoveFrom(p, sh, tree, proxy);
      tree.enlargeProxyFat(proxy, fat, 0);
    }
  }
}
