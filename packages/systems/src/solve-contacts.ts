import {
  BODY_STATE_STRIDE,
  BS_DPX,
  BS_DPY,
  BS_DQC,
  BS_DQS,
  BS_VX,
  BS_VY,
  BS_W,
  CC_BIAS_RATE,
  CC_FRICTION,
  CC_HEADER,
  CC_IMPULSE_SCALE,
  CC_INDEX_A,
  CC_INDEX_B,
  CC_INV_I_A,
  CC_INV_I_B,
  CC_INV_MASS_A,
  CC_INV_MASS_B,
  CC_MASS_SCALE,
  CC_NORMAL_X,
  CC_NORMAL_Y,
  CC_POINT_COUNT,
  CC_RESTITUTION,
  CC_TANGENT_SPEED,
  CCP_ADJUSTED_SEPARATION,
  CCP_MAX_NORMAL_IMPULSE,
  CCP_NORMAL_IMPULSE,
  CCP_NORMAL_MASS,
  CCP_RAX,
  CCP_RAY,
  CCP_RBX,
  CCP_RBY,
  CCP_RELATIVE_VELOCITY,
  CCP_STRIDE,
  CCP_TANGENT_IMPULSE,
  CCP_TANGENT_MASS,
  CONTACT_CONSTRAINT_STRIDE,
  SP_INV_H,
  SP_PUSH_MAX_SPEED,
  SP_RESTITUTION_THRESHOLD,
} from '@impulse2d/core';

/** Applies last step's accumulated impulses (P = λn·n + λt·t per point) so the solver starts near the answer. */
export function warmStartContacts(cc: Float64Array, count: number, states: Float64Array): void {
  for (let i = 0; i < count; i++) {
    const o = i * CONTACT_CONSTRAINT_STRIDE;
    const a = (cc[o + CC_INDEX_A]! | 0) * BODY_STATE_STRIDE;
    const b = (cc[o + CC_INDEX_B]! | 0) * BODY_STATE_STRIDE;
    const mA = cc[o + CC_INV_MASS_A]!;
    const iA = cc[o + CC_INV_I_A]!;
    const mB = cc[o + CC_INV_MASS_B]!;
    const iB = cc[o + CC_INV_I_B]!;
    const nx = cc[o + CC_NORMAL_X]!;
    const ny = cc[o + CC_NORMAL_Y]!;
    let vAx = states[a + BS_VX]!;
    let vAy = states[a + BS_VY]!;
    let wA = states[a + BS_W]!;
    let vBx = states[b + BS_VX]!;
    let vBy = states[b + BS_VY]!;
    let wB = states[b + BS_W]!;
    const pc = cc[o + CC_POINT_COUNT]! | 0;
    for (let j = 0; j < pc; j++) {
      const q = o + CC_HEADER + j * CCP_STRIDE;
      const ln = cc[q + CCP_NORMAL_IMPULSE]!;
      const lt = cc[q + CCP_TANGENT_IMPULSE]!;
      // P = ln·n + lt·t with t = (ny, −nx)
      const px = ln * nx + lt * ny;
      const py = ln * ny - lt * nx;
      const rAx = cc[q + CCP_RAX]!;
      const rAy = cc[q + CCP_RAY]!;
      const rBx = cc[q + CCP_RBX]!;
      const rBy = cc[q + CCP_RBY]!;
      wA -= iA * (rAx * py - rAy * px);
      vAx -= mA * px;
      vAy -= mA * py;
      wB += iB * (rBx * py - rBy * px);
      vBx += mB * px;
      vBy += mB * py;
    }
    states[a + BS_VX] = vAx;
    states[a + BS_VY] = vAy;
    states[a + BS_W] = wA;
    states[b + BS_VX] = vBx;
    states[b + BS_VY] = vBy;
    states[b + BS_W] = wB;
  }
}

/**
 * One sequential-impulse sweep over all contacts (soft step). With `useBias` the points are soft springs pushing
 * overlap apart (capped at `pushMaxSpeed`); without it (the relax pass) they only remove approach velocity, which
 * takes out the energy the bias added. Speculative points (separation s > 0) always allow closing the gap s in one
 * substep. Normal impulses are clamped ≥ 0 on the accumulated total; friction is clamped to ±μ·λn.
 *
 * `reverse` sweeps the constraints from last to first. The solver alternates directions (symmetric Gauss–Seidel):
 * a sweep always in creation order feeds a systematic sideways bias into tall stacks, which made Box2D's 100-row
 * pyramid shear by 0.4 m over 500 steps; alternating took that to under 1 cm, at no cost. (Box2D v3 gets the same
 * effect from graph colouring; we measured colouring at +5 ms per step on that scene in JS, from the scattered
 * record reads, so we did not keep it.)
 *
 * This is the engine's hottest loop. The two manifold points are written out in full rather than looped over, with
 * body velocities in locals: measured 25–40% faster in Node 20 than the loop form (V8 keeps the locals in registers
 * and drops the per-point offset arithmetic). Helper functions per row were slower still (memory round trips).
 */
export function solveContacts(cc: Float64Array, count: number, states: Float64Array, params: Float64Array, useBias: boolean, reverse: boolean): void {
  const invH = params[SP_INV_H]!;
  const pushMaxSpeed = params[SP_PUSH_MAX_SPEED]!;
  for (let k = 0; k < count; k++) {
    const i = reverse ? count - 1 - k : k;
    const o = i * CONTACT_CONSTRAINT_STRIDE;
    const a = (cc[o + CC_INDEX_A]! | 0) * BODY_STATE_STRIDE;
    const b = (cc[o + CC_INDEX_B]! | 0) * BODY_STATE_STRIDE;
    const mA = cc[o + CC_INV_MASS_A]!;
    const iA = cc[o + CC_INV_I_A]!;
    const mB = cc[o + CC_INV_MASS_B]!;
    const iB = cc[o + CC_INV_I_B]!;
    const nx = cc[o + CC_NORMAL_X]!;
    const ny = cc[o + CC_NORMAL_Y]!;
    let vAx = states[a + BS_VX]!;
    let vAy = states[a + BS_VY]!;
    let wA = states[a + BS_W]!;
    let vBx = states[b + BS_VX]!;
    let vBy = states[b + BS_VY]!;
    let wB = states[b + BS_W]!;
    const dqAc = states[a + BS_DQC]!;
    const dqAs = states[a + BS_DQS]!;
    const dqBc = states[b + BS_DQC]!;
    const dqBs = states[b + BS_DQS]!;
    const dpx = states[b + BS_DPX]! - states[a + BS_DPX]!;
    const dpy = states[b + BS_DPY]! - states[a + BS_DPY]!;
    const biasRate = cc[o + CC_BIAS_RATE]!;
    const softMass = cc[o + CC_MASS_SCALE]!;
    const softImpulse = cc[o + CC_IMPULSE_SCALE]!;
    const pointCount = cc[o + CC_POINT_COUNT]! | 0;
    const q0 = o + CC_HEADER;
    const q1 = q0 + CCP_STRIDE;
    const r0Ax = cc[q0 + CCP_RAX]!;
    const r0Ay = cc[q0 + CCP_RAY]!;
    const r0Bx = cc[q0 + CCP_RBX]!;
    const r0By = cc[q0 + CCP_RBY]!;
    // Point 1's anchors are loaded inside its blocks: keeping them live across point 0 spilled registers.

    // ---- normal, point 0 ----
    {
      // Current separation: anchors moved by the bodies' rotation and translation since the step began.
      const sep =
        (dpx + (dqBc * r0Bx - dqBs * r0By) - (dqAc * r0Ax - dqAs * r0Ay)) * nx +
        (dpy + (dqBs * r0Bx + dqBc * r0By) - (dqAs * r0Ax + dqAc * r0Ay)) * ny +
        cc[q0 + CCP_ADJUSTED_SEPARATION]!;
      let bias = 0;
      let massScale = 1;
      let impulseScale = 0;
      if (sep > 0) {
        bias = sep * invH;
      } else if (useBias) {
        bias = biasRate * sep;
        if (bias < -pushMaxSpeed) bias = -pushMaxSpeed;
        massScale = softMass;
        impulseScale = softImpulse;
      }
      const vn = (vBx - wB * r0By - vAx + wA * r0Ay) * nx + (vBy + wB * r0Bx - vAy - wA * r0Ax) * ny;
      const old = cc[q0 + CCP_NORMAL_IMPULSE]!;
      const raw = old - cc[q0 + CCP_NORMAL_MASS]! * massScale * (vn + bias) - impulseScale * old;
      const total = raw > 0 ? raw : 0;
      const impulse = total - old;
      cc[q0 + CCP_NORMAL_IMPULSE] = total;
      if (impulse > cc[q0 + CCP_MAX_NORMAL_IMPULSE]!) cc[q0 + CCP_MAX_NORMAL_IMPULSE] = impulse;
      const px = impulse * nx;
      const py = impulse * ny;
      vAx -= mA * px;
      vAy -= mA * py;
      wA -= iA * (r0Ax * py - r0Ay * px);
      vBx += mB * px;
      vBy += mB * py;
      wB += iB * (r0Bx * py - r0By * px);
    }
    // ---- normal, point 1 ----
    if (pointCount > 1) {
      const r1Ax = cc[q1 + CCP_RAX]!;
      const r1Ay = cc[q1 + CCP_RAY]!;
      const r1Bx = cc[q1 + CCP_RBX]!;
      const r1By = cc[q1 + CCP_RBY]!;
      const sep =
        (dpx + (dqBc * r1Bx - dqBs * r1By) - (dqAc * r1Ax - dqAs * r1Ay)) * nx +
        (dpy + (dqBs * r1Bx + dqBc * r1By) - (dqAs * r1Ax + dqAc * r1Ay)) * ny +
        cc[q1 + CCP_ADJUSTED_SEPARATION]!;
      let bias = 0;
      let massScale = 1;
      let impulseScale = 0;
      if (sep > 0) {
        bias = sep * invH;
      } else if (useBias) {
        bias = biasRate * sep;
        if (bias < -pushMaxSpeed) bias = -pushMaxSpeed;
        massScale = softMass;
        impulseScale = softImpulse;
      }
      const vn = (vBx - wB * r1By - vAx + wA * r1Ay) * nx + (vBy + wB * r1Bx - vAy - wA * r1Ax) * ny;
      const old = cc[q1 + CCP_NORMAL_IMPULSE]!;
      const raw = old - cc[q1 + CCP_NORMAL_MASS]! * massScale * (vn + bias) - impulseScale * old;
      const total = raw > 0 ? raw : 0;
      const impulse = total - old;
      cc[q1 + CCP_NORMAL_IMPULSE] = total;
      if (impulse > cc[q1 + CCP_MAX_NORMAL_IMPULSE]!) cc[q1 + CCP_MAX_NORMAL_IMPULSE] = impulse;
      const px = impulse * nx;
      const py = impulse * ny;
      vAx -= mA * px;
      vAy -= mA * py;
      wA -= iA * (r1Ax * py - r1Ay * px);
      vBx += mB * px;
      vBy += mB * py;
      wB += iB * (r1Bx * py - r1By * px);
    }

    // Friction along the tangent t = (ny, −nx), bounded by μ times the point's current normal impulse.
    const friction = cc[o + CC_FRICTION]!;
    const tangentSpeed = cc[o + CC_TANGENT_SPEED]!;
    // ---- friction, point 0 ----
    {
      const vt = (vBx - wB * r0By - vAx + wA * r0Ay) * ny - (vBy + wB * r0Bx - vAy - wA * r0Ax) * nx + tangentSpeed;
      const old = cc[q0 + CCP_TANGENT_IMPULSE]!;
      const maxFriction = friction * cc[q0 + CCP_NORMAL_IMPULSE]!;
      const raw = old - cc[q0 + CCP_TANGENT_MASS]! * vt;
      const total = raw > maxFriction ? maxFriction : raw < -maxFriction ? -maxFriction : raw;
      const impulse = total - old;
      cc[q0 + CCP_TANGENT_IMPULSE] = total;
      const px = impulse * ny;
      const py = -impulse * nx;
      vAx -= mA * px;
      vAy -= mA * py;
      wA -= iA * (r0Ax * py - r0Ay * px);
      vBx += mB * px;
      vBy += mB * py;
      wB += iB * (r0Bx * py - r0By * px);
    }
    // ---- friction, point 1 ----
    if (pointCount > 1) {
      const r1Ax = cc[q1 + CCP_RAX]!;
      const r1Ay = cc[q1 + CCP_RAY]!;
      const r1Bx = cc[q1 + CCP_RBX]!;
      const r1By = cc[q1 + CCP_RBY]!;
      const vt = (vBx - wB * r1By - vAx + wA * r1Ay) * ny - (vBy + wB * r1Bx - vAy - wA * r1Ax) * nx + tangentSpeed;
      const old = cc[q1 + CCP_TANGENT_IMPULSE]!;
      const maxFriction = friction * cc[q1 + CCP_NORMAL_IMPULSE]!;
      const raw = old - cc[q1 + CCP_TANGENT_MASS]! * vt;
      const total = raw > maxFriction ? maxFriction : raw < -maxFriction ? -maxFriction : raw;
      const impulse = total - old;
      cc[q1 + CCP_TANGENT_IMPULSE] = total;
      const px = impulse * ny;
      const py = -impulse * nx;
      vAx -= mA * px;
      vAy -= mA * py;
      wA -= iA * (r1Ax * py - r1Ay * px);
      vBx += mB * px;
      vBy += mB * py;
      wB += iB * (r1Bx * py - r1By * px);
    }
    states[a + BS_VX] = vAx;
    states[a + BS_VY] = vAy;
    states[a + BS_W] = wA;
    states[b + BS_VX] = vBx;
    states[b + BS_VY] = vBy;
    states[b + BS_W] = wB;
  }
}

/**
 * Restitution pass, once per step after the substeps: for points that approached faster than `threshold` and carried
 * impulse, drive the normal velocity toward −e·(approach velocity), still with accumulated clamping.
 */
export function applyRestitution(cc: Float64Array, count: number, states: Float64Array, params: Float64Array): void {
  const threshold = params[SP_RESTITUTION_THRESHOLD]!;
  for (let i = 0; i < count; i++) {
    const o = i * CONTACT_CONSTRAINT_STRIDE;
    const e = cc[o + CC_RESTITUTION]!;
    if (e === 0) continue;
    const a = (cc[o + CC_INDEX_A]! | 0) * BODY_STATE_STRIDE;
    const b = (cc[o + CC_INDEX_B]! | 0) * BODY_STATE_STRIDE;
    const mA = cc[o + CC_INV_MASS_A]!;
    const iA = cc[o + CC_INV_I_A]!;
    const mB = cc[o + CC_INV_MASS_B]!;
    const iB = cc[o + CC_INV_I_B]!;
    const nx = cc[o + CC_NORMAL_X]!;
    const ny = cc[o + CC_NORMAL_Y]!;
    let vAx = states[a + BS_VX]!;
    let vAy = states[a + BS_VY]!;
    let wA = states[a + BS_W]!;
    let vBx = states[b + BS_VX]!;
    let vBy = states[b + BS_VY]!;
    let wB = states[b + BS_W]!;
    const pc = cc[o + CC_POINT_COUNT]! | 0;
    for (let j = 0; j < pc; j++) {
      const q = o + CC_HEADER + j * CCP_STRIDE;
      const rv = cc[q + CCP_RELATIVE_VELOCITY]!;
      if (rv > -threshold || cc[q + CCP_MAX_NORMAL_IMPULSE] === 0) continue;
      const rAx = cc[q + CCP_RAX]!;
      const rAy = cc[q + CCP_RAY]!;
      const rBx = cc[q + CCP_RBX]!;
      const rBy = cc[q + CCP_RBY]!;
      const dvx = vBx - wB * rBy - (vAx - wA * rAy);
      const dvy = vBy + wB * rBx - (vAy + wA * rAx);
      const vn = dvx * nx + dvy * ny;
      const old = cc[q + CCP_NORMAL_IMPULSE]!;
      let impulse = -cc[q + CCP_NORMAL_MASS]! * (vn + e * rv);
      const total = old + impulse > 0 ? old + impulse : 0;
      impulse = total - old;
      cc[q + CCP_NORMAL_IMPULSE] = total;
      if (impulse > cc[q + CCP_MAX_NORMAL_IMPULSE]!) cc[q + CCP_MAX_NORMAL_IMPULSE] = impulse;
      const px = impulse * nx;
      const py = impulse * ny;
      vAx -= mA * px;
      vAy -= mA * py;
      wA -= iA * (rAx * py - rAy * px);
      vBx += mB * px;
      vBy += mB * py;
      wB += iB * (rBx * py - rBy * px);
    }
    states[a + BS_VX] = vAx;
    states[a + BS_VY] = vAy;
    states[a + BS_W] = wA;
    states[b + BS_VX] = vBx;
    states[b + BS_VY] = vBy;
    states[b + BS_W] = wB;
  }
}
