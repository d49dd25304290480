import {
  BS_STRIDE,
  BS_W,
  JC_FLAGS,
  JC_IMPULSE,
  JC_INDEX_A,
  JC_INDEX_B,
  JC_INV_I_A,
  JC_INV_I_B,
  JC_SPRING_BIAS_RATE,
  JC_SPRING_IMPULSE_SCALE,
  JC_SPRING_MASS_SCALE,
  JC_WELD_REL_C,
  JC_WELD_AXIAL_MASS,
  JCF_ANGULAR_SPRING,
  JCF_LINEAR_SPRING,
  JC_STRIDE,
  JC_ANGLE,
  JC_BIAS_RATE,
  JC_IMPULSE_SCALE,
  JC_MASS_SCALE,
  JF_ANGULAR_DAMPING_RATIO,
  JF_ANGULAR_HERTZ,
  JF_DAMPING_RATIO,
  JF_HERTZ,
  JI_WELD_ANGLE,
  JI_WELD_POINT_X,
  JointType,
  WELD_IMPULSES,
} from '@impulse2d/core/internal';
import { writeJointAngle } from './joint-angle.js';
import type { JointKindSolver } from './joint-kind.js';
import { pointPass } from './joint-positions.js';
import { prepareRotation, recordOf, writeAxialMass, writeSoftness, type JointPrepareState } from './joint-prepare.js';
import { ANGULAR_ONE, solvePointBlock, warmStartPointJoints } from './joint-rows.js';

// Weld joint: the revolute point block (linear softness in the JC_BIAS_RATE slots) plus an angular row
// C = θB − θA − ref (angular softness in the JC_SPRING_* slots). With stiffness 0 both use the joint's constraint
// softness and, as hard constraints, get no bias in the relax pass; with stiffness > 0 they are real springs and
// keep their bias in every pass. Impulses: the point (JI_WELD_POINT_X, _Y) and the angle (JI_WELD_ANGLE).

function prepareWeldJoints(v: JointPrepareState, first: number, end: number): void {
  const js = v.joints;
  const f = js.f;
  const jc = js.constraints;
  const params = v.solverData.params;
  for (let row = first; row < end; row++) {
    const o = recordOf(v, row, JointType.weld);
    if (o < 0) continue;
    prepareRotation(v, row, jc, o + JC_WELD_REL_C);
    writeAxialMass(jc, o, o + JC_WELD_AXIAL_MASS);
    let flags = js.flags[row];
    // Stiffness 0 keeps the joint's constraint softness (the header's: the world's, or its own tuning), the stiffest
    // the solver resolves; otherwise a real spring. The angle first, while the header still holds that softness.
    if (f[JF_ANGULAR_HERTZ][row] > 0) {
      writeSoftness(jc, o + JC_SPRING_BIAS_RATE, f[JF_ANGULAR_HERTZ], f[JF_ANGULAR_DAMPING_RATIO], row, params);
      flags |= JCF_ANGULAR_SPRING;
    } else {
      jc[o + JC_SPRING_BIAS_RATE] = jc[o + JC_BIAS_RATE];
      jc[o + JC_SPRING_MASS_SCALE] = jc[o + JC_MASS_SCALE];
      jc[o + JC_SPRING_IMPULSE_SCALE] = jc[o + JC_IMPULSE_SCALE];
    }
    if (f[JF_HERTZ][row] > 0) {
      writeSoftness(jc, o + JC_BIAS_RATE, f[JF_HERTZ], f[JF_DAMPING_RATIO], row, params);
      flags |= JCF_LINEAR_SPRING;
    }
    jc[o + JC_FLAGS] = flags;
  }
}

export function warmStartWeldJoints(jc: Float64Array, begin: number, end: number, states: Float64Array): void {
  warmStartPointJoints(
    jc,
    begin,
    end,
    states,
    JC_STRIDE,
    JC_IMPULSE + JI_WELD_POINT_X,
    ANGULAR_ONE,
    JC_IMPULSE + JI_WELD_ANGLE,
    null,
  );
}

export function solveWeldJoints(
  jc: Float64Array,
  begin: number,
  end: number,
  states: Float64Array,
  _params: Float64Array,
  useBias: boolean,
  reverse: boolean,
): void {
  const last = begin + end - 1;
  for (let n = begin; n < end; n++) {
    const o = (reverse ? last - n : n) * JC_STRIDE;
    const a = (jc[o + JC_INDEX_A] | 0) * BS_STRIDE;
    const b = (jc[o + JC_INDEX_B] | 0) * BS_STRIDE;
    const flags = jc[o + JC_FLAGS] | 0;

    // Angular row.
    {
      let bias = 0;
      let massScale = 1;
      let impulseScale = 0;
      if (useBias || (flags & JCF_ANGULAR_SPRING) !== 0) {
        writeJointAngle(jc, o, o + JC_WELD_REL_C, states, a, b);
        const angle = jc[o + JC_ANGLE];
        bias = jc[o + JC_SPRING_BIAS_RATE] * angle;
        massScale = jc[o + JC_SPRING_MASS_SCALE];
        impulseScale = jc[o + JC_SPRING_IMPULSE_SCALE];
      }
      const wA = states[a + BS_W];
      const wB = states[b + BS_W];
      const old = jc[o + JC_IMPULSE + JI_WELD_ANGLE];
      const impulse = -massScale * jc[o + JC_WELD_AXIAL_MASS] * (wB - wA + bias) - impulseScale * old;
      jc[o + JC_IMPULSE + JI_WELD_ANGLE] = old + impulse;
      states[a + BS_W] = wA - jc[o + JC_INV_I_A] * impulse;
      states[b + BS_W] = wB + jc[o + JC_INV_I_B] * impulse;
    }

    // Point block.
    solvePointBlock(jc, o, JC_IMPULSE + JI_WELD_POINT_X, states, a, b, useBias || (flags & JCF_LINEAR_SPRING) !== 0);
  }
}

/** Welds whose point is rigid (a linear spring keeps its give). */
function solveWeldPositionsClassic(jc: Float64Array, begin: number, end: number, states: Float64Array): number {
  return pointPass(jc, begin * JC_STRIDE, end * JC_STRIDE, JC_STRIDE, states, true);
}

/** The weld kind's solver (see JointKindSolver). */
export const weldSolver: JointKindSolver = {
  name: 'weld',
  impulses: WELD_IMPULSES,
  movesBodyA: true,
  boundRatioAt: -1,
  prepare: prepareWeldJoints,
  warmStart: warmStartWeldJoints,
  solve: solveWeldJoints,
  solvePositionsClassic: solveWeldPositionsClassic,
};
