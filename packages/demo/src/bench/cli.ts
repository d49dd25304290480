/**
 * Headless benchmark CLI (parent). Runs each engine × scene in its own child process (run-one.ts), one after another,
 * each scene's engines in turn for --rounds rounds (rounds.ts), then prints the tables and writes NAME.json, NAME.csv
 * and NAME.svg to the output folder: packages/demo/dist/bench-results/ (git-ignored), or with --save benchmark/<machine>/.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { runChild } from './child.js';
import { startCompetingLoad, stopCompetingLoad } from './competing-load.js';
import { HEAP_WARMUP_MS, HEAP_WARMUP_STEPS, HEAP_WINDOWS, HEAP_WINDOWS_MS } from './heap.js';
import { QUICK_STEPS, USAGE, parseCliArgs, stepsOf, type CliArgs } from './cli-args.js';
import { toCsv } from './csv.js';
import { ENGINE_PACKAGES, impulse2dUnavailable, type EngineName } from './engines/index.js';
import { machineName, machineSummary } from './machine.js';
import { DEMO_DIR, REPO_ROOT, USER_CWD } from './paths.js';
import { ProgressBar } from './progress.js';
import { REPEAT_LIMIT_S, medianRun, repeatSeconds, schedule } from './rounds.js';
import { correctnessText, formatMs, type BenchReport } from './report.js';
import type { RunResult } from './result.js';
import { spreadWarning } from './spread.js';
import { layouts } from '../scenes/layouts/index.js';
import { svgChart } from './svg-chart.js';
import { batchTable, sceneTable, stageTable } from './table.js';
import { runThreadSweep, threadTable, type ThreadRun } from './threads.js';

interface PlannedRun {
  readonly engine: EngineName;
  readonly scene: string;
  readonly batch: number;
  /** Left out of this run, and why (reported as `skipped`). */
  readonly skip?: string;
}

/** Pairings a --full run without --vs leaves out because they take many minutes; any --vs (even the same list) runs them. */
const SLOW_BY_DEFAULT: readonly { engine: EngineName; scene: string; why: string }[] = [
  { engine: 'planck', scene: 'many_pyramids', why: 'about 15 min; run with --vs planck to include it' },
  // Box2D 2.4 wakes the whole touching grid at the hit: about 5 s per step after step 70, some 20 min.
  { engine: 'planck', scene: 'smash', why: 'about 20 min; run with --vs planck to include it' },
];

/** A run's result in a few words, printed as each run ends. */
function oneLine(r: RunResult): string {
  if (!r.ok && r.skipped !== undefined) return `${r.skipped}: ${r.error}`;
  if (!r.ok) return `not run: ${r.error.split('\n')[0]}`;
  const ms = r.mode === 'scene' ? r.ms : r.msPerRound;
  return `median ${formatMs(ms.median)} ms, p95 ${formatMs(ms.p95)} ms, ${correctnessText(r)}`;
}

function plan(args: CliArgs): PlannedRun[] {
  const runs: PlannedRun[] = [];
  for (const scene of args.scenes) {
    for (const engine of args.engines) {
      const slow = args.defaultPeers
        ? SLOW_BY_DEFAULT.find((s) => s.engine === engine && s.scene === scene)
        : undefined;
      runs.push({ engine, scene, batch: 0, ...(slow !== undefined ? { skip: slow.why } : {}) });
    }
  }
  if (args.batch > 0) for (const engine of args.engines) runs.push({ engine, scene: 'pyramid', batch: args.batch });
  return runs;
}

/** The child's arguments; the heap probe runs in the first round only (rounds.ts: medianRun reports its figure). */
function childArgs(args: CliArgs, run: PlannedRun, round: number): string[] {
  const out = [
    '--substeps',
    String(args.substeps),
    '--solver',
    args.solver,
    '--heap-steps',
    String(round === 0 ? args.heapSteps : 0),
    '--threads',
    String(args.threads),
  ];
  const steps = run.batch > 0 ? args.steps : stepsOf(args, run.scene);
  if (steps !== null) out.push('--steps', String(steps));
  if (args.from > 0 && run.batch === 0) out.push('--from', String(args.from));
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

/**
 * Builds @impulse2d/core, systems and batch to their dist/ folders (tsc), which @impulse2d/batch loads at run time;
 * only --headless-batch needs them, so the other runs skip the ten seconds this takes.
 */
function buildBatchPackages(): void {
  const tsc = join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  for (const pkg of ['core', 'systems', 'batch']) {
    process.stderr.write(`  building @impulse2d/${pkg} (for the worker-thread batch)\n`);
    execFileSync(process.execPath, [tsc, '-p', join(REPO_ROOT, 'packages', pkg, 'tsconfig.build.json')], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  }
}

/** Our engine's batch through @impulse2d/batch at each worker count (with --headless-batch); null when not run. */
async function threadSweep(args: CliArgs): Promise<{ runs: ThreadRun[]; table: string; steps: number } | null> {
  if (args.batch === 0 || !args.engines.includes('impulse2d')) return null;
  const steps = args.steps ?? 200;
  const bar = new ProgressBar(1);
  try {
    buildBatchPackages();
    bar.start(0, 'worker threads');
    const runs = await runThreadSweep(args.batch, steps, args.solver, args.substeps, undefined, (_, d, t) =>
      bar.update(d, t),
    );
    bar.clear();
    return { runs, table: threadTable(runs), steps };
  } catch (e) {
    bar.clear();
    console.log(`headless batch on worker threads not run: ${e instanceof Error ? e.message : String(e)}\n`);
    return null;
  }
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
  for (const line of planLines(args, runs)) console.log(line);
  console.log(
    `our engine: ${args.solver} solver, ${args.substeps} substeps; peers: their usual settings; dt 1/60; sleeping off (on in smash)`,
  );
  if (missing !== null) console.log(`note: ${missing.split('\n')[0]}; the peers run without it`);
  console.log('');

  const slots = schedule(
    runs.map((r) => (r.batch > 0 ? `batch ${r.batch}` : r.scene)),
    args.rounds,
  );
  const bar = new ProgressBar(slots.length);
  const done: RunResult[][] = runs.map(() => []);
  const load = args.load ? startCompetingLoad() : null;
  for (let i = 0; i < slots.length; i++) {
    const { index, round } = slots[i];
    const run = runs[index];
    if (run.skip !== undefined) {
      if (round > 0) continue;
      const skipped: RunResult = {
        ok: false,
        mode: 'scene',
        engine: run.engine,
        scene: run.scene,
        error: run.skip,
        skipped: 'skipped',
      };
      done[index].push(skipped);
      process.stderr.write(`  ${run.scene} · ${run.engine}: ${oneLine(skipped)}\n`);
      continue;
    }
    // Repeated only when the first round worked and its timed part took under a minute (rounds.ts).
    if (round > 0 && repeatSeconds(done[index][0]) > REPEAT_LIMIT_S) continue;
    const label = `${run.batch > 0 ? `${run.batch}× ` : ''}${run.scene} · ${run.engine}`;
    bar.start(i, args.rounds > 1 ? `${label} (round ${round + 1}/${args.rounds})` : label);
    const result = await runChild(
      { engine: run.engine, scene: run.scene, args: childArgs(args, run, round), timeout: args.timeout },
      (d, total, phase) => bar.update(d, total, phase),
      (line) => {
        bar.clear();
        process.stderr.write(`  [${run.engine}] ${line}\n`);
      },
    );
    const mode = run.batch > 0 ? 'batch' : 'scene';
    done[index].push(result.ok || result.mode === mode ? result : { ...result, mode });
    bar.clear();
    process.stderr.write(`  ${label}${args.rounds > 1 ? ` (round ${round + 1})` : ''}: ${oneLine(result)}\n`);
  }
  stopCompetingLoad(load);
  const results = done.map(medianRun);
  bar.clear();

  const report: BenchReport = {
    machine: machineName(),
    machineSummary: machineSummary(),
    date: new Date().toISOString(),
    command: `pnpm bench -- ${process.argv
      .slice(2)
      .filter((a) => a !== '--')
      .join(' ')}`.trim(),
    settings: {
      run: args.full ? 'full' : args.steps !== null ? 'custom' : 'quick',
      substeps: args.substeps,
      solver: args.solver,
      steps: args.steps,
      batch: args.batch,
      box2d3Threads: args.threads,
      impulse2dThreads: args.threads,
      rounds: args.rounds,
      load: args.load,
    },
    versions: versions(args.engines),
    runs: results,
  };

  if (args.scenes.length > 0) console.log(`${sceneTable(report)}\n`);
  console.log("ours/peer: our median over the peer's (< 1: we are faster).");
  console.log(
    "correct: no NaN, and pyramids: every top within 2% of the pyramid height of its start, else the worst top's height change",
  );
  console.log('  (about -1 m on the 100-row pyramid is the stack settling under load; a collapse drops many metres);');
  console.log('  joint_grid: the bottom-row middle body within 120 m of its start (a broken grid falls ~350 m);');
  console.log('  tumbler: every box within 13.5 m (the inner corner) of the frame centre; smash: no NaN only;');
  console.log('  spinner: every body within the loop (40 m of its centre). n/a: the engine has no build of the scene.');
  if (args.heapSteps > 0) {
    console.log(
      `heap/step: young-generation JS heap growth over ${args.heapSteps} consecutive steps after the timed run and up to ` +
        `${HEAP_WARMUP_STEPS} more warm-up steps (at most ${HEAP_WARMUP_MS / 1000} s), per step, with ` +
        `no GC in the window (checked); the lowest of up to ${HEAP_WINDOWS} such windows in a row (none begun after ` +
        `${HEAP_WINDOWS_MS / 1000} s; all in the csv): a step's own allocation shows in each, V8 re-optimising a function ` +
        "late in only some. A WASM engine's own memory does not show.\n",
    );
  } else {
    console.log('heap/step: not measured (--heap-steps 300, or --full, measures it).\n');
  }
  const unsteady = results.filter((r) => r.ok && spreadWarning(r) !== null).length;
  if (unsteady > 0) {
    console.log(
      `! ${unsteady} row${unsteady > 1 ? 's' : ''} above ${unsteady > 1 ? 'are' : 'is'} unsteady (the line under each says why): ` +
        'the machine was busy, or the run too short; read those ratios with care.\n',
    );
  }
  if (!args.full && args.steps === null) {
    console.log(
      "This was the quick run: its medians cover each scene's first steps, not the scene's whole run, so they differ " +
        "from README's tables; compare the ratios of one run. `pnpm bench -- --full` gives the full comparison.\n",
    );
  }
  const stages = stageTable(report);
  if (stages !== null) {
    console.log(
      `per-stage profile, median ms per step (box2d3-wasm: its own b2World_GetProfile on our stages, see engines/box2d3.ts):\n${stages}\n`,
    );
  }
  const batch = batchTable(report);
  if (batch !== null)
    console.log(`headless batch, ${args.batch} independent copies of the 20-row pyramid:\n${batch}\n`);
  const threads = await threadSweep(args);
  if (threads !== null)
    console.log(
      `headless batch on worker threads (@impulse2d/batch), ${args.batch} copies of the 20-row pyramid, ${threads.steps} steps each:\n${threads.table}\n`,
    );

  mkdirSync(args.outDir, { recursive: true });
  const base = join(args.outDir, args.name ?? (args.save ? savedName() : 'latest'));
  const json = threads !== null ? { ...report, threads: threads.runs } : report;
  writeFileSync(`${base}.json`, `${JSON.stringify(json, null, 1)}\n`);
  writeFileSync(`${base}.csv`, toCsv(report));
  const files = ['json', 'csv'];
  if (args.scenes.length > 0) {
    writeFileSync(`${base}.svg`, svgChart(report));
    files.push('svg');
  }
  const where = args.save
    ? ''
    : args.outDir === join(DEMO_DIR, 'dist', 'bench-results')
      ? ' (git ignores this folder; --save writes to benchmark/<machine>/ to commit them)'
      : '';
  console.log(`wrote ${relative(USER_CWD, base) || base}.{${files.join(',')}}${where}`);
}

/** The name a saved run gets: its date and commit, as the committed results are named (2026-11-27-b91a86a). */
function savedName(): string {
  const date = new Date().toISOString().slice(0, 10);
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
    return `${date}-${commit}`;
  } catch {
    return date;
  }
}

/** What this run will do, said before it starts: which scenes with how many steps, which engines, rounds, heap probe. */
function planLines(args: CliArgs, runs: readonly PlannedRun[]): string[] {
  const scenes = args.scenes.map((scene) => `${scene} ${stepsOf(args, scene) ?? layouts[scene]?.steps ?? '?'}`);
  const skipped = runs.filter((r) => r.skip !== undefined).map((r) => `${r.engine} × ${r.scene}`);
  const kind = args.full
    ? 'the full comparison (--full)'
    : args.steps === null && Object.keys(QUICK_STEPS).some((s) => args.scenes.includes(s))
      ? 'the quick run (under 3 min on 2 vCPUs; --full for the full comparison, about 30 min)'
      : 'a custom run';
  const lines = [`${kind}:`];
  if (scenes.length > 0) lines.push(`  scenes (steps): ${scenes.join(', ')}`);
  if (args.batch > 0) lines.push(`  headless batch: ${args.batch} copies of the 20-row pyramid`);
  lines.push(`  engines: ${args.engines.join(', ')}; ${args.rounds} round${args.rounds > 1 ? 's' : ''}, interleaved`);
  if (args.from > 0) lines.push(`  timed from step ${args.from} of each scene (--from): the steps before run untimed`);
  if (args.load) lines.push('  load: another process keeps one core busy throughout (--load)');
  lines.push(
    args.heapSteps > 0
      ? `  heap probe: ${args.heapSteps} steps, in round 1`
      : '  heap probe: off (--heap-steps 300 turns it on)',
  );
  if (skipped.length > 0) lines.push(`  left out (give --vs to run them): ${skipped.join(', ')}`);
  lines.push(
    `  results: ${relative(USER_CWD, args.outDir) || '.'}${args.save ? ' (--save)' : ' (git-ignored; --save to commit)'}`,
  );
  return lines;
}

main().catch((e: unknown) => {
  console.error(`bench: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
});
