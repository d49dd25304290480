import {
  CONTACT_POINTS_STRIDE,
  CP_ID,
  MC_STRIDE,
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
  MP_ANCHOR_BX,
  MP_ANCHOR_BY,
  MP_ID,
  MP_POINT_X,
  MP_POINT_Y,
  MP_SEPARATION,
  M_COUNT,
  M_NORMAL_X,
  M_NORMAL_Y,
  CP_STRIDE,
  type ContactStore,
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
  const count = m[M_COUNT]!;
  if (count === 0) {
    c.cacheValid[id] = 0;
    return;
  }
  const xA = pose[0]!;
  const yA = pose[1]!;
  const cA = pose[2]!;
  const sA = pose[3]!;
  const dx = pose[4]! - xA;
  const dy = pose[5]! - yA;
  const cB = pose[6]!;
  const sB = pose[7]!;
  const mc = c.manifoldCache;
  const o = id * MC_STRIDE;
  mc[o + MC_REL_X] = cA * dx + sA * dy;
  mc[o + MC_REL_Y] = -sA * dx + cA * dy;
  mc[o + MC_REL_C] = cA * cB + sA * sB;
  mc[o + MC_REL_S] = cA * sB - sA * cB;
  const nx = m[M_NORMAL_X]!;
  const ny = m[M_NORMAL_Y]!;
  mc[o + MC_NORMAL_X] = cA * nx + sA * ny;
  mc[o + MC_NORMAL_Y] = -sA * nx + cA * ny;
  for (let j = 0; j < count; j++) {
    const src = M_HEADER + j * MP_STRIDE;
    const ax = m[src + MP_ANCHOR_AX]!;
    const ay = m[src + MP_ANCHOR_AY]!;
    const q = o + MC_POINT0 + 3 * j;
    mc[q] = cA * ax + sA * ay;
    mc[q + 1] = -sA * ax + cA * ay;
    mc[q + 2] = m[src + MP_SEPARATION]!;
  }
  c.cacheValid[id] = 1;
}

/**
 * Writes contact `id`'s cached manifold, moved to the current pose, into `m` and returns true; or returns false
 * (and writes nothing) when there is no cache or the pair moved too far since it was made.
 */
export function reuseManifold(c: ContactStore, id: number, pose: Float64Array, m: Float64Array): boolean {
  if (c.cacheValid[id] !== 1) return false;
  const xA = pose[0]!;
  const yA = pose[1]!;
  const cA = pose[2]!;
  const sA = pose[3]!;
  const xB = pose[4]!;
  const yB = pose[5]!;
  const cB = pose[6]!;
  const sB = pose[7]!;
  const dx = xB - xA;
  const dy = yB - yA;
  const mc = c.manifoldCache;
  const o = id * MC_STRIDE;
  const rx0 = mc[o + MC_REL_X]!;
  const ry0 = mc[o + MC_REL_Y]!;
  const dxl = cA * dx + sA * dy - rx0;
  const dyl = -sA * dx + cA * dy - ry0;
  // sin of the change in relative angle
  const dth = (cA * sB - sA * cB) * mc[o + MC_REL_C]! - (cA * cB + sA * sB) * mc[o + MC_REL_S]!;
  if (dxl > REUSE_DISTANCE || dxl < -REUSE_DISTANCE || dyl > REUSE_DISTANCE || dyl < -REUSE_DISTANCE) return false;
  if (dth > REUSE_ANGLE || dth < -REUSE_ANGLE) return false;
  const nlx = mc[o + MC_NORMAL_X]!;
  const nly = mc[o + MC_NORMAL_Y]!;
  m[M_NORMAL_X] = cA * nlx - sA * nly;
  m[M_NORMAL_Y] = sA * nlx + cA * nly;
  const count = c.pointCount[id]!;
  m[M_COUNT] = count;
  const base = id * CONTACT_POINTS_STRIDE;
  for (let j = 0; j < count; j++) {
    const q = o + MC_POINT0 + 3 * j;
    const alx = mc[q]!;
    const aly = mc[q + 1]!;
    // B's material point under this anchor, relative to B's origin in A's frame when cached; its motion since then
    // (relative translation plus rotation about B's origin) moves the separation along the normal.
    const rbx = alx - rx0;
    const rby = aly - ry0;
    const sep = mc[q + 2]! + nlx * (dxl - dth * rby) + nly * (dyl + dth * rbx);
    const awx = cA * alx - sA * aly;
    const awy = sA * alx + cA * aly;
    const dst = M_HEADER + j * MP_STRIDE;
    m[dst + MP_ANCHOR_AX] = awx;
    m[dst + MP_ANCHOR_AY] = awy;
    m[dst + MP_ANCHOR_BX] = awx - dx;
    m[dst + MP_ANCHOR_BY] = awy - dy;
    m[dst + MP_POINT_X] = xA + awx;
    m[dst + MP_POINT_Y] = yA + awy;
    m[dst + MP_SEPARATION] = sep;
    m[dst + MP_ID] = c.points[base + j * CP_STRIDE + CP_ID]!;
  }
  return true;
}
