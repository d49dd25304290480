import {
  PhysicsError,
  SP_DT,
  SP_H,
  SP_WARM_START,
  SP_HIT_THRESHOLD,
  SP_INV_H,
  SP_MAX_LINEAR_SPEED,
  SP_PUSH_MAX_SPEED,
  SP_RESTITUTION_THRESHOLD,
  SP_LINEAR_SLOP,
  SP_SAFETY_FACTOR,
  SP_SPECULATIVE,
  TOL_LINEAR_SLOP,
  TOL_SPECULATIVE,
  compactContacts,
  flushRemovedEntities,
  getPhysics,
  reportJointEvents,
  type PhysicsState,
  type PhysicsWorld,
} from '@impulse2d/core/internal';
import { moveCharacters } from './characters/move-characters.js';
import { collectContactForceEvents } from './contact-force-events.js';
import { collectHitEvents } from './contact-hit-events.js';
import { solveContinuous } from './continuous.js';
import { finalizeBodies } from './finalize-bodies.js';
import { prepareJoints } from './prepare-joints.js';
import { prepareBodies } from './prepare-bodies.js';
import { prepareContacts } from './prepare-contacts.js';
import { preSolveContacts } from './pre-solve.js';
import { solve } from './solve.js';
import { updateBroadphase } from './update-broadphase.js';
import { reportTouchChanges, updateContacts } from './update-contacts.js';
import { updateSleep } from './update-sleep.js';
import { createContactKernel } from './wasm/contact-kernel.js';
import { checkWorkers, finishWorkersStep } from './workers/step-workers.js';

/**
 * The clock for the profile, read only when the world's enableProfiling is on: each read returns a new heap number
 * in V8, and a step with profiling off allocates nothing. Off, every stage time reads 0.
 */
function now(p: PhysicsState): number {
  return p.enableProfiling ? performance.now() : 0;
}

/**
 * Advances the world by `dt` seconds: the stages below, in order, each timed into the profile (getProfile).
 * `subSteps` defaults to the world's setting (4); classic mode ignores it and uses its iterations.
 *
 * @param dt - time step (s), finite and ≥ 0.
 * @throws PhysicsError `INVALID_ARGUMENT` for a bad `dt` or `subSteps` or a world without physics,
 *   `WORLD_LOCKED` when called from inside a step (for example from a user system in the same pipe).
 */
export function stepPhysics(world: PhysicsWorld, dt: number, subSteps?: number): void {
  const p = getPhysics(world);
  beginStep(p, dt, subSteps);
  try {
    characterStage(p);
    broadphaseStage(p);
    narrowphaseStage(p);
    prepareStage(p);
    solveStage(p);
    finalizeStage(p);
  } finally {
    endStep(p);
  }
  flushRemovedEntities(world);
}

/**
 * The same stages as bitecs systems, for a user's own `pipe(...)`: the first locks the world and validates the
 * step, the last unlocks it and completes the profile. Build the list once and reuse it every frame.
 */
export function createPhysicsSystems(dt: number, subSteps?: number): Array<(world: PhysicsWorld) => PhysicsWorld> {
  const stage =
    (run: (p: PhysicsState) => void) =>
    (world: PhysicsWorld): PhysicsWorld => {
      const p = getPhysics(world);
      try {
        run(p);
      } catch (error) {
        endStep(p);
        throw error;
      }
      return world;
    };
  return [
    (world) => {
      beginStep(getPhysics(world), dt, subSteps);
      return world;
    },
    stage(characterStage),
    stage(broadphaseStage),
    stage(narrowphaseStage),
    stage(prepareStage),
    stage(solveStage),
    stage(finalizeStage),
    (world) => {
      endStep(getPhysics(world));
      flushRemovedEntities(world);
      return world;
    },
  ];
}

/** Validates the step, locks the world, clears last step's events and sets the per-step solver scalars. */
function beginStep(p: PhysicsState, dt: number, subSteps: number | undefined): void {
  if (p.locked) throw new PhysicsError('WORLD_LOCKED', 'stepPhysics was called during a step');
  checkWorkers(p);
  if (typeof dt !== 'number' || !Number.isFinite(dt) || dt < 0) {
    throw new PhysicsError('INVALID_ARGUMENT', `dt must be a finite number >= 0, got ${String(dt)}`);
  }
  const n = subSteps ?? p.subSteps;
  if (!Number.isInteger(n) || n < 1) {
    throw new PhysicsError('INVALID_ARGUMENT', `subSteps must be an integer >= 1, got ${String(subSteps)}`);
  }
  p.locked = true;
  p.events.clear();
  selectKernel(p);
  const steps = p.solver === 'classic' ? 1 : n;
  p.stepSubSteps = steps;
  // Compared, not recomputed: comparing numbers boxes nothing, computing them would until V8 optimises this function.
  if (dt !== p.paramsDt || steps !== p.paramsSubSteps || p.settingsVersion !== p.paramsSettingsVersion) {
    writeStepParams(p, dt, steps);
  }
  const prof = p.profile;
  prof.characters = 0;
  prof.broadphase = 0;
  prof.narrowphase = 0;
  prof.prepare = 0;
  prof.solve = 0;
  prof.continuous = 0;
  prof.finalize = 0;
  p.stepStartTime = now(p);
}

/**
 * The solver's per-step scalars (SP_* in core's solver-layout.ts) for step length `dt` in `steps` substeps, and a new
 * params version, after which prepareContacts computes the contact softness again.
 */
function writeStepParams(p: PhysicsState, dt: number, steps: number): void {
  const sd = p.solverData;
  const params = sd.params;
  params[SP_DT] = dt;
  sd.stepMoves = dt > 0 ? 1 : 0;
  params[SP_H] = dt / steps;
  params[SP_INV_H] = dt > 0 ? steps / dt : 0;
  params[SP_MAX_LINEAR_SPEED] = p.maxLinearSpeed;
  params[SP_PUSH_MAX_SPEED] = p.contactPushMaxSpeed;
  params[SP_RESTITUTION_THRESHOLD] = p.restitutionThreshold;
  params[SP_HIT_THRESHOLD] = p.hitEventThreshold;
  // Read by both constraint builders (joints' and contacts').
  params[SP_WARM_START] = p.enableWarmStarting ? 1 : 0;
  // Read by the narrowphase and the write-back, which may run on step workers.
  params[SP_SPECULATIVE] = p.tolerances[TOL_SPECULATIVE];
  params[SP_LINEAR_SLOP] = p.tolerances[TOL_LINEAR_SLOP];
  params[SP_SAFETY_FACTOR] = p.continuousSafetyFactor;
  p.paramsDt = dt;
  p.paramsSubSteps = steps;
  p.paramsSettingsVersion = p.settingsVersion;
  sd.paramsVersion++;
}

/** Puts the solver arrays where the world's solverKernel setting wants them (a kernel's memory, or plain arrays). */
function selectKernel(p: PhysicsState): void {
  const sd = p.solverData;
  if (p.solverKernel === 'wasm') {
    if (sd.kernel !== null || sd.kernelUnavailable) return;
    const kernel = createContactKernel();
    if (kernel === null) sd.kernelUnavailable = true;
    else sd.attachKernel(kernel);
  } else if (sd.kernel !== null) {
    sd.attachKernel(null);
  }
}

function endStep(p: PhysicsState): void {
  p.locked = false;
  finishWorkersStep(p);
  const prof = p.profile;
  prof.total = now(p) - p.stepStartTime;
  prof.bodyCount = p.bodies.count;
  prof.shapeCount = p.shapes.count;
  prof.stepCount = ++p.stepIndex;
}

/** 0 — every character's move resolved and given to its kinematic body as a velocity (dt = 0 moves none). */
function characterStage(p: PhysicsState): void {
  if (!moves(p)) return;
  const t0 = now(p);
  moveCharacters(p);
  p.profile.characters = now(p) - t0;
}

/** 1 — new pairs from proxies that moved. */
function broadphaseStage(p: PhysicsState): void {
  const t0 = now(p);
  updateBroadphase(p);
  p.profile.broadphase = now(p) - t0;
}

/** 2 — manifolds, touching transitions, events, waking; then the contact table packed if mostly free. */
function narrowphaseStage(p: PhysicsState): void {
  const t0 = now(p);
  updateContacts(p);
  reportTouchChanges(p);
  // Here, with this step's contacts destroyed and no contact id held in any scratch (see compactContacts).
  compactContacts(p);
  p.profile.narrowphase = now(p) - t0;
}

/** Whether this step integrates at all (dt = 0 only updates contacts, as in Box2D). */
function moves(p: PhysicsState): boolean {
  return p.solverData.stepMoves === 1;
}

/** 3 — dense body states and constraint records, then the user's pre-solve callback (on this thread). */
function prepareStage(p: PhysicsState): void {
  if (!moves(p)) return;
  const t0 = now(p);
  prepareBodies(p);
  prepareJoints(p);
  prepareContacts(p);
  preSolveContacts(p);
  p.profile.prepare = now(p) - t0;
}

/** 4 — substeps of the solver, restitution, stored impulses, hit events, joint and contact force events. */
function solveStage(p: PhysicsState): void {
  if (!moves(p)) return;
  const t0 = now(p);
  solve(p, p.stepSubSteps);
  collectHitEvents(p);
  reportJointEvents(p);
  collectContactForceEvents(p);
  p.profile.solve = now(p) - t0;
}

/** 5 — transforms and AABBs written back, continuous collision, rest timers, moved events, islands put to sleep. */
function finalizeStage(p: PhysicsState): void {
  if (!moves(p)) return;
  const t0 = now(p);
  finalizeBodies(p);
  // Continuous collision (timed on its own): fast bodies swept back to their first impact, before sleep and moved
  // events see the poses.
  const t1 = now(p);
  solveContinuous(p);
  const t2 = now(p);
  updateSleep(p);
  p.profile.continuous = t2 - t1;
  p.profile.finalize = now(p) - t0 - (t2 - t1);
}
