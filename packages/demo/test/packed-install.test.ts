// What a user installs, the way the guide says to: the install steps of docs/guide/getting-started.md (and README's
// copy of them) run as written, with the tarballs packed into this test's folder instead of /tmp/impulse2d. With each
// of npm, pnpm and yarn, an empty project gets the tarballs of @impulse2d/core and @impulse2d/systems and bitecs;
// the quick start runs under plain node, its TypeScript variant type-checks (node16 and bundler resolution) and runs
// once compiled, and step workers start (their code is generated into dist/ by the build). Every package's
// `npm publish --dry-run` is clean.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docBlocks, guideDir, installStep, repoRoot } from './helpers/doc-blocks.js';

const work = mkdtempSync(join(tmpdir(), 'impulse2d-packed-'));
const tarballDir = join(work, 'tarballs');
const MANAGERS = ['npm', 'pnpm', 'yarn'] as const;
type Manager = (typeof MANAGERS)[number];
const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc');

// The package managers run as a user's shell runs them: without the npm_config_* and pnpm variables that `pnpm test`
// sets for its own child processes (npm warns about configuration it does not know, pnpm would take the workspace's).
const env: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !/^(npm_|pnpm_|PNPM_|INIT_CWD$|NODE_OPTIONS$|VITEST)/i.test(k)),
);

interface Run {
  readonly stdout: string;
  readonly stderr: string;
}
const execFileAsync = promisify(execFile);
// Asynchronous, so that vitest's worker stays responsive during installs that take minutes.
async function run(cmd: string, args: readonly string[], cwd: string): Promise<Run> {
  try {
    const { stdout, stderr } = await execFileAsync(cmd, args, { cwd, env, encoding: 'utf8', timeout: 300_000 });
    return { stdout, stderr };
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${cmd} ${args.join(' ')} (in ${cwd}) failed: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`);
  }
}
/** Runs shell lines with bash, failing on the first that fails; `/tmp/impulse2d` stands for this test's tarballs. */
function shell(lines: readonly string[], cwd: string): Promise<Run> {
  const script = lines.map((l) => l.replace(/\/tmp\/impulse2d(?![\w-])/g, tarballDir)).join('\n');
  return run('bash', ['-e', '-c', script], cwd);
}

const packStep = installStep('pack');
const projectStep = installStep('project');
const project = (manager: Manager): string => join(work, manager, 'my-game');
const available: Partial<Record<Manager, string>> = {};

beforeAll(async () => {
  // dist/ is built by vitest.global-setup.ts: the pack step's first line (install and build) has run.
  expect(packStep[0]).toBe('npx -y pnpm@10 install && npx -y pnpm@10 build');
  await shell(packStep.slice(1), repoRoot);
  for (const manager of MANAGERS) {
    // A manager that cannot be obtained here is skipped with a message; once it runs, any failure fails the test.
    const probe = {
      npm: ['npm', ['--version']],
      pnpm: ['npx', ['-y', 'pnpm@10', '--version']],
      yarn: ['npx', ['-y', 'yarn@1', '--version']],
    } as const;
    try {
      await run(probe[manager][0], probe[manager][1], work);
    } catch (error) {
      console.warn(`[packed-install] ${manager} skipped: it could not be obtained (${String(error).split('\n')[0]})`);
      continue;
    }
    // The folder the steps start in stands for the clone: the project is made beside it.
    mkdirSync(join(work, manager, 'clone'), { recursive: true });
    try {
      await shell([...projectStep, ...installStep(manager)], join(work, manager, 'clone'));
      available[manager] = 'installed';
      copyFileSync(join(guideDir, 'examples/quick-start.mjs'), join(project(manager), 'quick-start.mjs'));
      copyFileSync(join(guideDir, 'examples/quick-start.ts'), join(project(manager), 'quick-start.ts'));
    } catch (error) {
      available[manager] = String(error);
    }
  }
}, 900_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('installing the packed packages as the guide says', () => {
  it("README's install steps are the guide's pack, project and npm steps", () => {
    const readme = docBlocks('README.md').find((b) => b.kind === 'install' && b.target === 'readme');
    expect(readme, 'README.md has a block marked <!-- install: readme -->').toBeDefined();
    expect(readme!.text.split('\n').filter(Boolean)).toEqual([...packStep, ...projectStep, ...installStep('npm')]);
  });

  it('packs the built files, licence, readme and a manifest a registry takes', async () => {
    const tarballs = readdirSync(tarballDir).sort();
    expect(tarballs).toEqual(['impulse2d-core-0.2.0.tgz', 'impulse2d-systems-0.2.0.tgz']);
    for (const tarball of tarballs) {
      const path = join(tarballDir, tarball);
      const files = (await run('tar', ['-tzf', path], work)).stdout.split('\n').filter(Boolean);
      for (const f of ['dist/index.js', 'dist/index.d.ts', 'LICENSE', 'README.md'])
        expect(files).toContain(`package/${f}`);
      expect(files.filter((f) => /\/test\/|\.test\.|\/src\//.test(f))).toEqual([]);
      const manifest = JSON.parse((await run('tar', ['-xzOf', path, 'package/package.json'], work)).stdout) as Record<
        string,
        unknown
      >;
      expect(manifest.dependencies, 'the engine depends on nothing but its peers').toBeUndefined();
      const peers = manifest.peerDependencies as Record<string, string>;
      expect(peers.bitecs).toBe('^0.4.0');
      for (const range of Object.values(peers)) expect(range).not.toContain('workspace:');
      for (const field of ['description', 'license', 'repository', 'homepage', 'keywords', 'engines']) {
        expect(manifest[field], `${tarball}: ${field}`).toBeDefined();
      }
    }
    const systems = (await run('tar', ['-tzf', join(tarballDir, 'impulse2d-systems-0.2.0.tgz')], work)).stdout.split(
      '\n',
    );
    expect(systems).toContain('package/dist/workers/worker-source.js');
  });

  it('npm publish --dry-run is clean for every package, from its folder and from its packed tarball', async () => {
    const packed = join(work, 'publish');
    for (const pkg of ['core', 'systems', 'batch']) {
      const dir = join(repoRoot, 'packages', pkg);
      // ignore-scripts: batch's prepack would rebuild its dist/ while other test files run it.
      await run('npx', ['-y', 'pnpm@10', '--config.ignore-scripts=true', 'pack', '--pack-destination', packed], dir);
      const tarball = join(packed, `impulse2d-${pkg}-0.2.0.tgz`);
      for (const [where, args] of [
        [dir, ['publish', '--dry-run', '--ignore-scripts']],
        [packed, ['publish', '--dry-run', tarball]],
      ] as const) {
        const { stdout, stderr } = await shell([`npx -y npm@10 ${args.join(' ')}`], where);
        expect(stdout).toContain(`@impulse2d/${pkg}@0.2.0`);
        // A dry run without a registry login always says that it would need one; nothing else may be a warning.
        const warnings = stderr.split('\n').filter((l) => /\bwarn/i.test(l) && !/requires you to be logged in/.test(l));
        expect(warnings, `npm publish --dry-run of ${pkg} in ${where}`).toEqual([]);
      }
    }
  });

  for (const manager of MANAGERS) {
    describe(`with ${manager}`, () => {
      const ready = (): boolean => {
        const state = available[manager];
        if (state === undefined) return false;
        if (state !== 'installed') throw new Error(`the ${manager} install step failed:\n${state}`);
        return true;
      };

      it('installs the tarballs and bitecs into the project, declared in its package.json', async ({ skip }) => {
        if (!ready()) return skip();
        const pkg = JSON.parse(readFileSync(join(project(manager), 'package.json'), 'utf8')) as {
          type: string;
          dependencies: Record<string, string>;
        };
        expect(pkg.type).toBe('module');
        expect(Object.keys(pkg.dependencies).sort()).toEqual(['@impulse2d/core', '@impulse2d/systems', 'bitecs']);
      });

      it('runs the quick start under plain node: the crate rests on the ground', async ({ skip }) => {
        if (!ready()) return skip();
        const out = (await run(process.execPath, ['quick-start.mjs'], project(manager))).stdout;
        expect(out).toMatch(/^crate 0\.\d\d 0\.50\n$/);
      });

      it('type-checks the TypeScript quick start (node16 and bundler resolution) and runs it compiled', async ({
        skip,
      }) => {
        if (!ready()) return skip();
        const dir = project(manager);
        const base = { strict: true, target: 'ES2022', types: [], skipLibCheck: false };
        const configs = {
          'tsconfig.bundler.json': { ...base, module: 'esnext', moduleResolution: 'bundler', noEmit: true },
          // node16 resolution, emitting the JavaScript that runs below.
          'tsconfig.node16.json': { ...base, module: 'node16', moduleResolution: 'node16', outDir: 'out' },
        };
        for (const [name, compilerOptions] of Object.entries(configs)) {
          writeFileSync(join(dir, name), JSON.stringify({ compilerOptions, files: ['quick-start.ts'] }));
          await run(process.execPath, [tsc, '-p', name], dir); // throws with tsc's diagnostics on any type error
        }
        expect((await run(process.execPath, ['out/quick-start.js'], dir)).stdout).toMatch(/^crate 0\.\d\d 0\.50\n$/);
      });

      it('starts step workers: the same fall on 2 threads as on one', async ({ skip }) => {
        if (!ready()) return skip();
        const program = [
          "import { addShape, createBody, createPhysicsWorld, getPosition, makeBox } from '@impulse2d/core';",
          "import { getThreadCount, startWorkers, stepPhysics, stopWorkers } from '@impulse2d/systems';",
          'const world = createPhysicsWorld({ gravity: { x: 0, y: -10 } });',
          "addShape(world, createBody(world, { type: 'static', position: { x: 0, y: -1 } }), makeBox(50, 1));",
          'let top = 0;',
          'for (let i = 0; i < 40; i++) {',
          "  top = createBody(world, { type: 'dynamic', position: { x: (i % 8) * 1.1, y: 1 + Math.floor(i / 8) } });",
          '  addShape(world, top, makeBox(0.5, 0.5));',
          '}',
          'await startWorkers(world, Number(process.argv[2]));',
          'const threads = getThreadCount(world);',
          'for (let i = 0; i < 60; i++) stepPhysics(world, 1 / 60);',
          'await stopWorkers(world);',
          'console.log(threads, getPosition(world, top).y);',
        ].join('\n');
        writeFileSync(join(project(manager), 'threads.mjs'), program);
        const fall = async (threads: number): Promise<string[]> =>
          (await run(process.execPath, ['threads.mjs', String(threads)], project(manager))).stdout.trim().split(' ');
        const [oneThreads, oneY] = await fall(1);
        const [twoThreads, twoY] = await fall(2);
        expect([oneThreads, twoThreads]).toEqual(['1', '2']);
        expect(twoY).toBe(oneY);
      });
    });
  }
});
