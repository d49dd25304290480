// Bundles the benchmark CLI with esbuild. Peer engines stay external and load from node_modules at run time (each run
// loads only its own; box2d-wasm finds its .wasm beside its entry). Our engine is bundled on its own, so the runner
// still builds, and the peers still run, while @impulse2d/core and @impulse2d/systems are incomplete.
import { build } from 'esbuild';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const demoDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(demoDir, 'dist');
const peers = [
  'planck',
  '@dimforge/rapier2d-simd-compat',
  '@dimforge/rapier2d-compat',
  'matter-js',
  'p2-es',
  '@box2d/core',
  'box2d-wasm',
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
  // Bundled CommonJS code (if any) may call require(); give ESM output one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
};

mkdirSync(dist, { recursive: true });
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
  const lines = errors.slice(0, 3).map((m) => `${m.location ? `${m.location.file}:${m.location.line}: ` : ''}${m.text}`);
  const message = lines.length > 0 ? lines.join('; ') : String(e);
  writeFileSync(engineError, `${message}\n`);
  console.warn(`[build] impulse2d engine not bundled (the peers still run): ${message}`);
}
