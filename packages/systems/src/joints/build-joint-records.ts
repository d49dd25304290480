import {
  BodyType,
  JC_BIAS_RATE,
  JC_DELTA_CX,
  JC_DELTA_CY,
  JC_DIST_AXIAL_MASS,
  JC_DIST_HERTZ,
  JC_DIST_LENGTH,
  JC_DIST_MAX,
  JC_DIST_MAX_MOTOR_IMPULSE,
  JC_DIST_MIN,
  JC_DIST_MOTOR_SPEED,
  JC_FLAGS,
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
  JC_MOTOR_REL_C,
  JC_MOTOR_REL_S,
  JC_MOTOR_AXIAL_MASS,
  JC_MOTOR_CORRECTION_RATE,
  JC_MOTOR_MAX_FORCE_IMPULSE,
  JC_MOTOR_MAX_TORQUE_IMPULSE,
  JC_MOUSE_MAX_IMPULSE,
  JC_PRI_REL_C,
  JC_PRI_REL_S,
  JC_PRI_AXIS_X,
  JC_PRI_AXIS_Y,
  JC_PRI_LOWER,
  JC_PRI_MAX_MOTOR_IMPULSE,
  JC_PRI_MOTOR_SPEED,
  JC_PRI_UPPER,
  JC_PUL_CONSTANT,
  JC_PUL_GROUND_AX,
  JC_PUL_GROUND_AY,
  JC_PUL_GROUND_BX,
  JC_PUL_GROUND_BY,
  JC_PUL_RATIO,
  JC_REV_REL_C,
  JC_REV_REL_S,
  JC_REV_AXIAL_MASS,
  JC_REV_LOWER,
  JC_REV_MAX_MOTOR_IMPULSE,
  JC_REV_MOTOR_SPEED,
  JC_REV_UPPER,
  JC_ROW,
  JC_SPRING_BIAS_RATE,
  JC_SPRING_IMPULSE_SCALE,
  JC_SPRING_MASS_SCALE,
  JC_WELD_REL_C,
  JC_WELD_REL_S,
  JC_WELD_AXIAL_MASS,
  JC_WHEEL_ANGULAR_MASS,
  JCF_ANGULAR_SPRING,
  JCF_LINEAR_SPRING,
  JCF_RIGID,
  JF_ANCHOR_AX,
  JF_ANCHOR_AY,
  JF_ANCHOR_BX,
  JF_ANCHOR_BY,
  JF_ANGULAR_DAMPING_RATIO,
  JF_ANGULAR_HERTZ,
  JF_AXIS_X,
  JF_AXIS_Y,
  JF_CORRECTION,
  JF_DAMPING_RATIO,
  JF_GROUND_AX,
  JF_GROUND_AY,
  JF_GROUND_BX,
  JF_GROUND_BY,
  JF_HERTZ,
  JF_IMPULSE_0,
  JF_LENGTH,
  JF_LENGTH_B,
  JF_LOWER,
  JF_MAX_FORCE,
  JF_MAX_LENGTH,
  JF_MAX_MOTOR,
  JF_MAX_TORQUE,
  JF_MIN_LENGTH,
  JF_MOTOR_SPEED,
  JF_RATIO,
  JF_REF_COS,
  JF_REF_SIN,
  JF_TARGET_X,
  JF_TARGET_Y,
  JF_UPPER,
  JC_STRIDE,
  PIN_IMPULSE,
  PIN_STRIDE,
  JointFlag,
  JointType,
  SP_H,
  SP_WARM_START,
} from '@impulse2d/core/internal';

const TWO_PI = 2 * Math.PI;

/**
 * Writes the soft-constraint coefficients (biasRate, massScale, impulseScale; see softness.ts) of a spring whose
 * hertz and damping ratio are `hertzCol[row]`, `zetaCol[row]`, for the substep in params[SP_H]. Everything numeric
 * is read from arrays so no double crosses a call boundary (V8 would box it).
 */
function writeSoftness(
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
 * Stage 4c's records (prepare-joints.ts): builds the solver record of each joint row `first` to `end` (exclusive)
 * that has a body in the solver, at the slot the colouring gave it (JointStore.rowSlot; plain pins in the compact pin
 * records): all rows on one thread, a chunk of rows on a step worker, each row writing its own record only. Per
 * record: solver indices and inverse masses (zero for static, kinematic and sleeping bodies), anchors relative to the
 * centres of mass in world axes (fixed for the step; the substeps rotate them by each body's rotation delta), the
 * centre offset, the softness (JointStore.softness), last step's impulses for warm starting (times SP_WARM_START),
 * and the kind's own constants.
 */
export function buildJointRecords(v: JointPrepareState, first: number, end: number): void {
  const js = v.joints;
  const params = v.solverData.params;
  const softness = js.softness;
  const rate = softness[0];
  const massScale = softness[1];
  const impulseScale = softness[2];
  const warm = params[SP_WARM_START];
  const jc = js.constraints;
  const pins = v.solverData.pins;
  const types = js.type;
  const flagCol = js.flags;
  const rowColour = js.rowColour;
  const rowSlot = js.rowSlot;
  const f = js.f;
  // The JOINT_IMPULSE_COUNT = 6 impulse columns, hoisted.
  const impulse0 = f[JF_IMPULSE_0];
  const impulse1 = f[JF_IMPULSE_0 + 1];
  const impulse2 = f[JF_IMPULSE_0 + 2];
  const impulse3 = f[JF_IMPULSE_0 + 3];
  const impulse4 = f[JF_IMPULSE_0 + 4];
  const impulse5 = f[JF_IMPULSE_0 + 5];
  for (let row = first; row < end; row++) {
    if (rowColour[row] < 0) continue;
    const type = types[row];
    const flags = flagCol[row];
    if (isPin(type, flags)) {
      const o = rowSlot[row] * PIN_STRIDE;
      writeRecordHeader(v, row, pins, o);
      pins[o + PIN_IMPULSE] = warm * impulse0[row];
      pins[o + PIN_IMPULSE + 1] = warm * impulse1[row];
      continue;
    }
    const o = rowSlot[row] * JC_STRIDE;
    writeRecordHeader(v, row, jc, o);
    jc[o + JC_BIAS_RATE] = rate;
    jc[o + JC_MASS_SCALE] = massScale;
    jc[o + JC_IMPULSE_SCALE] = impulseScale;
    jc[o + JC_IMPULSE] = warm * impulse0[row];
    jc[o + JC_IMPULSE + 1] = warm * impulse1[row];
    jc[o + JC_IMPULSE + 2] = warm * impulse2[row];
    jc[o + JC_IMPULSE + 3] = warm * impulse3[row];
    jc[o + JC_IMPULSE + 4] = warm * impulse4[row];
    jc[o + JC_IMPULSE + 5] = warm * impulse5[row];
    switch (type) {
      case JointType.revolute:
        prepareRevolute(v, row, jc, o);
        break;
      case JointType.prismatic:
      case JointType.wheel:
        prepareAxis(v, row, jc, o);
        break;
      case JointType.distance:
        prepareDistance(v, row, jc, o);
        break;
      case JointType.weld:
        prepareWeld(v, row, jc, o);
        break;
      case JointType.mouse:
        prepareMouse(v, row, jc, o);
        break;
      case JointType.motor:
        prepareMotor(v, row, jc, o);
        break;
      case JointType.pulley:
        preparePulley(v, row, jc, o);
        break;
    }
  }
}

const REVOLUTE_ANGULAR_ROWS = JointFlag.enableLimit | JointFlag.enableMotor | JointFlag.enableSpring;

/** A revolute joint with no angular row is a plain pin: a compact record in SolverData.pins (see PIN_STRIDE). */
export function isPin(type: number, flags: number): boolean {
  return type === JointType.revolute && (flags & REVOLUTE_ANGULAR_ROWS) === 0;
}

/**
 * The slots every record starts with (JC_INDEX_A … JC_DELTA_CY, shared by the general and the pin layout): solver
 * indices, inverse masses (only dynamic bodies in the solver move; kinematic ones already have zero inverse mass),
 * the row, the flags, anchors relative to the centres of mass in world axes r = R·(localAnchor − localCenter), and
 * the centre offset cB − cA.
 */
function writeRecordHeader(p: JointPrepareState, row: number, out: Float64Array, o: number): void {
  const js = p.joints;
  const b = p.bodies;
  const tr = b.transform;
  const indexOf = p.solverData.indexOf;
  const bodyA = js.bodyA[row];
  const bodyB = js.bodyB[row];
  const ia = indexOf[bodyA];
  const ib = indexOf[bodyB];
  const dynA = ia !== 0 && b.type[bodyA] === BodyType.dynamic;
  const dynB = ib !== 0 && b.type[bodyB] === BodyType.dynamic;
  out[o + JC_INDEX_A] = ia;
  out[o + JC_INDEX_B] = ib;
  out[o + JC_INV_MASS_A] = dynA ? b.invMass[bodyA] : 0;
  out[o + JC_INV_I_A] = dynA ? b.invInertia[bodyA] : 0;
  out[o + JC_INV_MASS_B] = dynB ? b.invMass[bodyB] : 0;
  out[o + JC_INV_I_B] = dynB ? b.invInertia[bodyB] : 0;
  out[o + JC_ROW] = row;
  out[o + JC_FLAGS] = js.flags[row];
  const f = js.f;
  const cA = tr.c[bodyA];
  const sA = tr.s[bodyA];
  const cB = tr.c[bodyB];
  const sB = tr.s[bodyB];
  let lx = f[JF_ANCHOR_AX][row] - b.localCenterX[bodyA];
  let ly = f[JF_ANCHOR_AY][row] - b.localCenterY[bodyA];
  out[o + JC_FRAME_AX] = cA * lx - sA * ly;
  out[o + JC_FRAME_AY] = sA * lx + cA * ly;
  lx = f[JF_ANCHOR_BX][row] - b.localCenterX[bodyB];
  ly = f[JF_ANCHOR_BY][row] - b.localCenterY[bodyB];
  out[o + JC_FRAME_BX] = cB * lx - sB * ly;
  out[o + JC_FRAME_BY] = sB * lx + cB * ly;
  out[o + JC_DELTA_CX] = b.centerX[bodyB] - b.centerX[bodyA];
  out[o + JC_DELTA_CY] = b.centerY[bodyB] - b.centerY[bodyA];
}

/*
 * Per-kind constants. Each helper takes only the state, the row and the record offset and reads every number from
 * arrays: small functions that V8 optimises (and inlines the angle routine into) without boxing a double.
 */

/**
 * Relative rotation at prepare time, qAᵀ·qB·R(−reference), written as cos / sin to jc[atC], jc[atS]. The solvers
 * compose it with the rotation deltas and take one atan2 per substep; the prepare stage needs no angle at all.
 */
function prepareRotation(p: JointPrepareState, row: number, jc: Float64Array, atC: number, atS: number): void {
  const js = p.joints;
  const tr = p.bodies.transform;
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
  jc[atS] = relS * rc - relC * rs;
}

function axialMassOf(jc: Float64Array, o: number): number {
  const k = jc[o + JC_INV_I_A] + jc[o + JC_INV_I_B];
  return k > 0 ? 1 / k : 0;
}

function prepareRevolute(p: JointPrepareState, row: number, jc: Float64Array, o: number): void {
  const js = p.joints;
  const f = js.f;
  const h = p.solverData.params[SP_H];
  const flags = js.flags[row];
  jc[o + JC_REV_AXIAL_MASS] = axialMassOf(jc, o);
  prepareRotation(p, row, jc, o + JC_REV_REL_C, o + JC_REV_REL_S);
  jc[o + JC_REV_MOTOR_SPEED] = f[JF_MOTOR_SPEED][row];
  jc[o + JC_REV_MAX_MOTOR_IMPULSE] = h * f[JF_MAX_MOTOR][row];
  jc[o + JC_REV_LOWER] = f[JF_LOWER][row];
  jc[o + JC_REV_UPPER] = f[JF_UPPER][row];
  // A spring of zero stiffness is no spring (rather than a rigid angular lock).
  if (f[JF_HERTZ][row] === 0) jc[o + JC_FLAGS] = flags & ~JointFlag.enableSpring;
  writeSoftness(jc, o + JC_SPRING_BIAS_RATE, f[JF_HERTZ], f[JF_DAMPING_RATIO], row, p.solverData.params);
}

/** Prismatic and wheel: the axis in world axes, motor, limits, spring. */
function prepareAxis(p: JointPrepareState, row: number, jc: Float64Array, o: number): void {
  const js = p.joints;
  const f = js.f;
  const h = p.solverData.params[SP_H];
  const tr = p.bodies.transform;
  const bodyA = js.bodyA[row];
  const cA = tr.c[bodyA];
  const sA = tr.s[bodyA];
  const ax = f[JF_AXIS_X][row];
  const ay = f[JF_AXIS_Y][row];
  jc[o + JC_PRI_AXIS_X] = cA * ax - sA * ay;
  jc[o + JC_PRI_AXIS_Y] = sA * ax + cA * ay;
  if (js.type[row] === JointType.prismatic) prepareRotation(p, row, jc, o + JC_PRI_REL_C, o + JC_PRI_REL_S);
  jc[o + JC_PRI_MOTOR_SPEED] = f[JF_MOTOR_SPEED][row];
  jc[o + JC_PRI_MAX_MOTOR_IMPULSE] = h * f[JF_MAX_MOTOR][row];
  jc[o + JC_PRI_LOWER] = f[JF_LOWER][row];
  jc[o + JC_PRI_UPPER] = f[JF_UPPER][row];
  jc[o + JC_WHEEL_ANGULAR_MASS] = axialMassOf(jc, o);
  if (f[JF_HERTZ][row] === 0) jc[o + JC_FLAGS] = js.flags[row] & ~JointFlag.enableSpring;
  writeSoftness(jc, o + JC_SPRING_BIAS_RATE, f[JF_HERTZ], f[JF_DAMPING_RATIO], row, p.solverData.params);
}

function prepareDistance(p: JointPrepareState, row: number, jc: Float64Array, o: number): void {
  const js = p.joints;
  const f = js.f;
  const h = p.solverData.params[SP_H];
  const flags = js.flags[row];
  const minL = f[JF_MIN_LENGTH][row];
  const maxL = f[JF_MAX_LENGTH][row];
  let length = f[JF_LENGTH][row];
  const limited = (flags & JointFlag.enableLimit) !== 0;
  if (limited) length = length < minL ? minL : length > maxL ? maxL : length;
  jc[o + JC_DIST_LENGTH] = length;
  jc[o + JC_DIST_MIN] = minL;
  jc[o + JC_DIST_MAX] = maxL;
  jc[o + JC_DIST_MOTOR_SPEED] = f[JF_MOTOR_SPEED][row];
  jc[o + JC_DIST_MAX_MOTOR_IMPULSE] = h * f[JF_MAX_MOTOR][row];
  jc[o + JC_DIST_HERTZ] = f[JF_HERTZ][row];
  // A rod unless it is a spring with room to move (limits apart or off).
  const rigid = (flags & JointFlag.enableSpring) === 0 || (limited && minL >= maxL);
  if (rigid) jc[o + JC_FLAGS] = flags | JCF_RIGID;
  writeSoftness(jc, o + JC_SPRING_BIAS_RATE, f[JF_HERTZ], f[JF_DAMPING_RATIO], row, p.solverData.params);
  const rAx = jc[o + JC_FRAME_AX];
  const rAy = jc[o + JC_FRAME_AY];
  const rBx = jc[o + JC_FRAME_BX];
  const rBy = jc[o + JC_FRAME_BY];
  const dx = jc[o + JC_DELTA_CX] + rBx - rAx;
  const dy = jc[o + JC_DELTA_CY] + rBy - rAy;
  const len = Math.sqrt(dx * dx + dy * dy);
  const ux = len > 0 ? dx / len : 0;
  const uy = len > 0 ? dy / len : 0;
  const crA = rAx * uy - rAy * ux;
  const crB = rBx * uy - rBy * ux;
  const k =
    jc[o + JC_INV_MASS_A] + jc[o + JC_INV_MASS_B] + jc[o + JC_INV_I_A] * crA * crA + jc[o + JC_INV_I_B] * crB * crB;
  jc[o + JC_DIST_AXIAL_MASS] = k > 0 ? 1 / k : 0;
}

function prepareWeld(p: JointPrepareState, row: number, jc: Float64Array, o: number): void {
  const js = p.joints;
  const f = js.f;
  const params = p.solverData.params;
  prepareRotation(p, row, jc, o + JC_WELD_REL_C, o + JC_WELD_REL_S);
  jc[o + JC_WELD_AXIAL_MASS] = axialMassOf(jc, o);
  let flags = js.flags[row];
  // Stiffness 0 keeps the world's joint softness (the stiffest the solver resolves); otherwise a real spring.
  if (f[JF_HERTZ][row] > 0) {
    writeSoftness(jc, o + JC_BIAS_RATE, f[JF_HERTZ], f[JF_DAMPING_RATIO], row, params);
    flags |= JCF_LINEAR_SPRING;
  }
  if (f[JF_ANGULAR_HERTZ][row] > 0) {
    writeSoftness(jc, o + JC_SPRING_BIAS_RATE, f[JF_ANGULAR_HERTZ], f[JF_ANGULAR_DAMPING_RATIO], row, params);
    flags |= JCF_ANGULAR_SPRING;
  } else {
    jc[o + JC_SPRING_BIAS_RATE] = js.softness[0];
    jc[o + JC_SPRING_MASS_SCALE] = js.softness[1];
    jc[o + JC_SPRING_IMPULSE_SCALE] = js.softness[2];
  }
  jc[o + JC_FLAGS] = flags;
}

function prepareMouse(p: JointPrepareState, row: number, jc: Float64Array, o: number): void {
  const js = p.joints;
  const f = js.f;
  const b = p.bodies;
  const bodyB = js.bodyB[row];
  // Only B moves; A is a reference. The target replaces A's anchor: Δc = cB − target.
  jc[o + JC_INDEX_A] = 0;
  jc[o + JC_INV_MASS_A] = 0;
  jc[o + JC_INV_I_A] = 0;
  jc[o + JC_FRAME_AX] = 0;
  jc[o + JC_FRAME_AY] = 0;
  jc[o + JC_DELTA_CX] = b.centerX[bodyB] - f[JF_TARGET_X][row];
  jc[o + JC_DELTA_CY] = b.centerY[bodyB] - f[JF_TARGET_Y][row];
  jc[o + JC_MOUSE_MAX_IMPULSE] = p.solverData.params[SP_H] * f[JF_MAX_FORCE][row];
  writeSoftness(jc, o + JC_SPRING_BIAS_RATE, f[JF_HERTZ], f[JF_DAMPING_RATIO], row, p.solverData.params);
}

function prepareMotor(p: JointPrepareState, row: number, jc: Float64Array, o: number): void {
  const js = p.joints;
  const f = js.f;
  const b = p.bodies;
  const tr = b.transform;
  const h = p.solverData.params[SP_H];
  const bodyA = js.bodyA[row];
  const bodyB = js.bodyB[row];
  const cA = tr.c[bodyA];
  const sA = tr.s[bodyA];
  const cB = tr.c[bodyB];
  const sB = tr.s[bodyB];
  // The driven point is B's origin; its target is linearOffset in A's frame.
  let lx = f[JF_TARGET_X][row] - b.localCenterX[bodyA];
  let ly = f[JF_TARGET_Y][row] - b.localCenterY[bodyA];
  jc[o + JC_FRAME_AX] = cA * lx - sA * ly;
  jc[o + JC_FRAME_AY] = sA * lx + cA * ly;
  lx = -b.localCenterX[bodyB];
  ly = -b.localCenterY[bodyB];
  jc[o + JC_FRAME_BX] = cB * lx - sB * ly;
  jc[o + JC_FRAME_BY] = sB * lx + cB * ly;
  prepareRotation(p, row, jc, o + JC_MOTOR_REL_C, o + JC_MOTOR_REL_S);
  jc[o + JC_MOTOR_AXIAL_MASS] = axialMassOf(jc, o);
  jc[o + JC_MOTOR_MAX_FORCE_IMPULSE] = h * f[JF_MAX_FORCE][row];
  jc[o + JC_MOTOR_MAX_TORQUE_IMPULSE] = h * f[JF_MAX_TORQUE][row];
  jc[o + JC_MOTOR_CORRECTION_RATE] = f[JF_CORRECTION][row] / h;
}

function preparePulley(p: JointPrepareState, row: number, jc: Float64Array, o: number): void {
  const js = p.joints;
  const f = js.f;
  const b = p.bodies;
  const bodyA = js.bodyA[row];
  const bodyB = js.bodyB[row];
  jc[o + JC_PUL_GROUND_AX] = f[JF_GROUND_AX][row] - b.centerX[bodyA];
  jc[o + JC_PUL_GROUND_AY] = f[JF_GROUND_AY][row] - b.centerY[bodyA];
  jc[o + JC_PUL_GROUND_BX] = f[JF_GROUND_BX][row] - b.centerX[bodyB];
  jc[o + JC_PUL_GROUND_BY] = f[JF_GROUND_BY][row] - b.centerY[bodyB];
  const ratio = f[JF_RATIO][row];
  jc[o + JC_PUL_RATIO] = ratio;
  jc[o + JC_PUL_CONSTANT] = f[JF_LENGTH][row] + ratio * f[JF_LENGTH_B][row];
}
