import { JOINT_TYPE_COUNT, OVERFLOW_COLOUR, PIN_STRIDE, type PhysicsState } from '@impulse2d/core/internal';
import { JOINT_KINDS } from './joints/joint-kinds.js';
import { pointPass } from './joints/joint-positions.js';

/**
 * One non-linear Gauss–Seidel position pass over the joints' anchor points (Box2D 2.4's revolute and weld
 * SolvePositionConstraints), for classic mode with 'ngs' correction: plain pins, then each kind that has such a pass
 * (its solvePositionsClassic: revolute joints, welds whose point is rigid), in the order of kinds. Position impulses
 * move Δp and Δq directly (joints/joint-positions.ts): velocities, and so the reaction forces, keep no correction
 * energy. Without it, a 30-link chain stretched by the unconverged velocity iterations is pulled back by the Baumgarte
 * bias and keeps bouncing: its top reaction swung between 0.4× and 2× its weight over 10 s. Returns the largest gap (m).
 */
export function solveJointPositionsClassic(p: PhysicsState): number {
  const js = p.joints;
  const states = p.solverData.states;
  let err = pointPass(p.solverData.pins, 0, js.pinCount * PIN_STRIDE, PIN_STRIDE, states, false);
  if (js.constraintCount === 0) return err;
  const jc = js.constraints;
  // The classic solver leaves every joint in the overflow set (prepareJoints), kind after kind.
  const s = js.groupStart;
  const o = OVERFLOW_COLOUR * JOINT_TYPE_COUNT;
  for (let t = 0; t < JOINT_TYPE_COUNT; t++) {
    const pass = JOINT_KINDS[t].solvePositionsClassic;
    if (pass === null) continue;
    const e = pass(jc, s[o + t], s[o + t + 1], states);
    if (e > err) err = e;
  }
  return err;
}
