// Installs the packages the way a user gets them: builds @impulse2d/core and @impulse2d/systems to dist/, packs them
// with pnpm (which rewrites `workspace:^` to the version), installs both tarballs into an empty project with npm
// (bitecs comes from the npm registry), runs the README example with plain node and type-checks it with two common
// tsconfig setups. Skipped, with a message, only when npm cannot reach the registry.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const tsc = join(root, 'node_modules/typescript/bin/tsc');
const exec = (cmd: string, args: string[], cwd: string) =>
  run(cmd, args, {
    cwd,
    encoding: 'utf8',
    maxBuffer: 16 << 20,
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });

// The README usage example (packages/demo/src/examples/falling-box.ts) as plain JavaScript.
const APP_JS = `import { addComponent, query } from 'bitecs';
import { addShape, createBody, createPhysicsWorld, getPosition, makeBox, makeCircle } from '@impulse2d/core';
import { stepPhysics } from '@impulse2d/systems';

const world = createPhysicsWorld({ gravity: { x: 0, y: -10 } }); // a bitecs world with world.physics
const ground = createBody(world, { type: 'static', position: { x: 0, y: -1 } });
addShape(world, ground, makeBox(50, 1)); // half-extents (m)

const Sprite = { frame: [] }; // the game's own component
const box = createBody(world, { type: 'dynamic', position: { x: 0, y: 4 }, angle: 0.3 });
addShape(world, box, makeBox(0.5, 0.5), { density: 1, friction: 0.6 });
addComponent(world, box, Sprite); // same entity: physics body and sprite
const ball = createBody(world, { type: 'dynamic', position: { x: 0.2, y: 8 } });
addShape(world, ball, makeCircle(0.25), { restitution: 0.5 });

for (let i = 0; i < 120; i++) stepPhysics(world, 1 / 60); // 2 s, 4 substeps per step

const { transform } = world.physics; // zero-copy columns for render systems
for (const eid of query(world, [Sprite])) console.log(eid, transform.x[eid], transform.y[eid]);
console.log('box at', getPosition(world, box), 'ball at', getPosition(world, ball));
console.log(JSON.stringify({ box: getPosition(world, box), ball: getPosition(world, ball) }));
`;

// The TypeScript version, plus two checks of the entry points: internal names are not on the public entry, and the
// internal entry resolves.
const APP_TS =
  APP_JS.replace('frame: [] }', 'frame: [] as number[] }') +
  `// @ts-expect-error: the stores are internal, not part of the public entry
import { BodyStore } from '@impulse2d/core';
import { BodyStore as InternalBodyStore } from '@impulse2d/core/internal';
export const stores: unknown[] = [BodyStore, InternalBodyStore];
`;

const tsconfig = (module: string, moduleResolution: string) =>
  JSON.stringify({
    compilerOptions: { module, moduleResolution, target: 'ES2022', strict: true, noEmit: true, types: [] },
    files: ['app.ts'],
  });

const NETWORK_ERROR = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|network/i;

describe('packed packages', () => {
  it('install from their tarballs, run the README example with node and type-check under node16 and bundler', async (ctx) => {
    const tmp = mkdtempSync(join(tmpdir(), 'impulse2d-pack-'));
    for (const pkg of ['core', 'systems']) {
      // systems compiles against core's emitted declarations, so core goes first; a clean dist ships no stale files.
      rmSync(join(root, 'packages', pkg, 'dist'), { recursive: true, force: true });
      await exec(process.execPath, [tsc, '-p', `packages/${pkg}/tsconfig.build.json`], root);
      await exec('npx', ['-y', 'pnpm@10', 'pack', '--pack-destination', tmp], join(root, 'packages', pkg));
    }
    const tarballs = ['core', 'systems'].map((p) => join(tmp, `impulse2d-${p}-0.2.0.tgz`));

    for (const tgz of tarballs) {
      const files = (await exec('tar', ['-tzf', tgz], tmp)).stdout.split('\n').filter(Boolean);
      expect(files).toContain('package/dist/index.js');
      expect(files).toContain('package/dist/index.d.ts');
      expect(files).toContain('package/LICENSE');
      expect(files.filter((f) => /\.test\.|\/test\/|\/src\//.test(f))).toEqual([]);
      const manifest = (await exec('tar', ['-xzOf', tgz, 'package/package.json'], tmp)).stdout;
      expect(manifest).not.toContain('workspace:');
      expect(manifest).not.toContain('./src/');
    }
    const systemsManifest = JSON.parse(
      (await exec('tar', ['-xzOf', tarballs[1]!, 'package/package.json'], tmp)).stdout,
    );
    expect(systemsManifest.dependencies['@impulse2d/core']).toBe('^0.2.0');

    const app = join(tmp, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
    try {
      await exec('npm', ['install', '--no-audit', '--no-fund', ...tarballs], app);
    } catch (e) {
      const text = String((e as { stderr?: string }).stderr ?? e);
      if (NETWORK_ERROR.test(text)) {
        console.warn(`packed-install: skipped, npm cannot reach the registry to fetch bitecs:\n${text.slice(0, 500)}`);
        ctx.skip();
      }
      throw e;
    }
    const bitecs = JSON.parse(readFileSync(join(app, 'node_modules/bitecs/package.json'), 'utf8'));
    expect(bitecs.version).toBe('0.4.0');

    writeFileSync(join(app, 'app.mjs'), APP_JS);
    writeFileSync(join(app, 'app.ts'), APP_TS);
    writeFileSync(join(app, 'tsconfig.node16.json'), tsconfig('node16', 'node16'));
    writeFileSync(join(app, 'tsconfig.bundler.json'), tsconfig('esnext', 'bundler'));

    const [out] = await Promise.all([
      exec(process.execPath, ['app.mjs'], app),
      exec(process.execPath, [tsc, '-p', 'tsconfig.node16.json'], app),
      exec(process.execPath, [tsc, '-p', 'tsconfig.bundler.json'], app),
    ]);
    const lines = out.stdout.trim().split('\n');
    expect(lines[1]).toMatch(/^box at \{ x: .+, y: .+ \} ball at \{ x: .+, y: .+ \}$/);
    const { box, ball } = JSON.parse(lines.at(-1)!) as Record<'box' | 'ball', { x: number; y: number }>;
    // After 2 s the box (half-extent 0.5 m) has landed on the ground's top face at y = 0; the ball (radius 0.25 m),
    // dropped from 8 m, is down near the ground, bouncing with restitution 0.5 but far below its start.
    expect(box.y).toBeCloseTo(0.5, 1);
    expect(Math.abs(box.x)).toBeLessThan(2);
    expect(ball.y).toBeGreaterThan(0.2);
    expect(ball.y).toBeLessThan(3);
    // The first line is the Sprite query: the box entity and its transform columns, the same numbers as getPosition.
    expect(lines[0]).toBe(`${lines[0]!.split(' ')[0]} ${box.x} ${box.y}`);
  });
});
