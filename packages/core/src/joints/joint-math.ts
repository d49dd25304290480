import { atan2 } from '../math/trig.js';

/**
 * Angle (rad, in (−π, π]) of the rotation (c, s), with the engine's deterministic atan2: the joint solvers measure
 * relative angles with it every substep, and a replay must give the same bits in every JavaScript engine.
 */
export function rotationAngle(c: number, s: number): number {
  return atan2(s, c);
}
