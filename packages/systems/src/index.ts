/**
 * The step pipeline of impulse2d: `stepPhysics(world, dt)`, the same stages as bitecs systems
 * (`createPhysicsSystems`), and step workers that share one world's step among threads (`startWorkers`).
 *
 * The stages themselves, the solver's routines and its passes are engine internals, published apart as
 * `@impulse2d/systems/internal` (not a stable interface).
 *
 * @packageDocumentation
 * @module @impulse2d/systems
 */

export { stepPhysics, createPhysicsSystems } from './step.js';
export {
  startWorkers,
  stopWorkers,
  getThreadCount,
  MAX_THREADS,
  type StartWorkersOptions,
} from './workers/start-workers.js';
export {
  createFixedStepper,
  defaultFixedStepperDef,
  interpolateTransforms,
  resetInterpolation,
  stepFixed,
  type FixedStepper,
  type FixedStepperDef,
} from './fixed-stepper.js';
