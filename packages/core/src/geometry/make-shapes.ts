import { PhysicsError, checkFinite, checkNonNegative, checkPositive, checkVec2 } from '../errors.js';
import { cosSin } from '../math/trig.js';
import { WELD_DISTANCE } from '../settings.js';
import { computeHull } from './hull.js';
import { buildGeometry, type ShapeGeometry } from './shape-geometry.js';
import { ShapeType } from './shape-type.js';

/**
 * Shape constructors: the public boundary for geometry, so each validates its arguments and throws PhysicsError
 * ('INVALID_ARGUMENT' for bad numbers, 'DEGENERATE_POLYGON' for point sets that do not make a usable polygon).
 */

interface Point {
  readonly x: number;
  readonly y: number;
}

const rot = new Float64Array(2);

/** Circle of `radius` (m) centred at `center` (body-local, default origin). */
export function makeCircle(radius: number, center?: Point): ShapeGeometry {
  checkPositive(radius, 'circle radius');
  let cx = 0;
  let cy = 0;
  if (center !== undefined) {
    checkVec2(center, 'circle center');
    cx = center.x;
    cy = center.y;
  }
  return buildGeometry(ShapeType.circle, Float64Array.of(cx, cy), radius);
}

function checkDistinct(p1: Point, p2: Point, what: string): void {
  const dx = p2.x - p1.x;
  const dy = p2.y - p1.y;
  const d = Math.sqrt(dx * dx + dy * dy);
  if (!(d > WELD_DISTANCE)) {
    throw new PhysicsError(
      'INVALID_ARGUMENT',
      `${what} end points must be more than ${WELD_DISTANCE} m apart, got a length of ${d}`,
    );
  }
}

/** Capsule: the points within `radius` of the segment p1–p2 (body-local). A zero-length capsule is a circle: use makeCircle. */
export function makeCapsule(p1: Point, p2: Point, radius: number): ShapeGeometry {
  checkVec2(p1, 'capsule p1');
  checkVec2(p2, 'capsule p2');
  checkPositive(radius, 'capsule radius');
  checkDistinct(p1, p2, 'capsule');
  return buildGeometry(ShapeType.capsule, Float64Array.of(p1.x, p1.y, p2.x, p2.y), radius);
}

/** Two-sided line segment p1–p2 (body-local), zero thickness. Segments have no mass: use them on static bodies. */
export function makeSegment(p1: Point, p2: Point): ShapeGeometry {
  checkVec2(p1, 'segment p1');
  checkVec2(p2, 'segment p2');
  checkDistinct(p1, p2, 'segment');
  return buildGeometry(ShapeType.segment, Float64Array.of(p1.x, p1.y, p2.x, p2.y), 0);
}

/**
 * Box with half-extents hx, hy (m), optionally centred at `center` and rotated by `angle` (rad) in the body frame.
 * Vertices are (−hx,−hy), (hx,−hy), (hx,hy), (−hx,hy) before the rotation, counter-clockwise.
 */
export function makeBox(hx: number, hy: number, center?: Point, angle = 0): ShapeGeometry {
  return makeRoundedBox(hx, hy, 0, center, angle);
}

/**
 * Box whose corners are rounded by `radius` (m): the outer extent is hx + radius by hy + radius. Rounded boxes roll
 * and slide over seams more smoothly than sharp ones.
 */
export function makeRoundedBox(hx: number, hy: number, radius: number, center?: Point, angle = 0): ShapeGeometry {
  checkPositive(hx, 'box half-width hx');
  checkPositive(hy, 'box half-height hy');
  checkNonNegative(radius, 'box rounding radius');
  checkFinite(angle, 'box angle');
  let cx = 0;
  let cy = 0;
  if (center !== undefined) {
    checkVec2(center, 'box center');
    cx = center.x;
    cy = center.y;
  }
  if (!(hx > WELD_DISTANCE && hy > WELD_DISTANCE)) {
    throw new PhysicsError('DEGENERATE_POLYGON', `box half-extents must exceed ${WELD_DISTANCE} m, got ${hx} × ${hy}`);
  }
  const v = Float64Array.of(-hx, -hy, hx, -hy, hx, hy, -hx, hy);
  if (angle !== 0 || cx !== 0 || cy !== 0) {
    cosSin(angle, rot);
    const c = rot[0];
    const s = rot[1];
    for (let i = 0; i < 4; i++) {
      const x = v[2 * i];
      const y = v[2 * i + 1];
      v[2 * i] = c * x - s * y + cx;
      v[2 * i + 1] = s * x + c * y + cy;
    }
  }
  const g = buildGeometry(ShapeType.polygon, v, radius);
  // A box's centroid is its centre by symmetry; use that exactly rather than the summed fan (which rounds).
  return { ...g, centroid: { x: cx, y: cy } };
}

/**
 * Convex polygon from the hull of `points` (body-local), with an optional rounding `radius` (m). Points closer than
 * WELD_DISTANCE are welded and nearly collinear hull vertices dropped; the result must have 3..8 vertices.
 */
export function makePolygon(points: ReadonlyArray<Point>, radius = 0): ShapeGeometry {
  if (!Array.isArray(points)) {
    throw new PhysicsError('INVALID_ARGUMENT', `polygon points must be an array of {x, y}, got ${String(points)}`);
  }
  checkNonNegative(radius, 'polygon radius');
  if (points.length < 3) {
    throw new PhysicsError('DEGENERATE_POLYGON', `a polygon needs at least 3 points, got ${points.length}`);
  }
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < points.length; i++) {
    const p = points[i];
    checkVec2(p, `polygon points[${i}]`);
    xs.push(p.x);
    ys.push(p.y);
  }
  return buildGeometry(ShapeType.polygon, computeHull(xs, ys), radius);
}
