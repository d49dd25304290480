import { STAGE_NAMES } from './engine.js';
import { correctnessText, formatMs, formatRatio, ratioToOurs, type BenchReport } from './report.js';
import type { BatchRun, SceneRun } from './result.js';
import { spreadWarning } from './spread.js';

/** Marks a warning line printed under a row of a table. */
export const WARNING_MARK = '  ! ';

/**
 * A plain text table: first row is the header; numeric-looking cells align right. `after` maps a row's index (the
 * header is 0) to a line printed under it, such as a warning about that row.
 */
export function textTable(rows: readonly (readonly string[])[], after?: ReadonlyMap<number, string>): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  const numeric = /^[-+]?[\d.,]+(×|%| ms| B)?$|^—$/;
  const line = (r: readonly string[]): string =>
    r
      .map((cell, c) => (numeric.test(cell) ? cell.padStart(widths[c]) : cell.padEnd(widths[c])))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '─'.repeat(w)).join('  ');
  const body = rows.slice(1).flatMap((r, i) => {
    const note = after?.get(i + 1);
    return note === undefined ? [line(r)] : [line(r), `${WARNING_MARK}${note}`];
  });
  return [line(rows[0]), rule, ...body].join('\n');
}

/** The first line of a failure, cut to fit the table. */
function notRun(error: string): string {
  const first = error.split('\n')[0] ?? '';
  return `not run: ${first.length > 90 ? `${first.slice(0, 87)}...` : first}`;
}

function heapText(run: SceneRun): string {
  if (run.heap === null) return '—';
  // NaN (null once through JSON): a collection ran inside the window, so the growth undercounts.
  if (run.heap.gcInWindow > 0 || !Number.isFinite(run.heap.bytesPerStep)) return 'GC in window';
  return `${run.heap.bytesPerStep} B (no GC)`;
}

/** Each round's median of a run repeated in rounds (rounds.ts), in run order; '—' for a run made once. */
function roundsText(run: SceneRun | BatchRun): string {
  return run.roundMedians !== undefined ? run.roundMedians.map(formatMs).join(' / ') : '—';
}

/** The `rounds` column's cell, or no cell when no run of the table was repeated. */
function roundsColumn(shown: boolean): (text: string) => string[] {
  return (text) => (shown ? [text] : []);
}

/**
 * The main table: ms per step by scene and engine, with ratios and the correctness check; with rounds, every round's
 * median beside the one reported; under a row whose figure is unsteady (spread.ts), a warning line.
 */
export function sceneTable(report: BenchReport): string {
  const warnings = new Map<number, string>();
  const rounds = roundsColumn(report.runs.some((r) => r.ok && r.roundMedians !== undefined));
  const rows: string[][] = [
    ['scene', 'engine', 'median ms', ...rounds('rounds'), 'p95 ms', 'ours/peer', 'correct', 'heap/step', 'notes'],
  ];
  for (const run of report.runs) {
    if (run.mode !== 'scene') continue;
    if (!run.ok) {
      const cell = run.skipped ?? '—';
      rows.push([
        run.scene,
        run.engine,
        cell,
        ...rounds('—'),
        '—',
        '—',
        '—',
        '—',
        run.skipped !== undefined ? run.error : notRun(run.error),
      ]);
      continue;
    }
    const r = run as SceneRun;
    const warning = spreadWarning(r);
    if (warning !== null) warnings.set(rows.length, warning);
    rows.push([
      r.scene,
      r.engine,
      formatMs(r.ms.median),
      ...rounds(roundsText(r)),
      formatMs(r.ms.p95),
      formatRatio(ratioToOurs(report.runs, r)),
      correctnessText(r),
      heapText(r),
      r.notes.join('; '),
    ]);
  }
  return textTable(rows, warnings);
}

/** The per-stage profiles (median ms over steps 1..N-1) for each scene: ours, and box2d3-wasm's own. */
export function stageTable(report: BenchReport): string | null {
  const ours = report.runs.filter((r): r is SceneRun => r.ok && r.mode === 'scene' && r.stages !== undefined);
  if (ours.length === 0) return null;
  // Threaded runs: the steps adaptivity ran on one thread, of all the run's steps (untimed ones included), and probes.
  const threaded = ours.some((r) => r.counters?.stepsOnOneThread !== undefined);
  const rows: string[][] = [
    [
      'scene',
      'engine',
      ...STAGE_NAMES,
      'measured',
      'bodies',
      'contacts',
      'touching',
      ...(threaded ? ['on 1 thread (probes)'] : []),
    ],
  ];
  for (const r of ours) {
    const s = r.stages!;
    const c = r.counters;
    rows.push([
      r.scene,
      r.engine,
      ...STAGE_NAMES.map((k) => formatMs(s[k])),
      formatMs(r.ms.median),
      String(c?.bodyCount ?? '—'),
      String(c?.contactCount ?? '—'),
      String(c?.touchingCount ?? '—'),
      ...(threaded
        ? [
            c?.stepsOnOneThread !== undefined
              ? `${c.stepsOnOneThread}/${r.steps + (r.from ?? 0)} (${c.probes ?? 0})`
              : '—',
          ]
        : []),
    ]);
  }
  return textTable(rows);
}

/** The batch table: N independent small worlds per engine. */
export function batchTable(report: BenchReport): string | null {
  const runs = report.runs.filter((r) => r.mode === 'batch');
  if (runs.length === 0) return null;
  const rounds = roundsColumn(runs.some((r) => r.ok && r.roundMedians !== undefined));
  const rows: string[][] = [
    ['scene', 'engine', 'copies', 'ms/round', ...rounds('rounds'), 'p95', 'body-steps/s', 'ours/peer', 'correct'],
  ];
  const warnings = new Map<number, string>();
  for (const run of runs) {
    if (!run.ok) {
      rows.push([run.scene, run.engine, '—', '—', ...rounds('—'), '—', '—', '—', notRun(run.error)]);
      continue;
    }
    const r = run as BatchRun;
    const warning = spreadWarning(r);
    if (warning !== null) warnings.set(rows.length, warning);
    rows.push([
      r.scene,
      r.engine,
      String(r.copies),
      formatMs(r.msPerRound.median),
      ...rounds(roundsText(r)),
      formatMs(r.msPerRound.p95),
      r.bodyStepsPerSecond.toLocaleString('en-US'),
      formatRatio(ratioToOurs(report.runs, r)),
      correctnessText(r),
    ]);
  }
  return textTable(rows, warnings);
}
