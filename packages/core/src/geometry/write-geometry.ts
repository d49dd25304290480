import { GEOMETRY_STRIDE, type GeometryStore } from './geometry-store.js';
import type { ShapeGeometry } from './shape-geometry.js';

const vertsScratch = new Float64Array(GEOMETRY_STRIDE);
const normalsScratch = new Float64Array(GEOMETRY_STRIDE);

/**
 * Copies `g` into row `row` of the store (growing it as needed). The vertices and normals go to a slot shared with
 * every row of the same vertices and normals (GeometryStore.intern), or, with `shared` false, to the row's own slot
 * (slot = row: for a scratch store that rewrites one row per call and must not allocate). Unused vertex slots are
 * zero. All of `g.vertices` and `g.normals` is copied, which may be more than `count` vertices: a chain segment keeps
 * its ghost vertices and normals in slots 2 and 3 (see GeometryStore).
 */
export function writeGeometry(store: GeometryStore, row: number, g: ShapeGeometry, shared = true): void {
  store.reserve(row + 1);
  store.type[row] = g.type;
  store.count[row] = g.count;
  store.radius[row] = g.radius;
  store.centroid[2 * row] = g.centroid.x;
  store.centroid[2 * row + 1] = g.centroid.y;
  const nv = g.vertices.length;
  const nn = g.normals.length;
  for (let i = 0; i < GEOMETRY_STRIDE; i++) {
    vertsScratch[i] = i < nv ? g.vertices[i] : 0;
    normalsScratch[i] = i < nn ? g.normals[i] : 0;
  }
  if (shared) {
    store.intern(row, vertsScratch, normalsScratch);
  } else {
    store.reserveSlots(row + 1);
    store.verts.set(vertsScratch, row * GEOMETRY_STRIDE);
    store.normals.set(normalsScratch, row * GEOMETRY_STRIDE);
    store.slot[row] = row;
  }
}
