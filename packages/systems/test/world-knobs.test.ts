// World knobs: the speculative distance and the continuous-collision safety factor as world settings, a length unit
// other than the metre (lengthUnitsPerMeter), and the pair filter as an API call.
import { describe, expect, it } from 'vitest';
import {
  PhysicsError,
  addShape,
  createBody,
  createPhysicsWorld,
  defaultWorldDef,
  getBodyShapes,
  getContactBeginEvents,
  getLinearVelocity,
  getPosition,
  getSleepThreshold,
  isAwake,
  makeBox,
  makeCircle,
  setPairFilter,
  setWorldSettings,
  takeSnapshot,
  type BodyId,
  type PhysicsWorld,
  type ShapeId,
  type WorldDef,
} from '@impulse2d/core';
import { addGround, run } from './helpers/scene.js';

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

describe('speculative distance', () => {
  /** A box floating `gap` above the ground (no gravity): touching means the contact has speculative points. */
  function floating(def: Partial<WorldDef>, gap: number): PhysicsWorld {
    const w = createPhysicsWorld({ gravity: { x: 0, y: 0 }, ...def });
    addGround(w, 10);
    const box = createBody(w, { type: 'dynamic', position: { x: 0, y: 0.5 + gap } });
    addShape(w, box, makeBox(0.5, 0.5), { density: 1 });
    return w;
  }

  it('contact points are made below the world setting, and not above it', () => {
    // Default 0.02 m: a box 0.05 m above the ground has a contact (the fat boxes overlap) without points.
    const near = floating({}, 0.05);
    run(near, 1);
    expect(getContactBeginEvents(near)).toHaveLength(0);
    // At 0.1 m it gets points at once: a contact begin with one separation of 0.05 per point.
    const wide = floating({ speculativeDistance: 0.1 }, 0.05);
    run(wide, 1);
    const begins = getContactBeginEvents(wide);
    expect(begins).toHaveLength(1);
    for (const point of begins[0].points) expect(point.separation).toBeCloseTo(0.05, 9);
    // Raised at run time, it applies from the next step.
    setWorldSettings(near, { speculativeDistance: 0.1 });
    run(near, 1);
    expect(getContactBeginEvents(near)).toHaveLength(1);
  });

  it('refuses a distance that is not a finite number > 0, the world unchanged and steppable', () => {
    const w = floating({}, 0.05);
    run(w, 2);
    const before = takeSnapshot(w);
    for (const bad of [0, -0.01, NaN, Infinity]) expectInvalid(() => setWorldSettings(w, { speculativeDistance: bad }));
    expect(takeSnapshot(w)).toEqual(before);
    run(w, 2);
  });
});

describe('continuous-collision safety factor', () => {
  /** A ball of radius 0.1 fired at 60 m/s (1 m a step) at a wall 0.1 m thick whose near face is at x = 1.95. */
  function shot(def: Partial<WorldDef>): { w: PhysicsWorld; ball: BodyId } {
    const w = createPhysicsWorld({ gravity: { x: 0, y: 0 }, ...def });
    const wall = createBody(w, { type: 'static', position: { x: 2, y: 0 } });
    addShape(w, wall, makeBox(0.05, 5));
    const ball = createBody(w, { type: 'dynamic', position: { x: 0.3, y: 0 }, linearVelocity: { x: 60, y: 0 } });
    addShape(w, ball, makeCircle(0.1), { density: 1 });
    return { w, ball };
  }

  it('a body moving more than the factor times its smallest extent is swept and stopped by a thin wall', () => {
    const { w, ball } = shot({});
    run(w, 5);
    expect(getPosition(w, ball).x).toBeLessThan(1.95 - 0.1 + 1e-6);
  });

  it('with a factor larger than its motion (20 × 0.1 m = 2 m a step) it is not swept and jumps over the wall', () => {
    const { w, ball } = shot({ continuousSafetyFactor: 20 });
    run(w, 5);
    expect(getPosition(w, ball).x).toBeGreaterThan(2.05 + 0.1);
    // Back to the default at run time: the next shot is stopped.
    const again = shot({ continuousSafetyFactor: 20 });
    setWorldSettings(again.w, { continuousSafetyFactor: 0.5 });
    run(again.w, 5);
    expect(getPosition(again.w, again.ball).x).toBeLessThan(1.95);
  });

  it('refuses a factor that is not a finite number > 0', () => {
    const { w } = shot({});
    for (const bad of [0, -1, NaN]) expectInvalid(() => setWorldSettings(w, { continuousSafetyFactor: bad }));
    run(w, 2);
  });
});

describe('length units per metre', () => {
  const SCALE = 100;

  /**
   * A box dropped on the ground, a bouncing ball and a box sliding down from a push, built in metres times `scale`
   * (gravity too): with lengthUnitsPerMeter = scale the world in those units should move as the metre world does.
   */
  function scene(scale: number, def: Partial<WorldDef>): { w: PhysicsWorld; bodies: BodyId[] } {
    const w = createPhysicsWorld({ gravity: { x: 0, y: -10 * scale }, ...def });
    const ground = createBody(w, { type: 'static', position: { x: 0, y: -0.5 * scale } });
    addShape(w, ground, makeBox(10 * scale, 0.5 * scale), { friction: 0.6 });
    const box = createBody(w, { type: 'dynamic', position: { x: -2 * scale, y: 1.5 * scale } });
    addShape(w, box, makeBox(0.5 * scale, 0.5 * scale), { density: 1, friction: 0.6 });
    const ball = createBody(w, { type: 'dynamic', position: { x: 0, y: 2 * scale } });
    addShape(w, ball, makeCircle(0.25 * scale), { density: 1, restitution: 0.5 });
    const slider = createBody(w, {
      type: 'dynamic',
      position: { x: 3 * scale, y: 0.25 * scale },
      linearVelocity: { x: 4 * scale, y: 0 },
    });
    addShape(w, slider, makeBox(0.25 * scale, 0.25 * scale), { density: 1, friction: 0.4 });
    return { w, bodies: [box, ball, slider] };
  }

  it('scales the defaults of lengths and speeds, and bodies’ sleep threshold', () => {
    const def = defaultWorldDef(SCALE);
    expect(def.lengthUnitsPerMeter).toBe(SCALE);
    expect(def.maxLinearSpeed).toBe(400 * SCALE);
    expect(def.contactPushMaxSpeed).toBe(3 * SCALE);
    expect(def.restitutionThreshold).toBe(SCALE);
    expect(def.hitEventThreshold).toBe(SCALE);
    expect(def.speculativeDistance).toBeCloseTo(0.02 * SCALE, 12);
    // Not lengths: unchanged.
    expect(def.gravity).toEqual(defaultWorldDef().gravity);
    expect(def.contactHertz).toBe(defaultWorldDef().contactHertz);
    const w = createPhysicsWorld({ lengthUnitsPerMeter: SCALE, restitutionThreshold: 7 });
    expect(w.physics.maxLinearSpeed).toBe(400 * SCALE);
    expect(w.physics.restitutionThreshold).toBe(7); // given: kept as given
    const body = createBody(w, { type: 'dynamic' });
    expect(getSleepThreshold(w, body)).toBeCloseTo(0.05 * SCALE, 12);
    expect(getSleepThreshold(w, createBody(w, { type: 'dynamic', sleepThreshold: 1 }))).toBe(1);
  });

  /**
   * Steps the metre world and the same world scaled by SCALE side by side for 4 s; returns how far apart (in metres)
   * their bodies ever were, and at how many checks (every half second) their bodies' awake flags differed.
   */
  function compare(def: Partial<WorldDef>): { drift: number; sleepMismatches: number; asleep: boolean } {
    const metres = scene(1, {});
    const scaled = scene(SCALE, def);
    let drift = 0;
    let sleepMismatches = 0;
    for (let step = 0; step < 240; step += 30) {
      run(metres.w, 30);
      run(scaled.w, 30);
      metres.bodies.forEach((b, k) => {
        const m = getPosition(metres.w, b);
        const p = getPosition(scaled.w, scaled.bodies[k]);
        drift = Math.max(drift, Math.abs(p.x / SCALE - m.x), Math.abs(p.y / SCALE - m.y));
        if (isAwake(scaled.w, scaled.bodies[k]) !== isAwake(metres.w, b)) sleepMismatches++;
      });
    }
    return { drift, sleepMismatches, asleep: metres.bodies.every((b) => !isAwake(metres.w, b)) };
  }

  it('a world built in centimetres with lengthUnitsPerMeter 100 moves as the same world in metres, scaled', () => {
    // Rounding differs between the two (×100 is not exact in binary), so the match is to 0.1 mm, not to the bit:
    // measured 1e-5 m at worst, during the ball's bounce, 2e-7 m at rest.
    const { drift, sleepMismatches, asleep } = compare({ lengthUnitsPerMeter: SCALE });
    expect(drift).toBeLessThan(1e-4);
    expect(sleepMismatches).toBe(0);
    // The bodies came to rest and sleep, alike in both.
    expect(asleep).toBe(true);
    // Without the setting the centimetre world keeps metre tolerances and speeds: it does not match.
    const unscaled = compare({});
    console.log(`[length units] drift ${drift} m scaled, ${unscaled.drift} m unscaled (${unscaled.sleepMismatches})`);
    expect(unscaled.drift + unscaled.sleepMismatches).toBeGreaterThan(1e-3);
  });

  it('without it, the same world in centimetres is held to 400 cm/s: a dropped box falls ten times too slowly', () => {
    const fall = (def: Partial<WorldDef>): number => {
      const w = createPhysicsWorld({ gravity: { x: 0, y: -10 * SCALE }, ...def });
      const box = createBody(w, { type: 'dynamic', position: { x: 0, y: 1e6 } });
      addShape(w, box, makeBox(50, 50), { density: 1 });
      run(w, 60);
      return getLinearVelocity(w, box).y;
    };
    expect(fall({ lengthUnitsPerMeter: SCALE })).toBeCloseTo(-10 * SCALE, 6); // 1 s of free fall: 10 m/s
    expect(fall({})).toBeCloseTo(-400, 9);
  });

  it('refuses a unit that is not a finite number > 0', () => {
    for (const bad of [0, -1, NaN, Infinity]) expectInvalid(() => createPhysicsWorld({ lengthUnitsPerMeter: bad }));
  });
});

describe('setPairFilter', () => {
  it('keeps the pairs it refuses from colliding, with body and shape handles as arguments', () => {
    const w = createPhysicsWorld();
    const ground = addGround(w, 10);
    const groundShape = getBodyShapes(w, ground)[0];
    const ghost = createBody(w, { type: 'dynamic', position: { x: -2, y: 1 } });
    const ghostShape = addShape(w, ghost, makeBox(0.5, 0.5), { density: 1 });
    const solid = createBody(w, { type: 'dynamic', position: { x: 2, y: 1 } });
    addShape(w, solid, makeBox(0.5, 0.5), { density: 1 });
    const calls: Array<[BodyId, BodyId, ShapeId, ShapeId]> = [];
    setPairFilter(w, (bodyA, bodyB, shapeA, shapeB) => {
      calls.push([bodyA, bodyB, shapeA, shapeB]);
      return bodyA !== ghost && bodyB !== ghost;
    });
    run(w, 60);
    expect(getPosition(w, solid).y).toBeCloseTo(0.5, 2);
    expect(getPosition(w, ghost).y).toBeLessThan(-2);
    // Asked once for each pair, with the handles the API gave out.
    const ghostCall = calls.find((c) => c.includes(ghost))!;
    expect(new Set(ghostCall)).toEqual(new Set([ghost, ground, ghostShape, groundShape]));
    expect(calls.length).toBe(2);
    // Removed: a box dropped now lands.
    setPairFilter(w, null);
    const late = createBody(w, { type: 'dynamic', position: { x: -2, y: 1 } });
    addShape(w, late, makeBox(0.5, 0.5), { density: 1 });
    run(w, 60);
    expect(getPosition(w, late).y).toBeCloseTo(0.5, 2);
  });

  it('refuses what is not a function or null, the world unchanged and steppable', () => {
    const w = createPhysicsWorld();
    addGround(w, 10);
    const filter = (): boolean => true;
    setPairFilter(w, filter);
    for (const bad of [5, 'yes', {}, undefined]) expectInvalid(() => setPairFilter(w, bad as never));
    expect(w.physics.pairFilter).toBe(filter);
    run(w, 2);
  });
});
