// Every scene of the browser testbed in headless Debian Chromium: loads it, lets it run, saves a screenshot of the page
// per scene (test-results/scenes/, git-ignored) and checks what a newcomer would see: the canvas is not blank, the
// bodies are in view after the camera's fit (or, for a followed scene, the followed body is), and the status text does
// not cover the canvas. Then the camera and controls: an unknown scene in the URL is named in an error, the key help,
// panning by dragging empty space, a scene's sliders (rebuilt and live), and real time on a 30, 60, 120 and 144 Hz
// display (a fake requestAnimationFrame clock). Skipped (with a message) when /usr/bin/chromium is absent.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { CHROMIUM, demoDir, openBrowserPage, type BrowserPage } from './helpers/browser-page.js';
import { fakeFramesUntil, installFakeFrames, runFakeFrames } from './helpers/fake-frames.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaticServer } from '../src/web/server/static-server.js';

const screenshotDir = join(demoDir, 'test-results', 'scenes');
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.warn(`[e2e-scenes] skipped: ${CHROMIUM} not found (apt-get install chromium to run it)`);

interface BodyView {
  index: number;
  eid: number;
  type: string;
  x: number;
  y: number;
}
interface Hook {
  ready: boolean;
  scene: string;
  scenes: string[];
  sceneList: { name: string; group: string }[];
  stepIndex: number;
  busy: boolean;
  paused: boolean;
  following: boolean;
  errors: string[];
  notice: string;
  camera: { x: number; y: number; scale: number };
  params: Record<string, number>;
  load(name: string): void;
  setPaused(paused: boolean): void;
  setParam(key: string, value: number, live: boolean): void;
  bodies(): BodyView[];
  worldToScreen(x: number, y: number): { x: number; y: number };
}
type Win = { __testbed?: Hook };

/**
 * Steps each scene runs before its screenshot: one second of simulated time for the showcase scenes, ten steps for the
 * benchmark scenes (many_pyramids' 22,000 bodies take about a second a frame in the testbed here, drawing included).
 */
const SHOWCASE_STEPS = 60;
const BENCHMARK_STEPS = 10;

const slug = (name: string): string => name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');

describe.skipIf(!hasChromium)(`every testbed scene in headless Chromium (${CHROMIUM})`, () => {
  let browser: BrowserPage | undefined;
  let server: StaticServer;
  let page: Page;
  let pageErrors: string[] = [];

  const waitForScene = (p: Page, name: string, steps = 0, timeout = 60_000): Promise<unknown> =>
    p.waitForFunction(
      ([n, s]) => {
        const t = (window as unknown as Win).__testbed;
        return t !== undefined && t.ready && t.scene === n && t.stepIndex >= (s as number);
      },
      [name, steps] as const,
      { timeout, polling: 50 },
    );

  beforeAll(async () => {
    browser = await openBrowserPage({ width: 1280, height: 800 });
    server = browser.server;
    page = browser.page;
    pageErrors = browser.pageErrors;
    mkdirSync(screenshotDir, { recursive: true });
    await page.goto(server.url);
    await page.waitForFunction(() => ((window as unknown as Win).__testbed?.scenes.length ?? 0) > 0);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('each scene: runs, fits or follows the camera, is drawn, and the status text stays off the canvas', async () => {
    const list = await page.evaluate(() => (window as unknown as Win).__testbed!.sceneList);
    expect(list.length).toBeGreaterThanOrEqual(16);
    expect(list.map((s) => s.name)).toContain('Platformer'); // its screenshot: test-results/scenes/Platformer.png
    const problems: string[] = [];
    for (const { name, group } of list) {
      await page.evaluate((n) => {
        const t = (window as unknown as Win).__testbed!;
        t.setPaused(false);
        t.load(n);
      }, name);
      await waitForScene(page, name, group === 'showcase' ? SHOWCASE_STEPS : BENCHMARK_STEPS, 120_000);
      // Paused, the page asks the worker for nothing more: the last answer is in once it is no longer busy.
      await page.evaluate(() => (window as unknown as Win).__testbed!.setPaused(true));
      await page.waitForFunction(() => !(window as unknown as Win).__testbed!.busy, undefined, {
        polling: 20,
        timeout: 120_000,
      });
      await page.waitForTimeout(50); // drawn

      const file = join(screenshotDir, `${slug(name)}.png`);
      await page.screenshot({ path: file });
      const view = await page.evaluate(() => {
        const t = (window as unknown as Win).__testbed!;
        const canvas = document.getElementById('view')!.getBoundingClientRect();
        const status = document.getElementById('status')!.getBoundingClientRect();
        const inside = (p: { x: number; y: number }): boolean =>
          p.x >= canvas.left && p.x <= canvas.right && p.y >= canvas.top && p.y <= canvas.bottom;
        const dynamic = t.bodies().filter((b) => b.type === 'dynamic');
        const visible = dynamic.filter((b) => inside(t.worldToScreen(b.x, b.y))).length;
        return {
          dynamic: dynamic.length,
          visible,
          following: t.following,
          statusBottom: status.bottom,
          canvasTop: canvas.top,
          errors: t.errors,
        };
      });
      const pixels = await canvasPixels(page);
      if (view.errors.length > 0) problems.push(`${name}: ${view.errors.join('; ')}`);
      if (view.statusBottom > view.canvasTop) problems.push(`${name}: the status text covers the canvas`);
      if (pixels.colors <= 5 || pixels.drawn < 2000) problems.push(`${name}: blank canvas (${JSON.stringify(pixels)})`);
      // Fitted scenes show (nearly) every body; a followed scene (the car) keeps its followed body in view.
      if (!view.following && view.visible < 0.9 * view.dynamic)
        problems.push(`${name}: ${view.visible} of ${view.dynamic} bodies in view after the fit`);
      if (view.following && view.visible === 0) problems.push(`${name}: the followed scene shows no body`);
      expect(existsSync(file)).toBe(true);
    }
    expect(problems).toEqual([]);
    expect(pageErrors).toEqual([]);
  }, 600_000);

  it('the car is followed: its chassis stays in the middle of the view while it drives', async () => {
    await page.evaluate(() => {
      const t = (window as unknown as Win).__testbed!;
      t.setPaused(false);
      t.load('Car');
    });
    await waitForScene(page, 'Car', 180);
    const r = await page.evaluate(() => {
      const t = (window as unknown as Win).__testbed!;
      const canvas = document.getElementById('view')!.getBoundingClientRect();
      const chassis = t.bodies().find((b) => b.type === 'dynamic')!;
      const at = t.worldToScreen(chassis.x, chassis.y);
      return {
        following: t.following,
        x: chassis.x,
        fx: (at.x - canvas.left) / canvas.width,
        fy: (at.y - canvas.top) / canvas.height,
      };
    });
    expect(r.following).toBe(true);
    expect(r.x).toBeGreaterThan(-10); // it drove on from x = −15
    expect(r.fx).toBeGreaterThan(0.25);
    expect(r.fx).toBeLessThan(0.75);
    expect(r.fy).toBeGreaterThan(0.25);
    expect(r.fy).toBeLessThan(0.75);
  }, 60_000);

  it("a scene's sliders: a rebuilt one (the pyramid's rows) and a live one (the car's motor speed)", async () => {
    await page.evaluate(() => (window as unknown as Win).__testbed!.load('Pyramid'));
    await waitForScene(page, 'Pyramid');
    await page.$eval('#param-rows', (el) => {
      (el as HTMLInputElement).value = '5';
      el.dispatchEvent(new Event('input'));
      el.dispatchEvent(new Event('change'));
    });
    await page.waitForFunction(
      () => {
        const t = (window as unknown as Win).__testbed!;
        return t.ready && t.bodies().length === 16; // 5 rows = 15 boxes, and the ground
      },
      undefined,
      { polling: 50, timeout: 10_000 },
    );
    expect(await page.evaluate(() => (window as unknown as Win).__testbed!.params)).toEqual({ rows: 5 });

    await page.evaluate(() => (window as unknown as Win).__testbed!.load('Car'));
    await waitForScene(page, 'Car', 60);
    const x0 = await page.evaluate(() => (window as unknown as Win).__testbed!.bodies()[1]!.x);
    // Reverse: the motor drives left now, in the running scene (no rebuild: the step count goes on).
    const step0 = await page.evaluate(() => (window as unknown as Win).__testbed!.stepIndex);
    await page.$eval('#param-speed', (el) => {
      (el as HTMLInputElement).value = '-12';
      el.dispatchEvent(new Event('input'));
    });
    await page.waitForFunction((n) => (window as unknown as Win).__testbed!.stepIndex > n + 150, step0, {
      polling: 50,
      timeout: 30_000,
    });
    const x1 = await page.evaluate(() => (window as unknown as Win).__testbed!.bodies()[1]!.x);
    expect(x1).toBeLessThan(x0 - 1);
  }, 90_000);

  it('an unknown scene in the URL is named in an error, and another scene is shown', async () => {
    await page.goto('about:blank');
    await page.goto(`${server.url}#no-such-scene`);
    await waitForScene(page, 'Pyramid');
    const notice = await page.textContent('#error');
    expect(notice).toContain("no scene 'no-such-scene'");
    expect(notice).toContain("'Pyramid'");
    // A scene picked afterwards clears it.
    await page.selectOption('#scene', 'Bridge');
    await waitForScene(page, 'Bridge');
    expect(await page.textContent('#error')).toBe('');
    // The hash edited on the page: a known scene loads, an unknown one is named and the scene stays.
    await page.evaluate(() => (location.hash = '#Dominoes'));
    await waitForScene(page, 'Dominoes');
    await page.evaluate(() => (location.hash = '#Dominos'));
    await page.waitForFunction(() => document.getElementById('error')!.textContent!.includes("'Dominos'"), undefined, {
      polling: 50,
    });
    expect(await page.evaluate(() => (window as unknown as Win).__testbed!.scene)).toBe('Dominoes');
  }, 60_000);

  it("'h' shows the keys, Esc hides them; dragging empty space pans; '0' fits again", async () => {
    await page.evaluate(() => (window as unknown as Win).__testbed!.load('Bridge'));
    await waitForScene(page, 'Bridge');
    await page.keyboard.press('h');
    expect(await page.isVisible('#help-overlay')).toBe(true);
    expect(await page.textContent('#help-overlay')).toContain('follow');
    await page.keyboard.press('Escape');
    expect(await page.isVisible('#help-overlay')).toBe(false);

    await page.evaluate(() => (window as unknown as Win).__testbed!.setPaused(true));
    const box = (await page.locator('#view').boundingBox())!;
    const cam0 = await page.evaluate(() => (window as unknown as Win).__testbed!.camera);
    // The top left corner of the bridge scene is empty sky.
    await page.mouse.move(box.x + 30, box.y + 30);
    await page.mouse.down();
    await page.waitForTimeout(200); // the worker answers that nothing is there
    await page.mouse.move(box.x + 130, box.y + 30, { steps: 5 });
    await page.mouse.up();
    const cam1 = await page.evaluate(() => (window as unknown as Win).__testbed!.camera);
    expect((cam0.x - cam1.x) * cam0.scale).toBeCloseTo(100, 0);
    await page.keyboard.press('0');
    const cam2 = await page.evaluate(() => (window as unknown as Win).__testbed!.camera);
    expect(Math.abs(cam2.x - cam0.x)).toBeLessThan(1); // back where the fit put it (the loads have settled since)
    expect(pageErrors).toEqual([]);
  }, 60_000);

  for (const hz of [30, 60, 120, 144]) {
    it(`keeps real time on a ${hz} Hz display: 2 s of frames run 120 steps (within one)`, async () => {
      const fake = await page.context().newPage();
      try {
        await fake.addInitScript(installFakeFrames);
        await fake.goto(`${server.url}#Pyramid`);
        // The page ticks only on (fake) frames: fire them until the scene has drawn its first frame.
        await fake.waitForFunction(() => (window as unknown as Win).__testbed !== undefined, undefined, {
          polling: 50,
        });
        await fakeFramesUntil(fake, hz, "window.__testbed.ready && window.__testbed.scene === 'Pyramid'");
        await runFakeFrames(fake, hz, 0.1, '!window.__testbed.busy');
        const start = await fake.evaluate(() => (window as unknown as Win).__testbed!.stepIndex);
        await runFakeFrames(fake, hz, 2, '!window.__testbed.busy');
        const end = await fake.evaluate(() => (window as unknown as Win).__testbed!.stepIndex);
        expect(Math.abs(end - start - 120), `${end - start} steps at ${hz} Hz`).toBeLessThanOrEqual(1);
      } finally {
        await fake.close();
      }
    }, 60_000);
  }
});

/** Distinct colours and pixels unlike the background in a screenshot of the canvas. */
async function canvasPixels(page: Page): Promise<{ colors: number; drawn: number }> {
  // A clip of the page, not the element: an element screenshot waits for the element to be stable, which a page busy
  // with a 22,000-body scene may not show for seconds.
  const box = (await page.locator('#view').boundingBox())!;
  const png = await page.screenshot({ clip: box });
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const g = c.getContext('2d')!;
    g.drawImage(img, 0, 0);
    const d = g.getImageData(0, 0, c.width, c.height).data;
    const seen = new Set<number>();
    let drawn = 0;
    for (let i = 0; i < d.length; i += 4) {
      seen.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
      // The background (#14161b) and the grid lines are darker than any body, joint or ground colour.
      if (d[i] + d[i + 1] + d[i + 2] > 150) drawn++;
    }
    return { colors: seen.size, drawn };
  }, png.toString('base64'));
}
