// The engine side of @impulse2d/systems, for tools and tests that run the step's stages or the solver's routines on
// their own: each stage of stepPhysics, the integrators, the contact and joint solver routines, the softness
// formulas, the solver's passes and the step workers' counters. Not a stable interface. The public API is
// ./index.ts (@impulse2d/systems); every name here is listed, none re-exported with `export *`.

// The stages of stepPhysics, in order (step.ts runs them).
export { moveCharacters } from './characters/move-characters.js';
export { updateBroadphase } from './update-broadphase.js';
export { updateContacts, reportTouchChanges } from './update-contacts.js';
export { prepareBodies } from './prepare-bodies.js';
export { prepareJoints } from './prepare-joints.js';
export { prepareContacts } from './prepare-contacts.js';
export { buildContactConstraints } from './build-contact-constraints.js';
export { stageBuilderInputs } from './stage-builder-inputs.js';
export { solve, warmStartJoints, solveJoints } from './solve.js';
export { collectHitEvents } from './contact-hit-events.js';
export { finalizeBodies } from './finalize-bodies.js';
export { solveContinuous, CORE_FRACTION } from './continuous.js';
export { updateSleep, TIME_TO_SLEEP } from './update-sleep.js';

// The solver's routines and the softness of its constraints.
export { integrateVelocities, integratePositions, clampVelocities } from './integrate.js';
export { warmStartContacts, solveContacts, applyRestitution } from './solve-contacts.js';
export { softBiasRate, softMassScale, softImpulseScale } from './softness.js';
export { storeJointImpulses } from './joints/index.js';
export { isFastBody } from './fast-bodies.js';

// The solver's passes (a block of rows at a time, on this thread or the step workers) and the workers' counters.
export { SolverPass, SOLVER_PASS_COUNT, NO_COLOUR, type SolverPassId, type SolverPassName } from './solver-pass.js';
export { solveRange, type SolveState } from './solve-range.js';
export { getWorkerChunkCounts } from './workers/step-workers.js';
