import {
  BS_STRIDE,
  BS_DPX,
  BS_DPY,
  BS_DQC,
  BS_DQS,
  BS_VX,
  BS_VY,
  BS_W,
  JC_BIAS_RATE,
  JC_DELTA_CX,
  JC_DELTA_CY,
  JC_FRAME_AX,
  JC_FRAME_AY,
  JC_FRAME_BX,
  JC_FRAME_BY,
  JC_IMPULSE,
  JC_IMPULSE_SCALE,
  JC_INDEX_A,
  JC_INDEX_B,
  JC_INV_I_A,
  JC_INV_I_B,
  JC_INV_MASS_A,
  JC_INV_MASS_B,
  JC_MASS_SCALE,
  JI_REV_LOWER,
  JI_REV_MOTOR,
  JI_REV_SPRING,
  JI_REV_UPPER,
  JC_SPRING_BIAS_RATE,
  SP_INV_H,
  SP_MAX_LINEAR_SPEED,
} from '@impulse2d/core/internal';

/*
 * Row routines shared by the joint kinds: one routine where the maths is the same.
 *
 * Why a scratch array and offsets: the solver loops are too large for V8 to inline everything into
 * (docs/design/v8-hot-code.md, rule 1). So every routine here takes
 * only typed arrays, integers and booleans: the joint record `jc` at offset `o`, the body states at offsets `a`,
 * `b` (velocities are read from and written back to `states`, never carried in the caller's locals across a call),
 * and the per-joint doubles a kind computes (anchors, axis, effective mass, position) go through `g` below.
 */

/** Per-joint scratch, filled by the kind's loop (and loadJointFrame) before it calls a row routine. */
export const g = new Float64Array(26);
/** rA, rB: the anchors rotated with the bodies since prepare (m), written by loadJointFrame. */
export const G_RAX = 0;
export const G_RAY = 1;
export const G_RBX = 2;
export const G_RBY = 3;
/** d = (cB + rB) − (cA + rA), current anchor separation (m), written by loadJointFrame. */
export const G_DX = 4;
export const G_DY = 5;
/** A row's unit axis u (impulse on B is +λu, on A −λu) and its lever arms cA = rA' × u, cB = rB × u (m). */
export const G_UX = 6;
export const G_UY = 7;
export const G_CA = 8;
export const G_CB = 9;
/** Effective mass of the axis row (kg). */
export const G_MASS = 10;
/** Position along the axis that the limit rows measure (distance: length, prismatic / wheel: translation) (m). */
export const G_POS = 11;
/** Error of a soft row (solveSoftAxisRow): C, its bias is rate · C (m). */
export const G_C = 12;
/** An impulse to apply (applyJointImpulse): linear (px, py) on B, its opposite on A; angular lA on A, lB on B. */
export const G_PX = 13;
export const G_PY = 14;
export const G_LA = 15;
export const G_LB = 16;
/** The impulse of the current axis row (applyAxisImpulse). */
export const G_IMPULSE = 17;
/** 2×2 block (solveBlock2): K = [k11 k12; k12 k22] and the velocity error (bias included) c1, c2; out: i1, i2. */
export const G_K11 = 18;
export const G_K12 = 19;
export const G_K22 = 20;
export const G_C1 = 21;
export const G_C2 = 22;
export const G_I1 = 23;
export const G_I2 = 24;
/** Ċ of the current axis row (axisCdot). */
export const G_CDOT = 25;

/** Writes rA, rB (the anchors rotated by the bodies' rotation deltas since prepare) into g. */
export function loadAnchors(jc: Float64Array, o: number, states: Float64Array, a: number, b: number): void {
  const qAc = states[a + BS_DQC];
  const qAs = states[a + BS_DQS];
  const qBc = states[b + BS_DQC];
  const qBs = states[b + BS_DQS];
  const fAx = jc[o + JC_FRAME_AX];
  const fAy = jc[o + JC_FRAME_AY];
  const fBx = jc[o + JC_FRAME_BX];
  const fBy = jc[o + JC_FRAME_BY];
  const rAx = qAc * fAx - qAs * fAy;
  const rAy = qAs * fAx + qAc * fAy;
  const rBx = qBc * fBx - qBs * fBy;
  const rBy = qBs * fBx + qBc * fBy;
  g[G_RAX] = rAx;
  g[G_RAY] = rAy;
  g[G_RBX] = rBx;
  g[G_RBY] = rBy;
}

/** loadAnchors, plus d = (cB + rB) − (cA + rA) into g[G_DX], g[G_DY]. */
export function loadJointFrame(jc: Float64Array, o: number, states: Float64Array, a: number, b: number): void {
  loadAnchors(jc, o, states, a, b);
  g[G_DX] = states[b + BS_DPX] - states[a + BS_DPX] + jc[o + JC_DELTA_CX] + g[G_RBX] - g[G_RAX];
  g[G_DY] = states[b + BS_DPY] - states[a + BS_DPY] + jc[o + JC_DELTA_CY] + g[G_RBY] - g[G_RAY];
}

/**
 * Applies the impulse in g (warm start): vA −= mA·p, ωA −= iA·lA, vB += mB·p, ωB += iB·lB, with p = (g[G_PX],
 * g[G_PY]) and the angular parts already holding the lever-arm terms (r × p plus any angular impulse).
 */
export function applyJointImpulse(jc: Float64Array, o: number, states: Float64Array, a: number, b: number): void {
  const mA = jc[o + JC_INV_MASS_A];
  const iA = jc[o + JC_INV_I_A];
  const mB = jc[o + JC_INV_MASS_B];
  const iB = jc[o + JC_INV_I_B];
  const px = g[G_PX];
  const py = g[G_PY];
  states[a + BS_VX] = states[a + BS_VX] - mA * px;
  states[a + BS_VY] = states[a + BS_VY] - mA * py;
  states[a + BS_W] = states[a + BS_W] - iA * g[G_LA];
  states[b + BS_VX] = states[b + BS_VX] + mB * px;
  states[b + BS_VY] = states[b + BS_VY] + mB * py;
  states[b + BS_W] = states[b + BS_W] + iB * g[G_LB];
}

/**
 * The prismatic / wheel axis (after loadJointFrame): u = the prepared axis (record slots axisAt, axisAt + 1) rotated
 * with A, its lever arms cA = (d + rA) × u, cB = rB × u, the effective mass along it, and the translation u·d as the
 * position of the limit rows and the error of the spring row (toward translation 0).
 */
export function loadSlideAxis(jc: Float64Array, o: number, states: Float64Array, a: number, axisAt: number): void {
  const qAc = states[a + BS_DQC];
  const qAs = states[a + BS_DQS];
  const ax0 = jc[o + axisAt];
  const ay0 = jc[o + axisAt + 1];
  const ux = qAc * ax0 - qAs * ay0;
  const uy = qAs * ax0 + qAc * ay0;
  const dx = g[G_DX];
  const dy = g[G_DY];
  const translation = ux * dx + uy * dy;
  const a1 = (dx + g[G_RAX]) * uy - (dy + g[G_RAY]) * ux;
  const a2 = g[G_RBX] * uy - g[G_RBY] * ux;
  const iA = jc[o + JC_INV_I_A];
  const iB = jc[o + JC_INV_I_B];
  const kAxial = jc[o + JC_INV_MASS_A] + jc[o + JC_INV_MASS_B] + iA * a1 * a1 + iB * a2 * a2;
  g[G_UX] = ux;
  g[G_UY] = uy;
  g[G_CA] = a1;
  g[G_CB] = a2;
  g[G_MASS] = kAxial > 0 ? 1 / kAxial : 0;
  g[G_POS] = translation;
  g[G_C] = translation;
}

/** Angular impulses warmStartPointJoints adds to the point impulse's torque. */
export const ANGULAR_NONE = 0; // plain pins (compact records: no angular slot)
export const ANGULAR_ONE = 1; // weld, motor joint: the one angular slot at `angularAt`
export const ANGULAR_REVOLUTE = 2; // revolute: spring + motor + lower − upper (JI_REV_* from JC_IMPULSE)

/**
 * Warm start of the kinds whose impulses are a point impulse (x, y at record offsets `pointAt`, `pointAt` + 1) plus
 * an angular impulse chosen by `angular` (and `angularAt`). Records are `stride` doubles apart (general records or
 * compact pins). With `bound` (the solver's params), the point impulse is first bounded as boundJointImpulses
 * (impulse-bound.ts) bounds every other kind's, here in the same loop: plain pins are most joints of a large scene,
 * and a pass of its own over them cost 4% of joint_grid's step.
 */
export function warmStartPointJoints(
  jc: Float64Array,
  begin: number,
  end: number,
  states: Float64Array,
  stride: number,
  pointAt: number,
  angular: number,
  angularAt: number,
  bound: Float64Array | null,
): void {
  const limit = bound === null ? 0 : 2 * bound[SP_MAX_LINEAR_SPEED];
  for (let k = begin; k < end; k++) {
    const o = k * stride;
    const a = (jc[o + JC_INDEX_A] | 0) * BS_STRIDE;
    const b = (jc[o + JC_INDEX_B] | 0) * BS_STRIDE;
    const qAc = states[a + BS_DQC];
    const qAs = states[a + BS_DQS];
    const qBc = states[b + BS_DQC];
    const qBs = states[b + BS_DQS];
    const fAx = jc[o + JC_FRAME_AX];
    const fAy = jc[o + JC_FRAME_AY];
    const fBx = jc[o + JC_FRAME_BX];
    const fBy = jc[o + JC_FRAME_BY];
    const rAx = qAc * fAx - qAs * fAy;
    const rAy = qAs * fAx + qAc * fAy;
    const rBx = qBc * fBx - qBs * fBy;
    const rBy = qBs * fBx + qBc * fBy;
    const mA = jc[o + JC_INV_MASS_A];
    const iA = jc[o + JC_INV_I_A];
    const mB = jc[o + JC_INV_MASS_B];
    const iB = jc[o + JC_INV_I_B];
    const i = o + pointAt;
    let px = jc[i];
    let py = jc[i + 1];
    const kLin = mA + mB;
    // |λ|·kLin ≤ limit, compared without a division (it is rarely exceeded); kLin 0: both bodies immovable.
    if (bound !== null && kLin > 0) {
      if (px * kLin > limit) jc[i] = px = limit / kLin;
      else if (-px * kLin > limit) jc[i] = px = -limit / kLin;
      if (py * kLin > limit) jc[i + 1] = py = limit / kLin;
      else if (-py * kLin > limit) jc[i + 1] = py = -limit / kLin;
    }
    const r = o + JC_IMPULSE;
    const ang =
      angular === ANGULAR_NONE
        ? 0
        : angular === ANGULAR_ONE
          ? jc[o + angularAt]
          : jc[r + JI_REV_SPRING] + jc[r + JI_REV_MOTOR] + jc[r + JI_REV_LOWER] - jc[r + JI_REV_UPPER];
    states[a + BS_VX] = states[a + BS_VX] - mA * px;
    states[a + BS_VY] = states[a + BS_VY] - mA * py;
    states[a + BS_W] = states[a + BS_W] - iA * (rAx * py - rAy * px + ang);
    states[b + BS_VX] = states[b + BS_VX] + mB * px;
    states[b + BS_VY] = states[b + BS_VY] + mB * py;
    states[b + BS_W] = states[b + BS_W] + iB * (rBx * py - rBy * px + ang);
  }
}

/** Adds the impulse λ = g[G_IMPULSE] along g's axis: vA −= mA·λu, ωA −= iA·λ·cA, vB += mB·λu, ωB += iB·λ·cB. */
function applyAxisImpulse(jc: Float64Array, o: number, states: Float64Array, a: number, b: number): void {
  const impulse = g[G_IMPULSE];
  const ux = g[G_UX];
  const uy = g[G_UY];
  const mA = jc[o + JC_INV_MASS_A];
  const iA = jc[o + JC_INV_I_A];
  const mB = jc[o + JC_INV_MASS_B];
  const iB = jc[o + JC_INV_I_B];
  states[a + BS_VX] = states[a + BS_VX] - mA * impulse * ux;
  states[a + BS_VY] = states[a + BS_VY] - mA * impulse * uy;
  states[a + BS_W] = states[a + BS_W] - iA * impulse * g[G_CA];
  states[b + BS_VX] = states[b + BS_VX] + mB * impulse * ux;
  states[b + BS_VY] = states[b + BS_VY] + mB * impulse * uy;
  states[b + BS_W] = states[b + BS_W] + iB * impulse * g[G_CB];
}

/** Ċ along g's axis, u·(vB − vA) + cB·ωB − cA·ωA, into g[G_CDOT]. */
function axisCdot(states: Float64Array, a: number, b: number): void {
  g[G_CDOT] =
    g[G_UX] * (states[b + BS_VX] - states[a + BS_VX]) +
    g[G_UY] * (states[b + BS_VY] - states[a + BS_VY]) +
    g[G_CB] * states[b + BS_W] -
    g[G_CA] * states[a + BS_W];
}

/**
 * A bilateral soft row along g's axis with error C = g[G_C] and mass g[G_MASS], accumulated impulse at
 * jc[o + JC_IMPULSE + slot]: λ += −s_m·m·(Ċ + rate·C) − s_i·λ. With `soft`, (rate, s_m, s_i) are the triple at
 * jc[o + softness] (JC_BIAS_RATE: the joint's constraint softness; JC_SPRING_BIAS_RATE: the joint's own spring);
 * otherwise the rigid row (0, 1, 0) of the relax pass. With `range` ≥ 0 the accumulated impulse stays within
 * [jc[o + range], jc[o + range + 1]] (a spring's force range times h); −1: unbounded. Serves the distance rod and
 * spring, the prismatic and wheel springs, and the wheel's point-on-line row.
 */
export function solveSoftAxisRow(
  jc: Float64Array,
  o: number,
  states: Float64Array,
  a: number,
  b: number,
  slot: number,
  softness: number,
  soft: boolean,
  range: number,
): void {
  let bias = 0;
  let massScale = 1;
  let impulseScale = 0;
  if (soft) {
    bias = jc[o + softness] * g[G_C];
    massScale = jc[o + softness + 1];
    impulseScale = jc[o + softness + 2];
  }
  axisCdot(states, a, b);
  const old = jc[o + JC_IMPULSE + slot];
  let impulse = -massScale * g[G_MASS] * (g[G_CDOT] + bias) - impulseScale * old;
  let total = old + impulse;
  if (range >= 0) {
    // Clamped only when out of range, so that an open range (±∞) leaves the bits of an unbounded row.
    const lower = jc[o + range];
    const upper = jc[o + range + 1];
    if (total < lower) {
      total = lower;
      impulse = lower - old;
    } else if (total > upper) {
      total = upper;
      impulse = upper - old;
    }
  }
  jc[o + JC_IMPULSE + slot] = total;
  g[G_IMPULSE] = impulse;
  applyAxisImpulse(jc, o, states, a, b);
}

/** Motor along g's axis: drives Ċ to jc[o + speed], accumulated impulse (slot) clamped to ±jc[o + max]. */
export function solveAxisMotorRow(
  jc: Float64Array,
  o: number,
  states: Float64Array,
  a: number,
  b: number,
  slot: number,
  speed: number,
  max: number,
): void {
  axisCdot(states, a, b);
  const old = jc[o + JC_IMPULSE + slot];
  const maxImpulse = jc[o + max];
  let total = old + g[G_MASS] * (jc[o + speed] - g[G_CDOT]);
  total = total > maxImpulse ? maxImpulse : total < -maxImpulse ? -maxImpulse : total;
  const impulse = total - old;
  jc[o + JC_IMPULSE + slot] = total;
  g[G_IMPULSE] = impulse;
  applyAxisImpulse(jc, o, states, a, b);
}

/**
 * Lower and upper limit on the axis position g[G_POS]: C = pos − jc[o + lower] ≥ 0 (impulse slot `slot`) and
 * C = jc[o + upper] − pos ≥ 0 (slot + 1, the row's sign flipped so its impulse is also ≥ 0). Ahead of a limit
 * (C > 0) the row only stops the approach that would cross it within the substep (speculative, bias C / h); past
 * it, a soft push back with the world's joint softness (none in the relax pass).
 */
export function solveAxisLimitRows(
  jc: Float64Array,
  o: number,
  states: Float64Array,
  a: number,
  b: number,
  params: Float64Array,
  useBias: boolean,
  slot: number,
  lower: number,
  upper: number,
): void {
  const invH = params[SP_INV_H];
  for (let side = 0; side < 2; side++) {
    const C = side === 0 ? g[G_POS] - jc[o + lower] : jc[o + upper] - g[G_POS];
    let bias = 0;
    let massScale = 1;
    let impulseScale = 0;
    if (C > 0) {
      bias = C * invH;
    } else if (useBias) {
      bias = jc[o + JC_BIAS_RATE] * C;
      massScale = jc[o + JC_MASS_SCALE];
      impulseScale = jc[o + JC_IMPULSE_SCALE];
    }
    axisCdot(states, a, b);
    // The upper row's Ċ is the lower's negated (exact in floating point; a zero's sign is lost in the clamp).
    const cdot = side === 0 ? g[G_CDOT] : -g[G_CDOT];
    const old = jc[o + JC_IMPULSE + slot + side];
    const raw = old - massScale * g[G_MASS] * (cdot + bias) - impulseScale * old;
    const total = raw > 0 ? raw : 0;
    const impulse = total - old;
    jc[o + JC_IMPULSE + slot + side] = total;
    g[G_IMPULSE] = side === 0 ? impulse : -impulse;
    applyAxisImpulse(jc, o, states, a, b);
  }
}

/**
 * Impulse slots and parameter offsets of a kind's axis rows (solveAxisRows): the spring's impulse slot, the
 * motor's impulse slot, speed and max-impulse offsets, the lower limit's impulse slot (upper: the next), the
 * lower, upper limit offsets, and the offset of the spring's impulse range (h · force range; upper: the next).
 */
export const AX_SPRING = 0;
export const AX_MOTOR = 1;
export const AX_MOTOR_SPEED = 2;
export const AX_MOTOR_MAX = 3;
export const AX_LIMIT = 4;
export const AX_LOWER = 5;
export const AX_UPPER = 6;
export const AX_SPRING_RANGE = 7;

/**
 * The scalar rows along an axis, in order: spring (toward C = g[G_C], the joint's own softness, every pass, its
 * impulse within its range), motor,
 * lower and upper limit (on g[G_POS]). One routine for the distance, prismatic and wheel joints; the caller fills
 * g's axis (G_UX, G_UY, G_CA, G_CB), G_MASS, G_POS and G_C, and says which rows are on.
 */
export function solveAxisRows(
  jc: Float64Array,
  o: number,
  states: Float64Array,
  a: number,
  b: number,
  params: Float64Array,
  useBias: boolean,
  spring: boolean,
  motor: boolean,
  limit: boolean,
  layout: Int32Array,
): void {
  if (spring) {
    solveSoftAxisRow(jc, o, states, a, b, layout[AX_SPRING], JC_SPRING_BIAS_RATE, true, layout[AX_SPRING_RANGE]);
  }
  if (motor) solveAxisMotorRow(jc, o, states, a, b, layout[AX_MOTOR], layout[AX_MOTOR_SPEED], layout[AX_MOTOR_MAX]);
  if (limit)
    solveAxisLimitRows(jc, o, states, a, b, params, useBias, layout[AX_LIMIT], layout[AX_LOWER], layout[AX_UPPER]);
}

/**
 * A soft 2×2 block on the impulses at record offsets `at`, `at + 1`: with K and the velocity error c (bias included) in g,
 * λ += −s_m·K⁻¹·c − s_i·λ, (s_m, s_i) from the world's joint softness when `soft`, else (1, 0). A singular K
 * gives no impulse. Writes the impulse increments to g[G_I1], g[G_I2]; the caller applies them with its Jacobian.
 */
export function solveBlock2(jc: Float64Array, o: number, at: number, soft: boolean): void {
  let massScale = 1;
  let impulseScale = 0;
  if (soft) {
    massScale = jc[o + JC_MASS_SCALE];
    impulseScale = jc[o + JC_IMPULSE_SCALE];
  }
  const k11 = g[G_K11];
  const k12 = g[G_K12];
  const k22 = g[G_K22];
  const c1 = g[G_C1];
  const c2 = g[G_C2];
  let det = k11 * k22 - k12 * k12;
  det = det !== 0 ? 1 / det : 0;
  const old1 = jc[o + at];
  const old2 = jc[o + at + 1];
  const i1 = -massScale * det * (k22 * c1 - k12 * c2) - impulseScale * old1;
  const i2 = -massScale * det * (k11 * c2 - k12 * c1) - impulseScale * old2;
  jc[o + at] = old1 + i1;
  jc[o + at + 1] = old2 + i2;
  g[G_I1] = i1;
  g[G_I2] = i2;
}

/**
 * The point constraint C = (cB + rB) − (cA + rA) = 0 as one 2×2 block (revolute, weld):
 *   K = [mA + mB + iA·rAy² + iB·rBy²,   −iA·rAx·rAy − iB·rBx·rBy]
 *       [−iA·rAx·rAy − iB·rBx·rBy,      mA + mB + iA·rAx² + iB·rBx²]
 * soft (bias rate · C and the world's joint softness) when `soft`, rigid otherwise. Its impulse (x, y) is at record
 * offsets `at`, `at + 1`.
 */
export function solvePointBlock(
  jc: Float64Array,
  o: number,
  at: number,
  states: Float64Array,
  a: number,
  b: number,
  soft: boolean,
): void {
  // Self-contained (no calls, no scratch): this is the revolute joint's whole cost in large joint scenes.
  const qAc = states[a + BS_DQC];
  const qAs = states[a + BS_DQS];
  const qBc = states[b + BS_DQC];
  const qBs = states[b + BS_DQS];
  const fAx = jc[o + JC_FRAME_AX];
  const fAy = jc[o + JC_FRAME_AY];
  const fBx = jc[o + JC_FRAME_BX];
  const fBy = jc[o + JC_FRAME_BY];
  const rAx = qAc * fAx - qAs * fAy;
  const rAy = qAs * fAx + qAc * fAy;
  const rBx = qBc * fBx - qBs * fBy;
  const rBy = qBs * fBx + qBc * fBy;
  const mA = jc[o + JC_INV_MASS_A];
  const iA = jc[o + JC_INV_I_A];
  const mB = jc[o + JC_INV_MASS_B];
  const iB = jc[o + JC_INV_I_B];
  let bx = 0;
  let by = 0;
  let massScale = 1;
  let impulseScale = 0;
  if (soft) {
    const rate = jc[o + JC_BIAS_RATE];
    bx = rate * (states[b + BS_DPX] - states[a + BS_DPX] + rBx - rAx + jc[o + JC_DELTA_CX]);
    by = rate * (states[b + BS_DPY] - states[a + BS_DPY] + rBy - rAy + jc[o + JC_DELTA_CY]);
    massScale = jc[o + JC_MASS_SCALE];
    impulseScale = jc[o + JC_IMPULSE_SCALE];
  }
  const vAx = states[a + BS_VX];
  const vAy = states[a + BS_VY];
  const wA = states[a + BS_W];
  const vBx = states[b + BS_VX];
  const vBy = states[b + BS_VY];
  const wB = states[b + BS_W];
  const cx = vBx - wB * rBy - vAx + wA * rAy + bx;
  const cy = vBy + wB * rBx - vAy - wA * rAx + by;
  const mAB = mA + mB;
  const k11 = mAB + iA * rAy * rAy + iB * rBy * rBy;
  const k12 = -iA * rAx * rAy - iB * rBx * rBy;
  const k22 = mAB + iA * rAx * rAx + iB * rBx * rBx;
  let det = k11 * k22 - k12 * k12;
  det = det !== 0 ? 1 / det : 0;
  const oldX = jc[o + at];
  const oldY = jc[o + at + 1];
  const ix = -massScale * det * (k22 * cx - k12 * cy) - impulseScale * oldX;
  const iy = -massScale * det * (k11 * cy - k12 * cx) - impulseScale * oldY;
  jc[o + at] = oldX + ix;
  jc[o + at + 1] = oldY + iy;
  states[a + BS_VX] = vAx - mA * ix;
  states[a + BS_VY] = vAy - mA * iy;
  states[a + BS_W] = wA - iA * (rAx * iy - rAy * ix);
  states[b + BS_VX] = vBx + mB * ix;
  states[b + BS_VY] = vBy + mB * iy;
  states[b + BS_W] = wB + iB * (rBx * iy - rBy * ix);
}
