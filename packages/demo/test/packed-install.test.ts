// What a user installs: the packed tarballs of @impulse2d/core and @impulse2d/systems, installed with npm into an
// empty project, must run the README example under plain node and type-check it with TypeScript's node16 and
// bundler module resolutions, and start step workers (whose code the build generates into dist/), with nothing of
// this repository around them.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../..');
const work = mkdtempSync(join(tmpdir(), 'impulse2d-packed-'));
const project = join(work, 'app');
const run = (cmd: string, args: string[], cwd: string): string =>
  execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 240_000 });
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const tarballs: string[] = [];

beforeAll(() => {
  // dist/ is built by vitest.global-setup.ts before any test runs.
  for (const pkg of ['core', 'systems']) {
    // pnpm pack rewrites the workspace: dependency of systems on core into a version range.
    run(npx, ['-y', 'pnpm@10', 'pack', '--pack-destination', work], join(root, 'packages', pkg));
  }
  tarballs.push(
    ...readdirSync(work)
      .filter((f) => f.endsWith('.tgz'))
      .map((f) => join(work, f)),
  );
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  const ts = JSON.parse(readFileSync(join(root, 'node_modules/typescript/package.json'), 'utf8')) as {
    version: string;
  };
  run(npx, ['-y', 'npm@10', 'install', '--no-audit', '--no-fund', ...tarballs, `typescript@${ts.version}`], project);
  copyFileSync(join(root, 'packages/demo/src/examples/falling-box.ts'), join(project, 'app.ts'));
}, 600_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the packed packages, installed into an empty project', () => {
  it('ship their built files, licence and readme, and no sources of tests', () => {
    expect(tarballs).toHaveLength(2);
    for (const tarball of tarballs) {
      const files = run('tar', ['-tzf', tarball], work).split('\n').filter(Boolean);
      expect(files).toContain('package/dist/index.js');
      expect(files).toContain('package/dist/index.d.ts');
      expect(files).toContain('package/LICENSE');
      expect(files).toContain('package/README.md');
      expect(files.filter((f) => /\/test\/|\.test\.|\/src\//.test(f))).toEqual([]);
      const manifest = JSON.parse(run('tar', ['-xzOf', tarball, 'package/package.json'], work)) as {
        dependencies: Record<string, string>;
      };
      for (const range of Object.values(manifest.dependencies)) expect(range).not.toContain('workspace:');
    }
    const systems = tarballs.find((t) => t.includes('systems'))!;
    expect(run('tar', ['-tzf', systems], work).split('\n')).toContain('package/dist/workers/worker-source.js');
  });

  it('type-check the README example with moduleResolution node16 and bundler', () => {
    const base = { strict: true, noEmit: true, skipLibCheck: false, target: 'ES2022', types: [] };
    const configs = {
      'tsconfig.node16.json': { ...base, module: 'node16', moduleResolution: 'node16' },
      'tsconfig.bundler.json': { ...base, module: 'esnext', moduleResolution: 'bundler' },
    };
    for (const [name, compilerOptions] of Object.entries(configs)) {
      writeFileSync(join(project, name), JSON.stringify({ compilerOptions, files: ['app.ts'] }));
      // Throws (with tsc's diagnostics) on any type error.
      run(process.execPath, [join(project, 'node_modules/typescript/bin/tsc'), '-p', name], project);
    }
  });

  it('run the README example under plain node: the box ends at rest on the ground', () => {
    writeFileSync(
      join(project, 'tsconfig.emit.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'node16',
          moduleResolution: 'node16',
          target: 'ES2022',
          types: [],
          outDir: 'out',
        },
        files: ['app.ts'],
      }),
    );
    run(process.execPath, [join(project, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.emit.json'], project);
    const out = run(process.execPath, ['out/app.js'], project).trim().split('\n');
    expect(out).toHaveLength(2);
    const [, , y] = out[0].split(' ').map(Number);
    expect(y).toBeGreaterThan(0.48);
    expect(y).toBeLessThan(0.51);
    expect(out[1]).toMatch(/^box at \{ x: .*, y: 0\.4\d+ \} ball at/);
  });

  it('start step workers under plain node: the same fall on 2 threads as on one', () => {
    const program = (threads: number): string =>
      [
        "import { addShape, createBody, createPhysicsWorld, getPosition, makeBox } from '@impulse2d/core';",
        "import { getThreadCount, startWorkers, stepPhysics, stopWorkers } from '@impulse2d/systems';",
        'const world = createPhysicsWorld({ gravity: { x: 0, y: -10 } });',
        "const ground = createBody(world, { type: 'static', position: { x: 0, y: -1 } });",
        'addShape(world, ground, makeBox(50, 1));',
        'let top = 0;',
        'for (let i = 0; i < 40; i++) {',
        "  const box = createBody(world, { type: 'dynamic', position: { x: (i % 8) * 1.1, y: 1 + Math.floor(i / 8) } });",
        '  addShape(world, box, makeBox(0.5, 0.5));',
        '  top = box;',
        '}',
        `await startWorkers(world, ${threads});`,
        'const threads = getThreadCount(world);',
        'for (let i = 0; i < 60; i++) stepPhysics(world, 1 / 60);',
        'await stopWorkers(world);',
        'console.log(threads, getPosition(world, top).y);',
      ].join('\n');
    writeFileSync(join(project, 'one.mjs'), program(1));
    writeFileSync(join(project, 'two.mjs'), program(2));
    const [oneThreads, oneY] = run(process.execPath, ['one.mjs'], project).trim().split(' ');
    const [twoThreads, twoY] = run(process.execPath, ['two.mjs'], project).trim().split(' ');
    expect([oneThreads, twoThreads]).toEqual(['1', '2']);
    expect(twoY).toBe(oneY);
  });
});
