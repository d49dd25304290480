import { PhysicsError, getPhysics, type PhysicsWorld, type TransformColumns } from '@impulse2d/core/internal';
import { createPoseColumns, interpolatePoses, savePreviousPoses, type PoseColumns } from './interpolate-poses.js';
import { stepPhysics } from './step.js';

/**
 * A game loop's fixed timestep. A display refreshes at 30, 60, 120 or 144 Hz, and a frame's time varies; physics is
 * steadiest and reproducible with one fixed step length. So each frame hands its elapsed time to `stepFixed`, which
 * adds it to an accumulator and runs as many whole steps as fit (0, 1, 2, …), keeping the remainder for the next frame:
 * the simulation advances by wall time at any refresh rate, and the same frame times give the same steps.
 *
 * The remainder is shown, not lost: a renderer draws each body between its pose before the frame's last step
 * (`previous`) and its pose now (`world.physics.transform`), `alpha` of the way (remainder / dt), so motion stays smooth
 * when a 144 Hz display gets a step on only some frames. `interpolated` holds that pose.
 *
 * A frame that would need more than `maxStepsPerFrame` steps (a slow device, a tab that was hidden for seconds) runs
 * that many and drops the rest of its whole steps (`droppedTime`): otherwise each slow frame would queue more steps for
 * the next, and a scene too heavy for real time would never catch up (the "spiral of death").
 */

/** Settings of a fixed-timestep loop (`createFixedStepper`); every field has the default of `defaultFixedStepperDef`. */
export interface FixedStepperDef {
  /** Length of one step (s), finite and > 0. Default 1/60. */
  dt: number;
  /**
   * Most steps one frame runs (an integer ≥ 1). Default 4: a 15 Hz frame still keeps real time; longer frames drop
   * the excess whole steps and report them in `droppedTime`.
   */
  maxStepsPerFrame: number;
  /** Substeps of each step, an integer ≥ 1; undefined (the default) takes the world's setting. */
  subSteps: number | undefined;
  /**
   * Whether `stepFixed` writes the `interpolated` columns after its steps (one pass over the bodies). Default true;
   * false for a renderer that draws the current pose only (it can still call `interpolateTransforms`).
   */
  interpolate: boolean;
  /**
   * The game's own per-step logic, called before each step `stepFixed` runs (never for dropped steps): what must
   * happen once a step rather than once a frame, such as `moveCharacter` with a step's walk and gravity, or forces.
   * Default undefined (none). An error it throws ends the frame as a step's error does.
   */
  beforeStep: (() => void) | undefined;
}

/** The defaults: 60 steps a second, at most 4 a frame, the world's substeps, interpolated poses written, no hook. */
export function defaultFixedStepperDef(): FixedStepperDef {
  return { dt: 1 / 60, maxStepsPerFrame: 4, subSteps: undefined, interpolate: true, beforeStep: undefined };
}

/**
 * A fixed-timestep clock bound to one world, with the pose columns a renderer interpolates between. Made by
 * `createFixedStepper`, advanced by `stepFixed`. The columns are indexed like `world.physics.transform`
 * (`previous.x[eid]`) and replaced when the world's bodies outgrow them: read them through this object every frame.
 */
export interface FixedStepper {
  /** The world it steps. */
  readonly world: PhysicsWorld;
  /** Step length (s). */
  readonly dt: number;
  /** Most steps a frame runs. */
  readonly maxStepsPerFrame: number;
  /** Substeps per step (undefined: the world's setting). */
  readonly subSteps: number | undefined;
  /** Whether stepFixed writes `interpolated`. */
  readonly interpolate: boolean;
  /** The per-step hook (FixedStepperDef.beforeStep), or undefined. */
  readonly beforeStep: (() => void) | undefined;
  /** Time received and not yet simulated (s), in [0, dt). */
  accumulator: number;
  /** accumulator / dt after the last frame, in [0, 1): how far from `previous` to the current pose to draw. */
  alpha: number;
  /** Steps the last frame ran. */
  frameSteps: number;
  /** Time the last frame dropped at the cap (s): whole steps beyond maxStepsPerFrame; 0 when it kept up. */
  droppedTime: number;
  /** Steps run since creation. */
  totalSteps: number;
  /** Time dropped since creation (s). */
  totalDroppedTime: number;
  /**
   * Each body's pose before the last step (x, y in m; c, s the cosine and sine of its angle), written just before
   * that step. A body created since has no previous pose here and is drawn at its current one.
   */
  readonly previous: TransformColumns;
  /** `previous` → current pose at `alpha`: position lerped, rotation lerped on (c, s) and normalised. */
  readonly interpolated: TransformColumns;
}

/** What a stepper holds beyond its public fields (every FixedStepper is one: only createFixedStepper makes them). */
interface FixedStepperState extends FixedStepper, PoseColumns {
  /**
   * [dt], as stepFixed hands it to stepPhysics. An array of any values holds its number boxed, once, so passing it
   * boxes nothing; a double read from a field or a typed array is boxed anew for every call V8 does not inline (16
   * bytes a step).
   */
  readonly dtArgument: unknown[];
}

// A frame time that is a whole number of steps up to rounding (1/120 + 1/120 against 1/60) counts as that many:
// without this a 120 Hz loop would sometimes run its step one frame late.
const STEP_TOLERANCE = 1e-9;

/**
 * Creates a fixed-timestep stepper for `world` (see FixedStepperDef for each setting and its default).
 *
 * ```ts
 * const stepper = createFixedStepper(world); // 1/60 s steps, at most 4 a frame
 * let last = performance.now();
 * function frame(now: number) {
 *   stepFixed(world, stepper, (now - last) / 1000);
 *   last = now;
 *   const pose = stepper.interpolated; // draw body eid at pose.x[eid], pose.y[eid], angle from (pose.c, pose.s)
 *   requestAnimationFrame(frame);
 * }
 * requestAnimationFrame(frame);
 * ```
 *
 * @throws PhysicsError `INVALID_ARGUMENT` for a world without physics or a bad setting (dt not finite and > 0,
 *   maxStepsPerFrame or subSteps not an integer ≥ 1, beforeStep not a function).
 */
export function createFixedStepper(world: PhysicsWorld, def?: Partial<FixedStepperDef>): FixedStepper {
  const p = getPhysics(world);
  const d = { ...defaultFixedStepperDef(), ...def };
  if (typeof d.dt !== 'number' || !Number.isFinite(d.dt) || !(d.dt > 0)) {
    throw new PhysicsError('INVALID_ARGUMENT', `dt must be a finite number > 0, got ${String(d.dt)}`);
  }
  if (!Number.isInteger(d.maxStepsPerFrame) || d.maxStepsPerFrame < 1) {
    throw new PhysicsError(
      'INVALID_ARGUMENT',
      `maxStepsPerFrame must be an integer >= 1, got ${String(d.maxStepsPerFrame)}`,
    );
  }
  if (d.subSteps !== undefined && (!Number.isInteger(d.subSteps) || d.subSteps < 1)) {
    throw new PhysicsError('INVALID_ARGUMENT', `subSteps must be an integer >= 1, got ${String(d.subSteps)}`);
  }
  if (d.beforeStep !== undefined && typeof d.beforeStep !== 'function') {
    throw new PhysicsError(
      'INVALID_ARGUMENT',
      `beforeStep must be a function or undefined, got ${typeof d.beforeStep}`,
    );
  }
  const columns = createPoseColumns(p.bodies.alive.length);
  const dtArgument: unknown[] = [null];
  dtArgument[0] = d.dt;
  const stepper: FixedStepperState = {
    world,
    dt: d.dt,
    maxStepsPerFrame: d.maxStepsPerFrame,
    subSteps: d.subSteps,
    interpolate: d.interpolate !== false,
    beforeStep: d.beforeStep,
    accumulator: 0,
    alpha: 0,
    frameSteps: 0,
    droppedTime: 0,
    totalSteps: 0,
    totalDroppedTime: 0,
    previous: columns.previous,
    interpolated: columns.interpolated,
    previousHandle: columns.previousHandle,
    drawAlpha: columns.drawAlpha,
    dtArgument,
  };
  savePreviousPoses(p, stepper);
  interpolatePoses(p, stepper);
  return stepper;
}

/**
 * One frame of a game loop: adds `frameSeconds` (the wall time since the last frame) to the stepper's accumulator, runs
 * the whole steps of `dt` that fit (at most `maxStepsPerFrame`; whole steps beyond it are dropped and reported in
 * `droppedTime`), keeps the remainder, and sets `alpha` and (unless the stepper's `interpolate` is off) the
 * `interpolated` pose columns. Returns the number of steps run. Allocates nothing.
 *
 * @param frameSeconds - wall time since the previous frame (s), finite and ≥ 0.
 * @throws PhysicsError `INVALID_ARGUMENT` for a bad `frameSeconds`, a world without physics or a stepper made for
 *   another world; `WORLD_LOCKED` inside a step. Both before anything changes. An error of a step itself (stepPhysics)
 *   keeps the time of the steps not run in the accumulator.
 */
export function stepFixed(world: PhysicsWorld, fixedStepper: FixedStepper, frameSeconds: number): number {
  const p = getPhysics(world);
  const stepper = fixedStepper as FixedStepperState;
  if (stepper.world !== world) {
    throw new PhysicsError('INVALID_ARGUMENT', 'this stepper was made for another world (createFixedStepper)');
  }
  if (typeof frameSeconds !== 'number' || !Number.isFinite(frameSeconds) || frameSeconds < 0) {
    throw new PhysicsError(
      'INVALID_ARGUMENT',
      `frameSeconds must be a finite number >= 0, got ${String(frameSeconds)}`,
    );
  }
  if (p.locked) throw new PhysicsError('WORLD_LOCKED', 'stepFixed was called during a step');
  const dt = stepper.dt;
  const time = stepper.accumulator + frameSeconds;
  const due = Math.floor(time / dt + STEP_TOLERANCE);
  const steps = due < stepper.maxStepsPerFrame ? due : stepper.maxStepsPerFrame;
  let done = 0;
  try {
    for (; done < steps; done++) {
      // Only the last step's start pose is drawn from; the steps before it are never seen.
      if (done === steps - 1) savePreviousPoses(p, stepper);
      if (stepper.beforeStep !== undefined) stepper.beforeStep();
      stepPhysics(world, stepper.dtArgument[0] as number, stepper.subSteps);
      stepper.totalSteps++;
    }
  } finally {
    stepper.frameSteps = done;
    if (done === steps) {
      const rest = time - due * dt;
      stepper.accumulator = rest > 0 ? rest : 0;
      stepper.droppedTime = (due - steps) * dt;
    } else {
      stepper.accumulator = time - done * dt;
      stepper.droppedTime = 0;
    }
    stepper.totalDroppedTime += stepper.droppedTime;
    const alpha = stepper.accumulator / dt;
    stepper.alpha = alpha < 1 ? alpha : 1;
    stepper.drawAlpha[0] = stepper.alpha;
  }
  if (stepper.interpolate) interpolatePoses(p, stepper);
  return steps;
}

/**
 * Writes the stepper's `interpolated` columns for every body: `alpha` of the way from its `previous` pose to its
 * current one (0: previous, 1: current); `stepFixed` does this with the stepper's own alpha. A body with no previous pose
 * (created since the last step) gets its current pose. Returns the columns. Allocates nothing.
 *
 * @param alpha - in [0, 1]; default the stepper's `alpha`.
 * @throws PhysicsError `INVALID_ARGUMENT` for a stepper of another world or an alpha outside [0, 1].
 */
export function interpolateTransforms(
  world: PhysicsWorld,
  fixedStepper: FixedStepper,
  alpha?: number,
): TransformColumns {
  const p = getPhysics(world);
  const stepper = fixedStepper as FixedStepperState;
  if (stepper.world !== world) {
    throw new PhysicsError('INVALID_ARGUMENT', 'this stepper was made for another world (createFixedStepper)');
  }
  const a = alpha ?? stepper.alpha;
  if (typeof a !== 'number' || !(a >= 0 && a <= 1)) {
    throw new PhysicsError('INVALID_ARGUMENT', `alpha must be a number in [0, 1], got ${String(alpha)}`);
  }
  stepper.drawAlpha[0] = a;
  interpolatePoses(p, stepper);
  return stepper.interpolated;
}

/**
 * Makes every body's previous pose its current one, so nothing is lerped across a jump: call it after teleporting
 * bodies (setTransform, setPosition) or restoring a snapshot, else the next frames draw them sliding from the old pose.
 * Also writes `interpolated` (the current poses).
 *
 * @throws PhysicsError `INVALID_ARGUMENT` for a stepper of another world.
 */
export function resetInterpolation(world: PhysicsWorld, fixedStepper: FixedStepper): void {
  const p = getPhysics(world);
  const stepper = fixedStepper as FixedStepperState;
  if (stepper.world !== world) {
    throw new PhysicsError('INVALID_ARGUMENT', 'this stepper was made for another world (createFixedStepper)');
  }
  savePreviousPoses(p, stepper);
  stepper.drawAlpha[0] = stepper.alpha;
  interpolatePoses(p, stepper);
}
