/** Solver variants: Box2D v3's soft step (default) or the classic Baumgarte sequential impulse of the seeds. */
export type SolverMode = 'soft' | 'classic';

/**
 * Where the contact solver's warm start and sweeps run: 'wasm' in a WebAssembly kernel (about 25% faster in V8;
 * falls back to 'js' where the JavaScript engine has no WebAssembly), 'js' in TypeScript. Both give identical bits.
 */
export type SolverKernelMode = 'wasm' | 'js';

/** How classic mode removes overlap and joint drift: a Baumgarte velocity bias during the velocity iterations, or
 * Box2D 2.4's non-linear Gauss–Seidel position iterations after the positions are integrated. */
export type ClassicPositionCorrection = 'baumgarte' | 'ngs';

/** World definition. Every field has a default (see defaultWorldDef); units are SI. */
export interface WorldDef {
  /** Gravity acceleration (m/s²). Default (0, -10). */
  gravity: { x: number; y: number };
  /** Solver variant. Default 'soft'. */
  solver: SolverMode;
  /** Where the contact solver runs (see SolverKernelMode). Default 'wasm'. */
  solverKernel: SolverKernelMode;
  /** Substeps per step when stepPhysics is called without a count (soft mode). Default 4. */
  subSteps: number;
  /** Velocity iterations per step in classic mode. Default 10. */
  classicIterations: number;
  /** Baumgarte factor β in classic mode: fraction of penetration removed per step ('baumgarte' correction; with
   * 'ngs' it remains the bias of joint rows other than plain pins' points). Default 0.1 (a 10-row pyramid
   * moves 1.5 mm over 10 s with β 0.1 and 10 iterations; 46 mm with β 0.2 and 8: Baumgarte energy makes stacks creep). */
  classicBaumgarte: number;
  /** Classic mode's position correction. 'ngs' (default): after integrating positions, `classicPositionIterations`
   * passes push overlapping contacts apart by position (β 0.2, slop, at most 0.2 m per pass, as Box2D 2.4), and the
   * velocity iterations carry no Baumgarte bias, so no bias energy is added to stacks and reaction forces are the
   * physical ones. 'baumgarte': the seeds' velocity bias β/Δt·(overlap − slop), cheaper but stacks creep. */
  classicPositionCorrection: ClassicPositionCorrection;
  /** Position iterations per step in classic mode with 'ngs' correction. Default 3 (Box2D 2.4). */
  classicPositionIterations: number;
  /** Contact stiffness (Hz) in soft mode; capped at a quarter of the substep rate. Default 30. */
  contactHertz: number;
  /** Contact damping ratio in soft mode (dimensionless). Default 10. */
  contactDampingRatio: number;
  /** Largest speed (m/s) at which overlap is pushed apart; limits explosive separation. Default 3. */
  contactPushMaxSpeed: number;
  /** Joint stiffness (Hz) for soft joints. Default 60. */
  jointHertz: number;
  /** Joint damping ratio. Default 2 (5 in Box2D for joints; 2 is stiffer for chains, still stable with substeps). */
  jointDampingRatio: number;
  /** Approach speed (m/s) above which restitution applies; slower contacts do not bounce, which avoids jitter. Default 1. */
  restitutionThreshold: number;
  /** Approach speed (m/s) above which a contact hit event is reported. Default 1. */
  hitEventThreshold: number;
  /** Largest linear speed of any body (m/s): a safety clamp. Default 400. */
  maxLinearSpeed: number;
  /** Let resting islands fall asleep. Default true. */
  enableSleep: boolean;
  /** Continuous collision for fast bodies against static geometry (and bullets against everything). Default true. */
  enableContinuous: boolean;
  /**
   * Time each stage of the step into getProfile (ms). Default false: reading the clock allocates a number in V8 (about
   * 18 bytes per read, 8 reads a step), and a step with it off allocates nothing. Counts are kept either way.
   */
  enableProfiling: boolean;
  /** Carry impulses from step to step. Default true (switching it off is for studying the solver). */
  enableWarmStarting: boolean;
}

/** The defaults, documented field by field on WorldDef. */
export function defaultWorldDef(): WorldDef {
  return {
    gravity: { x: 0, y: -10 },
    solver: 'soft',
    solverKernel: 'wasm',
    subSteps: 4,
    classicIterations: 10,
    classicBaumgarte: 0.1,
    classicPositionCorrection: 'ngs',
    classicPositionIterations: 3,
    contactHertz: 30,
    contactDampingRatio: 10,
    contactPushMaxSpeed: 3,
    jointHertz: 60,
    jointDampingRatio: 2,
    restitutionThreshold: 1,
    hitEventThreshold: 1,
    maxLinearSpeed: 400,
    enableSleep: true,
    enableContinuous: true,
    enableWarmStarting: true,
    enableProfiling: false,
  };
}
