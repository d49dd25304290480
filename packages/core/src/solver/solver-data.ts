import { IntBuffer } from '../broadphase/int-buffer.js';
import { growF64, growI32 } from '../storage/grow.js';
import { BI_STRIDE, BS_STRIDE, CC_STRIDE, SP_STRIDE } from './solver-layout.js';

/**
 * Per-world solver scratch, rebuilt every step by the prepare stage and consumed by the solve stage. Grows by
 * doubling and is never shrunk, so steps after warm-up allocate nothing.
 */
export class SolverData {
  /** Dense body states (BS_STRIDE per body); record 0 is the static dummy and stays zero. */
  states = new Float64Array(16 * BS_STRIDE);
  /** Dense integration constants (BI_STRIDE per body). */
  integration = new Float64Array(16 * BI_STRIDE);
  /** Body states in use, including the dummy record 0. */
  bodyCount = 1;
  /** Solver index per entity id: 0 for static bodies and bodies outside the solver. */
  indexOf = new Int32Array(16);
  /** Contact constraints (CC_STRIDE per constraint). */
  contacts = new Float64Array(16 * CC_STRIDE);
  contactCount = 0;
  /** Per-step scalars (SP_* in solver-layout.ts): substep length, speed limits, thresholds. */
  readonly params = new Float64Array(SP_STRIDE);
  /** Solver indices of the bodies that moved fast this step (finalize lists them; continuous collision sweeps them). */
  readonly fastBodies = new IntBuffer();

  /** Scratch of the sleep stage's union–find over body state indices: parent links and each root's least rest time. */
  islandParent = new Int32Array(16);
  islandMinSleep = new Float64Array(16);

  reserveBodies(n: number): void {
    this.islandParent = growI32(this.islandParent, n);
    this.islandMinSleep = growF64(this.islandMinSleep, n);
    this.states = growF64(this.states, n * BS_STRIDE);
    this.integration = growF64(this.integration, n * BI_STRIDE);
  }

  reserveEntities(maxEid: number): void {
    this.indexOf = growI32(this.indexOf, maxEid + 1);
  }

  reserveContacts(n: number): void {
    this.contacts = growF64(this.contacts, n * CC_STRIDE);
  }
}
