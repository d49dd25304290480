// AssemblyScript source of the WebAssembly contact solver kernel (compiled by scripts/build-wasm.mjs into
// src/wasm/contact-solver-bytes.ts). It is the same computation as warmStartContacts and solveContacts in
// src/solve-contacts.ts (and, further down, as the body passes of src/integrate.ts and the plain pins of
// src/joints/pin.ts), operation for operation and in the same order, over the same record layouts (imported from
// core's solver-layout.ts and joint-layout.ts), reading the solver's arrays in place in the kernel's linear memory. WebAssembly
// f64 arithmetic is IEEE 754 binary64 with no fused operations, as JavaScript's is, and the contact records' float
// fields are promoted and demoted as a Float32Array reads and writes them, so both paths give identical bits; a test
// steps scenes both ways and compares. Why a second copy of the hottest loop: V8 runs this one about
// 25% faster (no bounds checks, no tagged values), measured on large_pyramid's 14,950 contacts, and the two records
// of a pair (2k, 2k+1: interleaved, see CC_LANES) go at once in SIMD lanes when they share no body (another 7% there,
// 20% on tumbler). Within one graph colour no records share a body, and two pairs go at once (solveQuad: 12% less
// solve time on large_pyramid and many_pyramids).
import {
  BS_STRIDE,
  BS_DPX,
  BS_DPY,
  BS_DQC,
  BS_DQS,
  BS_INV_MASS,
  BS_INV_I,
  BS_VX,
  BS_VY,
  BS_W,
  CC_BIAS_RATE,
  CC_FRICTION,
  CC_HEADER,
  CC_IMPULSE_SCALE,
  CC_INDEX_A,
  CC_INDEX_B,
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
  CC_PAIR_STRIDE,
  KS_H,
  KS_JOINT_IMPULSE_SCALE,
  KS_JOINT_MASS_SCALE,
  KS_JOINT_RATE,
  KS_MAX_LINEAR_SPEED,
  BI_ANGULAR_DAMPING,
  BI_DVX,
  BI_DVY,
  BI_DW,
  BI_LINEAR_DAMPING,
  BI_STRIDE,
  BUILD_BODY_A,
  BUILD_BODY_B,
  BUILD_C,
  BUILD_CENTRES,
  BUILD_FLAGS,
  BUILD_FRICTION,
  BUILD_HIT_EVENTS,
  BUILD_INDEX_OF,
  BUILD_LOCAL_CENTER_X,
  BUILD_LOCAL_CENTER_Y,
  BUILD_NORMAL_X,
  BUILD_NORMAL_Y,
  BUILD_PARAMS,
  BUILD_POINT_COUNT,
  BUILD_POINTS,
  BUILD_RECORD_ROWS,
  BUILD_RESTITUTION,
  BUILD_ROLLING_RESISTANCE,
  BUILD_S,
  BUILD_SLOT,
  BUILD_TANGENT_SPEED,
  BUILD_X,
  BUILD_Y,
  CC_CONTACT,
  CC_RESTITUTION,
  CCP_RELATIVE_VELOCITY,
  CENTRE_INV_I,
  CENTRE_INV_MASS,
  CENTRE_LCX,
  CENTRE_LCY,
  CENTRE_ORIGIN_X,
  CENTRE_ORIGIN_Y,
  CENTRE_STRIDE,
  SP_HIT_THRESHOLD,
  SP_MAX_LINEAR_SPEED,
  SP_RESTITUTION_THRESHOLD,
  SP_SEPARATION_SHIFT,
  SP_SOFT_IMPULSE,
  SP_SOFT_MASS,
  SP_SOFT_RATE,
  SP_STATIC_IMPULSE,
  SP_STATIC_MASS,
  SP_STATIC_RATE,
  SP_WARM_START,
} from '../../core/src/solver/solver-layout';
import {
  CONTACT_POINTS_STRIDE,
  CP_ANCHOR_AX,
  CP_ANCHOR_AY,
  CP_NORMAL_IMPULSE,
  CP_SEPARATION,
  CP_STRIDE,
  CP_TANGENT_IMPULSE,
} from '../../core/src/state/contact-point-layout';
import { MAX_ROTATION } from '../../core/src/settings';
import {
  JC_DELTA_CX,
  JC_DELTA_CY,
  JC_FRAME_AX,
  JC_FRAME_AY,
  JC_FRAME_BX,
  JC_FRAME_BY,
  JC_INDEX_A,
  JC_INDEX_B,
  JC_INV_I_A,
  JC_INV_I_B,
  JC_INV_MASS_A,
  JC_INV_MASS_B,
  PIN_IMPULSE,
  PIN_STRIDE,
} from '../../core/src/state/joint-layout';

// Field `i` (a double index) of the body state record at byte address `base`.
function ld(base: usize, i: i32): f64 {
  return load<f64>(base + ((<usize>i) << 3));
}
function st(base: usize, i: i32, v: f64): void {
  store<f64>(base + ((<usize>i) << 3), v);
}
// Field `i` (a float index) of the contact constraint record at byte address `base`: stored as f32, computed in f64
// (see CONSTRAINT_FIELD_BYTES in solver-layout.ts). The promotion is exact; the demotion rounds to nearest, ties to
// even, as a Float32Array store does, so the TypeScript path reads and writes the same values.
function ldc(base: usize, i: i32): f64 {
  return <f64>load<f32>(base + ((<usize>i) << 2));
}
function stc(base: usize, i: i32, v: f64): void {
  store<f32>(base + ((<usize>i) << 2), <f32>v);
}
// Byte address of body state record `index` (stored as a float in a contact record, a double in a pin record). The
// index is a whole number below 2^24 (see CONSTRAINT_FIELD_BYTES), so 2^52 + index is exact and holds it in its low
// bits: read off there, it costs an add and a move, where a conversion to an integer costs V8's checks that it fits.
function body(states: usize, index: f64): usize {
  const whole = <i32>reinterpret<i64>(index + 4503599627370496.0);
  return states + ((<usize>(whole * BS_STRIDE)) << 3);
}

/** warmStartContacts of solve-contacts.ts for the one record at byte address `o`. */
function warmStartOne(o: usize, states: usize): void {
  {
    const a = body(states, ldc(o, CC_INDEX_A));
    const b = body(states, ldc(o, CC_INDEX_B));
    const mA = ld(a, BS_INV_MASS);
    const iA = ld(a, BS_INV_I);
    const mB = ld(b, BS_INV_MASS);
    const iB = ld(b, BS_INV_I);
    const nx = ldc(o, CC_NORMAL_X);
    const ny = ldc(o, CC_NORMAL_Y);
    const pc = <i32>ldc(o, CC_POINT_COUNT);
    let px = 0.0;
    let py = 0.0;
    let angA = 0.0;
    let angB = 0.0;
    for (let j = 0; j < pc; j++) {
      const q: usize = o + ((<usize>(CC_HEADER + j * CCP_STRIDE)) << 2);
      const ln = ldc(q, CCP_NORMAL_IMPULSE);
      const lt = ldc(q, CCP_TANGENT_IMPULSE);
      px += ln * nx + lt * ny;
      py += ln * ny - lt * nx;
      angA += ln * ldc(q, CCP_RN_A) - lt * ldc(q, CCP_DN_A);
      angB += ln * ldc(q, CCP_RN_B) - lt * ldc(q, CCP_DN_B);
    }
    const rolling = ldc(o, CC_ROLLING_IMPULSE);
    st(a, BS_VX, ld(a, BS_VX) - mA * px);
    st(a, BS_VY, ld(a, BS_VY) - mA * py);
    st(a, BS_W, ld(a, BS_W) - iA * (angA + rolling));
    st(b, BS_VX, ld(b, BS_VX) + mB * px);
    st(b, BS_VY, ld(b, BS_VY) + mB * py);
    st(b, BS_W, ld(b, BS_W) + iB * (angB + rolling));
  }
}

/** solveContacts of solve-contacts.ts (see there for the maths) for the one record at byte address `o`. */
function solveOne(o: usize, states: usize, invH: f64, pushMaxSpeed: f64, useBias: i32): void {
  {
    const a = body(states, ldc(o, CC_INDEX_A));
    const b = body(states, ldc(o, CC_INDEX_B));
    const mA = ld(a, BS_INV_MASS);
    const iA = ld(a, BS_INV_I);
    const mB = ld(b, BS_INV_MASS);
    const iB = ld(b, BS_INV_I);
    const nx = ldc(o, CC_NORMAL_X);
    const ny = ldc(o, CC_NORMAL_Y);
    // Products off the dependency chain (as in solve-contacts.ts): each row's velocity update is one multiply and one
    // add after its impulse.
    const mAnx = mA * nx;
    const mAny = mA * ny;
    const mBnx = mB * nx;
    const mBny = mB * ny;
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
    const biasRate = ldc(o, CC_BIAS_RATE);
    const softMass = ldc(o, CC_MASS_SCALE);
    const softImpulse = ldc(o, CC_IMPULSE_SCALE);
    const twoPoints = ldc(o, CC_POINT_COUNT) > 1;
    const q0: usize = o + ((<usize>CC_HEADER) << 2);
    const q1: usize = q0 + ((<usize>CCP_STRIDE) << 2);

    // ---- normal, point 0 ----
    {
      const rnA = ldc(q0, CCP_RN_A);
      const rnB = ldc(q0, CCP_RN_B);
      const sep =
        dpn +
        dqBc * ldc(q0, CCP_DN_B) +
        dqBs * rnB -
        dqAc * ldc(q0, CCP_DN_A) -
        dqAs * rnA +
        ldc(q0, CCP_ADJUSTED_SEPARATION);
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
      const vn = vBx * nx + vBy * ny - (vAx * nx + vAy * ny) + (wB * rnB - wA * rnA);
      const old = ldc(q0, CCP_NORMAL_IMPULSE);
      const raw = old - impulseScale * old - ldc(q0, CCP_NORMAL_MASS) * massScale * (vn + bias);
      const total = raw > 0 ? raw : 0.0;
      const impulse = total - old;
      stc(q0, CCP_NORMAL_IMPULSE, total);
      const maxImpulse = ldc(q0, CCP_MAX_NORMAL_IMPULSE);
      stc(q0, CCP_MAX_NORMAL_IMPULSE, impulse > maxImpulse ? impulse : maxImpulse);
      vAx -= impulse * mAnx;
      vAy -= impulse * mAny;
      wA -= impulse * (iA * rnA);
      vBx += impulse * mBnx;
      vBy += impulse * mBny;
      wB += impulse * (iB * rnB);
    }
    // ---- normal, point 1 ----
    if (twoPoints) {
      const rnA = ldc(q1, CCP_RN_A);
      const rnB = ldc(q1, CCP_RN_B);
      const sep =
        dpn +
        dqBc * ldc(q1, CCP_DN_B) +
        dqBs * rnB -
        dqAc * ldc(q1, CCP_DN_A) -
        dqAs * rnA +
        ldc(q1, CCP_ADJUSTED_SEPARATION);
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
      const vn = vBx * nx + vBy * ny - (vAx * nx + vAy * ny) + (wB * rnB - wA * rnA);
      const old = ldc(q1, CCP_NORMAL_IMPULSE);
      const raw = old - impulseScale * old - ldc(q1, CCP_NORMAL_MASS) * massScale * (vn + bias);
      const total = raw > 0 ? raw : 0.0;
      const impulse = total - old;
      stc(q1, CCP_NORMAL_IMPULSE, total);
      const maxImpulse = ldc(q1, CCP_MAX_NORMAL_IMPULSE);
      stc(q1, CCP_MAX_NORMAL_IMPULSE, impulse > maxImpulse ? impulse : maxImpulse);
      vAx -= impulse * mAnx;
      vAy -= impulse * mAny;
      wA -= impulse * (iA * rnA);
      vBx += impulse * mBnx;
      vBy += impulse * mBny;
      wB += impulse * (iB * rnB);
    }

    const friction = ldc(o, CC_FRICTION);
    const tangentSpeed = ldc(o, CC_TANGENT_SPEED);
    // ---- friction, point 0 ----
    {
      const dnA = ldc(q0, CCP_DN_A);
      const dnB = ldc(q0, CCP_DN_B);
      const vt = vBx * ny - vBy * nx - (vAx * ny - vAy * nx) + (wA * dnA - wB * dnB + tangentSpeed);
      const old = ldc(q0, CCP_TANGENT_IMPULSE);
      const maxFriction = friction * ldc(q0, CCP_NORMAL_IMPULSE);
      const raw = old - ldc(q0, CCP_TANGENT_MASS) * vt;
      const total = raw > maxFriction ? maxFriction : raw < -maxFriction ? -maxFriction : raw;
      const impulse = total - old;
      stc(q0, CCP_TANGENT_IMPULSE, total);
      vAx -= impulse * mAny;
      vAy += impulse * mAnx;
      wA += impulse * (iA * dnA);
      vBx += impulse * mBny;
      vBy -= impulse * mBnx;
      wB -= impulse * (iB * dnB);
    }
    // ---- friction, point 1 ----
    if (twoPoints) {
      const dnA = ldc(q1, CCP_DN_A);
      const dnB = ldc(q1, CCP_DN_B);
      const vt = vBx * ny - vBy * nx - (vAx * ny - vAy * nx) + (wA * dnA - wB * dnB + tangentSpeed);
      const old = ldc(q1, CCP_TANGENT_IMPULSE);
      const maxFriction = friction * ldc(q1, CCP_NORMAL_IMPULSE);
      const raw = old - ldc(q1, CCP_TANGENT_MASS) * vt;
      const total = raw > maxFriction ? maxFriction : raw < -maxFriction ? -maxFriction : raw;
      const impulse = total - old;
      stc(q1, CCP_TANGENT_IMPULSE, total);
      vAx -= impulse * mAny;
      vAy += impulse * mAnx;
      wA += impulse * (iA * dnA);
      vBx += impulse * mBny;
      vBy -= impulse * mBnx;
      wB -= impulse * (iB * dnB);
    }
    // ---- rolling resistance ----
    const rollingResistance = ldc(o, CC_ROLLING_RESISTANCE);
    if (rollingResistance > 0) {
      const normalTotal = ldc(q0, CCP_NORMAL_IMPULSE) + (twoPoints ? ldc(q1, CCP_NORMAL_IMPULSE) : 0.0);
      const maxRolling = rollingResistance * normalTotal;
      const old = ldc(o, CC_ROLLING_IMPULSE);
      const raw = old - ldc(o, CC_ROLLING_MASS) * (wB - wA);
      const total = raw > maxRolling ? maxRolling : raw < -maxRolling ? -maxRolling : raw;
      const impulse = total - old;
      stc(o, CC_ROLLING_IMPULSE, total);
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

// ---- two records per f64x2 (WebAssembly SIMD) ----

// Two lanes: double field i of the body state records at x (lane 0) and y (lane 1).
function ld2(x: usize, y: usize, i: i32): v128 {
  const off = (<usize>i) << 3;
  return v128.load64_lane(y + off, v128.load64_zero(x + off), 1);
}
function st2(x: usize, y: usize, i: i32, v: v128): void {
  const off = (<usize>i) << 3;
  v128.store64_lane(x + off, v, 0);
  v128.store64_lane(y + off, v, 1);
}
// Field i of the pair of contact records at o (see CC_LANES: the two records' floats side by side), promoted to two
// lanes; st2c demotes them back. One load or store for both lanes.
function ld2c(o: usize, i: i32): v128 {
  return f64x2.promote_low_f32x4(v128.load64_zero(o + ((<usize>i) << 2)));
}
function st2c(o: usize, i: i32, v: v128): void {
  v128.store64_lane(o + ((<usize>i) << 2), f32x4.demote_f64x2_zero(v), 0);
}
function sel(a: v128, b: v128, mask: v128): v128 {
  return v128.bitselect(a, b, mask);
}

// The rows' expressions, shared by solvePair and solveQuad: the scalar code's operations in its order, per lane. Static methods of a class, so
// that the inline decorator is also valid TypeScript (which the formatter and linter read this file as).
class Rows {
  @inline static separation(
    dpn: v128,
    dqAc: v128,
    dqAs: v128,
    dqBc: v128,
    dqBs: v128,
    rnA: v128,
    rnB: v128,
    p: usize,
  ): v128 {
    // sep = dpn + dqBc*dnB + dqBs*rnB - dqAc*dnA - dqAs*rnA + adj  (left to right, as the scalar code)
    return f64x2.add(
      f64x2.sub(
        f64x2.sub(
          f64x2.add(f64x2.add(dpn, f64x2.mul(dqBc, ld2c(p, CCP_DN_B))), f64x2.mul(dqBs, rnB)),
          f64x2.mul(dqAc, ld2c(p, CCP_DN_A)),
        ),
        f64x2.mul(dqAs, rnA),
      ),
      ld2c(p, CCP_ADJUSTED_SEPARATION),
    );
  }
  @inline static normalSpeed(
    vAx: v128,
    vAy: v128,
    wA: v128,
    vBx: v128,
    vBy: v128,
    wB: v128,
    nx: v128,
    ny: v128,
    rnA: v128,
    rnB: v128,
  ): v128 {
    // vn = vBx*nx + vBy*ny - (vAx*nx + vAy*ny) + (wB*rnB - wA*rnA)
    return f64x2.add(
      f64x2.sub(f64x2.add(f64x2.mul(vBx, nx), f64x2.mul(vBy, ny)), f64x2.add(f64x2.mul(vAx, nx), f64x2.mul(vAy, ny))),
      f64x2.sub(f64x2.mul(wB, rnB), f64x2.mul(wA, rnA)),
    );
  }
  @inline static tangentVelocity(
    vAx: v128,
    vAy: v128,
    wA: v128,
    vBx: v128,
    vBy: v128,
    wB: v128,
    nx: v128,
    ny: v128,
    dnA: v128,
    dnB: v128,
    ts: v128,
  ): v128 {
    // vt = vBx*ny - vBy*nx - (vAx*ny - vAy*nx) + (wA*dnA - wB*dnB + tangentSpeed)
    return f64x2.add(
      f64x2.sub(f64x2.sub(f64x2.mul(vBx, ny), f64x2.mul(vBy, nx)), f64x2.sub(f64x2.mul(vAx, ny), f64x2.mul(vAy, nx))),
      f64x2.add(f64x2.sub(f64x2.mul(wA, dnA), f64x2.mul(wB, dnB)), ts),
    );
  }
}

// The pair of records at o (records 2k and 2k+1, see CC_LANES) solved side by side, one per lane. They share no
// movable body (the caller checks), so this is exactly solving one then the other, in either order. Every branch of
// the scalar code becomes a lane select, with the same operations in the same order per lane; a lane whose record
// has no second point keeps its values.
function solvePair(o: usize, states: usize, invH: v128, pushMax: v128, negPushMax: v128, useBias: bool): void {
  const a0 = body(states, ldc(o, CC_INDEX_A));
  const b0 = body(states, ldc(o, CC_INDEX_B));
  const a1 = body(states, ldc(o + 4, CC_INDEX_A));
  const b1 = body(states, ldc(o + 4, CC_INDEX_B));
  const mA = ld2(a0, a1, BS_INV_MASS);
  const iA = ld2(a0, a1, BS_INV_I);
  const mB = ld2(b0, b1, BS_INV_MASS);
  const iB = ld2(b0, b1, BS_INV_I);
  const nx = ld2c(o, CC_NORMAL_X);
  const ny = ld2c(o, CC_NORMAL_Y);
  const mAnx = f64x2.mul(mA, nx);
  const mAny = f64x2.mul(mA, ny);
  const mBnx = f64x2.mul(mB, nx);
  const mBny = f64x2.mul(mB, ny);
  let vAx = ld2(a0, a1, BS_VX);
  let vAy = ld2(a0, a1, BS_VY);
  let wA = ld2(a0, a1, BS_W);
  let vBx = ld2(b0, b1, BS_VX);
  let vBy = ld2(b0, b1, BS_VY);
  let wB = ld2(b0, b1, BS_W);
  const dqAc = ld2(a0, a1, BS_DQC);
  const dqAs = ld2(a0, a1, BS_DQS);
  const dqBc = ld2(b0, b1, BS_DQC);
  const dqBs = ld2(b0, b1, BS_DQS);
  const dpn = f64x2.add(
    f64x2.mul(f64x2.sub(ld2(b0, b1, BS_DPX), ld2(a0, a1, BS_DPX)), nx),
    f64x2.mul(f64x2.sub(ld2(b0, b1, BS_DPY), ld2(a0, a1, BS_DPY)), ny),
  );
  const biasRate = ld2c(o, CC_BIAS_RATE);
  const softMass = ld2c(o, CC_MASS_SCALE);
  const softImpulse = ld2c(o, CC_IMPULSE_SCALE);
  const zero = f64x2.splat(0);
  const one = f64x2.splat(1);
  const two = f64x2.gt(ld2c(o, CC_POINT_COUNT), one); // lanes with a second point
  const q0 = o + ((<usize>CC_HEADER) << 2);
  for (let j = 0; j < 2; j++) {
    const p = q0 + ((<usize>(j * CCP_STRIDE)) << 2);
    const active = j == 0 ? v128.not(zero) : two;
    if (j == 1 && !v128.any_true(two)) break;
    const rnA = ld2c(p, CCP_RN_A);
    const rnB = ld2c(p, CCP_RN_B);
    const sep = Rows.separation(dpn, dqAc, dqAs, dqBc, dqBs, rnA, rnB, p);
    const spec = f64x2.gt(sep, zero);
    let bias: v128;
    let massScale: v128;
    let impulseScale: v128;
    if (useBias) {
      let soft = f64x2.mul(biasRate, sep);
      soft = sel(negPushMax, soft, f64x2.lt(soft, negPushMax));
      bias = sel(f64x2.mul(sep, invH), soft, spec);
      massScale = sel(one, softMass, spec);
      impulseScale = sel(zero, softImpulse, spec);
    } else {
      bias = sel(f64x2.mul(sep, invH), zero, spec);
      massScale = one;
      impulseScale = zero;
    }
    const vn = Rows.normalSpeed(vAx, vAy, wA, vBx, vBy, wB, nx, ny, rnA, rnB);
    const old = ld2c(p, CCP_NORMAL_IMPULSE);
    // raw = old - impulseScale*old - nm*massScale*(vn + bias)
    const raw = f64x2.sub(
      f64x2.sub(old, f64x2.mul(impulseScale, old)),
      f64x2.mul(f64x2.mul(ld2c(p, CCP_NORMAL_MASS), massScale), f64x2.add(vn, bias)),
    );
    const total = sel(raw, zero, f64x2.gt(raw, zero));
    const impulse = f64x2.sub(total, old);
    const maxImp = ld2c(p, CCP_MAX_NORMAL_IMPULSE);
    if (j == 0) {
      st2c(p, CCP_NORMAL_IMPULSE, total);
      st2c(p, CCP_MAX_NORMAL_IMPULSE, sel(impulse, maxImp, f64x2.gt(impulse, maxImp)));
      vAx = f64x2.sub(vAx, f64x2.mul(impulse, mAnx));
      vAy = f64x2.sub(vAy, f64x2.mul(impulse, mAny));
      wA = f64x2.sub(wA, f64x2.mul(impulse, f64x2.mul(iA, rnA)));
      vBx = f64x2.add(vBx, f64x2.mul(impulse, mBnx));
      vBy = f64x2.add(vBy, f64x2.mul(impulse, mBny));
      wB = f64x2.add(wB, f64x2.mul(impulse, f64x2.mul(iB, rnB)));
    } else {
      st2c(p, CCP_NORMAL_IMPULSE, sel(total, old, active));
      st2c(p, CCP_MAX_NORMAL_IMPULSE, sel(impulse, maxImp, v128.and(active, f64x2.gt(impulse, maxImp))));
      vAx = sel(f64x2.sub(vAx, f64x2.mul(impulse, mAnx)), vAx, active);
      vAy = sel(f64x2.sub(vAy, f64x2.mul(impulse, mAny)), vAy, active);
      wA = sel(f64x2.sub(wA, f64x2.mul(impulse, f64x2.mul(iA, rnA))), wA, active);
      vBx = sel(f64x2.add(vBx, f64x2.mul(impulse, mBnx)), vBx, active);
      vBy = sel(f64x2.add(vBy, f64x2.mul(impulse, mBny)), vBy, active);
      wB = sel(f64x2.add(wB, f64x2.mul(impulse, f64x2.mul(iB, rnB))), wB, active);
    }
  }
  const friction = ld2c(o, CC_FRICTION);
  const tangentSpeed = ld2c(o, CC_TANGENT_SPEED);
  for (let j = 0; j < 2; j++) {
    const p = q0 + ((<usize>(j * CCP_STRIDE)) << 2);
    const active = j == 0 ? v128.not(zero) : two;
    if (j == 1 && !v128.any_true(two)) break;
    const dnA = ld2c(p, CCP_DN_A);
    const dnB = ld2c(p, CCP_DN_B);
    const vt = Rows.tangentVelocity(vAx, vAy, wA, vBx, vBy, wB, nx, ny, dnA, dnB, tangentSpeed);
    const old = ld2c(p, CCP_TANGENT_IMPULSE);
    const maxF = f64x2.mul(friction, ld2c(p, CCP_NORMAL_IMPULSE));
    const negMaxF = f64x2.neg(maxF);
    const raw = f64x2.sub(old, f64x2.mul(ld2c(p, CCP_TANGENT_MASS), vt));
    const total = sel(maxF, sel(negMaxF, raw, f64x2.lt(raw, negMaxF)), f64x2.gt(raw, maxF));
    const impulse = f64x2.sub(total, old);
    if (j == 0) {
      st2c(p, CCP_TANGENT_IMPULSE, total);
      vAx = f64x2.sub(vAx, f64x2.mul(impulse, mAny));
      vAy = f64x2.add(vAy, f64x2.mul(impulse, mAnx));
      wA = f64x2.add(wA, f64x2.mul(impulse, f64x2.mul(iA, dnA)));
      vBx = f64x2.add(vBx, f64x2.mul(impulse, mBny));
      vBy = f64x2.sub(vBy, f64x2.mul(impulse, mBnx));
      wB = f64x2.sub(wB, f64x2.mul(impulse, f64x2.mul(iB, dnB)));
    } else {
      st2c(p, CCP_TANGENT_IMPULSE, sel(total, old, active));
      vAx = sel(f64x2.sub(vAx, f64x2.mul(impulse, mAny)), vAx, active);
      vAy = sel(f64x2.add(vAy, f64x2.mul(impulse, mAnx)), vAy, active);
      wA = sel(f64x2.add(wA, f64x2.mul(impulse, f64x2.mul(iA, dnA))), wA, active);
      vBx = sel(f64x2.add(vBx, f64x2.mul(impulse, mBny)), vBx, active);
      vBy = sel(f64x2.sub(vBy, f64x2.mul(impulse, mBnx)), vBy, active);
      wB = sel(f64x2.sub(wB, f64x2.mul(impulse, f64x2.mul(iB, dnB))), wB, active);
    }
  }
  const rr = ld2c(o, CC_ROLLING_RESISTANCE);
  const rolling = f64x2.gt(rr, zero);
  if (v128.any_true(rolling)) {
    const n0 = ld2c(q0, CCP_NORMAL_IMPULSE);
    const n1 = sel(ld2c(q0 + ((<usize>CCP_STRIDE) << 2), CCP_NORMAL_IMPULSE), zero, two);
    const maxR = f64x2.mul(rr, f64x2.add(n0, n1));
    const negMaxR = f64x2.neg(maxR);
    const old = ld2c(o, CC_ROLLING_IMPULSE);
    const raw = f64x2.sub(old, f64x2.mul(ld2c(o, CC_ROLLING_MASS), f64x2.sub(wB, wA)));
    const total = sel(maxR, sel(negMaxR, raw, f64x2.lt(raw, negMaxR)), f64x2.gt(raw, maxR));
    const impulse = f64x2.sub(total, old);
    st2c(o, CC_ROLLING_IMPULSE, sel(total, old, rolling));
    wA = sel(f64x2.sub(wA, f64x2.mul(iA, impulse)), wA, rolling);
    wB = sel(f64x2.add(wB, f64x2.mul(iB, impulse)), wB, rolling);
  }
  st2(a0, a1, BS_VX, vAx);
  st2(a0, a1, BS_VY, vAy);
  st2(a0, a1, BS_W, wA);
  st2(b0, b1, BS_VX, vBx);
  st2(b0, b1, BS_VY, vBy);
  st2(b0, b1, BS_W, wB);
}

/** Warm start of the pair of records at o side by side (see solvePair). */
function warmStartPair(o: usize, states: usize): void {
  const a0 = body(states, ldc(o, CC_INDEX_A));
  const b0 = body(states, ldc(o, CC_INDEX_B));
  const a1 = body(states, ldc(o + 4, CC_INDEX_A));
  const b1 = body(states, ldc(o + 4, CC_INDEX_B));
  const nx = ld2c(o, CC_NORMAL_X);
  const ny = ld2c(o, CC_NORMAL_Y);
  const two = f64x2.gt(ld2c(o, CC_POINT_COUNT), f64x2.splat(1));
  let px = f64x2.splat(0);
  let py = f64x2.splat(0);
  let angA = f64x2.splat(0);
  let angB = f64x2.splat(0);
  for (let j = 0; j < 2; j++) {
    const p = o + ((<usize>(CC_HEADER + j * CCP_STRIDE)) << 2);
    const ln = ld2c(p, CCP_NORMAL_IMPULSE);
    const lt = ld2c(p, CCP_TANGENT_IMPULSE);
    const nextPx = f64x2.add(px, f64x2.add(f64x2.mul(ln, nx), f64x2.mul(lt, ny)));
    const nextPy = f64x2.add(py, f64x2.sub(f64x2.mul(ln, ny), f64x2.mul(lt, nx)));
    const nextA = f64x2.add(angA, f64x2.sub(f64x2.mul(ln, ld2c(p, CCP_RN_A)), f64x2.mul(lt, ld2c(p, CCP_DN_A))));
    const nextB = f64x2.add(angB, f64x2.sub(f64x2.mul(ln, ld2c(p, CCP_RN_B)), f64x2.mul(lt, ld2c(p, CCP_DN_B))));
    if (j == 0) {
      px = nextPx;
      py = nextPy;
      angA = nextA;
      angB = nextB;
    } else {
      px = sel(nextPx, px, two);
      py = sel(nextPy, py, two);
      angA = sel(nextA, angA, two);
      angB = sel(nextB, angB, two);
    }
  }
  const rolling = ld2c(o, CC_ROLLING_IMPULSE);
  const mA = ld2(a0, a1, BS_INV_MASS);
  const mB = ld2(b0, b1, BS_INV_MASS);
  st2(a0, a1, BS_VX, f64x2.sub(ld2(a0, a1, BS_VX), f64x2.mul(mA, px)));
  st2(a0, a1, BS_VY, f64x2.sub(ld2(a0, a1, BS_VY), f64x2.mul(mA, py)));
  st2(a0, a1, BS_W, f64x2.sub(ld2(a0, a1, BS_W), f64x2.mul(ld2(a0, a1, BS_INV_I), f64x2.add(angA, rolling))));
  st2(b0, b1, BS_VX, f64x2.add(ld2(b0, b1, BS_VX), f64x2.mul(mB, px)));
  st2(b0, b1, BS_VY, f64x2.add(ld2(b0, b1, BS_VY), f64x2.mul(mB, py)));
  st2(b0, b1, BS_W, f64x2.add(ld2(b0, b1, BS_W), f64x2.mul(ld2(b0, b1, BS_INV_I), f64x2.add(angB, rolling))));
}

// Two pairs of records (at oP and oQ, four records) solved at once: solvePair's operations for both pairs, statement
// by statement side by side. All four records are of one colour, so they share no movable body and commute: the bits
// are those of solving them one after another. Why: a record's rows form one chain of dependent operations, and one
// pair's chain leaves the core's execution units mostly idle; two independent chains in one stream fill them.
// Two shortcuts with the same results, as the stream is now bound by its instruction count (13% fewer sweep cycles
// on large_pyramid): a clamp `x > 0 ? x : 0` is f64x2.pmax(0, x), which WebAssembly defines as exactly that select
// (one instruction for a compare and three bitwise ones); and when every lane has a second point, its rows skip the
// selects that keep a lane without one unchanged.
function solveQuad(oP: usize, oQ: usize, states: usize, invH: v128, negPushMax: v128, useBias: bool): void {
  const zero = f64x2.splat(0);
  const one = f64x2.splat(1);
  const a0P = body(states, ldc(oP, CC_INDEX_A));
  const a0Q = body(states, ldc(oQ, CC_INDEX_A));
  const b0P = body(states, ldc(oP, CC_INDEX_B));
  const b0Q = body(states, ldc(oQ, CC_INDEX_B));
  const a1P = body(states, ldc(oP + 4, CC_INDEX_A));
  const a1Q = body(states, ldc(oQ + 4, CC_INDEX_A));
  const b1P = body(states, ldc(oP + 4, CC_INDEX_B));
  const b1Q = body(states, ldc(oQ + 4, CC_INDEX_B));
  const mAP = ld2(a0P, a1P, BS_INV_MASS);
  const mAQ = ld2(a0Q, a1Q, BS_INV_MASS);
  const iAP = ld2(a0P, a1P, BS_INV_I);
  const iAQ = ld2(a0Q, a1Q, BS_INV_I);
  const mBP = ld2(b0P, b1P, BS_INV_MASS);
  const mBQ = ld2(b0Q, b1Q, BS_INV_MASS);
  const iBP = ld2(b0P, b1P, BS_INV_I);
  const iBQ = ld2(b0Q, b1Q, BS_INV_I);
  const nxP = ld2c(oP, CC_NORMAL_X);
  const nxQ = ld2c(oQ, CC_NORMAL_X);
  const nyP = ld2c(oP, CC_NORMAL_Y);
  const nyQ = ld2c(oQ, CC_NORMAL_Y);
  const mAnxP = f64x2.mul(mAP, nxP);
  const mAnxQ = f64x2.mul(mAQ, nxQ);
  const mAnyP = f64x2.mul(mAP, nyP);
  const mAnyQ = f64x2.mul(mAQ, nyQ);
  const mBnxP = f64x2.mul(mBP, nxP);
  const mBnxQ = f64x2.mul(mBQ, nxQ);
  const mBnyP = f64x2.mul(mBP, nyP);
  const mBnyQ = f64x2.mul(mBQ, nyQ);
  let vAxP = ld2(a0P, a1P, BS_VX);
  let vAxQ = ld2(a0Q, a1Q, BS_VX);
  let vAyP = ld2(a0P, a1P, BS_VY);
  let vAyQ = ld2(a0Q, a1Q, BS_VY);
  let wAP = ld2(a0P, a1P, BS_W);
  let wAQ = ld2(a0Q, a1Q, BS_W);
  let vBxP = ld2(b0P, b1P, BS_VX);
  let vBxQ = ld2(b0Q, b1Q, BS_VX);
  let vByP = ld2(b0P, b1P, BS_VY);
  let vByQ = ld2(b0Q, b1Q, BS_VY);
  let wBP = ld2(b0P, b1P, BS_W);
  let wBQ = ld2(b0Q, b1Q, BS_W);
  const dqAcP = ld2(a0P, a1P, BS_DQC);
  const dqAcQ = ld2(a0Q, a1Q, BS_DQC);
  const dqAsP = ld2(a0P, a1P, BS_DQS);
  const dqAsQ = ld2(a0Q, a1Q, BS_DQS);
  const dqBcP = ld2(b0P, b1P, BS_DQC);
  const dqBcQ = ld2(b0Q, b1Q, BS_DQC);
  const dqBsP = ld2(b0P, b1P, BS_DQS);
  const dqBsQ = ld2(b0Q, b1Q, BS_DQS);
  const dpnP = f64x2.add(
    f64x2.mul(f64x2.sub(ld2(b0P, b1P, BS_DPX), ld2(a0P, a1P, BS_DPX)), nxP),
    f64x2.mul(f64x2.sub(ld2(b0P, b1P, BS_DPY), ld2(a0P, a1P, BS_DPY)), nyP),
  );
  const dpnQ = f64x2.add(
    f64x2.mul(f64x2.sub(ld2(b0Q, b1Q, BS_DPX), ld2(a0Q, a1Q, BS_DPX)), nxQ),
    f64x2.mul(f64x2.sub(ld2(b0Q, b1Q, BS_DPY), ld2(a0Q, a1Q, BS_DPY)), nyQ),
  );
  const biasRateP = ld2c(oP, CC_BIAS_RATE);
  const biasRateQ = ld2c(oQ, CC_BIAS_RATE);
  const softMassP = ld2c(oP, CC_MASS_SCALE);
  const softMassQ = ld2c(oQ, CC_MASS_SCALE);
  const softImpulseP = ld2c(oP, CC_IMPULSE_SCALE);
  const softImpulseQ = ld2c(oQ, CC_IMPULSE_SCALE);
  const twoP = f64x2.gt(ld2c(oP, CC_POINT_COUNT), one);
  const twoQ = f64x2.gt(ld2c(oQ, CC_POINT_COUNT), one);
  const p0P = oP + ((<usize>CC_HEADER) << 2);
  const p0Q = oQ + ((<usize>CC_HEADER) << 2);
  const p1P = p0P + ((<usize>CCP_STRIDE) << 2);
  const p1Q = p0Q + ((<usize>CCP_STRIDE) << 2);
  const second = v128.any_true(v128.or(twoP, twoQ));
  const allTwo = i64x2.all_true(v128.and(twoP, twoQ));
  // ---- normal, point 0 ----
  {
    const rnAP = ld2c(p0P, CCP_RN_A);
    const rnAQ = ld2c(p0Q, CCP_RN_A);
    const rnBP = ld2c(p0P, CCP_RN_B);
    const rnBQ = ld2c(p0Q, CCP_RN_B);
    const sepP = Rows.separation(dpnP, dqAcP, dqAsP, dqBcP, dqBsP, rnAP, rnBP, p0P);
    const sepQ = Rows.separation(dpnQ, dqAcQ, dqAsQ, dqBcQ, dqBsQ, rnAQ, rnBQ, p0Q);
    const specP = f64x2.gt(sepP, zero);
    const specQ = f64x2.gt(sepQ, zero);
    let biasP = sel(f64x2.mul(sepP, invH), zero, specP);
    let biasQ = sel(f64x2.mul(sepQ, invH), zero, specQ);
    let massScaleP = one;
    let massScaleQ = one;
    let impulseScaleP = zero;
    let impulseScaleQ = zero;
    if (useBias) {
      let softP = f64x2.mul(biasRateP, sepP);
      let softQ = f64x2.mul(biasRateQ, sepQ);
      softP = f64x2.pmax(softP, negPushMax); // soft < −pushMax ? −pushMax : soft
      softQ = f64x2.pmax(softQ, negPushMax); // soft < −pushMax ? −pushMax : soft
      biasP = sel(f64x2.mul(sepP, invH), softP, specP);
      biasQ = sel(f64x2.mul(sepQ, invH), softQ, specQ);
      massScaleP = sel(one, softMassP, specP);
      massScaleQ = sel(one, softMassQ, specQ);
      impulseScaleP = sel(zero, softImpulseP, specP);
      impulseScaleQ = sel(zero, softImpulseQ, specQ);
    }
    const vnP = Rows.normalSpeed(vAxP, vAyP, wAP, vBxP, vByP, wBP, nxP, nyP, rnAP, rnBP);
    const vnQ = Rows.normalSpeed(vAxQ, vAyQ, wAQ, vBxQ, vByQ, wBQ, nxQ, nyQ, rnAQ, rnBQ);
    const oldP = ld2c(p0P, CCP_NORMAL_IMPULSE);
    const oldQ = ld2c(p0Q, CCP_NORMAL_IMPULSE);
    const rawP = f64x2.sub(
      f64x2.sub(oldP, f64x2.mul(impulseScaleP, oldP)),
      f64x2.mul(f64x2.mul(ld2c(p0P, CCP_NORMAL_MASS), massScaleP), f64x2.add(vnP, biasP)),
    );
    const rawQ = f64x2.sub(
      f64x2.sub(oldQ, f64x2.mul(impulseScaleQ, oldQ)),
      f64x2.mul(f64x2.mul(ld2c(p0Q, CCP_NORMAL_MASS), massScaleQ), f64x2.add(vnQ, biasQ)),
    );
    const totalP = f64x2.pmax(zero, rawP); // raw > 0 ? raw : 0
    const totalQ = f64x2.pmax(zero, rawQ); // raw > 0 ? raw : 0
    const impulseP = f64x2.sub(totalP, oldP);
    const impulseQ = f64x2.sub(totalQ, oldQ);
    const maxImpP = ld2c(p0P, CCP_MAX_NORMAL_IMPULSE);
    const maxImpQ = ld2c(p0Q, CCP_MAX_NORMAL_IMPULSE);
    st2c(p0P, CCP_NORMAL_IMPULSE, totalP);
    st2c(p0Q, CCP_NORMAL_IMPULSE, totalQ);
    st2c(p0P, CCP_MAX_NORMAL_IMPULSE, f64x2.pmax(maxImpP, impulseP));
    st2c(p0Q, CCP_MAX_NORMAL_IMPULSE, f64x2.pmax(maxImpQ, impulseQ));
    vAxP = f64x2.sub(vAxP, f64x2.mul(impulseP, mAnxP));
    vAxQ = f64x2.sub(vAxQ, f64x2.mul(impulseQ, mAnxQ));
    vAyP = f64x2.sub(vAyP, f64x2.mul(impulseP, mAnyP));
    vAyQ = f64x2.sub(vAyQ, f64x2.mul(impulseQ, mAnyQ));
    wAP = f64x2.sub(wAP, f64x2.mul(impulseP, f64x2.mul(iAP, rnAP)));
    wAQ = f64x2.sub(wAQ, f64x2.mul(impulseQ, f64x2.mul(iAQ, rnAQ)));
    vBxP = f64x2.add(vBxP, f64x2.mul(impulseP, mBnxP));
    vBxQ = f64x2.add(vBxQ, f64x2.mul(impulseQ, mBnxQ));
    vByP = f64x2.add(vByP, f64x2.mul(impulseP, mBnyP));
    vByQ = f64x2.add(vByQ, f64x2.mul(impulseQ, mBnyQ));
    wBP = f64x2.add(wBP, f64x2.mul(impulseP, f64x2.mul(iBP, rnBP)));
    wBQ = f64x2.add(wBQ, f64x2.mul(impulseQ, f64x2.mul(iBQ, rnBQ)));
  }
  // ---- normal, point 1 (lanes without one keep their values) ----
  if (allTwo) {
    const rnAP = ld2c(p1P, CCP_RN_A);
    const rnAQ = ld2c(p1Q, CCP_RN_A);
    const rnBP = ld2c(p1P, CCP_RN_B);
    const rnBQ = ld2c(p1Q, CCP_RN_B);
    const sepP = Rows.separation(dpnP, dqAcP, dqAsP, dqBcP, dqBsP, rnAP, rnBP, p1P);
    const sepQ = Rows.separation(dpnQ, dqAcQ, dqAsQ, dqBcQ, dqBsQ, rnAQ, rnBQ, p1Q);
    const specP = f64x2.gt(sepP, zero);
    const specQ = f64x2.gt(sepQ, zero);
    let biasP = sel(f64x2.mul(sepP, invH), zero, specP);
    let biasQ = sel(f64x2.mul(sepQ, invH), zero, specQ);
    let massScaleP = one;
    let massScaleQ = one;
    let impulseScaleP = zero;
    let impulseScaleQ = zero;
    if (useBias) {
      let softP = f64x2.mul(biasRateP, sepP);
      let softQ = f64x2.mul(biasRateQ, sepQ);
      softP = f64x2.pmax(softP, negPushMax); // soft < −pushMax ? −pushMax : soft
      softQ = f64x2.pmax(softQ, negPushMax); // soft < −pushMax ? −pushMax : soft
      biasP = sel(f64x2.mul(sepP, invH), softP, specP);
      biasQ = sel(f64x2.mul(sepQ, invH), softQ, specQ);
      massScaleP = sel(one, softMassP, specP);
      massScaleQ = sel(one, softMassQ, specQ);
      impulseScaleP = sel(zero, softImpulseP, specP);
      impulseScaleQ = sel(zero, softImpulseQ, specQ);
    }
    const vnP = Rows.normalSpeed(vAxP, vAyP, wAP, vBxP, vByP, wBP, nxP, nyP, rnAP, rnBP);
    const vnQ = Rows.normalSpeed(vAxQ, vAyQ, wAQ, vBxQ, vByQ, wBQ, nxQ, nyQ, rnAQ, rnBQ);
    const oldP = ld2c(p1P, CCP_NORMAL_IMPULSE);
    const oldQ = ld2c(p1Q, CCP_NORMAL_IMPULSE);
    const rawP = f64x2.sub(
      f64x2.sub(oldP, f64x2.mul(impulseScaleP, oldP)),
      f64x2.mul(f64x2.mul(ld2c(p1P, CCP_NORMAL_MASS), massScaleP), f64x2.add(vnP, biasP)),
    );
    const rawQ = f64x2.sub(
      f64x2.sub(oldQ, f64x2.mul(impulseScaleQ, oldQ)),
      f64x2.mul(f64x2.mul(ld2c(p1Q, CCP_NORMAL_MASS), massScaleQ), f64x2.add(vnQ, biasQ)),
    );
    const totalP = f64x2.pmax(zero, rawP); // raw > 0 ? raw : 0
    const totalQ = f64x2.pmax(zero, rawQ); // raw > 0 ? raw : 0
    const impulseP = f64x2.sub(totalP, oldP);
    const impulseQ = f64x2.sub(totalQ, oldQ);
    const maxImpP = ld2c(p1P, CCP_MAX_NORMAL_IMPULSE);
    const maxImpQ = ld2c(p1Q, CCP_MAX_NORMAL_IMPULSE);
    st2c(p1P, CCP_NORMAL_IMPULSE, totalP);
    st2c(p1Q, CCP_NORMAL_IMPULSE, totalQ);
    st2c(p1P, CCP_MAX_NORMAL_IMPULSE, f64x2.pmax(maxImpP, impulseP));
    st2c(p1Q, CCP_MAX_NORMAL_IMPULSE, f64x2.pmax(maxImpQ, impulseQ));
    vAxP = f64x2.sub(vAxP, f64x2.mul(impulseP, mAnxP));
    vAxQ = f64x2.sub(vAxQ, f64x2.mul(impulseQ, mAnxQ));
    vAyP = f64x2.sub(vAyP, f64x2.mul(impulseP, mAnyP));
    vAyQ = f64x2.sub(vAyQ, f64x2.mul(impulseQ, mAnyQ));
    wAP = f64x2.sub(wAP, f64x2.mul(impulseP, f64x2.mul(iAP, rnAP)));
    wAQ = f64x2.sub(wAQ, f64x2.mul(impulseQ, f64x2.mul(iAQ, rnAQ)));
    vBxP = f64x2.add(vBxP, f64x2.mul(impulseP, mBnxP));
    vBxQ = f64x2.add(vBxQ, f64x2.mul(impulseQ, mBnxQ));
    vByP = f64x2.add(vByP, f64x2.mul(impulseP, mBnyP));
    vByQ = f64x2.add(vByQ, f64x2.mul(impulseQ, mBnyQ));
    wBP = f64x2.add(wBP, f64x2.mul(impulseP, f64x2.mul(iBP, rnBP)));
    wBQ = f64x2.add(wBQ, f64x2.mul(impulseQ, f64x2.mul(iBQ, rnBQ)));
  } else if (second) {
    const rnAP = ld2c(p1P, CCP_RN_A);
    const rnAQ = ld2c(p1Q, CCP_RN_A);
    const rnBP = ld2c(p1P, CCP_RN_B);
    const rnBQ = ld2c(p1Q, CCP_RN_B);
    const sepP = Rows.separation(dpnP, dqAcP, dqAsP, dqBcP, dqBsP, rnAP, rnBP, p1P);
    const sepQ = Rows.separation(dpnQ, dqAcQ, dqAsQ, dqBcQ, dqBsQ, rnAQ, rnBQ, p1Q);
    const specP = f64x2.gt(sepP, zero);
    const specQ = f64x2.gt(sepQ, zero);
    let biasP = sel(f64x2.mul(sepP, invH), zero, specP);
    let biasQ = sel(f64x2.mul(sepQ, invH), zero, specQ);
    let massScaleP = one;
    let massScaleQ = one;
    let impulseScaleP = zero;
    let impulseScaleQ = zero;
    if (useBias) {
      let softP = f64x2.mul(biasRateP, sepP);
      let softQ = f64x2.mul(biasRateQ, sepQ);
      softP = f64x2.pmax(softP, negPushMax); // soft < −pushMax ? −pushMax : soft
      softQ = f64x2.pmax(softQ, negPushMax); // soft < −pushMax ? −pushMax : soft
      biasP = sel(f64x2.mul(sepP, invH), softP, specP);
      biasQ = sel(f64x2.mul(sepQ, invH), softQ, specQ);
      massScaleP = sel(one, softMassP, specP);
      massScaleQ = sel(one, softMassQ, specQ);
      impulseScaleP = sel(zero, softImpulseP, specP);
      impulseScaleQ = sel(zero, softImpulseQ, specQ);
    }
    const vnP = Rows.normalSpeed(vAxP, vAyP, wAP, vBxP, vByP, wBP, nxP, nyP, rnAP, rnBP);
    const vnQ = Rows.normalSpeed(vAxQ, vAyQ, wAQ, vBxQ, vByQ, wBQ, nxQ, nyQ, rnAQ, rnBQ);
    const oldP = ld2c(p1P, CCP_NORMAL_IMPULSE);
    const oldQ = ld2c(p1Q, CCP_NORMAL_IMPULSE);
    const rawP = f64x2.sub(
      f64x2.sub(oldP, f64x2.mul(impulseScaleP, oldP)),
      f64x2.mul(f64x2.mul(ld2c(p1P, CCP_NORMAL_MASS), massScaleP), f64x2.add(vnP, biasP)),
    );
    const rawQ = f64x2.sub(
      f64x2.sub(oldQ, f64x2.mul(impulseScaleQ, oldQ)),
      f64x2.mul(f64x2.mul(ld2c(p1Q, CCP_NORMAL_MASS), massScaleQ), f64x2.add(vnQ, biasQ)),
    );
    const totalP = f64x2.pmax(zero, rawP); // raw > 0 ? raw : 0
    const totalQ = f64x2.pmax(zero, rawQ); // raw > 0 ? raw : 0
    const impulseP = f64x2.sub(totalP, oldP);
    const impulseQ = f64x2.sub(totalQ, oldQ);
    const maxImpP = ld2c(p1P, CCP_MAX_NORMAL_IMPULSE);
    const maxImpQ = ld2c(p1Q, CCP_MAX_NORMAL_IMPULSE);
    st2c(p1P, CCP_NORMAL_IMPULSE, sel(totalP, oldP, twoP));
    st2c(p1Q, CCP_NORMAL_IMPULSE, sel(totalQ, oldQ, twoQ));
    st2c(p1P, CCP_MAX_NORMAL_IMPULSE, sel(impulseP, maxImpP, v128.and(twoP, f64x2.gt(impulseP, maxImpP))));
    st2c(p1Q, CCP_MAX_NORMAL_IMPULSE, sel(impulseQ, maxImpQ, v128.and(twoQ, f64x2.gt(impulseQ, maxImpQ))));
    vAxP = sel(f64x2.sub(vAxP, f64x2.mul(impulseP, mAnxP)), vAxP, twoP);
    vAxQ = sel(f64x2.sub(vAxQ, f64x2.mul(impulseQ, mAnxQ)), vAxQ, twoQ);
    vAyP = sel(f64x2.sub(vAyP, f64x2.mul(impulseP, mAnyP)), vAyP, twoP);
    vAyQ = sel(f64x2.sub(vAyQ, f64x2.mul(impulseQ, mAnyQ)), vAyQ, twoQ);
    wAP = sel(f64x2.sub(wAP, f64x2.mul(impulseP, f64x2.mul(iAP, rnAP))), wAP, twoP);
    wAQ = sel(f64x2.sub(wAQ, f64x2.mul(impulseQ, f64x2.mul(iAQ, rnAQ))), wAQ, twoQ);
    vBxP = sel(f64x2.add(vBxP, f64x2.mul(impulseP, mBnxP)), vBxP, twoP);
    vBxQ = sel(f64x2.add(vBxQ, f64x2.mul(impulseQ, mBnxQ)), vBxQ, twoQ);
    vByP = sel(f64x2.add(vByP, f64x2.mul(impulseP, mBnyP)), vByP, twoP);
    vByQ = sel(f64x2.add(vByQ, f64x2.mul(impulseQ, mBnyQ)), vByQ, twoQ);
    wBP = sel(f64x2.add(wBP, f64x2.mul(impulseP, f64x2.mul(iBP, rnBP))), wBP, twoP);
    wBQ = sel(f64x2.add(wBQ, f64x2.mul(impulseQ, f64x2.mul(iBQ, rnBQ))), wBQ, twoQ);
  }
  const frictionP = ld2c(oP, CC_FRICTION);
  const frictionQ = ld2c(oQ, CC_FRICTION);
  const tangentSpeedP = ld2c(oP, CC_TANGENT_SPEED);
  const tangentSpeedQ = ld2c(oQ, CC_TANGENT_SPEED);
  // ---- friction, point 0 ----
  {
    const dnAP = ld2c(p0P, CCP_DN_A);
    const dnAQ = ld2c(p0Q, CCP_DN_A);
    const dnBP = ld2c(p0P, CCP_DN_B);
    const dnBQ = ld2c(p0Q, CCP_DN_B);
    const vtP = Rows.tangentVelocity(vAxP, vAyP, wAP, vBxP, vByP, wBP, nxP, nyP, dnAP, dnBP, tangentSpeedP);
    const vtQ = Rows.tangentVelocity(vAxQ, vAyQ, wAQ, vBxQ, vByQ, wBQ, nxQ, nyQ, dnAQ, dnBQ, tangentSpeedQ);
    const oldP = ld2c(p0P, CCP_TANGENT_IMPULSE);
    const oldQ = ld2c(p0Q, CCP_TANGENT_IMPULSE);
    const maxFP = f64x2.mul(frictionP, ld2c(p0P, CCP_NORMAL_IMPULSE));
    const maxFQ = f64x2.mul(frictionQ, ld2c(p0Q, CCP_NORMAL_IMPULSE));
    const negMaxFP = f64x2.neg(maxFP);
    const negMaxFQ = f64x2.neg(maxFQ);
    const rawP = f64x2.sub(oldP, f64x2.mul(ld2c(p0P, CCP_TANGENT_MASS), vtP));
    const rawQ = f64x2.sub(oldQ, f64x2.mul(ld2c(p0Q, CCP_TANGENT_MASS), vtQ));
    const totalP = sel(maxFP, f64x2.pmax(rawP, negMaxFP), f64x2.gt(rawP, maxFP));
    const totalQ = sel(maxFQ, f64x2.pmax(rawQ, negMaxFQ), f64x2.gt(rawQ, maxFQ));
    const impulseP = f64x2.sub(totalP, oldP);
    const impulseQ = f64x2.sub(totalQ, oldQ);
    st2c(p0P, CCP_TANGENT_IMPULSE, totalP);
    st2c(p0Q, CCP_TANGENT_IMPULSE, totalQ);
    vAxP = f64x2.sub(vAxP, f64x2.mul(impulseP, mAnyP));
    vAxQ = f64x2.sub(vAxQ, f64x2.mul(impulseQ, mAnyQ));
    vAyP = f64x2.add(vAyP, f64x2.mul(impulseP, mAnxP));
    vAyQ = f64x2.add(vAyQ, f64x2.mul(impulseQ, mAnxQ));
    wAP = f64x2.add(wAP, f64x2.mul(impulseP, f64x2.mul(iAP, dnAP)));
    wAQ = f64x2.add(wAQ, f64x2.mul(impulseQ, f64x2.mul(iAQ, dnAQ)));
    vBxP = f64x2.add(vBxP, f64x2.mul(impulseP, mBnyP));
    vBxQ = f64x2.add(vBxQ, f64x2.mul(impulseQ, mBnyQ));
    vByP = f64x2.sub(vByP, f64x2.mul(impulseP, mBnxP));
    vByQ = f64x2.sub(vByQ, f64x2.mul(impulseQ, mBnxQ));
    wBP = f64x2.sub(wBP, f64x2.mul(impulseP, f64x2.mul(iBP, dnBP)));
    wBQ = f64x2.sub(wBQ, f64x2.mul(impulseQ, f64x2.mul(iBQ, dnBQ)));
  }
  // ---- friction, point 1 ----
  if (allTwo) {
    const dnAP = ld2c(p1P, CCP_DN_A);
    const dnAQ = ld2c(p1Q, CCP_DN_A);
    const dnBP = ld2c(p1P, CCP_DN_B);
    const dnBQ = ld2c(p1Q, CCP_DN_B);
    const vtP = Rows.tangentVelocity(vAxP, vAyP, wAP, vBxP, vByP, wBP, nxP, nyP, dnAP, dnBP, tangentSpeedP);
    const vtQ = Rows.tangentVelocity(vAxQ, vAyQ, wAQ, vBxQ, vByQ, wBQ, nxQ, nyQ, dnAQ, dnBQ, tangentSpeedQ);
    const oldP = ld2c(p1P, CCP_TANGENT_IMPULSE);
    const oldQ = ld2c(p1Q, CCP_TANGENT_IMPULSE);
    const maxFP = f64x2.mul(frictionP, ld2c(p1P, CCP_NORMAL_IMPULSE));
    const maxFQ = f64x2.mul(frictionQ, ld2c(p1Q, CCP_NORMAL_IMPULSE));
    const negMaxFP = f64x2.neg(maxFP);
    const negMaxFQ = f64x2.neg(maxFQ);
    const rawP = f64x2.sub(oldP, f64x2.mul(ld2c(p1P, CCP_TANGENT_MASS), vtP));
    const rawQ = f64x2.sub(oldQ, f64x2.mul(ld2c(p1Q, CCP_TANGENT_MASS), vtQ));
    const totalP = sel(maxFP, f64x2.pmax(rawP, negMaxFP), f64x2.gt(rawP, maxFP));
    const totalQ = sel(maxFQ, f64x2.pmax(rawQ, negMaxFQ), f64x2.gt(rawQ, maxFQ));
    const impulseP = f64x2.sub(totalP, oldP);
    const impulseQ = f64x2.sub(totalQ, oldQ);
    st2c(p1P, CCP_TANGENT_IMPULSE, totalP);
    st2c(p1Q, CCP_TANGENT_IMPULSE, totalQ);
    vAxP = f64x2.sub(vAxP, f64x2.mul(impulseP, mAnyP));
    vAxQ = f64x2.sub(vAxQ, f64x2.mul(impulseQ, mAnyQ));
    vAyP = f64x2.add(vAyP, f64x2.mul(impulseP, mAnxP));
    vAyQ = f64x2.add(vAyQ, f64x2.mul(impulseQ, mAnxQ));
    wAP = f64x2.add(wAP, f64x2.mul(impulseP, f64x2.mul(iAP, dnAP)));
    wAQ = f64x2.add(wAQ, f64x2.mul(impulseQ, f64x2.mul(iAQ, dnAQ)));
    vBxP = f64x2.add(vBxP, f64x2.mul(impulseP, mBnyP));
    vBxQ = f64x2.add(vBxQ, f64x2.mul(impulseQ, mBnyQ));
    vByP = f64x2.sub(vByP, f64x2.mul(impulseP, mBnxP));
    vByQ = f64x2.sub(vByQ, f64x2.mul(impulseQ, mBnxQ));
    wBP = f64x2.sub(wBP, f64x2.mul(impulseP, f64x2.mul(iBP, dnBP)));
    wBQ = f64x2.sub(wBQ, f64x2.mul(impulseQ, f64x2.mul(iBQ, dnBQ)));
  } else if (second) {
    const dnAP = ld2c(p1P, CCP_DN_A);
    const dnAQ = ld2c(p1Q, CCP_DN_A);
    const dnBP = ld2c(p1P, CCP_DN_B);
    const dnBQ = ld2c(p1Q, CCP_DN_B);
    const vtP = Rows.tangentVelocity(vAxP, vAyP, wAP, vBxP, vByP, wBP, nxP, nyP, dnAP, dnBP, tangentSpeedP);
    const vtQ = Rows.tangentVelocity(vAxQ, vAyQ, wAQ, vBxQ, vByQ, wBQ, nxQ, nyQ, dnAQ, dnBQ, tangentSpeedQ);
    const oldP = ld2c(p1P, CCP_TANGENT_IMPULSE);
    const oldQ = ld2c(p1Q, CCP_TANGENT_IMPULSE);
    const maxFP = f64x2.mul(frictionP, ld2c(p1P, CCP_NORMAL_IMPULSE));
    const maxFQ = f64x2.mul(frictionQ, ld2c(p1Q, CCP_NORMAL_IMPULSE));
    const negMaxFP = f64x2.neg(maxFP);
    const negMaxFQ = f64x2.neg(maxFQ);
    const rawP = f64x2.sub(oldP, f64x2.mul(ld2c(p1P, CCP_TANGENT_MASS), vtP));
    const rawQ = f64x2.sub(oldQ, f64x2.mul(ld2c(p1Q, CCP_TANGENT_MASS), vtQ));
    const totalP = sel(maxFP, f64x2.pmax(rawP, negMaxFP), f64x2.gt(rawP, maxFP));
    const totalQ = sel(maxFQ, f64x2.pmax(rawQ, negMaxFQ), f64x2.gt(rawQ, maxFQ));
    const impulseP = f64x2.sub(totalP, oldP);
    const impulseQ = f64x2.sub(totalQ, oldQ);
    st2c(p1P, CCP_TANGENT_IMPULSE, sel(totalP, oldP, twoP));
    st2c(p1Q, CCP_TANGENT_IMPULSE, sel(totalQ, oldQ, twoQ));
    vAxP = sel(f64x2.sub(vAxP, f64x2.mul(impulseP, mAnyP)), vAxP, twoP);
    vAxQ = sel(f64x2.sub(vAxQ, f64x2.mul(impulseQ, mAnyQ)), vAxQ, twoQ);
    vAyP = sel(f64x2.add(vAyP, f64x2.mul(impulseP, mAnxP)), vAyP, twoP);
    vAyQ = sel(f64x2.add(vAyQ, f64x2.mul(impulseQ, mAnxQ)), vAyQ, twoQ);
    wAP = sel(f64x2.add(wAP, f64x2.mul(impulseP, f64x2.mul(iAP, dnAP))), wAP, twoP);
    wAQ = sel(f64x2.add(wAQ, f64x2.mul(impulseQ, f64x2.mul(iAQ, dnAQ))), wAQ, twoQ);
    vBxP = sel(f64x2.add(vBxP, f64x2.mul(impulseP, mBnyP)), vBxP, twoP);
    vBxQ = sel(f64x2.add(vBxQ, f64x2.mul(impulseQ, mBnyQ)), vBxQ, twoQ);
    vByP = sel(f64x2.sub(vByP, f64x2.mul(impulseP, mBnxP)), vByP, twoP);
    vByQ = sel(f64x2.sub(vByQ, f64x2.mul(impulseQ, mBnxQ)), vByQ, twoQ);
    wBP = sel(f64x2.sub(wBP, f64x2.mul(impulseP, f64x2.mul(iBP, dnBP))), wBP, twoP);
    wBQ = sel(f64x2.sub(wBQ, f64x2.mul(impulseQ, f64x2.mul(iBQ, dnBQ))), wBQ, twoQ);
  }
  // ---- rolling resistance ----
  const rrP = ld2c(oP, CC_ROLLING_RESISTANCE);
  const rrQ = ld2c(oQ, CC_ROLLING_RESISTANCE);
  const rollingP = f64x2.gt(rrP, zero);
  const rollingQ = f64x2.gt(rrQ, zero);
  if (v128.any_true(v128.or(rollingP, rollingQ))) {
    const n0P = ld2c(p0P, CCP_NORMAL_IMPULSE);
    const n0Q = ld2c(p0Q, CCP_NORMAL_IMPULSE);
    const n1P = sel(ld2c(p1P, CCP_NORMAL_IMPULSE), zero, twoP);
    const n1Q = sel(ld2c(p1Q, CCP_NORMAL_IMPULSE), zero, twoQ);
    const maxRP = f64x2.mul(rrP, f64x2.add(n0P, n1P));
    const maxRQ = f64x2.mul(rrQ, f64x2.add(n0Q, n1Q));
    const negMaxRP = f64x2.neg(maxRP);
    const negMaxRQ = f64x2.neg(maxRQ);
    const oldP = ld2c(oP, CC_ROLLING_IMPULSE);
    const oldQ = ld2c(oQ, CC_ROLLING_IMPULSE);
    const rawP = f64x2.sub(oldP, f64x2.mul(ld2c(oP, CC_ROLLING_MASS), f64x2.sub(wBP, wAP)));
    const rawQ = f64x2.sub(oldQ, f64x2.mul(ld2c(oQ, CC_ROLLING_MASS), f64x2.sub(wBQ, wAQ)));
    const totalP = sel(maxRP, sel(negMaxRP, rawP, f64x2.lt(rawP, negMaxRP)), f64x2.gt(rawP, maxRP));
    const totalQ = sel(maxRQ, sel(negMaxRQ, rawQ, f64x2.lt(rawQ, negMaxRQ)), f64x2.gt(rawQ, maxRQ));
    const impulseP = f64x2.sub(totalP, oldP);
    const impulseQ = f64x2.sub(totalQ, oldQ);
    st2c(oP, CC_ROLLING_IMPULSE, sel(totalP, oldP, rollingP));
    st2c(oQ, CC_ROLLING_IMPULSE, sel(totalQ, oldQ, rollingQ));
    wAP = sel(f64x2.sub(wAP, f64x2.mul(iAP, impulseP)), wAP, rollingP);
    wAQ = sel(f64x2.sub(wAQ, f64x2.mul(iAQ, impulseQ)), wAQ, rollingQ);
    wBP = sel(f64x2.add(wBP, f64x2.mul(iBP, impulseP)), wBP, rollingP);
    wBQ = sel(f64x2.add(wBQ, f64x2.mul(iBQ, impulseQ)), wBQ, rollingQ);
  }
  st2(a0P, a1P, BS_VX, vAxP);
  st2(a0Q, a1Q, BS_VX, vAxQ);
  st2(a0P, a1P, BS_VY, vAyP);
  st2(a0Q, a1Q, BS_VY, vAyQ);
  st2(a0P, a1P, BS_W, wAP);
  st2(a0Q, a1Q, BS_W, wAQ);
  st2(b0P, b1P, BS_VX, vBxP);
  st2(b0Q, b1Q, BS_VX, vBxQ);
  st2(b0P, b1P, BS_VY, vByP);
  st2(b0Q, b1Q, BS_VY, vByQ);
  st2(b0P, b1P, BS_W, wBP);
  st2(b0Q, b1Q, BS_W, wBQ);
}

// Two pairs of records (at oP and oQ) warm-started at once: warmStartPair's operations for both pairs side by side
// (one colour: no shared movable body, so the bits of one after the other).
function warmStartQuad(oP: usize, oQ: usize, states: usize): void {
  const a0P = body(states, ldc(oP, CC_INDEX_A));
  const a0Q = body(states, ldc(oQ, CC_INDEX_A));
  const b0P = body(states, ldc(oP, CC_INDEX_B));
  const b0Q = body(states, ldc(oQ, CC_INDEX_B));
  const a1P = body(states, ldc(oP + 4, CC_INDEX_A));
  const a1Q = body(states, ldc(oQ + 4, CC_INDEX_A));
  const b1P = body(states, ldc(oP + 4, CC_INDEX_B));
  const b1Q = body(states, ldc(oQ + 4, CC_INDEX_B));
  const nxP = ld2c(oP, CC_NORMAL_X);
  const nxQ = ld2c(oQ, CC_NORMAL_X);
  const nyP = ld2c(oP, CC_NORMAL_Y);
  const nyQ = ld2c(oQ, CC_NORMAL_Y);
  const twoP = f64x2.gt(ld2c(oP, CC_POINT_COUNT), f64x2.splat(1));
  const twoQ = f64x2.gt(ld2c(oQ, CC_POINT_COUNT), f64x2.splat(1));
  const p0P = oP + ((<usize>CC_HEADER) << 2);
  const p0Q = oQ + ((<usize>CC_HEADER) << 2);
  const p1P = p0P + ((<usize>CCP_STRIDE) << 2);
  const p1Q = p0Q + ((<usize>CCP_STRIDE) << 2);
  const ln0P = ld2c(p0P, CCP_NORMAL_IMPULSE);
  const ln0Q = ld2c(p0Q, CCP_NORMAL_IMPULSE);
  const lt0P = ld2c(p0P, CCP_TANGENT_IMPULSE);
  const lt0Q = ld2c(p0Q, CCP_TANGENT_IMPULSE);
  let pxP = f64x2.add(f64x2.splat(0), f64x2.add(f64x2.mul(ln0P, nxP), f64x2.mul(lt0P, nyP)));
  let pxQ = f64x2.add(f64x2.splat(0), f64x2.add(f64x2.mul(ln0Q, nxQ), f64x2.mul(lt0Q, nyQ)));
  let pyP = f64x2.add(f64x2.splat(0), f64x2.sub(f64x2.mul(ln0P, nyP), f64x2.mul(lt0P, nxP)));
  let pyQ = f64x2.add(f64x2.splat(0), f64x2.sub(f64x2.mul(ln0Q, nyQ), f64x2.mul(lt0Q, nxQ)));
  let angAP = f64x2.add(
    f64x2.splat(0),
    f64x2.sub(f64x2.mul(ln0P, ld2c(p0P, CCP_RN_A)), f64x2.mul(lt0P, ld2c(p0P, CCP_DN_A))),
  );
  let angAQ = f64x2.add(
    f64x2.splat(0),
    f64x2.sub(f64x2.mul(ln0Q, ld2c(p0Q, CCP_RN_A)), f64x2.mul(lt0Q, ld2c(p0Q, CCP_DN_A))),
  );
  let angBP = f64x2.add(
    f64x2.splat(0),
    f64x2.sub(f64x2.mul(ln0P, ld2c(p0P, CCP_RN_B)), f64x2.mul(lt0P, ld2c(p0P, CCP_DN_B))),
  );
  let angBQ = f64x2.add(
    f64x2.splat(0),
    f64x2.sub(f64x2.mul(ln0Q, ld2c(p0Q, CCP_RN_B)), f64x2.mul(lt0Q, ld2c(p0Q, CCP_DN_B))),
  );
  const ln1P = ld2c(p1P, CCP_NORMAL_IMPULSE);
  const ln1Q = ld2c(p1Q, CCP_NORMAL_IMPULSE);
  const lt1P = ld2c(p1P, CCP_TANGENT_IMPULSE);
  const lt1Q = ld2c(p1Q, CCP_TANGENT_IMPULSE);
  pxP = sel(f64x2.add(pxP, f64x2.add(f64x2.mul(ln1P, nxP), f64x2.mul(lt1P, nyP))), pxP, twoP);
  pxQ = sel(f64x2.add(pxQ, f64x2.add(f64x2.mul(ln1Q, nxQ), f64x2.mul(lt1Q, nyQ))), pxQ, twoQ);
  pyP = sel(f64x2.add(pyP, f64x2.sub(f64x2.mul(ln1P, nyP), f64x2.mul(lt1P, nxP))), pyP, twoP);
  pyQ = sel(f64x2.add(pyQ, f64x2.sub(f64x2.mul(ln1Q, nyQ), f64x2.mul(lt1Q, nxQ))), pyQ, twoQ);
  angAP = sel(
    f64x2.add(angAP, f64x2.sub(f64x2.mul(ln1P, ld2c(p1P, CCP_RN_A)), f64x2.mul(lt1P, ld2c(p1P, CCP_DN_A)))),
    angAP,
    twoP,
  );
  angAQ = sel(
    f64x2.add(angAQ, f64x2.sub(f64x2.mul(ln1Q, ld2c(p1Q, CCP_RN_A)), f64x2.mul(lt1Q, ld2c(p1Q, CCP_DN_A)))),
    angAQ,
    twoQ,
  );
  angBP = sel(
    f64x2.add(angBP, f64x2.sub(f64x2.mul(ln1P, ld2c(p1P, CCP_RN_B)), f64x2.mul(lt1P, ld2c(p1P, CCP_DN_B)))),
    angBP,
    twoP,
  );
  angBQ = sel(
    f64x2.add(angBQ, f64x2.sub(f64x2.mul(ln1Q, ld2c(p1Q, CCP_RN_B)), f64x2.mul(lt1Q, ld2c(p1Q, CCP_DN_B)))),
    angBQ,
    twoQ,
  );
  const rollingP = ld2c(oP, CC_ROLLING_IMPULSE);
  const rollingQ = ld2c(oQ, CC_ROLLING_IMPULSE);
  const mAP = ld2(a0P, a1P, BS_INV_MASS);
  const mAQ = ld2(a0Q, a1Q, BS_INV_MASS);
  const mBP = ld2(b0P, b1P, BS_INV_MASS);
  const mBQ = ld2(b0Q, b1Q, BS_INV_MASS);
  st2(a0P, a1P, BS_VX, f64x2.sub(ld2(a0P, a1P, BS_VX), f64x2.mul(mAP, pxP)));
  st2(a0Q, a1Q, BS_VX, f64x2.sub(ld2(a0Q, a1Q, BS_VX), f64x2.mul(mAQ, pxQ)));
  st2(a0P, a1P, BS_VY, f64x2.sub(ld2(a0P, a1P, BS_VY), f64x2.mul(mAP, pyP)));
  st2(a0Q, a1Q, BS_VY, f64x2.sub(ld2(a0Q, a1Q, BS_VY), f64x2.mul(mAQ, pyQ)));
  st2(a0P, a1P, BS_W, f64x2.sub(ld2(a0P, a1P, BS_W), f64x2.mul(ld2(a0P, a1P, BS_INV_I), f64x2.add(angAP, rollingP))));
  st2(a0Q, a1Q, BS_W, f64x2.sub(ld2(a0Q, a1Q, BS_W), f64x2.mul(ld2(a0Q, a1Q, BS_INV_I), f64x2.add(angAQ, rollingQ))));
  st2(b0P, b1P, BS_VX, f64x2.add(ld2(b0P, b1P, BS_VX), f64x2.mul(mBP, pxP)));
  st2(b0Q, b1Q, BS_VX, f64x2.add(ld2(b0Q, b1Q, BS_VX), f64x2.mul(mBQ, pxQ)));
  st2(b0P, b1P, BS_VY, f64x2.add(ld2(b0P, b1P, BS_VY), f64x2.mul(mBP, pyP)));
  st2(b0Q, b1Q, BS_VY, f64x2.add(ld2(b0Q, b1Q, BS_VY), f64x2.mul(mBQ, pyQ)));
  st2(b0P, b1P, BS_W, f64x2.add(ld2(b0P, b1P, BS_W), f64x2.mul(ld2(b0P, b1P, BS_INV_I), f64x2.add(angBP, rollingP))));
  st2(b0Q, b1Q, BS_W, f64x2.add(ld2(b0Q, b1Q, BS_W), f64x2.mul(ld2(b0Q, b1Q, BS_INV_I), f64x2.add(angBQ, rollingQ))));
}

// ---- drivers ----

/** Whether the records at o0 and o1 share a movable body (index 0, the static dummy, is shared harmlessly). */
function shareBody(o0: usize, o1: usize): bool {
  const a0 = ldc(o0, CC_INDEX_A);
  const b0 = ldc(o0, CC_INDEX_B);
  const a1 = ldc(o1, CC_INDEX_A);
  const b1 = ldc(o1, CC_INDEX_B);
  return (a0 != 0 && (a0 == a1 || a0 == b1)) || (b0 != 0 && (b0 == a1 || b0 == b1));
}

/** Byte address of record i of the records at byte address cc (see contactRecord in solver-layout.ts). */
function record(cc: usize, i: i32): usize {
  return cc + ((<usize>((i >> 1) * CC_PAIR_STRIDE + (i & 1))) << 2);
}

/**
 * warmStartContacts of solve-contacts.ts over records first..end−1 of the records at `cc` (`cc` and `states` are
 * byte addresses). The two records of a pair (2k, 2k+1) that share no movable body are done at once in SIMD lanes:
 * they commute, so the result is the sequential one, bit for bit. Within a colour no two records share one, so all
 * pairs but those across a colour's ends go two at a time.
 */
export function warmStartContacts(cc: usize, first: i32, end: i32, states: usize): void {
  let i = first;
  while (i < end) {
    const o = record(cc, i);
    if ((i & 1) == 0 && i + 1 < end && !shareBody(o, o + 4)) {
      warmStartPair(o, states);
      i += 2;
      continue;
    }
    warmStartOne(o, states);
    i++;
  }
}

/**
 * One sweep of solveContacts of solve-contacts.ts over records first..end−1 (last to first when `reverse`), pairing
 * as warmStartContacts does. `useBias` and `reverse` are 0 or 1. Pairing without reordering keeps the sweep order,
 * and with it the solver's behaviour.
 */
export function solveContacts(
  cc: usize,
  first: i32,
  end: i32,
  states: usize,
  invH: f64,
  pushMaxSpeed: f64,
  useBias: i32,
  reverse: i32,
): void {
  const vInvH = f64x2.splat(invH);
  const vPush = f64x2.splat(pushMaxSpeed);
  const vNegPush = f64x2.splat(-pushMaxSpeed);
  const bias = useBias != 0;
  if (reverse == 0) {
    let i = first;
    while (i < end) {
      const o = record(cc, i);
      if ((i & 1) == 0 && i + 1 < end && !shareBody(o, o + 4)) {
        solvePair(o, states, vInvH, vPush, vNegPush, bias);
        i += 2;
        continue;
      }
      solveOne(o, states, invH, pushMaxSpeed, useBias);
      i++;
    }
  } else {
    let i = end - 1;
    while (i >= first) {
      const o = record(cc, i);
      if ((i & 1) == 1 && i - 1 >= first && !shareBody(o - 4, o)) {
        solvePair(o - 4, states, vInvH, vPush, vNegPush, bias);
        i -= 2;
        continue;
      }
      solveOne(o, states, invH, pushMaxSpeed, useBias);
      i--;
    }
  }
}

/**
 * One sweep of solveContacts over records first..end−1, all of one colour (not the overflow set): they share no
 * movable body, so any order gives the sequential sweep's bits, and four go at once (solveQuad).
 */
export function solveColour(
  cc: usize,
  first: i32,
  end: i32,
  states: usize,
  invH: f64,
  pushMaxSpeed: f64,
  useBias: i32,
): void {
  const vInvH = f64x2.splat(invH);
  const vPush = f64x2.splat(pushMaxSpeed);
  const vNegPush = f64x2.splat(-pushMaxSpeed);
  const bias = useBias != 0;
  let i = first;
  if ((i & 1) == 1 && i < end) {
    solveOne(record(cc, i), states, invH, pushMaxSpeed, useBias);
    i++;
  }
  while (i + 4 <= end) {
    const o = record(cc, i);
    solveQuad(o, o + ((<usize>CC_PAIR_STRIDE) << 2), states, vInvH, vNegPush, bias);
    i += 4;
  }
  if (i + 2 <= end) {
    solvePair(record(cc, i), states, vInvH, vPush, vNegPush, bias);
    i += 2;
  }
  if (i < end) solveOne(record(cc, i), states, invH, pushMaxSpeed, useBias);
}

// clampBodyVelocity of integrate.ts for the body state at byte address `o` (same operations, same order): a static
// method, as Rows, so that the inline decorator is valid TypeScript.
class Bodies {
  @inline static clamp(o: usize, maxLinearSpeed: f64, maxW: f64): void {
    const w = ld(o, BS_W);
    if (w * w > maxW * maxW) st(o, BS_W, w > 0 ? maxW : -maxW);
    const vx = ld(o, BS_VX);
    const vy = ld(o, BS_VY);
    const v2 = vx * vx + vy * vy;
    if (v2 > maxLinearSpeed * maxLinearSpeed) {
      const scale = maxLinearSpeed / sqrt<f64>(v2);
      st(o, BS_VX, vx * scale);
      st(o, BS_VY, vy * scale);
    }
  }
}

/** clampVelocities of integrate.ts over body states first..end−1 at byte address `states` (scalars: KS_*). */
export function clampVelocities(states: usize, first: i32, end: i32, scalars: usize): void {
  const maxLinearSpeed = ld(scalars, KS_MAX_LINEAR_SPEED);
  const maxW = MAX_ROTATION / ld(scalars, KS_H);
  for (let i = first; i < end; i++) Bodies.clamp(states + ((<usize>(i * BS_STRIDE)) << 3), maxLinearSpeed, maxW);
}

/**
 * integratePositions of integrate.ts over body states first..end−1 at byte address `states`, with its velocity clamps
 * (clampBodyVelocity): the same operations in the same order, so the same bits. The substep and the speed limit are
 * read at `scalars` (KS_*: see KERNEL_SCALARS_ADDRESS).
 */
export function integratePositions(states: usize, first: i32, end: i32, scalars: usize): void {
  const h = ld(scalars, KS_H);
  const maxLinearSpeed = ld(scalars, KS_MAX_LINEAR_SPEED);
  const maxW = MAX_ROTATION / h;
  for (let i = first; i < end; i++) {
    const o = states + ((<usize>(i * BS_STRIDE)) << 3);
    Bodies.clamp(o, maxLinearSpeed, maxW);
    const w = ld(o, BS_W);
    const vx = ld(o, BS_VX);
    const vy = ld(o, BS_VY);
    const c = ld(o, BS_DQC);
    const s = ld(o, BS_DQS);
    const hw = h * w;
    const qc = c - hw * s;
    const qs = s + hw * c;
    const mag = sqrt<f64>(qc * qc + qs * qs);
    const inv = mag > 0 ? 1 / mag : 0.0;
    st(o, BS_DQC, qc * inv);
    st(o, BS_DQS, qs * inv);
    st(o, BS_DPX, ld(o, BS_DPX) + h * vx);
    st(o, BS_DPY, ld(o, BS_DPY) + h * vy);
  }
}

/** warmStartContacts over records first..end−1, all of one colour (see solveColour): four at once (warmStartQuad). */
export function warmStartColour(cc: usize, first: i32, end: i32, states: usize): void {
  let i = first;
  if ((i & 1) == 1 && i < end) {
    warmStartOne(record(cc, i), states);
    i++;
  }
  while (i + 4 <= end) {
    const o = record(cc, i);
    warmStartQuad(o, o + ((<usize>CC_PAIR_STRIDE) << 2), states);
    i += 4;
  }
  if (i + 2 <= end) {
    warmStartPair(record(cc, i), states);
    i += 2;
  }
  if (i < end) warmStartOne(record(cc, i), states);
}

/**
 * integrateVelocities of integrate.ts over body states first..end−1 at byte address `states`, with the integration
 * constants at `integration` and the scalars at `scalars` (KS_*): the same operations in the same order, so the same
 * bits.
 */
export function integrateVelocities(states: usize, integration: usize, first: i32, end: i32, scalars: usize): void {
  const h = ld(scalars, KS_H);
  const maxLinearSpeed = ld(scalars, KS_MAX_LINEAR_SPEED);
  const maxW = MAX_ROTATION / h;
  const maxW2 = maxW * maxW;
  const maxV2 = maxLinearSpeed * maxLinearSpeed;
  for (let i = first; i < end; i++) {
    const o = states + ((<usize>(i * BS_STRIDE)) << 3);
    const io = integration + ((<usize>(i * BI_STRIDE)) << 3);
    const damping = ld(io, BI_LINEAR_DAMPING);
    let vx = ld(io, BI_DVX) + damping * ld(o, BS_VX);
    let vy = ld(io, BI_DVY) + damping * ld(o, BS_VY);
    let w = ld(io, BI_DW) + ld(io, BI_ANGULAR_DAMPING) * ld(o, BS_W);
    const v2 = vx * vx + vy * vy;
    if (v2 > maxV2) {
      const scale = maxLinearSpeed / sqrt<f64>(v2);
      vx *= scale;
      vy *= scale;
    }
    if (w * w > maxW2) w = w > 0 ? maxW : -maxW;
    st(o, BS_VX, vx);
    st(o, BS_VY, vy);
    st(o, BS_W, w);
  }
}

// ---- plain pins (systems' joints/pin.ts) ----

/**
 * warmStartPinJoints of joints/pin.ts (warmStartPointJoints with its bound) over pins first..end−1 of the records at
 * byte address `pins`: the same operations in the same order, so the same bits.
 */
export function warmStartPins(pins: usize, first: i32, end: i32, states: usize, scalars: usize): void {
  const limit = 2 * ld(scalars, KS_MAX_LINEAR_SPEED);
  for (let k = first; k < end; k++) {
    const o = pins + ((<usize>(k * PIN_STRIDE)) << 3);
    const a = body(states, ld(o, JC_INDEX_A));
    const b = body(states, ld(o, JC_INDEX_B));
    const qAc = ld(a, BS_DQC);
    const qAs = ld(a, BS_DQS);
    const qBc = ld(b, BS_DQC);
    const qBs = ld(b, BS_DQS);
    const fAx = ld(o, JC_FRAME_AX);
    const fAy = ld(o, JC_FRAME_AY);
    const fBx = ld(o, JC_FRAME_BX);
    const fBy = ld(o, JC_FRAME_BY);
    const rAx = qAc * fAx - qAs * fAy;
    const rAy = qAs * fAx + qAc * fAy;
    const rBx = qBc * fBx - qBs * fBy;
    const rBy = qBs * fBx + qBc * fBy;
    const mA = ld(o, JC_INV_MASS_A);
    const iA = ld(o, JC_INV_I_A);
    const mB = ld(o, JC_INV_MASS_B);
    const iB = ld(o, JC_INV_I_B);
    let px = ld(o, PIN_IMPULSE);
    let py = ld(o, PIN_IMPULSE + 1);
    const kLin = mA + mB;
    if (kLin > 0) {
      if (px * kLin > limit) {
        px = limit / kLin;
        st(o, PIN_IMPULSE, px);
      } else if (-px * kLin > limit) {
        px = -limit / kLin;
        st(o, PIN_IMPULSE, px);
      }
      if (py * kLin > limit) {
        py = limit / kLin;
        st(o, PIN_IMPULSE + 1, py);
      } else if (-py * kLin > limit) {
        py = -limit / kLin;
        st(o, PIN_IMPULSE + 1, py);
      }
    }
    // A pin has no angular impulse: the + 0 of warmStartPointJoints' angular term stays (it turns −0 into 0).
    st(a, BS_VX, ld(a, BS_VX) - mA * px);
    st(a, BS_VY, ld(a, BS_VY) - mA * py);
    st(a, BS_W, ld(a, BS_W) - iA * (rAx * py - rAy * px + 0.0));
    st(b, BS_VX, ld(b, BS_VX) + mB * px);
    st(b, BS_VY, ld(b, BS_VY) + mB * py);
    st(b, BS_W, ld(b, BS_W) + iB * (rBx * py - rBy * px + 0.0));
  }
}

/**
 * solvePinJoints of joints/pin.ts over pins first..end−1 (last to first when `reverse`): the solve pass with the
 * joints' softness (`soft` 1) or the relax pass (rigid rows, no bias). The same operations in the same order.
 */
export function solvePins(
  pins: usize,
  first: i32,
  end: i32,
  states: usize,
  scalars: usize,
  soft: i32,
  reverse: i32,
): void {
  const rate = soft != 0 ? ld(scalars, KS_JOINT_RATE) : 0.0;
  const massScale = soft != 0 ? ld(scalars, KS_JOINT_MASS_SCALE) : 1.0;
  const impulseScale = soft != 0 ? ld(scalars, KS_JOINT_IMPULSE_SCALE) : 0.0;
  const last = first + end - 1;
  for (let n = first; n < end; n++) {
    const o = pins + ((<usize>((reverse != 0 ? last - n : n) * PIN_STRIDE)) << 3);
    const a = body(states, ld(o, JC_INDEX_A));
    const b = body(states, ld(o, JC_INDEX_B));
    const qAc = ld(a, BS_DQC);
    const qAs = ld(a, BS_DQS);
    const qBc = ld(b, BS_DQC);
    const qBs = ld(b, BS_DQS);
    const fAx = ld(o, JC_FRAME_AX);
    const fAy = ld(o, JC_FRAME_AY);
    const fBx = ld(o, JC_FRAME_BX);
    const fBy = ld(o, JC_FRAME_BY);
    const rAx = qAc * fAx - qAs * fAy;
    const rAy = qAs * fAx + qAc * fAy;
    const rBx = qBc * fBx - qBs * fBy;
    const rBy = qBs * fBx + qBc * fBy;
    const mA = ld(o, JC_INV_MASS_A);
    const iA = ld(o, JC_INV_I_A);
    const mB = ld(o, JC_INV_MASS_B);
    const iB = ld(o, JC_INV_I_B);
    const bx = rate * (ld(b, BS_DPX) - ld(a, BS_DPX) + rBx - rAx + ld(o, JC_DELTA_CX));
    const by = rate * (ld(b, BS_DPY) - ld(a, BS_DPY) + rBy - rAy + ld(o, JC_DELTA_CY));
    const vAx = ld(a, BS_VX);
    const vAy = ld(a, BS_VY);
    const wA = ld(a, BS_W);
    const vBx = ld(b, BS_VX);
    const vBy = ld(b, BS_VY);
    const wB = ld(b, BS_W);
    const cx = vBx - wB * rBy - vAx + wA * rAy + bx;
    const cy = vBy + wB * rBx - vAy - wA * rAx + by;
    const mAB = mA + mB;
    const k11 = mAB + iA * rAy * rAy + iB * rBy * rBy;
    const k12 = -iA * rAx * rAy - iB * rBx * rBy;
    const k22 = mAB + iA * rAx * rAx + iB * rBx * rBx;
    let det = k11 * k22 - k12 * k12;
    det = det != 0 ? massScale / det : 0.0;
    const oldX = ld(o, PIN_IMPULSE);
    const oldY = ld(o, PIN_IMPULSE + 1);
    const ix = -det * (k22 * cx - k12 * cy) - impulseScale * oldX;
    const iy = -det * (k11 * cy - k12 * cx) - impulseScale * oldY;
    st(o, PIN_IMPULSE, oldX + ix);
    st(o, PIN_IMPULSE + 1, oldY + iy);
    st(a, BS_VX, vAx - mA * ix);
    st(a, BS_VY, vAy - mA * iy);
    st(a, BS_W, wA - iA * (rAx * iy - rAy * ix));
    st(b, BS_VX, vBx + mB * ix);
    st(b, BS_VY, vBy + mB * iy);
    st(b, BS_W, wB + iB * (rBx * iy - rBy * ix));
  }
}

// ---- constraint builder ----

// Byte address of input `slot` of the staged builder inputs at `stage` (BUILD_*: see solver-layout.ts).
function input(stage: usize, slot: i32): usize {
  return <usize>load<i32>(stage + ((<usize>slot) << 2));
}

/**
 * buildContactConstraints of build-contact-constraints.ts over records first..end−1 of the list of rows with a
 * record, reading the inputs staged at `stage` (see BUILD_HEADER in solver-layout.ts) and writing the records at `cc`:
 * the same operations in the same order, so the same bits. Returns what the rows found, one bit each: 1 a contact with
 * restitution, 2 a point approaching faster than the restitution threshold, 4 one faster than the hit threshold (of
 * a contact that reports hits).
 */
export function buildContacts(cc: usize, states: usize, stage: usize, first: i32, end: i32): i32 {
  if (first >= end) return 0;
  const recordRows = input(stage, BUILD_RECORD_ROWS);
  const slots = input(stage, BUILD_SLOT);
  const flags = input(stage, BUILD_FLAGS);
  const bodyAs = input(stage, BUILD_BODY_A);
  const bodyBs = input(stage, BUILD_BODY_B);
  const normalXs = input(stage, BUILD_NORMAL_X);
  const normalYs = input(stage, BUILD_NORMAL_Y);
  const frictions = input(stage, BUILD_FRICTION);
  const restitutions = input(stage, BUILD_RESTITUTION);
  const tangentSpeeds = input(stage, BUILD_TANGENT_SPEED);
  const rollingResistances = input(stage, BUILD_ROLLING_RESISTANCE);
  const pointCounts = input(stage, BUILD_POINT_COUNT);
  const points = input(stage, BUILD_POINTS);
  const indexOf = input(stage, BUILD_INDEX_OF);
  const xs = input(stage, BUILD_X);
  const ys = input(stage, BUILD_Y);
  const cs = input(stage, BUILD_C);
  const ss = input(stage, BUILD_S);
  const lcxs = input(stage, BUILD_LOCAL_CENTER_X);
  const lcys = input(stage, BUILD_LOCAL_CENTER_Y);
  const centres = input(stage, BUILD_CENTRES);
  const params = input(stage, BUILD_PARAMS);
  const hitFlag = load<i32>(stage + ((<usize>BUILD_HIT_EVENTS) << 2));
  const softRate = ld(params, SP_SOFT_RATE);
  const softMass = ld(params, SP_SOFT_MASS);
  const softImpulse = ld(params, SP_SOFT_IMPULSE);
  const staticRate = ld(params, SP_STATIC_RATE);
  const staticMass = ld(params, SP_STATIC_MASS);
  const staticImpulse = ld(params, SP_STATIC_IMPULSE);
  const separationShift = ld(params, SP_SEPARATION_SHIFT);
  const warm = ld(params, SP_WARM_START);
  const maxLinearSpeed2 = 2 * ld(params, SP_MAX_LINEAR_SPEED);
  const bounceBelow = -ld(params, SP_RESTITUTION_THRESHOLD);
  const hitBelow = -ld(params, SP_HIT_THRESHOLD);
  let foundRestitution = 0;
  let foundBounce = 0 < bounceBelow ? 1 : 0;
  let foundHit = 0 < hitBelow ? 1 : 0;
  for (let k = first; k < end; k++) {
    const id = load<i32>(recordRows + ((<usize>k) << 2));
    const row4 = (<usize>id) << 2;
    const row8 = (<usize>id) << 3;
    const rowFlags = <i32>load<u8>(flags + <usize>id);
    const o = record(cc, load<i32>(slots + row4));
    const bodyA = load<i32>(bodyAs + row4);
    const bodyB = load<i32>(bodyBs + row4);
    const ia = load<i32>(indexOf + ((<usize>bodyA) << 2));
    const ib = load<i32>(indexOf + ((<usize>bodyB) << 2));
    const so = states + ((<usize>(ia * BS_STRIDE)) << 3);
    const sob = states + ((<usize>(ib * BS_STRIDE)) << 3);
    const nx = load<f64>(normalXs + row8);
    const ny = load<f64>(normalYs + row8);
    const isStatic = ia == 0 || ib == 0;
    stc(o, CC_INDEX_A, <f64>ia);
    stc(o, CC_INDEX_B, <f64>ib);
    stc(o, CC_NORMAL_X, nx);
    stc(o, CC_NORMAL_Y, ny);
    stc(o, CC_FRICTION, load<f64>(frictions + row8));
    const restitution = load<f64>(restitutions + row8);
    stc(o, CC_RESTITUTION, restitution);
    if (restitution > 0) foundRestitution = 1;
    stc(o, CC_BIAS_RATE, isStatic ? staticRate : softRate);
    stc(o, CC_MASS_SCALE, isStatic ? staticMass : softMass);
    stc(o, CC_IMPULSE_SCALE, isStatic ? staticImpulse : softImpulse);
    const count = <i32>load<u8>(pointCounts + <usize>id);
    stc(o, CC_POINT_COUNT, <f64>count);
    stc(o, CC_TANGENT_SPEED, load<f64>(tangentSpeeds + row8));
    const rollingResistance = load<f64>(rollingResistances + row8);
    stc(o, CC_ROLLING_RESISTANCE, rollingResistance);
    stc(o, CC_ROLLING_IMPULSE, 0);
    stc(o, CC_CONTACT, <f64>id);
    let lcAx = 0.0;
    let lcAy = 0.0;
    let oAx = 0.0;
    let oAy = 0.0;
    let mA = 0.0;
    let iA = 0.0;
    if (ia == 0) {
      const e = (<usize>bodyA) << 3;
      const cA = load<f64>(cs + e);
      const sA = load<f64>(ss + e);
      const lx = load<f64>(lcxs + e);
      const ly = load<f64>(lcys + e);
      lcAx = cA * lx - sA * ly;
      lcAy = sA * lx + cA * ly;
      oAx = load<f64>(xs + e);
      oAy = load<f64>(ys + e);
    } else {
      const co = centres + ((<usize>(ia * CENTRE_STRIDE)) << 3);
      lcAx = ld(co, CENTRE_LCX);
      lcAy = ld(co, CENTRE_LCY);
      oAx = ld(co, CENTRE_ORIGIN_X);
      oAy = ld(co, CENTRE_ORIGIN_Y);
      mA = ld(co, CENTRE_INV_MASS);
      iA = ld(co, CENTRE_INV_I);
    }
    let lcBx = 0.0;
    let lcBy = 0.0;
    let oBx = 0.0;
    let oBy = 0.0;
    let mB = 0.0;
    let iB = 0.0;
    if (ib == 0) {
      const e = (<usize>bodyB) << 3;
      const cB = load<f64>(cs + e);
      const sB = load<f64>(ss + e);
      const lx = load<f64>(lcxs + e);
      const ly = load<f64>(lcys + e);
      lcBx = cB * lx - sB * ly;
      lcBy = sB * lx + cB * ly;
      oBx = load<f64>(xs + e);
      oBy = load<f64>(ys + e);
    } else {
      const co = centres + ((<usize>(ib * CENTRE_STRIDE)) << 3);
      lcBx = ld(co, CENTRE_LCX);
      lcBy = ld(co, CENTRE_LCY);
      oBx = ld(co, CENTRE_ORIGIN_X);
      oBy = ld(co, CENTRE_ORIGIN_Y);
      mB = ld(co, CENTRE_INV_MASS);
      iB = ld(co, CENTRE_INV_I);
    }
    const kRoll = rollingResistance > 0 ? iA + iB : 0.0;
    stc(o, CC_ROLLING_MASS, kRoll > 0 ? 1 / kRoll : 0.0);
    const base = points + ((<usize>(id * CONTACT_POINTS_STRIDE)) << 3);
    const kLinear = mA + mB;
    const abx = oAx - oBx;
    const aby = oAy - oBy;
    const hits = (rowFlags & hitFlag) != 0;
    const hitBelowHere = hits ? hitBelow : -Infinity;
    const approach = restitution > 0 || hits;
    for (let j = 0; j < 2; j++) {
      const q = o + ((<usize>(CC_HEADER + j * CCP_STRIDE)) << 2);
      if (j >= count) {
        stc(q, CCP_NORMAL_IMPULSE, 0);
        stc(q, CCP_TANGENT_IMPULSE, 0);
        continue;
      }
      const src = base + ((<usize>(j * CP_STRIDE)) << 3);
      const ax = ld(src, CP_ANCHOR_AX);
      const ay = ld(src, CP_ANCHOR_AY);
      const rAx = ax - lcAx;
      const rAy = ay - lcAy;
      const rBx = ax + abx - lcBx;
      const rBy = ay + aby - lcBy;
      const rnA = rAx * ny - rAy * nx;
      const rnB = rBx * ny - rBy * nx;
      const dnA = rAx * nx + rAy * ny;
      const dnB = rBx * nx + rBy * ny;
      stc(q, CCP_RN_A, rnA);
      stc(q, CCP_RN_B, rnB);
      stc(q, CCP_DN_A, dnA);
      stc(q, CCP_DN_B, dnB);
      stc(q, CCP_ADJUSTED_SEPARATION, ld(src, CP_SEPARATION) + separationShift - ((rBx - rAx) * nx + (rBy - rAy) * ny));
      const kNormal = mA + mB + iA * rnA * rnA + iB * rnB * rnB;
      stc(q, CCP_NORMAL_MASS, kNormal > 0 ? 1 / kNormal : 0.0);
      const kTangent = mA + mB + iA * dnA * dnA + iB * dnB * dnB;
      stc(q, CCP_TANGENT_MASS, kTangent > 0 ? 1 / kTangent : 0.0);
      let normalImpulse = warm * ld(src, CP_NORMAL_IMPULSE);
      let tangentImpulse = warm * ld(src, CP_TANGENT_IMPULSE);
      if (normalImpulse * kLinear > maxLinearSpeed2) normalImpulse = maxLinearSpeed2 / kLinear;
      if (tangentImpulse * kLinear > maxLinearSpeed2) tangentImpulse = maxLinearSpeed2 / kLinear;
      else if (-tangentImpulse * kLinear > maxLinearSpeed2) tangentImpulse = -maxLinearSpeed2 / kLinear;
      stc(q, CCP_NORMAL_IMPULSE, normalImpulse);
      stc(q, CCP_TANGENT_IMPULSE, tangentImpulse);
      stc(q, CCP_MAX_NORMAL_IMPULSE, 0);
      if (approach) {
        const dvx = ld(sob, BS_VX) - ld(sob, BS_W) * rBy - (ld(so, BS_VX) - ld(so, BS_W) * rAy);
        const dvy = ld(sob, BS_VY) + ld(sob, BS_W) * rBx - (ld(so, BS_VY) + ld(so, BS_W) * rAx);
        const vn = dvx * nx + dvy * ny;
        stc(q, CCP_RELATIVE_VELOCITY, vn);
        if (vn < bounceBelow) foundBounce = 1;
        if (vn < hitBelowHere) foundHit = 1;
      }
    }
  }
  return foundRestitution | (foundBounce << 1) | (foundHit << 2);
}
