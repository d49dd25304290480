/** Timings (ms) of each stage of the last step, and counters. Filled by stepPhysics; read with getProfile. */
export class StepProfile {
  /** The character stage: every character's move resolved and handed to its body. */
  characters = 0;
  broadphase = 0;
  narrowphase = 0;
  prepare = 0;
  solve = 0;
  continuous = 0;
  finalize = 0;
  total = 0;
  bodyCount = 0;
  awakeBodyCount = 0;
  shapeCount = 0;
  contactCount = 0;
  touchingCount = 0;
  constraintCount = 0;
  stepCount = 0;
}
