import {
  BODY_STATE_STRIDE,
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
  JC_SPRING_BIAS_RATE,
  JC_SPRING_IMPULSE_SCALE,
  JC_SPRING_MASS_SCALE,
  JCF_RIGID,
  JOINT_CONSTRAINT_STRIDE,
  JointFlag,
  SP_INV_H,
} from '@impulse2d/core';

// Distance joint along the unit axis u from anchor A to anchor B, current length L:
//   Ċ = u·(vB + ωB × rB − vA − ωA × rA), mass 1/(mA + mB + iA (rA × u)² + iB (rB × u)²) (from prepare).
// Rigid rod: C = L − length (soft hard constraint). Otherwise: spring toward `length` (when hertz > 0), motor,
// and one-sided limits C = L − min ≥ 0, C = max − L ≥ 0 (a rope is max only). Impulses: 0 length row; 1 lower;
// 2 upper; 3 motor. Positive impulse pushes the anchors apart.

export function warmStartDistanceJoints(jc: Float64Array, begin: number, end: number, states: Float64Array): void {
  for (let k = begin; k < end; k++) {
    const o = k * JOINT_CONSTRAINT_STRIDE;
    const a = (jc[o + JC_INDEX_A]! | 0) * BODY_STATE_STRIDE;
    const b = (jc[o + JC_INDEX_B]! | 0) * BODY_STATE_STRIDE;
    const mA = jc[o + JC_INV_MASS_A]!;
    const iA = jc[o + JC_INV_I_A]!;
    const mB = jc[o + JC_INV_MASS_B]!;
    const iB = jc[o + JC_INV_I_B]!;
    const qAc = states[a + BS_DQC]!;
    const qAs = states[a + BS_DQS]!;
    const qBc = states[b + BS_DQC]!;
    const qBs = states[b + BS_DQS]!;
    const fAx = jc[o + JC_FRAME_AX]!;
    const fAy = jc[o + JC_FRAME_AY]!;
    const fBx = jc[o + JC_FRAME_BX]!;
    const fBy = jc[o + JC_FRAME_BY]!;
    const rAx = qAc * fAx - qAs * fAy;
    const rAy = qAs * fAx + qAc * fAy;
    const rBx = qBc * fBx - qBs * fBy;
    const rBy = qBs * fBx + qBc * fBy;
    const dx = states[b + BS_DPX]! - states[a + BS_DPX]! + jc[o + JC_DELTA_CX]! + rBx - rAx;
    const dy = states[b + BS_DPY]! - states[a + BS_DPY]! + jc[o + JC_DELTA_CY]! + rBy - rAy;
    const len = Math.sqrt(dx * dx + dy * dy);
    const inv = len > 0 ? 1 / len : 0;
    const axial = jc[o + JC_IMPULSE]! + jc[o + JC_IMPULSE + 1]! - jc[o + JC_IMPULSE + 2]! + jc[o + JC_IMPULSE + 3]!;
    const px = axial * dx * inv;
    const py = axial * dy * inv;
    states[a + BS_VX] = states[a + BS_VX]! - mA * px;
    states[a + BS_VY] = states[a + BS_VY]! - mA * py;
    states[a + BS_W] = states[a + BS_W]! - iA * (rAx * py - rAy * px);
    states[b + BS_VX] = states[b + BS_VX]! + mB * px;
    states[b + BS_VY] = states[b + BS_VY]! + mB * py;
    states[b + BS_W] = states[b + BS_W]! + iB * (rBx * py - rBy * px);
  }
}

export function solveDistanceJoints(
  jc: Float64Array,
  begin: number,
  end: number,
  states: Float64Array,
  params: Float64Array,
  useBias: boolean,
  reverse: boolean,
): void {
  const invH = params[SP_INV_H]!;
  const last = begin + end - 1;
  for (let n = begin; n < end; n++) {
    const o = (reverse ? last - n : n) * JOINT_CONSTRAINT_STRIDE;
    const a = (jc[o + JC_INDEX_A]! | 0) * BODY_STATE_STRIDE;
    const b = (jc[o + JC_INDEX_B]! | 0) * BODY_STATE_STRIDE;
    const mA = jc[o + JC_INV_MASS_A]!;
    const iA = jc[o + JC_INV_I_A]!;
    const mB = jc[o + JC_INV_MASS_B]!;
    const iB = jc[o + JC_INV_I_B]!;
    let vAx = states[a + BS_VX]!;
    let vAy = states[a + BS_VY]!;
    let wA = states[a + BS_W]!;
    let vBx = states[b + BS_VX]!;
    let vBy = states[b + BS_VY]!;
    let wB = states[b + BS_W]!;
    const qAc = states[a + BS_DQC]!;
    const qAs = states[a + BS_DQS]!;
    const qBc = states[b + BS_DQC]!;
    const qBs = states[b + BS_DQS]!;
    const fAx = jc[o + JC_FRAME_AX]!;
    const fAy = jc[o + JC_FRAME_AY]!;
    const fBx = jc[o + JC_FRAME_BX]!;
    const fBy = jc[o + JC_FRAME_BY]!;
    const rAx = qAc * fAx - qAs * fAy;
    const rAy = qAs * fAx + qAc * fAy;
    const rBx = qBc * fBx - qBs * fBy;
    const rBy = qBs * fBx + qBc * fBy;
    const dx = states[b + BS_DPX]! - states[a + BS_DPX]! + jc[o + JC_DELTA_CX]! + rBx - rAx;
    const dy = states[b + BS_DPY]! - states[a + BS_DPY]! + jc[o + JC_DELTA_CY]! + rBy - rAy;
    const length = Math.sqrt(dx * dx + dy * dy);
    const inv = length > 0 ? 1 / length : 0;
    const ux = dx * inv;
    const uy = dy * inv;
    // Lever arms of a force along u.
    const crA = rAx * uy - rAy * ux;
    const crB = rBx * uy - rBy * ux;
    const axialMass = jc[o + JC_DIST_AXIAL_MASS]!;
    const flags = jc[o + JC_FLAGS]! | 0;

    if ((flags & JCF_RIGID) !== 0) {
      let bias = 0;
      let massScale = 1;
      let impulseScale = 0;
      if (useBias) {
        bias = jc[o + JC_BIAS_RATE]! * (length - jc[o + JC_DIST_LENGTH]!);
        massScale = jc[o + JC_MASS_SCALE]!;
        impulseScale = jc[o + JC_IMPULSE_SCALE]!;
      }
      const cdot = ux * (vBx - vAx) + uy * (vBy - vAy) + crB * wB - crA * wA;
      const old = jc[o + JC_IMPULSE]!;
      const impulse = -massScale * axialMass * (cdot + bias) - impulseScale * old;
      jc[o + JC_IMPULSE] = old + impulse;
      vAx -= mA * impulse * ux;
      vAy -= mA * impulse * uy;
      wA -= iA * impulse * crA;
      vBx += mB * impulse * ux;
      vBy += mB * impulse * uy;
      wB += iB * impulse * crB;
    } else {
      if (jc[o + JC_DIST_HERTZ]! > 0) {
        const cdot = ux * (vBx - vAx) + uy * (vBy - vAy) + crB * wB - crA * wA;
        const old = jc[o + JC_IMPULSE]!;
        const impulse =
          -jc[o + JC_SPRING_MASS_SCALE]! * axialMass * (cdot + jc[o + JC_SPRING_BIAS_RATE]! * (length - jc[o + JC_DIST_LENGTH]!)) -
          jc[o + JC_SPRING_IMPULSE_SCALE]! * old;
        jc[o + JC_IMPULSE] = old + impulse;
        vAx -= mA * impulse * ux;
        vAy -= mA * impulse * uy;
        wA -= iA * impulse * crA;
        vBx += mB * impulse * ux;
        vBy += mB * impulse * uy;
        wB += iB * impulse * crB;
      }
      if ((flags & JointFlag.enableMotor) !== 0) {
        const cdot = ux * (vBx - vAx) + uy * (vBy - vAy) + crB * wB - crA * wA;
        const old = jc[o + JC_IMPULSE + 3]!;
        const maxImpulse = jc[o + JC_DIST_MAX_MOTOR_IMPULSE]!;
        let total = old + axialMass * (jc[o + JC_DIST_MOTOR_SPEED]! - cdot);
        total = total > maxImpulse ? maxImpulse : total < -maxImpulse ? -maxImpulse : total;
        const impulse = total - old;
        jc[o + JC_IMPULSE + 3] = total;
        vAx -= mA * impulse * ux;
        vAy -= mA * impulse * uy;
        wA -= iA * impulse * crA;
        vBx += mB * impulse * ux;
        vBy += mB * impulse * uy;
        wB += iB * impulse * crB;
      }
      if ((flags & JointFlag.enableLimit) !== 0) {
        {
          const C = length - jc[o + JC_DIST_MIN]!;
          let bias = 0;
          let massScale = 1;
          let impulseScale = 0;
          if (C > 0) {
            bias = C * invH;
          } else if (useBias) {
            bias = jc[o + JC_BIAS_RATE]! * C;
            massScale = jc[o + JC_MASS_SCALE]!;
            impulseScale = jc[o + JC_IMPULSE_SCALE]!;
          }
          const cdot = ux * (vBx - vAx) + uy * (vBy - vAy) + crB * wB - crA * wA;
          const old = jc[o + JC_IMPULSE + 1]!;
          const raw = old - massScale * axialMass * (cdot + bias) - impulseScale * old;
          const total = raw > 0 ? raw : 0;
          const impulse = total - old;
          jc[o + JC_IMPULSE + 1] = total;
          vAx -= mA * impulse * ux;
          vAy -= mA * impulse * uy;
          wA -= iA * impulse * crA;
          vBx += mB * impulse * ux;
          vBy += mB * impulse * uy;
          wB += iB * impulse * crB;
        }
        {
          const C = jc[o + JC_DIST_MAX]! - length;
          let bias = 0;
          let massScale = 1;
          let impulseScale = 0;
          if (C > 0) {
            bias = C * invH;
          } else if (useBias) {
            bias = jc[o + JC_BIAS_RATE]! * C;
            massScale = jc[o + JC_MASS_SCALE]!;
            impulseScale = jc[o + JC_IMPULSE_SCALE]!;
          }
          const cdot = ux * (vAx - vBx) + uy * (vAy - vBy) + crA * wA - crB * wB;
          const old = jc[o + JC_IMPULSE + 2]!;
          const raw = old - massScale * axialMass * (cdot + bias) - impulseScale * old;
          const total = raw > 0 ? raw : 0;
          const impulse = total - old;
          jc[o + JC_IMPULSE + 2] = total;
          vAx += mA * impulse * ux;
          vAy += mA * impulse * uy;
          wA += iA * impulse * crA;
          vBx -= mB * impulse * ux;
          vBy -= mB * impulse * uy;
          wB -= iB * impulse * crB;
        }
      }
    }

    states[a + BS_VX] = vAx;
    states[a + BS_VY] = vAy;
    states[a + BS_W] = wA;
    states[b + BS_VX] = vBx;
    states[b + BS_VY] = vBy;
    states[b + BS_W] = wB;
  }
}
