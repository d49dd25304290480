// The stores, the settings and a step worker's views get their fields from declaration tables, defined in a loop
// (storage/column-store.ts). V8 must still give them what declared fields get: one shape per kind of object, fast
// properties, and every field inside the object (one load per `bodies.vx`, not two). Checked in a child process
// with V8's native syntax, which the test runner's own process does not allow.
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

interface Probe {
  name: string;
  fast: boolean;
  sameMap: boolean;
  fields: number;
  inObject: number;
  outOfObject: number;
}

function probe(): Probe[] {
  const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
  const out = execFileSync(
    process.execPath,
    ['--allow-natives-syntax', join(root, 'scripts/run-ts.mjs'), 'packages/systems/test/helpers/store-shapes-probe.ts'],
    { cwd: root, encoding: 'utf8', timeout: 60_000 },
  );
  const probes: Probe[] = [];
  for (const line of out.split('\n')) {
    const head = /@@ (\w+) (true|false) (true|false) (\d+) @@/.exec(line);
    if (head !== null) {
      probes.push({
        name: head[1],
        fast: head[2] === 'true',
        sameMap: head[3] === 'true',
        fields: Number(head[4]),
        inObject: 0,
        outOfObject: 0,
      });
    } else if (probes.length > 0) {
      const last = probes[probes.length - 1];
      if (line.includes('location: in-object')) last.inObject++;
      else if (line.includes('location: properties[')) last.outOfObject++;
    }
  }
  return probes;
}

describe('V8 shapes of the objects built from declarations', () => {
  it('every store, the settings and the worker views have fast properties, one map, and every field in-object', () => {
    const probes = probe();
    expect(probes.map((p) => p.name)).toContain('bodies');
    expect(probes.length).toBe(15);
    for (const p of probes) {
      expect(p.fast, `${p.name}: fast properties`).toBe(true);
      expect(p.sameMap, `${p.name}: one map for every instance`).toBe(true);
      expect(p.fields, p.name).toBeGreaterThan(0);
      expect({ name: p.name, inObject: p.inObject, outOfObject: p.outOfObject }).toEqual({
        name: p.name,
        inObject: p.fields,
        outOfObject: 0,
      });
    }
  }, 90_000);
});
