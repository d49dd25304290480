/**
 * In-place sort of n (a, b) pairs stored flat, by a then b. Insertion sort for the usual handful of new pairs; a
 * least-significant-digit radix sort (byte digits, b's then a's: each pass is stable, so the last key decides and
 * ties keep the order of the one before) when many arrive at once: a fast-moving pile creates thousands of pairs every
 * step (Box2D's smash scene: 7,700), where the heap sort used before took 3% of the step. The pairs are distinct, so
 * every correct sort gives the same order. Every id must be below `maxShape`.
 */
export function sortPairs(d: Int32Array, n: number, maxShape: number): void {
  if (n < 32) {
    for (let i = 1; i < n; i++) {
      const a = d[2 * i];
      const b = d[2 * i + 1];
      let j = i - 1;
      while (j >= 0 && (d[2 * j] > a || (d[2 * j] === a && d[2 * j + 1] > b))) {
        d[2 * j + 2] = d[2 * j];
        d[2 * j + 3] = d[2 * j + 1];
        j--;
      }
      d[2 * j + 2] = a;
      d[2 * j + 3] = b;
    }
    return;
  }
  if (sortScratch.length < 2 * n) sortScratch = new Int32Array(Math.max(2 * n, 2 * sortScratch.length));
  // Shape ids are below maxShape: only the bytes that can differ need a pass.
  const bytes = (32 - Math.clz32(maxShape) + 7) >> 3;
  let from = d;
  let to: Int32Array = sortScratch;
  for (let key = 1; key >= 0; key--) {
    for (let shift = 0; shift < 8 * bytes; shift += 8) {
      radixPass(from, to, n, key, shift);
      const t = from;
      from = to;
      to = t;
    }
  }
  // Two keys of `bytes` passes each: an even number of passes, so the result is back in `d`.
}

/** Scratch of the radix sort (pairs), reused by every world on this thread. */
let sortScratch = new Int32Array(256);
const digitCount = new Int32Array(256);

/** One stable counting pass of the radix sort: pairs of `from` by byte `shift` of element `key` (0 = a, 1 = b). */
function radixPass(from: Int32Array, to: Int32Array, n: number, key: number, shift: number): void {
  digitCount.fill(0);
  for (let i = 0; i < n; i++) digitCount[(from[2 * i + key] >>> shift) & 255]++;
  let sum = 0;
  for (let k = 0; k < 256; k++) {
    const c = digitCount[k];
    digitCount[k] = sum;
    sum += c;
  }
  for (let i = 0; i < n; i++) {
    const a = from[2 * i];
    const b = from[2 * i + 1];
    const digit = ((key === 0 ? a : b) >>> shift) & 255;
    const o = 2 * digitCount[digit];
    digitCount[digit]++;
    to[o] = a;
    to[o + 1] = b;
  }
}
