/**
 * Closest points between segments p1–q1 and p2–q2 (Ericson, Real-Time Collision Detection 5.1.9), given as
 * seg = [p1x, p1y, q1x, q1y, p2x, p2y, q2x, q2y]. Writes the fractions along each segment to out[0], out[1] and the
 * squared distance to out[2]. Exact 0 or 1 fractions mark a vertex as closest, which callers use to pick
 * vertex–vertex contacts. Segments must have non-zero length. Arrays in and out (docs/design/v8-hot-code.md, rule 1):
 * this runs per contact per step.
 */
export function segmentDistance(seg: Float64Array, out: Float64Array): void {
  const p1x = seg[0];
  const p1y = seg[1];
  const q1x = seg[2];
  const q1y = seg[3];
  const p2x = seg[4];
  const p2y = seg[5];
  const q2x = seg[6];
  const q2y = seg[7];
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
  // Clamps are written inline: a helper returning a double would box it when not inlined.
  let f1 = 0;
  if (denominator !== 0) {
    f1 = (d12 * rd2 - rd1 * dd2) / denominator;
    f1 = f1 < 0 ? 0 : f1 > 1 ? 1 : f1;
  }
  let f2 = (d12 * f1 + rd2) / dd2;
  // Clamping f2 moves the point on segment 2, so f1 must be recomputed for it.
  if (f2 < 0) {
    f2 = 0;
    f1 = -rd1 / dd1;
    f1 = f1 < 0 ? 0 : f1 > 1 ? 1 : f1;
  } else if (f2 > 1) {
    f2 = 1;
    f1 = (d12 - rd1) / dd1;
    f1 = f1 < 0 ? 0 : f1 > 1 ? 1 : f1;
  }
  out[0] = f1;
  out[1] = f2;
  const cx = p1x + f1 * d1x - (p2x + f2 * d2x);
  const cy = p1y + f1 * d1y - (p2y + f2 * d2y);
  out[2] = cx * cx + cy * cy;
}
