import { growF64 } from '../storage/grow.js';

/**
 * A flat, growable list of fixed-size event records in one Float64Array (handles and ids are exact in a double).
 * Filled during a step, cleared at the start of the next: read `data[i * stride + field]` for i < count. It only
 * grows, so steady-state steps allocate nothing for events.
 */
export class EventBuffer {
  data: Float64Array;
  count = 0;
  constructor(readonly stride: number) {
    this.data = new Float64Array(16 * stride);
  }

  /** Reserves the next record and returns its offset in `data` (re-read `data` afterwards: it may have grown). */
  push(): number {
    const o = this.count * this.stride;
    if (o + this.stride > this.data.length) this.data = growF64(this.data, o + this.stride);
    this.count++;
    return o;
  }

  clear(): void {
    this.count = 0;
  }
}
