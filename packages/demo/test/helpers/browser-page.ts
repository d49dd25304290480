// Shared set-up of the page tests (testbed, PixiJS example): build the web bundle, serve it on loopback, open one
// page in headless Debian Chromium, and collect the page's errors.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { startStaticServer, type StaticServer } from '../../src/web/server/static-server.js';

export const CHROMIUM = '/usr/bin/chromium';
export const demoDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface BrowserPage {
  readonly server: StaticServer;
  readonly page: Page;
  /** Uncaught errors and console errors of the page so far. */
  readonly pageErrors: string[];
  close(): Promise<void>;
}

/**
 * Builds the web bundle (IMPULSE2D_TESTBED_PREBUILT=1 serves an existing dist/web instead), serves it and opens a
 * page. `extraArgs` are added to Chromium's flags (the PixiJS page needs WebGL through SwiftShader).
 */
export async function openBrowserPage(
  viewport: { width: number; height: number },
  extraArgs: readonly string[] = [],
): Promise<BrowserPage> {
  if (process.env.IMPULSE2D_TESTBED_PREBUILT !== '1') {
    execFileSync(process.execPath, ['scripts/build.mjs', '--web-only'], {
      cwd: demoDir,
      stdio: 'pipe',
      timeout: 120_000,
    });
  }
  const server = await startStaticServer(join(demoDir, 'dist', 'web'), 0);
  const profileDir = mkdtempSync(join(tmpdir(), 'impulse2d-chromium-'));
  const context: BrowserContext = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    // Without the background-networking flags Chromium keeps trying hosts this machine cannot reach.
    args: [
      '--headless',
      '--no-sandbox',
      ...extraArgs,
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') pageErrors.push(m.text());
  });
  return {
    server,
    page,
    pageErrors,
    async close() {
      await context.close();
      await server.close();
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
}
