// The same bits in every JavaScript engine: the golden scene (helpers/golden-scene.ts: stacks, a jointed chain, a
// bullet, sleep, a body created and one destroyed mid-run) must hash to the committed value in Node (WebAssembly
// contact kernel and TypeScript path), in Chromium (V8, via playwright-core), in Firefox ESR (SpiderMonkey, via
// puppeteer-core over WebDriver BiDi) and in QuickJS (no WebAssembly: the TypeScript path). Engine code uses only
// operations IEEE 754 fixes (+ − × ÷ sqrt) and its own trigonometry; a lint rule keeps Math.sin & co. out of it.
// Browser cases are skipped with a message where the browser is not installed (.ci/run installs both).
import { build } from 'esbuild';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadBundled } from './helpers/bundle.js';
import type * as Golden from './helpers/golden-scene.js';

/** The committed golden hash: a change here is a change of the simulation's results, to be made on purpose. */
const GOLDEN = '60e7830d';

const here = dirname(fileURLToPath(import.meta.url));
const packages = resolve(here, '../..');
const CHROMIUM = '/usr/bin/chromium';
const FIREFOX = '/usr/bin/firefox-esr';
let script = '';

beforeAll(async () => {
  // One plain-script bundle of the scene and the engine (ES2020, no modules) for browsers and QuickJS.
  const out = await build({
    entryPoints: [join(here, 'helpers/golden-scene.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    write: false,
    logLevel: 'error',
    alias: {
      '@impulse2d/core/internal': join(packages, 'core/src/internal.ts'),
      '@impulse2d/core': join(packages, 'core/src/index.ts'),
      '@impulse2d/systems': join(packages, 'systems/src/index.ts'),
    },
  });
  script = out.outputFiles[0]!.text;
}, 60_000);

const skipWithout = (path: string, what: string): boolean => {
  if (existsSync(path)) return false;
  console.warn(`[determinism] ${what} skipped: ${path} not found (apt-get install ${path.split('/').pop()} to run it)`);
  return true;
};

describe('the golden scene hashes the same in every JavaScript engine', () => {
  it('Node (V8): WebAssembly kernel and TypeScript path', async () => {
    const g = await loadBundled<typeof Golden>('golden-scene.ts');
    expect(g.goldenHash('wasm')).toBe(GOLDEN);
    expect(g.goldenHash('js')).toBe(GOLDEN);
  });

  it('QuickJS (quickjs-emscripten; no WebAssembly inside, so the TypeScript path)', async () => {
    const { getQuickJS } = await import('quickjs-emscripten');
    const vm = (await getQuickJS()).newContext();
    try {
      const result = vm.evalCode(`${script}\n;globalThis.goldenHash();`);
      if (result.error) {
        const error: unknown = vm.dump(result.error);
        result.error.dispose();
        throw new Error(`QuickJS: ${JSON.stringify(error)}`);
      }
      const value: unknown = vm.dump(result.value);
      result.value.dispose();
      expect(value).toBe(GOLDEN);
    } finally {
      vm.dispose();
    }
  }, 120_000);

  it.skipIf(skipWithout(CHROMIUM, 'Chromium'))(
    'Chromium (V8, through playwright-core)',
    async () => {
      const { chromium } = await import('playwright-core');
      const browser = await chromium.launch({
        executablePath: CHROMIUM,
        headless: true,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
      });
      try {
        const page = await browser.newPage();
        const value = await page.evaluate(`${script}\n;globalThis.goldenHash();`);
        expect(value).toBe(GOLDEN);
      } finally {
        await browser.close();
      }
    },
    120_000,
  );

  it.skipIf(skipWithout(FIREFOX, 'Firefox ESR'))(
    'Firefox ESR (SpiderMonkey, through puppeteer-core over WebDriver BiDi)',
    async () => {
      const puppeteer = (await import('puppeteer-core')).default;
      const profile = mkdtempSync(join(tmpdir(), 'impulse2d-firefox-'));
      const browser = await puppeteer.launch({
        browser: 'firefox',
        executablePath: FIREFOX,
        headless: true,
        userDataDir: profile,
        protocol: 'webDriverBiDi',
      });
      try {
        const page = await browser.newPage();
        const value = await page.evaluate(`${script}\n;globalThis.goldenHash();`);
        expect(value).toBe(GOLDEN);
      } finally {
        await browser.close();
        rmSync(profile, { recursive: true, force: true });
      }
    },
    180_000,
  );
});
