import { STAGE_NAMES } from './engine.js';
import { ratioToOurs, type BenchReport } from './report.js';
import type { RunResult } from './result.js';

const HEADER = [
  'mode',
  'scene',
  'engine',
  'label',
  'steps',
  'copies',
  'bodies',
  'median_ms',
  'p95_ms',
  'mean_ms',
  'min_ms',
  'max_ms',
  'ratio_ours_over_peer',
  'correct',
  'fallen',
  'probes',
  'max_drop_m',
  'worst_dy_m',
  'heap_bytes_per_step',
  'heap_windows_bytes_per_step',
  'body_steps_per_s',
  'round_medians_ms',
  ...STAGE_NAMES.map((s) => `${s}_ms`),
  'error',
];

function cell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function row(report: BenchReport, r: RunResult): (string | number | boolean | null | undefined)[] {
  if (!r.ok) {
    // Built from the header, so that a failed row has as many cells as it (written out by hand, it had one too few).
    const cells: (string | boolean)[] = HEADER.map(() => '');
    cells[HEADER.indexOf('mode')] = r.mode;
    cells[HEADER.indexOf('scene')] = r.scene;
    cells[HEADER.indexOf('engine')] = r.engine;
    cells[HEADER.indexOf('correct')] = false;
    cells[HEADER.indexOf('error')] = r.error;
    return cells;
  }
  const ms = r.mode === 'scene' ? r.ms : r.msPerRound;
  const c = r.correctness;
  return [
    r.mode,
    r.scene,
    r.engine,
    r.label,
    r.steps,
    r.mode === 'batch' ? r.copies : 1,
    r.bodies,
    ms.median,
    ms.p95,
    ms.mean,
    ms.min,
    ms.max,
    ratioToOurs(report.runs, r),
    c.ok,
    c.fallen,
    c.probes,
    c.maxDrop,
    c.worstDy,
    r.mode === 'scene' ? r.heap?.bytesPerStep : null,
    // Every window's figure, in order, ';'-separated ('NaN' where a GC ran inside; older results have no such field).
    r.mode === 'scene' ? r.heap?.windows?.map((b) => (Number.isFinite(b) ? String(b) : 'NaN')).join(';') : null,
    r.mode === 'batch' ? r.bodyStepsPerSecond : null,
    // With --rounds: each round's median, in run order, ';'-separated (the row is the run with their median).
    r.roundMedians?.join(';'),
    ...STAGE_NAMES.map((s) => (r.mode === 'scene' ? r.stages?.[s] : null)),
    '',
  ];
}

/** One row per run; ratios are ours/peer medians (< 1: we are faster). Every row names the machine (CPU model). */
export function toCsv(report: BenchReport): string {
  const rows = [['machine', ...HEADER], ...report.runs.map((r) => [report.machineSummary, ...row(report, r)])];
  return rows.map((cells) => cells.map(cell).join(',')).join('\n') + '\n';
}
