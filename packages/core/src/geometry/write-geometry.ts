import { GEOMETRY_STRIDE, type GeometryStore } from './geometry-store.js';
import type { ShapeGeometry } from './shape-geometry.js';

/**
 * Copies `g` into row `row` of the store (growing it as needed). Unused vertex slots are zeroed so rows compare equal.
 * All of `g.vertices` and `g.normals` is copied, which may be more than `count` vertices: a chain segment keeps its
 * ghost vertices and normals in slots 2 and 3 (see GeometryStore).
 */
export function writeGeometry(store: GeometryStore, row: number, g: ShapeGeometry): void {
  store.reserve(row + 1);
  store.type[row] = g.type;
  store.count[row] = g.count;
  store.radius[row] = g.radius;
  const base = row * GEOMETRY_STRIDE;
  const verts = store.verts;
  const normals = store.normals;
  const nv = g.vertices.length;
  const nn = g.normals.length;
  for (let i = 0; i < GEOMETRY_STRIDE; i++) {
    verts[base + i] = i < nv ? g.vertices[i]! : 0;
    normals[base + i] = i < nn ? g.normals[i]! : 0;
  }
  store.centroid[2 * row] = g.centroid.x;
  store.centroid[2 * row + 1] = g.centroid.y;
}
