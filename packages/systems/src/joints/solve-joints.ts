import { JointType, type PhysicsState } from '@impulse2d/core/internal';
import { solveDistanceJoints, warmStartDistanceJoints } from './distance.js';
import { solveMotorJoints, warmStartMotorJoints } from './motor.js';
import { solveMouseJoints, warmStartMouseJoints } from './mouse.js';
import { solvePinJoints, warmStartPinJoints } from './pin.js';
import { solvePrismaticJoints, warmStartPrismaticJoints } from './prismatic.js';
import { solvePulleyJoints, warmStartPulleyJoints } from './pulley.js';
import { solveRevoluteJoints, warmStartRevoluteJoints } from './revolute.js';
import { solveWeldJoints, warmStartWeldJoints } from './weld.js';
import { solveWheelJoints, warmStartWheelJoints } from './wheel.js';

/*
 * The joint stage of each substep, in the contacts' order: warm start → solve with bias → (integrate positions) →
 * relax (solve without bias). Records are grouped by kind (prepareJoints; plain pins in compact records of their
 * own), so each group runs one monomorphic loop over its range; empty groups cost one empty-range call. Every
 * loop takes only typed arrays, integers and booleans: per-step doubles come from solverData.params.
 */

/**
 * Applies the joints' impulses stored from the previous substep to the body velocities (warm start).
 */
export function warmStartJoints(p: PhysicsState): void {
  const js = p.joints;
  const states = p.solverData.states;
  // Guards before each call, not inside: a routine that never runs its loop stays unoptimised, and V8's unoptimised
  // code boxes every double it touches (that was most of the engine's per-step allocation in joint-free worlds).
  if (js.pinCount > 0) warmStartPinJoints(js.pins, js.pinCount, states);
  if (js.constraintCount === 0) return;
  const jc = js.constraints;
  const s = js.typeStart;
  warmStartDistanceJoints(jc, s[JointType.distance]!, s[JointType.distance + 1]!, states);
  warmStartRevoluteJoints(jc, s[JointType.revolute]!, s[JointType.revolute + 1]!, states);
  warmStartPrismaticJoints(jc, s[JointType.prismatic]!, s[JointType.prismatic + 1]!, states);
  warmStartWeldJoints(jc, s[JointType.weld]!, s[JointType.weld + 1]!, states);
  warmStartWheelJoints(jc, s[JointType.wheel]!, s[JointType.wheel + 1]!, states);
  warmStartMouseJoints(jc, s[JointType.mouse]!, s[JointType.mouse + 1]!, states);
  warmStartMotorJoints(jc, s[JointType.motor]!, s[JointType.motor + 1]!, states);
  warmStartPulleyJoints(jc, s[JointType.pulley]!, s[JointType.pulley + 1]!, states);
}

/**
 * One sweep over all joint rows. `useBias` false is the relax pass. `reverse` alternates the sweep direction
 * between passes (symmetric Gauss–Seidel, as the contact solver): a chain solved always top-down converges
 * unevenly along its length.
 */
export function solveJoints(p: PhysicsState, useBias: boolean, reverse: boolean): void {
  const js = p.joints;
  const sd = p.solverData;
  const states = sd.states;
  const params = sd.params;
  if (js.pinCount > 0) solvePinJoints(js.pins, js.pinCount, states, js.softness, useBias, reverse);
  if (js.constraintCount === 0) return;
  const jc = js.constraints;
  const s = js.typeStart;
  solveDistanceJoints(jc, s[JointType.distance]!, s[JointType.distance + 1]!, states, params, useBias, reverse);
  solveRevoluteJoints(jc, s[JointType.revolute]!, s[JointType.revolute + 1]!, states, params, useBias, reverse);
  solvePrismaticJoints(jc, s[JointType.prismatic]!, s[JointType.prismatic + 1]!, states, params, useBias, reverse);
  solveWeldJoints(jc, s[JointType.weld]!, s[JointType.weld + 1]!, states, params, useBias, reverse);
  solveWheelJoints(jc, s[JointType.wheel]!, s[JointType.wheel + 1]!, states, params, useBias, reverse);
  solveMouseJoints(jc, s[JointType.mouse]!, s[JointType.mouse + 1]!, states, params, useBias, reverse);
  solveMotorJoints(jc, s[JointType.motor]!, s[JointType.motor + 1]!, states, params, useBias, reverse);
  solvePulleyJoints(jc, s[JointType.pulley]!, s[JointType.pulley + 1]!, states, params, useBias, reverse);
}
