// The README's usage example is a real file that runs, and the README shows exactly that file.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const examplePath = resolve(here, '../src/examples/falling-box.ts');

describe('README usage example', () => {
  it('is shown verbatim in README.md', () => {
    const readme = readFileSync(resolve(here, '../../../README.md'), 'utf8');
    const example = readFileSync(examplePath, 'utf8');
    expect(readme).toContain('```ts\n' + example + '```');
  });

  it('runs: the box comes to rest on the ground and the sprite query finds the box', async () => {
    const lines: unknown[][] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args));
    try {
      await import('../src/examples/falling-box.js');
    } finally {
      spy.mockRestore();
    }
    expect(lines.length).toBe(2);
    const [eid, x, y] = lines[0] as [number, number, number];
    expect(Number.isInteger(eid)).toBe(true);
    expect(Number.isFinite(x)).toBe(true);
    // Box of half-extent 0.5 resting on the ground's top face at y = 0.
    expect(y).toBeGreaterThan(0.48);
    expect(y).toBeLessThan(0.51);
  });
});
