import { GEOMETRY_STRIDE, type GeometryStore } from './geometry-store.js';
import { ShapeType } from './shape-type.js';

const CHAIN_SEGMENT = ShapeType.chainSegment;

// Scratch for the current best hit (fraction, local normal), the ray in the shape's frame and the shape's radius
// (ox, oy, dx, dy, r), one edge
// rectangle of a rounded shape, and the arguments of the number-argument form. The helpers read the ray from
// `local` rather than taking it as arguments: V8 boxes (allocates) doubles passed to calls it does not inline, and a
// world ray cast runs this for every candidate shape.
const hit = new Float64Array(3);
const local = new Float64Array(5);
const quadVerts = new Float64Array(8);
const quadNormals = new Float64Array(8);
const argPose = new Float64Array(4);
const argRay = new Float64Array(5);

/**
 * Casts the ray origin + t·(dx, dy), 0 ≤ t ≤ maxFraction (world frame), against shape row `row` on a body at origin
 * (px, py) with rotation (c, s). On a hit writes out = [fraction, pointX, pointY, normalX, normalY] (world; normal
 * is the outward surface normal) and returns true. A ray starting inside the shape reports no hit, as in Box2D.
 * Chain segments are one-sided: a ray whose origin is behind one (on its solid, left side) reports no hit.
 *
 * A rounded shape is the union of its core polygon, one rectangle per edge and one disc per vertex; for a ray that
 * starts outside, its first entry into the union is the earliest first entry into any part, so each part is cast
 * with simple exact routines instead of a general shape cast.
 *
 * Convenient form; hot loops should call rayCastShapePose, which takes the pose and ray as arrays (same result).
 */
export function rayCastGeometry(
  g: GeometryStore,
  row: number,
  px: number,
  py: number,
  c: number,
  s: number,
  originX: number,
  originY: number,
  dx: number,
  dy: number,
  maxFraction: number,
  out: Float64Array,
): boolean {
  argPose[0] = px;
  argPose[1] = py;
  argPose[2] = c;
  argPose[3] = s;
  argRay[0] = originX;
  argRay[1] = originY;
  argRay[2] = dx;
  argRay[3] = dy;
  argRay[4] = maxFraction;
  return rayCastShapePose(g, row, argPose, argRay, out);
}

/**
 * rayCastGeometry with pose = [px, py, c, s] and ray = [originX, originY, dx, dy, maxFraction]: allocation-free for
 * per-shape loops (world queries, continuous collision).
 */
export function rayCastShapePose(
  g: GeometryStore,
  row: number,
  pose: Float64Array,
  ray: Float64Array,
  out: Float64Array,
): boolean {
  const px = pose[0];
  const py = pose[1];
  const c = pose[2];
  const s = pose[3];
  const originX = ray[0];
  const originY = ray[1];
  const dx = ray[2];
  const dy = ray[3];
  if (dx === 0 && dy === 0) return false;
  const count = g.count[row];
  const r = g.radius[row];
  const v = g.verts;
  const n = g.normals;
  const base = g.slot[row] * GEOMETRY_STRIDE;
  // Ray in the shape's local frame.
  const wx = originX - px;
  const wy = originY - py;
  local[0] = c * wx + s * wy;
  local[1] = -s * wx + c * wy;
  local[2] = c * dx + s * dy;
  local[3] = -s * dx + c * dy;
  local[4] = r;

  if ((r > 0 || count >= 3) && startsInCore(v, n, base, count)) return false;
  // One-sided chain segment: only rays from the front (the right-normal side, or on the line) can hit it.
  if (g.type[row] === CHAIN_SEGMENT && n[base] * (local[0] - v[base]) + n[base + 1] * (local[1] - v[base + 1]) < 0) {
    return false;
  }

  hit[0] = ray[4];
  let found = false;
  if (count === 1) {
    found = rayCircle(v, base);
  } else if (count === 2 && r === 0) {
    found = raySegment(v, n, base);
  } else {
    if (count >= 3 && rayConvex(v, n, base, count)) found = true;
    if (r > 0) {
      for (let i = 0; i < count; i++) {
        const j = i + 1 < count ? i + 1 : 0;
        const ax = v[base + 2 * i];
        const ay = v[base + 2 * i + 1];
        const bx = v[base + 2 * j];
        const by = v[base + 2 * j + 1];
        const nx = n[base + 2 * i];
        const ny = n[base + 2 * i + 1];
        // Edge rectangle a, b, b + r·n, a + r·n is clockwise when n is to the right of a → b; list it reversed.
        quadVerts[0] = ax;
        quadVerts[1] = ay;
        quadVerts[2] = ax + r * nx;
        quadVerts[3] = ay + r * ny;
        quadVerts[4] = bx + r * nx;
        quadVerts[5] = by + r * ny;
        quadVerts[6] = bx;
        quadVerts[7] = by;
        // Its outward normals: −t, n, t, −n where t = (b − a)/|b − a| = (−ny, nx).
        quadNormals[0] = ny;
        quadNormals[1] = -nx;
        quadNormals[2] = nx;
        quadNormals[3] = ny;
        quadNormals[4] = -ny;
        quadNormals[5] = nx;
        quadNormals[6] = -nx;
        quadNormals[7] = -ny;
        if (rayConvex(quadVerts, quadNormals, 0, 4)) found = true;
        if (rayCircle(v, base + 2 * i)) found = true;
      }
    }
  }
  if (!found) return false;
  const f = hit[0];
  out[0] = f;
  out[1] = originX + f * dx;
  out[2] = originY + f * dy;
  out[3] = c * hit[1] - s * hit[2];
  out[4] = s * hit[1] + c * hit[2];
  return true;
}

/**
 * Is the local ray origin within the radius local[4] of the core (vertex polygon / segment / point)? Inside a polygon
 * core counts. Returns a boolean, not the distance (docs/design/v8-hot-code.md, rule 1).
 */
function startsInCore(v: Float64Array, n: Float64Array, base: number, count: number): boolean {
  const x = local[0];
  const y = local[1];
  const r = local[4];
  if (count >= 3) {
    let inside = true;
    for (let i = 0; i < count; i++) {
      const o = base + 2 * i;
      if (n[o] * (x - v[o]) + n[o + 1] * (y - v[o + 1]) > 0) {
        inside = false;
        break;
      }
    }
    if (inside) return true;
  }
  let best = 1e300; // see dynamic-tree.ts on why not Infinity
  const edges = count === 1 ? 1 : count === 2 ? 1 : count;
  for (let i = 0; i < edges; i++) {
    const j = i + 1 < count ? i + 1 : 0;
    const ax = v[base + 2 * i];
    const ay = v[base + 2 * i + 1];
    const ex = v[base + 2 * j] - ax;
    const ey = v[base + 2 * j + 1] - ay;
    const ee = ex * ex + ey * ey;
    let t = ee > 0 ? ((x - ax) * ex + (y - ay) * ey) / ee : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    const qx = x - ax - t * ex;
    const qy = y - ay - t * ey;
    const d = Math.sqrt(qx * qx + qy * qy);
    if (d < best) best = d;
  }
  return best <= r;
}

/** Ray against the disc of radius local[4] centred at (c[o], c[o + 1]); keeps the hit in `hit` if it is earlier. */
function rayCircle(c: Float64Array, o: number): boolean {
  const cx = c[o],
    cy = c[o + 1],
    r = local[4];
  const ox = local[0],
    oy = local[1],
    dx = local[2],
    dy = local[3];
  const mx = ox - cx;
  const my = oy - cy;
  const a = dx * dx + dy * dy;
  const b = mx * dx + my * dy;
  const cc = mx * mx + my * my - r * r;
  if (cc < 0 || b >= 0) return false; // inside, or moving away
  const disc = b * b - a * cc;
  if (disc < 0) return false;
  const t = (-b - Math.sqrt(disc)) / a;
  if (t < 0 || t > hit[0]) return false;
  hit[0] = t;
  hit[1] = (mx + t * dx) / r;
  hit[2] = (my + t * dy) / r;
  return true;
}

/** Ray against a two-sided segment (stored as a 2-gon); the normal faces the ray's origin. */
function raySegment(v: Float64Array, n: Float64Array, base: number): boolean {
  const ox = local[0],
    oy = local[1],
    dx = local[2],
    dy = local[3];
  const ax = v[base];
  const ay = v[base + 1];
  let nx = n[base];
  let ny = n[base + 1];
  const num = nx * (ax - ox) + ny * (ay - oy);
  const den = nx * dx + ny * dy;
  if (den === 0) return false;
  const t = num / den;
  if (t < 0 || t > hit[0]) return false;
  const qx = ox + t * dx - ax;
  const qy = oy + t * dy - ay;
  const ex = v[base + 2] - ax;
  const ey = v[base + 3] - ay;
  const u = (qx * ex + qy * ey) / (ex * ex + ey * ey);
  if (u < 0 || u > 1) return false;
  if (den > 0) {
    nx = -nx;
    ny = -ny;
  }
  hit[0] = t;
  hit[1] = nx;
  hit[2] = ny;
  return true;
}

/**
 * Ray against a convex polygon by clipping the parameter interval [0, best] with each edge's half-plane (Cyrus–Beck).
 * Only an entry through a face counts as a hit, so a ray from inside reports none.
 */
function rayConvex(v: Float64Array, n: Float64Array, base: number, count: number): boolean {
  const ox = local[0],
    oy = local[1],
    dx = local[2],
    dy = local[3];
  let lower = 0;
  let upper = hit[0];
  let index = -1;
  for (let i = 0; i < count; i++) {
    const o = base + 2 * i;
    const nx = n[o];
    const ny = n[o + 1];
    const numerator = nx * (v[o] - ox) + ny * (v[o + 1] - oy);
    const denominator = nx * dx + ny * dy;
    if (denominator === 0) {
      if (numerator < 0) return false; // parallel and outside this face
    } else if (denominator < 0 && numerator < lower * denominator) {
      lower = numerator / denominator; // entering this half-plane later
      index = i;
    } else if (denominator > 0 && numerator < upper * denominator) {
      upper = numerator / denominator; // leaving earlier
    }
    if (upper < lower) return false;
  }
  if (index < 0) return false;
  hit[0] = lower;
  hit[1] = n[base + 2 * index];
  hit[2] = n[base + 2 * index + 1];
  return true;
}
