import { checkFinite, checkPositive, checkVec2, PhysicsError } from '../errors.js';
import { wakeIsland } from '../lifecycle/body-sleep.js';
import { atan2, cosSin } from '../math/trig.js';
import type { Vec2Like } from '../math/vec2.js';
import { BodyFlag, BodyType } from '../state/body-store.js';
import type { PhysicsWorld } from '../state/physics-state.js';
import { bodyIndex, unlockedState } from './body-api.js';
import type { BodyId } from '../handles.js';

const cosSinScratch = new Float64Array(2);

/**
 * Drives a kinematic body (a moving platform, a door, an elevator) to a pose by its velocity: sets the linear and
 * angular velocity that carry it from where it is now to origin `position` (m) and `angle` (rad) over one step of
 * length `dt` (s), as Box2D v3's b2Body_SetTargetTransform. Call it before each step with that step's dt and the body
 * arrives at the end of the step: exactly in position (to rounding), and in angle to the substep integrator's error
 * (about (Δθ/n)³/3 per substep of n). Because the body moves by its velocity, not by a teleport, what rests on it is
 * carried along by friction and pushed by contact, as by any moving body. The velocity stays after the step: without
 * a new target the body keeps moving.
 *
 * The rotation taken is the shorter way round (the relative angle, in (−π, π], from the deterministic atan2), so a
 * target angle of 3.1 after −3.1 turns the body by −0.083 rad, not by 6.2. A body with fixed rotation gets no angular
 * velocity. A sleeping body whose motion would be below its sleep threshold is left asleep (the target is dropped, as
 * Box2D does); any other target wakes it and what touches it.
 *
 * @throws PhysicsError `NOT_A_BODY` / `STALE_HANDLE` for a bad body, `WORLD_LOCKED` during a step,
 *   `INVALID_ARGUMENT` for a body that is not kinematic, a position that is not a finite {x, y}, a non-finite angle, or
 *   a dt that is not finite and > 0. Nothing changes when it throws.
 */
export function setTargetTransform(
  world: PhysicsWorld,
  body: BodyId,
  position: Vec2Like,
  angle: number,
  dt: number,
): void {
  const eid = bodyIndex(world, body);
  const p = unlockedState(world);
  checkVec2(position, 'position');
  checkFinite(angle, 'angle');
  checkPositive(dt, 'dt');
  const b = p.bodies;
  if (b.type[eid] !== BodyType.kinematic) {
    const kind = b.type[eid] === BodyType.static ? 'static' : 'dynamic';
    throw new PhysicsError('INVALID_ARGUMENT', `setTargetTransform moves kinematic bodies; body ${body} is ${kind}`);
  }
  const t = b.transform;
  cosSin(angle, cosSinScratch);
  const c2 = cosSinScratch[0];
  const s2 = cosSinScratch[1];
  const lcx = b.localCenterX[eid];
  const lcy = b.localCenterY[eid];
  const inv = 1 / dt;
  // The centre of mass moves in a straight line from where it is to where the target pose puts it.
  const vx = (position.x + c2 * lcx - s2 * lcy - b.centerX[eid]) * inv;
  const vy = (position.y + s2 * lcx + c2 * lcy - b.centerY[eid]) * inv;
  let w = 0;
  if ((b.flags[eid] & BodyFlag.fixedRotation) === 0) {
    const c1 = t.c[eid];
    const s1 = t.s[eid];
    // The rotation from q1 to q2 is q2·conj(q1): its angle is the relative angle, in (−π, π].
    w = atan2(s2 * c1 - c2 * s1, c2 * c1 + s2 * s1) * inv;
  }
  if ((b.flags[eid] & BodyFlag.awake) === 0) {
    if (Math.sqrt(vx * vx + vy * vy) + Math.abs(w) * b.maxExtent[eid] < b.sleepThreshold[eid]) return;
    wakeIsland(p, eid);
  }
  b.vx[eid] = vx;
  b.vy[eid] = vy;
  b.w[eid] = w;
}
