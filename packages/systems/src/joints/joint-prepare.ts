import {
  JC_FLAGS,
  JC_INV_I_A,
  JC_INV_I_B,
  JC_SPRING_BIAS_RATE,
  JC_STRIDE,
  JF_AXIS_X,
  JF_AXIS_Y,
  JF_CONSTRAINT_DAMPING_RATIO,
  JF_CONSTRAINT_HERTZ,
  JF_DAMPING_RATIO,
  JF_HERTZ,
  JF_LOWER,
  JF_LOWER_SPRING_FORCE,
  JF_MAX_MOTOR,
  JF_MOTOR_SPEED,
  JF_REF_COS,
  JF_REF_SIN,
  JF_UPPER,
  JF_UPPER_SPRING_FORCE,
  JointFlag,
  SP_H,
} from '@impulse2d/core/internal';

/*
 * What the kinds' prepare routines (each kind's `prepare`, called by build-joint-records.ts once per kind and chunk of
 * rows) share. Each helper takes only the state, the row and record offsets and reads every number from arrays:
 * small functions that V8 optimises (and inlines the angle routine into) without boxing a double.
 */

/** What the joint record builder reads and writes: the world's state, or a step worker's view of its columns. */
export interface JointPrepareState {
  readonly joints: {
    readonly f: readonly Float64Array[];
    readonly type: Int32Array;
    readonly flags: Int32Array;
    readonly bodyA: Int32Array;
    readonly bodyB: Int32Array;
    readonly rowColour: Int32Array;
    readonly rowSlot: Int32Array;
    readonly constraints: Float64Array;
    readonly softness: Float64Array;
  };
  readonly bodies: {
    readonly type: Uint8Array;
    readonly invMass: Float64Array;
    readonly invInertia: Float64Array;
    readonly localCenterX: Float64Array;
    readonly localCenterY: Float64Array;
    readonly centerX: Float64Array;
    readonly centerY: Float64Array;
    readonly transform: { readonly c: Float64Array; readonly s: Float64Array };
  };
  readonly solverData: { readonly indexOf: Int32Array; readonly params: Float64Array; readonly pins: Float64Array };
}

/**
 * The offset of row `row`'s general record when the row is of kind `type` and has one (a body in the solver), else
 * −1: the filter at the top of each kind's prepare loop. (A plain pin is a revolute row whose record is a pin: the
 * revolute prepare skips it itself.)
 */
export function recordOf(v: JointPrepareState, row: number, type: number): number {
  const js = v.joints;
  if (js.type[row] !== type || js.rowColour[row] < 0) return -1;
  return js.rowSlot[row] * JC_STRIDE;
}

const TWO_PI = 2 * Math.PI;

/**
 * Writes the soft-constraint coefficients (biasRate, massScale, impulseScale; see softness.ts) of a spring whose
 * hertz and damping ratio are `hertzCol[row]`, `zetaCol[row]`, for the substep in params[SP_H]. Everything numeric
 * is read from arrays so no double crosses a call boundary (V8 would box it).
 */
export function writeSoftness(
  out: Float64Array,
  o: number,
  hertzCol: Float64Array,
  zetaCol: Float64Array,
  row: number,
  params: Float64Array,
): void {
  const hertz = hertzCol[row];
  if (hertz === 0) {
    out[o] = 0;
    out[o + 1] = 1;
    out[o + 2] = 0;
    return;
  }
  const h = params[SP_H];
  const omega = TWO_PI * hertz;
  const a1 = 2 * zetaCol[row] + h * omega;
  const a2 = h * omega * a1;
  const a3 = 1 / (1 + a2);
  out[o] = omega / a1;
  out[o + 1] = a2 * a3;
  out[o + 2] = a3;
}

/**
 * The softness of a row's hard rows from its own constraint tuning (JF_CONSTRAINT_HERTZ, JF_CONSTRAINT_DAMPING_RATIO,
 * JointFlag.constraintTuning) into out[o..o + 2]: the world's formula (prepare-joints.ts), stiffness capped at a
 * quarter of the substep rate, so a tuning equal to the world's settings gives the world's bits. Stiffness 0 is a
 * rigid row without position correction (bias 0, full mass).
 */
export function writeConstraintSoftness(
  out: Float64Array,
  o: number,
  f: readonly Float64Array[],
  row: number,
  params: Float64Array,
): void {
  const h = params[SP_H];
  const cap = 0.25 / h;
  let hertz = f[JF_CONSTRAINT_HERTZ][row];
  if (hertz > cap) hertz = cap;
  if (hertz === 0) {
    out[o] = 0;
    out[o + 1] = 1;
    out[o + 2] = 0;
    return;
  }
  const omega = TWO_PI * hertz;
  const a1 = 2 * f[JF_CONSTRAINT_DAMPING_RATIO][row] + h * omega;
  const a2 = h * omega * a1;
  const a3 = 1 / (1 + a2);
  out[o] = omega / a1;
  out[o + 1] = a2 * a3;
  out[o + 2] = a3;
}

/**
 * The joint's own spring (JF_HERTZ, JF_DAMPING_RATIO) into the record's JC_SPRING_* slots. A spring of zero
 * stiffness is no spring (rather than a rigid lock): its enableSpring bit is cleared in the record.
 */
export function prepareSpring(v: JointPrepareState, row: number, jc: Float64Array, o: number): void {
  const f = v.joints.f;
  if (f[JF_HERTZ][row] === 0) jc[o + JC_FLAGS] = v.joints.flags[row] & ~JointFlag.enableSpring;
  writeSoftness(jc, o + JC_SPRING_BIAS_RATE, f[JF_HERTZ], f[JF_DAMPING_RATIO], row, v.solverData.params);
}

/**
 * The spring's force range (JF_LOWER_SPRING_FORCE, JF_UPPER_SPRING_FORCE: distance, prismatic, wheel) as the range of
 * its accumulated impulse, h · [lower, upper], into jc[at], jc[at + 1] (±∞ stay open).
 */
export function prepareSpringRange(v: JointPrepareState, row: number, jc: Float64Array, at: number): void {
  const f = v.joints.f;
  const h = v.solverData.params[SP_H];
  jc[at] = h * f[JF_LOWER_SPRING_FORCE][row];
  jc[at + 1] = h * f[JF_UPPER_SPRING_FORCE][row];
}

/**
 * Motor and limits of a revolute, prismatic or wheel joint into four consecutive slots from `at`: motor speed, the
 * largest motor impulse h · max, lower and upper limit.
 */
export function prepareMotorLimits(v: JointPrepareState, row: number, jc: Float64Array, at: number): void {
  const f = v.joints.f;
  jc[at] = f[JF_MOTOR_SPEED][row];
  jc[at + 1] = v.solverData.params[SP_H] * f[JF_MAX_MOTOR][row];
  jc[at + 2] = f[JF_LOWER][row];
  jc[at + 3] = f[JF_UPPER][row];
}

/**
 * Relative rotation at prepare time, qAᵀ·qB·R(−reference), written as cos / sin to jc[atC], jc[atC + 1]. The solvers
 * compose it with the rotation deltas and take one atan2 per substep; the prepare stage needs no angle at all.
 */
export function prepareRotation(v: JointPrepareState, row: number, jc: Float64Array, atC: number): void {
  const js = v.joints;
  const tr = v.bodies.transform;
  const a = js.bodyA[row];
  const b = js.bodyB[row];
  const cA = tr.c[a];
  const sA = tr.s[a];
  const cB = tr.c[b];
  const sB = tr.s[b];
  const relC = cA * cB + sA * sB;
  const relS = cA * sB - sA * cB;
  const rc = js.f[JF_REF_COS][row];
  const rs = js.f[JF_REF_SIN][row];
  jc[atC] = relC * rc + relS * rs;
  jc[atC + 1] = relS * rc - relC * rs;
}

/** The axis fixed in body A (JF_AXIS_X, JF_AXIS_Y: prismatic, wheel) in world axes, into jc[at], jc[at + 1]. */
export function prepareAxis(v: JointPrepareState, row: number, jc: Float64Array, at: number): void {
  const tr = v.bodies.transform;
  const bodyA = v.joints.bodyA[row];
  const cA = tr.c[bodyA];
  const sA = tr.s[bodyA];
  const ax = v.joints.f[JF_AXIS_X][row];
  const ay = v.joints.f[JF_AXIS_Y][row];
  jc[at] = cA * ax - sA * ay;
  jc[at + 1] = sA * ax + cA * ay;
}

/** 1 / (iA + iB) of a record (0 when neither body turns): the effective mass of an angular row. */
export function writeAxialMass(jc: Float64Array, o: number, at: number): void {
  const k = jc[o + JC_INV_I_A] + jc[o + JC_INV_I_B];
  jc[at] = k > 0 ? 1 / k : 0;
}
