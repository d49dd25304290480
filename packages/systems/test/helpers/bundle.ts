// Runs heavy scenario code at native speed.
//
// Why: under vitest, modules go through Vite's SSR transform, which rewrites every named import into a property read
// on a module namespace object (`__vi_ssr_import_0__.BS_VX`). The solver's hot loops index typed arrays with
// imported layout constants, so each index becomes a getter call: measured 10–25× slower steps than the same source
// bundled (10-row pyramid 14.6 vs 0.9 ms/step of solve). The large_pyramid scene would take ~10 minutes.
//
// How: esbuild bundles the given entry (which imports @impulse2d/core and @impulse2d/systems from their current
// sources) into one ESM file in the OS temp directory, which is then imported natively. The bundle is rebuilt from
// source on every test run, so the tests always exercise the current engine code. Everything that touches one
// world must come from the same bundle (the bundle has its own PhysicsState class).
import { build } from 'esbuild';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const packages = resolve(here, '../../..');
const cache = new Map<string, Promise<unknown>>();

/** The engine's packages, resolved to their current sources. */
const ENGINE_SOURCES = {
  '@impulse2d/core/internal': join(packages, 'core/src/internal.ts'),
  '@impulse2d/core': join(packages, 'core/src/index.ts'),
  '@impulse2d/systems/internal': join(packages, 'systems/src/internal.ts'),
  '@impulse2d/systems': join(packages, 'systems/src/index.ts'),
};

/** Bundles `entry` (a path relative to this helpers folder) and imports it. Cached per test file process. */
export function loadBundled<T>(entry: string): Promise<T> {
  let p = cache.get(entry);
  if (p === undefined) {
    p = (async () => import(pathToFileURL(await bundleFile(entry)).href))();
    cache.set(entry, p);
  }
  return p as Promise<T>;
}

/** Bundles `entry` (relative to this helpers folder) into a temporary .mjs file and returns its path. */
export async function bundleFile(entry: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'impulse2d-test-'));
  const outfile = join(dir, entry.replace(/[^a-z0-9]+/gi, '_') + '.mjs');
  await build({
    entryPoints: [resolve(here, entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'error',
    alias: ENGINE_SOURCES,
  });
  return outfile;
}

/**
 * Bundles `entry` (relative to this helpers folder) as a classic script that defines `globalName`, for engines that
 * evaluate a script rather than import a module (browsers, QuickJS); its text.
 */
export async function bundleScript(
  entry: string,
  globalName: string,
  platform: 'neutral' | 'browser',
): Promise<string> {
  const out = await build({
    entryPoints: [resolve(here, entry)],
    bundle: true,
    write: false,
    format: 'iife',
    globalName,
    platform,
    target: 'es2020',
    logLevel: 'error',
    alias: ENGINE_SOURCES,
  });
  return out.outputFiles[0].text;
}
