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
} from '@impulse2d/core';

/** Applies last step's accumulated impulses (P = λn·n + λt·t per point) so the solver starts near the answer. */
export function warmStartContacts(cc: Float64Array, count: number, states: Float64Array): void {
  for (let i = 0; i < count; i++) {
    const o = i * CONTACT_CONSTRAINT_STRIDE;
    const a = cc[o + CC_INDEX_A]! * BODY_STATE_STRIDE;
    const b = cc[o + CC_INDEX_B]! * BODY_STATE_STRIDE;
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
    const pc = cc[o + CC_POINT_COUNT]!;
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
 */
export function solveContacts(
  cc: Float64Array, count: number, states: Float64Array, invH: number, pushMaxSpeed: number, useBias: boolean,
): void {
  for (let i = 0; i < count; i++) {
    const o = i * CONTACT_CONSTRAINT_STRIDE;
    const a = cc[o + CC_INDEX_A]! * BODY_STATE_STRIDE;
    const b = cc[o + CC_INDEX_B]! * BODY_STATE_STRIDE;
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
    const pc = cc[o + CC_POINT_COUNT]!;
    for (let j = 0; j < pc; j++) {
      const q = o + CC_HEADER + j * CCP_STRIDE;
      const rAx = cc[q + CCP_RAX]!;
      const rAy = cc[q + CCP_RAY]!;
      const rBx = cc[q + CCP_RBX]!;
      const rBy = cc[q + CCP_RBY]!;
      // Current separation: anchors moved by the bodies' rotation and translation since the step began.
      const prAx = dqAc * rAx - dqAs * rAy;
      const prAy = dqAs * rAx + dqAc * rAy;
      const prBx = dqBc * rBx - dqBs * rBy;
      const prBy = dqBs * rBx + dqBc * rBy;
      const sep = (dpx + prBx - prAx) * nx + (dpy + prBy - prAy) * ny + cc[q + CCP_ADJUSTED_SEPARATION]!;
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
      const dvx = vBx - wB * rBy - (vAx - wA * rAy);
      const dvy = vBy + wB * rBx - (vAy + wA * rAx);
      const vn = dvx * nx + dvy * ny;
      const old = cc[q + CCP_NORMAL_IMPULSE]!;
      let impulse = -cc[q + CCP_NORMAL_MASS]! * massScale * (vn + bias) - impulseScale * old;
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
    const friction = cc[o + CC_FRICTION]!;
    const tangentSpeed = cc[o + CC_TANGENT_SPEED]!;
    const tx = ny;
    const ty = -nx;
    for (let j = 0; j < pc; j++) {
      const q = o + CC_HEADER + j * CCP_STRIDE;
      const rAx = cc[q + CCP_RAX]!;
      const rAy = cc[q + CCP_RAY]!;
      const rBx = cc[q + CCP_RBX]!;
      const rBy = cc[q + CCP_RBY]!;
      const dvx = vBx - wB * rBy - (vAx - wA * rAy);
      const dvy = vBy + wB * rBx - (vAy + wA * rAx);
      const vt = dvx * tx + dvy * ty + tangentSpeed;
      const old = cc[q + CCP_TANGENT_IMPULSE]!;
      const maxFriction = friction * cc[q + CCP_NORMAL_IMPULSE]!;
      let total = old - cc[q + CCP_TANGENT_MASS]! * vt;
      if (total > maxFriction) total = maxFriction;
      else if (total < -maxFriction) total = -maxFriction;
      const impulse = total - old;
      cc[q + CCP_TANGENT_IMPULSE] = total;
      const px = impulse * tx;
      const py = impulse * ty;
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

/**
 * Restitution pass, once per step after the substeps: for points that approached faster than `threshold` and carried
 * impulse, drive the normal velocity toward −e·(approach velocity), still with accumulated clamping.
 */
export function applyRestitution(cc: Float64Array, count: number, states: Float64Array, threshold: number): void {
  for (let i = 0; i < count; i++) {
    const o = i * CONTACT_CONSTRAINT_STRIDE;
    const e = cc[o + CC_RESTITUTION]!;
    if (e === 0) continue;
    const a = cc[o + CC_INDEX_A]! * BODY_STATE_STRIDE;
    const b = cc[o + CC_INDEX_B]! * BODY_STATE_STRIDE;
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
    const pc = cc[o + CC_POINT_COUNT]!;
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
