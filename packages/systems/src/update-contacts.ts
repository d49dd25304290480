import {
  CONTACT_POINTS_STRIDE,
  CP_ANCHOR_AX,
  CP_ID,
  CP_MAX_NORMAL_IMPULSE,
  CP_NORMAL_IMPULSE,
  CP_TANGENT_IMPULSE,
  ContactFlag,
  MANIFOLD_HEADER,
  MANIFOLD_POINT_STRIDE,
  M_COUNT,
  M_NORMAL_X,
  M_NORMAL_Y,
  POINT_STRIDE,
  SHAPE_TYPE_COUNT,
  collideFunctions,
  destroyContact,
  type PhysicsState,
} from '@impulse2d/core';

/**
 * Stage 2 — narrowphase. For each contact: if the two fat boxes no longer overlap the contact is destroyed; otherwise
 * the manifold is recomputed from the current transforms and each new point takes over the impulses of the old
 * point with the same feature id (warm starting), so resting stacks start each step from last step's solution.
 */
export function updateContacts(p: PhysicsState): void {
  const c = p.contacts;
  const s = p.shapes;
  const g = s.geometry;
  const t = p.bodies.transform;
  const trees = p.broadphase.trees;
  const m = p.manifold;
  const pose = p.pose;
  const points = c.points;
  const list = c.list;
  const dead = c.separated;
  dead.clear();
  let touching = 0;
  for (let k = 0; k < c.count; k++) {
    const id = list[k]!;
    const shapeA = c.shapeA[id]!;
    const shapeB = c.shapeB[id]!;
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
    const bodyA = c.bodyA[id]!;
    const bodyB = c.bodyB[id]!;
    pose[0] = t.x[bodyA]!;
    pose[1] = t.y[bodyA]!;
    pose[2] = t.c[bodyA]!;
    pose[3] = t.s[bodyA]!;
    pose[4] = t.x[bodyB]!;
    pose[5] = t.y[bodyB]!;
    pose[6] = t.c[bodyB]!;
    pose[7] = t.s[bodyB]!;
    collideFunctions[g.type[shapeA]! * SHAPE_TYPE_COUNT + g.type[shapeB]!]!(g, shapeA, shapeB, pose, m);
    const newCount = m[M_COUNT]!;
    const oldCount = c.pointCount[id]!;
    const base = id * CONTACT_POINTS_STRIDE;
    // Match by feature id; the old impulses are read before the points are overwritten.
    const oldId0 = oldCount > 0 ? points[base + CP_ID]! : -1;
    const oldId1 = oldCount > 1 ? points[base + POINT_STRIDE + CP_ID]! : -1;
    const oldN0 = points[base + CP_NORMAL_IMPULSE]!;
    const oldT0 = points[base + CP_TANGENT_IMPULSE]!;
    const oldN1 = points[base + POINT_STRIDE + CP_NORMAL_IMPULSE]!;
    const oldT1 = points[base + POINT_STRIDE + CP_TANGENT_IMPULSE]!;
    for (let j = 0; j < newCount; j++) {
      const src = MANIFOLD_HEADER + j * MANIFOLD_POINT_STRIDE;
      const dst = base + j * POINT_STRIDE;
      // anchorA, anchorB, point, separation, id: the first 8 fields share the manifold layout.
      for (let f = 0; f < MANIFOLD_POINT_STRIDE; f++) points[dst + CP_ANCHOR_AX + f] = m[src + f]!;
      const fid = m[src + 7]!;
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
      points[dst + CP_MAX_NORMAL_IMPULSE] = 0;
    }
    c.pointCount[id] = newCount;
    c.normalX[id] = m[M_NORMAL_X]!;
    c.normalY[id] = m[M_NORMAL_Y]!;
    const flags = c.flags[id]!;
    if (newCount > 0) {
      touching++;
      c.flags[id] = (flags & ContactFlag.touching) === 0 ? flags | ContactFlag.touching | ContactFlag.began : flags & ~ContactFlag.began;
    } else {
      c.flags[id] = flags & ~(ContactFlag.touching | ContactFlag.began);
    }
  }
  // Destroyed after the loop: swap-removal inside it would move unvisited contacts behind the cursor.
  for (let k = 0; k < dead.count; k++) destroyContact(p, dead.data[k]!);
  p.profile.contactCount = c.count;
  p.profile.touchingCount = touching;
}
