import { length } from '../math/trig.js';
import { GEOMETRY_STRIDE, computeMassData, computeShapeMinExtent } from '../geometry/index.js';
import type { PhysicsState } from '../state/physics-state.js';
import { BodyFlag, BodyType } from '../state/body-store.js';

const massScratch = new Float64Array(4);

/**
 * Recomputes a body's mass, centre of mass and inertia from its shapes (cold path: shape added or removed, density
 * or type changed). Keeps the world centre consistent with the origin, and the centre velocity with the origin's
 * (v_center = v_origin + w × r), as a moving centre would otherwise jump.
 */
export function updateBodyMass(p: PhysicsState, eid: number): void {
  const b = p.bodies;
  const s = p.shapes;
  b.mass[eid] = 0;
  b.invMass[eid] = 0;
  b.inertia[eid] = 0;
  b.invInertia[eid] = 0;
  let lcx = 0;
  let lcy = 0;
  if (b.type[eid] === BodyType.dynamic) {
    let mass = 0;
    let inertiaAtOrigin = 0;
    for (let sh = b.shapeHead[eid]; sh !== -1; sh = s.next[sh]) {
      if (s.density[sh] === 0) continue;
      computeMassData(s.geometry, sh, s.density[sh], massScratch);
      const m = massScratch[0];
      const cx = massScratch[1];
      const cy = massScratch[2];
      mass += m;
      lcx += m * cx;
      lcy += m * cy;
      // Parallel axis: inertia about the body origin.
      inertiaAtOrigin += massScratch[3] + m * (cx * cx + cy * cy);
    }
    if (mass > 0) {
      lcx /= mass;
      lcy /= mass;
      b.mass[eid] = mass;
      b.invMass[eid] = 1 / mass;
      const inertia = inertiaAtOrigin - mass * (lcx * lcx + lcy * lcy);
      if (inertia > 0 && (b.flags[eid] & BodyFlag.fixedRotation) === 0) {
        b.inertia[eid] = inertia;
        b.invInertia[eid] = 1 / inertia;
      }
    } else {
      // A dynamic body without mass would ignore gravity and contacts; give it unit mass as Box2D 2.4 does.
      lcx = 0;
      lcy = 0;
      b.mass[eid] = 1;
      b.invMass[eid] = 1;
    }
  }
  placeCenter(p, eid, lcx, lcy);
}

/**
 * Sets a body's mass, centre of mass (body-local) and rotational inertia about it as given (setMassData), for a
 * dynamic body; a body whose rotation is locked keeps zero inertia, as updateBodyMass gives it. `mass` > 0.
 */
export function setBodyMass(
  p: PhysicsState,
  eid: number,
  mass: number,
  lcx: number,
  lcy: number,
  inertia: number,
): void {
  const b = p.bodies;
  b.mass[eid] = mass;
  b.invMass[eid] = 1 / mass;
  const rotates = inertia > 0 && (b.flags[eid] & BodyFlag.fixedRotation) === 0;
  b.inertia[eid] = rotates ? inertia : 0;
  b.invInertia[eid] = rotates ? 1 / inertia : 0;
  placeCenter(p, eid, lcx, lcy);
}

/**
 * Puts a body's centre of mass at body-local (lcx, lcy): its extents about it, and its world centre, kept consistent
 * with the origin, and the centre's velocity with the origin's (v_center = v_origin + w × r), as a moving centre
 * would otherwise jump.
 */
function placeCenter(p: PhysicsState, eid: number, lcx: number, lcy: number): void {
  const b = p.bodies;
  const oldLcx = b.localCenterX[eid];
  const oldLcy = b.localCenterY[eid];
  b.localCenterX[eid] = lcx;
  b.localCenterY[eid] = lcy;
  b.maxExtent[eid] = maxExtentAbout(p, eid, lcx, lcy);
  b.minExtent[eid] = minExtentOf(p, eid);
  const t = b.transform;
  const c = t.c[eid];
  const sn = t.s[eid];
  const newCx = t.x[eid] + c * lcx - sn * lcy;
  const newCy = t.y[eid] + sn * lcx + c * lcy;
  // The centre moved inside the body: keep the velocity of the material points by adding w × (new − old).
  const dx = newCx - b.centerX[eid];
  const dy = newCy - b.centerY[eid];
  if (oldLcx !== lcx || oldLcy !== lcy) {
    const w = b.w[eid];
    b.vx[eid] = b.vx[eid] - w * dy;
    b.vy[eid] = b.vy[eid] + w * dx;
  }
  b.centerX[eid] = newCx;
  b.centerY[eid] = newCy;
  b.center0X[eid] = newCx;
  b.center0Y[eid] = newCy;
}

/** Largest distance from (cx, cy), body-local, to any vertex of the body's shapes plus its rounding radius (m). */
function maxExtentAbout(p: PhysicsState, eid: number, cx: number, cy: number): number {
  const s = p.shapes;
  const g = s.geometry;
  let extent = 0;
  for (let sh = p.bodies.shapeHead[eid]; sh !== -1; sh = s.next[sh]) {
    const base = g.slot[sh] * GEOMETRY_STRIDE;
    const r = g.radius[sh];
    for (let i = 0; i < g.count[sh]; i++) {
      const d = length(g.verts[base + 2 * i] - cx, g.verts[base + 2 * i + 1] - cy) + r;
      if (d > extent) extent = d;
    }
  }
  return extent;
}

/** Smallest shape extent of the body (see BodyStore.minExtent); 1e300 when it has no shapes. */
function minExtentOf(p: PhysicsState, eid: number): number {
  const s = p.shapes;
  let extent = 1e300;
  for (let sh = p.bodies.shapeHead[eid]; sh !== -1; sh = s.next[sh]) {
    computeShapeMinExtent(s.geometry, sh, massScratch, 0);
    if (massScratch[0] < extent) extent = massScratch[0];
  }
  return extent;
}
