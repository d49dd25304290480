// The package's entries: the index runs batches on this machine's threads without ever loading bullmq or ioredis
// (the Redis path is @impulse2d/batch/redis), and the command line takes --help through pnpm's `--` separator.
import { execFileSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { loadedModules } from '../../systems/test/helpers/loaded-modules.js';
import { batchMain, workerMain } from '../src/cli.js';

const pkg = fileURLToPath(new URL('..', import.meta.url));
const dist = (file: string): string => pathToFileURL(fileURLToPath(new URL(`../dist/${file}`, import.meta.url))).href;
/** Whether a loaded module is a file of the npm package `name`. */
const fromPackage = (url: string, name: string): boolean => url.includes(`/node_modules/${name}/`);

describe('@impulse2d/batch entries', () => {
  it('the built index loads neither bullmq nor ioredis; the ./redis entry loads both', () => {
    const index = loadedModules(
      `const batch = await import(${JSON.stringify(dist('index.js'))});\nconsole.log(Object.keys(batch).sort().join(','));`,
    );
    expect(index.stdout.trim()).toBe('BatchTaskError,openBatchPool,runBatch,runSequential');
    expect(index.urls.some((u) => fromPackage(u, 'piscina'))).toBe(true);
    expect(index.urls.filter((u) => fromPackage(u, 'bullmq') || fromPackage(u, 'ioredis'))).toEqual([]);
    const redis = loadedModules(
      `const redis = await import(${JSON.stringify(dist('redis.js'))});\nconsole.log(Object.keys(redis).sort().join(','));`,
    );
    expect(redis.stdout).toContain('runBatchOnRedis');
    expect(redis.stdout).toContain('startBatchWorker');
    expect(redis.urls.some((u) => fromPackage(u, 'bullmq'))).toBe(true);
    expect(redis.urls.some((u) => fromPackage(u, 'ioredis'))).toBe(true);
  }, 60_000);

  it('batch and batch-worker print their usage for --help, also after the `--` pnpm hands through', async () => {
    const printed: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')));
    try {
      await batchMain(['--', '--help']);
      await workerMain(['--', '-h']);
    } finally {
      log.mockRestore();
    }
    expect(printed[0]).toMatch(/^usage: batch --scene FILE/);
    expect(printed[1]).toMatch(/^usage: batch-worker --redis URL/);
    // The installed command, as `pnpm batch -- --help` runs it.
    const out = execFileSync(process.execPath, ['bin/batch.mjs', '--', '--help'], { cwd: pkg, encoding: 'utf8' });
    expect(out).toMatch(/^usage: batch --scene FILE/);
  }, 60_000);
});
