import {
  columnList,
  growColumn,
  newColumn,
  type AnyColumn,
  type ColumnSpaces,
  type ColumnSpec,
  type Columns,
  type SharedColumns,
} from './column-spec.js';

type Fields = Record<string, unknown>;

/**
 * Base of the objects whose fields are defined from a table (column stores, their step-worker views, the world
 * settings): it gives them room for those fields inside the object, where declared fields would be.
 *
 * V8 sizes an object of a class by counting the `this.name = …` assignments in its constructors' source, whether they
 * run or not, and puts properties beyond that count in a separate array: each read of such a field (`bodies.vx` in a
 * stage's loop) is then two dependent loads instead of one. Fields defined in a loop are not counted, so this
 * constructor carries 64 assignments that never run (`never` is always undefined). Beyond 64 table fields an object
 * still works, its extra fields a load slower (store-shapes.test.ts checks the stores).
 */
export class InObjectSlots {
  constructor(never?: null) {
    if (never === null) {
      // prettier-ignore
      {
        (this as Fields).s00 = (this as Fields).s01 = (this as Fields).s02 = (this as Fields).s03 = 0;
        (this as Fields).s04 = (this as Fields).s05 = (this as Fields).s06 = (this as Fields).s07 = 0;
        (this as Fields).s08 = (this as Fields).s09 = (this as Fields).s10 = (this as Fields).s11 = 0;
        (this as Fields).s12 = (this as Fields).s13 = (this as Fields).s14 = (this as Fields).s15 = 0;
        (this as Fields).s16 = (this as Fields).s17 = (this as Fields).s18 = (this as Fields).s19 = 0;
        (this as Fields).s20 = (this as Fields).s21 = (this as Fields).s22 = (this as Fields).s23 = 0;
        (this as Fields).s24 = (this as Fields).s25 = (this as Fields).s26 = (this as Fields).s27 = 0;
        (this as Fields).s28 = (this as Fields).s29 = (this as Fields).s30 = (this as Fields).s31 = 0;
        (this as Fields).s32 = (this as Fields).s33 = (this as Fields).s34 = (this as Fields).s35 = 0;
        (this as Fields).s36 = (this as Fields).s37 = (this as Fields).s38 = (this as Fields).s39 = 0;
        (this as Fields).s40 = (this as Fields).s41 = (this as Fields).s42 = (this as Fields).s43 = 0;
        (this as Fields).s44 = (this as Fields).s45 = (this as Fields).s46 = (this as Fields).s47 = 0;
        (this as Fields).s48 = (this as Fields).s49 = (this as Fields).s50 = (this as Fields).s51 = 0;
        (this as Fields).s52 = (this as Fields).s53 = (this as Fields).s54 = (this as Fields).s55 = 0;
        (this as Fields).s56 = (this as Fields).s57 = (this as Fields).s58 = (this as Fields).s59 = 0;
        (this as Fields).s60 = (this as Fields).s61 = (this as Fields).s62 = (this as Fields).s63 = 0;
      }
    }
  }
}

/**
 * Defines `value` as an own field of `target`. Through defineProperty rather than `target[name] = value`: V8 turns an
 * object that gets more than a dozen fields by computed-name assignment into a slow dictionary.
 */
export function defineField(target: object, name: string, value: unknown): void {
  Object.defineProperty(target, name, { value, writable: true, enumerable: true, configurable: true });
}

/** A class constructor whose instances hold `T`'s fields. */
export type FieldsClass<T> = new () => T;

/**
 * The base class of a store: its constructor defines every column of `spec` as a field, in spec order (so every
 * instance has one V8 shape), each with its initial length and value. Store classes extend it and add their
 * counters and methods: `class BodyStore extends columnStore(BODY_COLUMNS) { … }`.
 */
export function columnStore<S extends ColumnSpec>(spec: S): FieldsClass<Columns<S>> {
  const list = columnList(spec);
  return class extends InObjectSlots {
    constructor() {
      super();
      for (let i = 0; i < list.length; i++) {
        const c = list[i];
        defineField(this, c.name, newColumn(c.type, c.length, c.initial));
      }
    }
  } as unknown as FieldsClass<Columns<S>>;
}

/**
 * Grows every column of `spec` in index space `space` to at least `rows` rows (new elements take the column's initial
 * value) and returns the rows they all hold now: stores keep it and return early while a reserve asks for no more.
 */
export function growColumns<S extends ColumnSpec>(
  store: Columns<S>,
  spec: S,
  space: ColumnSpaces<S>,
  rows: number,
): number {
  const list = columnList(spec);
  const fields = store as Record<string, AnyColumn>;
  let held = Infinity;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c.rows !== space) continue;
    const a = growColumn(c.type, fields[c.name], rows * c.width, c.initial);
    fields[c.name] = a;
    held = Math.min(held, Math.floor(a.length / c.width));
  }
  return held;
}

const viewClasses = new WeakMap<ColumnSpec, FieldsClass<object>>();

/**
 * A step worker's view of a store: an object with the spec's shared columns (empty until the main thread sends the
 * world's), then `extra`'s fields, in that order. The worker replaces the columns by name as they arrive.
 */
export function sharedView<S extends ColumnSpec, E extends object>(spec: S, extra: E): SharedColumns<S> & E {
  let View = viewClasses.get(spec);
  if (View === undefined) {
    const shared = columnList(spec).filter((c) => c.shared);
    View = class extends InObjectSlots {
      constructor() {
        super();
        for (let i = 0; i < shared.length; i++) defineField(this, shared[i].name, newColumn(shared[i].type, 0, 0));
      }
    };
    viewClasses.set(spec, View);
  }
  const view = new View();
  for (const name of Object.keys(extra)) defineField(view, name, (extra as Fields)[name]);
  return view as SharedColumns<S> & E;
}
