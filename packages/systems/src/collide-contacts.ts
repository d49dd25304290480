import {
  AABB_STRIDE,
  AABB_FAT,
  CONTACT_POINTS_STRIDE,
  CP_ANCHOR_AX,
  CP_ANCHOR_AY,
  MP_ANCHOR_AX,
  MP_ANCHOR_AY,
  MP_ID,
  CP_ID,
  CP_NORMAL_IMPULSE,
  CP_TANGENT_IMPULSE,
  ContactFlag,
  M_HEADER,
  M_APART,
  MP_STRIDE,
  M_COUNT,
  M_NORMAL_X,
  M_NORMAL_Y,
  CP_STRIDE,
  M_IN_LINEAR_SLOP,
  M_IN_SPECULATIVE,
  SHAPE_TYPE_COUNT,
  SP_LINEAR_SLOP,
  SP_SPECULATIVE,
  collideFunctions,
  BodyFlag,
  CP_SEPARATION,
  MP_SEPARATION,
  isSolidTouching,
  type ContactStore,
  type GeometryStore,
} from '@impulse2d/core/internal';
import { CACHE_APART, cacheApart, cacheManifold, reuseManifoldInPlace, stillApart } from './manifold-cache.js';

/**
 * Rows of the contact table in one narrowphase chunk: the unit a thread takes. Small enough that two threads end
 * within a chunk of each other, large enough that claiming one is rare next to colliding its rows.
 */
export const COLLIDE_CHUNK = 256;
/** Per chunk, three counts: separated contacts, touching flips, touching contacts. */
export const CHUNK_COUNTS = 3;

/**
 * What the narrowphase reads and writes: a PhysicsState, or a worker thread's view of the same columns. The manifold
 * and pose scratch are the thread's own.
 */
export interface CollideState {
  readonly contacts: ContactStore;
  readonly shapes: {
    readonly geometry: GeometryStore;
    /** Tight and fat boxes per shape (AABB_STRIDE). */
    readonly aabb: Float64Array;
    readonly moved: Uint8Array;
  };
  readonly bodies: {
    readonly flags: Uint8Array;
    /** Each body's pose (x, y, cos, sin) at [4·eid…], copied from the transform as the narrowphase began. */
    readonly poses: Float64Array;
  };
  /** The step's scalars: the speculative distance and linear slop (SP_SPECULATIVE, SP_LINEAR_SLOP) are read. */
  readonly solverData: { readonly params: Float64Array };
  readonly manifold: Float64Array;
  readonly pose: Float64Array;
}

/** Number of chunks that cover `rows` rows of the contact table. */
export function collideChunkCount(rows: number): number {
  return Math.ceil(rows / COLLIDE_CHUNK);
}

/**
 * Narrowphase of chunk `k` (rows k·COLLIDE_CHUNK onwards, below `rows`). For each contact: if the two fat boxes no
 * longer overlap the contact is listed as separated; otherwise the manifold is recomputed from the current transforms
 * and each new point takes over the impulses of the old point with the same feature id (warm starting). Two caches
 * (manifold-cache.ts) skip the routine where its answer is known: a touching pair that barely moved moves its cached
 * manifold, and a pair a separating axis proved apart stays without points while it cannot have closed the gap.
 *
 * A chunk writes only its own contacts' rows and its own stretch of the outputs: separated ids at
 * `out[2k·COLLIDE_CHUNK…]`, ids whose touching state flipped at `out[(2k+1)·COLLIDE_CHUNK…]`, both ascending, and its
 * three counts at `counts[3k…]`. So chunks run in any order on any thread, and the caller, reading the outputs in
 * chunk order, sees exactly what one pass over all rows would give.
 */
export function collideChunk(p: CollideState, k: number, rows: number, out: Int32Array, counts: Int32Array): void {
  const c = p.contacts;
  const s = p.shapes;
  const g = s.geometry;
  const poses = p.bodies.poses;
  const m = p.manifold;
  const pose = p.pose;
  const points = c.points;
  const bflags = p.bodies.flags;
  const aabb = s.aabb;
  const moved = s.moved;
  // The world's tolerances, as the collision routines read them (manifold inputs) and for the box test below.
  const params = p.solverData.params;
  const speculative = params[SP_SPECULATIVE];
  m[M_IN_SPECULATIVE] = speculative;
  m[M_IN_LINEAR_SLOP] = params[SP_LINEAR_SLOP];
  let dead = k * 2 * COLLIDE_CHUNK;
  let changed = dead + COLLIDE_CHUNK;
  let touching = 0;
  // Rows in id order, not `list` order: each row's columns are then read front to back (swap-removal shuffles the
  // list, and random row access was the largest cost of this loop on big piles). The order decides only the order
  // of `separated` and `touchChanged`, as deterministic as the list's.
  const listIndex = c.listIndex;
  const end = Math.min(rows, (k + 1) * COLLIDE_CHUNK);
  for (let id = k * COLLIDE_CHUNK; id < end; id++) {
    if (listIndex[id] === -1) continue;
    const shapeA = c.shapeA[id];
    const shapeB = c.shapeB[id];
    const ao = shapeA * AABB_STRIDE;
    const bo = shapeB * AABB_STRIDE;
    // Fat boxes only change when a proxy moves in the tree, so only then can a pair stop overlapping: check those.
    // (The shapes' copies of their proxies' boxes, next to the tight boxes read below: one record per shape.)
    if (moved[shapeA] === 1 || moved[shapeB] === 1) {
      const fa = ao + AABB_FAT;
      const fb = bo + AABB_FAT;
      if (
        aabb[fa + 2] < aabb[fb] ||
        aabb[fb + 2] < aabb[fa] ||
        aabb[fa + 3] < aabb[fb + 1] ||
        aabb[fb + 3] < aabb[fa + 1]
      ) {
        out[dead++] = id;
        continue;
      }
    }
    const bodyA = c.bodyA[id];
    const bodyB = c.bodyB[id];
    // Neither body moves (asleep or static): the manifold from when they last moved still holds. This is what makes
    // sleeping piles nearly free.
    if ((bflags[bodyA] & BodyFlag.awake) === 0 && (bflags[bodyB] & BodyFlag.awake) === 0) {
      if ((c.flags[id] & ContactFlag.touching) !== 0) touching++;
      continue;
    }
    // Tight boxes (refreshed whenever a body moves) further apart than the speculative distance on either axis
    // cannot produce a manifold point: skip the routine (and the poses: the scattered transform reads). Most fat-box
    // pairs of a busy pile end here.
    const oldCount = c.pointCount[id];
    const base = id * CONTACT_POINTS_STRIDE;
    // The old points' feature ids and impulses, for warm starting (matched by id below). Read, when the routine runs,
    // before it does: the point record is usually not in cache, and the read then overlaps the routine's work instead
    // of stalling after it. (Reusing a manifold in place rewrites anchors and separations only, never these.)
    let oldId0 = -1;
    let oldId1 = -1;
    let oldN0 = 0;
    let oldT0 = 0;
    let oldN1 = 0;
    let oldT1 = 0;
    if (
      aabb[ao] > aabb[bo + 2] + speculative ||
      aabb[bo] > aabb[ao + 2] + speculative ||
      aabb[ao + 1] > aabb[bo + 3] + speculative ||
      aabb[bo + 1] > aabb[ao + 3] + speculative
    ) {
      c.cacheValid[id] = 0;
      // No points before and none now (most pairs of a busy pile): nothing to match, no flag to change, so the
      // contact's point record is never touched (it is the cache miss of this loop).
      if (oldCount === 0) continue;
      m[M_COUNT] = 0;
    } else {
      const pa = 4 * bodyA;
      const pb = 4 * bodyB;
      pose[0] = poses[pa];
      pose[1] = poses[pa + 1];
      pose[2] = poses[pa + 2];
      pose[3] = poses[pa + 3];
      pose[4] = poses[pb];
      pose[5] = poses[pb + 1];
      pose[6] = poses[pb + 2];
      pose[7] = poses[pb + 3];
      // Proved apart by a separating axis that the pair has not moved enough to close since (manifold-cache.ts): the
      // routine would return no point, and the row already has none (it was written so when the proof was made).
      if (c.cacheValid[id] === CACHE_APART && stillApart(c, id, pose)) continue;
      oldId0 = oldCount > 0 ? points[base + CP_ID] : -1;
      oldId1 = oldCount > 1 ? points[base + CP_STRIDE + CP_ID] : -1;
      oldN0 = points[base + CP_NORMAL_IMPULSE];
      oldT0 = points[base + CP_TANGENT_IMPULSE];
      oldN1 = points[base + CP_STRIDE + CP_NORMAL_IMPULSE];
      oldT1 = points[base + CP_STRIDE + CP_TANGENT_IMPULSE];
      // A touching contact that barely moved: its cached manifold, moved, is written in place (manifold-cache.ts);
      // count, ids, impulses and flags stay as they are, so nothing below applies.
      const cf = c.flags[id];
      if (isSolidTouching(cf) && reuseManifoldInPlace(c, id, pose)) {
        touching++;
        continue;
      }
      m[M_APART] = 0; // only a routine that proves the pair apart writes it
      collideFunctions[g.type[shapeA] * SHAPE_TYPE_COUNT + g.type[shapeB]](g, shapeA, shapeB, pose, m);
      if (m[M_COUNT] === 0 && m[M_APART] > 0) cacheApart(c, g, id, shapeA, shapeB, pose, m);
      else cacheManifold(c, id, pose, m);
    }
    const newCount = m[M_COUNT];
    for (let j = 0; j < newCount; j++) {
      const src = M_HEADER + j * MP_STRIDE;
      const dst = base + j * CP_STRIDE;
      // anchorA, separation, id (the anchor on B and the world point follow from anchorA and the pose: see CP_STRIDE).
      points[dst + CP_ANCHOR_AX] = m[src + MP_ANCHOR_AX];
      points[dst + CP_ANCHOR_AY] = m[src + MP_ANCHOR_AY];
      points[dst + CP_SEPARATION] = m[src + MP_SEPARATION];
      points[dst + CP_ID] = m[src + MP_ID];
      const fid = m[src + MP_ID];
      let n = 0;
      let tg = 0;
      if (fid === oldId0) {
        n = oldN0;
        tg = oldT0;
      } else if (fid === oldId1) {
        n = oldN1;
        tg = oldT1;
      }
      points[dst + CP_NORMAL_IMPULSE] = n;
      points[dst + CP_TANGENT_IMPULSE] = tg;
    }
    c.pointCount[id] = newCount;
    // Without points the scratch's normal is whatever this thread collided before: written as 0, the row depends on
    // nothing but itself, so chunks give the same bits on any thread.
    c.normalX[id] = newCount > 0 ? m[M_NORMAL_X] : 0;
    c.normalY[id] = newCount > 0 ? m[M_NORMAL_Y] : 0;
    const flags = c.flags[id];
    const wasTouching = (flags & ContactFlag.touching) !== 0;
    // A pair passing through a one-way shape (systems' one-way.ts) does not touch while it has points.
    let isTouching = newCount > 0 && (flags & ContactFlag.passing) === 0;
    const sensor = (flags & ContactFlag.sensor) !== 0;
    // A sensor reports overlap, not the speculative margin: it touches when a point actually penetrates.
    if (sensor && isTouching)
      isTouching = m[M_HEADER + MP_SEPARATION] <= 0 || (newCount > 1 && m[M_HEADER + MP_STRIDE + MP_SEPARATION] <= 0);
    if (isTouching) {
      touching++;
      c.flags[id] = flags | ContactFlag.touching;
    } else {
      // With no point left it stops passing: its next touch is decided afresh.
      c.flags[id] = flags & (newCount > 0 ? ~ContactFlag.touching : ~(ContactFlag.touching | ContactFlag.passing));
    }
    if (isTouching !== wasTouching) out[changed++] = id;
  }
  counts[k * CHUNK_COUNTS] = dead - k * 2 * COLLIDE_CHUNK;
  counts[k * CHUNK_COUNTS + 1] = changed - k * 2 * COLLIDE_CHUNK - COLLIDE_CHUNK;
  counts[k * CHUNK_COUNTS + 2] = touching;
}
