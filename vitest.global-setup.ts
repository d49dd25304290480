// Builds the packages' dist/ once before any test file runs: the batch tests run worker threads on the built
// JavaScript and the packed-install test packs it. (Building inside those test files let two of them rewrite the
// same files at once when vitest ran them in parallel.) The other tests run on the sources, and so does the step
// worker's code, generated from them here (into src/ and dist/: see packages/systems/scripts/build-worker.mjs).
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const root = dirname(fileURLToPath(import.meta.url));
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  for (const pkg of ['core', 'systems', 'batch']) {
    execFileSync(process.execPath, [tsc, '-p', join(root, 'packages', pkg, 'tsconfig.build.json')], {
      stdio: 'inherit',
    });
  }
  const buildWorker = join(root, 'packages/systems/scripts/build-worker.mjs');
  execFileSync(process.execPath, [buildWorker, '--dist', '--quiet'], { stdio: 'inherit' });
}
