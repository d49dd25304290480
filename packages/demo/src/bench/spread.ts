import { formatMs } from './report.js';
import type { BatchRun, SceneRun } from './result.js';

/**
 * When a run's figure is too unsteady to lean on. The bench runs on shared machines, and the quick run takes few
 * steps: a slow spell can land on one round of one engine, and a scene's own phases (smash's hit) spread its steps.
 * The rounds' median (rounds.ts) already keeps one slow round from moving the figure; a row says so when its rounds
 * still disagree, or when its steps vary widely, so that nobody reads a ratio the run cannot support.
 */

/** Rounds of one run whose medians differ by more than this fraction of the reported median. */
export const ROUNDS_SPREAD_LIMIT = 0.15;
/**
 * A p95 more than this many times the median. Box2D's smash reaches about 2.5 in every engine (its steps after the hit
 * cost twice those before), so 3 flags only what a scene does not explain.
 */
export const P95_RATIO_LIMIT = 3;

/** Why `run`'s median is unsteady (its rounds disagree, its p95 is far above it), or null when it is not. */
export function spreadWarning(run: SceneRun | BatchRun): string | null {
  const ms = run.mode === 'scene' ? run.ms : run.msPerRound;
  const reasons: string[] = [];
  const rounds = run.roundMedians;
  if (rounds !== undefined && rounds.length > 1 && ms.median > 0) {
    const spread = (Math.max(...rounds) - Math.min(...rounds)) / ms.median;
    if (spread > ROUNDS_SPREAD_LIMIT)
      reasons.push(`its rounds differ by ${(spread * 100).toFixed(0)}% (${rounds.map(formatMs).join(' / ')} ms)`);
  }
  if (ms.median > 0 && ms.p95 > P95_RATIO_LIMIT * ms.median)
    reasons.push(`its p95 is ${(ms.p95 / ms.median).toFixed(1)}× its median`);
  if (reasons.length === 0) return null;
  return `${run.scene} · ${run.engine}: ${reasons.join(' and ')}; a busy machine or too few steps, so its ratio is unsure (rerun, --rounds 5, or --full)`;
}
