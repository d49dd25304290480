// Rolling resistance slows a rolling ball; collision filters decide which shapes collide.
import { describe, expect, it } from 'vitest';
import {
  addShape,
  createBody,
  getAngularVelocity,
  getLinearVelocity,
  getShapeFilter,
  makeBox,
  makeCircle,
  PhysicsError,
  setShapeFilter,
} from '@impulse2d/core';
import { addGround, run, world } from './helpers/scene.js';

/** A solid disc (r = 0.5) rolling at 3 m/s; velocities after 1 s and after 2 s more. */
function rollingBall(resistance: number): { v1: number; w1: number; v3: number } {
  const w = world({ enableSleep: false });
  addGround(w);
  const ball = createBody(w, {
    type: 'dynamic',
    position: { x: 0, y: 0.5 },
    linearVelocity: { x: 3, y: 0 },
    angularVelocity: -6,
  });
  addShape(w, ball, makeCircle(0.5), { friction: 0.6, rollingResistance: resistance });
  run(w, 60);
  const v1 = getLinearVelocity(w, ball).x;
  const w1 = getAngularVelocity(w, ball);
  run(w, 120);
  return { v1, w1, v3: getLinearVelocity(w, ball).x };
}

describe('rolling resistance', () => {
  it('without it a disc rolls on at constant speed; with resistance c it slows at c·g/(1.5·r) and stops', () => {
    const free = rollingBall(0);
    expect(free.v1).toBeCloseTo(3, 2);
    expect(free.w1).toBeCloseTo(-6, 1);
    // Resistance torque c·N = c·m·g against (I + m r²)·α with I = m r²/2: a = α·r = c·g / (1.5·r) = 0.667 m/s².
    const damped = rollingBall(0.05);
    expect(3 - damped.v1).toBeGreaterThan(0.667 * 0.95);
    expect(3 - damped.v1).toBeLessThan(0.667 * 1.05);
    // Still rolling without slipping while it slows.
    expect(Math.abs(damped.v1 + damped.w1 * 0.5)).toBeLessThan(0.01);
    const strong = rollingBall(0.2); // a = 2.67 m/s²: stops after 1.1 s and must stay stopped
    expect(Math.abs(strong.v3)).toBeLessThan(0.01);
  });
});

describe('collision filtering', () => {
  function dropPair(filterA: object, filterB: object): number {
    const w = world({ enableSleep: false });
    const lower = createBody(w, { type: 'dynamic', position: { x: 0, y: 0.5 } });
    addShape(w, lower, makeBox(0.5, 0.5), { filter: filterA });
    const upper = createBody(w, { type: 'dynamic', position: { x: 0, y: 2 } });
    addShape(w, upper, makeBox(0.5, 0.5), { filter: filterB });
    addGround(w);
    run(w, 90);
    return w.physics.transform.y[upper];
  }

  it('shapes in the same negative group never collide; the same positive group always does', () => {
    // Passing through: the upper box ends on the ground (y ≈ 0.5); colliding: it rests on the lower box (y ≈ 1.5).
    expect(dropPair({ groupIndex: -3 }, { groupIndex: -3 })).toBeLessThan(0.6);
    // Categories 2 and 4 with masks that exclude each other (both still collide with the ground, category 1)...
    expect(dropPair({ categoryBits: 2, maskBits: 1 }, { categoryBits: 4, maskBits: 1 })).toBeLessThan(0.6);
    // ...yet a shared positive group overrides the masks.
    expect(
      dropPair({ groupIndex: 3, categoryBits: 2, maskBits: 1 }, { groupIndex: 3, categoryBits: 4, maskBits: 1 }),
    ).toBeGreaterThan(1.4);
    expect(dropPair({ groupIndex: -3 }, { groupIndex: -4 })).toBeGreaterThan(1.4);
  });

  it('regression: a shape of category 0 collides with nothing, its positive group included, whichever of the two moves', () => {
    // A static box of group 3 and a dynamic one of group 3 dropped onto it, one of the two of category 0. Before, the
    // pair collided only when the category-0 shape was the one that moved (its query found the other; the other's
    // query never found a category-0 leaf).
    function dropOnStatic(lowerCategory: number, upperCategory: number): number {
      const w = world({ enableSleep: false });
      const lower = createBody(w, { type: 'static', position: { x: 0, y: 3 } });
      addShape(w, lower, makeBox(0.5, 0.5), { filter: { groupIndex: 3, categoryBits: lowerCategory } });
      const upper = createBody(w, { type: 'dynamic', position: { x: 0, y: 5 } });
      addShape(w, upper, makeBox(0.5, 0.5), { filter: { groupIndex: 3, categoryBits: upperCategory } });
      addGround(w);
      run(w, 90);
      return w.physics.transform.y[upper];
    }
    // Landing on the static box leaves the upper one at y ≈ 4.
    expect(dropOnStatic(1, 1)).toBeGreaterThan(3.9);
    // Through the category-0 static box onto the ground (y ≈ 0.5).
    expect(dropOnStatic(0, 1)).toBeLessThan(0.6);
    // A category-0 box falls through the static box and the ground alike.
    expect(dropOnStatic(1, 0)).toBeLessThan(-1);
  });

  it("category/mask: A collides with B only when each one's category is in the other's mask", () => {
    // The ground is category 1 with mask all, so every mask below keeps bit 1.
    expect(
      dropPair({ categoryBits: 0b010, maskBits: 0b101 }, { categoryBits: 0b100, maskBits: 0b011 }),
    ).toBeGreaterThan(1.4);
    expect(dropPair({ categoryBits: 0b010, maskBits: 0b101 }, { categoryBits: 0b100, maskBits: 0b001 })).toBeLessThan(
      0.6,
    );
    expect(dropPair({ categoryBits: 0b010, maskBits: 0b001 }, { categoryBits: 0b100, maskBits: 0b011 })).toBeLessThan(
      0.6,
    );
  });

  it('setShapeFilter at run time: a resting box falls through once its mask excludes the box below, and lands again when restored', () => {
    const w = world({ enableSleep: true });
    const lower = createBody(w, { type: 'dynamic', position: { x: 0, y: 0.5 } });
    addShape(w, lower, makeBox(0.5, 0.5), { filter: { categoryBits: 2 } });
    const upper = createBody(w, { type: 'dynamic', position: { x: 0, y: 1.5 } });
    const top = addShape(w, upper, makeBox(0.5, 0.5), { filter: { categoryBits: 4 } });
    addGround(w);
    run(w, 180); // long enough for the stack to fall asleep
    expect(w.physics.transform.y[upper]).toBeGreaterThan(1.45);
    // Masked out: the (sleeping) upper box must wake and drop onto the ground.
    setShapeFilter(w, top, { maskBits: 0xffffffff & ~2 });
    expect(getShapeFilter(w, top)).toEqual({ categoryBits: 4, maskBits: (0xffffffff & ~2) >>> 0, groupIndex: 0 });
    run(w, 60);
    expect(w.physics.transform.y[upper]).toBeLessThan(0.6);
    // Bad input is rejected and the filter stays as it was.
    expect(() => setShapeFilter(w, top, { categoryBits: 1.5 })).toThrow(PhysicsError);
    expect(getShapeFilter(w, top).categoryBits).toBe(4);
    // Restored while the boxes overlap: the pair is found again and the solver pushes them apart.
    setShapeFilter(w, top, { maskBits: 0xffffffff });
    run(w, 120);
    const dx = Math.abs(w.physics.transform.x[upper] - w.physics.transform.x[lower]);
    const dy = Math.abs(w.physics.transform.y[upper] - w.physics.transform.y[lower]);
    expect(Math.max(dx, dy)).toBeGreaterThan(0.95);
  });

  it('a world pair filter, consulted once per new pair, can veto a collision', () => {
    const w = world({ enableSleep: false });
    const lower = createBody(w, { type: 'dynamic', position: { x: 0, y: 0.5 } });
    addShape(w, lower, makeBox(0.5, 0.5));
    const upper = createBody(w, { type: 'dynamic', position: { x: 0, y: 2 } });
    addShape(w, upper, makeBox(0.5, 0.5));
    addGround(w);
    let calls = 0;
    w.physics.pairFilter = (a, b) => {
      calls++;
      return !((a === lower && b === upper) || (a === upper && b === lower));
    };
    run(w, 90);
    expect(w.physics.transform.y[upper]).toBeLessThan(0.6);
    expect(calls).toBeGreaterThan(0);
    expect(calls).toBeLessThan(10);
  });
});

describe('tangent speed (conveyor belt)', () => {
  it('a box resting on a belt with tangent speed +2 m/s is carried at 2 m/s the way a counter-clockwise spin moves the top surface: −x', () => {
    const w = world({ enableSleep: false });
    const belt = createBody(w, { type: 'static', position: { x: 0, y: -0.5 } });
    addShape(w, belt, makeBox(50, 0.5), { tangentSpeed: 2, friction: 0.8 });
    const box = createBody(w, { type: 'dynamic', position: { x: 0, y: 0.5 } });
    addShape(w, box, makeBox(0.5, 0.5), { friction: 0.8 });
    run(w, 120);
    const v = getLinearVelocity(w, box);
    expect(v.x).toBeLessThan(-1.9);
    expect(v.x).toBeGreaterThan(-2.1);
    expect(Math.abs(v.y)).toBeLessThan(0.01);
  });
});
