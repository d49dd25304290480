import {
  CC_CONTACT,
  CC_HEADER,
  CC_POINT_COUNT,
  CCP_MAX_NORMAL_IMPULSE,
  CCP_NORMAL_IMPULSE,
  CCP_STRIDE,
  CCP_TANGENT_IMPULSE,
  CC_STRIDE,
  CONTACT_POINTS_STRIDE,
  CP_MAX_NORMAL_IMPULSE,
  CP_NORMAL_IMPULSE,
  CP_TANGENT_IMPULSE,
  CP_STRIDE,
  type PhysicsState,
} from '@impulse2d/core';
import { integratePositions, integrateVelocities } from './integrate.js';
import { solveJoints, storeJointImpulses, warmStartJoints } from './joints/index.js';
import { applyRestitution, solveContacts, warmStartContacts } from './solve-contacts.js';
import { solveContactsClassic } from './solve-contacts-classic.js';

/**
 * Stage 5 — the solver. Soft step (Box2D v3): per substep integrate velocities → warm start → solve with soft bias →
 * integrate positions → relax (solve without bias); then one restitution pass. Classic (the seeds): one step of
 * integrate velocities → warm start → N iterations with Baumgarte bias → integrate positions → restitution.
 * Either way the accumulated impulses are stored back on the contacts for the next step's warm start. Sweeps
 * alternate direction (see solveContacts): the relax pass runs opposite to the solve pass of its substep.
 */
export function solve(p: PhysicsState, subSteps: number): void {
  const sd = p.solverData;
  const states = sd.states;
  const integ = sd.integration;
  const bodyCount = sd.bodyCount;
  const cc = sd.contacts;
  const count = sd.contactCount;
  const params = sd.params;
  if (p.solver === 'classic') {
    integrateVelocities(states, integ, bodyCount, params);
    warmStartJoints(p);
    warmStartContacts(cc, count, states);
    for (let it = 0; it < p.classicIterations; it++) {
      solveJoints(p, true, (it & 1) === 1);
      solveContactsClassic(cc, count, states, params, false);
    }
    integratePositions(states, bodyCount, params);
  } else {
    for (let i = 0; i < subSteps; i++) {
      integrateVelocities(states, integ, bodyCount, params);
      warmStartJoints(p);
      warmStartContacts(cc, count, states);
      solveJoints(p, true, (i & 1) === 1);
      solveContacts(cc, count, states, params, true, (i & 1) === 1);
      integratePositions(states, bodyCount, params);
      solveJoints(p, false, (i & 1) === 0);
      solveContacts(cc, count, states, params, false, (i & 1) === 0);
    }
  }
  applyRestitution(cc, count, states, params);
  storeImpulses(p);
  storeJointImpulses(p);
}

function storeImpulses(p: PhysicsState): void {
  const sd = p.solverData;
  const cc = sd.contacts;
  const points = p.contacts.points;
  for (let i = 0; i < sd.contactCount; i++) {
    const o = i * CC_STRIDE;
    const base = cc[o + CC_CONTACT]! * CONTACT_POINTS_STRIDE;
    const pc = cc[o + CC_POINT_COUNT]!;
    for (let j = 0; j < pc; j++) {
      const q = o + CC_HEADER + j * CCP_STRIDE;
      const d = base + j * CP_STRIDE;
      points[d + CP_NORMAL_IMPULSE] = cc[q + CCP_NORMAL_IMPULSE]!;
      points[d + CP_TANGENT_IMPULSE] = cc[q + CCP_TANGENT_IMPULSE]!;
      points[d + CP_MAX_NORMAL_IMPULSE] = cc[q + CCP_MAX_NORMAL_IMPULSE]!;
    }
  }
}
