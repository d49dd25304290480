// The filter joint: no constraint rows, only its two bodies not colliding with each other while it exists; in
// snapshots and on step workers like any other joint.
import {
  PhysicsError,
  addShape,
  createBody,
  createFilterJoint,
  createPhysicsWorldFromSnapshot,
  createRevoluteJoint,
  debugDraw,
  defaultFilterJointDef,
  destroyBody,
  destroyJoint,
  getContactBeginEvents,
  getJointCollideConnected,
  getJointImpulses,
  getJointMotorForce,
  getJointReactionForce,
  getJointReactionTorque,
  getJointType,
  getPosition,
  isJoint,
  makeBox,
  setLinearVelocity,
  takeSnapshot,
  type DebugDrawer,
  type PhysicsWorld,
  type BodyId,
} from '@impulse2d/core';
import { getPhysics } from '@impulse2d/core/internal';
import { startWorkers, stepPhysics, stopWorkers } from '@impulse2d/systems';
import { afterEach, describe, expect, it } from 'vitest';
import { addGround, run, world } from './helpers/scene.js';

/** A static platform, top face at y = 0, 4 m wide, with a 1 m box resting on it at x and one falling from 3 m. */
function platformScene(w: PhysicsWorld): { platform: BodyId; resting: BodyId; falling: BodyId } {
  const platform = createBody(w, { type: 'static', position: { x: 0, y: -0.5 } });
  addShape(w, platform, makeBox(2, 0.5));
  const resting = createBody(w, { type: 'dynamic', position: { x: -1, y: 0.5 } });
  addShape(w, resting, makeBox(0.5, 0.5));
  const falling = createBody(w, { type: 'dynamic', position: { x: 1, y: 3.5 } });
  addShape(w, falling, makeBox(0.5, 0.5));
  return { platform, resting, falling };
}

const workerWorlds: PhysicsWorld[] = [];
afterEach(async () => {
  for (const w of workerWorlds.splice(0)) await stopWorkers(w);
});

describe('filter joint', () => {
  it('stops its two bodies colliding, and only them: a resting box falls through the platform, its neighbour stays', () => {
    const w = world();
    const { platform, resting, falling } = platformScene(w);
    run(w, 90);
    expect(getPosition(w, resting).y).toBeCloseTo(0.5, 1);
    expect(getPosition(w, falling).y).toBeCloseTo(0.5, 1);
    createFilterJoint(w, { bodyA: platform, bodyB: falling });
    run(w, 60);
    // Its contact with the platform ended when the joint was created: it fell through, 1 s of free fall.
    expect(getPosition(w, falling).y).toBeLessThan(-3);
    expect(getPosition(w, resting).y).toBeCloseTo(0.5, 1);
  });

  it('lets the bodies collide again once destroyed: the falling box then lands on the platform', () => {
    const w = world();
    const { platform, falling } = platformScene(w);
    const joint = createFilterJoint(w, { bodyA: platform, bodyB: falling });
    run(w, 10); // still above the platform
    expect(getPosition(w, falling).y).toBeGreaterThan(2);
    destroyJoint(w, joint);
    expect(isJoint(w, joint)).toBe(false);
    let landed = false;
    for (let i = 0; i < 90; i++) {
      stepPhysics(w, 1 / 60);
      if (getContactBeginEvents(w).some((e) => [e.bodyA, e.bodyB].includes(falling))) landed = true;
    }
    expect(landed).toBe(true);
    expect(getPosition(w, falling).y).toBeCloseTo(0.5, 1);
  });

  it('lets them collide again when destroyed while they overlap: the platform pushes the box back up', () => {
    const w = world({ gravity: { x: 0, y: 0 } });
    const { platform, falling } = platformScene(w);
    const joint = createFilterJoint(w, { bodyA: platform, bodyB: falling });
    // Sink the box halfway into the platform (nothing resists while the joint exists), then remove the joint.
    setLinearVelocity(w, falling, { x: 0, y: -3.5 / (40 / 60) });
    run(w, 40);
    expect(getPosition(w, falling).y).toBeCloseTo(0, 6);
    destroyJoint(w, joint);
    setLinearVelocity(w, falling, { x: 0, y: 0 });
    run(w, 120);
    expect(getPosition(w, falling).y).toBeGreaterThan(0.45);
  });

  it('has no constraint rows: no solver record, zero reaction, impulses and motor force', () => {
    const w = world();
    const ground = addGround(w);
    const a = createBody(w, { type: 'dynamic', position: { x: 0, y: 2 } });
    addShape(w, a, makeBox(0.5, 0.5));
    const b = createBody(w, { type: 'dynamic', position: { x: 0.2, y: 2.6 } });
    addShape(w, b, makeBox(0.5, 0.5));
    const joint = createFilterJoint(w, { bodyA: a, bodyB: b });
    createFilterJoint(w, { bodyA: ground, bodyB: b });
    run(w, 90);
    const js = getPhysics(w).joints;
    expect(js.count).toBe(2);
    expect(js.constraintCount + js.pinCount).toBe(0);
    expect(getJointType(w, joint)).toBe('filter');
    expect(getJointCollideConnected(w, joint)).toBe(false);
    expect(getJointReactionForce(w, joint)).toEqual({ x: 0, y: 0 });
    expect(getJointReactionTorque(w, joint)).toBe(0);
    expect(getJointMotorForce(w, joint)).toBe(0);
    expect(getJointImpulses(w, joint).every((i) => i === 0)).toBe(true);
    // b passes through both a and the ground.
    expect(getPosition(w, b).y).toBeLessThan(-1);
  });

  it('draws nothing', () => {
    const w = world();
    const { platform, falling } = platformScene(w);
    createFilterJoint(w, { bodyA: platform, bodyB: falling });
    let calls = 0;
    const count = (): void => {
      calls++;
    };
    const drawer: DebugDrawer = {
      drawPolygon: count,
      drawCircle: count,
      drawCapsule: count,
      drawSegment: count,
      drawPoint: count,
      drawTransform: count,
      drawAABB: count,
    };
    debugDraw(w, drawer, { flags: 2 /* DebugDrawFlag.joints */ });
    expect(calls).toBe(0);
  });

  it('rejects a bad definition with a typed error before changing the world, which still steps', () => {
    const w = world();
    const { platform, falling } = platformScene(w);
    // The base every joint definition shares: no bodies yet, kept from colliding, no joint events.
    expect(defaultFilterJointDef()).toEqual({
      bodyA: -1,
      bodyB: -1,
      collideConnected: false,
      forceThreshold: Infinity,
      torqueThreshold: Infinity,
    });
    const codeOf = (fn: () => unknown): string | null => {
      try {
        fn();
      } catch (e) {
        return e instanceof PhysicsError ? e.code : 'other';
      }
      return null;
    };
    expect(codeOf(() => createFilterJoint(w, { bodyA: falling, bodyB: falling }))).toBe('INVALID_ARGUMENT');
    // 9999 names no body: cast on purpose.
    expect(codeOf(() => createFilterJoint(w, { bodyA: platform, bodyB: 9999 as BodyId }))).toBe('NOT_A_BODY');
    const gone = createBody(w, { type: 'dynamic' });
    destroyBody(w, gone);
    expect(codeOf(() => createFilterJoint(w, { bodyA: platform, bodyB: gone }))).toBe('STALE_HANDLE');
    expect(getPhysics(w).joints.count).toBe(0);
    run(w, 90);
    expect(getPosition(w, falling).y).toBeCloseTo(0.5, 1); // no joint was made: it lands
  });

  it('survives a snapshot: the restored world keeps the joint and steps to the same bits', () => {
    const w = world();
    const { platform, falling, resting } = platformScene(w);
    const joint = createFilterJoint(w, { bodyA: platform, bodyB: falling });
    createRevoluteJoint(w, { bodyA: platform, bodyB: resting, anchor: { x: -1.5, y: 0 } });
    run(w, 20);
    const copy = createPhysicsWorldFromSnapshot(takeSnapshot(w));
    expect(getJointType(copy, joint)).toBe('filter');
    run(w, 60);
    run(copy, 60);
    expect(getPosition(copy, falling).y).toBeLessThan(-3); // still falling through the platform
    expect(Buffer.compare(Buffer.from(takeSnapshot(copy)), Buffer.from(takeSnapshot(w)))).toBe(0);
  });

  it('works with step workers: the same bits as on one thread, and the bodies still pass through each other', async () => {
    const runScene = async (workers: number): Promise<Uint8Array> => {
      const w = world();
      if (workers > 0) workerWorlds.push(w);
      const ground = addGround(w);
      // A pile of jointed pairs (records for the workers to share), every other pair filtered against the ground.
      const bodies: BodyId[] = [];
      for (let i = 0; i < 200; i++) {
        const b = createBody(w, { type: 'dynamic', position: { x: (i % 20) * 1.1 - 11, y: 1 + Math.floor(i / 20) } });
        addShape(w, b, makeBox(0.45, 0.45));
        if (i % 2 === 1) createRevoluteJoint(w, { bodyA: bodies[i - 1], bodyB: b, anchor: getPosition(w, b) });
        if (i % 40 === 3) createFilterJoint(w, { bodyA: bodies[0], bodyB: b });
        bodies.push(b);
      }
      const sinker = createBody(w, { type: 'dynamic', position: { x: 30, y: 1 } });
      addShape(w, sinker, makeBox(0.5, 0.5));
      createFilterJoint(w, { bodyA: sinker, bodyB: bodies[0] });
      createFilterJoint(w, { bodyA: ground, bodyB: sinker });
      if (workers > 0) await startWorkers(w, workers);
      run(w, 60);
      expect(getPosition(w, sinker).y).toBeLessThan(-3);
      return takeSnapshot(w);
    };
    const single = await runScene(0);
    const threaded = await runScene(2);
    expect(Buffer.compare(Buffer.from(threaded), Buffer.from(single))).toBe(0);
  }, 60_000);
});
