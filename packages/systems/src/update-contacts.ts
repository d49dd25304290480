import {
  CONTACT_POINTS_STRIDE,
  CP_ANCHOR_AX,
  CP_ANCHOR_AY,
  CP_ANCHOR_BX,
  CP_ANCHOR_BY,
  MP_ANCHOR_AX,
  MP_ANCHOR_AY,
  MP_ANCHOR_BX,
  MP_ANCHOR_BY,
  MP_ID,
  MP_POINT_X,
  MP_POINT_Y,
  CP_ID,
  CP_NORMAL_IMPULSE,
  CP_TANGENT_IMPULSE,
  ContactFlag,
  M_HEADER,
  MP_STRIDE,
  M_COUNT,
  M_NORMAL_X,
  M_NORMAL_Y,
  CP_STRIDE,
  SHAPE_TYPE_COUNT,
  SPECULATIVE_DISTANCE,
  collideFunctions,
  destroyContact,
  BodyFlag,
  CB_BODY_A,
  CB_BODY_B,
  CB_NORMAL_X,
  CB_NORMAL_Y,
  CB_POINT0_X,
  CB_POINT_COUNT,
  CB_SHAPE_A,
  CB_SHAPE_B,
  CP_POINT_X,
  CP_POINT_Y,
  CP_SEPARATION,
  MP_SEPARATION,
  pushPairEvent,
  shapeHandle,
  wakeIsland,
  type PhysicsState,
} from '@impulse2d/core/internal';
import { cacheManifold, reuseManifoldInPlace } from './manifold-cache.js';

/** Logs a contact-begin record with the manifold's normal and points. */
function pushBeginEvent(p: PhysicsState, id: number): void {
  const c = p.contacts;
  const s = p.shapes;
  const ev = p.events.contactBegin;
  const o = ev.push();
  const d = ev.data;
  d[o + CB_SHAPE_A] = shapeHandle(s, c.shapeA[id]!);
  d[o + CB_SHAPE_B] = shapeHandle(s, c.shapeB[id]!);
  d[o + CB_BODY_A] = c.bodyA[id]!;
  d[o + CB_BODY_B] = c.bodyB[id]!;
  d[o + CB_NORMAL_X] = c.normalX[id]!;
  d[o + CB_NORMAL_Y] = c.normalY[id]!;
  const count = c.pointCount[id]!;
  d[o + CB_POINT_COUNT] = count;
  const base = id * CONTACT_POINTS_STRIDE;
  for (let j = 0; j < 2; j++) {
    const src = base + j * CP_STRIDE;
    const dst = o + CB_POINT0_X + 3 * j;
    d[dst] = j < count ? c.points[src + CP_POINT_X]! : 0;
    d[dst + 1] = j < count ? c.points[src + CP_POINT_Y]! : 0;
    d[dst + 2] = j < count ? c.points[src + CP_SEPARATION]! : 0;
  }
}

/**
 * Begin / end events (contact or sensor) for the contacts whose touching state flipped in updateContacts; a begin
 * wakes sleepers. A separate stage function, called by the step after updateContacts: inside the narrowphase loop
 * (or inlined into it) these rarely taken branches made V8 deoptimise the loop again and again (23–61 times in 300
 * tumbler steps, each time running in the interpreter for a while: the narrowphase ran 2–3× slower).
 */
export function reportTouchChanges(p: PhysicsState): void {
  const changed = p.contacts.touchChanged;
  const c = p.contacts;
  const events = p.events;
  const bflags = p.bodies.flags;
  for (let k = 0; k < changed.count; k++) {
    const id = changed.data[k]!;
    const flags = c.flags[id]!;
    const isTouching = (flags & ContactFlag.touching) !== 0;
    if ((flags & ContactFlag.sensor) !== 0) {
      pushPairEvent(p, id, isTouching ? events.sensorBegin : events.sensorEnd);
    } else if (isTouching) {
      pushBeginEvent(p, id);
      // Something awake touched a sleeping body: wake its island before the solver treats it as immovable.
      const bodyA = c.bodyA[id]!;
      const bodyB = c.bodyB[id]!;
      if ((bflags[bodyA]! & BodyFlag.awake) === 0) wakeIsland(p, bodyA);
      if ((bflags[bodyB]! & BodyFlag.awake) === 0) wakeIsland(p, bodyB);
    } else {
      pushPairEvent(p, id, events.contactEnd);
    }
  }
}

/**
 * Stage 2 — narrowphase. For each contact: if the two fat boxes no longer overlap the contact is destroyed; otherwise
 * the manifold is recomputed from the current transforms and each new point takes over the impulses of the old
 * point with the same feature id (warm starting), so resting stacks start each step from last step's solution.
 * Touching transitions become contact begin/end (or sensor begin/end) events; a begin against a sleeping body wakes
 * its island.
 */
export function updateContacts(p: PhysicsState): void {
  const touching = collideContacts(p);
  const dead = p.contacts.separated;
  // Destroyed after the loop: swap-removal inside it would move unvisited contacts behind the cursor.
  for (let k = 0; k < dead.count; k++) destroyContact(p, dead.data[k]!);
  const moveBuffer = p.broadphase.moveBuffer;
  const moved = p.shapes.moved;
  for (let i = 0; i < moveBuffer.count; i++) moved[moveBuffer.data[i]!] = 0;
  moveBuffer.clear();
  p.profile.contactCount = p.contacts.count;
  p.profile.touchingCount = touching;
}

/**
 * The loop of updateContacts; returns the number of touching contacts.
 * (Split from its caller so that the caller, which has no loop, is optimised normally: in V8 the code after a long
 * loop compiled on-stack-replacement has no type feedback for the stores that follow it, and deoptimised on every
 * step — measured on large_pyramid: prepareContacts and updateContacts bailed out once per step.)
 */
function collideContacts(p: PhysicsState): number {
  const c = p.contacts;
  const s = p.shapes;
  const g = s.geometry;
  const t = p.bodies.transform;
  const trees = p.broadphase.trees;
  const m = p.manifold;
  const pose = p.pose;
  const points = c.points;
  const dead = c.separated;
  const changed = c.touchChanged;
  changed.clear();
  const bflags = p.bodies.flags;
  const aabb = s.aabb;
  const moved = s.moved;
  dead.clear();
  let touching = 0;
  // Rows in id order, not `list` order: each row's columns are then read front to back (swap-removal shuffles the
  // list, and random row access was the largest cost of this loop on big piles). The order decides only the order
  // of `separated` and `touchChanged`, as deterministic as the list's.
  const listIndex = c.listIndex;
  const rows = c.capacityUsed;
  for (let id = 0; id < rows; id++) {
    if (listIndex[id] === -1) continue;
    const shapeA = c.shapeA[id]!;
    const shapeB = c.shapeB[id]!;
    // Fat boxes only change when a proxy moves in the tree, so only then can a pair stop overlapping: check those.
    if (moved[shapeA] === 1 || moved[shapeB] === 1) {
      const treeA = trees[s.tree[shapeA]!];
      const treeB = trees[s.tree[shapeB]!];
      const pa = s.proxy[shapeA]!;
      const pb = s.proxy[shapeB]!;
      if (
        treeA.maxX[pa]! < treeB.minX[pb]! ||
        treeB.maxX[pb]! < treeA.minX[pa]! ||
        treeA.maxY[pa]! < treeB.minY[pb]! ||
        treeB.maxY[pb]! < treeA.minY[pa]!
      ) {
        dead.push(id);
        continue;
      }
    }
    const bodyA = c.bodyA[id]!;
    const bodyB = c.bodyB[id]!;
    // Neither body moves (asleep or static): the manifold from when they last moved still holds. This is what makes
    // sleeping piles nearly free.
    if ((bflags[bodyA]! & BodyFlag.awake) === 0 && (bflags[bodyB]! & BodyFlag.awake) === 0) {
      if ((c.flags[id]! & ContactFlag.touching) !== 0) touching++;
      continue;
    }
    // Tight boxes (refreshed whenever a body moves) further apart than the speculative distance on either axis
    // cannot produce a manifold point: skip the routine (and the poses: the scattered transform reads). Most fat-box
    // pairs of a busy pile end here.
    const ao = shapeA * 4;
    const bo = shapeB * 4;
    if (
      aabb[ao]! > aabb[bo + 2]! + SPECULATIVE_DISTANCE ||
      aabb[bo]! > aabb[ao + 2]! + SPECULATIVE_DISTANCE ||
      aabb[ao + 1]! > aabb[bo + 3]! + SPECULATIVE_DISTANCE ||
      aabb[bo + 1]! > aabb[ao + 3]! + SPECULATIVE_DISTANCE
    ) {
      c.cacheValid[id] = 0;
      // No points before and none now (most pairs of a busy pile): nothing to match, no flag to change, so the
      // contact's point record is never touched (it is the cache miss of this loop).
      if (c.pointCount[id] === 0) continue;
      m[M_COUNT] = 0;
    } else {
      pose[0] = t.x[bodyA]!;
      pose[1] = t.y[bodyA]!;
      pose[2] = t.c[bodyA]!;
      pose[3] = t.s[bodyA]!;
      pose[4] = t.x[bodyB]!;
      pose[5] = t.y[bodyB]!;
      pose[6] = t.c[bodyB]!;
      pose[7] = t.s[bodyB]!;
      // A touching contact that barely moved: its cached manifold, moved, is written in place (manifold-cache.ts);
      // count, ids, impulses and flags stay as they are, so nothing below applies.
      const cf = c.flags[id]!;
      if (
        (cf & (ContactFlag.touching | ContactFlag.sensor)) === ContactFlag.touching &&
        reuseManifoldInPlace(c, id, pose)
      ) {
        touching++;
        continue;
      }
      collideFunctions[g.type[shapeA]! * SHAPE_TYPE_COUNT + g.type[shapeB]!]!(g, shapeA, shapeB, pose, m);
      cacheManifold(c, id, pose, m);
    }
    const newCount = m[M_COUNT]!;
    const oldCount = c.pointCount[id]!;
    const base = id * CONTACT_POINTS_STRIDE;
    // Match by feature id; the old impulses are read before the points are overwritten.
    const oldId0 = oldCount > 0 ? points[base + CP_ID]! : -1;
    const oldId1 = oldCount > 1 ? points[base + CP_STRIDE + CP_ID]! : -1;
    const oldN0 = points[base + CP_NORMAL_IMPULSE]!;
    const oldT0 = points[base + CP_TANGENT_IMPULSE]!;
    const oldN1 = points[base + CP_STRIDE + CP_NORMAL_IMPULSE]!;
    const oldT1 = points[base + CP_STRIDE + CP_TANGENT_IMPULSE]!;
    for (let j = 0; j < newCount; j++) {
      const src = M_HEADER + j * MP_STRIDE;
      const dst = base + j * CP_STRIDE;
      // anchorA, anchorB, point, separation, id: the CP_ fields alias the MP_ ones (written out: the loop form was a
      // quarter of this stage's time).
      points[dst + CP_ANCHOR_AX] = m[src + MP_ANCHOR_AX]!;
      points[dst + CP_ANCHOR_AY] = m[src + MP_ANCHOR_AY]!;
      points[dst + CP_ANCHOR_BX] = m[src + MP_ANCHOR_BX]!;
      points[dst + CP_ANCHOR_BY] = m[src + MP_ANCHOR_BY]!;
      points[dst + CP_POINT_X] = m[src + MP_POINT_X]!;
      points[dst + CP_POINT_Y] = m[src + MP_POINT_Y]!;
      points[dst + CP_SEPARATION] = m[src + MP_SEPARATION]!;
      points[dst + CP_ID] = m[src + MP_ID]!;
      const fid = m[src + MP_ID]!;
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
    c.normalX[id] = m[M_NORMAL_X]!;
    c.normalY[id] = m[M_NORMAL_Y]!;
    const flags = c.flags[id]!;
    const wasTouching = (flags & ContactFlag.touching) !== 0;
    let isTouching = newCount > 0;
    const sensor = (flags & ContactFlag.sensor) !== 0;
    // A sensor reports overlap, not the speculative margin: it touches when a point actually penetrates.
    if (sensor && isTouching)
      isTouching = m[M_HEADER + MP_SEPARATION]! <= 0 || (newCount > 1 && m[M_HEADER + MP_STRIDE + MP_SEPARATION]! <= 0);
    if (isTouching) {
      touching++;
      c.flags[id] = flags | ContactFlag.touching;
    } else {
      c.flags[id] = flags & ~ContactFlag.touching;
    }
    if (isTouching !== wasTouching) changed.push(id);
  }
  return touching;
}
