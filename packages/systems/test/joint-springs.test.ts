// A joint spring's set point (Box2D's targetAngle / targetTranslation: revolute, prismatic, wheel) and force range
// (Box2D's lowerSpringForce / upperSpringForce, here on the distance, prismatic and wheel springs alike).
import {
  PhysicsError,
  addShape,
  createBody,
  createDistanceJoint,
  createPhysicsWorldFromSnapshot,
  createPrismaticJoint,
  createRevoluteJoint,
  createWeldJoint,
  createWheelJoint,
  getJointImpulses,
  getJointSpringForceRange,
  getJointSpringTarget,
  getJointTranslation,
  getLinearVelocity,
  getPosition,
  getRevoluteJointAngle,
  makeBox,
  makeCircle,
  setJointSpringForceRange,
  setJointSpringTarget,
  takeSnapshot,
  type PhysicsWorld,
  type BodyId,
  type JointId,
} from '@impulse2d/core';
import { getPhysics, JI_DIST_LENGTH, JI_PRI_SPRING, JI_WHEEL_SPRING } from '@impulse2d/core/internal';
import { startWorkers, stepPhysics, stopWorkers } from '@impulse2d/systems';
import { afterEach, describe, expect, it } from 'vitest';
import { run, world } from './helpers/scene.js';

const workerWorlds: PhysicsWorld[] = [];
afterEach(async () => {
  for (const w of workerWorlds.splice(0)) await stopWorkers(w);
});

/** A weightless world with a static anchor body and a 1 kg box at the origin. */
function zeroG(): { w: PhysicsWorld; ground: BodyId; box: BodyId } {
  const w = world({ gravity: { x: 0, y: 0 } });
  const ground = createBody(w, { type: 'static' });
  const box = createBody(w, { type: 'dynamic' });
  addShape(w, box, makeBox(0.5, 0.5), { density: 1 });
  return { w, ground, box };
}

/** The spring row's force of the last step (N): its impulse slot over the substep length. */
function springForce(w: PhysicsWorld, joint: JointId, slot: number): number {
  return getJointImpulses(w, joint)[slot] * getPhysics(w).joints.invH;
}

describe('spring set points', () => {
  it('a revolute spring with a target angle settles there, and follows the target when it moves', () => {
    const { w, ground, box } = zeroG();
    const spring = { enableSpring: true, hertz: 2, dampingRatio: 1 };
    const j = createRevoluteJoint(w, { bodyA: ground, bodyB: box, ...spring, targetAngle: 0.8 });
    expect(getJointSpringTarget(w, j)).toBe(0.8);
    run(w, 120);
    expect(getRevoluteJointAngle(w, j)).toBeCloseTo(0.8, 3);
    setJointSpringTarget(w, j, -0.5);
    run(w, 120);
    expect(getRevoluteJointAngle(w, j)).toBeCloseTo(-0.5, 3);
  });

  it('a revolute target is an angle: the spring takes the shorter way round, whatever turn it is given in', () => {
    const { w, ground, box } = zeroG();
    const j = createRevoluteJoint(w, { bodyA: ground, bodyB: box, enableSpring: true, hertz: 2, dampingRatio: 1 });
    // 2π + 3 is the angle 3; from 0 the short way round is counter-clockwise.
    setJointSpringTarget(w, j, 2 * Math.PI + 3);
    stepPhysics(w, 1 / 60);
    expect(getPhysics(w).bodies.w[box]).toBeGreaterThan(0);
    run(w, 150);
    expect(getRevoluteJointAngle(w, j)).toBeCloseTo(3, 3);
    // And from 3 to −3 (6 rad apart one way, 2π − 6 the other) it goes on counter-clockwise through π.
    setJointSpringTarget(w, j, -3);
    stepPhysics(w, 1 / 60);
    expect(getPhysics(w).bodies.w[box]).toBeGreaterThan(0);
    run(w, 150);
    expect(getRevoluteJointAngle(w, j)).toBeCloseTo(-3, 3);
  });

  it('a prismatic spring with a target translation settles there', () => {
    const { w, ground, box } = zeroG();
    const j = createPrismaticJoint(w, {
      bodyA: ground,
      bodyB: box,
      localAxisA: { x: 1, y: 1 },
      enableSpring: true,
      hertz: 2,
      dampingRatio: 1,
      targetTranslation: 1.5,
    });
    run(w, 120);
    expect(getJointTranslation(w, j)).toBeCloseTo(1.5, 3);
    expect(getPosition(w, box).x).toBeCloseTo(1.5 / Math.SQRT2, 3);
    setJointSpringTarget(w, j, -0.25);
    expect(getJointSpringTarget(w, j)).toBe(-0.25);
    run(w, 120);
    expect(getJointTranslation(w, j)).toBeCloseTo(-0.25, 3);
  });

  it('a wheel suspension with a target translation holds the wheel there against gravity, less the sag k·x = m·g', () => {
    const w = world();
    const chassis = createBody(w, { type: 'static', position: { x: 0, y: 5 } });
    const wheel = createBody(w, { type: 'dynamic', position: { x: 0, y: 5 } });
    addShape(w, wheel, makeCircle(0.5), { density: 1 });
    const hertz = 4;
    const j = createWheelJoint(w, { bodyA: chassis, bodyB: wheel, hertz, dampingRatio: 1, targetTranslation: 0.5 });
    run(w, 180);
    // Spring k = m·ω² pulling toward 0.5 m up the axis, gravity g down: rest at 0.5 − g/ω².
    const omega = 2 * Math.PI * hertz;
    expect(getJointTranslation(w, j)).toBeCloseTo(0.5 - 10 / (omega * omega), 3);
  });

  it('a target of 0 is the spring of old: the same bits as a joint made without one', () => {
    const build = (withTarget: boolean): PhysicsWorld => {
      const w = world();
      const ground = createBody(w, { type: 'static', position: { x: 0, y: 5 } });
      const t = withTarget ? { targetAngle: 0, targetTranslation: 0 } : {};
      for (let i = 0; i < 3; i++) {
        const b = createBody(w, { type: 'dynamic', position: { x: 2 * i + 0.7, y: 4.6 } });
        addShape(w, b, makeBox(0.3, 0.3));
        const spring = { bodyA: ground, bodyB: b, enableSpring: true, hertz: 3, dampingRatio: 0.2 };
        if (i === 0) createRevoluteJoint(w, { ...spring, anchor: { x: 0, y: 5 }, ...t });
        if (i === 1) createPrismaticJoint(w, { ...spring, localAxisA: { x: 1, y: -1 }, ...t });
        if (i === 2) createWheelJoint(w, { ...spring, ...t });
      }
      run(w, 90);
      return w;
    };
    expect(Buffer.compare(Buffer.from(takeSnapshot(build(true))), Buffer.from(takeSnapshot(build(false))))).toBe(0);
  });
});

describe('spring force ranges', () => {
  it('a prismatic spring with force range [−F, F] never pushes harder than F: the box accelerates at F/m', () => {
    const { w, ground, box } = zeroG();
    const F = 3;
    const j = createPrismaticJoint(w, {
      bodyA: ground,
      bodyB: box,
      enableSpring: true,
      hertz: 5,
      dampingRatio: 0.5,
      targetTranslation: 10,
      lowerSpringForce: -F,
      upperSpringForce: F,
    });
    expect(getJointSpringForceRange(w, j)).toEqual([-F, F]);
    let largest = 0;
    for (let i = 0; i < 60; i++) {
      stepPhysics(w, 1 / 60);
      largest = Math.max(largest, Math.abs(springForce(w, j, JI_PRI_SPRING)));
    }
    expect(largest).toBeLessThanOrEqual(F * (1 + 1e-12));
    expect(largest).toBeGreaterThan(F * (1 - 1e-12));
    // 1 s at F/m = 3 m/s².
    expect(getLinearVelocity(w, box).x).toBeCloseTo(3, 6);
  });

  it('without the range the same spring pushes far harder (the range is what holds it back)', () => {
    const { w, ground, box } = zeroG();
    const j = createPrismaticJoint(w, {
      bodyA: ground,
      bodyB: box,
      enableSpring: true,
      hertz: 5,
      dampingRatio: 0.5,
      targetTranslation: 10,
    });
    run(w, 1);
    expect(springForce(w, j, JI_PRI_SPRING)).toBeGreaterThan(100);
  });

  it('a distance spring holding less tension than the weight lets it fall at g − T/m', () => {
    const w = world();
    const ground = createBody(w, { type: 'static', position: { x: 0, y: 10 } });
    const weight = createBody(w, { type: 'dynamic', position: { x: 0, y: 8 } });
    addShape(w, weight, makeBox(0.5, 0.5), { density: 2 }); // 2 kg, 20 N
    const T = 12;
    const j = createDistanceJoint(w, {
      bodyA: ground,
      bodyB: weight,
      length: 2,
      enableSpring: true,
      hertz: 10,
      dampingRatio: 1,
      lowerSpringForce: -T,
    });
    run(w, 30);
    const v0 = getLinearVelocity(w, weight).y;
    run(w, 30);
    // Falling at (20 − 12) / 2 = 4 m/s² once the spring is stretched: 0.5 s more, 2 m/s faster.
    expect(getLinearVelocity(w, weight).y - v0).toBeCloseTo(-2, 6);
    expect(springForce(w, j, JI_DIST_LENGTH)).toBeCloseTo(-T, 9);
    // The compression side is open: the spring pushes as it must (a push is positive).
    setJointSpringForceRange(w, j, -Infinity, Infinity);
    expect(getJointSpringForceRange(w, j)).toEqual([-Infinity, Infinity]);
  });

  it('a wheel suspension with an upper force below the load bottoms out: the wheel rides down the axis', () => {
    const w = world();
    const chassis = createBody(w, { type: 'static', position: { x: 0, y: 5 } });
    const wheel = createBody(w, { type: 'dynamic', position: { x: 0, y: 5 } });
    addShape(w, wheel, makeCircle(0.5), { density: 1 });
    const m = Math.PI * 0.25;
    const j = createWheelJoint(w, { bodyA: chassis, bodyB: wheel, hertz: 4, dampingRatio: 1 });
    setJointSpringForceRange(w, j, -Infinity, 0.5 * m * 10);
    run(w, 60);
    expect(springForce(w, j, JI_WHEEL_SPRING)).toBeCloseTo(0.5 * m * 10, 9);
    // Half the weight held: the wheel falls at g/2 along the axis.
    expect(getLinearVelocity(w, wheel).y).toBeLessThan(-3);
  });
});

describe('spring set points and force ranges at the boundary', () => {
  it('refuse bad input with a typed error before anything changes, and the world still steps', () => {
    const { w, ground, box } = zeroG();
    const other = createBody(w, { type: 'dynamic', position: { x: 3, y: 0 } });
    addShape(w, other, makeBox(0.5, 0.5));
    const pri = createPrismaticJoint(w, { bodyA: ground, bodyB: box, enableSpring: true, hertz: 2, dampingRatio: 1 });
    const weld = createWeldJoint(w, { bodyA: ground, bodyB: other, anchor: { x: 3, y: 0 } });
    const codeOf = (fn: () => unknown): string | null => {
      try {
        fn();
      } catch (e) {
        return e instanceof PhysicsError ? e.code : 'other';
      }
      return null;
    };
    const count = getPhysics(w).joints.count;
    const ranges: [number, number][] = [
      [2, 1],
      [Infinity, Infinity],
      [-Infinity, -Infinity],
      [Number.NaN, 1],
      [0, Number.NaN],
    ];
    for (const [lower, upper] of ranges) {
      expect(codeOf(() => setJointSpringForceRange(w, pri, lower, upper))).toBe('INVALID_ARGUMENT');
      const def = { bodyA: ground, bodyB: other, lowerSpringForce: lower, upperSpringForce: upper };
      expect(codeOf(() => createPrismaticJoint(w, def))).toBe('INVALID_ARGUMENT');
      expect(codeOf(() => createWheelJoint(w, def))).toBe('INVALID_ARGUMENT');
      expect(codeOf(() => createDistanceJoint(w, def))).toBe('INVALID_ARGUMENT');
    }
    for (const bad of [Number.NaN, Infinity, '1' as unknown as number]) {
      expect(codeOf(() => setJointSpringTarget(w, pri, bad))).toBe('INVALID_ARGUMENT');
      expect(codeOf(() => createRevoluteJoint(w, { bodyA: ground, bodyB: other, targetAngle: bad }))).toBe(
        'INVALID_ARGUMENT',
      );
      expect(codeOf(() => createPrismaticJoint(w, { bodyA: ground, bodyB: other, targetTranslation: bad }))).toBe(
        'INVALID_ARGUMENT',
      );
    }
    // Kinds without the feature.
    expect(codeOf(() => setJointSpringTarget(w, weld, 1))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => getJointSpringTarget(w, weld))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => setJointSpringForceRange(w, weld, -1, 1))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => getJointSpringForceRange(w, weld))).toBe('INVALID_ARGUMENT');
    expect(getPhysics(w).joints.count).toBe(count);
    expect(getJointSpringTarget(w, pri)).toBe(0);
    expect(getJointSpringForceRange(w, pri)).toEqual([-Infinity, Infinity]);
    run(w, 10);
    expect(getPosition(w, box).x).toBe(0);
  });

  it('survive a snapshot and run the same on 1, 2 and 3 threads', async () => {
    const build = (w: PhysicsWorld): void => {
      const ground = createBody(w, { type: 'static', position: { x: 0, y: 20 } });
      for (let i = 0; i < 60; i++) {
        const b = createBody(w, { type: 'dynamic', position: { x: 2 * i, y: 19 } });
        addShape(w, b, makeBox(0.4, 0.4));
        const spring = { bodyA: ground, bodyB: b, enableSpring: true, hertz: 3, dampingRatio: 0.3 };
        const range = { lowerSpringForce: -4 - (i % 3), upperSpringForce: 6 };
        if (i % 4 === 0) createRevoluteJoint(w, { ...spring, anchor: { x: 2 * i, y: 20 }, targetAngle: 0.1 * i });
        if (i % 4 === 1)
          createPrismaticJoint(w, { ...spring, localAxisA: { x: 0, y: 1 }, targetTranslation: 1, ...range });
        if (i % 4 === 2) createWheelJoint(w, { ...spring, targetTranslation: -0.5, ...range });
        if (i % 4 === 3) createDistanceJoint(w, { ...spring, length: 1.5, ...range });
      }
    };
    const runScene = async (threads: number): Promise<Uint8Array> => {
      const w = world();
      workerWorlds.push(w);
      build(w);
      await startWorkers(w, threads);
      run(w, 30);
      const copy = createPhysicsWorldFromSnapshot(takeSnapshot(w));
      run(w, 30);
      run(copy, 30);
      const state = takeSnapshot(w);
      expect(Buffer.compare(Buffer.from(takeSnapshot(copy)), Buffer.from(state))).toBe(0);
      return state;
    };
    const one = await runScene(1);
    for (const threads of [2, 3])
      expect(Buffer.compare(Buffer.from(await runScene(threads)), Buffer.from(one))).toBe(0);
  }, 60_000);
});
