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
  JC_PRI_AXIS_X,
  JC_PRI_AXIS_Y,
  JC_PRI_LOWER,
  JC_PRI_MAX_MOTOR_IMPULSE,
  JC_PRI_MOTOR_SPEED,
  JC_PRI_UPPER,
  JC_SPRING_BIAS_RATE,
  JC_SPRING_IMPULSE_SCALE,
  JC_SPRING_MASS_SCALE,
  JC_WHEEL_ANGULAR_MASS,
  JOINT_CONSTRAINT_STRIDE,
  JointFlag,
  SP_INV_H,
} from '@impulse2d/core';

// Wheel joint: the prismatic joint's geometry (d, axis u fixed in A, n = perpendicular) without the angular row.
// Rows: suspension spring along u toward translation 0, drive motor on ωB − ωA, translation limits along u, and the
// point-on-line row across u (a soft hard constraint). Impulses: 0 perpendicular; 1 spring; 2 motor; 3 lower;
// 4 upper.

export function warmStartWheelJoints(jc: Float64Array, begin: number, end: number, states: Float64Array): void {
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
    const ax0 = jc[o + JC_PRI_AXIS_X]!;
    const ay0 = jc[o + JC_PRI_AXIS_Y]!;
    const ux = qAc * ax0 - qAs * ay0;
    const uy = qAs * ax0 + qAc * ay0;
    const a1 = (dx + rAx) * uy - (dy + rAy) * ux;
    const a2 = rBx * uy - rBy * ux;
    const s1 = (dx + rAx) * ux + (dy + rAy) * uy;
    const s2 = rBx * ux + rBy * uy;
    const perp = jc[o + JC_IMPULSE]!;
    const motor = jc[o + JC_IMPULSE + 2]!;
    const axial = jc[o + JC_IMPULSE + 1]! + jc[o + JC_IMPULSE + 3]! - jc[o + JC_IMPULSE + 4]!;
    const px = axial * ux - perp * uy;
    const py = axial * uy + perp * ux;
    states[a + BS_VX] = states[a + BS_VX]! - mA * px;
    states[a + BS_VY] = states[a + BS_VY]! - mA * py;
    states[a + BS_W] = states[a + BS_W]! - iA * (axial * a1 + perp * s1 + motor);
    states[b + BS_VX] = states[b + BS_VX]! + mB * px;
    states[b + BS_VY] = states[b + BS_VY]! + mB * py;
    states[b + BS_W] = states[b + BS_W]! + iB * (axial * a2 + perp * s2 + motor);
  }
}

export function solveWheelJoints(
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
    const ax0 = jc[o + JC_PRI_AXIS_X]!;
    const ay0 = jc[o + JC_PRI_AXIS_Y]!;
    const ux = qAc * ax0 - qAs * ay0;
    const uy = qAs * ax0 + qAc * ay0;
    const translation = ux * dx + uy * dy;
    const a1 = (dx + rAx) * uy - (dy + rAy) * ux;
    const a2 = rBx * uy - rBy * ux;
    const kAxial = mA + mB + iA * a1 * a1 + iB * a2 * a2;
    const axialMass = kAxial > 0 ? 1 / kAxial : 0;
    const flags = jc[o + JC_FLAGS]! | 0;

    if ((flags & JointFlag.enableMotor) !== 0) {
      const angularMass = jc[o + JC_WHEEL_ANGULAR_MASS]!;
      const old = jc[o + JC_IMPULSE + 2]!;
      const maxImpulse = jc[o + JC_PRI_MAX_MOTOR_IMPULSE]!;
      let total = old - angularMass * (wB - wA - jc[o + JC_PRI_MOTOR_SPEED]!);
      total = total > maxImpulse ? maxImpulse : total < -maxImpulse ? -maxImpulse : total;
      const impulse = total - old;
      jc[o + JC_IMPULSE + 2] = total;
      wA -= iA * impulse;
      wB += iB * impulse;
    }
    if ((flags & JointFlag.enableSpring) !== 0) {
      const cdot = ux * (vBx - vAx) + uy * (vBy - vAy) + a2 * wB - a1 * wA;
      const old = jc[o + JC_IMPULSE + 1]!;
      const impulse =
        -jc[o + JC_SPRING_MASS_SCALE]! * axialMass * (cdot + jc[o + JC_SPRING_BIAS_RATE]! * translation) -
        jc[o + JC_SPRING_IMPULSE_SCALE]! * old;
      jc[o + JC_IMPULSE + 1] = old + impulse;
      vAx -= mA * impulse * ux;
      vAy -= mA * impulse * uy;
      wA -= iA * impulse * a1;
      vBx += mB * impulse * ux;
      vBy += mB * impulse * uy;
      wB += iB * impulse * a2;
    }
    if ((flags & JointFlag.enableLimit) !== 0) {
      {
        const C = translation - jc[o + JC_PRI_LOWER]!;
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
        const cdot = ux * (vBx - vAx) + uy * (vBy - vAy) + a2 * wB - a1 * wA;
        const old = jc[o + JC_IMPULSE + 3]!;
        const raw = old - massScale * axialMass * (cdot + bias) - impulseScale * old;
        const total = raw > 0 ? raw : 0;
        const impulse = total - old;
        jc[o + JC_IMPULSE + 3] = total;
        vAx -= mA * impulse * ux;
        vAy -= mA * impulse * uy;
        wA -= iA * impulse * a1;
        vBx += mB * impulse * ux;
        vBy += mB * impulse * uy;
        wB += iB * impulse * a2;
      }
      {
        const C = jc[o + JC_PRI_UPPER]! - translation;
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
        const cdot = ux * (vAx - vBx) + uy * (vAy - vBy) + a1 * wA - a2 * wB;
        const old = jc[o + JC_IMPULSE + 4]!;
        const raw = old - massScale * axialMass * (cdot + bias) - impulseScale * old;
        const total = raw > 0 ? raw : 0;
        const impulse = total - old;
        jc[o + JC_IMPULSE + 4] = total;
        vAx += mA * impulse * ux;
        vAy += mA * impulse * uy;
        wA += iA * impulse * a1;
        vBx -= mB * impulse * ux;
        vBy -= mB * impulse * uy;
        wB -= iB * impulse * a2;
      }
    }

    // Point on line: across the axis.
    {
      const nx = -uy;
      const ny = ux;
      const s1 = (dx + rAx) * ny - (dy + rAy) * nx;
      const s2 = rBx * ny - rBy * nx;
      const kPerp = mA + mB + iA * s1 * s1 + iB * s2 * s2;
      const perpMass = kPerp > 0 ? 1 / kPerp : 0;
      let bias = 0;
      let massScale = 1;
      let impulseScale = 0;
      if (useBias) {
        bias = jc[o + JC_BIAS_RATE]! * (nx * dx + ny * dy);
        massScale = jc[o + JC_MASS_SCALE]!;
        impulseScale = jc[o + JC_IMPULSE_SCALE]!;
      }
      const cdot = nx * (vBx - vAx) + ny * (vBy - vAy) + s2 * wB - s1 * wA;
      const old = jc[o + JC_IMPULSE]!;
      const impulse = -massScale * perpMass * (cdot + bias) - impulseScale * old;
      jc[o + JC_IMPULSE] = old + impulse;
      vAx -= mA * impulse * nx;
      vAy -= mA * impulse * ny;
      wA -= iA * impulse * s1;
      vBx += mB * impulse * nx;
      vBy += mB * impulse * ny;
      wB += iB * impulse * s2;
    }

    states[a + BS_VX] = vAx;
    states[a + BS_VY] = vAy;
    states[a + BS_W] = wA;
    states[b + BS_VX] = vBx;
    states[b + BS_VY] = vBy;
    states[b + BS_W] = wB;
  }
}
