import { atan2 } from '../math/trig.js';
import type { PhysicsState } from '../state/physics-state.js';
import { JF_ANCHOR_AX, JF_ANCHOR_AY, JF_ANCHOR_BX, JF_ANCHOR_BY, JF_AXIS_X, JF_AXIS_Y } from '../state/joint-store.js';

/**
 * Angle (rad, in (−π, π]) of the rotation (c, s), with the engine's deterministic atan2: the joint solvers measure
 * relative angles with it every substep, and a replay must give the same bits in every JavaScript engine.
 */
export function rotationAngle(c: number, s: number): number {
  return atan2(s, c);
}

/** The body-local point (lx, ly) of `body` in world coordinates, into out[o], out[o + 1]. */
export function bodyPointToWorld(
  p: PhysicsState,
  body: number,
  lx: number,
  ly: number,
  out: Float64Array,
  o: number,
): void {
  const t = p.bodies.transform;
  const c = t.c[body];
  const s = t.s[body];
  out[o] = t.x[body] + c * lx - s * ly;
  out[o + 1] = t.y[body] + s * lx + c * ly;
}

/** The joint's local anchors on its two bodies in world coordinates, into out[0..3]: most kinds' worldAnchors. */
export function bodyAnchorsToWorld(p: PhysicsState, row: number, out: Float64Array): void {
  const js = p.joints;
  const f = js.f;
  bodyPointToWorld(p, js.bodyA[row], f[JF_ANCHOR_AX][row], f[JF_ANCHOR_AY][row], out, 0);
  bodyPointToWorld(p, js.bodyB[row], f[JF_ANCHOR_BX][row], f[JF_ANCHOR_BY][row], out, 2);
}

/** The axis of a prismatic or wheel joint (fixed in body A) in world coordinates, into out[o], out[o + 1]. */
export function jointAxisToWorld(p: PhysicsState, row: number, out: Float64Array, o: number): void {
  const js = p.joints;
  const t = p.bodies.transform;
  const a = js.bodyA[row];
  const c = t.c[a];
  const s = t.s[a];
  const lx = js.f[JF_AXIS_X][row];
  const ly = js.f[JF_AXIS_Y][row];
  out[o] = c * lx - s * ly;
  out[o + 1] = s * lx + c * ly;
}
