import {
  M_HEADER,
  MP_STRIDE,
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
  M_IN_SPECULATIVE,
} from './manifold.js';

/**
 * The collide routines work in body A's frame (better precision than world space far from the origin, as Box2D v3
 * does) and leave a *local* manifold in `out`: normal in [M_NORMAL_X, M_NORMAL_Y], each point's local position in
 * its point slots, its separation and id. `finishManifold` turns that into the world manifold in place: rotates the
 * normal, computes anchors relative to both body origins and the world point, and drops points at or beyond the
 * speculative distance (the manifold's M_IN_SPECULATIVE; compacting so emitted points come first).
 *
 * The routines write each local point's slots in place (M_HEADER + i·MP_STRIDE + MP_POINT_X, …) rather than through a
 * helper (docs/design/v8-hot-code.md, rule 1: collideCapsules boxed 24 B a call, 50 kB a step in Box2D's spinner
 * scene).
 */
export function finishManifold(out: Float64Array, count: number, pose: Float64Array): void {
  // The pose comes as an array (docs/design/v8-hot-code.md, rule 1).
  const xA = pose[0];
  const yA = pose[1];
  const cA = pose[2];
  const sA = pose[3];
  const xB = pose[4];
  const yB = pose[5];
  const nx = out[M_NORMAL_X];
  const ny = out[M_NORMAL_Y];
  out[M_NORMAL_X] = cA * nx - sA * ny;
  out[M_NORMAL_Y] = sA * nx + cA * ny;
  const dx = xA - xB;
  const dy = yA - yB;
  const speculative = out[M_IN_SPECULATIVE];
  let kept = 0;
  for (let i = 0; i < count; i++) {
    const src = M_HEADER + i * MP_STRIDE;
    const separation = out[src + MP_SEPARATION];
    if (!(separation < speculative)) continue;
    const lx = out[src + MP_POINT_X];
    const ly = out[src + MP_POINT_Y];
    const id = out[src + MP_ID];
    const ax = cA * lx - sA * ly;
    const ay = sA * lx + cA * ly;
    const dst = M_HEADER + kept * MP_STRIDE;
    out[dst + MP_ANCHOR_AX] = ax;
    out[dst + MP_ANCHOR_AY] = ay;
    out[dst + MP_ANCHOR_BX] = ax + dx;
    out[dst + MP_ANCHOR_BY] = ay + dy;
    out[dst + MP_POINT_X] = xA + ax;
    out[dst + MP_POINT_Y] = yA + ay;
    out[dst + MP_SEPARATION] = separation;
    out[dst + MP_ID] = id;
    kept++;
  }
  out[M_COUNT] = kept;
}

/**
 * Turns a manifold computed for (B, A) into the one for (A, B): normal negated, anchors swapped, feature ids'
 * bytes swapped (ids name (A feature, B feature)). Points and separations are unchanged.
 */
export function flipManifold(out: Float64Array): void {
  out[M_NORMAL_X] = -out[M_NORMAL_X];
  out[M_NORMAL_Y] = -out[M_NORMAL_Y];
  const count = out[M_COUNT];
  for (let i = 0; i < count; i++) {
    const b = M_HEADER + i * MP_STRIDE;
    const ax = out[b + MP_ANCHOR_AX];
    const ay = out[b + MP_ANCHOR_AY];
    out[b + MP_ANCHOR_AX] = out[b + MP_ANCHOR_BX];
    out[b + MP_ANCHOR_AY] = out[b + MP_ANCHOR_BY];
    out[b + MP_ANCHOR_BX] = ax;
    out[b + MP_ANCHOR_BY] = ay;
    const id = out[b + MP_ID];
    out[b + MP_ID] = ((id & 0xff) << 8) | ((id >> 8) & 0xff);
  }
}
