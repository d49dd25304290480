// The package README's example is a real file that runs, and the README shows exactly that file and its scene.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runSequential } from '../src/index.js';

const pkg = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string): string => readFileSync(new URL(path, import.meta.url), 'utf8');

describe('the @impulse2d/batch README example', () => {
  it('is shown verbatim, with the scene module it runs', () => {
    const readme = read('../README.md');
    for (const file of ['../examples/quick-start.mjs', '../examples/stack.mjs']) {
      expect(readme, file).toContain('```js\n' + read(file) + '```');
    }
  });

  it('runs under plain node on the built package: one line per world, as the one-thread run gives', async () => {
    // dist/ is built by vitest.global-setup.ts; the example imports the package by its name.
    const out = execFileSync(process.execPath, ['examples/quick-start.mjs'], {
      cwd: pkg,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 60_000,
    });
    const params = [
      { boxes: 3, push: 0, friction: 0.6 },
      { boxes: 5, push: 2, friction: 0.6 },
      { boxes: 8, push: 4, friction: 0.3 },
    ];
    // The example's params, read back from its text, are these.
    expect(read('../examples/quick-start.mjs')).toContain(
      params.map((p) => `{ boxes: ${p.boxes}, push: ${p.push}, friction: ${p.friction} }`).join(',\n    '),
    );
    const reference = await runSequential<unknown, { x: number; y: number; angle: number }>({
      scene: new URL('../examples/stack.mjs', import.meta.url),
      params,
      steps: 120,
    });
    const lines = reference.map(
      ({ x, y, angle }) => `top box at x ${x.toFixed(3)}, y ${y.toFixed(3)}, angle ${angle.toFixed(3)}`,
    );
    expect(out.trim().split('\n')).toEqual(lines);
    // Three unit boxes stand: the top one rests 2.5 m up.
    expect(reference[0].y).toBeCloseTo(2.5, 1);
  }, 60_000);
});
