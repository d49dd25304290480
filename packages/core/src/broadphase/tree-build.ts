/**
 * The plan of a tree rebuild by median split: which leaves pair up, in what order, with no tree touched. The tree
 * (DynamicTree.rebuild) then runs the plan, allocating and refitting one inner node per join.
 *
 * Each range of leaves is split at its middle along the longer side of its leaves' centres, so both halves differ in
 * size by at most one and the result is AVL-balanced. Instead of a selection per range (quickselect moved every leaf
 * of a range, with its two centres, at every level), the leaves are sorted once along each axis, and a split keeps
 * both orders by a stable partition of the other axis's list: sequential passes over small integer arrays. A rebuild
 * of the smash scene's 9,600 leaves went from about 5 ms to 2.7 (AMD EPYC). Splitting the ranges of one Morton-order
 * sort instead took half that again, but gave looser boxes: the pair join then ran 50% longer. The centres are quantized to 16 bits over the larger side of their bounds, so two leaves
 * closer than 1/65,536 of it may be ordered by index rather than by position: the halves are then as good, and the
 * plan depends only on the inputs.
 */
export class SplitPlanner {
  /**
   * The plan, post-order, `2 · count − 1` entries: an index into the caller's leaves (push that leaf) or -1 (join the
   * two last pushed: the earlier one is the first child).
   */
  plan = new Int32Array(0);

  private keyX = new Int32Array(0);
  private keyY = new Int32Array(0);
  private byX = new Int32Array(0);
  private byY = new Int32Array(0);
  private scratch = new Int32Array(0);
  private side = new Uint8Array(0);
  private frames = new Int32Array(0);
  private readonly digitCount = new Int32Array(256);

  /** Plans the build over centres (cx[i], cy[i]), i below `count` (at least 1); returns the plan's length. */
  build(cx: Float64Array, cy: Float64Array, count: number): number {
    this.reserve(count);
    this.quantize(cx, cy, count);
    this.sortBy(this.keyX, this.byX, count);
    this.sortBy(this.keyY, this.byY, count);
    return this.split(count);
  }

  private reserve(count: number): void {
    if (this.keyX.length >= count) return;
    const n = Math.max(count, 2 * this.keyX.length);
    this.keyX = new Int32Array(n);
    this.keyY = new Int32Array(n);
    this.byX = new Int32Array(n);
    this.byY = new Int32Array(n);
    this.scratch = new Int32Array(n);
    this.side = new Uint8Array(n);
    this.plan = new Int32Array(2 * n);
    // Per level down: a range's revisit, its right half and its left half (3 frames of 3).
    this.frames = new Int32Array(9 * (34 - Math.clz32(n)));
  }

  /** keyX, keyY = centres as integers in [0, 65535], one scale for both axes so that their extents compare. */
  private quantize(cx: Float64Array, cy: Float64Array, count: number): void {
    let x0 = cx[0],
      x1 = x0,
      y0 = cy[0],
      y1 = y0;
    for (let i = 1; i < count; i++) {
      const x = cx[i],
        y = cy[i];
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
    const range = Math.max(x1 - x0, y1 - y0);
    const scale = range > 0 ? 65535 / range : 0;
    const keyX = this.keyX,
      keyY = this.keyY;
    for (let i = 0; i < count; i++) {
      // Math.min: (x1 − x0)·scale may round a hair above 65535.
      keyX[i] = Math.min(65535, Math.floor((cx[i] - x0) * scale));
      keyY[i] = Math.min(65535, Math.floor((cy[i] - y0) * scale));
    }
  }

  /** out = 0 … count−1 ordered by key, stably (two counting passes, low byte then high byte). */
  private sortBy(key: Int32Array, out: Int32Array, count: number): void {
    const tmp = this.scratch;
    const digits = this.digitCount;
    // Out to scratch by the low byte, back to out by the high byte.
    for (let i = 0; i < count; i++) out[i] = i;
    for (let shift = 0; shift < 16; shift += 8) {
      const from = shift === 0 ? out : tmp;
      const to = shift === 0 ? tmp : out;
      digits.fill(0);
      for (let i = 0; i < count; i++) digits[(key[from[i]] >> shift) & 255]++;
      let sum = 0;
      for (let d = 0; d < 256; d++) {
        const c = digits[d];
        digits[d] = sum;
        sum += c;
      }
      for (let i = 0; i < count; i++) {
        const v = from[i];
        to[digits[(key[v] >> shift) & 255]++] = v;
      }
    }
  }

  /** The splits, ranges on a frame stack of (lo, hi, state): state 1 means "both halves planned: join them". */
  private split(count: number): number {
    const frames = this.frames,
      plan = this.plan,
      byX = this.byX,
      byY = this.byY,
      keyX = this.keyX,
      keyY = this.keyY,
      side = this.side;
    let fp = 0;
    let n = 0;
    frames[fp++] = 0;
    frames[fp++] = count;
    frames[fp++] = 0;
    while (fp > 0) {
      fp -= 3;
      const lo = frames[fp],
        hi = frames[fp + 1],
        state = frames[fp + 2];
      if (hi - lo === 1) {
        plan[n++] = byX[lo]; // one leaf: the same in both orders
        continue;
      }
      if (state === 1) {
        plan[n++] = -1;
        continue;
      }
      const mid = lo + ((hi - lo) >> 1);
      // Split along the longer side of the centres' bounds (x on a tie); the other order keeps its sort.
      const alongX = keyX[byX[hi - 1]] - keyX[byX[lo]] >= keyY[byY[hi - 1]] - keyY[byY[lo]];
      const sorted = alongX ? byX : byY;
      const other = alongX ? byY : byX;
      for (let k = lo; k < mid; k++) side[sorted[k]] = 0;
      for (let k = mid; k < hi; k++) side[sorted[k]] = 1;
      this.partition(other, lo, hi, mid);
      frames[fp + 2] = 1;
      fp += 3;
      frames[fp++] = mid;
      frames[fp++] = hi;
      frames[fp++] = 0;
      frames[fp++] = lo;
      frames[fp++] = mid;
      frames[fp++] = 0;
    }
    return n;
  }

  /**
   * Stable partition of list[lo, hi): side 0 first (mid − lo of them), then side 1. Each of its two loops is a
   * function of its own: V8 compiles a long loop on-stack-replacement and keeps that code for the next entry, and code
   * after the loop that had never run when it was compiled (here the copy back) deoptimised it on every call,
   * 111 to 512 times in 50 steps of the spinner scene and 115 in 300 of smash (Node 20).
   */
  private partition(list: Int32Array, lo: number, hi: number, mid: number): void {
    const right = this.splitSides(list, lo, hi);
    copyRun(this.scratch, list, mid, right);
  }

  /** Side 0 of list[lo, hi) packed from lo on, side 1 into scratch from 0, both in order; returns side 1's count. */
  private splitSides(list: Int32Array, lo: number, hi: number): number {
    const side = this.side,
      tmp = this.scratch;
    let left = lo;
    let right = 0;
    // Written to both places and only the right count advanced: no branch to mispredict on a coin-flip side.
    for (let k = lo; k < hi; k++) {
      const v = list[k];
      const d = side[v];
      list[left] = v;
      tmp[right] = v;
      left += 1 - d;
      right += d;
    }
    return right;
  }
}

/** to[at …] = from[0 … count). */
function copyRun(from: Int32Array, to: Int32Array, at: number, count: number): void {
  for (let k = 0; k < count; k++) to[at + k] = from[k];
}
