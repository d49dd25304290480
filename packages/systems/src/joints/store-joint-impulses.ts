import {
  JC_IMPULSE,
  JC_ROW,
  JF_IMPULSE_0,
  JI_REV_POINT_X,
  JI_REV_POINT_Y,
  JC_STRIDE,
  PIN_IMPULSE,
  PIN_STRIDE,
  type PhysicsState,
} from '@impulse2d/core/internal';

/** Writes the accumulated impulses back to the joint rows, for next step's warm start and the reaction getters. */
export function storeJointImpulses(p: PhysicsState): void {
  const js = p.joints;
  const jc = js.constraints;
  const f = js.f;
  const impulse0 = f[JF_IMPULSE_0];
  const impulse1 = f[JF_IMPULSE_0 + 1];
  const impulse2 = f[JF_IMPULSE_0 + 2];
  const impulse3 = f[JF_IMPULSE_0 + 3];
  const impulse4 = f[JF_IMPULSE_0 + 4];
  const impulse5 = f[JF_IMPULSE_0 + 5]; // JOINT_IMPULSE_COUNT = 6
  for (let k = 0; k < js.constraintCount; k++) {
    const o = k * JC_STRIDE;
    const row = jc[o + JC_ROW];
    impulse0[row] = jc[o + JC_IMPULSE];
    impulse1[row] = jc[o + JC_IMPULSE + 1];
    impulse2[row] = jc[o + JC_IMPULSE + 2];
    impulse3[row] = jc[o + JC_IMPULSE + 3];
    impulse4[row] = jc[o + JC_IMPULSE + 4];
    impulse5[row] = jc[o + JC_IMPULSE + 5];
  }
  // A plain pin's record holds the revolute point impulse.
  const pins = p.solverData.pins;
  const pinX = f[JF_IMPULSE_0 + JI_REV_POINT_X];
  const pinY = f[JF_IMPULSE_0 + JI_REV_POINT_Y];
  for (let k = 0; k < js.pinCount; k++) {
    const o = k * PIN_STRIDE;
    const row = pins[o + JC_ROW];
    pinX[row] = pins[o + PIN_IMPULSE];
    pinY[row] = pins[o + PIN_IMPULSE + 1];
  }
}
