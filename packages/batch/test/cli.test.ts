import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { batchMain } from '../src/cli.js';
import { runSequential } from '../src/index.js';

const EXAMPLES = fileURLToPath(new URL('../examples/', import.meta.url));

describe('batch CLI', () => {
  it('writes the example batch to --out in params order, equal to the sequential run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'impulse2d-batch-cli-'));
    const out = join(dir, 'out.json');
    const stderr = process.stderr.write;
    let log = '';
    process.stderr.write = ((chunk: string) => ((log += chunk), true)) as typeof process.stderr.write;
    try {
      await batchMain([
        '--scene',
        join(EXAMPLES, 'stack.mjs'),
        '--params',
        join(EXAMPLES, 'params.json'),
        '--steps',
        '60',
        '--workers',
        '2',
        '--out',
        out,
      ]);
    } finally {
      process.stderr.write = stderr;
    }
    const written: unknown = JSON.parse(readFileSync(out, 'utf8'));
    const params: unknown[] = JSON.parse(readFileSync(join(EXAMPLES, 'params.json'), 'utf8'));
    const sequential = await runSequential({ scene: join(EXAMPLES, 'stack.mjs'), params, steps: 60 });
    expect(written).toEqual(sequential);
    expect(log).toContain(`${params.length}/${params.length} worlds`);
    rmSync(dir, { recursive: true, force: true });
  });

  it('names the missing options', async () => {
    await expect(batchMain(['--scene', 'x.mjs'])).rejects.toThrow(/--params, --steps and --out are required/);
  });
});
