import {
  BodyType,
  JC_BIAS_RATE,
  JC_DELTA_CX,
  JC_DELTA_CY,
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
  JC_ROW,
  JC_STRIDE,
  JF_ANCHOR_AX,
  JF_ANCHOR_AY,
  JF_ANCHOR_BX,
  JF_ANCHOR_BY,
  JF_IMPULSE_0,
  JointFlag,
  JI_REV_POINT_X,
  JI_REV_POINT_Y,
  JOINT_TYPE_COUNT,
  PIN_IMPULSE,
  PIN_STRIDE,
  SP_WARM_START,
} from '@impulse2d/core/internal';
import { JOINT_KINDS } from './joint-kinds.js';
import { writeConstraintSoftness, type JointPrepareState } from './joint-prepare.js';
import { isPin } from './revolute.js';

/** Rows of each kind with a general record in the current chunk (this thread's scratch). */
const kindRows = new Int32Array(JOINT_TYPE_COUNT);

/**
 * Stage 4c's records (prepare-joints.ts): builds the solver record of each joint row `first` to `end` (exclusive)
 * that has a body in the solver, at the slot the colouring gave it (JointStore.rowSlot; plain pins in the compact pin
 * records): all rows on one thread, a chunk of rows on a step worker, each row writing its own record only. Per
 * record: solver indices and inverse masses (zero for static, kinematic and sleeping bodies), anchors relative to the
 * centres of mass in world axes (fixed for the step; the substeps rotate them by each body's rotation delta), the
 * centre offset, the softness (JointStore.softness, or the row's own constraint tuning), last step's impulses for warm starting (times SP_WARM_START);
 * then each kind's own constants (its `prepare`).
 */
export function buildJointRecords(v: JointPrepareState, first: number, end: number): void {
  const js = v.joints;
  const params = v.solverData.params;
  const softness = js.softness;
  const rate = softness[0];
  const massScale = softness[1];
  const impulseScale = softness[2];
  const tuning = softness[3] === 1;
  const warm = params[SP_WARM_START];
  const jc = js.constraints;
  const pins = v.solverData.pins;
  const types = js.type;
  const flagCol = js.flags;
  const rowColour = js.rowColour;
  const rowSlot = js.rowSlot;
  const f = js.f;
  // The JOINT_IMPULSE_COUNT = 6 impulse columns, hoisted: slot k of a general record is loaded from column k.
  const impulse0 = f[JF_IMPULSE_0];
  const impulse1 = f[JF_IMPULSE_0 + 1];
  const impulse2 = f[JF_IMPULSE_0 + 2];
  const impulse3 = f[JF_IMPULSE_0 + 3];
  const impulse4 = f[JF_IMPULSE_0 + 4];
  const impulse5 = f[JF_IMPULSE_0 + 5];
  // A plain pin's record holds the revolute point impulse.
  const pinX = f[JF_IMPULSE_0 + JI_REV_POINT_X];
  const pinY = f[JF_IMPULSE_0 + JI_REV_POINT_Y];
  kindRows.fill(0);
  for (let row = first; row < end; row++) {
    if (rowColour[row] < 0) continue;
    const type = types[row];
    const flags = flagCol[row];
    if (isPin(type, flags)) {
      const o = rowSlot[row] * PIN_STRIDE;
      writeRecordHeader(v, row, pins, o);
      pins[o + PIN_IMPULSE] = warm * pinX[row];
      pins[o + PIN_IMPULSE + 1] = warm * pinY[row];
      continue;
    }
    const o = rowSlot[row] * JC_STRIDE;
    writeRecordHeader(v, row, jc, o);
    if (tuning && (flags & JointFlag.constraintTuning) !== 0) {
      writeConstraintSoftness(jc, o + JC_BIAS_RATE, f, row, params);
    } else {
      jc[o + JC_BIAS_RATE] = rate;
      jc[o + JC_MASS_SCALE] = massScale;
      jc[o + JC_IMPULSE_SCALE] = impulseScale;
    }
    jc[o + JC_IMPULSE] = warm * impulse0[row];
    jc[o + JC_IMPULSE + 1] = warm * impulse1[row];
    jc[o + JC_IMPULSE + 2] = warm * impulse2[row];
    jc[o + JC_IMPULSE + 3] = warm * impulse3[row];
    jc[o + JC_IMPULSE + 4] = warm * impulse4[row];
    jc[o + JC_IMPULSE + 5] = warm * impulse5[row];
    kindRows[type]++;
  }
  // Then each kind present writes its own slots, one call per kind over the same rows (joint-kinds.ts).
  for (let t = 0; t < JOINT_TYPE_COUNT; t++) if (kindRows[t] > 0) JOINT_KINDS[t].prepare(v, first, end);
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
