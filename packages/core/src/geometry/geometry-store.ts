import { MAX_POLYGON_VERTICES } from '../settings.js';
import { growF64, growU8 } from '../storage/grow.js';

/**
 * Shape geometry in body-local coordinates, one row per shape index, as flat typed-array columns so that the
 * narrowphase reads it without touching objects.
 *
 * Every kind is stored as a rounded convex polygon: circle = 1 vertex (its centre) + radius; capsule = 2 vertices +
 * radius; segment = 2 vertices, radius 0; polygon = 3..8 vertices (counter-clockwise) + optional rounding radius.
 * This lets the generic polygon routines handle capsule/segment pairs (as Box2D v3 does) without copies.
 *
 * A chain segment is a segment row (count 2, radius 0, vertices p1, p2, normal 0 = right normal of p1 → p2, which is
 * its one collision side) that also uses the unused slots 2 and 3 of the row: vertex 2 is the ghost before p1 (the
 * previous chain point), vertex 3 the ghost after p2 (the next chain point), normal 2 the right normal of
 * ghost1 → p1 and normal 3 the right normal of p2 → ghost2. Code that reads `count` vertices (AABB, mass, queries,
 * time of impact) sees a plain segment; only the chain collision routines read the ghosts.
 */
export class GeometryStore {
  /** ShapeType of each row. */
  type: Uint8Array = new Uint8Array(16);
  /** Number of vertices in use (1 circle, 2 capsule/segment, 3..8 polygon). */
  count: Uint8Array = new Uint8Array(16);
  /** Rounding radius (m): circle and capsule radius, polygon rounding; 0 for segments. */
  radius: Float64Array = new Float64Array(16);
  /** Vertices, body-local (m): row r holds x0,y0,x1,y1,… at [r*16 .. r*16+15]. */
  verts: Float64Array = new Float64Array(16 * 2 * MAX_POLYGON_VERTICES);
  /** Outward unit edge normals, same layout; normal i belongs to edge (v[i], v[i+1]). Unused for circles. */
  normals: Float64Array = new Float64Array(16 * 2 * MAX_POLYGON_VERTICES);
  /** Centroid, body-local (m): row r at [r*2, r*2+1]. */
  centroid: Float64Array = new Float64Array(32);

  /** Ensure rows 0..rows-1 exist. */
  reserve(rows: number): void {
    this.type = growU8(this.type, rows);
    this.count = growU8(this.count, rows);
    this.radius = growF64(this.radius, rows);
    this.verts = growF64(this.verts, rows * 2 * MAX_POLYGON_VERTICES);
    this.normals = growF64(this.normals, rows * 2 * MAX_POLYGON_VERTICES);
    this.centroid = growF64(this.centroid, rows * 2);
  }
}

/** Floats per geometry row in `verts` and `normals`. */
export const GEOMETRY_STRIDE = 2 * MAX_POLYGON_VERTICES;
