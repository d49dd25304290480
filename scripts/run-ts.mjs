// Runs a TypeScript entry point of the workspace (fuzz, churn, soak CLIs): bundles it with esbuild into
// node_modules/.cache and runs the bundle in this process, passing the remaining arguments through.
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeWorkerSource } from '../packages/systems/scripts/build-worker.mjs';

const entry = process.argv[2];
if (!entry) throw new Error('usage: node scripts/run-ts.mjs <entry.ts> [args…]');
const outDir = resolve('node_modules/.cache/run-ts');
mkdirSync(outDir, { recursive: true });
// The step worker's code, generated from the sources (the engine's sources import it).
await writeWorkerSource();
const outfile = join(outDir, basename(entry).replace(/\.ts$/, '.mjs'));
await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'inline',
  logLevel: 'warning',
  // The workspace packages' sources (their exports' "source" condition), not their built dist/.
  conditions: ['source'],
});
process.argv.splice(2, 1);
await import(pathToFileURL(outfile).href);
