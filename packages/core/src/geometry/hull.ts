import { PhysicsError } from '../errors.js';
import { LINEAR_SLOP, MAX_POLYGON_VERTICES, WELD_DISTANCE } from '../settings.js';

/**
 * Convex hull of a point cloud for polygon creation (not a hot path).
 *
 * Andrew's monotone chain: sort by (x, y), then build the lower and upper chains. Chosen over quickhull because its
 * output depends only on the point set (ties broken by the sort key, never by input order), it drops exactly
 * collinear points by construction, and it always starts at the lowest-leftmost point, so a box comes out in the
 * usual order (−hx,−hy), (hx,−hy), (hx,hy), (−hx,hy).
 *
 * Before hulling, points closer than WELD_DISTANCE to an earlier point are welded (dropped): nearly coincident
 * vertices give edges too short for a reliable normal. After hulling, vertices closer than LINEAR_SLOP to the line
 * through their neighbours are removed (smallest first): such a vertex makes two almost parallel edges whose
 * normals flip-flop as reference faces, which destabilises contact ids.
 *
 * Returns x0, y0, x1, y1, … counter-clockwise. Throws DEGENERATE_POLYGON when fewer than 3 points remain or the
 * hull has more than MAX_POLYGON_VERTICES vertices.
 */
export function computeHull(xs: ReadonlyArray<number>, ys: ReadonlyArray<number>): Float64Array {
  const n = xs.length;
  const px: number[] = [];
  const py: number[] = [];
  const weldSq = WELD_DISTANCE * WELD_DISTANCE;
  for (let i = 0; i < n; i++) {
    const x = xs[i];
    const y = ys[i];
    let unique = true;
    for (let j = 0; j < px.length; j++) {
      const dx = x - px[j];
      const dy = y - py[j];
      if (dx * dx + dy * dy < weldSq) {
        unique = false;
        break;
      }
    }
    if (unique) {
      px.push(x);
      py.push(y);
    }
  }
  if (px.length < 3) {
    throw new PhysicsError(
      'DEGENERATE_POLYGON',
      `a polygon needs at least 3 distinct points, got ${px.length} after welding points closer than ${WELD_DISTANCE} m`,
    );
  }

  const order = px.map((_, i) => i);
  order.sort((a, b) => px[a] - px[b] || py[a] - py[b]);

  // cross((b − a), (c − a)) > 0 means a → b → c turns left (counter-clockwise).
  const cross = (a: number, b: number, c: number): number =>
    (px[b] - px[a]) * (py[c] - py[a]) - (py[b] - py[a]) * (px[c] - px[a]);

  const hull: number[] = [];
  for (let k = 0; k < order.length; k++) {
    const i = order[k];
    while (hull.length >= 2 && cross(hull[hull.length - 2], hull[hull.length - 1], i) <= 0) hull.pop();
    hull.push(i);
  }
  const lowerSize = hull.length + 1;
  for (let k = order.length - 2; k >= 0; k--) {
    const i = order[k];
    while (hull.length >= lowerSize && cross(hull[hull.length - 2], hull[hull.length - 1], i) <= 0) hull.pop();
    hull.push(i);
  }
  hull.pop(); // the last point repeats the first

  // Remove nearly collinear vertices, the flattest first, until every vertex stands clear of its neighbours' line.
  while (hull.length >= 3) {
    let worst = -1;
    let worstDistance = LINEAR_SLOP;
    for (let k = 0; k < hull.length; k++) {
      const a = hull[(k + hull.length - 1) % hull.length];
      const b = hull[k];
      const c = hull[(k + 1) % hull.length];
      const ex = px[c] - px[a];
      const ey = py[c] - py[a];
      // Twice the triangle area over the base length: the height of b above the line a → c (> 0, the hull is convex).
      const height = cross(a, b, c) / Math.sqrt(ex * ex + ey * ey);
      if (height < worstDistance) {
        worstDistance = height;
        worst = k;
      }
    }
    if (worst < 0) break;
    hull.splice(worst, 1);
  }

  if (hull.length < 3) {
    throw new PhysicsError('DEGENERATE_POLYGON', `polygon points are collinear (within ${LINEAR_SLOP} m)`);
  }
  if (hull.length > MAX_POLYGON_VERTICES) {
    throw new PhysicsError(
      'DEGENERATE_POLYGON',
      `the convex hull has ${hull.length} vertices, at most ${MAX_POLYGON_VERTICES} are allowed`,
    );
  }
  const out = new Float64Array(2 * hull.length);
  for (let k = 0; k < hull.length; k++) {
    out[2 * k] = px[hull[k]];
    out[2 * k + 1] = py[hull[k]];
  }
  return out;
}
