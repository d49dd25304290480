import { growF64, type PhysicsState, type TransformColumns } from '@impulse2d/core/internal';

/**
 * The pose columns of a fixed stepper (fixed-stepper.ts): each body's pose before the last step, the pose a renderer
 * draws between it and the current one, and whose pose the previous column holds. Indexed like the world's transform
 * columns and grown with them; every loop walks the body list, so rows of destroyed bodies are never read.
 */
export interface PoseColumns {
  /** Pose before the last step: x, y (m), c, s (cosine and sine of the angle). */
  readonly previous: TransformColumns;
  /** Pose drawn: previous → current at alpha. */
  readonly interpolated: TransformColumns;
  /** Handle of the body whose pose `previous` holds at each index; NaN for none (NaN equals no handle). */
  previousHandle: Float64Array;
  /**
   * [0]: the alpha interpolatePoses draws at. Handed over in an array, not as an argument (docs/design/v8-hot-code.md,
   * rule 1: 16 bytes a frame).
   */
  readonly drawAlpha: Float64Array;
}

/** Columns for `capacity` indices, no previous pose anywhere. */
export function createPoseColumns(capacity: number): PoseColumns {
  const n = capacity > 16 ? capacity : 16;
  return {
    previous: { x: new Float64Array(n), y: new Float64Array(n), c: new Float64Array(n), s: new Float64Array(n) },
    interpolated: { x: new Float64Array(n), y: new Float64Array(n), c: new Float64Array(n), s: new Float64Array(n) },
    previousHandle: new Float64Array(n).fill(NaN),
    drawAlpha: new Float64Array(1),
  };
}

/** Grows the columns to the world's body capacity (the transform columns' length). Allocates only when it grows. */
function fitCapacity(p: PhysicsState, cols: PoseColumns): void {
  const n = p.transform.x.length;
  if (cols.previousHandle.length >= n) return;
  const prev = cols.previous;
  prev.x = growF64(prev.x, n);
  prev.y = growF64(prev.y, n);
  prev.c = growF64(prev.c, n);
  prev.s = growF64(prev.s, n);
  const out = cols.interpolated;
  out.x = growF64(out.x, n);
  out.y = growF64(out.y, n);
  out.c = growF64(out.c, n);
  out.s = growF64(out.s, n);
  const old = cols.previousHandle;
  const handles = new Float64Array(prev.x.length).fill(NaN);
  handles.set(old);
  cols.previousHandle = handles;
}

/** Copies every body's current pose into `previous` (before a step, or to forget the old poses after a jump). */
export function savePreviousPoses(p: PhysicsState, cols: PoseColumns): void {
  fitCapacity(p, cols);
  const t = p.transform;
  const prev = cols.previous;
  const b = p.bodies;
  const list = b.list;
  const handle = b.handle;
  const saved = cols.previousHandle;
  for (let i = 0; i < b.count; i++) {
    const e = list[i];
    prev.x[e] = t.x[e];
    prev.y[e] = t.y[e];
    prev.c[e] = t.c[e];
    prev.s[e] = t.s[e];
    saved[e] = handle[e];
  }
}

// Below this squared length the lerped (c, s) points nowhere in particular (the body turned by about half a turn in
// one step): the current rotation is drawn instead.
const MIN_ROTATION_LENGTH_SQ = 1e-12;

/**
 * Writes `interpolated` for every body: `drawAlpha[0]` (alpha) of the way from its previous pose to its current one. Positions are
 * lerped; the rotation is lerped on (c, s) and normalised (no trigonometry, so it is the same in every JavaScript
 * engine, and it follows the shorter way round, as a renderer wants). Alpha 0 and 1 copy the previous and current
 * poses exactly. A body without a previous pose (created since the last step, or on a recycled index) gets its
 * current pose.
 */
export function interpolatePoses(p: PhysicsState, cols: PoseColumns): void {
  fitCapacity(p, cols);
  const alpha = cols.drawAlpha[0];
  const t = p.transform;
  const prev = cols.previous;
  const out = cols.interpolated;
  const b = p.bodies;
  const list = b.list;
  const handle = b.handle;
  const saved = cols.previousHandle;
  const k = 1 - alpha;
  for (let i = 0; i < b.count; i++) {
    const e = list[i];
    if (saved[e] !== handle[e] || alpha === 1) {
      out.x[e] = t.x[e];
      out.y[e] = t.y[e];
      out.c[e] = t.c[e];
      out.s[e] = t.s[e];
    } else if (alpha === 0) {
      out.x[e] = prev.x[e];
      out.y[e] = prev.y[e];
      out.c[e] = prev.c[e];
      out.s[e] = prev.s[e];
    } else {
      out.x[e] = k * prev.x[e] + alpha * t.x[e];
      out.y[e] = k * prev.y[e] + alpha * t.y[e];
      const c = k * prev.c[e] + alpha * t.c[e];
      const s = k * prev.s[e] + alpha * t.s[e];
      const lengthSq = c * c + s * s;
      if (lengthSq > MIN_ROTATION_LENGTH_SQ) {
        const inv = 1 / Math.sqrt(lengthSq);
        out.c[e] = c * inv;
        out.s[e] = s * inv;
      } else {
        out.c[e] = t.c[e];
        out.s[e] = t.s[e];
      }
    }
  }
}
