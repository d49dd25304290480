import {
  BODY_COLUMNS,
  BROADPHASE_COLUMNS,
  ContactStore,
  DynamicTree,
  GeometryStore,
  IntBuffer,
  JF_COUNT,
  JOINT_COLUMNS,
  SHAPE_COLUMNS,
  SOLVER_COLUMNS,
  TRANSFORM_COLUMNS,
  createManifold,
  sharedView,
  type SharedColumns,
} from '@impulse2d/core/internal';
import type { StepView } from './job-control.js';
import type { instantiateKernel } from '../wasm/contact-kernel.js';

/** A worker's solver columns, and its own instance of the solver kernel over the world's shared kernel memory. */
export type WorkerSolverData = SharedColumns<typeof SOLVER_COLUMNS> & {
  kernel: ReturnType<typeof instantiateKernel> | null;
  kernelMemory: WebAssembly.Memory | null;
  statesAddress: number;
  integrationAddress: number;
  pinsAddress: number;
  contactsAddress: number;
};

/** A step worker's view of the world. */
export type WorkerView = StepView & { readonly solverData: WorkerSolverData };

/**
 * A step worker's view of the world: each store's shared columns (empty until the first 'columns' message, which
 * puts the world's into it by SHARED_COLUMNS), built from the same specs the main thread's stores are; the contact
 * table and the geometry are stores of the same classes the main thread steps with. The scratch (manifold, pose,
 * query results) is the thread's own.
 */
export function createWorkerView(): WorkerView {
  const solverData: WorkerSolverData = sharedView(SOLVER_COLUMNS, {
    kernel: null as WorkerSolverData['kernel'],
    kernelMemory: null as WebAssembly.Memory | null,
    statesAddress: 0,
    integrationAddress: 0,
    pinsAddress: 0,
    contactsAddress: 0,
  });
  return {
    contacts: new ContactStore(),
    shapes: sharedView(SHAPE_COLUMNS, { geometry: new GeometryStore() }),
    bodies: sharedView(BODY_COLUMNS, { transform: sharedView(TRANSFORM_COLUMNS, {}) }),
    broadphase: sharedView(BROADPHASE_COLUMNS, {
      trees: [new DynamicTree(), new DynamicTree()],
      queryResults: new IntBuffer(),
    }),
    manifold: createManifold(),
    pose: new Float64Array(8),
    solverData,
    joints: sharedView(JOINT_COLUMNS, { f: Array.from({ length: JF_COUNT }, () => new Float64Array(0)) }),
  };
}
