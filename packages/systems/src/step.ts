import {
  PhysicsError,
  SP_H,
  SP_INV_H,
  SP_MAX_LINEAR_SPEED,
  SP_PUSH_MAX_SPEED,
  SP_RESTITUTION_THRESHOLD,
  getPhysics,
  type PhysicsState,
  type PhysicsWorld,
} from '@impulse2d/core';
import { finalizeBodies } from './finalize-bodies.js';
import { prepareJoints } from './joints/index.js';
import { prepareBodies } from './prepare-bodies.js';
import { prepareContacts } from './prepare-contacts.js';
import { solve } from './solve.js';
import { updateBroadphase } from './update-broadphase.js';
import { updateContacts } from './update-contacts.js';

const now = (): number => performance.now();

/**
 * Advances the world by `dt` seconds. The step is the ordered list of stages below, each timed into the profile
 * (getProfile). `subSteps` defaults to the world's setting (4); classic mode ignores it and uses its iterations.
 */
export function stepPhysics(world: PhysicsWorld, dt: number, subSteps?: number): void {
  const p = getPhysics(world);
  if (p.locked) throw new PhysicsError('WORLD_LOCKED', 'stepPhysics was called during a step');
  if (typeof dt !== 'number' || !Number.isFinite(dt) || dt < 0) {
    throw new PhysicsError('INVALID_ARGUMENT', `dt must be a finite number >= 0, got ${String(dt)}`);
  }
  const n = subSteps ?? p.subSteps;
  if (!Number.isInteger(n) || n < 1) {
    throw new PhysicsError('INVALID_ARGUMENT', `subSteps must be an integer >= 1, got ${String(subSteps)}`);
  }
  p.locked = true;
  try {
    runStages(p, dt, n);
  } finally {
    p.locked = false;
  }
}

function runStages(p: PhysicsState, dt: number, subSteps: number): void {
  const prof = p.profile;
  const t0 = now();
  updateBroadphase(p);
  const t1 = now();
  updateContacts(p);
  const t2 = now();
  let t3 = t2;
  let t4 = t2;
  let t5 = t2;
  if (dt > 0) {
    const classic = p.solver === 'classic';
    const steps = classic ? 1 : subSteps;
    const params = p.solverData.params;
    params[SP_H] = dt / steps;
    params[SP_INV_H] = steps / dt;
    params[SP_MAX_LINEAR_SPEED] = p.maxLinearSpeed;
    params[SP_PUSH_MAX_SPEED] = p.contactPushMaxSpeed;
    params[SP_RESTITUTION_THRESHOLD] = p.restitutionThreshold;
    prepareBodies(p);
    prepareJoints(p);
    prepareContacts(p);
    t3 = now();
    solve(p, steps);
    t4 = now();
    finalizeBodies(p);
    t5 = now();
  }
  prof.broadphase = t1 - t0;
  prof.narrowphase = t2 - t1;
  prof.prepare = t3 - t2;
  prof.solve = t4 - t3;
  prof.continuous = 0;
  prof.finalize = t5 - t4;
  prof.total = t5 - t0;
  prof.bodyCount = p.bodies.count;
  prof.shapeCount = p.shapes.count;
  prof.stepCount = ++p.stepIndex;
}
