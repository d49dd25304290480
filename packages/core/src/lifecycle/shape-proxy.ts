import { BodyFlag, BodyType } from '../state/body-store.js';
import { TREE_MOVABLE, TREE_STATIC } from '../broadphase/broadphase.js';
import type { DynamicTree } from '../broadphase/dynamic-tree.js';
import { computeShapeAABB } from '../geometry/index.js';
import { AABB_MARGIN_EXTENT_FRACTION } from '../settings.js';
import { TOL_AABB_MARGIN, TOL_SPECULATIVE } from '../state/length-tolerances.js';
import type { PhysicsState } from '../state/physics-state.js';
import { AABB_FAT, AABB_STRIDE } from '../state/shape-store.js';

/**
 * Writes to out[o] the fat-box margin of movable body `eid` (minimum extents in `minExtent`, the world's length
 * tolerances in `tolerances`): the AABB margin, or a fraction of the body's extent when that is smaller, but never
 * below the speculative distance (a segment's extent is 0). Written to an array rather than returned: the step calls
 * this from loops too large for V8 to inline it into, and a returned double would be a heap allocation.
 */
export function fatMarginInto(
  minExtent: Float64Array,
  eid: number,
  tolerances: Float64Array,
  out: Float64Array,
  o: number,
): void {
  // Math.min/max, not a chain of ?: over the constants: that form made V8 box the result in finalize's loop (a heap
  // number for every re-inserted proxy, ~9 kB a step in the tumbler scene), this one does not.
  out[o] = Math.max(
    tolerances[TOL_SPECULATIVE],
    Math.min(tolerances[TOL_AABB_MARGIN], AABB_MARGIN_EXTENT_FRACTION * minExtent[eid]),
  );
}

const marginScratch = new Float64Array(1);

/** fatMarginInto for the API's cold paths (creation, teleports). */
function fatMargin(p: PhysicsState, eid: number): number {
  fatMarginInto(p.bodies.minExtent, eid, p.tolerances, marginScratch, 0);
  return marginScratch[0];
}

/** Computes the shape's tight AABB from its body's transform into `shapes.aabb`. */
export function refreshShapeAABB(p: PhysicsState, shape: number): void {
  const s = p.shapes;
  const eid = s.body[shape];
  const t = p.bodies.transform;
  const pose = p.pose;
  pose[0] = t.x[eid];
  pose[1] = t.y[eid];
  pose[2] = t.c[eid];
  pose[3] = t.s[eid];
  computeShapeAABB(s.geometry, shape, pose, s.aabb, shape * AABB_STRIDE);
}

/**
 * The mask bits a shape's proxy pairs with: its own, or every category in a positive group (which overrides the
 * masks: see FilterDef and systems' shouldCollide); none for a sensor switched off (setSensorEnabled).
 */
export function pairMaskBits(p: PhysicsState, shape: number): number {
  const s = p.shapes;
  if (s.sensorDisabled[shape] === 1) return 0;
  return s.groupIndex[shape] > 0 ? -1 : s.maskBits[shape] | 0;
}

/**
 * Inserts the shape into the broadphase (static tree for static bodies, no margin there: they never move). A shape
 * of a disabled body gets no proxy (body-enable.ts) until the body is enabled.
 */
export function createShapeProxy(p: PhysicsState, shape: number): void {
  const s = p.shapes;
  refreshShapeAABB(p, shape);
  const body = s.body[shape];
  if ((p.bodies.flags[body] & BodyFlag.disabled) !== 0) {
    s.proxy[shape] = -1;
    return;
  }
  const isStatic = p.bodies.type[body] === BodyType.static;
  const margin = isStatic ? 0 : fatMargin(p, body);
  const tree = isStatic ? TREE_STATIC : TREE_MOVABLE;
  const a = s.aabb;
  const o = shape * AABB_STRIDE;
  const f = o + AABB_FAT;
  a[f] = a[o] - margin;
  a[f + 1] = a[o + 1] - margin;
  a[f + 2] = a[o + 2] + margin;
  a[f + 3] = a[o + 3] + margin;
  s.tree[shape] = tree;
  s.proxy[shape] = p.broadphase.trees[tree].createProxy(
    a[f],
    a[f + 1],
    a[f + 2],
    a[f + 3],
    shape,
    s.categoryBits[shape],
    pairMaskBits(p, shape),
  );
  bufferMove(p, shape);
}

export function destroyShapeProxy(p: PhysicsState, shape: number): void {
  const s = p.shapes;
  const proxy = s.proxy[shape];
  if (proxy === -1) return;
  p.broadphase.trees[s.tree[shape]].destroyProxy(proxy);
  s.proxy[shape] = -1;
  if (s.moved[shape] === 1) {
    // Drop it from the move buffer so the pair update never reads a dead proxy.
    const bp = p.broadphase;
    const mb = bp.moveBuffer;
    const from = bp.moveFrom;
    let w = 0;
    for (let i = 0; i < mb.count; i++) {
      const v = mb.data[i];
      if (v === shape) continue;
      mb.data[w] = v;
      for (let k = 0; k < 4; k++) from[w * 4 + k] = from[i * 4 + k];
      w++;
    }
    mb.count = w;
    s.moved[shape] = 0;
  }
}

/**
 * Queues a shape for the next pair update with no previous box to go by: the update then tests every shape its fat
 * box overlaps. For new proxies and for every change that can leave an overlapping pair without its contact (a filter
 * change, contacts destroyed, a joint that kept two bodies apart removed). Cold path.
 */
export function bufferMove(p: PhysicsState, shape: number): void {
  const s = p.shapes;
  const bp = p.broadphase;
  const mb = bp.moveBuffer;
  let i = mb.count;
  if (s.moved[shape] === 1) {
    i = 0;
    while (mb.data[i] !== shape) i++;
  } else {
    s.moved[shape] = 1;
    mb.push(shape);
    bp.reserveMoveFrom(mb.count);
  }
  bp.moveFrom[i * 4] = Infinity;
}

/**
 * Queues a shape whose proxy is about to move to a new fat box (call before changing it), remembering the box it has
 * now, unless it is queued already (then the box it had at the last narrowphase is already remembered). Every pair
 * whose fat boxes overlapped at the last narrowphase has a contact or was filtered out (contacts are created when
 * fat boxes start to overlap and destroyed only when they separate or by the changes that call bufferMove), so the
 * pair update need not look up the candidates that overlapped this box and did not move: in a tumbling pile most of
 * them, each a hash-table probe that missed the cache.
 */
export function bufferMoveFrom(p: PhysicsState, shape: number, tree: DynamicTree, proxy: number): void {
  const s = p.shapes;
  if (s.moved[shape] === 1) return;
  s.moved[shape] = 1;
  const bp = p.broadphase;
  const mb = bp.moveBuffer;
  const i = mb.count;
  mb.push(shape);
  if (bp.moveFrom.length < mb.count * 4) bp.reserveMoveFrom(mb.count);
  tree.copyBox(proxy, bp.moveFrom, i * 4);
}

/**
 * After a teleport (setTransform) or type change: refresh each shape's AABB and re-insert proxies whose fat box no
 * longer contains it. Cold path; the step's finalize stage has its own tight loop for the same job.
 */
export function synchronizeBodyProxies(p: PhysicsState, eid: number): void {
  const s = p.shapes;
  const isStatic = p.bodies.type[eid] === BodyType.static;
  const margin = isStatic ? 0 : fatMargin(p, eid);
  for (let sh = p.bodies.shapeHead[eid]; sh !== -1; sh = s.next[sh]) {
    refreshShapeAABB(p, sh);
    const proxy = s.proxy[sh];
    if (proxy === -1) continue; // a disabled body's shape
    const tree = p.broadphase.trees[s.tree[sh]];
    const a = s.aabb;
    const o = sh * AABB_STRIDE;
    const f = o + AABB_FAT;
    if (a[f] <= a[o] && a[f + 1] <= a[o + 1] && a[f + 2] >= a[o + 2] && a[f + 3] >= a[o + 3]) continue;
    bufferMoveFrom(p, sh, tree, proxy);
    a[f] = a[o] - margin;
    a[f + 1] = a[o + 1] - margin;
    a[f + 2] = a[o + 2] + margin;
    a[f + 3] = a[o + 3] + margin;
    tree.moveProxy(proxy, a[f], a[f + 1], a[f + 2], a[f + 3]);
  }
}

/** Moves all of a body's proxies to the tree that matches its (new) type. */
export function rebuildBodyProxies(p: PhysicsState, eid: number): void {
  const s = p.shapes;
  for (let sh = p.bodies.shapeHead[eid]; sh !== -1; sh = s.next[sh]) {
    destroyShapeProxy(p, sh);
    createShapeProxy(p, sh);
  }
}
