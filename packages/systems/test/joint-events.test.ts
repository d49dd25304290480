// Joint events and breakable joints (Box2D's b2JointEvents): a joint whose reaction force or torque reaches its
// threshold is reported after the step; the caller decides to destroy it. Thresholds default to +∞ (no events).
import {
  PhysicsError,
  addShape,
  createBody,
  createDistanceJoint,
  createFilterJoint,
  createMotorJoint,
  createMouseJoint,
  createPhysicsWorldFromSnapshot,
  createPrismaticJoint,
  createPulleyJoint,
  createRevoluteJoint,
  createWeldJoint,
  createWheelJoint,
  destroyBody,
  destroyJoint,
  getJointEvents,
  getJointEventsInto,
  getJointForceThreshold,
  getJointReactionForce,
  getJointTorqueThreshold,
  getMass,
  getPosition,
  isJoint,
  JointEventList,
  makeBox,
  setJointForceThreshold,
  setJointTorqueThreshold,
  takeSnapshot,
  type JointEvent,
  type PhysicsWorld,
  type BodyId,
  type JointId,
} from '@impulse2d/core';
import { getPhysics } from '@impulse2d/core/internal';
import { startWorkers, stepPhysics, stopWorkers } from '@impulse2d/systems';
import { afterEach, describe, expect, it } from 'vitest';
import { run, world } from './helpers/scene.js';

const G = 10;

/** A 2 kg box (1 m side, density 2) hanging 1 m below a static pivot by a revolute joint. */
function hangingWeight(
  w: PhysicsWorld,
  thresholds: { forceThreshold?: number; torqueThreshold?: number } = {},
): { ground: BodyId; weight: BodyId; joint: JointId } {
  const ground = createBody(w, { type: 'static', position: { x: 0, y: 10 } });
  const weight = createBody(w, { type: 'dynamic', position: { x: 0, y: 9 } });
  addShape(w, weight, makeBox(0.5, 0.5), { density: 2 });
  const joint = createRevoluteJoint(w, { bodyA: ground, bodyB: weight, anchor: { x: 0, y: 10 }, ...thresholds });
  return { ground, weight, joint };
}

/** The joint events of each of `n` steps. */
function eventsOver(w: PhysicsWorld, n: number): JointEvent[][] {
  const out: JointEvent[][] = [];
  for (let i = 0; i < n; i++) {
    stepPhysics(w, 1 / 60);
    out.push(getJointEvents(w));
  }
  return out;
}

const workerWorlds: PhysicsWorld[] = [];
afterEach(async () => {
  for (const w of workerWorlds.splice(0)) await stopWorkers(w);
});

describe('joint events', () => {
  it('a weight on a revolute joint with a force threshold below m·g is reported from the first step, with its force', () => {
    const w = world();
    const { weight, joint } = hangingWeight(w, { forceThreshold: 15 });
    const mg = getMass(w, weight) * G;
    expect(mg).toBeCloseTo(20, 10);
    const steps = eventsOver(w, 30);
    for (const events of steps) {
      expect(events.length).toBe(1);
      expect(events[0].joint).toBe(joint);
      // At rest the pin carries the weight: the reaction force is m·g (what getJointReactionForce reads too).
      expect(events[0].force).toBeCloseTo(mg, 6);
      expect(events[0].torque).toBe(0);
    }
    expect(getJointReactionForce(w, joint).y).toBeCloseTo(mg, 6);
  });

  it('with the threshold above m·g (or none) the same weight gives no event', () => {
    for (const thresholds of [{ forceThreshold: 25 }, {}, { torqueThreshold: 1 }]) {
      const w = world();
      hangingWeight(w, thresholds);
      expect(eventsOver(w, 120).every((events) => events.length === 0)).toBe(true);
    }
  });

  it('destroying the joint on its event drops the weight: a breakable joint', () => {
    const w = world();
    const { weight, joint } = hangingWeight(w, { forceThreshold: 15 });
    let broke = -1;
    for (let i = 0; i < 60; i++) {
      stepPhysics(w, 1 / 60);
      for (const e of getJointEvents(w)) {
        if (isJoint(w, e.joint)) {
          destroyJoint(w, e.joint);
          broke = i;
        }
      }
    }
    expect(broke).toBe(0);
    expect(isJoint(w, joint)).toBe(false);
    // 59 steps of free fall after the first: about ½·g·t² ≈ 4.8 m below where it hung.
    expect(getPosition(w, weight).y).toBeLessThan(9 - 4.5);
    expect(getPhysics(w).joints.thresholdCount).toBe(0);
  });

  it('a torque threshold reports a weld that holds a beam out sideways (torque ≈ m·g·L), not one holding less', () => {
    for (const [threshold, expected] of [
      [15, 1],
      [25, 0],
    ]) {
      const w = world();
      const wall = createBody(w, { type: 'static', position: { x: 0, y: 5 } });
      // A 2 kg beam, 2 m long, centre 1 m from the weld: torque m·g·1 = 20 N m.
      const beam = createBody(w, { type: 'dynamic', position: { x: 1, y: 5 } });
      addShape(w, beam, makeBox(1, 0.5), { density: 1 });
      const joint = createWeldJoint(w, {
        bodyA: wall,
        bodyB: beam,
        anchor: { x: 0, y: 5 },
        torqueThreshold: threshold,
      });
      const steps = eventsOver(w, 30);
      for (const events of steps.slice(5)) {
        expect(events.length).toBe(expected);
        if (expected === 1) {
          expect(events[0].joint).toBe(joint);
          expect(events[0].torque).toBeGreaterThan(19);
          expect(events[0].torque).toBeLessThan(21);
        }
      }
    }
  });

  it('threshold 0 reports every awake joint each step, and a sleeping one no more', () => {
    const w = world();
    const ground = createBody(w, { type: 'static', position: { x: 0, y: 10 } });
    const joints: number[] = [];
    for (let i = 0; i < 3; i++) {
      const b = createBody(w, { type: 'dynamic', position: { x: 3 * i, y: 9 } });
      addShape(w, b, makeBox(0.5, 0.5));
      joints.push(createRevoluteJoint(w, { bodyA: ground, bodyB: b, anchor: { x: 3 * i, y: 10 }, forceThreshold: 0 }));
    }
    stepPhysics(w, 1 / 60);
    expect(getJointEvents(w).map((e) => e.joint)).toEqual(joints);
    // At rest, the three fall asleep within a few seconds: then no record, no event.
    run(w, 300);
    expect(getJointEvents(w)).toEqual([]);
  });

  it('every kind with rows reports through its own reaction; the filter joint, without rows, never', () => {
    const w = world();
    const ground = createBody(w, { type: 'static', position: { x: 0, y: 20 } });
    const box = (x: number, y: number): BodyId => {
      const b = createBody(w, { type: 'dynamic', position: { x, y } });
      addShape(w, b, makeBox(0.4, 0.4));
      return b;
    };
    const t = { forceThreshold: 0 };
    const made = [
      createDistanceJoint(w, { bodyA: ground, bodyB: box(0, 18), ...t }),
      createRevoluteJoint(w, { bodyA: ground, bodyB: box(3, 19), anchor: { x: 3, y: 20 }, enableLimit: true, ...t }),
      createPrismaticJoint(w, {
        bodyA: ground,
        bodyB: box(6, 19),
        localAxisA: { x: 0, y: 1 },
        enableLimit: true,
        ...t,
      }),
      createWeldJoint(w, { bodyA: ground, bodyB: box(9, 19), anchor: { x: 9, y: 20 }, ...t }),
      createWheelJoint(w, { bodyA: ground, bodyB: box(12, 19), enableLimit: true, ...t }),
      createMouseJoint(w, { bodyA: ground, bodyB: box(15, 19), target: { x: 15, y: 19 }, ...t }),
      createMotorJoint(w, { bodyA: ground, bodyB: box(18, 19), linearOffset: { x: 18, y: -1 }, maxForce: 100, ...t }),
      createPulleyJoint(w, {
        bodyA: box(21, 15),
        bodyB: box(24, 15),
        groundAnchorA: { x: 21, y: 20 },
        groundAnchorB: { x: 24, y: 20 },
        ...t,
      }),
    ];
    createFilterJoint(w, { bodyA: ground, bodyB: box(27, 19), ...t });
    run(w, 10);
    const events = getJointEvents(w);
    expect(events.map((e) => e.joint)).toEqual(made);
    for (const e of events) expect(Number.isFinite(e.force) && Number.isFinite(e.torque)).toBe(true);
  });

  it('getJointEventsInto fills a caller-owned list with the same events, growing it as needed', () => {
    const w = world();
    const ground = createBody(w, { type: 'static', position: { x: 0, y: 10 } });
    for (let i = 0; i < 40; i++) {
      const b = createBody(w, { type: 'dynamic', position: { x: 2 * i, y: 9 }, enableSleep: false });
      addShape(w, b, makeBox(0.5, 0.5), { density: 1 + i });
      createRevoluteJoint(w, { bodyA: ground, bodyB: b, anchor: { x: 2 * i, y: 10 }, forceThreshold: 105 });
    }
    const list = new JointEventList(4);
    run(w, 5);
    const events = getJointEvents(w);
    // Masses 1 … 40 kg: those of 11 kg and more carry more than 105 N.
    expect(events.length).toBe(30);
    expect(getJointEventsInto(w, list)).toBe(30);
    expect(list.count).toBe(30);
    for (let i = 0; i < 30; i++) {
      expect(list.joint[i]).toBe(events[i].joint);
      expect(list.force[i]).toBe(events[i].force);
      expect(list.torque[i]).toBe(events[i].torque);
    }
    setJointForceThreshold(w, events[0].joint, Infinity);
    run(w, 1);
    expect(getJointEventsInto(w, list)).toBe(29);
    list.clear();
    expect(list.count).toBe(0);
  });

  it('the setters change the thresholds from the next step, and the getters read them', () => {
    const w = world();
    const { joint } = hangingWeight(w);
    expect(getJointForceThreshold(w, joint)).toBe(Infinity);
    expect(getJointTorqueThreshold(w, joint)).toBe(Infinity);
    expect(eventsOver(w, 5).flat()).toEqual([]);
    setJointForceThreshold(w, joint, 10);
    expect(getJointForceThreshold(w, joint)).toBe(10);
    expect(getPhysics(w).joints.thresholdCount).toBe(1);
    expect(eventsOver(w, 1)[0].length).toBe(1);
    setJointForceThreshold(w, joint, Infinity);
    setJointTorqueThreshold(w, joint, 0);
    expect(getJointTorqueThreshold(w, joint)).toBe(0);
    // Torque 0 ≥ 0: a zero threshold reports the joint whatever it carries.
    expect(eventsOver(w, 1)[0].length).toBe(1);
    setJointTorqueThreshold(w, joint, Infinity);
    expect(getPhysics(w).joints.thresholdCount).toBe(0);
    expect(eventsOver(w, 5).flat()).toEqual([]);
  });

  it('counts the joints with a threshold through creation, destruction and swap-removal of rows', () => {
    const w = world();
    const a = hangingWeight(w, { forceThreshold: 1 });
    const b = hangingWeight(w);
    const c = hangingWeight(w, { torqueThreshold: 1 });
    const js = getPhysics(w).joints;
    expect(js.thresholdCount).toBe(2);
    destroyJoint(w, a.joint); // row 0: c's row moves into it
    expect(js.thresholdCount).toBe(1);
    expect(getJointTorqueThreshold(w, c.joint)).toBe(1);
    expect(getJointForceThreshold(w, b.joint)).toBe(Infinity);
    destroyBody(w, c.weight); // destroys its joint too
    expect(js.thresholdCount).toBe(0);
    expect(isJoint(w, b.joint)).toBe(true);
  });

  it('refuses a bad threshold with a typed error before anything changes, and the world still steps', () => {
    const w = world();
    const { ground, weight, joint } = hangingWeight(w, { forceThreshold: 50 });
    const codeOf = (fn: () => unknown): string | null => {
      try {
        fn();
      } catch (e) {
        return e instanceof PhysicsError ? e.code : 'other';
      }
      return null;
    };
    const count = getPhysics(w).joints.count;
    for (const bad of [-1, Number.NaN, '5' as unknown as number, -Infinity]) {
      expect(codeOf(() => createRevoluteJoint(w, { bodyA: ground, bodyB: weight, forceThreshold: bad }))).toBe(
        'INVALID_ARGUMENT',
      );
      expect(codeOf(() => createDistanceJoint(w, { bodyA: ground, bodyB: weight, torqueThreshold: bad }))).toBe(
        'INVALID_ARGUMENT',
      );
      expect(codeOf(() => setJointForceThreshold(w, joint, bad))).toBe('INVALID_ARGUMENT');
      expect(codeOf(() => setJointTorqueThreshold(w, joint, bad))).toBe('INVALID_ARGUMENT');
    }
    expect(codeOf(() => setJointForceThreshold(w, 12345 as JointId, 1))).toBe('NOT_A_JOINT'); // on purpose
    expect(getPhysics(w).joints.count).toBe(count);
    expect(getJointForceThreshold(w, joint)).toBe(50);
    expect(getJointTorqueThreshold(w, joint)).toBe(Infinity);
    expect(getPhysics(w).joints.thresholdCount).toBe(1);
    run(w, 30);
    expect(getPosition(w, weight).y).toBeCloseTo(9, 2);
  });

  it('survive a snapshot: the restored world has the thresholds and reports the same events', () => {
    const w = world();
    hangingWeight(w, { forceThreshold: 15 });
    const quiet = hangingWeight(w, { forceThreshold: 100 });
    run(w, 10);
    const copy = createPhysicsWorldFromSnapshot(takeSnapshot(w));
    expect(getPhysics(copy).joints.thresholdCount).toBe(2);
    expect(getJointForceThreshold(copy, quiet.joint)).toBe(100);
    expect(eventsOver(copy, 20)).toEqual(eventsOver(w, 20));
  });

  it('are the same on 1, 2 and 3 threads, with the same bits', async () => {
    const runScene = async (threads: number): Promise<{ events: JointEvent[][]; state: Uint8Array }> => {
      const w = world();
      workerWorlds.push(w);
      const ground = createBody(w, { type: 'static', position: { x: 0, y: 30 } });
      // 24 chains of 10 links (enough records for the workers to share), the lower joints of each watched.
      for (let c = 0; c < 24; c++) {
        let prev = ground;
        for (let i = 0; i < 10; i++) {
          const b = createBody(w, { type: 'dynamic', position: { x: 2 * c + 0.5 * i, y: 29.5 } });
          addShape(w, b, makeBox(0.25, 0.1), { density: 1 + (c % 5) });
          createRevoluteJoint(w, {
            bodyA: prev,
            bodyB: b,
            anchor: { x: 2 * c + 0.5 * i - 0.25, y: 29.5 },
            forceThreshold: i >= 5 ? 12 : Infinity,
            torqueThreshold: i === 9 ? 0.5 : Infinity,
          });
          prev = b;
        }
      }
      await startWorkers(w, threads);
      const events = eventsOver(w, 60);
      return { events, state: takeSnapshot(w) };
    };
    const one = await runScene(1);
    expect(one.events.flat().length).toBeGreaterThan(0);
    for (const threads of [2, 3]) {
      const other = await runScene(threads);
      expect(other.events).toEqual(one.events);
      expect(Buffer.compare(Buffer.from(other.state), Buffer.from(one.state))).toBe(0);
    }
  }, 60_000);
});
