// What a user installs: the packed tarballs of @impulse2d/core and @impulse2d/systems, installed with npm into an
// empty project, must run the README example under plain node and type-check it with TypeScript's node16 and
// bundler module resolutions, with nothing of this repository around them.
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
});
