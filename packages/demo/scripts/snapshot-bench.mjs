// Bundles src/bench/snapshot-bench.ts (engine included, so it runs at native speed) and runs it with --expose-gc,
// passing the arguments through: node scripts/snapshot-bench.mjs [--rows 100] [--cycles 10000] [--settle 300]
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeWorkerSource } from '../../systems/scripts/build-worker.mjs';

const demoDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const outfile = join(demoDir, 'dist', 'snapshot-bench.js');
mkdirSync(dirname(outfile), { recursive: true });
// The step worker's code, generated from the sources (the engine's sources import it).
await writeWorkerSource();
await build({
  absWorkingDir: demoDir,
  entryPoints: ['src/bench/snapshot-bench.ts'],
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outfile,
  logLevel: 'warning',
});
execFileSync(process.execPath, ['--expose-gc', outfile, ...process.argv.slice(2)], { stdio: 'inherit' });
