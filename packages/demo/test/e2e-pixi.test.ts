// End-to-end test of the PixiJS v8 example page (src/web/pixi): builds it with the testbed, serves it, loads it in
// headless Debian Chromium (WebGL through SwiftShader) and checks that steps run, that the sprites fed from the
// transform columns move, and that the canvas is not blank; the screenshot goes beside the testbed's. Skipped (with a
// message) when /usr/bin/chromium is absent.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { CHROMIUM, demoDir, openBrowserPage, type BrowserPage } from './helpers/browser-page.js';
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
  __pixiExample?: { renderer: string; steps: number; sprites(): SpriteView[] };
  __pixiError?: string;
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
});
