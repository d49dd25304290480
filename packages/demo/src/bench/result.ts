import type { Counters, StageTimes } from './engine.js';
import type { HeapResult } from './heap.js';
import type { Summary } from './stats.js';

/** Whether the scene came out right: finite state, and every probe within tolerance (`SceneLayout.probeCheck`). */
export interface Correctness {
  readonly ok: boolean;
  readonly finite: boolean;
  /** How the probes were judged (absent: `height`). */
  readonly check?: 'height' | 'moved' | 'near' | 'inside';
  readonly probes: number;
  /** Probes outside the tolerance. */
  readonly fallen: number;
  /** Largest drop of a probe below its start height, metres (0 if none dropped). */
  readonly maxDrop: number;
  /** `height`: the probe height change (end − start, metres) of largest magnitude: about −1 m is a tall stack
   * settling under load, many metres is a collapse. `moved` / `near`: the largest probe distance, metres. */
  readonly worstDy: number;
}

/** One engine × scene run, printed by the child as one JSON line. */
export interface SceneRun {
  readonly ok: true;
  readonly mode: 'scene';
  readonly engine: string;
  readonly label: string;
  readonly scene: string;
  readonly steps: number;
  /** Steps run untimed before the timed ones (--from; absent in older results: 0). */
  readonly from?: number;
  readonly bodies: number;
  readonly buildMs: number;
  /** Over the timed steps but step 0 (which creates the contacts), or over all of them after untimed steps (--from). */
  readonly ms: Summary;
  /** Every timed step, ms (step 0 included when `from` is 0). */
  readonly stepMs: number[];
  /** Our engine: median ms per stage over steps 1..N-1. */
  readonly stages?: StageTimes;
  /** Our engine: counts after the last step. */
  readonly counters?: Counters;
  readonly correctness: Correctness;
  readonly heap: HeapResult | null;
  readonly notes: readonly string[];
  /** With --rounds above 1: the median of each successful run of this engine and scene, in run order (rounds.ts). */
  readonly roundMedians?: readonly number[];
}

/** N independent small worlds stepped in turn. */
export interface BatchRun {
  readonly ok: true;
  readonly mode: 'batch';
  readonly engine: string;
  readonly label: string;
  readonly scene: string;
  readonly copies: number;
  readonly steps: number;
  readonly bodies: number;
  /** One round = one step of every copy; over rounds 1..N-1. */
  readonly msPerRound: Summary;
  /** Dynamic bodies × steps per second, from the median round. */
  readonly bodyStepsPerSecond: number;
  readonly correctness: Correctness;
  readonly notes: readonly string[];
  /** As SceneRun.roundMedians. */
  readonly roundMedians?: readonly number[];
}

export interface FailedRun {
  readonly ok: false;
  readonly mode: 'scene' | 'batch';
  readonly engine: string;
  readonly scene: string;
  readonly error: string;
  /** Not a failure: `n/a`, the engine has no builder for the scene; `skipped`, left out of the default run. */
  readonly skipped?: 'n/a' | 'skipped';
}

export type RunResult = SceneRun | BatchRun | FailedRun;

/**
 * The prefix of a progress line the child writes to stderr: `@progress <done> <total> <what>`, e.g. `@progress 40 80
 * step` or `@progress 400 2000 heap probe warm-up` (total 0: a phase without a count, `building the scene`).
 */
export const PROGRESS_PREFIX = '@progress ';
