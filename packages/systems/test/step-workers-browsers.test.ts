// Step workers in browsers: a cross-origin isolated page (served here on loopback with COOP/COEP) runs the golden
// scene plus a pile of boxes on 1 and on 3 threads (2 Web Workers over shared memory, the WebAssembly kernel on a
// shared memory), in Debian's Chromium (playwright-core) and Firefox ESR (puppeteer-core over WebDriver BiDi); both
// hashes must equal Node's one-thread hash. Each browser case is skipped with a message where the browser is absent;
// .ci/run installs both.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threadedRun } from './golden/threaded-run.js';
import { bundleScript } from './helpers/bundle.js';
import {
  CHROMIUM,
  FIREFOX,
  evaluateInChromium,
  evaluateInFirefox,
  hasChromium,
  hasFirefox,
} from './helpers/browsers.js';
if (!hasChromium) console.warn(`[step-workers-browsers] Chromium case skipped: ${CHROMIUM} not found`);
if (!hasFirefox) console.warn(`[step-workers-browsers] Firefox case skipped: ${FIREFOX} not found`);

const STEPS = 90;
/** What the page runs: one thread, then 3 (2 step workers); and whether the page is cross-origin isolated. */
const CALL = `(async () => [await Threaded.threadedRun(1, ${STEPS}), await Threaded.threadedRun(3, ${STEPS}), crossOriginIsolated])()`;

let server: Server | undefined;
let url = '';
let nodeHash = '';

beforeAll(async () => {
  nodeHash = (await threadedRun(1, STEPS)).hash;
  if (!hasChromium && !hasFirefox) return;
  const script = await bundleScript('../golden/threaded-run.ts', 'Threaded', 'browser');
  // Shared memory needs a cross-origin isolated page: these two headers on the document.
  server = createServer((req, res) => {
    const isolated = {
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
    };
    if (req.url === '/threaded.js') {
      res.writeHead(200, { ...isolated, 'Content-Type': 'text/javascript' });
      res.end(script);
    } else {
      res.writeHead(200, { ...isolated, 'Content-Type': 'text/html' });
      res.end('<!doctype html><meta charset="utf-8"><script src="/threaded.js"></script>');
    }
  });
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}, 120_000);

afterAll(async () => {
  await new Promise<void>((done) => (server === undefined ? done() : server.close(() => done())));
});

type Run = { hash: string; solverChunksOnWorkers: number };

function check(result: unknown, browser: string): void {
  const [one, two, isolated] = result as [Run, Run, boolean];
  console.log(
    `[step-workers-browsers] ${browser}: ${one.hash} on 1 thread, ${two.hash} on 3 ` +
      `(${two.solverChunksOnWorkers} solver chunks on the workers; Node: ${nodeHash})`,
  );
  expect(isolated).toBe(true);
  expect(two.solverChunksOnWorkers).toBeGreaterThan(0);
  expect(one.hash).toBe(nodeHash);
  expect(two.hash).toBe(nodeHash);
}

describe('step workers in browsers: the same bits on 1 and 3 threads as in Node', () => {
  it.skipIf(!hasChromium)(
    'Chromium',
    async () => {
      const { value, version } = await evaluateInChromium(CALL, url);
      check(value, version);
    },
    120_000,
  );

  it.skipIf(!hasFirefox)(
    'Firefox ESR (WebDriver BiDi)',
    async () => {
      const { value, version } = await evaluateInFirefox(CALL, url);
      check(value, version);
    },
    180_000,
  );
});
