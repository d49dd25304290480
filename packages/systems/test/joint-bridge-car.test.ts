// Scenario stability: a 40-plank suspension bridge and a car with two wheel joints on uneven ground, 30 s each.
import {
  addShape,
  createBody,
  createRevoluteJoint,
  createWheelJoint,
  getAngle,
  getJointWorldAnchors,
  makeBox,
  makeCircle,
  makePolygon,
  makeSegment,
  type PhysicsWorld,
  type JointId,
} from '@impulse2d/core';
import { describe, expect, it } from 'vitest';
import { run, world } from './helpers/scene.js';

function maxGap(w: PhysicsWorld, joints: JointId[]): number {
  let gap = 0;
  for (const j of joints) {
    const [ax, ay, bx, by] = getJointWorldAnchors(w, j);
    gap = Math.max(gap, Math.hypot(bx - ax, by - ay));
  }
  return gap;
}

const FRICTION = 200; // N m, Box2D's sample default

describe('suspension bridge', () => {
  it("40 planks (Box2D's bridge: taut, with joint friction) carry a load for 30 s: connected, bounded, settling", () => {
    const w = world();
    const ground = createBody(w, { type: 'static' });
    addShape(w, ground, makeSegment({ x: -40, y: 0 }, { x: 40, y: 0 }));
    const n = 40;
    const xBase = -20;
    const y = 10;
    const planks: number[] = [];
    const joints: JointId[] = [];
    let prev = ground;
    for (let i = 0; i < n; i++) {
      const plank = createBody(w, { type: 'dynamic', position: { x: xBase + 0.5 + i, y } });
      addShape(w, plank, makeBox(0.5, 0.125), { density: 20, friction: 0.6 });
      // Joint friction as in Box2D's sample: a motor at speed 0 with a small torque budget.
      joints.push(
        createRevoluteJoint(w, {
          bodyA: prev,
          bodyB: plank,
          anchor: { x: xBase + i, y },
          enableMotor: true,
          maxMotorTorque: FRICTION,
        }),
      );
      planks.push(plank);
      prev = plank;
    }
    joints.push(
      createRevoluteJoint(w, {
        bodyA: prev,
        bodyB: ground,
        anchor: { x: xBase + n, y },
        enableMotor: true,
        maxMotorTorque: FRICTION,
      }),
    );
    // Some load dropped on the deck.
    const load: number[] = [];
    for (let i = 0; i < 6; i++) {
      const box = createBody(w, { type: 'dynamic', position: { x: -10 + 4 * i, y: y + 2 } });
      addShape(w, box, makeBox(0.4, 0.4), { density: 5 });
      load.push(box);
    }
    const t = w.physics.transform;
    const b = w.physics.bodies;
    const all = [...planks, ...load];
    const energy = (): number => {
      let e = 0;
      for (const k of all)
        e += b.mass[k] * (0.5 * (b.vx[k] ** 2 + b.vy[k] ** 2) + 10 * t.y[k]) + 0.5 * b.inertia[k] * b.w[k] ** 2;
      return e;
    };
    const e0 = energy();
    let worstGap = 0;
    let maxEnergy = e0;
    let lowest = Infinity;
    for (let s = 0; s < 60 * 30; s++) {
      run(w, 1);
      if (s % 30 === 0) {
        worstGap = Math.max(worstGap, maxGap(w, joints));
        maxEnergy = Math.max(maxEnergy, energy());
        for (const k of planks) lowest = Math.min(lowest, t.y[k]);
      }
    }
    let fastest = 0;
    for (const e of all) {
      expect(Number.isFinite(t.x[e]) && Number.isFinite(t.y[e])).toBe(true);
      fastest = Math.max(fastest, Math.hypot(b.vx[e], b.vy[e]));
    }
    // Stable: never gains energy, settles, stays connected. The taut 40 m deck can only sag by stretching its 41
    // soft joints (60 Hz springs on about one plank's mass each): about a centimetre per joint under this load.
    expect(maxEnergy).toBeLessThanOrEqual(e0 * (1 + 1e-6));
    expect(fastest).toBeLessThan(0.2);
    expect(lowest).toBeGreaterThan(y - 5);
    expect(worstGap).toBeLessThan(0.03);
    for (const e of load) expect(t.y[e]).toBeGreaterThan(t.y[planks[20]] - 1); // still on the deck
  });
});

describe('car', () => {
  it('a car on two wheel joints drives over uneven ground for 30 s without flipping or losing a wheel', () => {
    const w = world();
    const ground = createBody(w, { type: 'static' });
    // Rolling terrain with bumps, as one-sided segments.
    let px = -20;
    let py = 0;
    for (let x = -19; x <= 300; x += 1) {
      const yy = 0.4 * Math.sin(0.35 * x) + 0.15 * Math.sin(1.7 * x);
      addShape(w, ground, makeSegment({ x: px, y: py }, { x, y: yy }), { friction: 0.9 });
      px = x;
      py = yy;
    }
    const chassis = createBody(w, { type: 'dynamic', position: { x: 0, y: 1.2 }, enableSleep: false });
    addShape(
      w,
      chassis,
      makePolygon([
        { x: -1.5, y: -0.5 },
        { x: 1.5, y: -0.5 },
        { x: 1.5, y: 0 },
        { x: 0, y: 0.9 },
        { x: -1.15, y: 0.9 },
        { x: -1.5, y: 0.2 },
      ]),
      { density: 1 },
    );
    const wheels: number[] = [];
    const joints: JointId[] = [];
    for (const x of [-1, 1]) {
      const wheel = createBody(w, { type: 'dynamic', position: { x, y: 0.55 }, enableSleep: false });
      addShape(w, wheel, makeCircle(0.4), { density: 1, friction: 0.9 });
      joints.push(
        createWheelJoint(w, {
          bodyA: chassis,
          bodyB: wheel,
          anchor: { x, y: 0.55 },
          localAxisA: { x: 0, y: 1 },
          hertz: 5,
          dampingRatio: 0.7,
          enableLimit: true,
          lowerTranslation: -0.25,
          upperTranslation: 0.25,
          enableMotor: true,
          motorSpeed: -8,
          maxMotorTorque: x < 0 ? 20 : 10,
        }),
      );
      wheels.push(wheel);
    }
    const t = w.physics.transform;
    let worstAngle = 0;
    let worstPerp = 0;
    for (let s = 0; s < 60 * 30; s++) {
      run(w, 1);
      worstAngle = Math.max(worstAngle, Math.abs(getAngle(w, chassis)));
      if (s % 10 === 0) {
        for (let k = 0; k < 2; k++) {
          // Wheel centre stays on the suspension axis: the perpendicular offset in the chassis frame.
          const [ax, ay, bx, by] = getJointWorldAnchors(w, joints[k]);
          const c = t.c[chassis];
          const sn = t.s[chassis];
          const perp = c * (bx - ax) + sn * (by - ay); // component along the chassis x axis
          worstPerp = Math.max(worstPerp, Math.abs(perp));
        }
      }
    }
    for (const e of [chassis, ...wheels]) expect(Number.isFinite(t.x[e]) && Number.isFinite(t.y[e])).toBe(true);
    expect(worstAngle).toBeLessThan(1.0);
    expect(worstPerp).toBeLessThan(0.02);
    expect(t.x[chassis]).toBeGreaterThan(40); // it drove (ω·r = 3.2 m/s at most)
  });
});
