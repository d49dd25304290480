import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { BatchOptions } from './options.js';
import { runBatch } from './run-batch.js';

const BATCH_USAGE = `usage: batch --scene FILE --params FILE.json --steps N [--dt S] [--substeps N] [--workers N] [--redis URL] --out FILE
  --scene     module exporting build(params), measure(world, params) and optionally beforeStep(world, params, i)
  --params    JSON array, one world per entry
  --steps     steps per world
  --dt        step length in seconds (default 1/60)
  --substeps  substeps per step (default: the world's, 4)
  --workers   worker threads (default: every core; 0 = one after another in this thread)
  --redis     redis://host:port: enqueue the worlds for batch-worker processes instead
  --out       JSON file for the results, in params order`;

const WORKER_USAGE = `usage: batch-worker --redis URL [--workers N]
  takes batch jobs from Redis and runs them on N worker threads (default: every core) until interrupted`;

/**
 * The arguments after the command's name: `pnpm batch -- --help` may hand pnpm's `--` separator through, which would
 * make everything after it a positional argument; the first one is dropped (as the bench does).
 */
function userArgs(argv: readonly string[]): string[] {
  const separator = argv.indexOf('--');
  return argv.filter((_, i) => i !== separator);
}

/** Paths on the command line are relative to where the user typed it, not to the package pnpm runs the script in. */
const fromUser = (file: string): string => resolve(process.env['INIT_CWD'] ?? process.cwd(), file);

function int(value: string | undefined, name: string, min: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer ≥ ${min}, got '${value}'`);
  return n;
}

/** A one-line progress bar on stderr (redrawn in place on a terminal, every 10% otherwise). */
function progressBar(): (done: number, total: number) => void {
  const tty = process.stderr.isTTY === true;
  let lastDecile = -1;
  return (done, total) => {
    const frac = total === 0 ? 1 : done / total;
    const width = 30;
    const filled = Math.round(frac * width);
    const line = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} worlds`;
    if (tty) process.stderr.write(`\r${line}${done === total ? '\n' : ''}`);
    else if (Math.floor(frac * 10) !== lastDecile) {
      lastDecile = Math.floor(frac * 10);
      process.stderr.write(`${line}\n`);
    }
  };
}

/** `batch`: runs a batch (here, or on Redis with --redis) and writes the results to --out. */
export async function batchMain(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: userArgs(argv),
    options: {
      scene: { type: 'string' },
      params: { type: 'string' },
      steps: { type: 'string' },
      dt: { type: 'string' },
      substeps: { type: 'string' },
      workers: { type: 'string' },
      redis: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help === true) {
    console.log(BATCH_USAGE);
    return;
  }
  if (values.scene === undefined || values.params === undefined || values.steps === undefined || !values.out)
    throw new Error(`--scene, --params, --steps and --out are required\n${BATCH_USAGE}`);
  const params: unknown = JSON.parse(readFileSync(fromUser(values.params), 'utf8'));
  if (!Array.isArray(params)) throw new Error(`${values.params} must hold a JSON array`);
  const dt = values.dt === undefined ? undefined : Number(values.dt);
  const subSteps = int(values.substeps, 'substeps', 1);
  const workers = int(values.workers, 'workers', 0);
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  const started = performance.now();
  const options: BatchOptions = {
    scene: fromUser(values.scene),
    params,
    steps: int(values.steps, 'steps', 0)!,
    ...(dt !== undefined ? { dt } : {}),
    ...(subSteps !== undefined ? { subSteps } : {}),
    ...(workers !== undefined ? { workers } : {}),
    onProgress: progressBar(),
    signal: controller.signal,
  };
  let results: unknown[];
  if (values.redis === undefined) results = await runBatch(options);
  else {
    // Loaded only for --redis: bullmq and ioredis stay out of a run on this machine.
    const { runBatchOnRedis } = await import('./redis.js');
    results = await runBatchOnRedis({ ...options, redis: values.redis });
  }
  writeFileSync(fromUser(values.out), `${JSON.stringify(results, null, 2)}\n`);
  const seconds = (performance.now() - started) / 1000;
  console.error(`${results.length} worlds in ${seconds.toFixed(2)} s → ${values.out}`);
}

/** `batch-worker`: takes batch jobs from Redis until interrupted. */
export async function workerMain(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: userArgs(argv),
    options: { redis: { type: 'string' }, workers: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help === true) {
    console.log(WORKER_USAGE);
    return;
  }
  if (values.redis === undefined) throw new Error(`--redis is required\n${WORKER_USAGE}`);
  const workers = int(values.workers, 'workers', 1);
  const { startBatchWorker } = await import('./redis.js');
  const worker = await startBatchWorker({ redis: values.redis, ...(workers !== undefined ? { workers } : {}) });
  console.error(`batch worker: taking jobs from ${values.redis}; Ctrl-C to stop`);
  const stop = (): void => {
    void worker.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
