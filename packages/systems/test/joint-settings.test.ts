// What every joint can change after creation: the softness of its hard rows (Box2D's b2Joint_SetConstraintTuning),
// whether its bodies collide (b2Joint_SetCollideConnected), and its frame on each body (local anchors, axis,
// reference angle: b2Joint_SetLocalFrameA/B).
import {
  PhysicsError,
  addShape,
  createBody,
  createDistanceJoint,
  createMotorJoint,
  createMouseJoint,
  createPhysicsWorldFromSnapshot,
  createPrismaticJoint,
  createRevoluteJoint,
  createWeldJoint,
  getAngle,
  getContactBeginEvents,
  getJointCollideConnected,
  getJointConstraintTuning,
  getJointLocalAnchorA,
  getJointLocalAnchorB,
  getJointLocalAxisA,
  getJointReferenceAngle,
  getJointWorldAnchors,
  getPosition,
  makeBox,
  resetJointConstraintTuning,
  setJointCollideConnected,
  setJointConstraintTuning,
  setJointLocalAnchorA,
  setJointLocalAnchorB,
  setJointLocalAxisA,
  setJointReferenceAngle,
  takeSnapshot,
  type PhysicsWorld,
  type BodyId,
  type JointId,
} from '@impulse2d/core';
import { getPhysics } from '@impulse2d/core/internal';
import { startWorkers, stopWorkers } from '@impulse2d/systems';
import { afterEach, describe, expect, it } from 'vitest';
import { addGround, run, transformHash, world } from './helpers/scene.js';

const workerWorlds: PhysicsWorld[] = [];
afterEach(async () => {
  for (const w of workerWorlds.splice(0)) await stopWorkers(w);
});

const codeOf = (fn: () => unknown): string | null => {
  try {
    fn();
  } catch (e) {
    return e instanceof PhysicsError ? e.code : 'other';
  }
  return null;
};

/**
 * A chain of five light links (0.2 kg) holding a 100 kg weight from a static beam by revolute joints, each joint made
 * with `tuning`; returns how far the weight hangs below where a rigid chain would hold it (m).
 */
function chainSag(w: PhysicsWorld, tuning: { constraintHertz?: number; constraintDampingRatio?: number }): number {
  const beam = createBody(w, { type: 'static', position: { x: 0, y: 10 } });
  let prev = beam;
  for (let i = 0; i < 5; i++) {
    const link = createBody(w, { type: 'dynamic', position: { x: 0, y: 9.5 - i } });
    addShape(w, link, makeBox(0.1, 0.5), { density: 2 });
    createRevoluteJoint(w, { bodyA: prev, bodyB: link, anchor: { x: 0, y: 10 - i }, ...tuning });
    prev = link;
  }
  const weight = createBody(w, { type: 'dynamic', position: { x: 0, y: 4.5 } });
  addShape(w, weight, makeBox(0.5, 0.5), { density: 100 });
  createRevoluteJoint(w, { bodyA: prev, bodyB: weight, anchor: { x: 0, y: 5 }, ...tuning });
  run(w, 180);
  return 4.5 - getPosition(w, weight).y;
}

describe('constraint tuning', () => {
  it('a stiffer per-joint tuning holds a heavy load with less sag than the world default', () => {
    const loose = chainSag(world({ jointHertz: 10 }), {});
    const stiff = chainSag(world({ jointHertz: 10 }), { constraintHertz: 60 });
    expect(loose).toBeGreaterThan(0.5);
    expect(stiff).toBeLessThan(loose / 4);
    // And the world's 60 Hz, given to the joints themselves, sags as the world's 60 Hz does.
    const world60 = chainSag(world({ jointHertz: 60 }), {});
    expect(stiff).toBeCloseTo(world60, 6);
  });

  it('a softer one sags more', () => {
    const base = chainSag(world(), {});
    const soft = chainSag(world(), { constraintHertz: 5, constraintDampingRatio: 1 });
    expect(soft).toBeGreaterThan(2 * base);
  });

  it('0 Hz keeps the rows rigid in velocity but corrects no position: a gap the joint starts with stays open', () => {
    const gapAfter = (tuning: { constraintHertz?: number }): number => {
      const w = world({ gravity: { x: 0, y: 0 } });
      const a = createBody(w, { type: 'static' });
      const b = createBody(w, { type: 'dynamic', position: { x: 0.5, y: 0 } });
      addShape(w, b, makeBox(0.2, 0.2));
      // Both anchors at the body origins, half a metre apart.
      const j = createRevoluteJoint(w, { bodyA: a, bodyB: b, ...tuning });
      run(w, 60);
      const [ax, ay, bx, by] = getJointWorldAnchors(w, j);
      return Math.hypot(bx - ax, by - ay);
    };
    expect(gapAfter({})).toBeLessThan(1e-3);
    expect(gapAfter({ constraintHertz: 0 })).toBeCloseTo(0.5, 6);
  });

  it("a tuning equal to the world's settings gives the world's bits, and the setters switch it on and off", () => {
    const build = (tuned: boolean): string => {
      const w = world({ jointHertz: 30, jointDampingRatio: 1.5 });
      const ground = createBody(w, { type: 'static', position: { x: 0, y: 5 } });
      const b = createBody(w, { type: 'dynamic', position: { x: 1, y: 4 } });
      addShape(w, b, makeBox(0.3, 0.3));
      const j = createPrismaticJoint(w, { bodyA: ground, bodyB: b, localAxisA: { x: 1, y: -1 }, enableLimit: true });
      if (tuned) setJointConstraintTuning(w, j, 30, 1.5);
      expect(getJointConstraintTuning(w, j)).toEqual({ hertz: 30, dampingRatio: 1.5, own: tuned });
      run(w, 60);
      return transformHash(w, [b]);
    };
    expect(build(true)).toBe(build(false));
  });

  it('the classic solver ignores it: a tuned joint moves as an untuned one', () => {
    const build = (tuned: boolean): string => {
      const w = world({ solver: 'classic' });
      const ground = createBody(w, { type: 'static', position: { x: 0, y: 5 } });
      const b = createBody(w, { type: 'dynamic', position: { x: 1, y: 4 } });
      addShape(w, b, makeBox(0.3, 0.3));
      const tuning = tuned ? { constraintHertz: 5, constraintDampingRatio: 0.1 } : {};
      createPrismaticJoint(w, { bodyA: ground, bodyB: b, localAxisA: { x: 1, y: -1 }, enableLimit: true, ...tuning });
      run(w, 60);
      return transformHash(w, [b]);
    };
    expect(build(true)).toBe(build(false));
  });

  it('a tuned plain pin leaves the shared pin records and returns to them when reset', () => {
    const w = world({ jointHertz: 10 });
    const beam = createBody(w, { type: 'static', position: { x: 0, y: 10 } });
    const weight = createBody(w, { type: 'dynamic', position: { x: 0, y: 9 }, enableSleep: false });
    addShape(w, weight, makeBox(0.5, 0.5));
    const pin = createRevoluteJoint(w, { bodyA: beam, bodyB: weight, anchor: { x: 0, y: 10 } });
    const js = getPhysics(w).joints;
    run(w, 1);
    expect([js.pinCount, js.constraintCount]).toEqual([1, 0]);
    setJointConstraintTuning(w, pin, 50, 1);
    run(w, 1);
    expect([js.pinCount, js.constraintCount]).toEqual([0, 1]);
    expect(getJointConstraintTuning(w, pin)).toEqual({ hertz: 50, dampingRatio: 1, own: true });
    resetJointConstraintTuning(w, pin);
    expect(getJointConstraintTuning(w, pin)).toEqual({ hertz: 10, dampingRatio: 2, own: false });
    run(w, 1);
    expect([js.pinCount, js.constraintCount]).toEqual([1, 0]);
  });

  it('the definition takes either field alone, the other from the world', () => {
    const w = world({ jointHertz: 40, jointDampingRatio: 0.5 });
    const a = createBody(w, { type: 'dynamic' });
    const b = createBody(w, { type: 'dynamic', position: { x: 1, y: 0 } });
    const j1 = createWeldJoint(w, { bodyA: a, bodyB: b, constraintHertz: 20 });
    const j2 = createDistanceJoint(w, { bodyA: a, bodyB: b, constraintDampingRatio: 3 });
    expect(getJointConstraintTuning(w, j1)).toEqual({ hertz: 20, dampingRatio: 0.5, own: true });
    expect(getJointConstraintTuning(w, j2)).toEqual({ hertz: 40, dampingRatio: 3, own: true });
  });
});

describe('collideConnected after creation', () => {
  /** A box held 3 m above the ground by a slack rope tied to the ground (the rope does not pull until 10 m). */
  function ropeScene(w: PhysicsWorld): { box: BodyId; rope: JointId } {
    const ground = addGround(w, 20, 1);
    const box = createBody(w, { type: 'dynamic', position: { x: 0, y: 3 } });
    addShape(w, box, makeBox(0.5, 0.5));
    const rope = createDistanceJoint(w, { bodyA: ground, bodyB: box, maxLength: 10 });
    return { box, rope };
  }

  it('off (the default) the box falls through the ground it is tied to; on, it lands on it', () => {
    const w = world();
    const { box, rope } = ropeScene(w);
    expect(getJointCollideConnected(w, rope)).toBe(false);
    run(w, 60);
    expect(getPosition(w, box).y).toBeLessThan(-1);

    const w2 = world();
    const scene = ropeScene(w2);
    setJointCollideConnected(w2, scene.rope, true);
    expect(getJointCollideConnected(w2, scene.rope)).toBe(true);
    run(w2, 90);
    expect(getPosition(w2, scene.box).y).toBeCloseTo(0.5, 2);
  });

  it('switched on while the box is already inside the ground, the pair is found from the next step', () => {
    const w = world();
    const { box, rope } = ropeScene(w);
    run(w, 48); // about 0.25 m into the ground: still touching it from inside
    expect(getPosition(w, box).y).toBeGreaterThan(-0.5);
    setJointCollideConnected(w, rope, true);
    run(w, 1);
    expect(getContactBeginEvents(w).length).toBe(1);
    run(w, 120);
    // Pushed back out and resting on top.
    expect(getPosition(w, box).y).toBeCloseTo(0.5, 2);
  });

  it('switched off under a resting box, its contacts go now and it falls through', () => {
    const w = world();
    const { box, rope } = ropeScene(w);
    setJointCollideConnected(w, rope, true);
    run(w, 120);
    const contacts = getPhysics(w).contacts;
    const before = contacts.capacityUsed - contacts.freeCount;
    expect(before).toBe(1);
    setJointCollideConnected(w, rope, false);
    expect(contacts.capacityUsed - contacts.freeCount).toBe(0);
    run(w, 60);
    expect(getPosition(w, box).y).toBeLessThan(-1);
  });

  it('refuses a value that is not a boolean, with the flag unchanged', () => {
    const w = world();
    const { rope } = ropeScene(w);
    expect(codeOf(() => setJointCollideConnected(w, rope, 1 as unknown as boolean))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => setJointCollideConnected(w, 4242 as JointId, true))).toBe('NOT_A_JOINT'); // on purpose
    expect(getJointCollideConnected(w, rope)).toBe(false);
    run(w, 5);
  });
});

describe('joint frames after creation', () => {
  it('moving the anchor on B moves where a pendulum hangs from, and the anchors meet again', () => {
    const w = world();
    const pivot = createBody(w, { type: 'static', position: { x: 0, y: 10 } });
    const bob = createBody(w, { type: 'dynamic', position: { x: 0, y: 9 }, linearDamping: 4, angularDamping: 4 });
    addShape(w, bob, makeBox(0.5, 0.5));
    const j = createRevoluteJoint(w, { bodyA: pivot, bodyB: bob, anchor: { x: 0, y: 10 } });
    expect(getJointLocalAnchorB(w, j)).toEqual({ x: 0, y: 1 });
    setJointLocalAnchorB(w, j, { x: 0, y: 2 });
    setJointLocalAnchorA(w, j, { x: 1, y: 0 });
    expect(getJointLocalAnchorA(w, j)).toEqual({ x: 1, y: 0 });
    expect(getJointLocalAnchorB(w, j)).toEqual({ x: 0, y: 2 });
    run(w, 600);
    // Hanging straight down from (1, 10) by 2 m.
    expect(getPosition(w, bob).x).toBeCloseTo(1, 2);
    expect(getPosition(w, bob).y).toBeCloseTo(8, 2);
    const [ax, ay, bx, by] = getJointWorldAnchors(w, j);
    expect(Math.hypot(bx - ax, by - ay)).toBeLessThan(1e-3);
  });

  it("turning a prismatic joint's axis from level to vertical lets the body slide down it", () => {
    const w = world();
    const ground = createBody(w, { type: 'static', position: { x: 0, y: 10 } });
    const slider = createBody(w, { type: 'dynamic', position: { x: 0, y: 10 } });
    addShape(w, slider, makeBox(0.25, 0.25));
    const j = createPrismaticJoint(w, { bodyA: ground, bodyB: slider });
    run(w, 30);
    expect(getPosition(w, slider).y).toBeCloseTo(10, 3);
    setJointLocalAxisA(w, j, { x: 0, y: -3 });
    expect(getJointLocalAxisA(w, j)).toEqual({ x: 0, y: -1 });
    run(w, 30);
    // Half a second of free fall along the new axis, none across it.
    expect(getPosition(w, slider).y).toBeLessThan(10 - 1);
    expect(getPosition(w, slider).x).toBeCloseTo(0, 3);
  });

  it('a new reference angle turns what a weld holds', () => {
    const w = world({ gravity: { x: 0, y: 0 } });
    const ground = createBody(w, { type: 'static' });
    const b = createBody(w, { type: 'dynamic' });
    addShape(w, b, makeBox(1, 0.2));
    const j = createWeldJoint(w, { bodyA: ground, bodyB: b });
    setJointReferenceAngle(w, j, 0.6);
    expect(getJointReferenceAngle(w, j)).toBe(0.6);
    run(w, 120);
    expect(getAngle(w, b)).toBeCloseTo(0.6, 3);
  });

  it('refuse a kind without the frame part, or a bad value, with a typed error and nothing changed', () => {
    const w = world();
    const ground = createBody(w, { type: 'static' });
    const b = createBody(w, { type: 'dynamic', position: { x: 1, y: 0 } });
    addShape(w, b, makeBox(0.5, 0.5));
    const motor = createMotorJoint(w, { bodyA: ground, bodyB: b });
    const mouse = createMouseJoint(w, { bodyA: ground, bodyB: b, target: { x: 1, y: 0 } });
    const pri = createPrismaticJoint(w, { bodyA: ground, bodyB: b, localAxisA: { x: 0, y: 1 } });
    const dist = createDistanceJoint(w, { bodyA: ground, bodyB: b });
    expect(codeOf(() => setJointLocalAnchorA(w, motor, { x: 1, y: 1 }))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => setJointLocalAnchorB(w, motor, { x: 1, y: 1 }))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => setJointLocalAnchorA(w, mouse, { x: 1, y: 1 }))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => setJointLocalAnchorB(w, mouse, { x: 0.1, y: 0 }))).toBe(null);
    expect(codeOf(() => setJointLocalAxisA(w, dist, { x: 1, y: 0 }))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => getJointLocalAxisA(w, dist))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => setJointReferenceAngle(w, dist, 1))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => getJointReferenceAngle(w, motor))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => setJointLocalAxisA(w, pri, { x: 0, y: 0 }))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => setJointLocalAxisA(w, pri, { x: Number.NaN, y: 1 }))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => setJointLocalAnchorA(w, dist, { x: Infinity, y: 0 }))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => setJointLocalAnchorB(w, dist, null as unknown as { x: number; y: number }))).toBe(
      'INVALID_ARGUMENT',
    );
    expect(codeOf(() => setJointReferenceAngle(w, pri, Number.NaN))).toBe('INVALID_ARGUMENT');
    expect(getJointLocalAxisA(w, pri)).toEqual({ x: 0, y: 1 });
    expect(getJointLocalAnchorA(w, dist)).toEqual({ x: 0, y: 0 });
    expect(getJointReferenceAngle(w, pri)).toBe(0);
    run(w, 10);
  });
});

describe('joint settings at the boundary', () => {
  it('refuse a bad constraint tuning, in the definition or the setter, before anything changes', () => {
    const w = world();
    const a = createBody(w, { type: 'static' });
    const b = createBody(w, { type: 'dynamic', position: { x: 0, y: -1 } });
    addShape(w, b, makeBox(0.5, 0.5));
    const j = createRevoluteJoint(w, { bodyA: a, bodyB: b, anchor: { x: 0, y: 0 }, constraintHertz: 30 });
    const count = getPhysics(w).joints.count;
    for (const bad of [-1, Number.NaN, Infinity, 'x' as unknown as number]) {
      expect(codeOf(() => createWeldJoint(w, { bodyA: a, bodyB: b, constraintHertz: bad }))).toBe('INVALID_ARGUMENT');
      expect(codeOf(() => createWeldJoint(w, { bodyA: a, bodyB: b, constraintDampingRatio: bad }))).toBe(
        'INVALID_ARGUMENT',
      );
      expect(codeOf(() => setJointConstraintTuning(w, j, bad, 1))).toBe('INVALID_ARGUMENT');
      expect(codeOf(() => setJointConstraintTuning(w, j, 10, bad))).toBe('INVALID_ARGUMENT');
    }
    expect(getPhysics(w).joints.count).toBe(count);
    expect(getJointConstraintTuning(w, j)).toEqual({ hertz: 30, dampingRatio: 2, own: true });
    run(w, 10);
    expect(getPosition(w, b).y).toBeCloseTo(-1, 2);
  });

  it('survive a snapshot and run the same on 1, 2 and 3 threads', async () => {
    const runScene = async (threads: number): Promise<Uint8Array> => {
      const w = world({ jointHertz: 20 });
      workerWorlds.push(w);
      const ground = addGround(w, 60, 1);
      const beam = createBody(w, { type: 'static', position: { x: 0, y: 20 } });
      for (let c = 0; c < 20; c++) {
        let prev = beam;
        for (let i = 0; i < 6; i++) {
          const b = createBody(w, { type: 'dynamic', position: { x: 3 * c - 30, y: 19.5 - i } });
          addShape(w, b, makeBox(0.1, 0.5), { density: i === 5 ? 30 : 1 });
          const j = createRevoluteJoint(w, {
            bodyA: prev,
            bodyB: b,
            anchor: { x: 3 * c - 30, y: 20 - i },
            ...(c % 2 === 0 ? { constraintHertz: 60, constraintDampingRatio: 1 } : {}),
          });
          if (c % 3 === 0 && i === 2) setJointLocalAnchorA(w, j, { x: 0.05, y: -0.5 });
          prev = b;
        }
        const tied = createBody(w, { type: 'dynamic', position: { x: 3 * c - 30, y: 3 } });
        addShape(w, tied, makeBox(0.4, 0.4));
        const rope = createDistanceJoint(w, { bodyA: ground, bodyB: tied, maxLength: 6 });
        if (c % 2 === 1) setJointCollideConnected(w, rope, true);
      }
      await startWorkers(w, threads);
      run(w, 40);
      const copy = createPhysicsWorldFromSnapshot(takeSnapshot(w));
      run(w, 40);
      run(copy, 40);
      const state = takeSnapshot(w);
      expect(Buffer.compare(Buffer.from(takeSnapshot(copy)), Buffer.from(state))).toBe(0);
      return state;
    };
    const one = await runScene(1);
    for (const threads of [2, 3])
      expect(Buffer.compare(Buffer.from(await runScene(threads)), Buffer.from(one))).toBe(0);
  }, 60_000);
});
