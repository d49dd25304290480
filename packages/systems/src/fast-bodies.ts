import { BS_DPX, BS_DPY, BS_DQC, BodyType, SP_SAFETY_FACTOR } from '@impulse2d/core/internal';

/** The body columns isFastBody reads (a step worker's view has these). */
export interface FastBodyColumns {
  readonly maxExtent: Float64Array;
  readonly minExtent: Float64Array;
  readonly type: Uint8Array;
}

/**
 * Is body `eid` (solver state at offset o) a dynamic body that moved more than the world's continuousSafetyFactor
 * (params[SP_SAFETY_FACTOR]) × its minimum extent this step? Motion = |Δp| plus the chord its farthest point travels under the rotation Δq, maxExtent·|Δq − 1|,
 * whose square is 2·maxExtent²·(1 − cos). As (a + b)² ≤ 2(a² + b²), slow bodies are ruled out without a square
 * root. Finalize inlines that first test for every awake body and calls this for the rest; integer arguments only
 * (docs/design/v8-hot-code.md, rule 1).
 */
export function isFastBody(
  b: FastBodyColumns,
  eid: number,
  states: Float64Array,
  o: number,
  params: Float64Array,
): boolean {
  const dpx = states[o + BS_DPX];
  const dpy = states[o + BS_DPY];
  const linear2 = dpx * dpx + dpy * dpy;
  const e = b.maxExtent[eid];
  const chord2 = 2 * e * e * (1 - states[o + BS_DQC]);
  const limit = params[SP_SAFETY_FACTOR] * b.minExtent[eid];
  if (2 * (linear2 + chord2) <= limit * limit) return false;
  return Math.sqrt(linear2) + Math.sqrt(chord2 > 0 ? chord2 : 0) > limit && b.type[eid] === BodyType.dynamic;
}
