// The user guide (docs/guide/*.md) and README show code that runs as written: every fenced block is marked as an
// example file or an install step (packed-install.test.ts runs those); an example block is byte for byte the file it
// names; and every example file runs under plain node against the built packages (dist/, built by
// vitest.global-setup.ts; the repository root depends on the workspace packages, so `node docs/guide/examples/x.mjs`
// resolves them as a user's project would), printing what the page says it does.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docBlocks, guideDir, guidePages, repoRoot } from './helpers/doc-blocks.js';

const docs = [...guidePages(), 'README.md'];
const blocks = docs.flatMap(docBlocks);
const examplesDir = join(guideDir, 'examples');

/** What each example prints (its physical result), checked line by line. */
const EXPECTED: Record<string, RegExp[]> = {
  'quick-start.mjs': [/^crate 0\.\d\d 0\.50$/m],
  'bitecs-integration.mjs': [/^player on screen at 400 255\.2$/m, /^bodies with a sprite: 1$/m],
  'bodies-and-shapes.mjs': [
    /^cart mass \(kg\): 3\.08$/m,
    /^cart slid to x = -?\d+\.\d\d and stopped: true$/m,
    /^player passed the ghost wall: true$/m,
    /^lift at y = 1\.25$/m,
  ],
  'joints.mjs': [
    /^car drove forward: true$/m,
    /^middle plank sags to y = 2\.\d\d$/m,
    /^spring holds the weight with 2\.8 N$/m,
    /^crate lifted to y = 3\.4\d$/m,
  ],
  'breakable-joints.mjs': [
    /^step \d+: a weld carried \d+ N and broke$/m,
    /^step \d+: something presses on the plate$/m,
    /^welds left: 0$/m,
  ],
  'platforms.mjs': [
    /^on the ledge: true at y 3\.\d\d$/m,
    /^dashed through the enemy: true which stayed at x -4\.00$/m,
    /^the crate rode the elevator up to y 3\.00 standing on it: true$/m,
  ],
  'queries-and-events.mjs': [
    /^the ball reached the coin at step \d+$/m,
    /^hit: (ground and rock|rock and ground) at \d+\.\d m\/s$/m,
    /^step \d+: (ground touches rock|rock touches ground), normal/m,
    /^the ray hit the wall at x = 5\.5$/m,
    /^near the rock: .*rock/m,
    /^the box moves 5\.25 m, then touches the wall$/m,
  ],
  'characters.mjs': [
    /^climbed the stair: feet at y 0\.6, grounded: true$/m,
    /^landed on the ledge: true, feet at y 2\.6$/m,
    /^rode the elevator: feet at y 3\.6, standing on it: true$/m,
    /^1 character, grounded: true$/m,
  ],
  'debug-draw.mjs': [/^21 drawing commands written to .*debug-draw\.svg$/m],
  'explosion.mjs': [
    /^crates in the blast zone: 6$/m,
    /^speeds after the blast \(m\/s\): 0\.2 2\.2 4\.2 5\.0 5\.0 5\.0 5\.0 4\.2 2\.2 0\.2$/m,
  ],
  'game-loop.mjs': [
    /^frame \d: [01] step\(s\), alpha 0\.\d\d, y 9\.99\d\d$/m,
    /^one second of frames ran 60 steps$/m,
    /^the player walked 1\.00 m$/m,
    /^long frame: ran 4 steps, dropped 0\.933 s$/m,
    /^drawn at y = 10 right after the teleport$/m,
  ],
  'step-workers.mjs': [/^stepping on 2 threads$/m, /identical: true$/m],
  'batch-scene.mjs': [/^$/],
  'batch.mjs': [/^5\/5$/m, /^thrown at 45°: came to rest at \d+\.\d m$/m],
  'snapshots-rollback.mjs': [
    /^predicted: player 1 at x = 2\.0000$/m,
    /^corrected: player 1 at x = (?!2\.0000)\d\.\d{4}$/m,
    /^snapshot of \d+ bytes; the copy matches bit for bit: true$/m,
  ],
  'performance.mjs': [
    /^stages \(ms\): broadphase \d/m,
    /^211 bodies, 210 awake, \d+ touching contacts$/m,
    /^awake 2 s later: 0 bodies/m,
    /^41 rays crossed \d+ shapes$/m,
  ],
};

const runnable = readdirSync(examplesDir).filter((f) => f.endsWith('.mjs'));

describe('the user guide and README', () => {
  it('mark every code block as an example file or an install step', () => {
    const unmarked = blocks.filter((b) => b.kind === null).map((b) => `${b.doc}:${b.line}`);
    expect(unmarked).toEqual([]);
  });

  it('show each example block exactly as its file', () => {
    for (const block of blocks.filter((b) => b.kind === 'example')) {
      const file = readFileSync(block.target, 'utf8');
      expect(block.text, `${block.doc}:${block.line} differs from ${relative(repoRoot, block.target)}`).toBe(file);
    }
  });

  it('show every example file somewhere, and know what each one prints', () => {
    const shown = new Set(blocks.filter((b) => b.kind === 'example').map((b) => b.target));
    const files = readdirSync(examplesDir).filter((f) => /\.(mjs|ts)$/.test(f));
    expect(files.filter((f) => !shown.has(join(examplesDir, f)))).toEqual([]);
    expect(runnable.slice().sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it("give README's two set-up commands as they run on a fresh clone, the tests' being the one .ci/run runs", () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8').split('\n');
    const bench = 'npx -y pnpm@10 install && npx -y pnpm@10 bench';
    const test = 'npx -y pnpm@10 install && npx -y pnpm@10 test';
    expect(readme).toContain(`    ${bench}`);
    expect(readme).toContain(`    ${test}`);
    expect(readFileSync(join(repoRoot, '.ci/run'), 'utf8').split('\n')).toContain(test);
  });

  it.each(runnable)('docs/guide/examples/%s runs under plain node', (file) => {
    const stdout = execFileSync(process.execPath, [join(examplesDir, file)], {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 120_000,
    });
    for (const pattern of EXPECTED[file] ?? []) expect(stdout, `${file} printed:\n${stdout}`).toMatch(pattern);
    if (file === 'quick-start.mjs') {
      // README and getting started quote what it prints.
      for (const doc of ['README.md', 'docs/guide/getting-started.md']) {
        expect(readFileSync(join(repoRoot, doc), 'utf8')).toContain(`prints \`${stdout.trim()}\``);
      }
    }
  });
});
