/**
 * Headless benchmark CLI (parent). Runs each engine × scene in its own child process (run-one.ts), one after another,
 * then prints the tables and writes NAME.json, NAME.csv and NAME.svg to the output folder.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { runChild } from './child.js';
import { USAGE, parseCliArgs, type CliArgs } from './cli-args.js';
import { toCsv } from './csv.js';
import { ENGINE_PACKAGES, impulse2dUnavailable, type EngineName } from './engines/index.js';
import { machineName, machineSummary } from './machine.js';
import { DEMO_DIR, REPO_ROOT, USER_CWD } from './paths.js';
import { ProgressBar } from './progress.js';
import { correctnessText, formatMs, type BenchReport } from './report.js';
import type { RunResult } from './result.js';
import { svgChart } from './svg-chart.js';
import { batchTable, sceneTable, stageTable } from './table.js';

interface PlannedRun {
  readonly engine: EngineName;
  readonly scene: string;
  readonly batch: number;
}

/** A run's result in a few words, printed as each run ends. */
function oneLine(r: RunResult): string {
  if (!r.ok) return `not run: ${r.error.split('\n')[0]}`;
  const ms = r.mode === 'scene' ? r.ms : r.msPerRound;
  return `median ${formatMs(ms.median)} ms, p95 ${formatMs(ms.p95)} ms, ${correctnessText(r)}`;
}

function plan(args: CliArgs): PlannedRun[] {
  const runs: PlannedRun[] = [];
  for (const scene of args.scenes) for (const engine of args.engines) runs.push({ engine, scene, batch: 0 });
  if (args.batch > 0) for (const engine of args.engines) runs.push({ engine, scene: 'pyramid', batch: args.batch });
  return runs;
}

function childArgs(args: CliArgs, run: PlannedRun): string[] {
  const out = ['--substeps', String(args.substeps), '--solver', args.solver, '--heap-samples', String(args.heapSamples)];
  if (args.steps !== null) out.push('--steps', String(args.steps));
  if (run.batch > 0) out.push('--batch', String(run.batch));
  return out;
}

/** Pinned versions from the demo's package.json (peers) and our core's (ours). */
function versions(engines: readonly EngineName[]): Record<string, string> {
  const read = (file: string): { version?: string; devDependencies?: Record<string, string> } =>
    JSON.parse(readFileSync(file, 'utf8')) as { version?: string; devDependencies?: Record<string, string> };
  const demo = read(join(DEMO_DIR, 'package.json'));
  const core = read(join(REPO_ROOT, 'packages', 'core', 'package.json'));
  const out: Record<string, string> = {};
  for (const e of engines) {
    const pkg = ENGINE_PACKAGES[e];
    out[pkg] = e === 'impulse2d' ? (core.version ?? '?') : (demo.devDependencies?.[pkg] ?? '?');
  }
  return out;
}

async function main(): Promise<void> {
  const args = parseCliArgs(process.argv.slice(2));
  if (args.help) {
    console.log(USAGE);
    return;
  }
  const runs = plan(args);
  if (runs.length === 0) throw new Error('nothing to run: no scene and no --headless-batch, or no engine');
  const missing = args.engines.includes('impulse2d') ? impulse2dUnavailable() : null;
  console.log(`impulse2d bench on ${machineSummary()}`);
  console.log(`our engine: ${args.solver} solver, ${args.substeps} substeps; peers: their usual settings; dt 1/60; sleeping off`);
  if (missing !== null) console.log(`note: ${missing.split('\n')[0]}; the peers run without it`);
  console.log('');

  const bar = new ProgressBar(runs.length);
  const results: RunResult[] = [];
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i]!;
    bar.start(i, `${run.batch > 0 ? `${run.batch}× ` : ''}${run.scene} · ${run.engine}`);
    const result = await runChild(
      { engine: run.engine, scene: run.scene, args: childArgs(args, run), timeout: args.timeout },
      (done, total) => bar.update(done, total),
      (line) => {
        bar.clear();
        process.stderr.write(`  [${run.engine}] ${line}\n`);
      },
    );
    const mode = run.batch > 0 ? 'batch' : 'scene';
    results.push(result.ok || result.mode === mode ? result : { ...result, mode });
    bar.clear();
    process.stderr.write(`  ${run.scene} · ${run.engine}: ${oneLine(result)}\n`);
  }
  bar.clear();

  const report: BenchReport = {
    machine: machineName(),
    machineSummary: machineSummary(),
    date: new Date().toISOString(),
    command: `pnpm bench -- ${process.argv.slice(2).filter((a) => a !== '--').join(' ')}`.trim(),
    settings: { substeps: args.substeps, solver: args.solver, steps: args.steps, batch: args.batch },
    versions: versions(args.engines),
    runs: results,
  };

  if (args.scenes.length > 0) console.log(`${sceneTable(report)}\n`);
  console.log('ours/peer: our median over the peer\'s (< 1: we are faster).');
  console.log('correct: no NaN and every pyramid top within 0.5 m of its start height; otherwise the worst top\'s height change');
  console.log('  (about -1 m on the 100-row pyramid is the stack settling under load; a collapse drops many metres).');
  console.log('heap/step: JS heap growth over one step after warm-up (a WASM engine\'s own memory does not show).\n');
  const stages = stageTable(report);
  if (stages !== null) console.log(`our per-stage profile, median ms per step:\n${stages}\n`);
  const batch = batchTable(report);
  if (batch !== null) console.log(`headless batch, ${args.batch} independent copies of the 20-row pyramid:\n${batch}\n`);

  mkdirSync(args.outDir, { recursive: true });
  const base = join(args.outDir, args.name);
  writeFileSync(`${base}.json`, `${JSON.stringify(report, null, 1)}\n`);
  writeFileSync(`${base}.csv`, toCsv(report));
  writeFileSync(`${base}.svg`, svgChart(report));
  console.log(`wrote ${relative(USER_CWD, base) || base}.{json,csv,svg}`);
}

main().catch((e: unknown) => {
  console.error(`bench: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
});
