// Body controls: enabling and disabling a body, motion locks, mass data, clearing forces, the sleep threshold, and
// user data on shapes.
import { describe, expect, it } from 'vitest';
import {
  PhysicsError,
  addShape,
  applyAngularImpulse,
  applyForce,
  applyLinearImpulse,
  castRayClosest,
  clearForces,
  createBody,
  createPhysicsWorldFromSnapshot,
  createWeldJoint,
  destroyShape,
  getAngularVelocity,
  getContactEndEvents,
  getLinearVelocity,
  getLocalCenter,
  getMass,
  getMassData,
  getMotionLocks,
  getPosition,
  getShapeUserData,
  getSleepThreshold,
  getWorldCenter,
  isAwake,
  isBodyEnabled,
  isFixedRotation,
  makeBox,
  makeCircle,
  overlapPoint,
  resetMassData,
  restoreSnapshot,
  setAwake,
  setBodyEnabled,
  setMassData,
  setMotionLocks,
  setShapeUserData,
  setSleepThreshold,
  takeSnapshot,
  validateWorld,
  type PhysicsErrorCode,
  type BodyId,
  type ShapeId,
} from '@impulse2d/core';
import { addGround, run, world } from './helpers/scene.js';

function expectError(call: () => unknown, code: PhysicsErrorCode = 'INVALID_ARGUMENT'): void {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(PhysicsError);
    expect((error as PhysicsError).code).toBe(code);
    return;
  }
  expect.fail('accepted');
}

describe('setBodyEnabled', () => {
  it('a disabled platform leaves the simulation and the broadphase: what rested on it falls, queries miss it', () => {
    const w = world();
    addGround(w, 20);
    const platform = createBody(w, { type: 'static', position: { x: 0, y: 3 } });
    addShape(w, platform, makeBox(2, 0.25));
    const box = createBody(w, { type: 'dynamic', position: { x: 0, y: 3.75 } });
    addShape(w, box, makeBox(0.5, 0.5), { density: 1 });
    run(w, 120);
    expect(isAwake(w, box)).toBe(false); // resting on the platform, asleep
    expect(overlapPoint(w, { x: 0, y: 3 })).toHaveLength(1);
    setBodyEnabled(w, platform, false);
    expect(isBodyEnabled(w, platform)).toBe(false);
    expect(getContactEndEvents(w)).toHaveLength(1); // the box's contact with it ended
    expect(isAwake(w, box)).toBe(true); // and the box woke to fall
    expect(overlapPoint(w, { x: 0, y: 3 })).toHaveLength(0);
    expect(castRayClosest(w, { x: 0, y: 10 }, { x: 0, y: -20 })!.body).toBe(box);
    validateWorld(w);
    run(w, 120);
    expect(getPosition(w, box).y).toBeCloseTo(0.5, 2); // on the ground
    // Enabled again: back in the broadphase where it was, under which the box now lies.
    setBodyEnabled(w, platform, true);
    expect(overlapPoint(w, { x: 0, y: 3 })).toHaveLength(1);
    run(w, 10);
    expect(getPosition(w, box).y).toBeCloseTo(0.5, 2);
  });

  it('keeps a disabled body whole: it stays where it was, and goes on with its velocity when enabled', () => {
    const w = world({ gravity: { x: 0, y: 0 } });
    const body = createBody(w, { type: 'dynamic', position: { x: 0, y: 0 }, linearVelocity: { x: 3, y: 0 } });
    addShape(w, body, makeCircle(0.5), { density: 1 });
    run(w, 30);
    const x = getPosition(w, body).x;
    setBodyEnabled(w, body, false);
    setAwake(w, body, true); // nothing wakes it
    run(w, 60);
    expect(getPosition(w, body).x).toBe(x);
    expect(isAwake(w, body)).toBe(false);
    setBodyEnabled(w, body, true);
    expect(isAwake(w, body)).toBe(true);
    run(w, 60);
    expect(getPosition(w, body).x).toBeCloseTo(x + 3, 9);
  });

  it('the joints to a disabled body hold nothing: a body welded to it falls, and is held again once enabled', () => {
    const w = world({ enableSleep: false });
    const anchor = createBody(w, { type: 'dynamic', position: { x: 0, y: 10 }, gravityScale: 0 });
    addShape(w, anchor, makeBox(0.5, 0.5), { density: 1 });
    const hanging = createBody(w, { type: 'dynamic', position: { x: 1, y: 10 } });
    addShape(w, hanging, makeBox(0.5, 0.5), { density: 1 });
    createWeldJoint(w, { bodyA: anchor, bodyB: hanging, anchor: { x: 0.5, y: 10 } });
    setBodyEnabled(w, anchor, false);
    run(w, 30);
    // Free fall for 0.5 s: 1.25 m, while the disabled anchor stays put.
    expect(getPosition(w, hanging).y).toBeCloseTo(10 - 1.25, 1);
    expect(getPosition(w, anchor).y).toBe(10);
    setBodyEnabled(w, anchor, true);
    run(w, 60);
    // The weld pulls the two together again (the anchor, free of gravity, is dragged down with it).
    const a = getPosition(w, anchor);
    const h = getPosition(w, hanging);
    expect(Math.hypot(h.x - a.x, h.y - a.y)).toBeCloseTo(1, 1);
  });

  it('survives a snapshot: restored disabled, and enabled again as in the original', () => {
    const w = world();
    addGround(w, 10);
    const box = createBody(w, { type: 'dynamic', position: { x: 0, y: 2 } });
    addShape(w, box, makeBox(0.5, 0.5), { density: 1 });
    setBodyEnabled(w, box, false);
    const copy = createPhysicsWorldFromSnapshot(takeSnapshot(w));
    expect(isBodyEnabled(copy, box)).toBe(false);
    validateWorld(copy);
    setBodyEnabled(copy, box, true);
    setBodyEnabled(w, box, true);
    run(w, 60);
    run(copy, 60);
    expect(getPosition(copy, box)).toEqual(getPosition(w, box));
  });

  it('refuses a flag that is not a boolean and a stale handle, the world unchanged and steppable', () => {
    const w = world();
    addGround(w, 10);
    const box = createBody(w, { type: 'dynamic', position: { x: 0, y: 2 } });
    addShape(w, box, makeBox(0.5, 0.5), { density: 1 });
    run(w, 5);
    const before = takeSnapshot(w);
    for (const bad of [0, 'false', null, undefined]) expectError(() => setBodyEnabled(w, box, bad as never));
    expectError(() => setBodyEnabled(w, (box + 1000) as BodyId, false), 'NOT_A_BODY'); // no body, on purpose
    expect(takeSnapshot(w)).toEqual(before);
    run(w, 5);
  });
});

describe('motion locks', () => {
  it('a body locked along x falls straight down although thrown sideways; locked along y it glides level', () => {
    for (const solver of ['soft', 'classic'] as const) {
      const w = world({ solver });
      addGround(w, 20);
      const x = createBody(w, {
        type: 'dynamic',
        position: { x: 0, y: 5 },
        linearVelocity: { x: 4, y: 0 },
        motionLocks: { linearX: true },
      });
      addShape(w, x, makeBox(0.25, 0.25), { density: 1 });
      const y = createBody(w, { type: 'dynamic', position: { x: 5, y: 5 }, linearVelocity: { x: 4, y: 0 } });
      addShape(w, y, makeBox(0.25, 0.25), { density: 1 });
      setMotionLocks(w, y, { linearY: true });
      run(w, 30);
      expect(getPosition(w, x).x, solver).toBe(0);
      expect(getPosition(w, x).y, solver).toBeCloseTo(5 - 0.5 * 10 * 0.25, 1); // 0.5 s of free fall
      expect(getLinearVelocity(w, x).x, solver).toBe(0);
      expect(getPosition(w, y).y, solver).toBe(5);
      expect(getPosition(w, y).x, solver).toBeCloseTo(5 + 4 * 0.5, 6);
      expect(getLinearVelocity(w, y).y, solver).toBe(0);
      // Landed on the ground, still at x = 0.
      run(w, 60);
      expect(getPosition(w, x).x, solver).toBe(0);
      expect(getPosition(w, x).y, solver).toBeCloseTo(0.25, 1);
    }
  });

  it('a box locked along y is pushed along x by a box sliding into it, and stays at its height', () => {
    const w = world({ gravity: { x: 0, y: 0 } });
    const target = createBody(w, { type: 'dynamic', position: { x: 2, y: 0.3 }, motionLocks: { linearY: true } });
    addShape(w, target, makeBox(0.5, 0.5), { density: 1 });
    const bullet = createBody(w, { type: 'dynamic', position: { x: 0, y: 0 }, linearVelocity: { x: 3, y: 0 } });
    addShape(w, bullet, makeBox(0.5, 0.5), { density: 1 });
    run(w, 60);
    expect(getPosition(w, target).x).toBeGreaterThan(2.5);
    expect(getPosition(w, target).y).toBe(0.3);
  });

  it('the angular lock is the fixed rotation: an off-centre impulse does not turn the body', () => {
    const w = world({ gravity: { x: 0, y: 0 } });
    const body = createBody(w, { type: 'dynamic', position: { x: 0, y: 0 }, angularVelocity: 2 });
    addShape(w, body, makeBox(0.5, 0.5), { density: 1 });
    setMotionLocks(w, body, { angular: true });
    expect(isFixedRotation(w, body)).toBe(true);
    expect(getAngularVelocity(w, body)).toBe(0);
    applyLinearImpulse(w, body, { x: 0, y: 1 }, { x: 0.5, y: 0 });
    run(w, 10);
    expect(getAngularVelocity(w, body)).toBe(0);
    expect(getLinearVelocity(w, body).y).toBeCloseTo(1, 12); // mass 1
    // Fields left out keep their values; all three are reported.
    setMotionLocks(w, body, { linearX: true });
    expect(getMotionLocks(w, body)).toEqual({ linearX: true, linearY: false, angular: true });
    setMotionLocks(w, body, { angular: false, linearX: false });
    expect(getMotionLocks(w, body)).toEqual({ linearX: false, linearY: false, angular: false });
    expect(isFixedRotation(w, body)).toBe(false);
  });

  it('refuses locks that are not booleans, the world unchanged and steppable', () => {
    const w = world();
    const body = createBody(w, { type: 'dynamic' });
    addShape(w, body, makeBox(0.5, 0.5));
    const before = takeSnapshot(w);
    for (const bad of [null, 5, { linearX: 1 }, { angular: 'yes' }]) {
      expectError(() => setMotionLocks(w, body, bad as never));
    }
    expectError(() => createBody(w, { type: 'dynamic', motionLocks: { linearY: 0 as never } }));
    expect(takeSnapshot(w)).toEqual(before);
    run(w, 2);
  });
});

describe('mass data', () => {
  it('reports the shapes’ mass, centre and inertia; an override acts on impulses until resetMassData', () => {
    const w = world({ gravity: { x: 0, y: 0 } });
    const body = createBody(w, { type: 'dynamic', position: { x: 1, y: 1 } });
    addShape(w, body, makeBox(0.5, 0.5), { density: 2 });
    // A 1 m square of 2 kg/m²: 2 kg, I = m(w² + h²)/12 = 1/3 kg m².
    const shapes = getMassData(w, body);
    expect(shapes.mass).toBeCloseTo(2, 12);
    expect(shapes.center).toEqual({ x: 0, y: 0 });
    expect(shapes.rotationalInertia).toBeCloseTo(1 / 3, 12);
    setMassData(w, body, { mass: 10, center: { x: 0.25, y: 0 }, rotationalInertia: 1 });
    expect(getMass(w, body)).toBe(10);
    expect(getLocalCenter(w, body)).toEqual({ x: 0.25, y: 0 });
    expect(getWorldCenter(w, body)).toEqual({ x: 1.25, y: 1 });
    applyLinearImpulse(w, body, { x: 5, y: 0 }); // at the centre: Δv = J/m
    applyAngularImpulse(w, body, 2); // Δw = L/I
    expect(getLinearVelocity(w, body).x).toBeCloseTo(0.5, 12);
    expect(getAngularVelocity(w, body)).toBeCloseTo(2, 12);
    resetMassData(w, body);
    expect(getMassData(w, body).mass).toBeCloseTo(2, 12);
    expect(getMassData(w, body).rotationalInertia).toBeCloseTo(1 / 3, 12);
    // A shape added drops an override too.
    setMassData(w, body, { mass: 10, center: { x: 0, y: 0 }, rotationalInertia: 1 });
    addShape(w, body, makeCircle(0.1, { x: 0, y: 0 }), { density: 0 });
    expect(getMass(w, body)).toBeCloseTo(2, 12);
  });

  it('leaves static and kinematic bodies massless, and refuses bad values, the world unchanged', () => {
    const w = world();
    const ground = addGround(w, 10);
    setMassData(w, ground, { mass: 5, center: { x: 0, y: 0 }, rotationalInertia: 1 });
    expect(getMass(w, ground)).toBe(0);
    const body = createBody(w, { type: 'dynamic', position: { x: 0, y: 2 } });
    addShape(w, body, makeBox(0.5, 0.5));
    run(w, 5);
    const before = takeSnapshot(w);
    const good = { mass: 1, center: { x: 0, y: 0 }, rotationalInertia: 1 };
    for (const bad of [
      null,
      { ...good, mass: 0 },
      { ...good, mass: -1 },
      { ...good, mass: NaN },
      { ...good, rotationalInertia: -1 },
      { ...good, center: { x: Infinity, y: 0 } },
      { ...good, center: null },
    ]) {
      expectError(() => setMassData(w, body, bad as never));
    }
    expect(takeSnapshot(w)).toEqual(before);
    run(w, 5);
  });
});

describe('clearForces and the sleep threshold', () => {
  it('clearForces drops the force and torque gathered for the next step', () => {
    const w = world({ gravity: { x: 0, y: 0 } });
    const body = createBody(w, { type: 'dynamic' });
    addShape(w, body, makeBox(0.5, 0.5), { density: 1 });
    applyForce(w, body, { x: 100, y: 0 }, { x: 0, y: 0.5 });
    clearForces(w, body);
    run(w, 1);
    expect(getLinearVelocity(w, body)).toEqual({ x: 0, y: 0 });
    expect(getAngularVelocity(w, body)).toBe(0);
    expectError(() => clearForces(w, (body + 99) as BodyId), 'NOT_A_BODY'); // no body, on purpose
  });

  it('a body gliding at 0.5 m/s sleeps after half a second with a threshold of 1 m/s, never with the default', () => {
    const w = world({ gravity: { x: 0, y: 0 } });
    const glide = (threshold?: number): boolean => {
      const b = createBody(w, { type: 'dynamic', linearVelocity: { x: 0.5, y: 0 } });
      addShape(w, b, makeCircle(0.1), { density: 1 });
      if (threshold !== undefined) setSleepThreshold(w, b, threshold);
      run(w, 60);
      return isAwake(w, b);
    };
    expect(getSleepThreshold(w, createBody(w, { type: 'dynamic' }))).toBe(0.05);
    expect(glide()).toBe(true);
    expect(glide(1)).toBe(false);
    const b = createBody(w, { type: 'dynamic' });
    for (const bad of [-1, NaN]) expectError(() => setSleepThreshold(w, b, bad));
    expect(getSleepThreshold(w, b)).toBe(0.05);
  });
});

describe('shape user data', () => {
  it('holds any value per shape until the shape goes; not in snapshots', () => {
    const w = world();
    const body = createBody(w, { type: 'dynamic' });
    const a = addShape(w, body, makeBox(0.5, 0.5));
    const b = addShape(w, body, makeCircle(0.2));
    const tag = { name: 'hull', hp: 3 };
    expect(getShapeUserData(w, a)).toBeUndefined();
    setShapeUserData(w, a, tag);
    setShapeUserData(w, b, 'wheel');
    expect(getShapeUserData(w, a)).toBe(tag);
    expect(getShapeUserData(w, b)).toBe('wheel');
    const snap = takeSnapshot(w);
    destroyShape(w, a);
    expectError(() => getShapeUserData(w, a), 'STALE_HANDLE');
    // A new shape that takes the freed row starts without.
    const c = addShape(w, body, makeBox(0.3, 0.3));
    expect(getShapeUserData(w, c)).toBeUndefined();
    setShapeUserData(w, c, 'late');
    // Restored: the shape destroyed since comes back without its value; the one that stayed keeps its own.
    restoreSnapshot(w, snap);
    expect(getShapeUserData(w, a)).toBeUndefined();
    expect(getShapeUserData(w, b)).toBe('wheel');
    expectError(() => setShapeUserData(w, (a - 100) as ShapeId, 1), 'NOT_A_SHAPE'); // no shape, on purpose
  });
});
