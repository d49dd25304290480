/**
 * Closest points between segments p1–q1 and p2–q2 (Ericson, Real-Time Collision Detection 5.1.9). Writes the
 * fractions along each segment to out[0], out[1] and returns the squared distance. Exact 0 or 1 fractions mark a
 * vertex as closest, which callers use to pick vertex–vertex contacts. Segments must have non-zero length.
 */
export function segmentDistance(
  p1x: number,
  p1y: number,
  q1x: number,
  q1y: number,
  p2x: number,
  p2y: number,
  q2x: number,
  q2y: number,
  out: Float64Array,
): number {
  const d1x = q1x - p1x;
  const d1y = q1y - p1y;
  const d2x = q2x - p2x;
  const d2y = q2y - p2y;
  const rx = p1x - p2x;
  const ry = p1y - p2y;
  const dd1 = d1x * d1x + d1y * d1y;
  const dd2 = d2x * d2x + d2y * d2y;
  const rd1 = rx * d1x + ry * d1y;
  const rd2 = rx * d2x + ry * d2y;
  const d12 = d1x * d2x + d1y * d2y;
  const denominator = dd1 * dd2 - d12 * d12;

  // Parallel segments (denominator 0) have many closest pairs; f1 = 0 picks one deterministically.
  let f1 = 0;
  if (denominator !== 0) f1 = clamp01((d12 * rd2 - rd1 * dd2) / denominator);
  let f2 = (d12 * f1 + rd2) / dd2;
  // Clamping f2 moves the point on segment 2, so f1 must be recomputed for it.
  if (f2 < 0) {
    f2 = 0;
    f1 = clamp01(-rd1 / dd1);
  } else if (f2 > 1) {
    f2 = 1;
    f1 = clamp01((d12 - rd1) / dd1);
  }
  out[0] = f1;
  out[1] = f2;
  const cx = p1x + f1 * d1x - (p2x + f2 * d2x);
  const cy = p1y + f1 * d1y - (p2y + f2 * d2y);
  return cx * cx + cy * cy;
}

function clamp01(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : x;
}
