import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BENCHMARK_SCENES, layouts } from '../scenes/layouts/index.js';
import { ENGINE_NAMES, PEER_NAMES, isEngineName, type EngineName } from './engines/index.js';
import { machineName } from './machine.js';
import { REPO_ROOT, USER_CWD } from './paths.js';

const DEFAULT_PEERS = 'box2d3-wasm,rapier-simd,planck';

export const USAGE = `impulse2d benchmark: ms per step of Box2D's benchmark scenes, our engine against peers, each run in its own process.

usage: pnpm bench -- [options]
  --scene LIST          comma list of ${Object.keys(layouts).join(', ')}, or all (${BENCHMARK_SCENES.join(', ')}); default all
  --steps N             steps per run instead of each scene's own (${Object.values(layouts)
    .map((l) => `${l.name} ${l.steps}`)
    .join(', ')})
  --substeps N          our engine's substeps (default 4)
  --solver MODE         our solver: soft (default) or classic
  --vs LIST             peers: comma list of ${PEER_NAMES.join(', ')}; all; none (default ${DEFAULT_PEERS};
                        without --vs, planck skips many_pyramids and smash, 15-20 min each: give --vs to run them)
  --threads N           threads of box2d3-wasm-mt and impulse2d-mt, the stepping thread included, as Box2D's
                        workerCount and startWorkers count them (default 2)
  --no-ours             leave our engine out
  --headless-batch N    step N independent copies of the 20-row pyramid world per engine and report body-steps/s
                        (with --scene too, the scene runs as well)
  --out DIR             where to write the results (default benchmark/<machine>/ at the repo root)
  --name NAME           results file name, NAME.json/.csv/.svg (default latest)
  --heap-steps N        consecutive steps whose total JS heap growth gives heap/step (default 300; 0 to skip), run
                        after the timed run and up to 2,000 warm-up steps (at most 10 s; see heap.ts), the lowest of up
                        to 4 such windows in a row; the run's young generation is sized so no GC runs inside, else
                        'GC in window'
  --rounds N            run each scene's engines in turn N times (A B C, A B C, ...) and report each engine's run with
                        the median of its medians, so that a slow spell of a shared machine cannot move one engine
                        alone (default 3; a run whose steps took over 60 s is not repeated; the heap probe runs in
                        round 1 only)
  --timeout S           seconds before one run is stopped (default 900)
  -h, --help`;

export interface CliArgs {
  readonly scenes: readonly string[];
  readonly engines: readonly EngineName[];
  /** No --vs given: the default peers, and the default run leaves out its slow pairings (cli.ts, SLOW_BY_DEFAULT). */
  readonly defaultPeers: boolean;
  readonly steps: number | null;
  readonly substeps: number;
  readonly solver: 'soft' | 'classic';
  /** Threads of box2d3-wasm-mt and impulse2d-mt, the stepping thread included. */
  readonly threads: number;
  readonly batch: number;
  readonly outDir: string;
  readonly name: string;
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
      substeps: { type: 'string' },
      solver: { type: 'string', default: 'soft' },
      vs: { type: 'string' },
      threads: { type: 'string' },
      'no-ours': { type: 'boolean', default: false },
      'headless-batch': { type: 'string' },
      out: { type: 'string' },
      name: { type: 'string', default: 'latest' },
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
  const peers = list(
    values.vs ?? DEFAULT_PEERS,
    PEER_NAMES,
    'engine',
    (s) => isEngineName(s) && s !== 'impulse2d',
  ) as EngineName[];
  const engines = ENGINE_NAMES.filter((e) => (e === 'impulse2d' ? !values['no-ours'] : peers.includes(e)));
  if (!/^[\w.-]+$/.test(values.name)) throw new Error(`--name may hold letters, digits, '.', '-', '_' only`);
  return {
    scenes,
    engines,
    defaultPeers: values.vs === undefined,
    steps: values.steps !== undefined ? positiveInt(values.steps, 'steps', 0) || null : null,
    substeps: positiveInt(values.substeps, 'substeps', 4) || 4,
    solver: values.solver,
    threads: positiveInt(values.threads, 'threads', 2) || 2,
    batch,
    outDir: values.out !== undefined ? resolve(USER_CWD, values.out) : resolve(REPO_ROOT, 'benchmark', machineName()),
    name: values.name,
    heapSteps: positiveInt(values['heap-steps'], 'heap-steps', 300),
    rounds: positiveInt(values.rounds, 'rounds', 3) || 1,
    timeout: positiveInt(values.timeout, 'timeout', 900) || 900,
    help: values.help,
  };
}
