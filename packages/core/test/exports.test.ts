// What @impulse2d/core publishes: the public API (index.ts) and, for @impulse2d/systems and tools, the internals
// (internal.ts), an explicit list that keeps every public name.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as internal from '../src/internal.js';
import * as publicApi from '../src/index.js';

const read = (path: string): string => readFileSync(new URL(path, import.meta.url), 'utf8');

describe('@impulse2d/core exports', () => {
  it('internal is a superset of the public API: every public name, bound to the same value', () => {
    const missing = Object.keys(publicApi).filter((name) => !(name in internal));
    expect(missing).toEqual([]);
    for (const [name, value] of Object.entries(publicApi)) {
      expect((internal as Record<string, unknown>)[name], name).toBe(value);
    }
    // And more: the stores and layouts systems reads.
    expect(Object.keys(internal).length).toBeGreaterThan(Object.keys(publicApi).length);
  });

  it('lists every name it exports: no `export *` in internal.ts or index.ts', () => {
    for (const file of ['../src/internal.ts', '../src/index.ts']) {
      expect(read(file), file).not.toMatch(/^export \* from/m);
    }
  });

  it('publishes ./internal with the same conditions as the package entry', () => {
    const pkg = JSON.parse(read('../package.json')) as { exports: Record<string, Record<string, string>> };
    expect(Object.keys(pkg.exports['./internal'])).toEqual(Object.keys(pkg.exports['.']));
    expect(pkg.exports['./internal'].source).toBe('./src/internal.ts');
  });
});
