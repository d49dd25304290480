import { PhysicsError } from '../errors.js';
import type { Vec2Like } from '../math/vec2.js';
import type { ShapeStore } from '../state/shape-store.js';

/** Shortest one-way normal accepted (its direction is all that is kept). */
const MIN_ONE_WAY_LENGTH = 1e-9;

/** Throws INVALID_ARGUMENT unless `normal` is null or an {x, y} object with finite parts and length above 1e-9. */
export function checkOneWayNormal(normal: Vec2Like | null, what: string): void {
  if (normal === null) return;
  if (typeof normal !== 'object') {
    throw new PhysicsError('INVALID_ARGUMENT', `${what} must be null or an {x, y} object, got ${String(normal)}`);
  }
  const { x, y } = normal;
  if (typeof x !== 'number' || !Number.isFinite(x) || typeof y !== 'number' || !Number.isFinite(y)) {
    throw new PhysicsError('INVALID_ARGUMENT', `${what} must have finite x and y, got (${String(x)}, ${String(y)})`);
  }
  if (!(Math.sqrt(x * x + y * y) > MIN_ONE_WAY_LENGTH)) {
    throw new PhysicsError('INVALID_ARGUMENT', `${what} must not be zero, got (${x}, ${y})`);
  }
}

/** Stores a checked one-way normal of shape `row` as a unit vector (0, 0 for null: solid from every side). */
export function writeOneWayNormal(s: ShapeStore, row: number, normal: Vec2Like | null): void {
  if (normal === null) {
    s.oneWayX[row] = 0;
    s.oneWayY[row] = 0;
    return;
  }
  const length = Math.sqrt(normal.x * normal.x + normal.y * normal.y);
  s.oneWayX[row] = normal.x / length;
  s.oneWayY[row] = normal.y / length;
}
