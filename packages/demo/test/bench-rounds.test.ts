import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../src/bench/cli-args.js';
import { toCsv } from '../src/bench/csv.js';
import type { BenchReport } from '../src/bench/report.js';
import type { RunResult, SceneRun } from '../src/bench/result.js';
import { REPEAT_LIMIT_S, medianRun, repeatSeconds, runMedian, schedule } from '../src/bench/rounds.js';
import { sceneTable } from '../src/bench/table.js';

/** A successful scene run of `engine` with median `median` ms (the other figures follow from it). */
function sceneRun(engine: string, median: number, scene = 'tumbler'): SceneRun {
  return {
    ok: true,
    mode: 'scene',
    engine,
    label: engine,
    scene,
    steps: 10,
    bodies: 5,
    buildMs: 1,
    ms: { median, p95: median * 1.5, mean: median, min: median / 2, max: median * 2 },
    stepMs: [median],
    correctness: { ok: true, finite: true, probes: 1, fallen: 0, maxDrop: 0, worstDy: 0 },
    heap: null,
    notes: [],
  };
}

const failed: RunResult = { ok: false, mode: 'scene', engine: 'planck', scene: 'tumbler', error: 'run crashed' };

describe('benchmark rounds', () => {
  it('runs each scene’s engines in turn, round after round, scenes one after another', () => {
    // Plan: scene a with engines 0 and 1, then scene b with engine 2 and 3.
    const slots = schedule(['a', 'a', 'b', 'b'], 3);
    expect(slots.map((s) => `${s.index}.${s.round}`)).toEqual([
      '0.0',
      '1.0',
      '0.1',
      '1.1',
      '0.2',
      '1.2',
      '2.0',
      '3.0',
      '2.1',
      '3.1',
      '2.2',
      '3.2',
    ]);
    // One round is the plan itself; rounds of 0 count as one.
    expect(schedule(['a', 'b', 'a'], 1).map((s) => s.index)).toEqual([0, 2, 1]);
    expect(schedule(['a'], 0)).toEqual([{ index: 0, round: 0 }]);
  });

  it('reports the run with the median of the medians, whichever round it came in', () => {
    const runs = [sceneRun('impulse2d', 7.3), sceneRun('impulse2d', 5.3), sceneRun('impulse2d', 5.6)];
    const pick = medianRun(runs) as SceneRun;
    expect(pick.ms.median).toBe(5.6);
    expect(pick.roundMedians).toEqual([7.3, 5.3, 5.6]);
    // An even count takes the lower middle; equal medians go in run order.
    expect(runMedian(medianRun([sceneRun('x', 4), sceneRun('x', 2)]))).toBe(2);
    const tie = [{ ...sceneRun('x', 3), label: 'first' }, { ...sceneRun('x', 3), label: 'second' }, sceneRun('x', 1)];
    expect((medianRun(tie) as SceneRun).label).toBe('first');
  });

  it('leaves failed runs out of the choice, reports a failure only when every run failed, and a single run as it is', () => {
    expect(runMedian(medianRun([failed, sceneRun('x', 8), sceneRun('x', 6), sceneRun('x', 7)]))).toBe(7);
    expect(medianRun([failed])).toBe(failed);
    const once = sceneRun('x', 4);
    expect(medianRun([once])).toBe(once);
    expect((medianRun([once]) as SceneRun).roundMedians).toBeUndefined();
  });

  it('carries the first round’s heap figure to a run of a later round, which runs no heap probe', () => {
    const heap = { steps: 300, bytesPerStep: 0, totalBytes: 0, usedHeapBytesPerStep: 0, gcInWindow: 0, windows: [0] };
    const first = { ...sceneRun('impulse2d', 9), heap };
    const pick = medianRun([first, sceneRun('impulse2d', 5), sceneRun('impulse2d', 4)]) as SceneRun;
    expect(pick.ms.median).toBe(5);
    expect(pick.heap).toEqual(heap);
    // A run that has its own figure keeps it.
    const own = { ...heap, bytesPerStep: 16 };
    const second = { ...sceneRun('impulse2d', 5), heap: own };
    expect((medianRun([first, second, sceneRun('impulse2d', 4)]) as SceneRun).heap).toBe(own);
  });

  it('repeats a run whose build and timed steps took under a minute, never one that failed', () => {
    // 500 steps of 20 ms and a 100 ms build: 10.1 s; of 430 ms (planck's large_pyramid): 215 s.
    const quick = { ...sceneRun('impulse2d', 20), buildMs: 100, stepMs: new Array<number>(500).fill(20) };
    expect(repeatSeconds(quick)).toBeCloseTo(10.1, 9);
    const slow = { ...sceneRun('planck', 430), buildMs: 80, stepMs: new Array<number>(500).fill(430) };
    expect(repeatSeconds(slow)).toBeGreaterThan(REPEAT_LIMIT_S);
    expect(repeatSeconds(failed)).toBe(Infinity);
    const batch: RunResult = {
      ok: true,
      mode: 'batch',
      engine: 'impulse2d',
      label: 'impulse2d',
      scene: 'pyramid',
      copies: 64,
      steps: 200,
      bodies: 13440,
      msPerRound: { median: 19, p95: 25, mean: 20, min: 17, max: 40 },
      bodyStepsPerSecond: 700000,
      correctness: { ok: true, finite: true, probes: 64, fallen: 0, maxDrop: 0, worstDy: 0 },
      notes: [],
    };
    expect(repeatSeconds(batch)).toBeCloseTo(4, 9);
  });

  it('reads --rounds (default 3, 0 meaning once)', () => {
    expect(parseCliArgs([]).rounds).toBe(3);
    expect(parseCliArgs(['--rounds', '5']).rounds).toBe(5);
    expect(parseCliArgs(['--rounds', '0']).rounds).toBe(1);
    expect(() => parseCliArgs(['--rounds', 'two'])).toThrow(/--rounds wants a whole number/);
  });

  it('shows every round’s median in the table and the csv; regression: a failed run’s csv row had one cell too few', () => {
    const ours = medianRun([sceneRun('impulse2d', 5), sceneRun('impulse2d', 6), sceneRun('impulse2d', 4)]);
    const report: BenchReport = {
      machine: 'test-cpu',
      machineSummary: 'Test CPU',
      date: '2026-11-26T00:00:00.000Z',
      command: 'pnpm bench',
      settings: { substeps: 4, solver: 'soft', steps: null, batch: 0, box2d3Threads: 2, rounds: 3 },
      versions: {},
      runs: [ours, failed],
    };
    const table = sceneTable(report);
    expect(table).toContain('rounds');
    expect(table).toContain('5.00 / 6.00 / 4.00');
    // A report made in one pass has no such column.
    expect(sceneTable({ ...report, runs: [sceneRun('impulse2d', 5), failed] })).not.toContain('rounds');
    const lines = toCsv(report).trim().split('\n');
    const header = lines[0].split(',');
    expect(header).toContain('round_medians_ms');
    const at = header.indexOf('round_medians_ms');
    expect(lines[1].split(',')[at]).toBe('5;6;4');
    for (const line of lines) expect(line.split(',')).toHaveLength(header.length);
  });
});
