// The step worker's code (some 130 KB: the engine a second time) stays off the path of a program that never starts
// workers: startWorkers imports it on the first spawn, so a bundler leaves it out of a program that uses stepPhysics
// alone (or splits it off), and Node never loads it for one.
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { STEP_WORKER_SOURCE } from '../src/workers/worker-source.js';
import { loadedModules } from './helpers/loaded-modules.js';

const packages = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCES = {
  '@impulse2d/core/internal': join(packages, 'core/src/internal.ts'),
  '@impulse2d/core': join(packages, 'core/src/index.ts'),
  '@impulse2d/systems': join(packages, 'systems/src/index.ts'),
};
const DIST_INDEX = join(packages, 'systems/dist/index.js');
/** The built core, which the built systems imports too (packages/systems/node_modules/@impulse2d/core links here). */
const CORE_INDEX = pathToFileURL(join(packages, 'core/dist/index.js')).href;

/** A stretch of the worker's minified code that no other bundle holds: its text in a bundle means the worker is in. */
const WORKER_MARK = /[\w$.,;:(){}=+*<>!&|-]{80}/.exec(STEP_WORKER_SOURCE)?.[0] ?? '';

const STEP_ONLY = "import { stepPhysics } from '@impulse2d/systems';\nexport const step = stepPhysics;\n";
const WITH_WORKERS =
  "import { startWorkers, stepPhysics } from '@impulse2d/systems';\nexport { startWorkers, stepPhysics };\n";

/** Bundles `contents` as the browser testbed does (esbuild, ESM) and returns its output files and metafile. */
async function bundle(
  contents: string,
  from: 'sources' | 'dist',
  options: BuildOptions = {},
): Promise<{ files: Array<{ path: string; text: string }>; metafile: Metafile }> {
  const outdir = mkdtempSync(join(tmpdir(), 'impulse2d-worker-bundle-'));
  try {
    const result = await build({
      stdin: { contents, resolveDir: join(packages, 'systems'), loader: 'ts' },
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      write: false,
      outdir,
      metafile: true,
      logLevel: 'error',
      ...(from === 'sources' ? { alias: SOURCES } : { alias: { '@impulse2d/systems': DIST_INDEX } }),
      ...options,
    });
    const files = (result.outputFiles ?? []).map((f) => ({ path: f.path, text: f.text }));
    return { files, metafile: result.metafile ?? { inputs: {}, outputs: {} } };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

/** Bytes the generated worker module put into output `out` of a metafile. */
function workerBytes(metafile: Metafile, out: string): number {
  const inputs = metafile.outputs[out]?.inputs ?? {};
  let bytes = 0;
  for (const [file, input] of Object.entries(inputs))
    if (/workers\/worker-source\.js$/.test(file)) bytes += input.bytesInOutput;
  return bytes;
}

describe('the step worker code', () => {
  it('is generated from the sources (scripts/build-worker.mjs) and runs the worker entry', () => {
    expect(WORKER_MARK).toHaveLength(80);
    // The worker answers the main thread's 'init' with 'ready' (worker-entry.ts).
    expect(STEP_WORKER_SOURCE).toContain('ready');
  });

  for (const from of ['sources', 'dist'] as const) {
    it(`stays out of an esbuild bundle that imports stepPhysics alone (${from})`, async () => {
      const { files, metafile } = await bundle(STEP_ONLY, from);
      expect(files).toHaveLength(1);
      expect(files[0].text).toContain('stepPhysics');
      expect(workerBytes(metafile, Object.keys(metafile.outputs)[0])).toBe(0);
      expect(files[0].text.includes(WORKER_MARK)).toBe(false);
    });

    it(`is in a bundle that imports startWorkers, and split off from its entry with splitting on (${from})`, async () => {
      // Without splitting esbuild inlines the import() (as a module run on first use): the worker is in the file.
      const whole = await bundle(WITH_WORKERS, from);
      expect(whole.files[0].text.includes(WORKER_MARK)).toBe(true);
      const split = await bundle(WITH_WORKERS, from, { splitting: true, entryNames: 'entry' });
      const entry = split.files.find((f) => f.path.endsWith('entry.js'));
      expect(entry).toBeDefined();
      expect(entry!.text.includes(WORKER_MARK)).toBe(false);
      expect(split.files.filter((f) => f.text.includes(WORKER_MARK))).toHaveLength(1);
    });
  }

  it('is never loaded by a Node program that steps without workers, and loaded by startWorkers', () => {
    const program = (workers: boolean): string =>
      [
        `import { addShape, createBody, createPhysicsWorld, getPosition, makeBox } from ${JSON.stringify(CORE_INDEX)};`,
        `import { startWorkers, stepPhysics, stopWorkers } from ${JSON.stringify(pathToFileURL(DIST_INDEX).href)};`,
        'const world = createPhysicsWorld({ gravity: { x: 0, y: -10 } });',
        "const box = createBody(world, { type: 'dynamic', position: { x: 0, y: 4 } });",
        'addShape(world, box, makeBox(0.5, 0.5));',
        workers ? 'await startWorkers(world, 2);' : '',
        'for (let i = 0; i < 30; i++) stepPhysics(world, 1 / 60);',
        workers ? 'await stopWorkers(world);' : '',
        'console.log(getPosition(world, box).y.toFixed(3));',
      ].join('\n');
    const isWorker = (url: string): boolean => url.endsWith('/dist/workers/worker-source.js');
    const alone = loadedModules(program(false));
    const threaded = loadedModules(program(true));
    // Both fell the same way (same bits with and without workers).
    expect(Number(alone.stdout)).toBeLessThan(4);
    expect(threaded.stdout).toBe(alone.stdout);
    expect(alone.urls.some((u) => u.endsWith('/systems/dist/index.js'))).toBe(true);
    expect(alone.urls.filter(isWorker)).toEqual([]);
    expect(threaded.urls.filter(isWorker)).toHaveLength(1);
  }, 60_000);
});
