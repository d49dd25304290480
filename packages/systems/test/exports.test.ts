// What @impulse2d/systems publishes: the public API alone in its index (stepping, the stages as bitecs systems, the
// fixed-timestep game loop, step workers), the engine's stages and solver routines in @impulse2d/systems/internal.
import * as publicApi from '@impulse2d/systems';
import * as internal from '@impulse2d/systems/internal';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string): string => readFileSync(new URL(path, import.meta.url), 'utf8');

describe('@impulse2d/systems exports', () => {
  it('the index is the public API and nothing else', () => {
    expect(Object.keys(publicApi).sort()).toEqual([
      'MAX_THREADS',
      'createFixedStepper',
      'createPhysicsSystems',
      'defaultFixedStepperDef',
      'getThreadCount',
      'interpolateTransforms',
      'resetInterpolation',
      'startWorkers',
      'stepFixed',
      'stepPhysics',
      'stopWorkers',
    ]);
  });

  it('internal holds the stages and the solver routines, none of the public names', () => {
    for (const name of ['updateBroadphase', 'solve', 'solveContacts', 'softBiasRate', 'integrateVelocities']) {
      expect(typeof (internal as Record<string, unknown>)[name], name).toBe('function');
    }
    expect(Object.keys(internal).filter((name) => name in publicApi)).toEqual([]);
  });

  it('lists every name it exports, and publishes ./internal with the conditions of the package entry', () => {
    for (const file of ['../src/internal.ts', '../src/index.ts']) {
      expect(read(file), file).not.toMatch(/^export \* from/m);
    }
    const pkg = JSON.parse(read('../package.json')) as { exports: Record<string, Record<string, string>> };
    expect(Object.keys(pkg.exports['./internal'])).toEqual(Object.keys(pkg.exports['.']));
    expect(pkg.exports['./internal'].source).toBe('./src/internal.ts');
  });
});
