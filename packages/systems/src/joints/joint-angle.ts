import { BS_DQC, BS_DQS, JC_ANGLE, atan2Into } from '@impulse2d/core/internal';

// atan2Into's argument pair: y (sin), x (cos).
const angleScratch = new Float64Array(2);

/**
 * Current joint angle in (−π, π]: the prepared relative rotation (cos, sin at jc[rel], jc[rel + 1]) composed with
 * the bodies' rotation deltas since prepare (state offsets a, b), written to jc[o + JC_ANGLE]. The result goes
 * through the record rather than a return value, and the arguments are arrays and integers: the solver loops are too
 * large for V8 to inline this into (docs/design/v8-hot-code.md, rule 1).
 */
export function writeJointAngle(
  jc: Float64Array,
  o: number,
  rel: number,
  states: Float64Array,
  a: number,
  b: number,
): void {
  const qAc = states[a + BS_DQC];
  const qAs = states[a + BS_DQS];
  const qBc = states[b + BS_DQC];
  const qBs = states[b + BS_DQS];
  const dc = qAc * qBc + qAs * qBs;
  const ds = qAc * qBs - qAs * qBc;
  const rc = jc[rel];
  const rs = jc[rel + 1];
  angleScratch[0] = rs * dc + rc * ds;
  angleScratch[1] = rc * dc - rs * ds;
  atan2Into(angleScratch, 0);
  jc[o + JC_ANGLE] = angleScratch[0];
}
