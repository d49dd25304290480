// Bundles the benchmark CLI and the browser testbed with esbuild (`--web-only`: just the testbed and its server). Peer engines stay external and load from node_modules at run time (each run
// loads only its own; box2d-wasm finds its .wasm beside its entry). Our engine is bundled on its own, so the runner
// still builds, and the peers still run, while @impulse2d/core and @impulse2d/systems are incomplete.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeWorkerSource } from '../../systems/scripts/build-worker.mjs';

const demoDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(demoDir, 'dist');
const peers = [
  'box2d3-wasm',
  'planck',
  '@dimforge/rapier2d-simd-compat',
  '@dimforge/rapier2d-compat',
  'matter-js',
  'p2-es',
  '@box2d/core',
  'box2d-wasm',
  // Loads esbuild and its worker pool at run time; `pnpm bench` builds it to dist first.
  '@impulse2d/batch',
];

/** @type {import('esbuild').BuildOptions} */
const common = {
  absWorkingDir: demoDir,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minify: false,
  sourcemap: true,
  external: peers,
  logLevel: 'warning',
  // The workspace packages' sources (their exports' "source" condition), not their built dist/.
  conditions: ['source'],
  // Bundled CommonJS code (if any) may call require(); give ESM output one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
};

const webOnly = process.argv.includes('--web-only');

mkdirSync(dist, { recursive: true });
// The step worker's code, which the bundles below take from the sources (generated, not committed).
await writeWorkerSource();
if (!webOnly) await buildBench();
await buildWeb();

async function buildBench() {
  await build({
    ...common,
    entryPoints: { bench: 'src/bench/cli.ts', 'bench-run': 'src/bench/run-one.ts' },
    outdir: 'dist',
  });

  const engineOut = join(dist, 'engine-impulse2d.js');
  const engineError = join(dist, 'engine-impulse2d.error.txt');
  rmSync(engineOut, { force: true });
  rmSync(engineError, { force: true });
  try {
    await build({ ...common, entryPoints: ['src/bench/engines/impulse2d.ts'], outfile: engineOut, logLevel: 'silent' });
  } catch (e) {
    const errors = e && typeof e === 'object' && 'errors' in e ? e.errors : [];
    const lines = errors
      .slice(0, 3)
      .map((m) => `${m.location ? `${m.location.file}:${m.location.line}: ` : ''}${m.text}`);
    const message = lines.length > 0 ? lines.join('; ') : String(e);
    writeFileSync(engineError, `${message}\n`);
    console.warn(`[build] impulse2d engine not bundled (the peers still run): ${message}`);
  }
}

/**
 * The testbed: dist/web/{index.html, main.js, worker.js} (and the PixiJS example and its source in dist/web/pixi/) for
 * the browser and dist/serve.js, the static server. A failure is written to dist/web-error.txt (serve.js reports it)
 * and fails `--web-only`, but never stops the bench.
 */
async function buildWeb() {
  const webDir = join(dist, 'web');
  const webError = join(dist, 'web-error.txt');
  rmSync(webDir, { recursive: true, force: true });
  rmSync(webError, { force: true });
  mkdirSync(webDir, { recursive: true });
  try {
    await build({
      ...common,
      entryPoints: { serve: 'src/web/server/serve.ts' },
      outdir: 'dist',
      logLevel: 'silent',
    });
    await build({
      absWorkingDir: demoDir,
      entryPoints: { main: 'src/web/main.ts', worker: 'src/web/worker.ts' },
      outdir: 'dist/web',
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target: 'es2022',
      minify: true,
      sourcemap: true,
      logLevel: 'silent',
    });
    copyFileSync(join(demoDir, 'src/web/index.html'), join(webDir, 'index.html'));
    // The PixiJS v8 example page: dist/web/pixi/{index.html, pixi.js}, served beside the testbed at /pixi/.
    await build({
      absWorkingDir: demoDir,
      entryPoints: { pixi: 'src/web/pixi/pixi.ts' },
      outdir: 'dist/web/pixi',
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target: 'es2022',
      minify: true,
      sourcemap: true,
      logLevel: 'silent',
    });
    copyFileSync(join(demoDir, 'src/web/pixi/index.html'), join(webDir, 'pixi', 'index.html'));
    // The example's source, linked from its page.
    mkdirSync(join(webDir, 'pixi', 'source'), { recursive: true });
    copyFileSync(join(demoDir, 'src/web/pixi/pixi.ts'), join(webDir, 'pixi', 'source', 'pixi.ts'));
  } catch (e) {
    const errors = e && typeof e === 'object' && 'errors' in e ? e.errors : [];
    const lines = errors
      .slice(0, 3)
      .map((m) => `${m.location ? `${m.location.file}:${m.location.line}: ` : ''}${m.text}`);
    const message = lines.length > 0 ? lines.join('; ') : String(e);
    writeFileSync(webError, `${message}\n`);
    console.warn(`[build] testbed not built: ${message}`);
    if (webOnly) process.exitCode = 1;
  }
}
