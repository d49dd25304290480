import { BS_DQC, BS_DQS, JC_ANGLE, rotationAngle } from '@impulse2d/core/internal';

/**
 * Current joint angle in (−π, π]: the prepared relative rotation (cos, sin at jc[rel], jc[rel + 1]) composed with
 * the bodies' rotation deltas since prepare (state offsets a, b), written to jc[o + JC_ANGLE]. The result goes
 * through the record rather than a return value, and the arguments are arrays and integers: a double crossing a
 * call that V8 does not inline is boxed (allocated), and the solver loops are too large for V8 to inline this into.
 */
export function writeJointAngle(
  jc: Float64Array,
  o: number,
  rel: number,
  states: Float64Array,
  a: number,
  b: number,
): void {
  const qAc = states[a + BS_DQC]!;
  const qAs = states[a + BS_DQS]!;
  const qBc = states[b + BS_DQC]!;
  const qBs = states[b + BS_DQS]!;
  const dc = qAc * qBc + qAs * qBs;
  const ds = qAc * qBs - qAs * qBc;
  const rc = jc[rel]!;
  const rs = jc[rel + 1]!;
  jc[o + JC_ANGLE] = rotationAngle(rc * dc - rs * ds, rs * dc + rc * ds);
}
