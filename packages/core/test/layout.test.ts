// Record layouts are plain numeric constants (the hot loops inline them); this test proves each layout is sound:
// offsets unique, every slot inside the stride named (padding included), each joint kind's overlay inside the record
// and declared once (its module's constants are its descriptor's),
// and the layouts that must agree field by field (stored contact points and manifold points) do.
import { describe, expect, it } from 'vitest';
import * as manifold from '../src/collision/manifold.js';
import * as contacts from '../src/state/contact-store.js';
import * as events from '../src/state/event-store.js';
import * as jointLayout from '../src/state/joint-layout.js';
import * as jointStore from '../src/state/joint-store.js';
import * as solver from '../src/solver/solver-layout.js';
import { JOINT_KINDS } from '../src/joints/joint-kinds.js';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

type Layout = Record<string, unknown>;

/** The numeric constants of `mod` named `<prefix>…`, minus `exclude`. */
function fields(mod: Layout, prefix: string, exclude: string[] = []): [string, number][] {
  return Object.entries(mod)
    .filter(([name, v]) => name.startsWith(prefix) && typeof v === 'number' && !exclude.includes(name))
    .map(([name, v]) => [name, v as number]);
}

/** Offsets unique and exactly covering [0, size): no overlap, nothing outside, no unnamed slot. */
function expectDense(list: [string, number][], size: number): void {
  const seen = new Map<number, string>();
  for (const [name, off] of list) {
    expect(Number.isInteger(off), name).toBe(true);
    expect(off, `${name} inside the record`).toBeGreaterThanOrEqual(0);
    expect(off, `${name} inside the record`).toBeLessThan(size);
    expect(seen.get(off), `${name} shares offset ${off}`).toBeUndefined();
    seen.set(off, name);
  }
  expect(seen.size, 'every slot has a name (use a _PAD slot for padding)').toBe(size);
}

describe('record layouts', () => {
  it.each([
    ['BS_', solver, solver.BS_STRIDE],
    ['BI_', solver, solver.BI_STRIDE],
    ['CENTRE_', solver, solver.CENTRE_STRIDE],
    ['SP_', solver, solver.SP_STRIDE],
    ['MP_', manifold, manifold.MP_STRIDE],
    ['CP_', contacts, contacts.CP_STRIDE],
    ['CB_', events, events.CB_STRIDE],
    ['PAIR_', events, events.PAIR_STRIDE],
    ['HIT_', events, events.HIT_STRIDE],
    ['MOVE_', events, events.MOVE_STRIDE],
    ['SLEEP_', events, events.SLEEP_STRIDE],
  ] as [string, Layout, number][])('%s fields are unique and fill their stride', (prefix, mod, stride) => {
    expectDense(fields(mod, prefix, [`${prefix}STRIDE`]), stride);
  });

  it('a contact constraint is its header then two point records, its fields CC_LANES apart (records interleaved)', () => {
    const lanes = solver.CC_LANES;
    /** A field's slot among its record's own (the interleaved offset over the lane count). */
    const own = (list: [string, number][]): [string, number][] =>
      list.map(([name, off]) => {
        expect(off % lanes, `${name} starts a lane group`).toBe(0);
        return [name, off / lanes];
      });
    expectDense(own(fields(solver, 'CC_', ['CC_HEADER', 'CC_LANES', 'CC_PAIR_STRIDE'])), solver.CC_HEADER / lanes);
    expectDense(own(fields(solver, 'CCP_', ['CCP_STRIDE'])), solver.CCP_STRIDE / lanes);
    expect(solver.CC_PAIR_STRIDE).toBe(solver.CC_HEADER + 2 * solver.CCP_STRIDE);
    // Records 2k and 2k+1 share a block, lane by lane; blocks follow one another.
    expect([0, 1, 2, 3].map(solver.contactRecord)).toEqual([0, 1, solver.CC_PAIR_STRIDE, solver.CC_PAIR_STRIDE + 1]);
    expect(solver.contactRecordsLength(3)).toBe(2 * solver.CC_PAIR_STRIDE);
  });

  it('a manifold is its header, two points, the apart margin, then its two inputs; the manifold cache holds a pose, a normal and two points', () => {
    expectDense(
      fields(manifold, 'M_', ['M_HEADER', 'M_STRIDE', 'M_APART', 'M_IN_SPECULATIVE', 'M_IN_LINEAR_SLOP']),
      manifold.M_HEADER,
    );
    expect(manifold.M_APART).toBe(manifold.M_HEADER + 2 * manifold.MP_STRIDE);
    expect([manifold.M_IN_SPECULATIVE, manifold.M_IN_LINEAR_SLOP]).toEqual([
      manifold.M_APART + 1,
      manifold.M_APART + 2,
    ]);
    expect(manifold.M_STRIDE).toBe(manifold.M_IN_LINEAR_SLOP + 1);
    expectDense(fields(contacts, 'MC_', ['MC_STRIDE', 'MC_APART_MARGIN', 'MC_APART_LEVER']), contacts.MC_POINT0 + 1);
    // A proof of separation reuses the normal's two slots (cacheValid tells which record a row holds).
    expect([contacts.MC_APART_MARGIN, contacts.MC_APART_LEVER]).toEqual([contacts.MC_NORMAL_X, contacts.MC_NORMAL_Y]);
    expect(contacts.MC_STRIDE).toBe(contacts.MC_POINT0 + 2 * 3); // x, y, separation per point
    expect(contacts.CONTACT_POINTS_STRIDE).toBe(2 * contacts.CP_STRIDE);
  });

  it('a stored contact point is dense: anchor on A, separation, id, then the two warm-start impulses', () => {
    expectDense(fields(contacts, 'CP_', ['CP_STRIDE']), contacts.CP_STRIDE);
    expect(contacts.CP_ANCHOR_AY).toBe(contacts.CP_ANCHOR_AX + 1);
    expect(contacts.CP_TANGENT_IMPULSE).toBe(contacts.CP_STRIDE - 1);
  });

  it("joint records: a dense header, the impulses, then each kind's overlay inside [JC_P, JC_ANGLE)", () => {
    const header = fields(jointLayout as Layout, 'JC_', ['JC_IMPULSE', 'JC_P', 'JC_STRIDE', 'JC_ANGLE']);
    expectDense(header, jointLayout.JC_IMPULSE);
    expect(jointLayout.JC_P).toBe(jointLayout.JC_IMPULSE + jointStore.JOINT_IMPULSE_COUNT);
    expect(jointLayout.JC_ANGLE).toBe(jointLayout.JC_STRIDE - 1);
    for (const kind of JOINT_KINDS) {
      const list = Object.entries(kind.record);
      const offs = list.map(([, off]) => off);
      expect(new Set(offs).size, `${kind.name} overlay offsets unique`).toBe(offs.length);
      for (const [name, off] of list) {
        expect(Number.isInteger(off), name).toBe(true);
        expect(off, name).toBeGreaterThanOrEqual(jointLayout.JC_P);
        expect(off, `${name} clear of JC_ANGLE`).toBeLessThan(jointLayout.JC_ANGLE);
      }
      const at = (suffix: string): number | undefined => list.find(([name]) => name.endsWith(suffix))?.[1];
      // The solvers' angle routine reads a relative rotation's cos and sin as a pair.
      if (at('_REL_C') !== undefined) expect(at('_REL_S'), kind.name).toBe(at('_REL_C')! + 1);
      // prepareMotorLimits writes motor speed, its largest impulse, the lower and the upper limit in a row.
      if (at('_MOTOR_SPEED') !== undefined && at('_LOWER') !== undefined) {
        const speed = at('_MOTOR_SPEED')!;
        expect([at('_MAX_MOTOR_IMPULSE'), at('_LOWER'), at('_UPPER')], kind.name).toEqual([
          speed + 1,
          speed + 2,
          speed + 3,
        ]);
      }
    }
  });

  it('each kind module declares its layout once: its JC_ and JI_ constants are exactly its record and impulse slots', async () => {
    const dir = join(dirname(fileURLToPath(import.meta.url)), '../src/joints/kinds');
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBe(JOINT_KINDS.length);
    for (const file of files) {
      const mod = (await import(join(dir, file))) as Layout;
      const kind = JOINT_KINDS.find((k) => Object.values(mod).includes(k));
      expect(kind, `${file} exports one of JOINT_KINDS`).toBeDefined();
      expect(Object.fromEntries(fields(mod, 'JC_')), file).toEqual(kind!.record);
      expect(Object.fromEntries(fields(mod, 'JI_')), file).toEqual(kind!.impulses.slots);
    }
  });

  it('pin records share the joint header slots up to JC_DELTA_CY, then hold the two point impulses', () => {
    expect(jointLayout.PIN_IMPULSE).toBe(jointLayout.JC_DELTA_CY + 1);
    expect(jointLayout.PIN_STRIDE).toBe(jointLayout.PIN_IMPULSE + 2);
  });

  it('joint store parameter columns are unique and fill JF_COUNT', () => {
    const jf = fields(jointStore as Layout, 'JF_', ['JF_COUNT', 'JF_IMPULSE_0']);
    const impulses: [string, number][] = [];
    for (let i = 0; i < jointStore.JOINT_IMPULSE_COUNT; i++)
      impulses.push([`impulse ${i}`, jointStore.JF_IMPULSE_0 + i]);
    expectDense([...jf, ...impulses], jointStore.JF_COUNT);
  });
});
