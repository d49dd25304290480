import { JF_COUNT } from '@impulse2d/core/internal';
import type { StepView } from './job-control.js';

/** A typed-array column a parallel stage reads or writes. */
export type Column = Float64Array | Float32Array | Int32Array | Uint8Array | Uint32Array;

/** The object that holds a column, found from the step's state (a PhysicsState or a worker's view of it). */
type Owner = (v: StepView) => object;

const contacts: Owner = (v) => v.contacts;
const geometry: Owner = (v) => v.shapes.geometry;
const shapes: Owner = (v) => v.shapes;
const bodies: Owner = (v) => v.bodies;
const transform: Owner = (v) => v.bodies.transform;
const broadphase: Owner = (v) => v.broadphase;
const solverData: Owner = (v) => v.solverData;
const joints: Owner = (v) => v.joints;
/** The joints' parameter columns (JointStore.f), by index. */
const jointParameters: Owner = (v) => v.joints.f;

/**
 * Every column the parallel stages (collideChunk, joinChunk, solveRange) touch, as (owner, property), apart from the trees'
 * and the pair table's, which their classes hand over themselves (DynamicTree.queryColumn, PairSet.slotColumn). The
 * main thread sends these to its workers whenever one of them is replaced (a store grew, a snapshot was restored); a
 * worker puts each into its own view under the same name, so the same chunk code runs on either side. A column
 * missing here would be read stale by the workers: the worker-count tests compare bits against one thread on scenes
 * that grow every store.
 */
export const SHARED_COLUMNS: ReadonlyArray<readonly [Owner, string]> = [
  [contacts, 'shapeA'],
  [contacts, 'shapeB'],
  [contacts, 'bodyA'],
  [contacts, 'bodyB'],
  [contacts, 'flags'],
  [contacts, 'listIndex'],
  [contacts, 'pointCount'],
  [contacts, 'points'],
  [contacts, 'normalX'],
  [contacts, 'normalY'],
  [contacts, 'manifoldCache'],
  [contacts, 'cacheValid'],
  [contacts, 'chunkOut'],
  [contacts, 'chunkCounts'],
  [geometry, 'type'],
  [geometry, 'count'],
  [geometry, 'radius'],
  [geometry, 'centroid'],
  [geometry, 'slot'],
  [geometry, 'verts'],
  [geometry, 'normals'],
  [shapes, 'aabb'],
  [shapes, 'moved'],
  [bodies, 'flags'],
  [bodies, 'poses'],
  [transform, 'x'],
  [transform, 'y'],
  [transform, 'c'],
  [transform, 's'],
  [broadphase, 'moveFrom'],
  [broadphase, 'moveSlot'],
  [broadphase, 'pairChunkOut'],
  [broadphase, 'pairChunkCounts'],
  [broadphase, 'joinTasks'],
  // The solver's arrays: with the WebAssembly kernel, states, integration, pins and contacts are views of its shared
  // memory already.
  [solverData, 'states'],
  [solverData, 'contacts'],
  [solverData, 'integration'],
  [solverData, 'pins'],
  [solverData, 'centres'],
  [solverData, 'params'],
  [solverData, 'chunkFound'],
  [solverData, 'indexOf'],
  [solverData, 'constraintSlot'],
  // What the constraint builder reads besides (build-contact-constraints.ts).
  [contacts, 'list'],
  [contacts, 'friction'],
  [contacts, 'restitution'],
  [contacts, 'tangentSpeed'],
  [contacts, 'rollingResistance'],
  [bodies, 'localCenterX'],
  [bodies, 'localCenterY'],
  // What the write-back reads and writes besides (write-back-bodies.ts).
  [solverData, 'writeBackOut'],
  [solverData, 'writeBackCounts'],
  [bodies, 'vx'],
  [bodies, 'vy'],
  [bodies, 'w'],
  [bodies, 'centerX'],
  [bodies, 'centerY'],
  [bodies, 'forceX'],
  [bodies, 'forceY'],
  [bodies, 'torque'],
  [bodies, 'mass'],
  [bodies, 'inertia'],
  [bodies, 'maxExtent'],
  [bodies, 'minExtent'],
  [bodies, 'type'],
  [bodies, 'shapeHead'],
  [shapes, 'next'],
  // The joint passes (solve-joints.ts).
  [joints, 'constraints'],
  [joints, 'groupStart'],
  [joints, 'softness'],
  // What the joint record builder reads besides (joints/build-joint-records.ts).
  [bodies, 'invMass'],
  [bodies, 'invInertia'],
  [joints, 'type'],
  [joints, 'flags'],
  [joints, 'bodyA'],
  [joints, 'bodyB'],
  [joints, 'rowColour'],
  [joints, 'rowSlot'],
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
