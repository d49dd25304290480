import type { BatchRun, RunResult, SceneRun } from './result.js';

/** Everything one CLI invocation measured, as written to bench.json. */
export interface BenchReport {
  readonly machine: string;
  readonly machineSummary: string;
  readonly date: string;
  readonly command: string;
  readonly settings: {
    /** `quick` (the default run), `full` (--full) or `custom` (--steps given); absent in reports from before it. */
    readonly run?: 'quick' | 'full' | 'custom';
    readonly substeps: number;
    readonly solver: string;
    readonly steps: number | null;
    readonly batch: number;
    /** Threads of box2d3-wasm-mt. */
    readonly box2d3Threads: number;
    /** Threads of impulse2d-mt, the stepping thread included (absent in reports from before it). */
    readonly impulse2dThreads?: number;
    /** Older reports: impulse2d-mt's step workers, beside the stepping thread (its threads less one). */
    readonly impulse2dWorkers?: number;
    /** Times each scene's engines ran in turn (absent in reports from before it: once). */
    readonly rounds?: number;
    /** --load: another process kept one core busy (absent in older reports). */
    readonly load?: boolean;
  };
  /** npm package → pinned version, for every engine that ran. */
  readonly versions: Readonly<Record<string, string>>;
  readonly runs: readonly RunResult[];
}

export const OURS = 'impulse2d';

const isScene = (r: RunResult): r is SceneRun => r.ok && r.mode === 'scene';
const isBatch = (r: RunResult): r is BatchRun => r.ok && r.mode === 'batch';

/** Our median over the peer's for the same scene and mode (< 1: we are faster); null when either is missing. */
export function ratioToOurs(runs: readonly RunResult[], run: RunResult): number | null {
  if (!run.ok || run.engine === OURS) return null;
  const ours = runs.find((r) => r.ok && r.engine === OURS && r.scene === run.scene && r.mode === run.mode);
  if (ours === undefined) return null;
  if (isScene(run) && isScene(ours)) return ours.ms.median / run.ms.median;
  if (isBatch(run) && isBatch(ours)) return ours.msPerRound.median / run.msPerRound.median;
  return null;
}

const signed = (dy: number): string => `${dy < 0 ? '−' : '+'}${Math.abs(dy).toFixed(2)} m`;

/**
 * The correctness column: `ok` (every pyramid top within tolerance), `NaN/Inf`, or the probes outside tolerance with
 * the worst height change. About a metre down on the 100-row pyramid is the stack settling under load; a collapse
 * shows as many metres.
 */
export function correctnessText(run: RunResult): string {
  if (!run.ok) return '—';
  const c = run.correctness;
  if (!c.finite) return 'NaN/Inf';
  if (c.ok) return 'ok';
  if (c.check === 'moved') return `moved ${c.worstDy.toFixed(1)} m`;
  if (c.check === 'inside') return `${c.fallen}/${c.probes} out of the box (worst ${c.worstDy.toFixed(2)} m)`;
  if (c.check === 'near') return `${c.fallen}/${c.probes} boxes out (worst ${c.worstDy.toFixed(1)} m)`;
  return c.probes === 1 ? `top ${signed(c.worstDy)}` : `${c.fallen}/${c.probes} tops off (worst ${signed(c.worstDy)})`;
}

export function formatMs(ms: number): string {
  return ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2);
}

export function formatRatio(ratio: number | null): string {
  return ratio === null ? '—' : `${ratio.toFixed(2)}×`;
}
