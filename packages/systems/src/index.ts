/**
 * The step pipeline of impulse2d: `stepPhysics(world, dt)` and the systems it runs, in order.
 *
 * @packageDocumentation
 * @module @impulse2d/systems
 */

export { stepPhysics, createPhysicsSystems } from './step.js';
export {
  createFixedStepper,
  defaultFixedStepperDef,
  interpolateTransforms,
  resetInterpolation,
  stepFixed,
  type FixedStepper,
  type FixedStepperDef,
} from './fixed-stepper.js';
export { startWorkers, stopWorkers, getWorkerCount, MAX_WORKERS } from './workers/step-workers.js';
export { updateSleep, TIME_TO_SLEEP } from './update-sleep.js';
export { collectHitEvents } from './contact-hit-events.js';
export { updateBroadphase } from './update-broadphase.js';
export { updateContacts, reportTouchChanges } from './update-contacts.js';
export { prepareBodies } from './prepare-bodies.js';
export { prepareContacts } from './prepare-contacts.js';
export { solve } from './solve.js';
export { finalizeBodies } from './finalize-bodies.js';
export { integrateVelocities, integratePositions } from './integrate.js';
export { warmStartContacts, solveContacts, applyRestitution } from './solve-contacts.js';
export { softBiasRate, softMassScale, softImpulseScale } from './softness.js';
export { storeJointImpulses } from './joints/index.js';
export { prepareJoints } from './prepare-joints.js';
export { warmStartJoints, solveJoints } from './solve.js';
export { solveContinuous, CORE_FRACTION } from './continuous.js';
export { isFastBody, SAFETY_FACTOR } from './fast-bodies.js';
