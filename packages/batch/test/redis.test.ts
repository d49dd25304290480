import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchTaskError, runSequential } from '../src/index.js';
import { runBatchOnRedis } from '../src/redis.js';

const REDIS = '/usr/bin/redis-server';
const hasRedis = existsSync(REDIS) && spawnSync(REDIS, ['--version']).status === 0;
if (!hasRedis) console.warn(`skipping the Redis batch tests: ${REDIS} is not installed (apt-get install redis-server)`);

const SCENE = fileURLToPath(new URL('./fixtures/scene.ts', import.meta.url));
const TMP = fileURLToPath(new URL('./.tmp/', import.meta.url));
const CHILD = `${TMP}worker-child.mjs`;

/** Resolves when `ok()` holds, polling; rejects after `ms` so that no wait is unbounded. */
async function waitFor(ok: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

describe.skipIf(!hasRedis)('runBatchOnRedis across processes on BullMQ (Redis)', () => {
  let server: ChildProcess | undefined;
  let url = '';
  const children: ChildProcess[] = [];

  /** A worker process; resolves once it is taking jobs. */
  async function startChild(threads: number): Promise<ChildProcess> {
    const child = spawn(process.execPath, [CHILD, url, String(threads)], { stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    await waitFor(() => out.includes('ready') || child.exitCode !== null, 20_000, 'a worker process to start');
    if (!out.includes('ready')) throw new Error(`worker process exited with ${child.exitCode}`);
    return child;
  }

  beforeAll(async () => {
    const port = await freePort();
    url = `redis://127.0.0.1:${port}`;
    server = spawn(REDIS, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let log = '';
    server.stdout!.on('data', (d: Buffer) => (log += d.toString()));
    await waitFor(() => log.includes('Ready to accept connections'), 10_000, 'redis-server');
    // Worker processes run under plain Node, which cannot import TypeScript: bundle the child with our sources,
    // the npm packages staying external (they resolve from this package's node_modules).
    mkdirSync(TMP, { recursive: true });
    await build({
      entryPoints: [fileURLToPath(new URL('./fixtures/worker-child.ts', import.meta.url))],
      outfile: CHILD,
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      // The bundled sources look for the task runner beside themselves: point them at src/.
      define: {
        'import.meta.url': JSON.stringify(
          pathToFileURL(fileURLToPath(new URL('../src/bundle.ts', import.meta.url))).href,
        ),
      },
      logLevel: 'silent',
    });
  }, 30_000);

  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    if (server !== undefined && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    }
    rmSync(TMP, { recursive: true, force: true });
  });

  it('a worker process killed mid-job loses nothing: every result arrives once, equal to the sequential run', async () => {
    const params = Array.from({ length: 10 }, (_, i) => ({ boxes: 6 + (i % 3), push: i % 2, slow: 150 }));
    const steps = 40;
    const victim = await startChild(1);
    let done = 0;
    const seen: number[] = [];
    const batch = runBatchOnRedis({
      scene: SCENE,
      params,
      steps,
      redis: url,
      signal: AbortSignal.timeout(50_000),
      onProgress: (d, t) => {
        done = d;
        seen.push(d);
        expect(t).toBe(params.length);
      },
    });
    // Kill it while it is working on the batch (after its first result, before the last).
    await waitFor(() => done >= 1, 30_000, 'the first result');
    victim.kill('SIGKILL');
    await waitFor(() => victim.signalCode !== null, 5_000, 'the killed worker to exit');
    expect(done).toBeLessThan(params.length);
    await startChild(2);
    const results = await batch;
    const sequential = await runSequential({ scene: SCENE, params, steps });
    expect(results).toHaveLength(params.length);
    expect(results).toEqual(sequential);
    expect(seen).toEqual(params.map((_, i) => i + 1));
  }, 60_000);

  it('an aborted batch rejects with an AbortError and withdraws its entries no worker has taken', async () => {
    const params = Array.from({ length: 40 }, () => ({ boxes: 20, push: 0, slow: 100_000 }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 500);
    const error = await runBatchOnRedis({
      scene: SCENE,
      params,
      steps: 1,
      redis: url,
      signal: controller.signal,
    }).catch((e: unknown) => e);
    expect((error as Error).name).toBe('AbortError');
    const { Queue } = await import('bullmq');
    const { connect, QUEUE_NAME } = await import('../src/redis.js');
    const client = connect(url);
    const queue = new Queue(QUEUE_NAME, { connection: client as never });
    try {
      // At most the running worker's two threads hold entries; the other 38 are gone from the queue.
      expect(await queue.getWaitingCount()).toBe(0);
    } finally {
      await queue.close();
      await client.quit();
    }
  }, 30_000);

  it('a failing entry rejects the batch with an error naming its index and params', async () => {
    const params = [
      { boxes: 2, push: 0 },
      { boxes: 2, push: 0, fail: true },
    ];
    const error = await runBatchOnRedis({
      scene: SCENE,
      params,
      steps: 5,
      redis: url,
      signal: AbortSignal.timeout(20_000),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BatchTaskError);
    expect((error as BatchTaskError).index).toBe(1);
    expect((error as Error).message).toContain('"fail":true');
  }, 30_000);
});
