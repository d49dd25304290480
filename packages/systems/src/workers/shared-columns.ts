import {
  BODY_COLUMNS,
  BROADPHASE_COLUMNS,
  CONTACT_COLUMNS,
  GEOMETRY_COLUMNS,
  JF_COUNT,
  JOINT_COLUMNS,
  SHAPE_COLUMNS,
  SOLVER_COLUMNS,
  TRANSFORM_COLUMNS,
  columnList,
  type ColumnSpec,
} from '@impulse2d/core/internal';
import type { StepView } from './job-control.js';

/** A typed-array column a parallel stage reads or writes. */
export type Column = Float64Array | Float32Array | Int32Array | Uint8Array | Uint32Array;

/** The object that holds a column, found from the step's state (a PhysicsState or a worker's view of it). */
type Owner = (v: StepView) => object;

/** A store the parallel stages read: where it sits in the step's state, and its column spec. */
export interface SharedStore {
  readonly owner: Owner;
  readonly spec: ColumnSpec;
}

/**
 * The stores whose columns the parallel stages (collideChunk, joinChunk, solveRange) touch. Which of a store's
 * columns they touch is its spec's business (`shared: true`); the trees and the pair table hand theirs over
 * themselves (DynamicTree.queryColumn, PairSet.slotColumn), and the joints' parameter columns follow JF_COUNT.
 */
export const SHARED_STORES: readonly SharedStore[] = [
  { owner: (v) => v.bodies, spec: BODY_COLUMNS },
  { owner: (v) => v.bodies.transform, spec: TRANSFORM_COLUMNS },
  { owner: (v) => v.shapes, spec: SHAPE_COLUMNS },
  { owner: (v) => v.shapes.geometry, spec: GEOMETRY_COLUMNS },
  { owner: (v) => v.contacts, spec: CONTACT_COLUMNS },
  { owner: (v) => v.broadphase, spec: BROADPHASE_COLUMNS },
  { owner: (v) => v.solverData, spec: SOLVER_COLUMNS },
  { owner: (v) => v.joints, spec: JOINT_COLUMNS },
];

/** The joints' parameter columns (JointStore.f), by index. */
const jointParameters: Owner = (v) => v.joints.f;

/**
 * Every column the parallel stages touch, as (owner, property): each shared column of SHARED_STORES' specs, then the
 * joints' parameter columns. The main thread sends these to its workers whenever one of them is replaced (a store
 * grew, a snapshot was restored); a worker puts each into its own view (worker-view.ts) under the same name, so the
 * same chunk code runs on either side. A column a stage reads on a worker but its spec does not mark shared is
 * missing from the worker's view type (a type error where the view is built); the worker-count tests compare bits
 * against one thread on scenes that grow every store.
 */
export const SHARED_COLUMNS: ReadonlyArray<readonly [Owner, string]> = [
  ...SHARED_STORES.flatMap((store) =>
    columnList(store.spec)
      .filter((c) => c.shared)
      .map((c) => [store.owner, c.name] as const),
  ),
  ...Array.from({ length: JF_COUNT }, (_, i) => [jointParameters, String(i)] as const),
];

/** Column `i` of SHARED_COLUMNS in `v`. */
export function readColumn(v: StepView, i: number): Column {
  const [owner, key] = SHARED_COLUMNS[i];
  return (owner(v) as Record<string, Column>)[key];
}

/** Puts `column` as column `i` of SHARED_COLUMNS into `v`. */
export function writeColumn(v: StepView, i: number, column: Column): void {
  const [owner, key] = SHARED_COLUMNS[i];
  (owner(v) as Record<string, Column>)[key] = column;
}
