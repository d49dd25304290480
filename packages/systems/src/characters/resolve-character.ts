import {
  BodyType,
  CharacterFlag,
  GAP_CONTACT,
  GAP_REST,
  GAP_SKIN,
  LOOK_BODY,
  LOOK_DT,
  LOOK_MARGIN,
  LOOK_RESOLVED,
  forgetMoverCandidates,
  keepMoverCandidates,
  solvePlaneRange,
  type PhysicsState,
} from '@impulse2d/core/internal';
import { standsOn } from './character-ground.js';
import { recordPushes } from './character-pushes.js';
import { castCapsule, collideCapsule, findGround } from './character-queries.js';
import {
  V_CAP,
  V_CLIMB_COS,
  V_DT,
  V_DELTA_X,
  V_DELTA_Y,
  V_FACE_X,
  V_FACE_Y,
  V_GROUND_UP,
  V_HALF,
  V_MARGIN,
  V_MOVE_X,
  V_MOVE_Y,
  V_RADIUS,
  V_REACH,
  V_SAVE_X,
  V_SAVE_Y,
  V_START_X,
  V_STAND_COS,
  V_START_Y,
  V_TARGET_X,
  V_TARGET_Y,
  V_UP_X,
  V_UP_Y,
  V_X,
  V_Y,
  type CharacterScratch,
} from './character-scratch.js';
import { findStep, stepUp } from './character-step-up.js';

/**
 * One character's move of one step, from where its body is to where it will be, against the world as it stands at
 * the start of the step (kinematic bodies and the body it stands on seen where they will be, characters resolved
 * before it where their moves take them: the mover's look-ahead).
 *
 *  1. Riding: standing on a moving body last step, it moves with the point of that body it stood on (v + ω × r)·dt
 *     (on a character resolved before it: with that one's move).
 *  2. Intent: the move asked for (moveCharacter), taken along the ground it stands on when that ground is walkable (a
 *     walk keeps its horizontal length and follows the slope up and down), without its downward part on ground it
 *     does not slide on (gravity does not drag it down a gentle slope). That fixes a target for the step.
 *  3. Rounds, Box2D's mover loop: the planes of what it touches (collide), the translation nearest the target that
 *     they allow (the plane solver), how far of it is free (cast), move; until the target is met or nothing moves.
 *     A surface steeper than maxSlopeClimbAngle that would lift it above the height it may reach this step gets a
 *     cap: a plane that keeps it from climbing there (it stops, or slides down along the surface). An obstacle that
 *     blocks it below stepHeight is stepped onto when the landing beyond is walkable and wide enough.
 *  4. Snap: it stood on the ground, does not move up, and lost the ground: it is pulled down onto ground within
 *     snapDistance (ground it can stand on only).
 *  5. Its state: grounded (on ground no steeper than both the climb and the slide angle: walkable and not
 *     slippery, so that a game that stops its gravity on the ground lets it slide down slippery slopes), the
 *     ground's normal, point and body, sliding, the translation; and its pushes.
 *
 * Reads the world and the character rows before it, writes only its own row (and the scratch).
 */

/** Rounds of collide–solve–cast at most (Box2D's mover sample uses 5; the target is usually met in 2). */
export const CHARACTER_ROUNDS = 4;
/** A move shorter than this (m) ends the rounds: nothing is left to do. */
export const MOVE_TOLERANCE = 1e-6;
/** A plane lifts the character when its normal·up exceeds this. */
const LIFT_MIN_UP = 1e-9;

/**
 * The column index of the body character `row` stood on at the end of the last step, if it was grounded and that
 * body still lives; else −1.
 */
function groundBodyIndex(p: PhysicsState, row: number): number {
  const cs = p.characters;
  if (cs.grounded[row] !== 1) return -1;
  const handle = cs.groundBody[row];
  if (handle === -1) return -1;
  const index = handle & p.indexMask;
  const b = p.bodies;
  return index < b.alive.length && b.alive[index] === 1 && b.handle[index] === handle ? index : -1;
}

/**
 * Resolves character `row` for a step of V_DT seconds (see above). V_MARGIN is how far any kinematic body may travel
 * in the step (m): the mover's broadphase boxes grow by it, since it sees those bodies ahead.
 */
export function resolveCharacter(p: PhysicsState, s: CharacterScratch, row: number): void {
  const cs = p.characters;
  const b = p.bodies;
  const t = b.transform;
  const v = s.v;
  const m = s.mover;
  const planes = s.planes;
  const eid = cs.body[row];
  const dt = v[V_DT];
  const margin = v[V_MARGIN];
  const ux = cs.upX[row];
  const uy = cs.upY[row];
  v[V_X] = v[V_START_X] = t.x[eid];
  v[V_Y] = v[V_START_Y] = t.y[eid];
  v[V_UP_X] = ux;
  v[V_UP_Y] = uy;
  v[V_RADIUS] = cs.radius[row];
  v[V_HALF] = cs.halfHeight[row];
  const skin = cs.skin[row];
  m.gaps[GAP_SKIN] = skin;
  m.gaps[GAP_REST] = 2 * skin;
  m.gaps[GAP_CONTACT] = 4 * skin;
  const q = m.query;
  q.filterBits[0] = cs.categoryBits[row];
  q.filterBits[1] = cs.maskBits[row];
  q.filterIgnore[0] = cs.handle[row];
  q.filterInts[1] = 0;

  // 1. Riding.
  const ground = groundBodyIndex(p, row);
  let carryX = 0;
  let carryY = 0;
  let groundTravel = 0;
  const groundRow = ground >= 0 ? cs.rowOfBody(ground) : -1;
  if (groundRow >= 0 && groundRow < row) {
    // On a character resolved before this one: its move of this step.
    carryX = cs.translationX[groundRow];
    carryY = cs.translationY[groundRow];
  } else if (ground >= 0 && b.type[ground] !== BodyType.static) {
    const w = b.w[ground];
    const rx = cs.groundPointX[row] - b.centerX[ground];
    const ry = cs.groundPointY[row] - b.centerY[ground];
    carryX = (b.vx[ground] - w * ry) * dt;
    carryY = (b.vy[ground] + w * rx) * dt;
    const speed = Math.sqrt(b.vx[ground] * b.vx[ground] + b.vy[ground] * b.vy[ground]);
    groundTravel = (speed + Math.abs(w) * b.maxExtent[ground]) * dt;
  }
  const look = m.lookAhead;
  look[LOOK_DT] = dt;
  look[LOOK_BODY] = ground;
  look[LOOK_MARGIN] = margin > groundTravel ? margin : groundTravel;
  look[LOOK_RESOLVED] = row;

  // 2. Intent.
  const dx = cs.desiredX[row];
  const dy = cs.desiredY[row];
  cs.desiredX[row] = 0;
  cs.desiredY[row] = 0;
  const wantUp = dx * ux + dy * uy;
  v[V_REACH] = Math.sqrt(dx * dx + dy * dy) + Math.sqrt(carryX * carryX + carryY * carryY);
  keepCandidates(p, s, row);
  let n = collideCapsule(p, s);
  let g = findGround(s, planes, n);
  let up = wantUp;
  let hx = dx - up * ux;
  let hy = dy - up * uy;
  const climbCos = cs.maxClimbCos[row];
  v[V_CLIMB_COS] = climbCos;
  if (g >= 0) {
    const nu = v[V_GROUND_UP];
    if (up < 0 && nu >= cs.minSlideCos[row]) up = 0;
    if (up <= 0 && nu >= climbCos) {
      const along = (planes.normalX[g] * hx + planes.normalY[g] * hy) / nu;
      hx -= ux * along;
      hy -= uy * along;
      // Settled onto the ground at the rest gap (a landing or a step may leave it a little higher).
      const settle = planes.offset[g] / nu;
      if (settle < up) up = settle;
    }
  }
  const mx = hx + up * ux + carryX;
  const my = hy + up * uy + carryY;
  v[V_MOVE_X] = mx;
  v[V_MOVE_Y] = my;
  v[V_TARGET_X] = v[V_X] + mx;
  v[V_TARGET_Y] = v[V_Y] + my;
  const rise = mx * ux + my * uy;
  v[V_CAP] = v[V_X] * ux + v[V_Y] * uy + (rise > 0 ? rise : 0);
  // Steps are taken from the ground, or from the edge of the last step (a round cap resting on a stair's nose meets it
  // at more than the climb angle until it has rolled over it: it keeps stepping until it stands on the top).
  let canStep = (cs.flags[row] & CharacterFlag.autostep) !== 0 && (cs.grounded[row] === 1 || g >= 0) && wantUp <= 0;
  let stepped = false;

  // 3. Rounds. `fresh`: s.planes are the planes at the current position.
  let fresh = true;
  for (let round = 0; round < CHARACTER_ROUNDS; round++) {
    if (!fresh) {
      n = collideCapsule(p, s);
      fresh = true;
    }
    solveToTarget(s, n);
    if (canStep) {
      const k = findStep(p, s, row, n);
      if (k >= 0) {
        canStep = false;
        if (stepUp(p, s, row, k)) {
          stepped = true;
          fresh = false;
          // The step took the walk's horizontal part; nothing is left of the target but to settle where it landed.
          v[V_TARGET_X] = v[V_X];
          v[V_TARGET_Y] = v[V_Y];
          const h = v[V_X] * ux + v[V_Y] * uy;
          if (h > v[V_CAP]) v[V_CAP] = h;
          continue;
        }
      }
    }
    capSteepLift(s, n);
    const ddx = v[V_DELTA_X];
    const ddy = v[V_DELTA_Y];
    const len2 = ddx * ddx + ddy * ddy;
    if (len2 <= MOVE_TOLERANCE * MOVE_TOLERANCE) break;
    castCapsule(p, s, GAP_SKIN);
    const f = m.fraction[0];
    v[V_X] += f * ddx;
    v[V_Y] += f * ddy;
    if (f * f * len2 <= MOVE_TOLERANCE * MOVE_TOLERANCE) break;
    fresh = false;
  }
  if (!fresh) n = collideCapsule(p, s);
  g = findGround(s, planes, n);
  // Grounded: on ground it can both walk up and stand on without sliding.
  const slideCos = cs.minSlideCos[row];
  v[V_STAND_COS] = climbCos > slideCos ? climbCos : slideCos;
  let grounded = standsOn(p, s, planes, g);

  // 4. Snap.
  if (
    !grounded &&
    !stepped &&
    wantUp <= 0 &&
    cs.grounded[row] === 1 &&
    (cs.flags[row] & CharacterFlag.snapToGround) !== 0
  ) {
    const distance = cs.snapDistance[row];
    v[V_SAVE_X] = v[V_X];
    v[V_SAVE_Y] = v[V_Y];
    v[V_DELTA_X] = -ux * distance;
    v[V_DELTA_Y] = -uy * distance;
    castCapsule(p, s, GAP_REST);
    const f = m.fraction[0];
    if (f < 1) {
      v[V_X] += f * v[V_DELTA_X];
      v[V_Y] += f * v[V_DELTA_Y];
      n = collideCapsule(p, s);
      g = findGround(s, planes, n);
      grounded = standsOn(p, s, planes, g);
      if (!grounded) {
        // Not onto a slope it cannot stand on: back to where it was.
        v[V_X] = v[V_SAVE_X];
        v[V_Y] = v[V_SAVE_Y];
        n = collideCapsule(p, s);
        g = findGround(s, planes, n);
      }
    }
  }

  // 5. State.
  const tx = v[V_X] - v[V_START_X];
  const ty = v[V_Y] - v[V_START_Y];
  cs.translationX[row] = tx;
  cs.translationY[row] = ty;
  cs.grounded[row] = grounded ? 1 : 0;
  if (g >= 0) {
    // The surface it stands on (a stair's tread under an edge it rolls over), else the one it touches.
    cs.groundNormalX[row] = grounded ? v[V_FACE_X] : planes.normalX[g];
    cs.groundNormalY[row] = grounded ? v[V_FACE_Y] : planes.normalY[g];
    cs.groundPointX[row] = planes.pointX[g];
    cs.groundPointY[row] = planes.pointY[g];
    cs.groundBody[row] = planes.body[g];
  } else {
    cs.groundNormalX[row] = 0;
    cs.groundNormalY[row] = 0;
    cs.groundPointX[row] = 0;
    cs.groundPointY[row] = 0;
    cs.groundBody[row] = -1;
  }
  cs.sliding[row] = g >= 0 && v[V_GROUND_UP] < cs.minSlideCos[row] && tx * ux + ty * uy < -MOVE_TOLERANCE ? 1 : 0;
  recordPushes(p, s, row, n, grounded ? g : -1);
  forgetMoverCandidates(m);
}

/**
 * Keeps the candidates of the region the character's queries of this step will likely stay in (keepMoverCandidates):
 * its capsule where it starts, grown by the contact gap, the look-ahead margin, twice the move asked for and ridden
 * (V_REACH: walking up a slope adds to it), and what a step or a snap may reach. A query outside the region searches the
 * trees itself, so the region only decides how often that happens.
 */
function keepCandidates(p: PhysicsState, s: CharacterScratch, row: number): void {
  const cs = p.characters;
  const v = s.v;
  const m = s.mover;
  const step = (cs.flags[row] & CharacterFlag.autostep) !== 0 ? cs.stepHeight[row] + cs.stepWidth[row] : 0;
  const snap = (cs.flags[row] & CharacterFlag.snapToGround) !== 0 ? cs.snapDistance[row] : 0;
  const grow =
    v[V_RADIUS] +
    m.gaps[GAP_CONTACT] +
    2 * m.gaps[GAP_REST] +
    m.lookAhead[LOOK_MARGIN] +
    2 * v[V_REACH] +
    (step > snap ? step : snap);
  const hx = Math.abs(v[V_UP_X]) * v[V_HALF];
  const hy = Math.abs(v[V_UP_Y]) * v[V_HALF];
  const box = s.region;
  box[0] = v[V_X] - hx - grow;
  box[1] = v[V_Y] - hy - grow;
  box[2] = v[V_X] + hx + grow;
  box[3] = v[V_Y] + hy + grow;
  keepMoverCandidates(p, m, box);
}

/**
 * The plane solver on rows [0, count) of s.planes for the translation from the character's position to its target,
 * into V_DELTA_X, V_DELTA_Y (each row's push written).
 */
function solveToTarget(s: CharacterScratch, count: number): void {
  const v = s.v;
  const d = s.delta;
  d[0] = v[V_TARGET_X] - v[V_X];
  d[1] = v[V_TARGET_Y] - v[V_Y];
  solvePlaneRange(s.planes, 0, count, d);
  v[V_DELTA_X] = d[0];
  v[V_DELTA_Y] = d[1];
}

/**
 * If a surface steeper than the climb angle pushed the solution of solveToTarget (rows [0, count)) above the height
 * the character may reach this step (V_CAP), adds a plane that caps the height there and solves again: the steep
 * surface then stops the character, or lets it slide down along it, but never lifts it. The cap leaves room for the
 * lift that walkable surfaces it overlaps ask for (coming out of the ground is never capped).
 */
function capSteepLift(s: CharacterScratch, count: number): void {
  const v = s.v;
  const planes = s.planes;
  const ux = v[V_UP_X];
  const uy = v[V_UP_Y];
  const climbCos = v[V_CLIMB_COS];
  let steep = false;
  let allowed = v[V_CAP] - (v[V_X] * ux + v[V_Y] * uy);
  for (let i = 0; i < count; i++) {
    const nu = planes.normalX[i] * ux + planes.normalY[i] * uy;
    if (nu >= climbCos) {
      const lift = planes.offset[i] / nu;
      if (lift > allowed) allowed = lift;
    } else if (nu > LIFT_MIN_UP && planes.push[i] > 0) {
      steep = true;
    }
  }
  if (!steep || v[V_DELTA_X] * ux + v[V_DELTA_Y] * uy <= allowed + MOVE_TOLERANCE) return;
  const k = planes.addRow();
  planes.normalX[k] = -ux;
  planes.normalY[k] = -uy;
  planes.offset[k] = -allowed;
  solveToTarget(s, count + 1);
}
