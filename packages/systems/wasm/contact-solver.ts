// AssemblyScript source of the WebAssembly contact solver kernel (compiled by scripts/build-wasm.mjs into
// src/wasm/contact-solver-bytes.ts). It is the same computation as warmStartContacts and solveContacts in
// src/solve-contacts.ts, operation for operation and in the same order, over the same record layouts (imported
// from core's solver-layout.ts), reading the solver's arrays in place in the kernel's linear memory. WebAssembly
// f64 arithmetic is IEEE 754 binary64 with no fused operations, as JavaScript's is, so both paths give identical
// bits; a test steps scenes both ways and compares. Why a second copy of the hottest loop: V8 runs this one about
// 25% faster (no bounds checks, no tagged values), measured on large_pyramid's 14,950 contacts.
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
  CC_ROLLING_IMPULSE,
  CC_ROLLING_MASS,
  CC_ROLLING_RESISTANCE,
  CC_TANGENT_SPEED,
  CCP_ADJUSTED_SEPARATION,
  CCP_DN_A,
  CCP_DN_B,
  CCP_MAX_NORMAL_IMPULSE,
  CCP_NORMAL_IMPULSE,
  CCP_NORMAL_MASS,
  CCP_RN_A,
  CCP_RN_B,
  CCP_STRIDE,
  CCP_TANGENT_IMPULSE,
  CCP_TANGENT_MASS,
  CONTACT_CONSTRAINT_STRIDE,
} from '../../core/src/solver/solver-layout';

// Field `i` (a double index) of the record at byte address `base`.
function ld(base: usize, i: i32): f64 {
  return load<f64>(base + ((<usize>i) << 3));
}
function st(base: usize, i: i32, v: f64): void {
  store<f64>(base + ((<usize>i) << 3), v);
}
// Byte address of body state record `index` (stored as a double in a contact record).
function body(states: usize, index: f64): usize {
  return states + ((<usize>(<i32>index * BODY_STATE_STRIDE)) << 3);
}

/** warmStartContacts of solve-contacts.ts; `cc` and `states` are byte addresses of the arrays. */
export function warmStartContacts(cc: usize, count: i32, states: usize): void {
  for (let i = 0; i < count; i++) {
    const o: usize = cc + ((<usize>(i * CONTACT_CONSTRAINT_STRIDE)) << 3);
    const a = body(states, ld(o, CC_INDEX_A));
    const b = body(states, ld(o, CC_INDEX_B));
    const mA = ld(o, CC_INV_MASS_A);
    const iA = ld(o, CC_INV_I_A);
    const mB = ld(o, CC_INV_MASS_B);
    const iB = ld(o, CC_INV_I_B);
    const nx = ld(o, CC_NORMAL_X);
    const ny = ld(o, CC_NORMAL_Y);
    const pc = <i32>ld(o, CC_POINT_COUNT);
    let px = 0.0;
    let py = 0.0;
    let angA = 0.0;
    let angB = 0.0;
    for (let j = 0; j < pc; j++) {
      const q: usize = o + ((<usize>(CC_HEADER + j * CCP_STRIDE)) << 3);
      const ln = ld(q, CCP_NORMAL_IMPULSE);
      const lt = ld(q, CCP_TANGENT_IMPULSE);
      px += ln * nx + lt * ny;
      py += ln * ny - lt * nx;
      angA += ln * ld(q, CCP_RN_A) - lt * ld(q, CCP_DN_A);
      angB += ln * ld(q, CCP_RN_B) - lt * ld(q, CCP_DN_B);
    }
    const rolling = ld(o, CC_ROLLING_IMPULSE);
    st(a, BS_VX, ld(a, BS_VX) - mA * px);
    st(a, BS_VY, ld(a, BS_VY) - mA * py);
    st(a, BS_W, ld(a, BS_W) - iA * (angA + rolling));
    st(b, BS_VX, ld(b, BS_VX) + mB * px);
    st(b, BS_VY, ld(b, BS_VY) + mB * py);
    st(b, BS_W, ld(b, BS_W) + iB * (angB + rolling));
  }
}

/** solveContacts of solve-contacts.ts (see there for the maths); `useBias` and `reverse` are 0 or 1. */
export function solveContacts(
  cc: usize,
  count: i32,
  states: usize,
  invH: f64,
  pushMaxSpeed: f64,
  useBias: i32,
  reverse: i32,
): void {
  for (let k = 0; k < count; k++) {
    const i = reverse != 0 ? count - 1 - k : k;
    const o: usize = cc + ((<usize>(i * CONTACT_CONSTRAINT_STRIDE)) << 3);
    const a = body(states, ld(o, CC_INDEX_A));
    const b = body(states, ld(o, CC_INDEX_B));
    const mA = ld(o, CC_INV_MASS_A);
    const iA = ld(o, CC_INV_I_A);
    const mB = ld(o, CC_INV_MASS_B);
    const iB = ld(o, CC_INV_I_B);
    const nx = ld(o, CC_NORMAL_X);
    const ny = ld(o, CC_NORMAL_Y);
    let vAx = ld(a, BS_VX);
    let vAy = ld(a, BS_VY);
    let wA = ld(a, BS_W);
    let vBx = ld(b, BS_VX);
    let vBy = ld(b, BS_VY);
    let wB = ld(b, BS_W);
    const dqAc = ld(a, BS_DQC);
    const dqAs = ld(a, BS_DQS);
    const dqBc = ld(b, BS_DQC);
    const dqBs = ld(b, BS_DQS);
    const dpn = (ld(b, BS_DPX) - ld(a, BS_DPX)) * nx + (ld(b, BS_DPY) - ld(a, BS_DPY)) * ny;
    const biasRate = ld(o, CC_BIAS_RATE);
    const softMass = ld(o, CC_MASS_SCALE);
    const softImpulse = ld(o, CC_IMPULSE_SCALE);
    const twoPoints = ld(o, CC_POINT_COUNT) > 1;
    const q0: usize = o + ((<usize>CC_HEADER) << 3);
    const q1: usize = q0 + ((<usize>CCP_STRIDE) << 3);

    // ---- normal, point 0 ----
    {
      const rnA = ld(q0, CCP_RN_A);
      const rnB = ld(q0, CCP_RN_B);
      const sep =
        dpn +
        dqBc * ld(q0, CCP_DN_B) +
        dqBs * rnB -
        dqAc * ld(q0, CCP_DN_A) -
        dqAs * rnA +
        ld(q0, CCP_ADJUSTED_SEPARATION);
      let bias = 0.0;
      let massScale = 1.0;
      let impulseScale = 0.0;
      if (sep > 0) {
        bias = sep * invH;
      } else if (useBias != 0) {
        bias = biasRate * sep;
        if (bias < -pushMaxSpeed) bias = -pushMaxSpeed;
        massScale = softMass;
        impulseScale = softImpulse;
      }
      const vn = (vBx - vAx) * nx + (vBy - vAy) * ny + wB * rnB - wA * rnA;
      const old = ld(q0, CCP_NORMAL_IMPULSE);
      const raw = old - ld(q0, CCP_NORMAL_MASS) * massScale * (vn + bias) - impulseScale * old;
      const total = raw > 0 ? raw : 0.0;
      const impulse = total - old;
      st(q0, CCP_NORMAL_IMPULSE, total);
      if (impulse > ld(q0, CCP_MAX_NORMAL_IMPULSE)) st(q0, CCP_MAX_NORMAL_IMPULSE, impulse);
      vAx -= mA * impulse * nx;
      vAy -= mA * impulse * ny;
      wA -= iA * impulse * rnA;
      vBx += mB * impulse * nx;
      vBy += mB * impulse * ny;
      wB += iB * impulse * rnB;
    }
    // ---- normal, point 1 ----
    if (twoPoints) {
      const rnA = ld(q1, CCP_RN_A);
      const rnB = ld(q1, CCP_RN_B);
      const sep =
        dpn +
        dqBc * ld(q1, CCP_DN_B) +
        dqBs * rnB -
        dqAc * ld(q1, CCP_DN_A) -
        dqAs * rnA +
        ld(q1, CCP_ADJUSTED_SEPARATION);
      let bias = 0.0;
      let massScale = 1.0;
      let impulseScale = 0.0;
      if (sep > 0) {
        bias = sep * invH;
      } else if (useBias != 0) {
        bias = biasRate * sep;
        if (bias < -pushMaxSpeed) bias = -pushMaxSpeed;
        massScale = softMass;
        impulseScale = softImpulse;
      }
      const vn = (vBx - vAx) * nx + (vBy - vAy) * ny + wB * rnB - wA * rnA;
      const old = ld(q1, CCP_NORMAL_IMPULSE);
      const raw = old - ld(q1, CCP_NORMAL_MASS) * massScale * (vn + bias) - impulseScale * old;
      const total = raw > 0 ? raw : 0.0;
      const impulse = total - old;
      st(q1, CCP_NORMAL_IMPULSE, total);
      if (impulse > ld(q1, CCP_MAX_NORMAL_IMPULSE)) st(q1, CCP_MAX_NORMAL_IMPULSE, impulse);
      vAx -= mA * impulse * nx;
      vAy -= mA * impulse * ny;
      wA -= iA * impulse * rnA;
      vBx += mB * impulse * nx;
      vBy += mB * impulse * ny;
      wB += iB * impulse * rnB;
    }

    const friction = ld(o, CC_FRICTION);
    const tangentSpeed = ld(o, CC_TANGENT_SPEED);
    // ---- friction, point 0 ----
    {
      const dnA = ld(q0, CCP_DN_A);
      const dnB = ld(q0, CCP_DN_B);
      const vt = (vBx - vAx) * ny - (vBy - vAy) * nx - wB * dnB + wA * dnA + tangentSpeed;
      const old = ld(q0, CCP_TANGENT_IMPULSE);
      const maxFriction = friction * ld(q0, CCP_NORMAL_IMPULSE);
      const raw = old - ld(q0, CCP_TANGENT_MASS) * vt;
      const total = raw > maxFriction ? maxFriction : raw < -maxFriction ? -maxFriction : raw;
      const impulse = total - old;
      st(q0, CCP_TANGENT_IMPULSE, total);
      vAx -= mA * impulse * ny;
      vAy += mA * impulse * nx;
      wA += iA * impulse * dnA;
      vBx += mB * impulse * ny;
      vBy -= mB * impulse * nx;
      wB -= iB * impulse * dnB;
    }
    // ---- friction, point 1 ----
    if (twoPoints) {
      const dnA = ld(q1, CCP_DN_A);
      const dnB = ld(q1, CCP_DN_B);
      const vt = (vBx - vAx) * ny - (vBy - vAy) * nx - wB * dnB + wA * dnA + tangentSpeed;
      const old = ld(q1, CCP_TANGENT_IMPULSE);
      const maxFriction = friction * ld(q1, CCP_NORMAL_IMPULSE);
      const raw = old - ld(q1, CCP_TANGENT_MASS) * vt;
      const total = raw > maxFriction ? maxFriction : raw < -maxFriction ? -maxFriction : raw;
      const impulse = total - old;
      st(q1, CCP_TANGENT_IMPULSE, total);
      vAx -= mA * impulse * ny;
      vAy += mA * impulse * nx;
      wA += iA * impulse * dnA;
      vBx += mB * impulse * ny;
      vBy -= mB * impulse * nx;
      wB -= iB * impulse * dnB;
    }
    // ---- rolling resistance ----
    const rollingResistance = ld(o, CC_ROLLING_RESISTANCE);
    if (rollingResistance > 0) {
      const normalTotal = ld(q0, CCP_NORMAL_IMPULSE) + (twoPoints ? ld(q1, CCP_NORMAL_IMPULSE) : 0.0);
      const maxRolling = rollingResistance * normalTotal;
      const old = ld(o, CC_ROLLING_IMPULSE);
      const raw = old - ld(o, CC_ROLLING_MASS) * (wB - wA);
      const total = raw > maxRolling ? maxRolling : raw < -maxRolling ? -maxRolling : raw;
      const impulse = total - old;
      st(o, CC_ROLLING_IMPULSE, total);
      wA -= iA * impulse;
      wB += iB * impulse;
    }
    st(a, BS_VX, vAx);
    st(a, BS_VY, vAy);
    st(a, BS_W, wA);
    st(b, BS_VX, vBx);
    st(b, BS_VY, vBy);
    st(b, BS_W, wB);
  }
}
