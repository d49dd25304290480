import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BENCHMARK_SCENES, layouts } from '../scenes/layouts/index.js';
import { ENGINE_NAMES, PEER_NAMES, isEngineName, type EngineName } from './engines/index.js';
import { machineName } from './machine.js';
import { DEMO_DIR, REPO_ROOT, USER_CWD } from './paths.js';

/**
 * The default run is the quick one, under three minutes on a 2-vCPU machine (2 min 43 s on a shared, busy AMD EPYC):
 * every scene, fewer steps than the scene's own, our engine against box2d3-wasm and Rapier SIMD in three interleaved
 * rounds, no heap probe. The steps still pass each scene's defining moment: the tumbler's top boxes land by step 114;
 * smash's ram hits the grid at step 69, and 200 steps put most of the median's samples after the hit (at 100 the
 * median was a pre-hit step, 0.05 ms for box2d3-wasm against 11 in the full run); circle_rain's top row (50 m up)
 * reaches the pile after about 170 steps of free fall, and 360 steps put most samples on the landed pile. `--full` is
 * the comparison README's tables come from (the scenes' own steps, planck too, heap probe).
 */
export const QUICK_STEPS: Readonly<Record<string, number>> = {
  large_pyramid: 60,
  many_pyramids: 24,
  joint_grid: 60,
  tumbler: 150,
  smash: 200,
  spinner: 50,
  circle_rain: 360,
};
const QUICK_PEERS = 'box2d3-wasm,rapier-simd';
const FULL_PEERS = 'box2d3-wasm,rapier-simd,planck';
const FULL_HEAP_STEPS = 300;

export const USAGE = `impulse2d benchmark: ms per step of Box2D's benchmark scenes, our engine against peers, each run in its own process.

usage: pnpm bench -- [options]
  (none)                the quick run, under 3 min: every scene with fewer steps (${Object.entries(QUICK_STEPS)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')}), vs ${QUICK_PEERS}, 3 rounds, no heap probe
  --full                the full comparison of README's tables, about 30 min: each scene's own steps (${Object.values(
    layouts,
  )
    .map((l) => `${l.name} ${l.steps}`)
    .join(', ')}), vs ${FULL_PEERS} (planck skips many_pyramids and smash, 15-20 min each:
                        give --vs to run them), heap probe of ${FULL_HEAP_STEPS} steps
  --save                write the results to benchmark/<machine>/ at the repo root, named DATE-COMMIT, to commit them
                        (without it they go to packages/demo/dist/bench-results/, which git ignores)
  --scene LIST          comma list of ${Object.keys(layouts).join(', ')}, or all (${BENCHMARK_SCENES.join(', ')}); default all
  --steps N             steps of every run instead of the quick or full ones
  --from N              run each scene's first N steps untimed, for every engine alike, then time --steps (or the
                        quick or full run's) steps: e.g. threads "from the first 100 steps on" with --from 100
                        (default 0: steps are timed from the first)
  --substeps N          our engine's substeps (default 4)
  --solver MODE         our solver: soft (default) or classic
  --vs LIST             peers: comma list of ${PEER_NAMES.join(', ')}; all; none
  --threads N           threads of box2d3-wasm-mt and impulse2d-mt, the stepping thread included, as Box2D's
                        workerCount and startWorkers count them (default 2)
  --load                keep one core busy with another process for the whole run (a spin loop), to measure
                        threads on a loaded machine: e.g. --vs impulse2d-mt --scene large_pyramid,many_pyramids,
                        with and without --load (our step workers adapt: the world times its steps and runs on
                        one thread while that is faster)
  --no-ours             leave our engine out
  --headless-batch N    step N independent copies of the 20-row pyramid world per engine and report body-steps/s
                        (with --scene too, the scene runs as well)
  --out DIR             where to write the results (default packages/demo/dist/bench-results/, or with --save
                        benchmark/<machine>/ at the repo root)
  --name NAME           results file name, NAME.json/.csv/.svg (default latest, or with --save DATE-COMMIT)
  --heap-steps N        consecutive steps whose total JS heap growth gives heap/step (default 0, --full ${FULL_HEAP_STEPS}),
                        run after the timed run and up to 2,000 warm-up steps (at most 10 s; see heap.ts), the lowest of
                        up to 4 such windows in a row; the run's young generation is sized so no GC runs inside, else
                        'GC in window'
  --rounds N            run each scene's engines in turn N times (A B C, A B C, ...) and report each engine's run with
                        the median of its medians, so that a slow spell of a shared machine cannot move one engine
                        alone (default 3; a run whose steps took over 60 s is not repeated; the heap probe runs in
                        round 1 only). A row whose rounds differ by more than 15%, or whose p95 is over 3x its
                        median, gets a warning line
  --timeout S           seconds before one run is stopped (default 900)
  -h, --help`;

export interface CliArgs {
  /** The full comparison (--full): each scene's own steps, planck, the heap probe. Otherwise the quick run. */
  readonly full: boolean;
  /** Write into benchmark/<machine>/ at the repo root (--save), to be committed. */
  readonly save: boolean;
  readonly scenes: readonly string[];
  readonly engines: readonly EngineName[];
  /** No --vs given: the default peers, and the default run leaves out its slow pairings (cli.ts, SLOW_BY_DEFAULT). */
  readonly defaultPeers: boolean;
  /** --steps: every run's steps; null: the quick run's (QUICK_STEPS) or, with --full, each scene's own. */
  readonly steps: number | null;
  /** --from: steps each scene runs untimed before the timed ones. */
  readonly from: number;
  readonly substeps: number;
  readonly solver: 'soft' | 'classic';
  /** Threads of box2d3-wasm-mt and impulse2d-mt, the stepping thread included. */
  readonly threads: number;
  /** --load: another process keeps one core busy during the run (competing-load.ts). */
  readonly load: boolean;
  readonly batch: number;
  readonly outDir: string;
  /** --name; null: `latest`, or with --save DATE-COMMIT (cli.ts). */
  readonly name: string | null;
  readonly heapSteps: number;
  /** Times each scene's engines run in turn (rounds.ts). */
  readonly rounds: number;
  readonly timeout: number;
  readonly help: boolean;
}

function list(value: string, all: readonly string[], what: string, valid: (s: string) => boolean): string[] {
  if (value === 'all') return [...all];
  if (value === 'none' || value === '') return [];
  const items = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  for (const item of items) if (!valid(item)) throw new Error(`unknown ${what} '${item}' (try --help)`);
  return items;
}

function positiveInt(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} wants a whole number, got '${value}'`);
  return n;
}

export function parseCliArgs(argv: readonly string[]): CliArgs {
  // `pnpm bench -- --scene x` may hand the separator through; drop it.
  const args = argv.filter((a, i) => !(a === '--' && i === argv.indexOf('--')));
  const { values } = parseArgs({
    args,
    options: {
      scene: { type: 'string' },
      steps: { type: 'string' },
      from: { type: 'string' },
      substeps: { type: 'string' },
      solver: { type: 'string', default: 'soft' },
      vs: { type: 'string' },
      threads: { type: 'string' },
      'no-ours': { type: 'boolean', default: false },
      load: { type: 'boolean', default: false },
      full: { type: 'boolean', default: false },
      save: { type: 'boolean', default: false },
      'headless-batch': { type: 'string' },
      out: { type: 'string' },
      name: { type: 'string' },
      'heap-steps': { type: 'string' },
      rounds: { type: 'string' },
      timeout: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.solver !== 'soft' && values.solver !== 'classic')
    throw new Error(`--solver is soft or classic, got '${values.solver}'`);
  const batch = positiveInt(values['headless-batch'], 'headless-batch', 0);
  const sceneArg = values.scene ?? (batch > 0 ? 'none' : 'all');
  const scenes = list(sceneArg, BENCHMARK_SCENES, 'scene', (s) => layouts[s] !== undefined);
  const full = values.full;
  const peers = list(
    values.vs ?? (full ? FULL_PEERS : QUICK_PEERS),
    PEER_NAMES,
    'engine',
    (s) => isEngineName(s) && s !== 'impulse2d',
  ) as EngineName[];
  const engines = ENGINE_NAMES.filter((e) => (e === 'impulse2d' ? !values['no-ours'] : peers.includes(e)));
  if (values.name !== undefined && !/^[\w.-]+$/.test(values.name))
    throw new Error(`--name may hold letters, digits, '.', '-', '_' only`);
  const defaultOut = values.save
    ? resolve(REPO_ROOT, 'benchmark', machineName())
    : resolve(DEMO_DIR, 'dist', 'bench-results');
  return {
    full,
    save: values.save,
    scenes,
    engines,
    defaultPeers: values.vs === undefined,
    steps: values.steps !== undefined ? positiveInt(values.steps, 'steps', 0) || null : null,
    from: positiveInt(values.from, 'from', 0),
    substeps: positiveInt(values.substeps, 'substeps', 4) || 4,
    solver: values.solver,
    threads: positiveInt(values.threads, 'threads', 2) || 2,
    load: values.load,
    batch,
    outDir: values.out !== undefined ? resolve(USER_CWD, values.out) : defaultOut,
    name: values.name ?? null,
    heapSteps: positiveInt(values['heap-steps'], 'heap-steps', full ? FULL_HEAP_STEPS : 0),
    rounds: positiveInt(values.rounds, 'rounds', 3) || 1,
    timeout: positiveInt(values.timeout, 'timeout', 900) || 900,
    help: values.help,
  };
}

/** The steps of one run of `scene`: --steps, else the quick run's, else (--full, or a scene the quick run has no figure for) the scene's own (null). */
export function stepsOf(args: CliArgs, scene: string): number | null {
  if (args.steps !== null) return args.steps;
  return args.full ? null : (QUICK_STEPS[scene] ?? null);
}
