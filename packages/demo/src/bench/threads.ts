/**
 * `--headless-batch N` on worker threads: the N pyramid copies run through @impulse2d/batch (runBatch, one world per
 * task) once per worker count, 1 … every core, each reported as ms per round (every copy stepped once) and body-steps
 * per second. Timed after a warm-up batch on the same pool, from the call to the last result.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { mergeCorrectness } from './correctness.js';
import { REPO_ROOT } from './paths.js';
import { correctnessText, formatMs } from './report.js';
import type { Correctness, RunResult } from './result.js';
import { textTable } from './table.js';

export interface ThreadRun {
  readonly workers: number;
  readonly copies: number;
  readonly steps: number;
  readonly totalMs: number;
  readonly msPerRound: number;
  readonly bodyStepsPerSecond: number;
  readonly speedup: number;
  readonly correctness: Correctness;
}

const BATCH_SCENE = join(REPO_ROOT, 'packages', 'demo', 'src', 'bench', 'batch-scene.ts');
const BODIES = 210; // the 20-row pyramid: 20 + 19 + … + 1 boxes

export function workerCounts(): number[] {
  const counts: number[] = [];
  for (let n = 1; n <= availableParallelism(); n *= 2) counts.push(n);
  if (counts[counts.length - 1] !== availableParallelism()) counts.push(availableParallelism());
  return counts;
}

export async function runThreadSweep(
  copies: number,
  steps: number,
  solver: 'soft' | 'classic',
  subSteps: number,
  counts: readonly number[] = workerCounts(),
  onProgress?: (label: string, done: number, total: number) => void,
): Promise<ThreadRun[]> {
  // Kept out of the bundle (esbuild and the worker pool load at run time), built to dist by `pnpm bench`.
  const { openBatchPool } = await import('@impulse2d/batch');
  const params = Array.from({ length: copies }, () => ({ solver }));
  const out: ThreadRun[] = [];
  for (const workers of counts) {
    const pool = await openBatchPool({ scene: BATCH_SCENE, workers });
    let results: Correctness[];
    let start: number;
    try {
      // Warm-up: every thread starts, loads the bundle and compiles the step before the timed batch.
      await pool.run({ params: params.slice(0, workers * 2), steps: 20, subSteps });
      start = performance.now();
      results = await pool.run<{ solver: string }, Correctness>({
        params,
        steps,
        subSteps,
        onProgress: (d, t) => onProgress?.(`${copies}× pyramid on ${workers} worker${workers > 1 ? 's' : ''}`, d, t),
      });
    } finally {
      await pool.close();
    }
    const totalMs = performance.now() - start;
    out.push({
      workers,
      copies,
      steps,
      totalMs,
      msPerRound: totalMs / steps,
      bodyStepsPerSecond: Math.round((BODIES * copies * steps * 1000) / totalMs),
      speedup: out.length === 0 ? 1 : out[0].totalMs / totalMs,
      correctness: mergeCorrectness(results),
    });
  }
  return out;
}

export function threadTable(runs: readonly ThreadRun[]): string {
  const rows: string[][] = [['workers', 'copies', 'ms/round', 'body-steps/s', 'vs 1 worker', 'correct']];
  for (const r of runs) {
    const asRun = { ok: true, correctness: r.correctness } as unknown as RunResult;
    rows.push([
      String(r.workers),
      String(r.copies),
      formatMs(r.msPerRound),
      r.bodyStepsPerSecond.toLocaleString('en-US'),
      `${r.speedup.toFixed(2)}×`,
      correctnessText(asRun),
    ]);
  }
  return textTable(rows);
}
