import type { HandleColumn } from '../handles.js';

/**
 * Capacity doubling for typed-array columns. Columns are replaced (not resized in place), so code must read a column
 * from its store each time rather than caching the array across calls that may grow it. Every column is backed by a
 * plain ArrayBuffer (never shared), hence the narrowing casts on the early returns.
 */
/** `bytes` rounded up to a whole cache line (64 bytes): where a region of a kernel's memory may start. */
export function lineAligned(bytes: number): number {
  return Math.ceil(bytes / 64) * 64;
}

/** The capacity a column of `current` entries grows to for `needed`: doubled from at least 16 until it suffices. */
export function doubledCapacity(current: number, needed: number): number {
  let n = Math.max(current, 16);
  while (n < needed) n *= 2;
  return n;
}

export function growF64(a: Float64Array, minLength: number): Float64Array<ArrayBuffer> {
  if (a.length >= minLength) return a as never;
  const n = doubledCapacity(a.length, minLength);
  const b = new Float64Array(n);
  b.set(a);
  return b;
}

/** A column of handles of one kind (HandleColumn): a Float64Array of `length` zeros. */
export function handleColumn<H extends number>(length: number): HandleColumn<H> {
  return new Float64Array(length) as HandleColumn<H>;
}

/** growF64 for a column of handles, keeping its handle type. */
export function growHandles<H extends number>(a: HandleColumn<H>, minLength: number): HandleColumn<H> {
  return growF64(a, minLength) as HandleColumn<H>;
}

export function growF32(a: Float32Array, minLength: number): Float32Array<ArrayBuffer> {
  if (a.length >= minLength) return a as never;
  const n = doubledCapacity(a.length, minLength);
  const b = new Float32Array(n);
  b.set(a);
  return b;
}

export function growI32(a: Int32Array, minLength: number, fill = 0): Int32Array<ArrayBuffer> {
  if (a.length >= minLength) return a as never;
  const n = doubledCapacity(a.length, minLength);
  const b = new Int32Array(n);
  if (fill !== 0) b.fill(fill, a.length);
  b.set(a);
  return b;
}

export function growU8(a: Uint8Array, minLength: number): Uint8Array<ArrayBuffer> {
  if (a.length >= minLength) return a as never;
  const n = doubledCapacity(a.length, minLength);
  const b = new Uint8Array(n);
  b.set(a);
  return b;
}

export function growU32(a: Uint32Array, minLength: number): Uint32Array<ArrayBuffer> {
  if (a.length >= minLength) return a as never;
  const n = doubledCapacity(a.length, minLength);
  const b = new Uint32Array(n);
  b.set(a);
  return b;
}
