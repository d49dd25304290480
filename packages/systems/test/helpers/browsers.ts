// The browsers the determinism tests evaluate code in: Debian's Chromium (playwright-core) and Firefox ESR
// (puppeteer-core over WebDriver BiDi). Callers skip their case with a message when a browser is absent.
import { existsSync } from 'node:fs';

export const CHROMIUM = '/usr/bin/chromium';
export const FIREFOX = '/usr/bin/firefox-esr';
export const hasChromium = existsSync(CHROMIUM);
export const hasFirefox = existsSync(FIREFOX);

/** What a page evaluated, and the browser's version. */
export interface Evaluated {
  value: unknown;
  version: string;
}

/** Evaluates `expression` (awaited if it is a promise) in a headless Chromium page, at `url` if given. */
export async function evaluateInChromium(expression: string, url?: string): Promise<Evaluated> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    if (url !== undefined) await page.goto(url);
    return { value: await page.evaluate(expression), version: `chromium ${browser.version()}` };
  } finally {
    await browser.close();
  }
}

/** Evaluates `expression` (awaited if it is a promise) in a headless Firefox ESR page, at `url` if given. */
export async function evaluateInFirefox(expression: string, url?: string): Promise<Evaluated> {
  const puppeteer = (await import('puppeteer-core')).default;
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    protocol: 'webDriverBiDi',
    headless: true,
  });
  try {
    const page = await browser.newPage();
    if (url !== undefined) await page.goto(url);
    return { value: await page.evaluate(expression), version: `firefox ${await browser.version()}` };
  } finally {
    await browser.close();
  }
}
