// Each store column and each world setting is declared once (a column spec entry, a WORLD_SETTINGS entry); these
// tests walk the declarations, so a column or setting added later is checked without touching this file: every
// column grows with its store, round-trips through a snapshot and reaches a step worker's view; every setting
// round-trips def → state → toDef → snapshot → restore and refuses bad values with a typed error.
import { describe, expect, it } from 'vitest';
import {
  BODY_COLUMNS,
  BROADPHASE_COLUMNS,
  CHARACTER_COLUMNS,
  COLUMNS,
  CONTACT_COLUMNS,
  DERIVED_COLUMNS,
  GEOMETRY_COLUMNS,
  JOINT_COLUMNS,
  PhysicsError,
  SCALARS,
  SHAPE_COLUMNS,
  SNAPSHOT_STORES,
  SOLVER_COLUMNS,
  TRANSFORM_COLUMNS,
  WORLD_SETTINGS,
  addShape,
  columnList,
  createBody,
  createCharacter,
  createPhysicsWorld,
  createPhysicsWorldFromSnapshot,
  createRevoluteJoint,
  destroyBody,
  getPhysics,
  makeBox,
  makeCapsule,
  makeCircle,
  restoreSnapshot,
  setWorldSettings,
  takeSnapshot,
  type AnyColumn,
  type ColumnSpaces,
  type ColumnSpec,
  type Columns,
  type PhysicsState,
  type PhysicsWorld,
  type Setting,
  type WorldDef,
} from '@impulse2d/core/internal';
import { stepPhysics } from '@impulse2d/systems';
import { SHARED_COLUMNS, SHARED_STORES, readColumn, writeColumn } from '../src/workers/shared-columns.js';
import { createWorkerView } from '../src/workers/worker-view.js';
import { addGround, buildPyramid, run } from './helpers/scene.js';

type Fields = Record<string, AnyColumn>;

/**
 * A world in which every row count a snapshot stores is above zero: live bodies, shapes, contacts, joints and
 * characters, freed shape rows, contact rows and geometry slots, and a proxy waiting in the move buffer.
 */
function busyWorld(): PhysicsWorld {
  const w = createPhysicsWorld();
  addGround(w, 20);
  buildPyramid(w, 4);
  const wheel = createBody(w, { type: 'dynamic', position: { x: 6, y: 1 } });
  addShape(w, wheel, makeCircle(0.5), { density: 1 });
  const arm = createBody(w, { type: 'dynamic', position: { x: 7, y: 1 } });
  addShape(w, arm, makeCapsule({ x: -0.5, y: 0 }, { x: 0.5, y: 0 }, 0.2), { density: 1 });
  createRevoluteJoint(w, { bodyA: wheel, bodyB: arm, anchor: { x: 6.5, y: 1 } });
  createCharacter(w, { position: { x: -9, y: 1 } });
  // A box of its own size (its own geometry slot), resting on the ground, destroyed once it has contacts.
  const odd = createBody(w, { type: 'dynamic', position: { x: -6, y: 0.25 } });
  addShape(w, odd, makeBox(0.37, 0.25), { density: 1 });
  run(w, 20);
  const late = createBody(w, { type: 'dynamic', position: { x: 9, y: 3 } });
  addShape(w, late, makeBox(0.5, 0.5), { density: 1 });
  destroyBody(w, odd);
  return w;
}

/** The scalars of a snapshot (row counts among them). */
function scalarsOf(bytes: Uint8Array): Float64Array {
  return new Float64Array(bytes.slice(24, 24 + SCALARS.length * 8).buffer);
}

const changed = (v: number): number => (v === 7 ? 9 : 7);

describe('declared columns', () => {
  it('every snapshotted column of every store spec is written by takeSnapshot and read back by restore', () => {
    const w = busyWorld();
    const p = getPhysics(w);
    const s = scalarsOf(takeSnapshot(w));
    let checked = 0;
    for (const store of SNAPSHOT_STORES) {
      for (const c of columnList(store.spec)) {
        if (c.snapshot === null) continue;
        const name = `${store.prefix}.${c.name}`;
        const layout = COLUMNS.find((l) => l.name === name);
        expect(layout, name).toBeDefined();
        const n = layout!.rows(s) * layout!.per;
        expect(n, `${name}: the scene stores no row of it`).toBeGreaterThan(0);
        const column = (): AnyColumn => (store.owner(p) as Fields)[c.name];
        const original = Array.from(column().subarray(0, n));
        const before = takeSnapshot(w);
        // Its first and last stored elements, changed.
        const ends = n > 1 ? [0, n - 1] : [0];
        for (const i of ends) column()[i] = changed(column()[i]);
        const after = takeSnapshot(w);
        expect(after, `${name} is not written`).not.toEqual(before);
        restoreSnapshot(w, before);
        expect(Array.from(column().subarray(0, n)), `${name} is not restored`).toEqual(original);
        const copy = (store.owner(getPhysics(createPhysicsWorldFromSnapshot(after))) as Fields)[c.name];
        expect(
          ends.map((i) => copy[i]),
          `${name} is not read`,
        ).toEqual(ends.map((i) => changed(original[i])));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(60);
    // The world is whole again.
    stepPhysics(w, 1 / 60);
  });

  it('every derived column is left out of snapshots and computed again by restore: a restored world steps as the original', () => {
    const derived = SNAPSHOT_STORES.flatMap((store) =>
      columnList(store.spec)
        .filter((c) => c.derived)
        .map((c) => ({ store, column: c, name: `${store.prefix}.${c.name}` })),
    );
    // Each has its routine in snapshot-derive.ts, and none is stored.
    expect(new Set(derived.map((d) => d.name))).toEqual(new Set(DERIVED_COLUMNS));
    for (const { column, name } of derived) {
      expect(column.snapshot, name).toBe(null);
      expect(
        COLUMNS.find((l) => l.name === name),
        name,
      ).toBeUndefined();
    }
    const w = busyWorld();
    const bytes = takeSnapshot(w);
    // Into a world whose derived columns hold garbage everywhere: restore must write every row the step reads.
    const target = busyWorld();
    run(target, 3);
    for (const { store, column } of derived) (store.owner(getPhysics(target)) as Fields)[column.name].fill(7);
    restoreSnapshot(target, bytes);
    const fresh = createPhysicsWorldFromSnapshot(bytes);
    run(w, 10);
    run(target, 10);
    run(fresh, 10);
    expect(takeSnapshot(target)).toEqual(takeSnapshot(w));
    expect(takeSnapshot(fresh)).toEqual(takeSnapshot(w));
  });

  it("every column grows with its store's reserve for its index space, new rows holding the column's initial value", () => {
    const p = getPhysics(createPhysicsWorld());
    const sd = p.solverData;
    const g = p.shapes.geometry;
    const stores: Growth[] = [
      growth(p.bodies, BODY_COLUMNS, { entities: (n) => p.bodies.reserve(n - 1) }),
      growth(p.bodies.transform, TRANSFORM_COLUMNS, { entities: (n) => p.bodies.reserve(n - 1) }),
      growth(p.shapes, SHAPE_COLUMNS, { rows: (n) => p.shapes.reserve(n) }),
      growth(g, GEOMETRY_COLUMNS, { rows: (n) => g.reserve(n), slots: (n) => g.reserveSlots(n) }),
      growth(p.contacts, CONTACT_COLUMNS, { rows: (n) => p.contacts.reserve(n) }),
      growth(p.joints, JOINT_COLUMNS, {
        rows: (n) => p.joints.reserveRows(n),
        entities: (n) => p.joints.reserveEntities(n - 1),
        records: (n) => p.joints.reserveConstraints(n),
      }),
      growth(sd, SOLVER_COLUMNS, {
        bodies: (n) => sd.reserveBodies(n),
        entities: (n) => sd.reserveEntities(n - 1),
        contactRows: (n) => sd.reserveColouring(n, 0),
        colouredBodies: (n) => sd.reserveColouring(0, n),
      }),
      growth(p.broadphase, BROADPHASE_COLUMNS, { moves: (n) => p.broadphase.reserveMoveFrom(n) }),
      growth(p.characters, CHARACTER_COLUMNS, {
        rows: (n) => p.characters.reserveRows(n),
        entities: (n) => p.characters.reserveEntities(n - 1),
      }),
    ];
    // Every spec that snapshots or step workers walk is here, and each is walked by those its columns ask for.
    const specs = new Set([...SNAPSHOT_STORES, ...SHARED_STORES].map((s) => s.spec));
    expect(new Set(stores.map((s) => s.spec))).toEqual(specs);
    for (const { spec } of stores) {
      const columns = columnList(spec);
      if (columns.some((c) => c.snapshot !== null)) expect(SNAPSHOT_STORES.map((s) => s.spec)).toContain(spec);
      if (columns.some((c) => c.shared)) expect(SHARED_STORES.map((s) => s.spec)).toContain(spec);
    }
    let checked = 0;
    for (const { store, spec, reserve } of stores) {
      const fields = store as Fields;
      for (const space of Object.keys(reserve)) {
        const list = columnList(spec).filter((c) => c.rows === space);
        expect(list.length, space).toBeGreaterThan(0);
        const old = list.map((c) => fields[c.name].length);
        const rows = 100;
        reserve[space](rows);
        list.forEach((c, k) => {
          const a = fields[c.name];
          expect(a.length, c.name).toBeGreaterThanOrEqual(rows * c.width);
          expect(
            Array.from(a.subarray(old[k])).every((v) => v === c.initial),
            `${c.name}'s new rows`,
          ).toBe(true);
          checked++;
        });
      }
    }
    expect(checked).toBeGreaterThan(80);
  });

  it("every shared column of every store spec is a field of a worker's view and reaches it through the sync", () => {
    const w = busyWorld();
    const p = getPhysics(w);
    const view = createWorkerView();
    const fresh = createWorkerView();
    for (let i = 0; i < SHARED_COLUMNS.length; i++) writeColumn(view, i, readColumn(p, i));
    let checked = 0;
    for (const store of SHARED_STORES) {
      for (const c of columnList(store.spec)) {
        if (!c.shared) continue;
        // Declared by the view itself (the sync does not have to add it) …
        expect(Object.keys(store.owner(fresh)), c.name).toContain(c.name);
        // … and holding the world's column after a sync.
        expect((store.owner(view) as Fields)[c.name], c.name).toBe((store.owner(p) as Fields)[c.name]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(60);
  });
});

interface Growth {
  readonly store: object;
  readonly spec: ColumnSpec;
  readonly reserve: Readonly<Record<string, (n: number) => void>>;
}
/** A store, its spec and the reserve call for each of the spec's index spaces (a new space must be added here). */
function growth<S extends ColumnSpec>(
  store: Columns<S>,
  spec: S,
  reserve: Record<ColumnSpaces<S>, (n: number) => void>,
): Growth {
  return { store, spec, reserve };
}

/** A valid value of `setting` other than its default. */
function otherValue(setting: Setting): unknown {
  switch (setting.kind) {
    case 'number': {
      const rule = setting.rule;
      switch (rule.kind) {
        case 'integer':
          return setting.initial + 1;
        case 'positive':
          return setting.initial * 2 + 0.5;
        case 'nonNegative':
          return setting.initial + 0.25;
        case 'finite':
          return setting.initial - 1.5;
        default:
          return unreachable(rule);
      }
    }
    case 'flag':
      return !setting.initial;
    case 'choice': {
      const other = setting.options.find((o) => o !== setting.initial);
      expect(other, 'a choice offers a second option').toBeDefined();
      return other;
    }
    case 'vec2':
      return { x: setting.initial.x + 1.5, y: setting.initial.y - 2.5 };
    default:
      return unreachable(setting);
  }
}

/** Values `setting` must refuse. */
function badValues(setting: Setting): unknown[] {
  switch (setting.kind) {
    case 'number': {
      const common = [NaN, Infinity, -Infinity, '1', null];
      const rule = setting.rule;
      switch (rule.kind) {
        case 'integer':
          return [...common, rule.min - 1, rule.min + 0.5];
        case 'positive':
          return [...common, 0, -1];
        case 'nonNegative':
          return [...common, -0.5];
        case 'finite':
          return common;
        default:
          return unreachable(rule);
      }
    }
    case 'flag':
      return ['true', 1, null, undefined];
    case 'choice':
      return ['nope', 0, null, undefined];
    case 'vec2':
      return [{ x: NaN, y: 0 }, { x: 0, y: Infinity }, { x: 0 }, null, 5];
    default:
      return unreachable(setting);
  }
}

function unreachable(value: never): never {
  throw new Error(`unhandled ${JSON.stringify(value)}`);
}

/** The PhysicsState fields a setting is held in, with their values for `value`. */
function stateFields(name: string, setting: Setting, value: unknown): Record<string, unknown> {
  if (setting.kind !== 'vec2') return { [name]: value };
  const v = value as { x: number; y: number };
  return { [`${name}X`]: v.x, [`${name}Y`]: v.y };
}

function fieldsOf(p: PhysicsState, expected: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(expected)) out[k] = (p as unknown as Record<string, unknown>)[k];
  return out;
}

const settings = Object.entries(WORLD_SETTINGS as Record<string, Setting>);

describe('declared world settings', () => {
  it('every setting round-trips def → state → toDef → snapshot → restore, and setWorldSettings', () => {
    expect(settings.length).toBeGreaterThan(15);
    for (const [name, setting] of settings) {
      const value = otherValue(setting);
      const def = { [name]: value } as Partial<WorldDef>;
      const w = createPhysicsWorld(def);
      const p = getPhysics(w);
      const fields = stateFields(name, setting, value);
      expect(fieldsOf(p, fields), name).toEqual(fields);
      expect((p.toDef() as unknown as Record<string, unknown>)[name], name).toEqual(value);
      const bytes = takeSnapshot(w);
      const fromSnapshot = getPhysics(createPhysicsWorldFromSnapshot(bytes));
      expect(fieldsOf(fromSnapshot, fields), name).toEqual(fields);
      const other = createPhysicsWorld();
      const version = getPhysics(other).settingsVersion;
      restoreSnapshot(other, bytes);
      expect((getPhysics(other).toDef() as unknown as Record<string, unknown>)[name], name).toEqual(value);
      expect(getPhysics(other).settingsVersion, `${name}: the step recomputes its scalars`).toBeGreaterThan(version);
      const set = createPhysicsWorld();
      const before = getPhysics(set).settingsVersion;
      setWorldSettings(set, def);
      expect(fieldsOf(getPhysics(set), fields), name).toEqual(fields);
      expect(getPhysics(set).settingsVersion, name).toBeGreaterThan(before);
    }
  });

  it('every setting refuses bad values with INVALID_ARGUMENT, leaving the world unchanged and steppable', () => {
    const w = createPhysicsWorld();
    addGround(w, 10);
    const box = createBody(w, { type: 'dynamic', position: { x: 0, y: 2 } });
    addShape(w, box, makeBox(0.5, 0.5), { density: 1 });
    run(w, 5);
    let refused = 0;
    for (const [name, setting] of settings) {
      for (const bad of badValues(setting)) {
        const def = { [name]: bad } as unknown as Partial<WorldDef>;
        const label = `${name} = ${String(bad)}`;
        expectInvalid(() => createPhysicsWorld(def), label);
        const before = takeSnapshot(w);
        const settingsBefore = getPhysics(w).toDef();
        expectInvalid(() => setWorldSettings(w, def), label);
        expect(getPhysics(w).toDef(), label).toEqual(settingsBefore);
        expect(takeSnapshot(w), label).toEqual(before);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(60);
    const y = w.physics.transform.y[box];
    run(w, 5);
    expect(Number.isFinite(w.physics.transform.y[box])).toBe(true);
    expect(w.physics.transform.y[box]).not.toBe(y);
  });
});

function expectInvalid(call: () => unknown, label: string): void {
  try {
    call();
  } catch (error) {
    expect(error, label).toBeInstanceOf(PhysicsError);
    expect((error as PhysicsError).code, label).toBe('INVALID_ARGUMENT');
    return;
  }
  expect.fail(`${label} was accepted`);
}
