// End-to-end test of the browser testbed: builds the page, serves it on a free loopback port and drives it in
// headless Debian Chromium through playwright-core. Skipped (with a message) when /usr/bin/chromium is absent, so the
// unit tests run anywhere; .ci/run installs chromium when it can.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { CHROMIUM, demoDir, openBrowserPage, type BrowserPage } from './helpers/browser-page.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaticServer } from '../src/web/server/static-server.js';

const screenshotPath = join(demoDir, 'test-results', 'testbed.png');
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.warn(`[e2e-testbed] skipped: ${CHROMIUM} not found (apt-get install chromium to run it)`);

/** The page's debug hook (src/web/main.ts). */
interface BodyView {
  eid: number;
  type: string;
  x: number;
  y: number;
}
interface Hook {
  ready: boolean;
  scene: string;
  stepIndex: number;
  paused: boolean;
  grabbedEid: number;
  errors: string[];
  profile: { total: number; bodyCount: number } | null;
  physicsIn: string;
  threads: number;
  setThreads(count: number): void;
  setPaused(paused: boolean): void;
  bodies(): BodyView[];
  body(eid: number): BodyView | null;
  worldToScreen(x: number, y: number): { x: number; y: number };
}
type Win = { __testbed?: Hook };

describe.skipIf(!hasChromium)(`browser testbed in headless Chromium (${CHROMIUM})`, () => {
  let browser: BrowserPage | undefined;
  let server: StaticServer;
  let page: Page;
  let pageErrors: string[] = [];

  const hook = <T>(fn: (t: Hook) => T): Promise<T> =>
    page.evaluate(`(${fn.toString()})(window.__testbed)`) as Promise<T>;

  const waitForScene = (name: string): Promise<unknown> =>
    page.waitForFunction(
      (n) => {
        const t = (window as unknown as Win).__testbed;
        return t !== undefined && t.ready && t.scene === n && t.stepIndex >= 0;
      },
      name,
      { timeout: 20_000 },
    );

  beforeAll(async () => {
    browser = await openBrowserPage({ width: 1280, height: 800 });
    server = browser.server;
    page = browser.page;
    pageErrors = browser.pageErrors;
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('loads, picks a scene, steps, drags a body, shows the profile, and saves a screenshot', async () => {
    // Load straight into one scene through the URL hash, then pick another with the scene picker.
    await page.goto(`${server.url}#Bridge`);
    await waitForScene('Bridge');
    expect(await hook((t) => t.physicsIn)).toBe('worker');
    const options = await page.$$eval('#scene option', (os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(options).toEqual(
      expect.arrayContaining(['Pyramid', 'Dominoes', "Newton's cradle", 'Bridge', 'large_pyramid', 'many_pyramids']),
    );
    await page.selectOption('#scene', 'Pyramid');
    await waitForScene('Pyramid');

    // Pause, then single-step three times: exactly three steps are taken.
    await page.click('#pause');
    await page.waitForFunction(() => (window as unknown as Win).__testbed!.paused);
    await page.waitForTimeout(100); // let a tick already in flight land
    const before = await hook((t) => t.stepIndex);
    for (let i = 1; i <= 3; i++) {
      await page.click('#step');
      await page.waitForFunction((n) => (window as unknown as Win).__testbed!.stepIndex === n, before + i, {
        timeout: 5000,
      });
    }
    await page.waitForTimeout(150);
    expect(await hook((t) => t.stepIndex)).toBe(before + 3);

    // Run again; drag the top box of the pyramid up and to the right with the mouse.
    await page.click('#pause');
    await page.waitForFunction((n) => (window as unknown as Win).__testbed!.stepIndex > n + 5, before + 3);
    const top = await hook((t) =>
      t
        .bodies()
        .filter((b) => b.type === 'dynamic')
        .reduce((a, b) => (b.y > a.y ? b : a)),
    );
    const at = await page.evaluate(
      ([x, y]) => (window as unknown as Win).__testbed!.worldToScreen(x!, y!),
      [top.x, top.y],
    );
    await page.check('#draw-contacts');
    await page.check('#draw-normals');
    await page.mouse.move(at.x, at.y);
    await page.mouse.down();
    await page.waitForFunction((eid) => (window as unknown as Win).__testbed!.grabbedEid === eid, top.eid, {
      timeout: 5000,
    });
    for (let i = 1; i <= 12; i++) await page.mouse.move(at.x + 8 * i, at.y - 10 * i);
    await page.waitForFunction(
      ([eid, y0]) => ((window as unknown as Win).__testbed!.body(eid!)?.y ?? 0) > y0! + 2,
      [top.eid, top.y],
      { timeout: 10_000 },
    );
    await page.waitForTimeout(400);
    mkdirSync(dirname(screenshotPath), { recursive: true });
    await page.screenshot({ path: screenshotPath });
    await page.mouse.up();
    const moved = await hook((t) => t.bodies());
    const dragged = moved.find((b) => b.eid === top.eid)!;
    expect(dragged.y - top.y).toBeGreaterThan(2);
    expect(dragged.x - top.x).toBeGreaterThan(0.5);

    // The profiler shows numbers: the stage table, the counts table and the hook agree.
    const total = await page.textContent('#stat-total');
    expect(total).toMatch(/^\d+\.\d{3}\s+\(avg \d+\.\d{2}\)$/);
    const avgTotal = Number(/avg (\S+)\)/.exec(total!)![1]);
    expect(avgTotal).toBeGreaterThan(0);
    const solve = Number.parseFloat((await page.textContent('#stat-solve'))!);
    expect(solve).toBeGreaterThanOrEqual(0);
    const bodies = Number((await page.textContent('#count-bodyCount'))!);
    expect(bodies).toBe(211); // 20 rows = 210 boxes, plus the ground
    const profile = await hook((t) => t.profile);
    expect(profile!.total).toBeGreaterThanOrEqual(0);
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true); // fine-grained timers for the profile
    expect(profile!.bodyCount).toBe(211);

    expect(await hook((t) => t.errors)).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(existsSync(screenshotPath)).toBe(true);
  }, 120_000);

  it('steps the scene with step workers (Web Workers on the cross-origin isolated page) and back in one thread', async () => {
    await hook((t) => t.setPaused(false));
    await hook((t) => t.setThreads(3));
    await page.waitForFunction(() => (window as unknown as Win).__testbed?.threads === 3, undefined, {
      timeout: 20_000,
    });
    expect(await page.textContent('#threads-state')).toContain('3 threads (2 step workers');
    const before = await hook((t) => t.stepIndex);
    await page.waitForFunction((n) => ((window as unknown as Win).__testbed?.stepIndex ?? 0) > n + 60, before, {
      timeout: 20_000,
    });
    expect(await hook((t) => t.errors)).toEqual([]);
    await hook((t) => t.setThreads(1));
    await page.waitForFunction(() => (window as unknown as Win).__testbed?.threads === 1, undefined, {
      timeout: 20_000,
    });
    const after = await hook((t) => t.stepIndex);
    await page.waitForFunction((n) => ((window as unknown as Win).__testbed?.stepIndex ?? 0) > n + 30, after, {
      timeout: 20_000,
    });
    expect(await hook((t) => t.errors)).toEqual([]);
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
