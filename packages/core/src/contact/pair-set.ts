import { growI32 } from '../storage/grow.js';

/**
 * Open-addressing hash map from an unordered shape pair to a contact id, in typed arrays. Only used for membership
 * and look-up, never iterated, so its internal order cannot leak into the simulation (determinism).
 */
export class PairSet {
  private keyA = new Int32Array(64).fill(-1);
  private keyB = new Int32Array(64);
  private value = new Int32Array(64);
  private mask = 63;
  /** Live entries. */
  count = 0;
  /** Tombstones count as used for the load factor. */
  private used = 0;

  private static hash(a: number, b: number): number {
    return (Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77)) >>> 0;
  }

  /** Contact id of the pair (a < b), or -1. */
  get(a: number, b: number): number {
    const keyA = this.keyA;
    const keyB = this.keyB;
    const mask = this.mask;
    let i = PairSet.hash(a, b) & mask;
    for (;;) {
      const k = keyA[i]!;
      if (k === -1) return -1;
      if (k === a && keyB[i] === b) return this.value[i]!;
      i = (i + 1) & mask;
    }
  }

  /** Adds the pair (a < b) → value; the pair must not be present. */
  add(a: number, b: number, value: number): void {
    if ((this.used + 1) * 2 > this.mask + 1) this.rehash((this.count + 1) * 2 > (this.mask + 1) / 2 ? (this.mask + 1) * 2 : this.mask + 1);
    const keyA = this.keyA;
    const mask = this.mask;
    let i = PairSet.hash(a, b) & mask;
    // Reuse the first tombstone (-2) or empty slot.
    while (keyA[i]! >= 0) i = (i + 1) & mask;
    if (keyA[i] === -1) this.used++;
    keyA[i] = a;
    this.keyB[i] = b;
    this.value[i] = value;
    this.count++;
  }

  /** Removes the pair (a < b) if present. */
  remove(a: number, b: number): void {
    const keyA = this.keyA;
    const keyB = this.keyB;
    const mask = this.mask;
    let i = PairSet.hash(a, b) & mask;
    for (;;) {
      const k = keyA[i]!;
      if (k === -1) return;
      if (k === a && keyB[i] === b) {
        keyA[i] = -2; // tombstone keeps probe chains intact
        this.count--;
        return;
      }
      i = (i + 1) & mask;
    }
  }

  private rehash(size: number): void {
    const oldA = this.keyA;
    const oldB = this.keyB;
    const oldV = this.value;
    this.keyA = new Int32Array(size).fill(-1);
    this.keyB = growI32(new Int32Array(0), size);
    this.value = growI32(new Int32Array(0), size);
    this.mask = size - 1;
    this.count = 0;
    this.used = 0;
    for (let i = 0; i < oldA.length; i++) {
      const a = oldA[i]!;
      if (a >= 0) this.add(a, oldB[i]!, oldV[i]!);
    }
  }
}
