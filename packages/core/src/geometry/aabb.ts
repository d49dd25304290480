import { GEOMETRY_STRIDE, type GeometryStore } from './geometry-store.js';

/**
 * World AABB of one shape row on a body whose pose is pose[0..3] = origin x, y, cos, sin: writes minX, minY, maxX,
 * maxY at out[o..o+3], including the rounding radius. Allocation-free (called for every moving shape each step); the
 * pose is an array (docs/design/v8-hot-code.md, rule 1).
 */
export function computeShapeAABB(
  store: GeometryStore,
  row: number,
  pose: Float64Array,
  out: Float64Array,
  o: number,
): void {
  const px = pose[0];
  const py = pose[1];
  const c = pose[2];
  const s = pose[3];
  const count = store.count[row];
  const r = store.radius[row];
  const v = store.verts;
  const base = store.slot[row] * GEOMETRY_STRIDE;
  let x = v[base];
  let y = v[base + 1];
  let minX = c * x - s * y;
  let minY = s * x + c * y;
  let maxX = minX;
  let maxY = minY;
  for (let i = 1; i < count; i++) {
    x = v[base + 2 * i];
    y = v[base + 2 * i + 1];
    const wx = c * x - s * y;
    const wy = s * x + c * y;
    if (wx < minX) minX = wx;
    else if (wx > maxX) maxX = wx;
    if (wy < minY) minY = wy;
    else if (wy > maxY) maxY = wy;
  }
  out[o] = px + minX - r;
  out[o + 1] = py + minY - r;
  out[o + 2] = px + maxX + r;
  out[o + 3] = py + maxY + r;
}
