// Surface materials at run time: rolling resistance and tangent speed (conveyor belts), the world's friction and
// restitution mixing rules, and mixing callbacks with user material ids (Box2D's b2FrictionCallback).
import { describe, expect, it } from 'vitest';
import {
  PhysicsError,
  addShape,
  createBody,
  getAngularVelocity,
  getLinearVelocity,
  getRollingResistance,
  getTangentSpeed,
  getUserMaterialId,
  makeBox,
  makeCircle,
  setFrictionCallback,
  setRestitutionCallback,
  setRollingResistance,
  setTangentSpeed,
  setUserMaterialId,
  setWorldSettings,
  takeSnapshot,
  type MixingRule,
  type PhysicsWorld,
  type ShapeId,
  type WorldDef,
} from '@impulse2d/core';
import { addGround, run, world } from './helpers/scene.js';

function expectInvalid(call: () => unknown): void {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(PhysicsError);
    expect((error as PhysicsError).code).toBe('INVALID_ARGUMENT');
    return;
  }
  expect.fail('accepted');
}

describe('tangent speed: conveyor belts', () => {
  it('a box on a belt is carried at the belt speed; changing the speed at run time changes it', () => {
    const w = world({ enableSleep: false });
    const beltBody = createBody(w, { type: 'static', position: { x: 0, y: -0.5 } });
    const belt = addShape(w, beltBody, makeBox(50, 0.5), { friction: 0.8 });
    const box = createBody(w, { type: 'dynamic', position: { x: 0, y: 0.5 } });
    addShape(w, box, makeBox(0.5, 0.5), { density: 1, friction: 0.8 });
    run(w, 30);
    expect(getLinearVelocity(w, box).x).toBeCloseTo(0, 5);
    // The surface moves as if the belt spun counter-clockwise: a positive speed carries what lies on top toward −x.
    setTangentSpeed(w, belt, 2);
    expect(getTangentSpeed(w, belt)).toBe(2);
    run(w, 60); // friction 0.8·g = 8 m/s² reaches 2 m/s in 0.25 s
    expect(getLinearVelocity(w, box).x).toBeCloseTo(-2, 3);
    expect(getAngularVelocity(w, box)).toBeCloseTo(0, 3);
    setTangentSpeed(w, belt, -1.5);
    run(w, 60);
    expect(getLinearVelocity(w, box).x).toBeCloseTo(1.5, 3);
  });

  it('refuses a non-finite speed and a negative rolling resistance, the world unchanged and steppable', () => {
    const w = world();
    addGround(w);
    const box = createBody(w, { type: 'dynamic', position: { x: 0, y: 0.5 } });
    const shape = addShape(w, box, makeBox(0.5, 0.5));
    run(w, 5);
    const before = takeSnapshot(w);
    for (const bad of [NaN, Infinity, '1']) expectInvalid(() => setTangentSpeed(w, shape, bad as number));
    for (const bad of [-0.1, NaN]) expectInvalid(() => setRollingResistance(w, shape, bad));
    expect(takeSnapshot(w)).toEqual(before);
    expect(() => setTangentSpeed(w, (shape - 1) as ShapeId, 1)).toThrow(PhysicsError); // no such shape, on purpose
    run(w, 5);
  });
});

describe('rolling resistance at run time', () => {
  it('a rolling disc given resistance c slows at c·g/(1.5·r)', () => {
    const w = world({ enableSleep: false });
    addGround(w);
    const ball = createBody(w, {
      type: 'dynamic',
      position: { x: 0, y: 0.5 },
      linearVelocity: { x: 3, y: 0 },
      angularVelocity: -6,
    });
    const disc = addShape(w, ball, makeCircle(0.5), { friction: 0.6 });
    run(w, 30);
    const v0 = getLinearVelocity(w, ball).x;
    expect(v0).toBeCloseTo(3, 2);
    setRollingResistance(w, disc, 0.05);
    expect(getRollingResistance(w, disc)).toBe(0.05);
    run(w, 60);
    // Torque c·N against (I + m r²)·α, I = m r²/2: a = c·g/(1.5·r) = 0.667 m/s² for 1 s.
    const lost = v0 - getLinearVelocity(w, ball).x;
    expect(lost).toBeGreaterThan(0.667 * 0.95);
    expect(lost).toBeLessThan(0.667 * 1.05);
  });
});

describe('mixing rules', () => {
  /** A box (μ 0.2) sliding at 5 m/s on ground (μ 0.8) for 0.25 s: the speed it lost, μ_mixed·g·t. */
  function slide(def: Partial<WorldDef>, change?: Partial<WorldDef>): number {
    const w = world({ enableSleep: false, ...def });
    addGround(w, 100, 1, 0.8);
    const box = createBody(w, { type: 'dynamic', position: { x: 0, y: 0.5 } });
    addShape(w, box, makeBox(0.5, 0.5), { density: 1, friction: 0.2 });
    run(w, 10); // settle on the ground
    if (change !== undefined) setWorldSettings(w, change);
    w.physics.bodies.vx[box] = 5;
    run(w, 15);
    return 5 - getLinearVelocity(w, box).x;
  }

  it('friction mixes by the world rule: geometric (default), max, min, average, multiply', () => {
    const expected: Record<MixingRule, number> = {
      geometric: Math.sqrt(0.2 * 0.8),
      max: 0.8,
      min: 0.2,
      average: 0.5,
      multiply: 0.16,
    };
    expect(slide({})).toBeCloseTo(expected.geometric * 10 * 0.25, 2);
    for (const [rule, mu] of Object.entries(expected) as Array<[MixingRule, number]>) {
      expect(slide({ frictionMixing: rule }), rule).toBeCloseTo(mu * 10 * 0.25, 2);
      // Set on a world whose contact already touches: it applies from the next step.
      expect(slide({}, { frictionMixing: rule }), `${rule} at run time`).toBeCloseTo(mu * 10 * 0.25, 2);
    }
  });

  /** A ball (restitution 0.8) dropped on ground (restitution 0.2): rebound speed over impact speed. */
  function bounce(def: Partial<WorldDef>): number {
    const w = world(def);
    addGround(w, 10, 1, 0.6, 0.2);
    const ball = createBody(w, { type: 'dynamic', position: { x: 0, y: 2 } });
    addShape(w, ball, makeCircle(0.25), { density: 1, restitution: 0.8 });
    let impact = 0;
    let rebound = 0;
    for (let i = 0; i < 120 && rebound <= 0; i++) {
      const vy = getLinearVelocity(w, ball).y;
      run(w, 1);
      const after = getLinearVelocity(w, ball).y;
      if (vy < 0 && after > 0) {
        impact = -vy;
        rebound = after;
      }
    }
    return rebound / impact;
  }

  it('restitution mixes by the world rule: max (default) and min', () => {
    expect(bounce({})).toBeCloseTo(0.8, 1);
    expect(bounce({ restitutionMixing: 'min' })).toBeCloseTo(0.2, 1);
    expect(bounce({ restitutionMixing: 'average' })).toBeCloseTo(0.5, 1);
  });
});

describe('mixing callbacks and user material ids', () => {
  const ICE = 7;

  /** Two boxes sliding at 5 m/s on ground: one on an ice patch (user material 7). Their speeds after 0.5 s. */
  function rink(w: PhysicsWorld): { ice: number; plain: number; iceShape: ShapeId } {
    const ground = createBody(w, { type: 'static', position: { x: 0, y: -0.5 } });
    addShape(w, ground, makeBox(20, 0.5, { x: -20, y: 0 }), { friction: 0.6 });
    const iceShape = addShape(w, ground, makeBox(20, 0.5, { x: 20, y: 0 }), { friction: 0.6, userMaterialId: ICE });
    const onIce = createBody(w, { type: 'dynamic', position: { x: 5, y: 0.5 } });
    addShape(w, onIce, makeBox(0.5, 0.5), { density: 1, friction: 0.6 });
    const onPlain = createBody(w, { type: 'dynamic', position: { x: -30, y: 0.5 } });
    addShape(w, onPlain, makeBox(0.5, 0.5), { density: 1, friction: 0.6 });
    run(w, 10);
    w.physics.bodies.vx[onIce] = 5;
    w.physics.bodies.vx[onPlain] = 5;
    run(w, 30);
    return { ice: getLinearVelocity(w, onIce).x, plain: getLinearVelocity(w, onPlain).x, iceShape };
  }

  it('a friction callback sees each pair’s frictions and user material ids when it begins to touch, never per step', () => {
    const w = world({ enableSleep: false });
    const calls: number[][] = [];
    setFrictionCallback(w, (fa, ma, fb, mb) => {
      calls.push([fa, ma, fb, mb]);
      return ma === ICE || mb === ICE ? 0 : Math.sqrt(fa * fb);
    });
    const { ice, plain, iceShape } = rink(w);
    expect(getUserMaterialId(w, iceShape)).toBe(ICE);
    expect(ice).toBeCloseTo(5, 6); // no friction on the ice
    expect(plain).toBeCloseTo(5 - 6 * 0.5, 1); // μ 0.6 for 0.5 s
    // One call per pair that touched (two), none per step.
    expect(calls).toHaveLength(2);
    expect(calls).toContainEqual([0.6, ICE, 0.6, 0]);
    run(w, 60);
    expect(calls).toHaveLength(2);
    // A material change calls it again for that shape's contacts only.
    setUserMaterialId(w, iceShape, 0);
    expect(calls).toHaveLength(3);
    // Removed: the world's rule mixes again, at once for touching contacts.
    setFrictionCallback(w, null);
    expect(calls).toHaveLength(3);
  });

  it('the calls come in the same order in two worlds built the same way', () => {
    const order = (): number[][] => {
      const w = world({ enableSleep: false });
      const seen: number[][] = [];
      setFrictionCallback(w, (fa, ma, fb, mb) => {
        seen.push([fa, ma, fb, mb]);
        return 0.5;
      });
      for (let i = 0; i < 6; i++) {
        const b = createBody(w, { type: 'dynamic', position: { x: i * 0.3, y: 1 + 1.1 * i } });
        addShape(w, b, makeBox(0.5, 0.5), { friction: 0.1 * (i + 1), userMaterialId: i });
      }
      addGround(w, 10);
      run(w, 120);
      return seen;
    };
    const first = order();
    expect(first.length).toBeGreaterThan(5);
    expect(order()).toEqual(first);
  });

  it('a restitution callback decides the bounce; results that are not a finite number ≥ 0 count as 0', () => {
    const drop = (callback: (ra: number, ma: number, rb: number, mb: number) => number): number => {
      const w = world();
      addGround(w, 10, 1, 0.6, 0);
      setRestitutionCallback(w, callback);
      const ball = createBody(w, { type: 'dynamic', position: { x: 0, y: 2 } });
      addShape(w, ball, makeCircle(0.25), { density: 1, restitution: 0, userMaterialId: 3 });
      let top = 0;
      for (let i = 0; i < 90; i++) {
        run(w, 1);
        if (i > 40) top = Math.max(top, getLinearVelocity(w, ball).y);
      }
      return top;
    };
    expect(drop((_ra, ma, _rb, mb) => (ma === 3 || mb === 3 ? 0.9 : 0))).toBeGreaterThan(3);
    for (const bad of [NaN, -1, Infinity]) expect(drop(() => bad)).toBeLessThan(0.5);
    expect(drop(() => '0.9' as unknown as number)).toBeLessThan(0.5);
  });

  it('refuses callbacks that are not functions and ids that are not 32-bit integers, the world unchanged', () => {
    const w = world();
    addGround(w, 10);
    const box = createBody(w, { type: 'dynamic', position: { x: 0, y: 0.5 } });
    const shape = addShape(w, box, makeBox(0.5, 0.5));
    run(w, 5);
    const before = takeSnapshot(w);
    for (const bad of [1, 'f', {}, undefined]) {
      expectInvalid(() => setFrictionCallback(w, bad as never));
      expectInvalid(() => setRestitutionCallback(w, bad as never));
    }
    for (const bad of [1.5, 2 ** 31, -(2 ** 31) - 1, NaN, '3']) {
      expectInvalid(() => setUserMaterialId(w, shape, bad as number));
      expectInvalid(() => addShape(w, box, makeCircle(0.2), { userMaterialId: bad as number }));
    }
    expect(takeSnapshot(w)).toEqual(before);
    expect(w.physics.frictionCallback).toBe(null);
    run(w, 5);
  });
});
