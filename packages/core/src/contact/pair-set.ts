/**
 * Open-addressing hash map from an unordered shape pair to a contact id, in one typed array. Only used for
 * membership and look-up, never iterated, so its internal order cannot leak into the simulation (determinism).
 *
 * Each slot is SLOT ints — keyA, keyB, value, padding — side by side, so a probe costs one cache line rather than
 * one per column (the broadphase looks up every candidate pair of every moved proxy: on a tumbling pile this
 * look-up was most of the pair-finding time). The hash is finished with murmur3's mixer: neighbouring shapes have
 * neighbouring ids, and a bare multiply leaves the low bits that pick the slot depending only on the ids' low bits.
 */
const SLOT = 4;
const EMPTY = -1;
const TOMBSTONE = -2;

export class PairSet {
  private slots = newSlots(64);
  private mask = 63;
  /** Live entries. */
  count = 0;
  /** Tombstones count as used for the load factor. */
  private used = 0;

  private static hash(a: number, b: number): number {
    let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77);
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    return h | 0; // a small integer (int32), so nothing is boxed even when this call is not inlined
  }

  /** The table (for a worker thread's read-only copy: see adoptSlots). */
  get slotColumn(): Int32Array {
    return this.slots;
  }
  /** The table's index mask, which changes when it grows. */
  get slotMask(): number {
    return this.mask;
  }

  /** Replaces the table by `copy` of it (same contents, for example on shared memory); it goes on using the copy. */
  replaceSlots(copy: (column: Int32Array) => Int32Array): void {
    this.slots = copy(this.slots);
  }

  /** Makes this set a read-only view of another thread's table: only `get` may be used on it afterwards. */
  adoptSlots(slots: Int32Array, mask: number): void {
    this.slots = slots;
    this.mask = mask;
  }

  /** Contact id of the pair (a < b), or -1. */
  get(a: number, b: number): number {
    const slots = this.slots;
    const mask = this.mask;
    let i = PairSet.hash(a, b) & mask;
    for (;;) {
      const o = i * SLOT;
      const k = slots[o]!;
      if (k === EMPTY) return -1;
      if (k === a && slots[o + 1] === b) return slots[o + 2]!;
      i = (i + 1) & mask;
    }
  }

  /** Adds the pair (a < b) → value; the pair must not be present. */
  add(a: number, b: number, value: number): void {
    if ((this.used + 1) * 2 > this.mask + 1)
      this.rehash((this.count + 1) * 2 > (this.mask + 1) / 2 ? (this.mask + 1) * 2 : this.mask + 1);
    const slots = this.slots;
    const mask = this.mask;
    let i = PairSet.hash(a, b) & mask;
    // Reuse the first tombstone or empty slot.
    while (slots[i * SLOT]! >= 0) i = (i + 1) & mask;
    const o = i * SLOT;
    if (slots[o] === EMPTY) this.used++;
    slots[o] = a;
    slots[o + 1] = b;
    slots[o + 2] = value;
    this.count++;
  }

  /** Removes the pair (a < b) if present. */
  remove(a: number, b: number): void {
    const slots = this.slots;
    const mask = this.mask;
    let i = PairSet.hash(a, b) & mask;
    for (;;) {
      const o = i * SLOT;
      const k = slots[o]!;
      if (k === EMPTY) return;
      if (k === a && slots[o + 1] === b) {
        slots[o] = TOMBSTONE; // keeps probe chains intact
        this.count--;
        return;
      }
      i = (i + 1) & mask;
    }
  }

  private rehash(size: number): void {
    const old = this.slots;
    this.slots = newSlots(size);
    this.mask = size - 1;
    this.count = 0;
    this.used = 0;
    for (let o = 0; o < old.length; o += SLOT) {
      const a = old[o]!;
      if (a >= 0) this.add(a, old[o + 1]!, old[o + 2]!);
    }
  }
}

function newSlots(size: number): Int32Array {
  const slots = new Int32Array(size * SLOT);
  for (let o = 0; o < slots.length; o += SLOT) slots[o] = EMPTY;
  return slots;
}
