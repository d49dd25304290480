import { length } from '../math/trig.js';
import { PhysicsError, checkVec2 } from '../errors.js';
import { WELD_DISTANCE } from '../settings.js';
import type { ShapeGeometry } from './shape-geometry.js';
import { ShapeType } from './shape-type.js';

/**
 * A chain: a polyline of one-sided segments for terrain, as makeChain returns it and addChain attaches it (one shape
 * per segment). Immutable; safe to attach to several bodies.
 *
 * Sidedness: each segment p[i] → p[i+1] collides only on its right (the side its right normal points to), the solid
 * being on its left. So a counter-clockwise loop encloses solid ground (things collide with its outside), a
 * clockwise loop is a container (things collide with its inside), and an open ground line whose solid is below must
 * run from right to left (decreasing x). This is Box2D's convention, and the one the polygons here use too: a
 * polygon's edges, counter-clockwise, have their outward normals on the right.
 *
 * Smoothness: every segment also stores its neighbours' far points (ghost vertices), so its collision routines know
 * whether each end is a convex corner, a flat joint or a concave corner, and do not push a body sliding across a
 * flat joint back with a "ghost" normal from the segment's end. The ends of an open chain act as right-angled
 * convex corners: as if the solid under the chain ended in a wall perpendicular to the end segment.
 */
export interface ChainGeometry {
  /** True when the last point connects back to the first. */
  readonly loop: boolean;
  /** The chain's points x0, y0, x1, y1, … body-local (m), as given. */
  readonly points: Float64Array;
  /** One chain-segment geometry per segment: n − 1 for an open chain of n points, n for a loop. */
  readonly segments: ReadonlyArray<ShapeGeometry>;
}

interface Point {
  readonly x: number;
  readonly y: number;
}

/**
 * Chain through `points` (body-local, m); `loop` closes it from the last point back to the first. Throws
 * PhysicsError: 'INVALID_ARGUMENT' for non-finite points or a segment shorter than WELD_DISTANCE (including the
 * closing one of a loop), 'DEGENERATE_POLYGON' for fewer than 2 points (3 for a loop). See ChainGeometry for which
 * side is solid.
 */
export function makeChain(points: ReadonlyArray<Point>, loop = false): ChainGeometry {
  if (!Array.isArray(points)) {
    throw new PhysicsError('INVALID_ARGUMENT', `chain points must be an array of {x, y}, got ${String(points)}`);
  }
  if (typeof loop !== 'boolean') {
    throw new PhysicsError('INVALID_ARGUMENT', `chain loop must be a boolean, got ${String(loop)}`);
  }
  const n = points.length;
  const min = loop ? 3 : 2;
  if (n < min) {
    throw new PhysicsError(
      'DEGENERATE_POLYGON',
      `a ${loop ? 'loop' : 'open'} chain needs at least ${min} points, got ${n}`,
    );
  }
  const xy = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    const p = points[i];
    checkVec2(p, `chain points[${i}]`);
    xy[2 * i] = p.x;
    xy[2 * i + 1] = p.y;
  }
  const segmentCount = loop ? n : n - 1;
  for (let i = 0; i < segmentCount; i++) {
    const j = i + 1 < n ? i + 1 : 0;
    const d = length(xy[2 * j] - xy[2 * i], xy[2 * j + 1] - xy[2 * i + 1]);
    if (!(d > WELD_DISTANCE)) {
      throw new PhysicsError(
        'INVALID_ARGUMENT',
        `chain segment ${i} (points ${i} → ${j}) must be longer than ${WELD_DISTANCE} m, got ${d}`,
      );
    }
  }

  const segments: ShapeGeometry[] = [];
  for (let i = 0; i < segmentCount; i++) {
    const i1 = i;
    const i2 = i + 1 < n ? i + 1 : 0;
    const x1 = xy[2 * i1];
    const y1 = xy[2 * i1 + 1];
    const x2 = xy[2 * i2];
    const y2 = xy[2 * i2 + 1];
    const len = length(x2 - x1, y2 - y1);
    const nx = (y2 - y1) / len;
    const ny = -(x2 - x1) / len;
    // Ghosts: the neighbouring points; at an open end a point behind the end (against the normal), which makes the
    // end a right-angled convex corner.
    let g1x: number;
    let g1y: number;
    if (loop || i > 0) {
      const k = i > 0 ? i - 1 : n - 1;
      g1x = xy[2 * k];
      g1y = xy[2 * k + 1];
    } else {
      g1x = x1 - len * nx;
      g1y = y1 - len * ny;
    }
    let g2x: number;
    let g2y: number;
    if (loop || i + 2 < n) {
      const k = (i + 2) % n;
      g2x = xy[2 * k];
      g2y = xy[2 * k + 1];
    } else {
      g2x = x2 - len * nx;
      g2y = y2 - len * ny;
    }
    const vertices = Float64Array.of(x1, y1, x2, y2, g1x, g1y, g2x, g2y);
    const normals = new Float64Array(8);
    normals[0] = nx;
    normals[1] = ny;
    normals[2] = -nx;
    normals[3] = -ny;
    rightNormal(g1x, g1y, x1, y1, normals, 4);
    rightNormal(x2, y2, g2x, g2y, normals, 6);
    // Adding 0 turns −0 into +0 (bit-identical rows whatever the edge directions, as buildGeometry does).
    for (let k = 0; k < 8; k++) normals[k] = normals[k] + 0;
    segments.push({
      type: ShapeType.chainSegment,
      count: 2,
      radius: 0,
      vertices,
      normals,
      centroid: { x: 0.5 * (x1 + x2), y: 0.5 * (y1 + y2) },
    });
  }
  return { loop, points: xy, segments };
}

/**
 * Unit right normal of a → b into out[o], out[o + 1]. Ghost edges are real chain segments (lengths checked above) or
 * synthesised with the segment's own length, so the guard is only a safety net: a zero normal reads as a flat joint.
 */
function rightNormal(ax: number, ay: number, bx: number, by: number, out: Float64Array, o: number): void {
  const len = length(bx - ax, by - ay);
  out[o] = len > 0 ? (by - ay) / len : 0;
  out[o + 1] = len > 0 ? -(bx - ax) / len : 0;
}
