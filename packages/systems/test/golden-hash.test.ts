// Golden hash (as Box2D's test_determinism.c): one scene with stacks, joints, bullets and sleep, stepped 300 times,
// must hash to the committed value in every JavaScript engine: Node (V8), Chromium (V8), Firefox ESR (SpiderMonkey),
// QuickJS and JavaScriptCore. The engine is bundled once by esbuild as an IIFE script and evaluated unchanged
// everywhere. The browser and JavaScriptCore cases skip with a message when the program is not installed.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GoldenResult } from './golden/golden-scene.js';
import { bundleScript } from './helpers/bundle.js';
import {
  CHROMIUM,
  FIREFOX,
  evaluateInChromium,
  evaluateInFirefox,
  hasChromium,
  hasFirefox,
} from './helpers/browsers.js';

/** Transform hash after 300 steps. Changes only with a deliberate change of the simulation (then update it here). */
const EXPECTED_HASH = '7b6d8c7aa9a50dbb';
/** getStateHash of the same world (poses, velocities, awake flags: what netcode peers compare). */
const EXPECTED_STATE_HASH = 'fb1e68efab0a2180';
const STEPS = 300;
const CALL = `JSON.stringify(Golden.goldenRun(${STEPS}))`;

/** JavaScriptCore's shell, from Debian's libjavascriptcoregtk-4.0-bin. */
const JSC = [
  '/usr/bin/jsc',
  '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.0/jsc',
  '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.0/jsc',
].find((f) => existsSync(f));
if (JSC === undefined)
  console.warn(
    '[golden-hash] JavaScriptCore case skipped: jsc not found (apt-get install libjavascriptcoregtk-4.0-bin)',
  );
if (!hasChromium) console.warn(`[golden-hash] Chromium case skipped: ${CHROMIUM} not found (apt-get install chromium)`);
if (!hasFirefox) console.warn(`[golden-hash] Firefox case skipped: ${FIREFOX} not found (apt-get install firefox-esr)`);

let script = '';

beforeAll(async () => {
  // The step profile reads performance.now(); QuickJS has no such global (timings never feed the simulation).
  script =
    "if (typeof performance === 'undefined') globalThis.performance = { now: function () { return 0; } };\n" +
    (await bundleScript('../golden/golden-scene.ts', 'Golden', 'neutral'));
}, 60_000);

function check(result: GoldenResult): void {
  expect(result.asleep).toBeGreaterThan(5);
  expect(result.restoredHash).toBe(result.hash);
  expect(result.hash).toBe(EXPECTED_HASH);
  expect(result.restoredStateHash).toBe(result.stateHash);
  expect(result.stateHash).toBe(EXPECTED_STATE_HASH);
}

describe('golden hash: the same bits in every JavaScript engine', () => {
  it('Node gives the committed hash, also after a snapshot round trip mid-run', () => {
    const result = JSON.parse(new Function(`${script}\nreturn ${CALL};`)() as string) as GoldenResult;
    console.log(
      `[golden-hash] node ${process.version}: ${result.hash}, state ${result.stateHash} (${result.bodies} bodies, ${result.asleep} asleep)`,
    );
    check(result);
  });

  it('QuickJS gives the committed hash', async () => {
    const { getQuickJS } = await import('quickjs-emscripten');
    const qjs = await getQuickJS();
    const vm = qjs.newContext();
    try {
      const handle = vm.unwrapResult(vm.evalCode(`${script}\n${CALL}`));
      const result = JSON.parse(vm.getString(handle)) as GoldenResult;
      handle.dispose();
      console.log(`[golden-hash] quickjs: ${result.hash}, state ${result.stateHash}`);
      check(result);
    } finally {
      vm.dispose();
    }
  }, 120_000);

  it.skipIf(JSC === undefined)(
    "JavaScriptCore (WebKit's engine, Debian's jsc shell) gives the committed hash",
    () => {
      const file = join(mkdtempSync(join(tmpdir(), 'impulse2d-jsc-')), 'golden.js');
      writeFileSync(file, `${script}\nprint(${CALL});\n`);
      const out = execFileSync(JSC as string, [file], { encoding: 'utf8', timeout: 120_000 });
      const result = JSON.parse(out.trim().split('\n').pop() as string) as GoldenResult;
      console.log(`[golden-hash] jsc: ${result.hash}, state ${result.stateHash}`);
      check(result);
    },
    180_000,
  );

  it.skipIf(!hasChromium)(
    'Chromium gives the committed hash',
    async () => {
      const { value, version } = await evaluateInChromium(`${script}\n${CALL}`);
      const result = JSON.parse(value as string) as GoldenResult;
      console.log(`[golden-hash] ${version}: ${result.hash}, state ${result.stateHash}`);
      check(result);
    },
    120_000,
  );

  it.skipIf(!hasFirefox)(
    'Firefox ESR (WebDriver BiDi) gives the committed hash',
    async () => {
      const { value, version } = await evaluateInFirefox(`${script}\n${CALL}`);
      const result = JSON.parse(value as string) as GoldenResult;
      console.log(`[golden-hash] ${version}: ${result.hash}, state ${result.stateHash}`);
      check(result);
    },
    180_000,
  );
});
