import { JOINT_KINDS } from './joint-kinds.js';
import type { PhysicsState } from '../state/physics-state.js';
import { JEV_FORCE, JEV_JOINT, JEV_TORQUE } from '../state/event-store.js';
import { JF_FORCE_THRESHOLD, JF_TORQUE_THRESHOLD } from '../state/joint-store.js';

// The joint events of a step (Box2D's b2JointEvents): a joint whose reaction reaches its force or torque threshold is
// reported, and the caller decides what to do with it (destroyJoint makes a breakable joint). Measured once a step,
// from the impulses the solver stored (each kind's `reaction`, as getJointReactionForce reads them), not per substep
// as Box2D does: one look at each watched joint a step, and the same bits for any number of step workers.

const reaction = new Float64Array(3);

/**
 * After the solver stored the step's joint impulses: one joint event (EventStore.joint) per joint with a finite
 * threshold and a solver record this step (an awake joint with a moving body) whose reaction force magnitude reaches
 * its force threshold or whose torque magnitude reaches its torque threshold, in row order. Looks at no row while no
 * joint has a finite threshold.
 */
export function reportJointEvents(p: PhysicsState): void {
  const js = p.joints;
  if (js.thresholdCount === 0) return;
  const forces = js.f[JF_FORCE_THRESHOLD];
  const torques = js.f[JF_TORQUE_THRESHOLD];
  const rowColour = js.rowColour;
  const events = p.events.joint;
  for (let row = 0; row < js.count; row++) {
    const forceThreshold = forces[row];
    const torqueThreshold = torques[row];
    if (forceThreshold === Infinity && torqueThreshold === Infinity) continue;
    if (rowColour[row] < 0) continue;
    JOINT_KINDS[js.type[row]].reaction(p, row, reaction);
    const force = Math.sqrt(reaction[0] * reaction[0] + reaction[1] * reaction[1]);
    const torque = Math.abs(reaction[2]);
    if (!(force >= forceThreshold || torque >= torqueThreshold)) continue;
    const o = events.push();
    const d = events.data;
    d[o + JEV_JOINT] = js.handle[row];
    d[o + JEV_FORCE] = force;
    d[o + JEV_TORQUE] = torque;
  }
}
