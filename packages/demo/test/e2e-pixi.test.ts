// End-to-end test of the PixiJS v8 example page (src/web/pixi): builds it with the testbed, serves it, loads it in
// headless Debian Chromium (WebGL through SwiftShader) and checks that steps run, that the sprites fed from the
// interpolated pose columns move, that the canvas is not blank, that the page explains itself, and that its fixed
// timestep keeps real time when a fake requestAnimationFrame clock plays a 30, 60, 120 or 144 Hz display; the
// screenshot goes beside the testbed's. Skipped (with a message) when /usr/bin/chromium is absent.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { CHROMIUM, demoDir, openBrowserPage, type BrowserPage } from './helpers/browser-page.js';
import { installFakeFrames, runFakeFrames } from './helpers/fake-frames.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaticServer } from '../src/web/server/static-server.js';

const screenshotPath = join(demoDir, 'test-results', 'pixi-example.png');
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.warn(`[e2e-pixi] skipped: ${CHROMIUM} not found (apt-get install chromium to run it)`);

interface SpriteView {
  eid: number;
  x: number;
  y: number;
}
type Win = {
  __pixiExample?: { renderer: string; steps: number; frames: number; alpha: number; sprites(): SpriteView[] };
  __pixiError?: string;
  __fakeFrames: { fire(ms: number): number };
};

describe.skipIf(!hasChromium)(`PixiJS v8 example page in headless Chromium (${CHROMIUM})`, () => {
  let browser: BrowserPage | undefined;
  let server: StaticServer;
  let page: Page;
  let pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await openBrowserPage({ width: 900, height: 700 }, [
      // Pixi needs WebGL: software GL through SwiftShader (no GPU on CI).
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
    ]);
    server = browser.server;
    page = browser.page;
    pageErrors = browser.pageErrors;
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('steps the world, moves the sprites down under gravity, draws pixels and saves a screenshot', async () => {
    await page.goto(new URL('pixi/', server.url).href);
    await page.waitForFunction(
      () => {
        const w = window as unknown as Win;
        return w.__pixiError !== undefined || (w.__pixiExample !== undefined && w.__pixiExample.steps >= 1);
      },
      undefined,
      { timeout: 30_000 },
    );
    expect(await page.evaluate(() => (window as unknown as Win).__pixiError ?? '')).toBe('');
    const first = await page.evaluate(() => (window as unknown as Win).__pixiExample!.sprites());
    expect(first.length).toBe(40);
    await page.waitForFunction(() => (window as unknown as Win).__pixiExample!.steps >= 30, undefined, {
      timeout: 30_000,
    });
    const later = await page.evaluate(() => (window as unknown as Win).__pixiExample!.sprites());
    // Pixi's y points down: falling bodies' sprites go to larger y.
    const byEid = new Map(first.map((s) => [s.eid, s]));
    let fell = 0;
    for (const s of later) if (s.y > byEid.get(s.eid)!.y + 5) fell++;
    expect(fell).toBeGreaterThan(20);
    expect(later.every((s) => Number.isFinite(s.x) && Number.isFinite(s.y))).toBe(true);

    mkdirSync(dirname(screenshotPath), { recursive: true });
    const png = await page.locator('canvas').screenshot({ path: screenshotPath });
    expect(existsSync(screenshotPath)).toBe(true);
    // Not blank: the canvas shows more than its background. Count distinct colours in a decoded sample of the page.
    const distinct = await page.evaluate(async (b64) => {
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
      let lit = 0;
      for (let i = 0; i < d.length; i += 4) {
        seen.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
        if (d[i] + d[i + 1] + d[i + 2] > 150) lit++;
      }
      return { colors: seen.size, lit };
    }, png.toString('base64'));
    expect(distinct.colors).toBeGreaterThan(5);
    expect(distinct.lit).toBeGreaterThan(1000); // sprites are bright on a dark background
    expect(pageErrors).toEqual([]);
  }, 90_000);

  it('explains itself: a title, what the loop does, and a link to its source that serves the source', async () => {
    expect(await page.title()).toContain('PixiJS');
    expect(await page.textContent('h1')).toContain('fixed-timestep');
    expect(await page.textContent('main p')).toContain('stepFixed');
    const href = await page.getAttribute('a[href$="pixi.ts"]', 'href');
    expect(href).not.toBeNull();
    const source = await page.request.get(new URL(href!, page.url()).href);
    expect(source.ok()).toBe(true);
    expect(await source.text()).toContain('stepFixed(world, stepper');
    await page.screenshot({ path: join(demoDir, 'test-results', 'pixi-page.png'), fullPage: true });
  });

  // At 144 Hz a step falls on 60 of every 144 frames; the sprites still move on the others (interpolation).
  for (const hz of [30, 60, 120, 144]) {
    it(`keeps real time on a ${hz} Hz display: 2 s of frames run 120 steps (within one)`, async () => {
      const fake = await page.context().newPage();
      try {
        await fake.addInitScript(installFakeFrames);
        await fake.goto(new URL('pixi/', server.url).href);
        await fake.waitForFunction(
          () => (window as unknown as Win).__pixiExample !== undefined || (window as unknown as Win).__pixiError,
          undefined,
          { timeout: 30_000, polling: 50 },
        );
        expect(await fake.evaluate(() => (window as unknown as Win).__pixiError ?? '')).toBe('');
        const before = await fake.evaluate(() => (window as unknown as Win).__pixiExample!.steps);
        if (hz === 144) {
          // Frame by frame: on frames without a step the falling sprites still move, since alpha moves on.
          let movedWithoutStep = 0;
          for (let k = 0; k < 24; k++) {
            const r = await fake.evaluate((ms) => {
              const w = window as unknown as Win;
              const steps = w.__pixiExample!.steps;
              const y = w.__pixiExample!.sprites().map((s) => s.y);
              w.__fakeFrames.fire(ms);
              const y2 = w.__pixiExample!.sprites().map((s) => s.y);
              return { stepped: w.__pixiExample!.steps !== steps, moved: y2.some((v, i) => v !== y[i]) };
            }, 1000 / hz);
            if (!r.stepped && r.moved) movedWithoutStep++;
          }
          expect(movedWithoutStep).toBeGreaterThan(5);
        }
        const start = await fake.evaluate(() => (window as unknown as Win).__pixiExample!.steps);
        await runFakeFrames(fake, hz, 2);
        const after = await fake.evaluate(() => {
          const x = (window as unknown as Win).__pixiExample!;
          return { steps: x.steps, frames: x.frames };
        });
        expect(Math.abs(after.steps - start - 120), `${after.steps - start} steps at ${hz} Hz`).toBeLessThanOrEqual(1);
        expect(start - before).toBeLessThanOrEqual(11); // the 24 frames at 144 Hz: 10 steps
        expect(after.frames).toBeGreaterThanOrEqual(2 * hz);
      } finally {
        await fake.close();
      }
    }, 60_000);
  }
});
