// A ball dropped from h = 2 m (its lowest point 2 m above the ground) onto a static ground with restitution 0. The
// ball carries restitution e; mixing is max(eA, eB), so the pair's restitution is e. Newton's law of restitution
// gives a rebound speed e·√(2gh), hence a rebound apex of e²·h above the ground.
//
// Tolerance: the restitution pass uses the normal velocity measured at the start of the step in which the contact
// is solved (speculatively, before the shapes touch). The ball may be up to one step of gravity, g·dt = 0.17 m/s,
// off the true impact speed √(2gh) = 6.3 m/s (2.6 %), and the rebound loses up to another g·dt while rising
// through the step: the apex is within about 2·2·2.6 ≈ 10 % of e²·h. We allow 10 % of h (0.2 m) absolute, and for
// e = 1 also require the apex not to exceed h by more than 5 % (no energy gain). The box lands flat and centred,
// so it must also bounce without spin (|ω| < 0.1 rad/s right after the impact).
import { describe, expect, it } from 'vitest';
import {
  addShape,
  createBody,
  getAngularVelocity,
  getLinearVelocity,
  makeBox,
  makeCircle,
  type ShapeGeometry,
  type SolverMode,
} from '@impulse2d/core';
import { stepPhysics } from '@impulse2d/systems';
import { addGround, world } from './helpers/scene.js';

const DROP = 2;

interface Bounce {
  /** Lowest point of the ball when it rests (or at the first impact), m above the ground. */
  restHeight: number;
  /** Highest point of the bottom of the ball after the first impact, m above the ground. */
  apex: number;
  /** Upward speed right after the first impact (m/s). */
  reboundSpeed: number;
  /** Downward speed just before it (m/s). */
  impactSpeed: number;
  /** Angular velocity right after the first impact (rad/s): a flat, centred landing must not start a spin. */
  spinAfter: number;
}

function drop(geometry: ShapeGeometry, halfHeight: number, restitution: number, solver: SolverMode): Bounce {
  const w = world({ enableSleep: false, solver });
  addGround(w, 20, 1, 0.6, 0);
  const ball = createBody(w, { type: 'dynamic', position: { x: 0, y: DROP + halfHeight } });
  addShape(w, ball, geometry, { density: 1, friction: 0.6, restitution });
  const t = w.physics.transform;
  let impactSpeed = 0;
  let reboundSpeed = 0;
  let phase: 'falling' | 'rising' | 'done' = 'falling';
  let apex = -Infinity;
  let lastVy = 0;
  let spinAfter = 0;
  for (let i = 0; i < 240; i++) {
    stepPhysics(w, 1 / 60);
    const vy = getLinearVelocity(w, ball).y;
    const bottom = t.y[ball] - halfHeight;
    if (phase === 'falling' && vy > lastVy + 0.5) {
      // The step in which the contact acted: velocity jumped up by more than gravity could explain.
      impactSpeed = -lastVy;
      reboundSpeed = vy;
      spinAfter = getAngularVelocity(w, ball);
      phase = 'rising';
      apex = bottom;
    } else if (phase === 'rising') {
      apex = Math.max(apex, bottom);
      if (vy < 0 && bottom < apex - 0.01) phase = 'done';
    }
    lastVy = vy;
  }
  if (phase === 'falling') throw new Error('the ball never hit the ground');
  return { restHeight: t.y[ball] - halfHeight, apex, reboundSpeed, impactSpeed, spinAfter };
}

const circle = (): ShapeGeometry => makeCircle(0.25);
const box = (): ShapeGeometry => makeBox(0.25, 0.25);

describe.each(['soft', 'classic'] as const)(
  'a ball dropped from 2 m onto a static ground bounces to e²·h (%s solver)',
  (solver) => {
    for (const [name, make] of [
      ['circle r=0.25', circle],
      ['box 0.5×0.5', box],
    ] as const) {
      it(`${name} with e = 0 does not bounce: rebound apex < 1 cm above rest`, () => {
        const r = drop(make(), 0.25, 0, solver);
        // The impact speed was near √(2gh) = 6.32 m/s, and the ball came to rest on the ground.
        expect(r.impactSpeed).toBeGreaterThan(5.8);
        expect(Math.abs(r.restHeight)).toBeLessThan(0.01);
        expect(r.apex - r.restHeight).toBeLessThan(0.01);
        expect(r.reboundSpeed).toBeLessThan(0.2);
        expect(Math.abs(r.spinAfter)).toBeLessThan(0.1);
      });

      it(`${name} with e = 0.5 rebounds to 0.25·h = 0.5 m (±0.2 m)`, () => {
        const r = drop(make(), 0.25, 0.5, solver);
        expect(r.reboundSpeed / r.impactSpeed).toBeGreaterThan(0.45);
        expect(r.reboundSpeed / r.impactSpeed).toBeLessThan(0.55);
        expect(Math.abs(r.apex - 0.25 * DROP)).toBeLessThan(0.1 * DROP);
        expect(Math.abs(r.spinAfter)).toBeLessThan(0.1);
      });

      it(`${name} with e = 1 rebounds to h = 2 m (−0.2 m, +0.1 m)`, () => {
        const r = drop(make(), 0.25, 1, solver);
        expect(r.reboundSpeed / r.impactSpeed).toBeGreaterThan(0.95);
        expect(r.reboundSpeed / r.impactSpeed).toBeLessThan(1.05);
        expect(r.apex).toBeGreaterThan(0.9 * DROP);
        expect(r.apex).toBeLessThan(1.05 * DROP);
        expect(Math.abs(r.spinAfter)).toBeLessThan(0.1);
      });
    }
  },
);
