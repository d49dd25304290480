/**
 * A growable list of 32-bit integers: the output buffer of tree queries and ray casts. It never shrinks, so once it
 * has grown to the largest result a caller sees, filling it again allocates nothing. Read `data[0 .. count)`; `data`
 * is replaced when the buffer grows, so re-read it after any `push`.
 */
export class IntBuffer {
  /** Backing store; only the first `count` entries are meaningful. */
  data: Int32Array;
  /** Number of valid entries. */
  count = 0;

  constructor(initialCapacity = 16) {
    this.data = new Int32Array(initialCapacity > 0 ? initialCapacity : 16);
  }

  /** Appends `v`, doubling the capacity when full. */
  push(v: number): void {
    if (this.count === this.data.length) this.grow(this.count + 1);
    this.data[this.count++] = v;
  }

  /** Forgets the contents; keeps the capacity. */
  clear(): void {
    this.count = 0;
  }

  /** Makes room for at least `capacity` entries without changing `count`. */
  reserve(capacity: number): void {
    if (capacity > this.data.length) this.grow(capacity);
  }

  // Kept out of `push` so the common path stays tiny and inlinable.
  private grow(minLength: number): void {
    let n = this.data.length > 0 ? this.data.length * 2 : 16;
    while (n < minLength) n *= 2;
    const b = new Int32Array(n);
    b.set(this.data);
    this.data = b;
  }
}
