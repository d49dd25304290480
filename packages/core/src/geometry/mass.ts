import { atan2, cosSin, PI } from '../math/trig.js';
import { GEOMETRY_STRIDE, type GeometryStore } from './geometry-store.js';
import { ShapeType } from './shape-type.js';

/**
 * Mass properties of one shape row at `density` (kg/m²): out[0] mass (kg), out[1], out[2] centre of mass
 * (body-local, m), out[3] rotational inertia about that centre of mass (kg·m²).
 *
 * Capsules and rounded polygons are integrated exactly as the Minkowski sum of the vertex polygon and a disc:
 * core polygon + one rectangle of thickness r on every edge + one circular sector at every vertex (the sectors'
 * angles add up to 2π). Box2D v3 computes capsules the same exact way but approximates rounded polygons by pushing
 * the vertices out; the exact sum costs nothing extra here because this runs once per shape, not per step.
 * Segments and chain segments are massless (their centre is still reported as the midpoint).
 */
export function computeMassData(store: GeometryStore, row: number, density: number, out: Float64Array): void {
  const type = store.type[row];
  const count = store.count[row];
  const r = store.radius[row];
  const base = store.slot[row] * GEOMETRY_STRIDE;
  const v = store.verts;
  const nrm = store.normals;

  if (type === ShapeType.circle || count === 1) {
    const mass = density * PI * r * r;
    out[0] = mass;
    out[1] = v[base];
    out[2] = v[base + 1];
    out[3] = 0.5 * mass * r * r;
    return;
  }
  if (type === ShapeType.segment || type === ShapeType.chainSegment) {
    out[0] = 0;
    out[1] = 0.5 * (v[base] + v[base + 2]);
    out[2] = 0.5 * (v[base + 1] + v[base + 3]);
    out[3] = 0;
    return;
  }

  // Integrals relative to vertex 0 (less round-off than the body origin): area, first moments, polar second moment.
  const ox = v[base];
  const oy = v[base + 1];
  acc[0] = 0;
  acc[1] = 0;
  acc[2] = 0;
  acc[3] = 0;

  // Core polygon (a 2-gon has no area, its two fan triangles are degenerate).
  for (let i = 0; i < count; i++) {
    const j = i + 1 < count ? i + 1 : 0;
    addTriangle(v[base + 2 * i] - ox, v[base + 2 * i + 1] - oy, v[base + 2 * j] - ox, v[base + 2 * j + 1] - oy);
  }

  if (r > 0) {
    for (let i = 0; i < count; i++) {
      const j = i + 1 < count ? i + 1 : 0;
      const ax = v[base + 2 * i] - ox;
      const ay = v[base + 2 * i + 1] - oy;
      const bx = v[base + 2 * j] - ox;
      const by = v[base + 2 * j + 1] - oy;
      const nx = nrm[base + 2 * i] * r;
      const ny = nrm[base + 2 * i + 1] * r;
      // Edge rectangle a, a + r·n, b + r·n, b: counter-clockwise because n points to the right of a → b.
      addTriangle(ax, ay, ax + nx, ay + ny);
      addTriangle(ax + nx, ay + ny, bx + nx, by + ny);
      addTriangle(bx + nx, by + ny, bx, by);
      addTriangle(bx, by, ax, ay);

      // Sector at vertex i, from the previous edge's normal to this edge's normal (counter-clockwise turn θ).
      const k = i === 0 ? count - 1 : i - 1;
      const px = nrm[base + 2 * k];
      const py = nrm[base + 2 * k + 1];
      const qx = nrm[base + 2 * i];
      const qy = nrm[base + 2 * i + 1];
      const theta = atan2(Math.abs(px * qy - py * qx), px * qx + py * qy);
      if (theta <= 0) continue;
      cosSin(0.5 * theta, cs);
      // Bisector: the previous normal turned by θ/2 (n_prev + n_i would vanish for a capsule, where θ = π).
      const bxDir = cs[0] * px - cs[1] * py;
      const byDir = cs[1] * px + cs[0] * py;
      const sectorArea = 0.5 * theta * r * r;
      const d = (4 * r * cs[1]) / (3 * theta); // apex to sector centroid
      const cx = ax + d * bxDir;
      const cy = ay + d * byDir;
      // Polar moment about the apex is θr⁴/4; move it to the centroid, then to the reference point.
      const jApex = 0.25 * theta * r * r * r * r;
      acc[0] += sectorArea;
      acc[1] += sectorArea * cx;
      acc[2] += sectorArea * cy;
      acc[3] += jApex - sectorArea * d * d + sectorArea * (cx * cx + cy * cy);
    }
  }

  const area = acc[0];
  const mx = acc[1] / area;
  const my = acc[2] / area;
  out[0] = density * area;
  out[1] = ox + mx;
  out[2] = oy + my;
  out[3] = density * (acc[3] - area * (mx * mx + my * my));
}

const acc = new Float64Array(4);
const cs = new Float64Array(2);

/** Adds the signed triangle (0, a, b) to `acc`: area, first moments and polar second moment about the origin. */
function addTriangle(ax: number, ay: number, bx: number, by: number): void {
  const d = ax * by - ay * bx;
  acc[0] += 0.5 * d;
  acc[1] += (d / 6) * (ax + bx);
  acc[2] += (d / 6) * (ay + by);
  acc[3] += (d / 12) * (ax * ax + ax * bx + bx * bx + ay * ay + ay * by + by * by);
}
