import {
  BS_STRIDE,
  BS_DPX,
  BS_DPY,
  BS_DQC,
  BS_DQS,
  BS_VX,
  BS_VY,
  BS_W,
  JC_DELTA_CX,
  JC_DELTA_CY,
  JC_FRAME_AX,
  JC_FRAME_AY,
  JC_FRAME_BX,
  JC_FRAME_BY,
  JC_IMPULSE,
  JC_INDEX_A,
  JC_INDEX_B,
  JC_INV_I_A,
  JC_INV_I_B,
  JC_INV_MASS_A,
  JC_INV_MASS_B,
  JC_MOTOR_REL_C,
  JC_MOTOR_AXIAL_MASS,
  JC_MOTOR_CORRECTION_RATE,
  JC_MOTOR_MAX_FORCE_IMPULSE,
  JC_MOTOR_MAX_TORQUE_IMPULSE,
  JC_STRIDE,
  JC_ANGLE,
  JF_CORRECTION,
  JF_MAX_FORCE,
  JF_MAX_TORQUE,
  JF_TARGET_X,
  JF_TARGET_Y,
  JI_MOTOR_ANGULAR,
  JI_MOTOR_LINEAR_X,
  JI_MOTOR_LINEAR_Y,
  JointType,
  MOTOR_IMPULSES,
  SP_H,
} from '@impulse2d/core/internal';
import { writeJointAngle } from './joint-angle.js';
import type { JointKindSolver } from './joint-kind.js';
import { prepareRotation, recordOf, writeAxialMass, type JointPrepareState } from './joint-prepare.js';
import { ANGULAR_ONE, warmStartPointJoints } from './joint-rows.js';

// Motor joint: drives B's origin to A's frame point `linearOffset` (rA) and the relative angle to `angularOffset`,
// removing the fraction `correctionFactor` of the error per substep (bias = correction/h · C). The drive acts in
// every pass, relax included: it is a controller, not a hard constraint (a relax pass without it would stop B each
// substep and the joint would creep at the speed one substep's force gives).
// with the accumulated impulses bounded by h · maxTorque (angular) and a disc of radius h · maxForce (linear).
// Impulses: linear (JI_MOTOR_LINEAR_X, _Y) and angular (JI_MOTOR_ANGULAR).

function prepareMotorJoints(v: JointPrepareState, first: number, end: number): void {
  const js = v.joints;
  const f = js.f;
  const b = v.bodies;
  const tr = b.transform;
  const jc = js.constraints;
  const h = v.solverData.params[SP_H];
  for (let row = first; row < end; row++) {
    const o = recordOf(v, row, JointType.motor);
    if (o < 0) continue;
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
    prepareRotation(v, row, jc, o + JC_MOTOR_REL_C);
    writeAxialMass(jc, o, o + JC_MOTOR_AXIAL_MASS);
    jc[o + JC_MOTOR_MAX_FORCE_IMPULSE] = h * f[JF_MAX_FORCE][row];
    jc[o + JC_MOTOR_MAX_TORQUE_IMPULSE] = h * f[JF_MAX_TORQUE][row];
    jc[o + JC_MOTOR_CORRECTION_RATE] = f[JF_CORRECTION][row] / h;
  }
}

export function warmStartMotorJoints(jc: Float64Array, begin: number, end: number, states: Float64Array): void {
  warmStartPointJoints(
    jc,
    begin,
    end,
    states,
    JC_STRIDE,
    JC_IMPULSE + JI_MOTOR_LINEAR_X,
    ANGULAR_ONE,
    JC_IMPULSE + JI_MOTOR_ANGULAR,
    null,
  );
}

export function solveMotorJoints(
  jc: Float64Array,
  begin: number,
  end: number,
  states: Float64Array,
  _params: Float64Array,
  _useBias: boolean,
  reverse: boolean,
): void {
  const last = begin + end - 1;
  for (let n = begin; n < end; n++) {
    const o = (reverse ? last - n : n) * JC_STRIDE;
    const a = (jc[o + JC_INDEX_A] | 0) * BS_STRIDE;
    const b = (jc[o + JC_INDEX_B] | 0) * BS_STRIDE;
    const mA = jc[o + JC_INV_MASS_A];
    const iA = jc[o + JC_INV_I_A];
    const mB = jc[o + JC_INV_MASS_B];
    const iB = jc[o + JC_INV_I_B];
    let vAx = states[a + BS_VX];
    let vAy = states[a + BS_VY];
    let wA = states[a + BS_W];
    let vBx = states[b + BS_VX];
    let vBy = states[b + BS_VY];
    let wB = states[b + BS_W];
    const qAc = states[a + BS_DQC];
    const qAs = states[a + BS_DQS];
    const qBc = states[b + BS_DQC];
    const qBs = states[b + BS_DQS];
    const rate = jc[o + JC_MOTOR_CORRECTION_RATE];

    // Angular.
    {
      writeJointAngle(jc, o, o + JC_MOTOR_REL_C, states, a, b);
      const bias = rate * jc[o + JC_ANGLE];
      const old = jc[o + JC_IMPULSE + JI_MOTOR_ANGULAR];
      const maxImpulse = jc[o + JC_MOTOR_MAX_TORQUE_IMPULSE];
      let total = old - jc[o + JC_MOTOR_AXIAL_MASS] * (wB - wA + bias);
      total = total > maxImpulse ? maxImpulse : total < -maxImpulse ? -maxImpulse : total;
      const impulse = total - old;
      jc[o + JC_IMPULSE + JI_MOTOR_ANGULAR] = total;
      wA -= iA * impulse;
      wB += iB * impulse;
    }
    // Linear.
    {
      const fAx = jc[o + JC_FRAME_AX];
      const fAy = jc[o + JC_FRAME_AY];
      const fBx = jc[o + JC_FRAME_BX];
      const fBy = jc[o + JC_FRAME_BY];
      const rAx = qAc * fAx - qAs * fAy;
      const rAy = qAs * fAx + qAc * fAy;
      const rBx = qBc * fBx - qBs * fBy;
      const rBy = qBs * fBx + qBc * fBy;
      const cx =
        vBx -
        wB * rBy -
        vAx +
        wA * rAy +
        rate * (states[b + BS_DPX] - states[a + BS_DPX] + rBx - rAx + jc[o + JC_DELTA_CX]);
      const cy =
        vBy +
        wB * rBx -
        vAy -
        wA * rAx +
        rate * (states[b + BS_DPY] - states[a + BS_DPY] + rBy - rAy + jc[o + JC_DELTA_CY]);
      const mAB = mA + mB;
      const k11 = mAB + iA * rAy * rAy + iB * rBy * rBy;
      const k12 = -iA * rAx * rAy - iB * rBx * rBy;
      const k22 = mAB + iA * rAx * rAx + iB * rBx * rBx;
      let det = k11 * k22 - k12 * k12;
      det = det !== 0 ? 1 / det : 0;
      const oldX = jc[o + JC_IMPULSE + JI_MOTOR_LINEAR_X];
      const oldY = jc[o + JC_IMPULSE + JI_MOTOR_LINEAR_Y];
      let tx = oldX - det * (k22 * cx - k12 * cy);
      let ty = oldY - det * (k11 * cy - k12 * cx);
      const maxImpulse = jc[o + JC_MOTOR_MAX_FORCE_IMPULSE];
      const len2 = tx * tx + ty * ty;
      if (len2 > maxImpulse * maxImpulse) {
        const s = maxImpulse / Math.sqrt(len2);
        tx *= s;
        ty *= s;
      }
      const ix = tx - oldX;
      const iy = ty - oldY;
      jc[o + JC_IMPULSE + JI_MOTOR_LINEAR_X] = tx;
      jc[o + JC_IMPULSE + JI_MOTOR_LINEAR_Y] = ty;
      vAx -= mA * ix;
      vAy -= mA * iy;
      wA -= iA * (rAx * iy - rAy * ix);
      vBx += mB * ix;
      vBy += mB * iy;
      wB += iB * (rBx * iy - rBy * ix);
    }

    states[a + BS_VX] = vAx;
    states[a + BS_VY] = vAy;
    states[a + BS_W] = wA;
    states[b + BS_VX] = vBx;
    states[b + BS_VY] = vBy;
    states[b + BS_W] = wB;
  }
}

/** The motor-joint kind's solver (see JointKindSolver). */
export const motorSolver: JointKindSolver = {
  name: 'motor',
  impulses: MOTOR_IMPULSES,
  movesBodyA: true,
  boundRatioAt: -1,
  prepare: prepareMotorJoints,
  warmStart: warmStartMotorJoints,
  solve: solveMotorJoints,
  solvePositionsClassic: null,
};
