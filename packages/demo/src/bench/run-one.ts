/**
 * Child process: one engine × one scene (or one batch), timed step by step, printed as one JSON line on stdout.
 * The parent (cli.ts) runs each pairing in a fresh process so that no engine warms the JIT or heap for another.
 *
 *   node --expose-gc dist/bench-run.js --engine planck --scene large_pyramid [--steps N] [--substeps 4]
 *        [--from N] [--solver soft|classic] [--batch COPIES] [--heap-steps 300]
 */
import { parseArgs } from 'node:util';
import { layouts, type LayoutDef, type SceneLayout } from '../scenes/layouts/index.js';
import { checkCorrectness, mergeCorrectness } from './correctness.js';
import { STAGE_NAMES, type BenchEngine, type EngineOptions, type StageTimes } from './engine.js';
import { isEngineName, loadEngine } from './engines/index.js';
import { HEAP_WARMUP_MS, HEAP_WARMUP_STEPS, HEAP_WINDOWS, HEAP_WINDOWS_MS, measureHeapGrowth } from './heap.js';
import { PROGRESS_PREFIX, type BatchRun, type FailedRun, type RunResult, type SceneRun } from './result.js';
import { median, round, summarize, type Summary } from './stats.js';

interface RunArgs {
  readonly engine: string;
  readonly scene: string;
  readonly steps: number;
  /** Steps run untimed before the timed ones (--from). */
  readonly from: number;
  readonly batch: number;
  readonly heapSteps: number;
  readonly options: EngineOptions;
}

function readArgs(): RunArgs {
  const { values } = parseArgs({
    options: {
      engine: { type: 'string' },
      scene: { type: 'string' },
      steps: { type: 'string' },
      from: { type: 'string', default: '0' },
      substeps: { type: 'string', default: '4' },
      solver: { type: 'string', default: 'soft' },
      batch: { type: 'string', default: '0' },
      'heap-steps': { type: 'string', default: '300' },
      threads: { type: 'string', default: '2' },
    },
  });
  const def = layouts[values.scene ?? ''];
  if (values.engine === undefined || def === undefined) throw new Error('usage: --engine NAME --scene NAME');
  const solver = values.solver === 'classic' ? 'classic' : 'soft';
  return {
    engine: values.engine,
    scene: def.name,
    steps: values.steps !== undefined ? Number(values.steps) : def.steps,
    from: Number(values.from),
    batch: Number(values.batch),
    heapSteps: Number(values['heap-steps']),
    options: {
      dt: 1 / 60,
      substeps: Number(values.substeps),
      solver,
      threads: Number(values.threads),
    },
  };
}

/** Progress for the parent's bar, about fifty lines per run; `phase` names what runs (result.ts: PROGRESS_PREFIX). */
function progress(done: number, total: number, phase = 'step'): void {
  if (done === total || done % Math.max(1, Math.floor(total / 50)) === 0) {
    process.stderr.write(`${PROGRESS_PREFIX}${done} ${total} ${phase}\n`);
  }
}

const roundSummary = (s: Summary): Summary => ({
  median: round(s.median),
  p95: round(s.p95),
  mean: round(s.mean),
  min: round(s.min),
  max: round(s.max),
});

async function runScene(args: RunArgs, engine: BenchEngine, def: LayoutDef, layout: SceneLayout): Promise<SceneRun> {
  progress(0, 0, 'building the scene');
  const t0 = performance.now();
  engine.build(def, layout);
  await engine.start?.();
  const buildMs = performance.now() - t0;

  for (let s = 0; s < args.from; s++) {
    engine.step();
    progress(s + 1, args.from, 'untimed steps (--from)');
  }
  const stepMs = new Float64Array(args.steps);
  const stageSamples = engine.stageTimes ? STAGE_NAMES.map(() => new Float64Array(args.steps)) : null;
  for (let s = 0; s < args.steps; s++) {
    const start = performance.now();
    engine.step();
    stepMs[s] = performance.now() - start;
    if (stageSamples !== null) {
      const t = engine.stageTimes!();
      for (let k = 0; k < STAGE_NAMES.length; k++) stageSamples[k][s] = t[STAGE_NAMES[k]];
    }
    progress(s + 1, args.steps);
  }

  const positions = new Float64Array(layout.boxes.positions.length);
  engine.readPositions(positions);
  const correctness = checkCorrectness(layout, positions);
  const counters = engine.counters?.();
  // After the timed run: capacities grown. Continues the same simulation for up to HEAP_WARMUP_STEPS warm-up steps
  // (JIT warm-up, see heap.ts) and then `heapSteps` more, with our engine's stage timing off (each clock read
  // allocates a number).
  engine.beforeHeapProbe?.();
  const heap = await measureHeapGrowth(
    () => engine.step(),
    args.heapSteps,
    HEAP_WARMUP_STEPS,
    HEAP_WARMUP_MS,
    HEAP_WINDOWS,
    HEAP_WINDOWS_MS,
    (phase, done, total) => process.stderr.write(`${PROGRESS_PREFIX}${done} ${total} heap probe ${phase}\n`),
  );

  // Step 0 creates the contacts: left out, unless the timed steps begin later (--from).
  const first = args.from > 0 ? 0 : 1;
  const timed = stepMs.subarray(first);
  let stages: StageTimes | undefined;
  if (stageSamples !== null) {
    const m = stageSamples.map((a) => round(median(a.subarray(first))));
    stages = {
      characters: m[0],
      broadphase: m[1],
      narrowphase: m[2],
      prepare: m[3],
      solve: m[4],
      finalize: m[5],
      total: m[6],
    };
  }
  return {
    ok: true,
    mode: 'scene',
    engine: engine.name,
    label: engine.label,
    scene: def.name,
    steps: args.steps,
    from: args.from,
    bodies: layout.boxes.positions.length >> 1,
    buildMs: round(buildMs, 1),
    ms: roundSummary(summarize(timed)),
    stepMs: Array.from(stepMs, (v) => round(v)),
    ...(stages !== undefined ? { stages } : {}),
    ...(counters !== undefined ? { counters } : {}),
    correctness,
    heap,
    notes: engine.notes,
  };
}

async function runBatch(args: RunArgs, first: BenchEngine, def: LayoutDef, layout: SceneLayout): Promise<BatchRun> {
  const factory = await loadEngine(args.engine as Parameters<typeof loadEngine>[0]);
  const worlds: BenchEngine[] = [first];
  for (let i = 1; i < args.batch; i++) worlds.push(factory(args.options));
  progress(0, 0, 'building the copies');
  for (const w of worlds) {
    await w.init();
    w.build(def, layout);
    await w.start?.();
  }
  const roundMs = new Float64Array(args.steps);
  for (let s = 0; s < args.steps; s++) {
    const start = performance.now();
    for (let i = 0; i < worlds.length; i++) worlds[i].step();
    roundMs[s] = performance.now() - start;
    progress(s + 1, args.steps);
  }
  const positions = new Float64Array(layout.boxes.positions.length);
  const checks = worlds.map((w) => {
    w.readPositions(positions);
    return checkCorrectness(layout, positions);
  });
  const bodies = layout.boxes.positions.length >> 1;
  const summary = summarize(roundMs.subarray(1));
  return {
    ok: true,
    mode: 'batch',
    engine: first.name,
    label: first.label,
    scene: def.name,
    copies: worlds.length,
    steps: args.steps,
    bodies,
    msPerRound: roundSummary(summary),
    bodyStepsPerSecond: Math.round((bodies * worlds.length * 1000) / summary.median),
    correctness: mergeCorrectness(checks),
    notes: first.notes,
  };
}

async function main(): Promise<RunResult> {
  const args = readArgs();
  const mode = args.batch > 0 ? 'batch' : 'scene';
  const fail = (error: string): FailedRun => ({ ok: false, mode, engine: args.engine, scene: args.scene, error });
  if (!isEngineName(args.engine)) return fail(`unknown engine '${args.engine}'`);
  const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));
  let engine: BenchEngine;
  try {
    engine = (await loadEngine(args.engine))(args.options);
  } catch (e) {
    return fail(message(e));
  }
  try {
    await engine.init();
  } catch (e) {
    return fail(`cannot initialise under Node ${process.version}: ${message(e)}`);
  }
  const def = layouts[args.scene];
  if (def.perEngine && !engine.ownScenes?.includes(def.name)) {
    return { ...fail(`no ${args.engine} build of ${def.name} yet`), skipped: 'n/a' };
  }
  const layout = def.layout();
  try {
    return mode === 'batch' ? await runBatch(args, engine, def, layout) : await runScene(args, engine, def, layout);
  } catch (e) {
    return fail(e instanceof Error ? (e.stack ?? e.message) : String(e));
  }
}

main().then(
  (result) => {
    process.stdout.write(`${JSON.stringify(result)}\n`);
  },
  (e: unknown) => {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 2;
  },
);
