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
} from '@impulse2d/core/internal';
import { writeJointAngle } from './joint-angle.js';
import { ANGULAR_ONE, warmStartPointJoints } from './joint-rows.js';

// Motor joint: drives B's origin to A's frame point `linearOffset` (rA) and the relative angle to `angularOffset`,
// removing the fraction `correctionFactor` of the error per substep (bias = correction/h · C). The drive acts in
// every pass, relax included: it is a controller, not a hard constraint (a relax pass without it would stop B each
// substep and the joint would creep at the speed one substep's force gives).
// with the accumulated impulses bounded by h · maxTorque (angular) and a disc of radius h · maxForce (linear).
// Impulses: 0, 1 linear; 2 angular.

export function warmStartMotorJoints(jc: Float64Array, begin: number, end: number, states: Float64Array): void {
  warmStartPointJoints(jc, begin, end, states, JC_STRIDE, JC_IMPULSE, ANGULAR_ONE, null);
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
      const old = jc[o + JC_IMPULSE + 2];
      const maxImpulse = jc[o + JC_MOTOR_MAX_TORQUE_IMPULSE];
      let total = old - jc[o + JC_MOTOR_AXIAL_MASS] * (wB - wA + bias);
      total = total > maxImpulse ? maxImpulse : total < -maxImpulse ? -maxImpulse : total;
      const impulse = total - old;
      jc[o + JC_IMPULSE + 2] = total;
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
      const oldX = jc[o + JC_IMPULSE];
      const oldY = jc[o + JC_IMPULSE + 1];
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
      jc[o + JC_IMPULSE] = tx;
      jc[o + JC_IMPULSE + 1] = ty;
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
