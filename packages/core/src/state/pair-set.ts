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
  /**
   * slotOf[value] = the slot holding the entry of that value. Values are contact ids (small, dense, one entry each),
   * so a contact is removed by its id with one store to its slot: no hash and no probe, whose reads missed the cache
   * (the table is larger than L2) on every contact a step destroys (about 1,100 a step in a tumbling pile).
   */
  private slotOf = new Int32Array(64);

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
      const k = slots[o];
      if (k === EMPTY) return -1;
      if (k === a && slots[o + 1] === b) return slots[o + 2];
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
    while (slots[i * SLOT] >= 0) i = (i + 1) & mask;
    const o = i * SLOT;
    if (slots[o] === EMPTY) this.used++;
    slots[o] = a;
    slots[o + 1] = b;
    slots[o + 2] = value;
    this.count++;
    if (value >= this.slotOf.length) this.growSlotOf(value + 1);
    this.slotOf[value] = i;
  }

  /**
   * Reads the first slot each of `n` pairs (a < b, at pairs[2i], pairs[2i + 1]) probes, before they are added: loads
   * that depend on nothing, so the CPU overlaps their cache misses, where the adds, each behind a contact's other
   * writes, would meet them one by one. Returns what it read, only so that the reads are kept.
   */
  touch(pairs: Int32Array, n: number): number {
    const slots = this.slots;
    const mask = this.mask;
    let seen = 0;
    for (let i = 0; i < n; i++) seen |= slots[(PairSet.hash(pairs[2 * i], pairs[2 * i + 1]) & mask) * SLOT];
    return seen;
  }

  /** Removes the entry whose value is `value`; it must be present. */
  removeValue(value: number): void {
    // A tombstone keeps the probe chains through this slot intact.
    this.slots[this.slotOf[value] * SLOT] = TOMBSTONE;
    this.count--;
  }

  /**
   * Gives the entry of each value v below `end` the value newValue[v] (−1: v has no entry); new values are at most
   * the old ones (the contact rows were packed: compactContacts). In ascending order, slotOf is updated in place.
   */
  renumberAll(newValue: Int32Array, end: number): void {
    const slots = this.slots;
    const slotOf = this.slotOf;
    for (let v = 0; v < end; v++) {
      const to = newValue[v];
      if (to < 0) continue;
      const slot = slotOf[v];
      slots[slot * SLOT + 2] = to;
      slotOf[to] = slot;
    }
  }

  /** Whether the entry of `value` is the pair (a < b) and sits where slotOf says (for world validation). */
  holdsAt(a: number, b: number, value: number): boolean {
    if (value >= this.slotOf.length) return false;
    const o = this.slotOf[value] * SLOT;
    return this.slots[o] === a && this.slots[o + 1] === b && this.slots[o + 2] === value;
  }

  private growSlotOf(n: number): void {
    const grown = new Int32Array(Math.max(n, this.slotOf.length * 2));
    grown.set(this.slotOf);
    this.slotOf = grown;
  }

  private rehash(size: number): void {
    const old = this.slots;
    if (size * SLOT === old.length) {
      this.purge();
      return;
    }
    this.slots = newSlots(size);
    this.mask = size - 1;
    this.count = 0;
    this.used = 0;
    for (let o = 0; o < old.length; o += SLOT) {
      const a = old[o];
      if (a >= 0) this.add(a, old[o + 1], old[o + 2]);
    }
  }

  /** Scratch of purge: the live entries, three ints each. */
  private live = new Int32Array(0);

  /**
   * Clears the tombstones without a new table: the live entries go out to a scratch in slot order, the table is
   * emptied and they come back in that order, so it ends as a rehash into a new table of the same size would leave
   * it. In a scene with contacts coming and going (the spinner: 1,400 a step) this happens every 40 steps or so, and a
   * new table each time (0.8 MB there) was garbage, and for a world with step workers a column to hand them again.
   */
  private purge(): void {
    const slots = this.slots;
    if (this.live.length < this.count * 3) this.live = new Int32Array(Math.max(this.count * 3, this.live.length * 2));
    const live = this.live;
    let n = 0;
    for (let o = 0; o < slots.length; o += SLOT) {
      const a = slots[o];
      if (a < 0) continue;
      live[n] = a;
      live[n + 1] = slots[o + 1];
      live[n + 2] = slots[o + 2];
      n += 3;
    }
    for (let o = 0; o < slots.length; o += SLOT) slots[o] = EMPTY;
    this.count = 0;
    this.used = 0;
    for (let k = 0; k < n; k += 3) this.add(live[k], live[k + 1], live[k + 2]);
  }
}

function newSlots(size: number): Int32Array {
  const slots = new Int32Array(size * SLOT);
  for (let o = 0; o < slots.length; o += SLOT) slots[o] = EMPTY;
  return slots;
}
