import {
  computeShapeVertexReach,
  MC_APART_LEVER,
  MC_APART_MARGIN,
  CONTACT_POINTS_STRIDE,
  CP_ANCHOR_AX,
  CP_ANCHOR_AY,
  CP_SEPARATION,
  MC_STRIDE,
  M_APART,
  M_HEADER,
  MP_STRIDE,
  MC_NORMAL_X,
  MC_NORMAL_Y,
  MC_POINT0,
  MC_REL_C,
  MC_REL_S,
  MC_REL_X,
  MC_REL_Y,
  MP_ANCHOR_AX,
  MP_ANCHOR_AY,
  MP_ID,
  MP_SEPARATION,
  M_COUNT,
  M_NORMAL_X,
  M_NORMAL_Y,
  CP_STRIDE,
  type ContactStore,
  type GeometryStore,
} from '@impulse2d/core/internal';

/**
 * Manifold reuse (the contact caching of Bullet and PhysX; Box2D recomputes every pair every step). A pair whose
 * relative pose moved less than REUSE_DISTANCE and REUSE_ANGLE since its manifold was last computed keeps that
 * manifold: same points (fixed on body A, as the soft step's anchors are within a step), same feature ids, and each
 * separation advanced to first order by the relative motion, exactly the way the solver measures separation between
 * substeps. The bound is on the motion since the last full computation, not per step, so drift cannot accumulate:
 * at most REUSE_DISTANCE of unseen change, far below the linear slop. Resting stacks, where neighbours move by
 * micrometres, then skip the collision routines almost entirely.
 */
export const REUSE_DISTANCE = 0.001;
/** Relative rotation (rad) beyond which the manifold is recomputed (1 mm at half a metre). */
export const REUSE_ANGLE = 0.002;

/** Remembers manifold `m` (world, as the collision routines write it) in A's frame for contact `id`. */
export function cacheManifold(c: ContactStore, id: number, pose: Float64Array, m: Float64Array): void {
  const count = m[M_COUNT];
  // Two points with one feature id take their impulses through the id matching of the full path: not cached.
  if (count === 0 || (count === 2 && m[M_HEADER + MP_ID] === m[M_HEADER + MP_STRIDE + MP_ID])) {
    c.cacheValid[id] = 0;
    return;
  }
  const cA = pose[2];
  const sA = pose[3];
  const mc = c.manifoldCache;
  const o = id * MC_STRIDE;
  writeRelativePose(mc, o, pose);
  const nx = m[M_NORMAL_X];
  const ny = m[M_NORMAL_Y];
  mc[o + MC_NORMAL_X] = cA * nx + sA * ny;
  mc[o + MC_NORMAL_Y] = -sA * nx + cA * ny;
  for (let j = 0; j < count; j++) {
    const src = M_HEADER + j * MP_STRIDE;
    const ax = m[src + MP_ANCHOR_AX];
    const ay = m[src + MP_ANCHOR_AY];
    const q = o + MC_POINT0 + 3 * j;
    mc[q] = cA * ax + sA * ay;
    mc[q + 1] = -sA * ax + cA * ay;
    mc[q + 2] = m[src + MP_SEPARATION];
  }
  c.cacheValid[id] = 1;
}

/** The relative pose of B in A's frame (x, y, cos, sin) into a contact's cache record at mc[o + MC_REL_*]. */
function writeRelativePose(mc: Float64Array, o: number, pose: Float64Array): void {
  const cA = pose[2];
  const sA = pose[3];
  const dx = pose[4] - pose[0];
  const dy = pose[5] - pose[1];
  const cB = pose[6];
  const sB = pose[7];
  mc[o + MC_REL_X] = cA * dx + sA * dy;
  mc[o + MC_REL_Y] = -sA * dx + cA * dy;
  mc[o + MC_REL_C] = cA * cB + sA * sB;
  mc[o + MC_REL_S] = cA * sB - sA * cB;
}

/**
 * Moves contact `id`'s cached manifold to the current pose straight into the contact's stored points and normal, and
 * returns true; or returns false (and writes nothing) when there is no cache or the pair moved too far since it was
 * made.
 *
 * What the full path in collideContacts would do with the same manifold, without the copy through the manifold
 * scratch record: the points keep their feature ids, so each keeps its own warm-start impulses (cacheManifold only
 * caches manifolds whose two ids differ, where the id matching cannot cross them over); the count and the touching
 * flag stay (the caller takes this path only for touching,
 * non-sensor contacts). In a resting pile nearly every contact takes it: 15–20% of the narrowphase was the copy.
 */
export function reuseManifoldInPlace(c: ContactStore, id: number, pose: Float64Array): boolean {
  if (c.cacheValid[id] !== 1) return false;
  const xA = pose[0];
  const yA = pose[1];
  const cA = pose[2];
  const sA = pose[3];
  const xB = pose[4];
  const yB = pose[5];
  const cB = pose[6];
  const sB = pose[7];
  const dx = xB - xA;
  const dy = yB - yA;
  const mc = c.manifoldCache;
  const o = id * MC_STRIDE;
  const rx0 = mc[o + MC_REL_X];
  const ry0 = mc[o + MC_REL_Y];
  const dxl = cA * dx + sA * dy - rx0;
  const dyl = -sA * dx + cA * dy - ry0;
  // sin of the change in relative angle
  const dth = (cA * sB - sA * cB) * mc[o + MC_REL_C] - (cA * cB + sA * sB) * mc[o + MC_REL_S];
  if (dxl > REUSE_DISTANCE || dxl < -REUSE_DISTANCE || dyl > REUSE_DISTANCE || dyl < -REUSE_DISTANCE) return false;
  if (dth > REUSE_ANGLE || dth < -REUSE_ANGLE) return false;
  const nlx = mc[o + MC_NORMAL_X];
  const nly = mc[o + MC_NORMAL_Y];
  c.normalX[id] = cA * nlx - sA * nly;
  c.normalY[id] = sA * nlx + cA * nly;
  const count = c.pointCount[id];
  const points = c.points;
  const base = id * CONTACT_POINTS_STRIDE;
  for (let j = 0; j < count; j++) {
    const q = o + MC_POINT0 + 3 * j;
    const alx = mc[q];
    const aly = mc[q + 1];
    // B's material point under this anchor, relative to B's origin in A's frame when cached; its motion since then
    // (relative translation plus rotation about B's origin) moves the separation along the normal.
    const rbx = alx - rx0;
    const rby = aly - ry0;
    const sep = mc[q + 2] + nlx * (dxl - dth * rby) + nly * (dyl + dth * rbx);
    const awx = cA * alx - sA * aly;
    const awy = sA * alx + cA * aly;
    const dst = base + j * CP_STRIDE;
    points[dst + CP_ANCHOR_AX] = awx;
    points[dst + CP_ANCHOR_AY] = awy;
    points[dst + CP_SEPARATION] = sep;
  }
  return true;
}

/** cacheValid of a contact whose cores were proved apart by a separating axis (cacheApart). */
export const CACHE_APART = 2;

/** cacheApart's scratch: the two shapes' vertex reaches (one per thread, as every module-level scratch). */
const reaches = new Float64Array(2);

/**
 * The separation cache, for pairs whose boxes overlap but whose shapes do not come near: a tumbling pile's walls,
 * long and turned, have boxes that hold hundreds of small bodies, and most of the polygon routine's calls there (about
 * 1,450 of 1,510 a step in Box2D's tumbler) end on a separating axis with no point. The routine reports by how much
 * the axis clears contact (M_APART); this keeps that margin with the relative pose, and stillApart skips the routine
 * while the pair cannot have closed it.
 *
 * The bound: a separation along one of A's face normals moves no more than B's vertices do in A's frame, and one
 * along B's no more than A's vertices do in B's frame. With t the relative translation (B's origin in A's frame) and
 * R the relative rotation, B's vertex b moves by at most |Δt| + |ΔR|·|b|, and A's vertex a (in B's frame) by at most
 * |Δt| + |ΔR|·|a − t|, where |ΔR| is the chord of the rotation's change. So while |Δt| + |ΔR|·lever stays below the
 * margin, lever = max(reach of B, reach of A + |t|), the axis still clears contact and the routine would return no
 * point: skipping it changes no bit. (Norms are bounded by sums of absolute values: no square root, and never low.)
 * Rounding is covered by a slack of 10⁻⁹ times the size of the coordinates involved, far above double rounding.
 */
export function cacheApart(
  c: ContactStore,
  g: GeometryStore,
  id: number,
  shapeA: number,
  shapeB: number,
  pose: Float64Array,
  m: Float64Array,
): void {
  // The margin is read here, not passed, and the vertex reaches come through an array (docs/design/v8-hot-code.md,
  // rule 1: 15 kB a step in the tumbler before).
  const apart = m[M_APART];
  const mc = c.manifoldCache;
  const o = id * MC_STRIDE;
  // Written first (and ignored unless the proof is kept): the lever below needs the relative translation.
  writeRelativePose(mc, o, pose);
  const rx = mc[o + MC_REL_X];
  const ry = mc[o + MC_REL_Y];
  computeShapeVertexReach(g, shapeA, reaches, 0);
  computeShapeVertexReach(g, shapeB, reaches, 1);
  const reachB = reaches[1];
  const aroundB = reaches[0] + Math.abs(rx) + Math.abs(ry);
  const lever = reachB > aroundB ? reachB : aroundB;
  const size = 1 + Math.abs(pose[0]) + Math.abs(pose[1]) + Math.abs(pose[4]) + Math.abs(pose[5]) + lever;
  const margin = apart - 1e-9 * size;
  if (!(margin > 0)) {
    c.cacheValid[id] = 0;
    return;
  }
  mc[o + MC_APART_MARGIN] = margin;
  mc[o + MC_APART_LEVER] = lever;
  c.cacheValid[id] = CACHE_APART;
}

/** Whether contact `id`, proved apart at its cached pose (cacheValid CACHE_APART), is still apart at `pose`. */
export function stillApart(c: ContactStore, id: number, pose: Float64Array): boolean {
  const xA = pose[0];
  const yA = pose[1];
  const cA = pose[2];
  const sA = pose[3];
  const cB = pose[6];
  const sB = pose[7];
  const dx = pose[4] - xA;
  const dy = pose[5] - yA;
  const mc = c.manifoldCache;
  const o = id * MC_STRIDE;
  const mx = cA * dx + sA * dy - mc[o + MC_REL_X];
  const my = -sA * dx + cA * dy - mc[o + MC_REL_Y];
  const mcos = cA * cB + sA * sB - mc[o + MC_REL_C];
  const msin = cA * sB - sA * cB - mc[o + MC_REL_S];
  const moved = Math.abs(mx) + Math.abs(my) + (Math.abs(mcos) + Math.abs(msin)) * mc[o + MC_APART_LEVER];
  return moved < mc[o + MC_APART_MARGIN];
}
