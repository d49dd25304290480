#!/usr/bin/env node
// pnpm batch --scene FILE --params FILE.json --steps N [--workers N] [--dt S] [--substeps N] --out FILE
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runBatch } from './run-batch.js';

const USAGE = `usage: pnpm batch --scene FILE --params FILE.json --steps N [--workers N] [--dt S] [--substeps N] --out FILE
  Runs one world per entry of the JSON array in --params with the scene module --scene (exports build, measure and
  optionally beforeStep), on --workers threads (default: every core; 0: in this thread), and writes the results, in
  params order, as a JSON array to --out.`;

function number(value: string | undefined, name: string, fallback?: number): number {
  if (value === undefined) {
    if (fallback === undefined) throw new Error(`--${name} is required\n${USAGE}`);
    return fallback;
  }
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error(`--${name} wants a number, got '${value}'`);
  return n;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((a, i, all) => !(a === '--' && i === all.indexOf('--')));
  const { values } = parseArgs({
    args,
    options: {
      scene: { type: 'string' },
      params: { type: 'string' },
      steps: { type: 'string' },
      workers: { type: 'string' },
      dt: { type: 'string' },
      substeps: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (values.scene === undefined || values.params === undefined || values.out === undefined) throw new Error(USAGE);
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const params = JSON.parse(readFileSync(resolve(cwd, values.params), 'utf8')) as unknown[];
  const steps = number(values.steps, 'steps');
  const started = performance.now();
  const bar = (done: number, total: number): void => {
    if (!process.stderr.isTTY && done !== total) return;
    const width = 30;
    const filled = total === 0 ? width : Math.round((width * done) / total);
    const seconds = (performance.now() - started) / 1000;
    process.stderr.write(
      `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} worlds, ${seconds.toFixed(1)} s`,
    );
    if (done === total) process.stderr.write('\n');
  };
  const results = await runBatch({
    scene: resolve(cwd, values.scene),
    params,
    steps,
    dt: number(values.dt, 'dt', 1 / 60),
    subSteps: number(values.substeps, 'substeps', 4),
    ...(values.workers !== undefined ? { workers: number(values.workers, 'workers') } : {}),
    onProgress: bar,
  });
  writeFileSync(resolve(cwd, values.out), JSON.stringify(results, null, 2) + '\n');
  const seconds = (performance.now() - started) / 1000;
  console.log(`${results.length} worlds × ${steps} steps in ${seconds.toFixed(2)} s → ${resolve(cwd, values.out)}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
