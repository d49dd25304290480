import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runBatch } from './run-batch.js';
import { startBatchWorker } from './redis.js';

const BATCH_USAGE = `usage: batch --scene FILE --params FILE.json --steps N [--dt S] [--substeps N] [--workers N] [--redis URL] --out FILE
  --scene     module exporting build(params), measure(world, params) and optionally beforeStep(world, params, i)
  --params    JSON array, one world per entry
  --steps     steps per world
  --workers   worker threads (default: every core; 0 = one after another in this thread)
  --redis     redis://host:port: enqueue the worlds for batch-worker processes instead
  --out       JSON file for the results, in params order`;

const WORKER_USAGE = `usage: batch-worker --redis URL [--workers N]
  takes batch jobs from Redis and runs them on N worker threads (default: every core) until interrupted`;

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

export async function batchMain(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
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
  const results = await runBatch({
    scene: fromUser(values.scene),
    params,
    steps: int(values.steps, 'steps', 0)!,
    ...(dt !== undefined ? { dt } : {}),
    ...(subSteps !== undefined ? { subSteps } : {}),
    ...(workers !== undefined ? { workers } : {}),
    ...(values.redis !== undefined ? { redis: values.redis } : {}),
    onProgress: progressBar(),
    signal: controller.signal,
  });
  writeFileSync(fromUser(values.out), `${JSON.stringify(results, null, 2)}\n`);
  const seconds = (performance.now() - started) / 1000;
  console.error(`${results.length} worlds in ${seconds.toFixed(2)} s → ${values.out}`);
}

export async function workerMain(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { redis: { type: 'string' }, workers: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help === true) {
    console.log(WORKER_USAGE);
    return;
  }
  if (values.redis === undefined) throw new Error(`--redis is required\n${WORKER_USAGE}`);
  const workers = int(values.workers, 'workers', 1);
  const worker = await startBatchWorker({ redis: values.redis, ...(workers !== undefined ? { workers } : {}) });
  console.error(`batch worker: taking jobs from ${values.redis}; Ctrl-C to stop`);
  const stop = (): void => {
    void worker.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
