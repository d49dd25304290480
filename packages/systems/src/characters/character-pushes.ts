import {
  BodyType,
  CHARACTER_MAX_PUSHES,
  CharacterFlag,
  PUSH_BODY,
  PUSH_IMPULSE_X,
  PUSH_IMPULSE_Y,
  PUSH_POINT_X,
  PUSH_POINT_Y,
  PUSH_STRIDE,
  wakeIsland,
  type PhysicsState,
} from '@impulse2d/core/internal';
import { V_CLIMB_COS, V_DT, V_MOVE_X, V_MOVE_Y, V_UP_X, V_UP_Y, type CharacterScratch } from './character-scratch.js';

/**
 * What a character does to the dynamic bodies it touches. Its body is kinematic, so to the solver it has infinite
 * mass: left to contacts alone it would plow through a crate of any weight. Instead the character stops at the skin
 * (its casts), and gives each dynamic body it walks into the impulse of an inelastic collision between two finite
 * masses, along the normal at the contact point:
 *
 *   J = max(0, (v_character − v_body(point))·n) / (1/m_character + 1/m_body + (r × n)²/I_body)
 *
 * with v_character the move it tried over dt, and at most pushForce·dt: feet push only so hard. A light crate takes
 * nearly the character's speed at once, a heavy one a fraction m_character / (m_character + m_body) of it per step
 * and no more than pushForce / m_body of acceleration, none if its friction holds more than pushForce; the character
 * follows at whatever speed the crate goes next step. On the dynamic body it stands on it weighs: m_character·g·dt
 * into the surface each step (world gravity). Box2D's mover sample pushes with an infinite mover mass and no limit;
 * Rapier's uses the same reduced mass as here, without a limit.
 *
 * recordPushes runs in the resolve pass and only writes the character's own records (PUSH_*); applyPushes runs after
 * every character is resolved, in row order, so each push sees the bodies as the step began and the result does not
 * depend on the order characters were resolved in.
 */

/**
 * Records the pushes of character `row` on the dynamic bodies of rows [0, count) of s.planes (at most
 * CHARACTER_MAX_PUSHES, in shape order). `ground` is the plane row it stands on, −1 when not grounded. A touched body
 * gets a record with no impulse, so that it is woken when the character moves.
 */
export function recordPushes(p: PhysicsState, s: CharacterScratch, row: number, count: number, ground: number): void {
  const cs = p.characters;
  const b = p.bodies;
  const planes = s.planes;
  const v = s.v;
  const dt = v[V_DT];
  const out = cs.pushes;
  const base = row * PUSH_STRIDE * CHARACTER_MAX_PUSHES;
  const pushes = (cs.flags[row] & CharacterFlag.pushBodies) !== 0;
  const mass = cs.mass[row];
  const most = cs.pushForce[row] * dt;
  const mask = p.indexMask;
  let k = 0;
  for (let i = 0; i < count && k < CHARACTER_MAX_PUSHES; i++) {
    const e = planes.body[i] & mask;
    if (b.type[e] !== BodyType.dynamic) continue;
    // Normal from the character into the body.
    const nx = -planes.normalX[i];
    const ny = -planes.normalY[i];
    const px = planes.pointX[i];
    const py = planes.pointY[i];
    let jx = 0;
    let jy = 0;
    if (pushes) {
      if (i === ground) {
        const weight = mass * dt * (p.gravityX * nx + p.gravityY * ny);
        if (weight > 0) {
          jx = weight * nx;
          jy = weight * ny;
        }
      } else if (-(nx * v[V_UP_X] + ny * v[V_UP_Y]) < v[V_CLIMB_COS]) {
        const rx = px - b.centerX[e];
        const ry = py - b.centerY[e];
        const w = b.w[e];
        const approach = (v[V_MOVE_X] / dt - (b.vx[e] - w * ry)) * nx + (v[V_MOVE_Y] / dt - (b.vy[e] + w * rx)) * ny;
        if (approach > 0) {
          const rn = rx * ny - ry * nx;
          const k2 = 1 / mass + b.invMass[e] + b.invInertia[e] * rn * rn;
          const inelastic = approach / k2;
          const impulse = inelastic < most ? inelastic : most;
          jx = impulse * nx;
          jy = impulse * ny;
        }
      }
    }
    const o = base + k * PUSH_STRIDE;
    out[o + PUSH_BODY] = e;
    out[o + PUSH_POINT_X] = px;
    out[o + PUSH_POINT_Y] = py;
    out[o + PUSH_IMPULSE_X] = jx;
    out[o + PUSH_IMPULSE_Y] = jy;
    k++;
  }
  cs.pushCount[row] = k;
}

/**
 * Applies character `row`'s push records: wakes each body (when the character moved or pushes it) and adds the
 * impulse to its velocities at the contact point.
 */
export function applyPushes(p: PhysicsState, row: number, moved: boolean): void {
  const cs = p.characters;
  const b = p.bodies;
  const records = cs.pushes;
  const base = row * PUSH_STRIDE * CHARACTER_MAX_PUSHES;
  const count = cs.pushCount[row];
  for (let k = 0; k < count; k++) {
    const o = base + k * PUSH_STRIDE;
    const e = records[o + PUSH_BODY];
    const jx = records[o + PUSH_IMPULSE_X];
    const jy = records[o + PUSH_IMPULSE_Y];
    const pushing = jx !== 0 || jy !== 0;
    if (!moved && !pushing) continue;
    wakeIsland(p, e);
    if (!pushing) continue;
    const invMass = b.invMass[e];
    b.vx[e] = b.vx[e] + invMass * jx;
    b.vy[e] = b.vy[e] + invMass * jy;
    const rx = records[o + PUSH_POINT_X] - b.centerX[e];
    const ry = records[o + PUSH_POINT_Y] - b.centerY[e];
    b.w[e] = b.w[e] + b.invInertia[e] * (rx * jy - ry * jx);
  }
}
