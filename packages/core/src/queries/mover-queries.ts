import { PhysicsError } from '../errors.js';
import {
  MOVER_CENTER1_X,
  MOVER_CENTER1_Y,
  MOVER_CENTER2_X,
  MOVER_CENTER2_Y,
  MOVER_RADIUS,
} from '../collision/mover-plane.js';
import { MoverPlanes } from '../collision/mover-planes.js';
import { clipVectorRange, solvePlaneRange } from '../collision/plane-solver.js';
import type { BodyId, ShapeId } from '../handles.js';
import { getPhysics, type PhysicsState, type PhysicsWorld } from '../state/physics-state.js';
import { checkQueryVec2, type QueryVec2 } from './query-common.js';
import { resolveFilter, type QueryFilter } from './query-filter.js';
import { getQueryScratch } from './query-scratch.js';
import { castMoverState, collideMoverState, MoverScratch } from './mover-world.js';

/**
 * Character mover queries and the plane solver, after Box2D v3.1's mover API. A mover is a capsule that is not a
 * body: the game moves it, and these functions keep it out of the world's shapes. One move, as a character
 * controller would make it each step (a few rounds, until the mover stops moving):
 *
 *   const planes = new MoverPlanes();
 *   collideMoverInto(world, mover, planes, filter);            // planes of the surfaces it touches
 *   // optionally: planes.pushLimit[i] / planes.clipVelocity[i] per plane, for soft surfaces
 *   solvePlanesInto(wanted, planes, move);                      // the move that respects them
 *   const f = castMover(world, mover, move, filter);            // how much of it is free
 *   // move the mover by f · move, then after the rounds:
 *   clipVectorInto(velocity, planes, velocity);                 // stop pushing into what it stands on
 *
 * The object forms (collideMover, solvePlanes, clipVector) allocate their results; the …Into forms allocate nothing
 * once their buffers have grown.
 */

/** A capsule mover: the points within `radius` of the segment center1–center2, world frame. */
export interface Mover {
  /** One end of the capsule's core segment, world (m). */
  readonly center1: QueryVec2;
  /** The other end, world (m); equal to center1 for a circle. */
  readonly center2: QueryVec2;
  /** Radius (m), finite and ≥ 0. */
  readonly radius: number;
}

/**
 * A collision plane for solvePlanes and clipVector, Box2D's b2CollisionPlane: it asks the mover's translation d
 * (from where the plane was made) to satisfy normal · d ≥ offset, pushing it out along the normal by at most
 * pushLimit. See MoverPlanes for the same fields as columns.
 */
export interface CollisionPlane {
  /** Unit normal, pointing from the surface towards the mover. */
  normal: { x: number; y: number };
  /** The plane asks normal · d ≥ offset (m): positive, the mover must move out that far; negative, it may approach. */
  offset: number;
  /** Largest push the plane may give (m, ≥ 0): Infinity for a rigid surface, less for a soft one. */
  pushLimit: number;
  /** Push the plane gave in the last solvePlanes (m): written by solvePlanes, read by clipVector. */
  push: number;
  /** Whether clipVector removes velocity into this plane (when it pushed). False for soft surfaces. */
  clipVelocity: boolean;
}

/** A plane from collideMover: a CollisionPlane and the shape it came from. */
export interface MoverPlane extends CollisionPlane {
  /** Closest point on the shape's surface, world (m). */
  point: { x: number; y: number };
  /** Body handle of the shape. */
  body: BodyId;
  /** The shape. */
  shape: ShapeId;
}

/** What solvePlanes returns. */
export interface PlaneSolverResult {
  /** The translation that satisfies the planes, nearest to the one asked for (m). */
  translation: { x: number; y: number };
  /** Solver sweeps made (diagnostics). */
  iterations: number;
}

const moverScratchByWorld = new WeakMap<PhysicsState, MoverScratch>();

function getMoverScratch(p: PhysicsState): MoverScratch {
  let m = moverScratchByWorld.get(p);
  if (m === undefined) {
    m = new MoverScratch(getQueryScratch(p));
    moverScratchByWorld.set(p, m);
  }
  return m;
}

/** Validates `mover` and writes it into m.mover. Throws INVALID_ARGUMENT before anything is written. */
function loadMoverArg(m: MoverScratch, mover: Mover): void {
  if (mover === null || typeof mover !== 'object') {
    throw new PhysicsError(
      'INVALID_ARGUMENT',
      `mover must be a { center1, center2, radius } object, got ${String(mover)}`,
    );
  }
  checkQueryVec2(mover.center1, 'mover.center1');
  checkQueryVec2(mover.center2, 'mover.center2');
  const r = mover.radius;
  if (typeof r !== 'number' || !Number.isFinite(r) || r < 0) {
    throw new PhysicsError('INVALID_ARGUMENT', `mover.radius must be a finite number >= 0, got ${String(r)}`);
  }
  const a = m.mover;
  a[MOVER_CENTER1_X] = mover.center1.x;
  a[MOVER_CENTER1_Y] = mover.center1.y;
  a[MOVER_CENTER2_X] = mover.center2.x;
  a[MOVER_CENTER2_Y] = mover.center2.y;
  a[MOVER_RADIUS] = r;
}

/**
 * The fraction (0..1) of `translation` that `mover` can travel before it comes within MOVER_SKIN of a shape that
 * passes `filter`: exact under translation, so at that fraction the mover is MOVER_SKIN (to 1e-7 m) from the shape
 * and overlaps nothing it did not overlap at the start. 1 if nothing is in the way.
 *
 * Sensors never stop a mover (`filter.includeSensors` is ignored), nor does a chain segment the mover is centred
 * behind (chains are one-sided), nor a one-way shape (ShapeDef.oneWayNormal) unless the mover starts wholly on its
 * open side (no more than a slop below the face it opens from): a mover goes up through a platform and lands on
 * it. A shape already within the skin stops the mover at 0 only if the translation brings
 * it closer, so a mover can slide along what it touches and leave it; a shape whose core the mover's core already
 * crosses does not stop it: collideMover's planes push it out of that one (as in Box2D, where such shapes are
 * skipped). Box2D: b2World_CastMover.
 */
export function castMover(world: PhysicsWorld, mover: Mover, translation: QueryVec2, filter?: QueryFilter): number {
  const p = getPhysics(world);
  const m = getMoverScratch(p);
  loadMoverArg(m, mover);
  checkQueryVec2(translation, 'translation');
  resolveFilter(p, m.query, filter);
  m.translation[0] = translation.x;
  m.translation[1] = translation.y;
  castMoverState(p, m);
  return m.fraction[0];
}

/**
 * The collision planes of `mover`: one for every shape passing `filter` within MOVER_CONTACT_GAP of it (overlapping
 * ones included), in shape order (see ShapeId), into a caller-owned MoverPlanes buffer (cleared first). Returns the count.
 * Allocates nothing once the buffer has grown. Each plane is rigid and clipping (pushLimit Infinity, clipVelocity 1)
 * until the caller changes it, with an offset that asks for MOVER_REST_GAP between the mover and the shape: solved
 * with solvePlanesInto it pushes an overlapping mover out and holds a resting one at that gap.
 *
 * The normal is the direction from the shape to the mover: from the closest points when the cores are apart, else
 * the axis of least penetration (a chain segment pushes only to its collision side). Sensors, chain segments the
 * mover is centred behind and one-way shapes it is not wholly on the open side of (as for castMover) give no plane. Box2D: b2World_CollideMover.
 */
export function collideMoverInto(world: PhysicsWorld, mover: Mover, planes: MoverPlanes, filter?: QueryFilter): number {
  if (!(planes instanceof MoverPlanes))
    throw new PhysicsError('INVALID_ARGUMENT', 'planes must be a MoverPlanes buffer');
  const p = getPhysics(world);
  const m = getMoverScratch(p);
  loadMoverArg(m, mover);
  resolveFilter(p, m.query, filter);
  planes.clear();
  return collideMoverState(p, m, planes);
}

/**
 * As collideMoverInto, as objects. With `out`, that array is filled instead of a new one (its length set to the
 * plane count, its existing objects reused).
 */
export function collideMover(
  world: PhysicsWorld,
  mover: Mover,
  filter?: QueryFilter,
  out?: MoverPlane[],
): MoverPlane[] {
  if (out !== undefined && !Array.isArray(out)) {
    throw new PhysicsError('INVALID_ARGUMENT', `out must be an array, got ${String(out)}`);
  }
  const n = collideMoverInto(world, mover, listPlanes, filter);
  const result = out ?? [];
  for (let i = 0; i < n; i++) {
    let r = result[i];
    if (
      r === undefined ||
      r === null ||
      typeof r !== 'object' ||
      typeof r.normal !== 'object' ||
      typeof r.point !== 'object'
    ) {
      r = {
        normal: { x: 0, y: 0 },
        offset: 0,
        pushLimit: Infinity,
        push: 0,
        clipVelocity: true,
        point: { x: 0, y: 0 },
        body: -1 as BodyId,
        shape: -1 as ShapeId,
      };
      result[i] = r;
    }
    r.normal.x = listPlanes.normalX[i];
    r.normal.y = listPlanes.normalY[i];
    r.offset = listPlanes.offset[i];
    r.pushLimit = listPlanes.pushLimit[i];
    r.push = listPlanes.push[i];
    r.clipVelocity = listPlanes.clipVelocity[i] === 1;
    r.point.x = listPlanes.pointX[i];
    r.point.y = listPlanes.pointY[i];
    // collideMoverInto's rows all come from shapes: none holds the caller's -1.
    r.body = listPlanes.body[i] as BodyId;
    r.shape = listPlanes.shape[i] as ShapeId;
  }
  result.length = n;
  return result;
}

// ---- plane solver -------------------------------------------------------------------------------------------------

// Buffer of the object forms (module-level: they run to completion, nothing re-enters them), and a 2-vector.
const listPlanes = new MoverPlanes();
const vector = new Float64Array(2);

function checkOut(out: { x: number; y: number }): void {
  if (out === null || typeof out !== 'object') {
    throw new PhysicsError('INVALID_ARGUMENT', `out must be an {x, y} object, got ${String(out)}`);
  }
}

/** Throws INVALID_ARGUMENT unless row `i` of `planes` is a plane the solver can use (`withPush`: and a push). */
function checkPlaneRow(planes: MoverPlanes, i: number, withPush: boolean): void {
  const nx = planes.normalX[i];
  const ny = planes.normalY[i];
  const len2 = nx * nx + ny * ny;
  if (!(Math.abs(len2 - 1) <= 1e-6)) {
    throw new PhysicsError('INVALID_ARGUMENT', `plane ${i}: normal must be a unit vector, got (${nx}, ${ny})`);
  }
  const offset = planes.offset[i];
  if (!Number.isFinite(offset)) {
    throw new PhysicsError('INVALID_ARGUMENT', `plane ${i}: offset must be a finite number, got ${offset}`);
  }
  const limit = planes.pushLimit[i];
  if (!(limit >= 0)) {
    throw new PhysicsError('INVALID_ARGUMENT', `plane ${i}: pushLimit must be >= 0 (Infinity: rigid), got ${limit}`);
  }
  if (withPush) {
    const push = planes.push[i];
    if (!(push >= 0 && push < Infinity)) {
      throw new PhysicsError('INVALID_ARGUMENT', `plane ${i}: push must be a finite number >= 0, got ${push}`);
    }
  }
}

/** Validates the CollisionPlane objects and copies them into listPlanes. */
function loadPlaneList(planes: ReadonlyArray<CollisionPlane>, withPush: boolean): void {
  if (!Array.isArray(planes)) {
    throw new PhysicsError('INVALID_ARGUMENT', `planes must be an array of collision planes, got ${String(planes)}`);
  }
  listPlanes.clear();
  for (let i = 0; i < planes.length; i++) {
    const pl = planes[i];
    if (pl === null || typeof pl !== 'object' || pl.normal === null || typeof pl.normal !== 'object') {
      throw new PhysicsError('INVALID_ARGUMENT', `plane ${i} must be a { normal, offset, pushLimit, … } object`);
    }
    if (typeof pl.clipVelocity !== 'boolean') {
      throw new PhysicsError(
        'INVALID_ARGUMENT',
        `plane ${i}: clipVelocity must be a boolean, got ${String(pl.clipVelocity)}`,
      );
    }
    const k = listPlanes.addRow();
    listPlanes.normalX[k] = toNumber(pl.normal.x);
    listPlanes.normalY[k] = toNumber(pl.normal.y);
    listPlanes.offset[k] = toNumber(pl.offset);
    listPlanes.pushLimit[k] = toNumber(pl.pushLimit);
    listPlanes.push[k] = withPush ? toNumber(pl.push) : 0;
    listPlanes.clipVelocity[k] = pl.clipVelocity ? 1 : 0;
    checkPlaneRow(listPlanes, k, withPush);
  }
}

/** A number as is; anything else as NaN, which the row checks refuse. */
function toNumber(v: unknown): number {
  return typeof v === 'number' ? v : NaN;
}

/**
 * The translation nearest to `translation` that the planes allow (each plane pushing the mover out by at most its
 * pushLimit), for a mover at the position the planes were made at; writes each plane's `push`. Exact: rigid planes
 * are met to 1e-9 m, also in narrow corners. Box2D: b2SolvePlanes (collision/plane-solver.ts says how it differs).
 */
export function solvePlanes(translation: QueryVec2, planes: CollisionPlane[]): PlaneSolverResult {
  checkQueryVec2(translation, 'translation');
  loadPlaneList(planes, false);
  vector[0] = translation.x;
  vector[1] = translation.y;
  const iterations = solvePlaneRange(listPlanes, 0, listPlanes.count, vector);
  for (let i = 0; i < planes.length; i++) planes[i].push = listPlanes.push[i];
  return { translation: { x: vector[0], y: vector[1] }, iterations };
}

/**
 * As solvePlanes, on the rows of a MoverPlanes buffer (their `push` is written) and into `out`; returns the solver
 * sweeps made. Allocates nothing.
 */
export function solvePlanesInto(translation: QueryVec2, planes: MoverPlanes, out: { x: number; y: number }): number {
  checkQueryVec2(translation, 'translation');
  if (!(planes instanceof MoverPlanes))
    throw new PhysicsError('INVALID_ARGUMENT', 'planes must be a MoverPlanes buffer');
  checkOut(out);
  for (let i = 0; i < planes.count; i++) checkPlaneRow(planes, i, false);
  vector[0] = translation.x;
  vector[1] = translation.y;
  const iterations = solvePlaneRange(planes, 0, planes.count, vector);
  out.x = vector[0];
  out.y = vector[1];
  return iterations;
}

/**
 * `vector` (a velocity, say) without its components into the planes that pushed in the last solvePlanes and have
 * clipVelocity set: the nearest vector that goes into none of them. Box2D: b2ClipVector (exact in corners, where
 * Box2D clips plane by plane).
 */
export function clipVector(v: QueryVec2, planes: CollisionPlane[]): { x: number; y: number } {
  checkQueryVec2(v, 'vector');
  loadPlaneList(planes, true);
  vector[0] = v.x;
  vector[1] = v.y;
  clipVectorRange(listPlanes, 0, listPlanes.count, vector);
  return { x: vector[0], y: vector[1] };
}

/** As clipVector, on the rows of a MoverPlanes buffer, into `out` (which may be `vector` itself); returns `out`. */
export function clipVectorInto(
  v: QueryVec2,
  planes: MoverPlanes,
  out: { x: number; y: number },
): { x: number; y: number } {
  checkQueryVec2(v, 'vector');
  if (!(planes instanceof MoverPlanes))
    throw new PhysicsError('INVALID_ARGUMENT', 'planes must be a MoverPlanes buffer');
  checkOut(out);
  for (let i = 0; i < planes.count; i++) checkPlaneRow(planes, i, true);
  vector[0] = v.x;
  vector[1] = v.y;
  clipVectorRange(planes, 0, planes.count, vector);
  out.x = vector[0];
  out.y = vector[1];
  return out;
}
