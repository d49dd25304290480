import type { BatchRun, RunResult, SceneRun } from './result.js';

/**
 * Repeated rounds: how the runs of a benchmark are ordered and which of an engine's runs it reports.
 *
 * The machines this benchmark runs on are shared: another process can slow one run by half for a few seconds. When the
 * engines of a scene run once each, one after another, that lands on one engine alone and moves the ratios between
 * them (one such run had our tumbler at 1.25× box2d3-wasm, and the rerun a minute later at 0.95×). So each scene's
 * engines run in turn several times (A B C, A B C, …): a slow spell then makes one slow run among an engine's
 * several, and each engine reports its run with the median of its medians, which one slow run cannot move.
 */

/**
 * A run whose build and timed steps took longer than this (seconds, one engine on one scene) is not repeated: a peer
 * many times slower (planck on the large scenes takes minutes a run), whose ratio no slow spell can move much.
 */
export const REPEAT_LIMIT_S = 60;

/** One entry of the schedule: run `index` of the plan, in round `round` (0-based). */
export interface Slot {
  readonly index: number;
  readonly round: number;
}

/**
 * The order of the runs: the plan's runs grouped by `groupOf` (a scene, or the batch), groups in the order of their
 * first run, and within a group its runs in plan order, `rounds` times over. Every run is in every round; the caller
 * skips the later rounds of a run that failed or took too long in round 0 (repeatSeconds).
 */
export function schedule(groupOf: readonly string[], rounds: number): Slot[] {
  const groups = new Map<string, number[]>();
  groupOf.forEach((g, index) => {
    const members = groups.get(g);
    if (members === undefined) groups.set(g, [index]);
    else members.push(index);
  });
  const out: Slot[] = [];
  for (const members of groups.values()) {
    for (let round = 0; round < Math.max(1, rounds); round++) {
      for (const index of members) out.push({ index, round });
    }
  }
  return out;
}

/**
 * What repeating a run costs, seconds: its build and timed steps (the heap probe, after them, runs in the first round
 * only); Infinity for a run that failed or was skipped, which is not repeated.
 */
export function repeatSeconds(r: RunResult): number {
  if (!r.ok) return Infinity;
  if (r.mode === 'batch') return (r.msPerRound.mean * r.steps) / 1000;
  let ms = r.buildMs;
  for (const t of r.stepMs) ms += t;
  return ms / 1000;
}

/** The median a run reports (ms per step, or per round of a batch); null for a run that failed or was skipped. */
export function runMedian(r: RunResult): number | null {
  if (!r.ok) return null;
  return r.mode === 'scene' ? r.ms.median : r.msPerRound.median;
}

/**
 * The run to report out of one engine's runs of one scene: among those that succeeded, the one whose median is the
 * median of their medians (the lower middle of an even count; equal medians in run order), with `roundMedians`
 * (every successful run's median, in run order) when there were several. With no successful run, the first run.
 *
 * The heap probe measures allocation, not time, and takes up to half a minute a run, so only the first round runs it
 * (cli.ts): a scene run reported from a later round carries the first successful run's heap figure.
 */
export function medianRun(runs: readonly RunResult[]): RunResult {
  const ok = runs.filter((r) => runMedian(r) !== null);
  if (ok.length === 0) return runs[0];
  if (ok.length === 1) return ok[0];
  const medians = ok.map((r) => runMedian(r)!);
  const order = medians.map((_, i) => i).sort((a, b) => medians[a] - medians[b] || a - b);
  const pick = { ...ok[order[(ok.length - 1) >> 1]], roundMedians: medians } as SceneRun | BatchRun;
  if (pick.mode === 'scene' && pick.heap === null) {
    const probed = ok.find((r): r is SceneRun => r.ok && r.mode === 'scene' && r.heap !== null);
    if (probed !== undefined) return { ...pick, heap: probed.heap };
  }
  return pick;
}
