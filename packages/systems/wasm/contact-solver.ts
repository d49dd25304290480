// AssemblyScript source of the WebAssembly contact solver kernel (compiled by scripts/build-wasm.mjs into
// src/wasm/contact-solver-bytes.ts). It is the same computation as warmStartContacts and solveContacts in
// src/solve-contacts.ts, operation for operation and in the same order, over the same record layouts (imported
// from core's solver-layout.ts), reading the solver's arrays in place in the kernel's linear memory. WebAssembly
// f64 arithmetic is IEEE 754 binary64 with no fused operations, as JavaScript's is, and the contact records' float
// fields are promoted and demoted as a Float32Array reads and writes them, so both paths give identical bits; a test
// steps scenes both ways and compares. Why a second copy of the hottest loop: V8 runs this one about
// 25% faster (no bounds checks, no tagged values), measured on large_pyramid's 14,950 contacts, and the two records
// of a pair (2k, 2k+1: interleaved, see CC_LANES) go at once in SIMD lanes when they share no body (another 7% there,
// 20% on tumbler).
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
} from '../../core/src/solver/solver-layout';

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
// Byte address of body state record `index` (stored as a float in a contact record).
function body(states: usize, index: f64): usize {
  return states + ((<usize>(<i32>index * BS_STRIDE)) << 3);
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
    // sep = dpn + dqBc*dnB + dqBs*rnB - dqAc*dnA - dqAs*rnA + adj  (left to right, as the scalar code)
    const sep = f64x2.add(
      f64x2.sub(
        f64x2.sub(
          f64x2.add(f64x2.add(dpn, f64x2.mul(dqBc, ld2c(p, CCP_DN_B))), f64x2.mul(dqBs, rnB)),
          f64x2.mul(dqAc, ld2c(p, CCP_DN_A)),
        ),
        f64x2.mul(dqAs, rnA),
      ),
      ld2c(p, CCP_ADJUSTED_SEPARATION),
    );
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
    // vn = vBx*nx + vBy*ny - (vAx*nx + vAy*ny) + (wB*rnB - wA*rnA)
    const vn = f64x2.add(
      f64x2.sub(f64x2.add(f64x2.mul(vBx, nx), f64x2.mul(vBy, ny)), f64x2.add(f64x2.mul(vAx, nx), f64x2.mul(vAy, ny))),
      f64x2.sub(f64x2.mul(wB, rnB), f64x2.mul(wA, rnA)),
    );
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
    // vt = vBx*ny - vBy*nx - (vAx*ny - vAy*nx) + (wA*dnA - wB*dnB + tangentSpeed)
    const vt = f64x2.add(
      f64x2.sub(f64x2.sub(f64x2.mul(vBx, ny), f64x2.mul(vBy, nx)), f64x2.sub(f64x2.mul(vAx, ny), f64x2.mul(vAy, nx))),
      f64x2.add(f64x2.sub(f64x2.mul(wA, dnA), f64x2.mul(wB, dnB)), tangentSpeed),
    );
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
