import { doubledCapacity } from './grow.js';

/**
 * Column specs: each store declares its typed-array columns once, as an `as const` object of ColumnDecl, and
 * everything else follows from it — the store's fields and their TypeScript types (Columns), its growth
 * (growColumns), the snapshot's write and read (snapshot-layout.ts) and the step workers' sync and view (systems'
 * shared-columns.ts and worker-view.ts). Nothing else lists a store's columns, so adding one is one spec entry.
 */

/** Element types of a column. */
export type ElementType = 'f64' | 'f32' | 'i32' | 'u32' | 'u8';

interface ArrayOfType {
  f64: Float64Array;
  f32: Float32Array;
  i32: Int32Array;
  u32: Uint32Array;
  u8: Uint8Array;
}
/** The typed array that holds a column of element type T. */
export type ArrayOf<T extends ElementType> = ArrayOfType[T];
/** Any column. */
export type AnyColumn = ArrayOfType[ElementType];

/** Bytes per element of each element type. */
export const ELEMENT_BYTES: Readonly<Record<ElementType, number>> = { f64: 8, f32: 4, i32: 4, u32: 4, u8: 1 };

/** Rows a new store's columns hold (capacity doubles from here). */
export const INITIAL_ROWS = 16;

/**
 * One column of a store. `Space` names the store's index spaces (what its reserve methods grow: 'entities', 'rows',
 * …), `Count` the row counts a snapshot may store (names the snapshot layout maps to counts).
 */
export interface ColumnDecl<Space extends string = string, Count extends string = string> {
  /** Element type. */
  readonly type: ElementType;
  /** Elements per row (default 1). */
  readonly width?: number;
  /** Value of elements never written: what a new column and the new part of a grown one hold (default 0). */
  readonly initial?: number;
  /**
   * The index space whose reserve grows this column to rows × width elements. Omitted for scratch that the stage
   * using it sizes itself (such a column starts with `length` elements).
   */
  readonly rows?: Space;
  /** Elements of a new store's column (default INITIAL_ROWS × width). */
  readonly length?: number;
  /**
   * How many rows a snapshot stores, as the name of a row count (the store's live rows, its free list's length…);
   * omitted: not part of snapshots (scratch, or derived again by the step).
   */
  readonly snapshot?: Count;
  /**
   * Not stored by snapshots although the step reads it: restore computes it again from what is stored (one routine
   * per column, listed in snapshot/snapshot-derive.ts), so snapshots are smaller. Only for a column that is a function
   * of stored columns on every row the step reads. Never together with `snapshot`.
   */
  readonly derived?: true;
  /**
   * The parallel stages read or write it on step workers: it is kept on shared memory while workers run, sent to
   * them whenever it is replaced, and present in their view of the store.
   */
  readonly shared?: boolean;
}

/** A store's columns by field name. */
export type ColumnSpec<Space extends string = string, Count extends string = string> = Readonly<
  Record<string, ColumnDecl<Space, Count>>
>;

/** The store fields a spec declares: each column a typed array of its element type. */
export type Columns<S extends ColumnSpec> = { -readonly [K in keyof S]: ArrayOf<S[K]['type']> };

/** The columns of a spec that step workers share (a worker's view of the store holds these). */
export type SharedColumns<S extends ColumnSpec> = {
  -readonly [K in keyof S as S[K] extends { readonly shared: true } ? K : never]: ArrayOf<S[K]['type']>;
};

/** The index spaces a spec's columns grow with. */
export type ColumnSpaces<S extends ColumnSpec> = {
  [K in keyof S]: S[K] extends { readonly rows: infer R extends string } ? R : never;
}[keyof S];

/** The row-count names a spec's snapshotted columns use. */
export type SnapshotCounts<S extends ColumnSpec> = {
  [K in keyof S]: S[K] extends { readonly snapshot: infer C extends string } ? C : never;
}[keyof S];

/** A column of a spec, with its defaults filled in, for the loops that walk a store (growth, snapshot, sync). */
export interface ColumnInfo {
  readonly name: string;
  readonly type: ElementType;
  readonly width: number;
  readonly initial: number;
  /** Index space that grows it, null for scratch. */
  readonly rows: string | null;
  /** Elements of a new store's column. */
  readonly length: number;
  /** Row count stored by snapshots, null when not stored. */
  readonly snapshot: string | null;
  /** Computed again by snapshot restore instead of stored (ColumnDecl.derived). */
  readonly derived: boolean;
  readonly shared: boolean;
}

const lists = new WeakMap<ColumnSpec, readonly ColumnInfo[]>();

/** The columns of `spec` in declaration order (computed once per spec). */
export function columnList(spec: ColumnSpec): readonly ColumnInfo[] {
  let list = lists.get(spec);
  if (list === undefined) {
    list = Object.keys(spec).map((name): ColumnInfo => {
      const d = spec[name];
      const width = d.width ?? 1;
      return {
        name,
        type: d.type,
        width,
        initial: d.initial ?? 0,
        rows: d.rows ?? null,
        length: d.length ?? INITIAL_ROWS * width,
        snapshot: d.snapshot ?? null,
        derived: d.derived === true,
        shared: d.shared === true,
      };
    });
    lists.set(spec, list);
  }
  return list;
}

/** A new column of `length` elements, all `fill`. */
export function newColumn(type: ElementType, length: number, fill: number): AnyColumn {
  const a =
    type === 'f64'
      ? new Float64Array(length)
      : type === 'f32'
        ? new Float32Array(length)
        : type === 'i32'
          ? new Int32Array(length)
          : type === 'u32'
            ? new Uint32Array(length)
            : new Uint8Array(length);
  if (fill !== 0) a.fill(fill);
  return a;
}

/**
 * `a` when it holds at least `minLength` elements, else a copy with its capacity doubled until it does (grow.ts), the
 * new elements `fill`. Columns are replaced, not resized in place: read them from their store
 * after any call that may grow them.
 */
export function growColumn(type: ElementType, a: AnyColumn, minLength: number, fill: number): AnyColumn {
  if (a.length >= minLength) return a;
  const b = newColumn(type, doubledCapacity(a.length, minLength), fill);
  b.set(a as never);
  return b;
}
