import { TREE_MOVABLE } from '../broadphase/broadphase.js';
import {
  coreDistance,
  createCore,
  CORE_RADIUS,
  D_DISTANCE,
  D_POINT_AX,
  D_POINT_AY,
  DISTANCE_OUTPUT_SIZE,
  loadCore,
  loadPointCore,
} from '../collision/shape-distance.js';
import { checkFinite, checkNonNegative, checkVec2, PhysicsError } from '../errors.js';
import { computeShapeProjectedLength } from '../geometry/extent.js';
import { wakeIsland } from '../lifecycle/body-sleep.js';
import type { Vec2Like } from '../math/vec2.js';
import { IntBuffer } from '../storage/int-buffer.js';
import { BodyFlag, BodyType } from '../state/body-store.js';
import { assertUnlocked, getPhysics, type PhysicsState, type PhysicsWorld } from '../state/physics-state.js';

/** An explosion (explode): a radial impulse on the dynamic shapes around a point. Every field has a default. */
export interface ExplosionDef {
  /** Centre, world (m). Default (0, 0). */
  position: Vec2Like;
  /** Distance (m, ≥ 0) from the centre within which a shape takes the full impulse. Default 0. */
  radius: number;
  /** Distance (m, ≥ 0) beyond the radius over which the impulse falls linearly to zero. Default 0. */
  falloff: number;
  /**
   * Impulse (N s) per metre of the shape's outline facing the centre: a shape takes this times its length across the
   * direction to the centre (a circle its diameter, a box its width seen from the centre). Negative pulls inward (an
   * implosion). Default 0.
   */
  impulsePerLength: number;
  /** Categories affected: a shape is pushed when its category bits share a bit with these. Default 0xFFFFFFFF (all). */
  maskBits: number;
}

/** A fresh default explosion: at the origin, radius and falloff 0, no impulse, every category. */
export function defaultExplosionDef(): ExplosionDef {
  return { position: { x: 0, y: 0 }, radius: 0, falloff: 0, impulsePerLength: 0, maskBits: 0xffffffff };
}

// Scratch (the call runs to completion, so one set serves every world).
const candidates = new IntBuffer();
const box = new Float64Array(4);
const pose = new Float64Array(4);
const centre = new Float64Array(2);
const shapeCore = createCore();
const pointCore = createCore();
const distance = new Float64Array(DISTANCE_OUTPUT_SIZE);

/**
 * Applies an explosion, as Box2D v3's b2World_Explode: every non-sensor shape of a dynamic body within
 * `radius + falloff` of `position` (its surface's distance, rounding included) and of a category in `maskBits` gets an
 * impulse away from the centre, applied at the shape's point closest to the centre (at its centroid when the centre
 * is inside it), of `impulsePerLength` × the shape's length across the direction to the centre × a scale that is 1 up
 * to `radius` and falls linearly to 0 at `radius + falloff`. The velocities change at once, and the bodies are woken
 * (with what touches them). Shapes are taken in shape-row order, so a body with several shapes gets the same sum of
 * impulses, to the bit, every run. Static and kinematic bodies and sensors are left alone.
 *
 * @throws PhysicsError `WORLD_LOCKED` during a step, `INVALID_ARGUMENT` for a position that is not a finite {x, y},
 *   a radius or falloff that is negative or not finite, a non-finite impulse, or mask bits that are not an integer.
 *   Nothing changes when it throws.
 */
export function explode(world: PhysicsWorld, def: Partial<ExplosionDef>): void {
  const p = getPhysics(world);
  assertUnlocked(p);
  if (def === null || typeof def !== 'object') {
    throw new PhysicsError('INVALID_ARGUMENT', `the explosion must be an object, got ${String(def)}`);
  }
  const d: ExplosionDef = { ...defaultExplosionDef(), ...def };
  checkVec2(d.position, 'position');
  checkNonNegative(d.radius, 'radius');
  checkNonNegative(d.falloff, 'falloff');
  checkFinite(d.impulsePerLength, 'impulsePerLength');
  if (typeof d.maskBits !== 'number' || !Number.isInteger(d.maskBits)) {
    throw new PhysicsError('INVALID_ARGUMENT', `maskBits must be an integer, got ${String(d.maskBits)}`);
  }
  const reach = d.radius + d.falloff;
  centre[0] = d.position.x;
  centre[1] = d.position.y;
  box[0] = centre[0] - reach;
  box[1] = centre[1] - reach;
  box[2] = centre[0] + reach;
  box[3] = centre[1] + reach;
  candidates.clear();
  // The tree compares categories with the mask as 32-bit integers.
  p.broadphase.trees[TREE_MOVABLE].queryBoxMasked(box, 0, d.maskBits | 0, candidates);
  // Row order: the tree reports leaves in the order of its history.
  candidates.data.subarray(0, candidates.count).sort();
  for (let k = 0; k < candidates.count; k++) push(p, candidates.data[k], d, reach);
}

/** The impulse of explosion `d` on shape row `row`, if it is in reach (see explode). */
function push(p: PhysicsState, row: number, d: ExplosionDef, reach: number): void {
  const s = p.shapes;
  const b = p.bodies;
  const body = s.body[row];
  if (b.type[body] !== BodyType.dynamic || s.sensor[row] === 1 || (b.flags[body] & BodyFlag.quarantined) !== 0) return;
  const t = b.transform;
  const c = t.c[body];
  const sn = t.s[body];
  pose[0] = t.x[body];
  pose[1] = t.y[body];
  pose[2] = c;
  pose[3] = sn;
  const g = s.geometry;
  loadCore(g, row, pose, shapeCore);
  loadPointCore(centre, pointCore);
  coreDistance(shapeCore, pointCore, distance);
  const r = shapeCore[CORE_RADIUS];
  const coreGap = distance[D_DISTANCE];
  const gap = coreGap > r ? coreGap - r : 0;
  if (gap > reach) return;
  wakeIsland(p, body);
  // The point of the shape closest to the centre: the core's, moved out by the rounding radius toward the centre; or,
  // with the centre inside the shape, its centroid.
  let px = 0;
  let py = 0;
  if (gap > 0) {
    const f = r / coreGap;
    px = distance[D_POINT_AX] + f * (centre[0] - distance[D_POINT_AX]);
    py = distance[D_POINT_AY] + f * (centre[1] - distance[D_POINT_AY]);
  } else {
    const lx = g.centroid[2 * row];
    const ly = g.centroid[2 * row + 1];
    px = pose[0] + c * lx - sn * ly;
    py = pose[1] + sn * lx + c * ly;
  }
  let dx = px - centre[0];
  let dy = py - centre[1];
  const length = Math.sqrt(dx * dx + dy * dy);
  if (length > 1e-9) {
    dx /= length;
    dy /= length;
  } else {
    dx = 1;
    dy = 0;
  }
  // The outline facing the centre: the shape's length along the perpendicular of the direction, in its body's frame.
  const wx = -dy;
  const wy = dx;
  const across = computeShapeProjectedLength(g, row, c * wx + sn * wy, -sn * wx + c * wy);
  const scale = gap > d.radius && d.falloff > 0 ? Math.min(1, Math.max(0, (reach - gap) / d.falloff)) : 1;
  const magnitude = d.impulsePerLength * across * scale;
  const ix = magnitude * dx;
  const iy = magnitude * dy;
  const im = b.invMass[body];
  b.vx[body] = b.vx[body] + im * ix;
  b.vy[body] = b.vy[body] + im * iy;
  b.w[body] = b.w[body] + b.invInertia[body] * ((px - b.centerX[body]) * iy - (py - b.centerY[body]) * ix);
}
