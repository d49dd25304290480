import { GAP_REST, GAP_SKIN, type PhysicsState } from '@impulse2d/core/internal';
import { castCapsule, castProbe, collideProbe, findGround, GROUND_MIN_UP } from './character-queries.js';
import {
  V_CLIMB_COS,
  V_DELTA_X,
  V_DELTA_Y,
  V_GROUND_UP,
  V_HALF,
  V_PROBE_X,
  V_PROBE_Y,
  V_RADIUS,
  V_SAVE_X,
  V_SAVE_Y,
  V_STAND_COS,
  V_TARGET_X,
  V_TARGET_Y,
  V_UP_X,
  V_UP_Y,
  V_X,
  V_Y,
  type CharacterScratch,
} from './character-scratch.js';

/**
 * Autostep: a character walking into a low obstacle steps onto it, as a walker lifts a foot, instead of stopping at
 * it. A stair's edge is to a round capsule a steep surface (the corner of a 0.2 m step meets a 0.4 m cap at 60°), which
 * the height cap of the rounds stops it at; autostep looks past that edge for a landing:
 *
 *  - the obstacle: a surface too steep to climb that holds the character back (it pushed in the plane solve), that the
 *    walk goes into, and whose contact point is no higher than stepHeight above the feet;
 *  - the landing, found with a small probe (a circle of radius skin) dropped from stepHeight above the feet at
 *    stepWidth past the contact point: it must land above the feet, on ground it can stand on, and start in free space (no
 *    wall right past the edge, no landing narrower than stepWidth: the probe falls past it);
 *  - the move: up by the landing's height (headroom checked by a cast), forward by what is left of the walk (cast),
 *    down onto the landing (cast, to the rest gap). Every part is a cast, so the step never goes into anything.
 *
 * Rapier's autostep does the same three casts; its landing test casts the whole character minWidth ahead, where this
 * probe finds the step's own top and its normal.
 */

/**
 * The first plane among rows [0, count) of s.planes that is a step for character `row` (see above) at the current
 * position, given the walk still to do (target − position); −1 when none.
 */
export function findStep(p: PhysicsState, s: CharacterScratch, row: number, count: number): number {
  const v = s.v;
  const planes = s.planes;
  const ux = v[V_UP_X];
  const uy = v[V_UP_Y];
  const rx = v[V_TARGET_X] - v[V_X];
  const ry = v[V_TARGET_Y] - v[V_Y];
  const rise = rx * ux + ry * uy;
  const hx = rx - rise * ux;
  const hy = ry - rise * uy;
  if (hx * hx + hy * hy <= 1e-12) return -1;
  const feet = v[V_X] * ux + v[V_Y] * uy - v[V_HALF] - v[V_RADIUS];
  const highest = p.characters.stepHeight[row] + s.mover.gaps[GAP_REST];
  const climbCos = v[V_CLIMB_COS];
  for (let i = 0; i < count; i++) {
    if (planes.push[i] <= 0) continue;
    const nx = planes.normalX[i];
    const ny = planes.normalY[i];
    const nu = nx * ux + ny * uy;
    if (nu >= climbCos || nu < -GROUND_MIN_UP || nx * hx + ny * hy >= 0) continue;
    const edge = planes.pointX[i] * ux + planes.pointY[i] * uy - feet;
    if (edge > 0 && edge <= highest) return i;
  }
  return -1;
}

/**
 * Steps character `row` onto the obstacle of plane `k` (findStep) if there is a landing for it; moves the character
 * (V_X, V_Y) and returns true, or leaves it where it was and returns false. Uses the probe slots and s.probePlanes.
 */
export function stepUp(p: PhysicsState, s: CharacterScratch, row: number, k: number): boolean {
  const cs = p.characters;
  const v = s.v;
  const planes = s.planes;
  const ux = v[V_UP_X];
  const uy = v[V_UP_Y];
  const m = s.mover;
  const skin = m.gaps[GAP_SKIN];
  const rest = m.gaps[GAP_REST];
  // The walk left, split into its length and direction across the up axis.
  const rx = v[V_TARGET_X] - v[V_X];
  const ry = v[V_TARGET_Y] - v[V_Y];
  const rise = rx * ux + ry * uy;
  const hx = rx - rise * ux;
  const hy = ry - rise * uy;
  const walk = Math.sqrt(hx * hx + hy * hy);
  const dirX = hx / walk;
  const dirY = hy / walk;
  // Probe: its bottom starts `top` above the feet, `width` past the contact point.
  const feet = v[V_X] * ux + v[V_Y] * uy - v[V_HALF] - v[V_RADIUS];
  const edge = planes.pointX[k] * ux + planes.pointY[k] * uy - feet;
  const top = cs.stepHeight[row] + rest;
  const width = cs.stepWidth[row];
  const probe = skin; // the probe's radius
  v[V_PROBE_X] = planes.pointX[k] + dirX * (width + probe) + ux * (top - edge + probe);
  v[V_PROBE_Y] = planes.pointY[k] + dirY * (width + probe) + uy * (top - edge + probe);
  const startCount = collideProbe(p, s, V_PROBE_X);
  for (let i = 0; i < startCount; i++) {
    if (s.probePlanes.offset[i] > rest) return false; // it starts inside something: no room past the edge
  }
  v[V_DELTA_X] = -ux * top;
  v[V_DELTA_Y] = -uy * top;
  castProbe(p, s, V_PROBE_X);
  const fall = m.fraction[0];
  if (fall >= 1) return false;
  // Height of the landing's surface above the feet.
  const landing = top * (1 - fall) - skin;
  if (landing <= rest) return false;
  v[V_PROBE_X] -= ux * fall * top;
  v[V_PROBE_Y] -= uy * fall * top;
  const landCount = collideProbe(p, s, V_PROBE_X);
  if (findGround(s, s.probePlanes, landCount) < 0 || v[V_GROUND_UP] < v[V_STAND_COS]) return false;
  // Up, with headroom for the landing.
  const lift = landing + rest;
  v[V_DELTA_X] = ux * lift;
  v[V_DELTA_Y] = uy * lift;
  castCapsule(p, s, GAP_SKIN);
  const up = m.fraction[0];
  if (up * lift < landing + skin) return false;
  v[V_SAVE_X] = v[V_X];
  v[V_SAVE_Y] = v[V_Y];
  v[V_X] += ux * up * lift;
  v[V_Y] += uy * up * lift;
  // Forward, what is left of the walk.
  v[V_DELTA_X] = hx;
  v[V_DELTA_Y] = hy;
  castCapsule(p, s, GAP_SKIN);
  const forward = m.fraction[0];
  if (forward * walk <= 1e-6) {
    v[V_X] = v[V_SAVE_X];
    v[V_Y] = v[V_SAVE_Y];
    return false;
  }
  v[V_X] += forward * hx;
  v[V_Y] += forward * hy;
  // Down onto the landing, resting.
  v[V_DELTA_X] = -ux * up * lift;
  v[V_DELTA_Y] = -uy * up * lift;
  castCapsule(p, s, GAP_REST);
  const down = m.fraction[0];
  v[V_X] += down * v[V_DELTA_X];
  v[V_Y] += down * v[V_DELTA_Y];
  return true;
}
