/**
 * A 2D vector or point (m, or m/s for velocities): any object with numeric `x` and `y`.
 */
export interface Vec2Like {
  x: number;
  y: number;
}
