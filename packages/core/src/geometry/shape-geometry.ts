import type { ShapeType } from './shape-type.js';

/**
 * Immutable description of one shape's geometry in body-local coordinates, as the make* constructors return it and
 * `writeGeometry` copies it into a GeometryStore row. Every kind is a rounded convex polygon (see GeometryStore).
 */
export interface ShapeGeometry {
  readonly type: ShapeType;
  /** Vertices in use: 1 circle, 2 capsule/segment, 3..8 polygon. */
  readonly count: number;
  /** Rounding radius (m): circle/capsule radius, polygon rounding, 0 for segments. */
  readonly radius: number;
  /**
   * x0, y0, x1, y1, … (2·count values), body-local (m), counter-clockwise for polygons. A chain segment has 8 values:
   * p1, p2, then its two ghost vertices (see GeometryStore).
   */
  readonly vertices: Float64Array;
  /** Outward unit normal of edge i → i+1 (2·count values; 8 for a chain segment); zeros for a circle. */
  readonly normals: Float64Array;
  /** Centroid of the vertex polygon (m, body-local); the rounding does not move it for symmetric shapes. */
  readonly centroid: { readonly x: number; readonly y: number };
}

/**
 * Fills in normals and centroid for counter-clockwise vertices. Used by every constructor so the derived data is
 * computed one way only.
 */
export function buildGeometry(type: ShapeType, vertices: Float64Array, radius: number): ShapeGeometry {
  const count = vertices.length >> 1;
  const normals = new Float64Array(2 * count);
  let cx = 0;
  let cy = 0;
  if (count === 1) {
    cx = vertices[0];
    cy = vertices[1];
  } else if (count === 2) {
    const x0 = vertices[0];
    const y0 = vertices[1];
    const x1 = vertices[2];
    const y1 = vertices[3];
    const len = Math.sqrt((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0));
    // A 2-gon has two edges, 0→1 and 1→0, with opposite normals; the right-hand normal of 0→1 comes first, which is
    // what the polygon routines expect of a counter-clockwise polygon.
    normals[0] = (y1 - y0) / len;
    normals[1] = -(x1 - x0) / len;
    normals[2] = -normals[0];
    normals[3] = -normals[1];
    cx = 0.5 * (x0 + x1);
    cy = 0.5 * (y0 + y1);
  } else {
    for (let i = 0; i < count; i++) {
      const j = i + 1 < count ? i + 1 : 0;
      const ex = vertices[2 * j] - vertices[2 * i];
      const ey = vertices[2 * j + 1] - vertices[2 * i + 1];
      const len = Math.sqrt(ex * ex + ey * ey);
      normals[2 * i] = ey / len;
      normals[2 * i + 1] = -ex / len;
    }
    // Area-weighted triangle fan from vertex 0 (closer reference point than the origin, so less round-off).
    const ox = vertices[0];
    const oy = vertices[1];
    let area = 0;
    for (let i = 1; i + 1 < count; i++) {
      const e1x = vertices[2 * i] - ox;
      const e1y = vertices[2 * i + 1] - oy;
      const e2x = vertices[2 * i + 2] - ox;
      const e2y = vertices[2 * i + 3] - oy;
      const a = 0.5 * (e1x * e2y - e1y * e2x);
      area += a;
      cx += (a / 3) * (e1x + e2x);
      cy += (a / 3) * (e1y + e2y);
    }
    cx = ox + cx / area;
    cy = oy + cy / area;
  }
  // Adding 0 turns −0 into +0, so equal shapes have bit-identical normals whatever the edge directions were.
  for (let i = 0; i < normals.length; i++) normals[i] = normals[i] + 0;
  return { type, count, radius, vertices, normals, centroid: { x: cx, y: cy } };
}
