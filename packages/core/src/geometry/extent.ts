import { GEOMETRY_STRIDE, type GeometryStore } from './geometry-store.js';

/**
 * Smallest extent of shape row `row` (m), written to out[o]: how far its surface is from its centroid at the
 * closest. A circle's or capsule's radius (a segment's is 0); for a polygon the smallest distance from the centroid
 * to an edge line, plus the rounding radius. Continuous collision compares a body's motion per step with it (Box2D
 * v3 does the same): a shape that moves less than a fraction of it cannot skip over anything. The result goes to
 * an array (docs/design/v8-hot-code.md, rule 1).
 */
export function computeShapeMinExtent(store: GeometryStore, row: number, out: Float64Array, o: number): void {
  const count = store.count[row];
  const r = store.radius[row];
  if (count < 3) {
    out[o] = r;
    return;
  }
  const base = store.slot[row] * GEOMETRY_STRIDE;
  const v = store.verts;
  const n = store.normals;
  const cx = store.centroid[2 * row];
  const cy = store.centroid[2 * row + 1];
  let extent = 1e300;
  for (let i = 0; i < count; i++) {
    const d = n[base + 2 * i] * (v[base + 2 * i] - cx) + n[base + 2 * i + 1] * (v[base + 2 * i + 1] - cy);
    if (d < extent) extent = d;
  }
  out[o] = extent + r;
}

/**
 * Reach of shape row `row`'s core vertices from its body's origin (m), written to out[o]: the largest |x| + |y| over
 * them, in the body frame, which bounds each one's distance from the origin (never below it, and with no square root).
 * The rounding radius is not included. The narrowphase's separation cache turns a relative rotation into a bound on
 * how far the vertices moved with it.
 */
export function computeShapeVertexReach(store: GeometryStore, row: number, out: Float64Array, o: number): void {
  const base = store.slot[row] * GEOMETRY_STRIDE;
  const count = store.count[row];
  const v = store.verts;
  let reach = 0;
  for (let i = 0; i < count; i++) {
    const r = Math.abs(v[base + 2 * i]) + Math.abs(v[base + 2 * i + 1]);
    if (r > reach) reach = r;
  }
  out[o] = reach;
}

/**
 * Length (m) of shape row `row` projected onto the body-frame unit direction (lx, ly): the spread of its core
 * vertices along it plus twice the rounding radius (a circle's diameter, a capsule's length along it plus its width).
 * An explosion's push on a shape is proportional to it, taken across the direction to the centre (the perimeter the
 * blast faces), as Box2D v3's b2World_Explode.
 */
export function computeShapeProjectedLength(store: GeometryStore, row: number, lx: number, ly: number): number {
  const base = store.slot[row] * GEOMETRY_STRIDE;
  const count = store.count[row];
  const v = store.verts;
  let lower = 1e300;
  let upper = -1e300;
  for (let i = 0; i < count; i++) {
    const d = v[base + 2 * i] * lx + v[base + 2 * i + 1] * ly;
    if (d < lower) lower = d;
    if (d > upper) upper = d;
  }
  return upper - lower + 2 * store.radius[row];
}
