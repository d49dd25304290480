import type { LayoutDef, SceneLayout } from '../scenes/layouts/index.js';

/** Settings a run passes to every engine; peers use what applies to them and say what they ignore. */
export interface EngineOptions {
  /** Seconds per step. */
  readonly dt: number;
  /** Our engine's substeps (peers keep their own iteration settings). */
  readonly substeps: number;
  /** Our engine's solver mode. */
  readonly solver: 'soft' | 'classic';
  /**
   * Threads of the threaded entries (box2d3-wasm-mt, impulse2d-mt), the stepping thread included, `--threads N`;
   * default 2.
   */
  readonly threads?: number;
}

/**
 * Per-stage timings of the last step, ms: ours (the shape of `getProfile`), or a peer's own profile on our stages
 * (box2d3-wasm: b2World_GetProfile, see engines/box2d3.ts).
 */
export interface StageTimes {
  /** The character stage (0 in scenes without characters). */
  readonly characters: number;
  readonly broadphase: number;
  readonly narrowphase: number;
  readonly prepare: number;
  readonly solve: number;
  readonly finalize: number;
  readonly total: number;
}

export const STAGE_NAMES = [
  'characters',
  'broadphase',
  'narrowphase',
  'prepare',
  'solve',
  'finalize',
  'total',
] as const;

export interface Counters {
  readonly bodyCount: number;
  readonly contactCount: number;
  readonly touchingCount: number;
  /** impulse2d-mt: steps of the run (the untimed ones included) that adaptivity ran on one thread, and its probes. */
  readonly stepsOnOneThread?: number;
  readonly probes?: number;
}

/** One world of one engine, driven by the benchmark runner. */
export interface BenchEngine {
  /** CLI name, e.g. `planck`. */
  readonly name: string;
  /** Library and version, e.g. `planck 1.5.0`. */
  readonly label: string;
  /** Load and initialise the library (wasm instantiation); safe to call more than once. */
  init(): Promise<void>;
  /** Build the scene; our engine uses its scene module, peers the layout (or their own builder, `ownScenes`). */
  build(scene: LayoutDef, layout: SceneLayout): void;
  /**
   * The per-engine scenes (`LayoutDef.perEngine`) this engine has its own builder for; the runner reports the others
   * as n/a without calling `build`.
   */
  readonly ownScenes?: readonly string[];
  /** Called once after `build`, awaited: our threaded entry starts its step workers here. */
  start?(): Promise<void>;
  step(): void;
  /** Write the centre of every layout box (tracked body), x0, y0, x1, y1, …, in layout order. */
  readPositions(out: Float64Array): void;
  /** Where the engine departs from the layout or the usual settings (shown in the report). */
  readonly notes: readonly string[];
  /** The per-stage profile of the last step (ours, and box2d3-wasm's own), and our counters. */
  stageTimes?(): StageTimes;
  counters?(): Counters;
  /** Called once before the heap probe: our engine switches its stage timing off (clock reads allocate). */
  beforeHeapProbe?(): void;
  dispose(): void;
}

export type EngineFactory = (options: EngineOptions) => BenchEngine;
