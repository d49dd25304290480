/** Summary of a sample of per-step times, ms. */
export interface Summary {
  readonly median: number;
  readonly p95: number;
  readonly mean: number;
  readonly min: number;
  readonly max: number;
}

/** Nearest-rank percentile (0..100) of a sample; NaN for an empty one. */
export function percentile(sample: ArrayLike<number>, p: number): number {
  if (sample.length === 0) return NaN;
  const sorted = Float64Array.from(sample).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

/** Median as the mean of the two middle values for an even count. */
export function median(sample: ArrayLike<number>): number {
  const n = sample.length;
  if (n === 0) return NaN;
  const sorted = Float64Array.from(sample).sort();
  return n % 2 === 1 ? sorted[n >> 1] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
}

export function summarize(sample: ArrayLike<number>): Summary {
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < sample.length; i++) {
    const v = sample[i];
    sum += v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return { median: median(sample), p95: percentile(sample, 95), mean: sum / sample.length, min, max };
}

/** Round to `digits` decimals for compact JSON. */
export function round(value: number, digits = 4): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
