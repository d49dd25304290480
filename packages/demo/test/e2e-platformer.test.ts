// The platformer scene played in headless Debian Chromium: keyboard events on the page (held arrows, a tap of space)
// walk the character up the stairs, onto the moving platform, across the pit, and up through the one-way platform
// onto it; the scene's status on the page's debug hook (what the character stands on, where it and the platform are)
// says that it did. Saves a screenshot (test-results/platformer.png). Skipped (with a message) when /usr/bin/chromium
// is absent.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEDGE_Y,
  ONE_WAY_TOP,
  ONE_WAY_X,
  PIT_LEFT,
  PIT_RIGHT,
  PLATFORM_LEFT,
  PLATFORM_RIGHT,
  STAIRS_X,
  STEP_COUNT,
  STEP_TREAD,
} from '../src/web/showcase/platformer-course.js';
import { CHROMIUM, demoDir, openBrowserPage, type BrowserPage } from './helpers/browser-page.js';

const screenshotPath = join(demoDir, 'test-results', 'platformer.png');
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.warn(`[e2e-platformer] skipped: ${CHROMIUM} not found (apt-get install chromium to run it)`);

/** The platformer's status (TestbedBuilt.status of src/web/showcase/platformer.ts), as the debug hook hands it on. */
interface Status {
  x: number;
  y: number;
  grounded: boolean;
  on: string | null;
  platform: number;
}
interface Hook {
  ready: boolean;
  scene: string;
  paused: boolean;
  following: boolean;
  errors: string[];
  status: Status | null;
  followed: { x: number; y: number } | null;
  worldToScreen(x: number, y: number): { x: number; y: number };
}
type Win = { __testbed?: Hook };

/** The character's centre above what it stands on: half its capsule and the rest gap. */
const STAND = 0.905;

describe.skipIf(!hasChromium)(`the platformer played with the keyboard in headless Chromium (${CHROMIUM})`, () => {
  let browser: BrowserPage | undefined;
  let page: Page;

  const status = (): Promise<Status> =>
    page.evaluate(() => (window as unknown as Win).__testbed!.status!) as Promise<Status>;
  /**
   * Waits until `test`, an expression on the page's status `s` and the numbers `a`, holds (checked every animation
   * frame); returns that status.
   */
  const waitFor = async (test: string, a: Record<string, number> = {}, timeout = 15_000): Promise<Status> => {
    const expression = `(() => { const s = window.__testbed?.status; const a = ${JSON.stringify(a)}; return !!s && (${test}); })()`;
    await page.waitForFunction(expression, undefined, { polling: 'raf', timeout });
    return status();
  };

  beforeAll(async () => {
    browser = await openBrowserPage({ width: 1280, height: 800 });
    page = browser.page;
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('lists its keys in the key help', async () => {
    await page.goto(`${browser!.server.url}#Platformer`);
    await page.waitForFunction(() => {
      const t = (window as unknown as Win).__testbed;
      return t !== undefined && t.ready && t.scene === 'Platformer' && t.status !== null;
    });
    await page.keyboard.press('h');
    expect(await page.isVisible('#scene-keys')).toBe(true);
    const help = (await page.textContent('#scene-keys'))!;
    for (const action of ['walk left', 'walk right', 'jump', 'explosion']) expect(help).toContain(action);
    await page.keyboard.press('Escape');
    expect(await page.isVisible('#help-overlay')).toBe(false);
  }, 60_000);

  it('climbs the stairs, rides the moving platform across the pit, and lands on the one-way platform', async () => {
    const landingStart = STAIRS_X + STEP_COUNT * STEP_TREAD;
    // Hold → from the start: up the ramps, off the cliff, up the stairs onto the landing.
    await page.keyboard.down('ArrowRight');
    const top = await waitFor(`s.on === 'stairs' && s.grounded && s.x > a.x`, { x: landingStart });
    expect(top.y).toBeCloseTo(LEDGE_Y + STAND, 3);
    // Stop near the landing's edge: a character's width (and what it walks in a few frames) short of it.
    await waitFor(`s.x > a.x`, { x: PIT_LEFT - 1.2 });
    await page.keyboard.up('ArrowRight');
    await page.waitForTimeout(300);
    const waiting = await status();
    expect(waiting.on).toBe('stairs');
    expect(waiting.y).toBeCloseTo(LEDGE_Y + STAND, 3);
    expect(waiting.x).toBeLessThan(PIT_LEFT - 0.4);

    // When the platform comes to the landing, step onto it and stand still.
    await waitFor(`s.platform < a.end`, { end: PLATFORM_LEFT + 0.25 }, 20_000);
    await page.keyboard.down('ArrowRight');
    await waitFor(`s.on === 'moving platform' && s.x > a.x`, { x: PIT_LEFT + 0.5 }, 5_000);
    await page.keyboard.up('ArrowRight');
    await page.waitForTimeout(300);
    // Riding: its place on the platform holds while the platform crosses the pit.
    const first = await status();
    const rides: Status[] = [first];
    for (let i = 0; i < 8; i++) {
      await page.waitForTimeout(200);
      rides.push(await status());
    }
    for (const s of rides) {
      expect(s.on).toBe('moving platform');
      expect(s.grounded).toBe(true);
      expect(s.x - s.platform).toBeCloseTo(first.x - first.platform, 3);
      expect(s.y).toBeCloseTo(LEDGE_Y + STAND, 3);
    }
    expect(rides[rides.length - 1].platform - first.platform).toBeGreaterThan(1.5);
    expect(rides[rides.length - 1].x - first.x).toBeGreaterThan(1.5);

    // At the far side, walk onto the ledge and on under the one-way platform; stop there.
    await waitFor(`s.platform > a.end`, { end: PLATFORM_RIGHT - 0.25 }, 10_000);
    await page.keyboard.down('ArrowRight');
    await waitFor(`s.on === 'ledge' && s.x > a.x`, { x: PIT_RIGHT + 0.5 }, 5_000);
    await waitFor(`s.x > a.x`, { x: ONE_WAY_X - 0.6 }, 5_000);
    await page.keyboard.up('ArrowRight');
    await page.waitForTimeout(300);
    const under = await status();
    expect(under.on).toBe('ledge');
    expect(Math.abs(under.x - ONE_WAY_X)).toBeLessThan(1.2);

    // A tap of space: up through the one-way platform, and down onto it.
    await page.keyboard.press('Space');
    await waitFor(`s.y > a.y`, { y: ONE_WAY_TOP + STAND + 0.2 }, 5_000);
    const landed = await waitFor(`s.on === 'one-way platform' && s.grounded`, {}, 5_000);
    expect(landed.y).toBeCloseTo(ONE_WAY_TOP + STAND, 3);
    await page.waitForTimeout(300);
    expect((await status()).on).toBe('one-way platform');
    mkdirSync(dirname(screenshotPath), { recursive: true });
    await page.screenshot({ path: screenshotPath });

    // Space and the arrows went to the game: the testbed neither paused nor panned away from following, and the
    // camera follows the character: the followed body is where the status puts the character, in the view's middle.
    const view = await page.evaluate(() => {
      const t = (window as unknown as Win).__testbed!;
      const canvas = document.getElementById('view')!.getBoundingClientRect();
      const followed = t.followed!;
      const at = t.worldToScreen(followed.x, followed.y);
      return {
        paused: t.paused,
        following: t.following,
        followed,
        status: t.status!,
        fx: (at.x - canvas.left) / canvas.width,
        fy: (at.y - canvas.top) / canvas.height,
      };
    });
    expect(view.paused).toBe(false);
    expect(view.following).toBe(true);
    expect(view.followed.x).toBe(view.status.x);
    expect(view.followed.y).toBe(view.status.y);
    for (const f of [view.fx, view.fy]) {
      expect(f).toBeGreaterThan(0.25);
      expect(f).toBeLessThan(0.75);
    }
    expect(await page.evaluate(() => (window as unknown as Win).__testbed!.errors)).toEqual([]);
    expect(browser!.pageErrors).toEqual([]);
    expect(existsSync(screenshotPath)).toBe(true);
  }, 120_000);
});
