import {
  SettingsCodec,
  choiceSetting,
  flagSetting,
  integerAtLeast,
  nonNegative,
  numberSetting,
  positive,
  vec2Setting,
  type SettingTable,
  type SettingValues,
} from '../storage/setting-kinds.js';
import { SPECULATIVE_DISTANCE } from '../settings.js';

/** The rules that mix two shapes' friction or restitution (contact-lifecycle.ts mixInto); snapshots store the index. */
const MIXING_RULES = ['geometric', 'max', 'min', 'average', 'multiply'] as const;

/** The settings whose defaults are lengths or speeds name this one (see numberSetting's `scaledBy`). */
const LENGTH = 'lengthUnitsPerMeter';

/**
 * The world settings, each declared once: its doc comment (unit, meaning, default), its kind, default and check. The
 * WorldDef type and its docs, defaultWorldDef, validation, the PhysicsState fields (a vector `gravity` is held as
 * `gravityX`, `gravityY`), applyDef, toDef, setWorldSettings and the snapshot's settings section (in this order)
 * all follow from this table.
 */
export const WORLD_SETTINGS = {
  /** Gravity acceleration (m/s²). Default (0, -10). */
  gravity: vec2Setting(0, -10),
  /**
   * Length units per metre, for a world whose unit of length is not the metre (100 for a game that works in pixels
   * at 100 pixels a metre; as Box2D's b2SetLengthUnitsPerMeter, but per world). It scales the engine's length
   * tolerances (the linear slop, the broadphase's AABB margin) and the defaults of the settings below whose doc says
   * so, and of bodies' sleepThreshold, so that a world built in pixels behaves as the same world in metres. Give
   * everything else in the world's units (gravity in pixels/s², positions in pixels). Set it when the world is
   * created: a later change rescales the tolerances only, not settings already given. Default 1 (metres).
   */
  lengthUnitsPerMeter: numberSetting(1, positive),
  /**
   * Solver variant: Box2D v3's soft step ('soft') or the classic Baumgarte sequential impulse of the seeds
   * ('classic'). Default 'soft'.
   */
  solver: choiceSetting(['soft', 'classic'], 'soft'),
  /**
   * Where the contact solver's warm start and sweeps run: 'wasm' in a WebAssembly kernel (about 25% faster in V8;
   * falls back to 'js' where the JavaScript engine has no WebAssembly), 'js' in TypeScript. Both give identical bits.
   * Default 'wasm'.
   */
  solverKernel: choiceSetting(['wasm', 'js'], 'wasm'),
  /** Substeps per step when stepPhysics is called without a count (soft mode). Default 4. */
  subSteps: numberSetting(4, integerAtLeast(1)),
  /** Velocity iterations per step in classic mode. Default 10. */
  classicIterations: numberSetting(10, integerAtLeast(1)),
  /**
   * Baumgarte factor β in classic mode: fraction of penetration removed per step ('baumgarte' correction; with
   * 'ngs' it remains the bias of joint rows other than plain pins' points). Default 0.1 (a 10-row pyramid moves
   * 1.5 mm over 10 s with β 0.1 and 10 iterations; 46 mm with β 0.2 and 8: Baumgarte energy makes stacks creep).
   */
  classicBaumgarte: numberSetting(0.1, nonNegative),
  /**
   * Classic mode's position correction, for overlap and joint drift. 'ngs' (default): after integrating positions,
   * `classicPositionIterations` passes push overlapping contacts apart by position (β 0.2, slop, at most 0.2 m per
   * pass, as Box2D 2.4's non-linear Gauss–Seidel), and the velocity iterations carry no Baumgarte bias, so no bias
   * energy is added to stacks and reaction forces are the physical ones. 'baumgarte': the seeds' velocity bias
   * β/Δt·(overlap − slop) during the velocity iterations, cheaper but stacks creep.
   */
  classicPositionCorrection: choiceSetting(['ngs', 'baumgarte'], 'ngs'),
  /** Position iterations per step in classic mode with 'ngs' correction. Default 3 (Box2D 2.4). */
  classicPositionIterations: numberSetting(3, integerAtLeast(0)),
  /** Contact stiffness (Hz) in soft mode; capped at a quarter of the substep rate. Default 30. */
  contactHertz: numberSetting(30, positive),
  /** Contact damping ratio in soft mode (dimensionless). Default 10. */
  contactDampingRatio: numberSetting(10, nonNegative),
  /**
   * Largest speed (m/s) at which overlap is pushed apart; limits explosive separation. Default 3 × lengthUnitsPerMeter.
   */
  contactPushMaxSpeed: numberSetting(3, positive, LENGTH),
  /**
   * Distance (m) at which contact points are made before shapes touch (speculative contact), so that bodies closing
   * fast are stopped without tunnelling and without continuous collision. Larger catches faster approach at the cost
   * of more contact points (and, far too large, of bodies stopping short of surfaces they only approach). Default
   * 0.02 (four linear slops) × lengthUnitsPerMeter.
   */
  speculativeDistance: numberSetting(SPECULATIVE_DISTANCE, positive, LENGTH),
  /** Joint stiffness (Hz) for soft joints. Default 60. */
  jointHertz: numberSetting(60, positive),
  /** Joint damping ratio. Default 2 (5 in Box2D for joints; 2 is stiffer for chains, still stable with substeps). */
  jointDampingRatio: numberSetting(2, nonNegative),
  /**
   * Approach speed (m/s) above which restitution applies; slower contacts do not bounce, which avoids jitter.
   * Default 1 × lengthUnitsPerMeter.
   */
  restitutionThreshold: numberSetting(1, nonNegative, LENGTH),
  /**
   * How a contact combines its two shapes' friction coefficients μA, μB: 'geometric' √(μA·μB) (Box2D's rule),
   * 'max', 'min', 'average' (μA + μB)/2 or 'multiply' μA·μB. A friction callback (setFrictionCallback) replaces the
   * rule. Default 'geometric'.
   */
  frictionMixing: choiceSetting(MIXING_RULES, 'geometric'),
  /**
   * How a contact combines its two shapes' restitutions: the same rules as frictionMixing. A restitution callback
   * (setRestitutionCallback) replaces the rule. Default 'max' (Box2D's rule).
   */
  restitutionMixing: choiceSetting(MIXING_RULES, 'max'),
  /** Approach speed (m/s) above which a contact hit event is reported. Default 1 × lengthUnitsPerMeter. */
  hitEventThreshold: numberSetting(1, nonNegative, LENGTH),
  /** Largest linear speed of any body (m/s): a safety clamp. Default 400 × lengthUnitsPerMeter. */
  maxLinearSpeed: numberSetting(400, positive, LENGTH),
  /** Let resting islands fall asleep. Default true. */
  enableSleep: flagSetting(true),
  /** Continuous collision for fast bodies against static geometry (and bullets against everything). Default true. */
  enableContinuous: flagSetting(true),
  /**
   * Continuous collision sweeps a body that moved more than this fraction of its smallest extent in one step (its
   * thinnest part could otherwise have skipped over a thin wall). Smaller sweeps more bodies, at more cost. Default
   * 0.5 (Box2D's).
   */
  continuousSafetyFactor: numberSetting(0.5, positive),
  /** Carry impulses from step to step. Default true (switching it off is for studying the solver). */
  enableWarmStarting: flagSetting(true),
  /**
   * Time each stage of the step into getProfile (ms). Default false: reading the clock allocates a number in V8 (about
   * 18 bytes per read, 8 reads a step), and a step with it off allocates nothing. Counts are kept either way.
   */
  enableProfiling: flagSetting(false),
} satisfies SettingTable;

/** The operations on WORLD_SETTINGS (setting-kinds.ts). */
export const WORLD_SETTINGS_CODEC = new SettingsCodec(WORLD_SETTINGS);

/** World definition. Every field has a default (see defaultWorldDef); units are SI. */
// An interface (not a type alias) so that the API docs list each setting with its comment from WORLD_SETTINGS.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface WorldDef extends SettingValues<typeof WORLD_SETTINGS> {}

/** Solver variants: Box2D v3's soft step (default) or the classic Baumgarte sequential impulse of the seeds. */
export type SolverMode = WorldDef['solver'];

/**
 * Where the contact solver's warm start and sweeps run: 'wasm' in a WebAssembly kernel (about 25% faster in V8;
 * falls back to 'js' where the JavaScript engine has no WebAssembly), 'js' in TypeScript. Both give identical bits.
 */
export type SolverKernelMode = WorldDef['solverKernel'];

/** How classic mode removes overlap and joint drift: a Baumgarte velocity bias during the velocity iterations, or
 * Box2D 2.4's non-linear Gauss–Seidel position iterations after the positions are integrated. */
export type ClassicPositionCorrection = WorldDef['classicPositionCorrection'];

/**
 * The defaults, documented field by field on WorldDef. With `lengthUnitsPerMeter`, the defaults of the length and
 * speed settings are scaled by it (and the definition holds it), as createPhysicsWorld does for a definition that
 * gives lengthUnitsPerMeter and leaves those out.
 */
export function defaultWorldDef(lengthUnitsPerMeter?: number): WorldDef {
  const def = WORLD_SETTINGS_CODEC.defaults(lengthUnitsPerMeter === undefined ? undefined : { lengthUnitsPerMeter });
  if (lengthUnitsPerMeter !== undefined) def.lengthUnitsPerMeter = lengthUnitsPerMeter;
  return def;
}

/** Friction and restitution mixing rules (WorldDef's frictionMixing and restitutionMixing). */
export type MixingRule = WorldDef['frictionMixing'];
