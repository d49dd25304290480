// Bad joint definitions are rejected with a PhysicsError and leave the world intact; destroying bodies and joints
// leaves no dangling rows; collideConnected decides whether the joined bodies collide.
import {
  PhysicsError,
  addShape,
  createBody,
  createDistanceJoint,
  createPrismaticJoint,
  createRevoluteJoint,
  createWeldJoint,
  createWheelJoint,
  destroyBody,
  destroyJoint,
  getJointBodyA,
  getJointCount,
  getJointType,
  isJoint,
  makeBox,
  setJointLimits,
  type PhysicsWorld,
  type BodyId,
  type JointId,
} from '@impulse2d/core';
import { describe, expect, it } from 'vitest';
import { run, world } from './helpers/scene.js';

function twoBoxes(w: PhysicsWorld, overlap = false): [BodyId, BodyId] {
  const a = createBody(w, { type: 'dynamic', position: { x: 0, y: 5 }, enableSleep: false });
  addShape(w, a, makeBox(0.5, 0.5));
  const b = createBody(w, { type: 'dynamic', position: { x: overlap ? 0.5 : 2, y: 5 }, enableSleep: false });
  addShape(w, b, makeBox(0.5, 0.5));
  return [a, b];
}

function expectCode(fn: () => unknown, code: string): void {
  let err: unknown = null;
  try {
    fn();
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(PhysicsError);
  expect((err as PhysicsError).code).toBe(code);
}

describe('joint validation', () => {
  it('rejects bad definitions with a PhysicsError and leaves the world intact and steppable', () => {
    const w = world();
    const [a, b] = twoBoxes(w);
    const entitiesBefore = w.physics.bodies.count;
    expectCode(() => createRevoluteJoint(w, { bodyA: a, bodyB: a }), 'INVALID_ARGUMENT'); // same body twice
    // Numbers that name no body, cast on purpose.
    expectCode(() => createRevoluteJoint(w, { bodyA: a, bodyB: 9999 as BodyId }), 'NOT_A_BODY');
    expectCode(() => createRevoluteJoint(w, { bodyA: -1 as BodyId, bodyB: b }), 'NOT_A_BODY');
    expectCode(
      () => createRevoluteJoint(w, { bodyA: a, bodyB: b, localAnchorA: { x: NaN, y: 0 } }),
      'INVALID_ARGUMENT',
    );
    expectCode(() => createWeldJoint(w, { bodyA: a, bodyB: b, anchor: { x: 0, y: Infinity } }), 'INVALID_ARGUMENT');
    expectCode(
      () => createRevoluteJoint(w, { bodyA: a, bodyB: b, enableLimit: true, lowerAngle: 1, upperAngle: -1 }),
      'INVALID_ARGUMENT',
    );
    expectCode(
      () => createPrismaticJoint(w, { bodyA: a, bodyB: b, lowerTranslation: 2, upperTranslation: 1 }),
      'INVALID_ARGUMENT',
    );
    expectCode(() => createPrismaticJoint(w, { bodyA: a, bodyB: b, localAxisA: { x: 0, y: 0 } }), 'INVALID_ARGUMENT');
    expectCode(() => createDistanceJoint(w, { bodyA: a, bodyB: b, enableSpring: true, hertz: -1 }), 'INVALID_ARGUMENT');
    expectCode(() => createDistanceJoint(w, { bodyA: a, bodyB: b, minLength: 3, maxLength: 2 }), 'INVALID_ARGUMENT');
    expectCode(() => createWheelJoint(w, { bodyA: a, bodyB: b, dampingRatio: -0.5 }), 'INVALID_ARGUMENT');
    expectCode(() => createWeldJoint(w, { bodyA: a, bodyB: b, linearHertz: -2 }), 'INVALID_ARGUMENT');
    expect(getJointCount(w)).toBe(0);
    expect(w.physics.bodies.count).toBe(entitiesBefore);
    // A stale body handle.
    const c = createBody(w, { type: 'dynamic' });
    destroyBody(w, c);
    expectCode(() => createRevoluteJoint(w, { bodyA: a, bodyB: c }), 'STALE_HANDLE');
    // Still works.
    const j = createRevoluteJoint(w, { bodyA: a, bodyB: b, enableLimit: true, lowerAngle: -1, upperAngle: 1 });
    expectCode(() => setJointLimits(w, j, 1, -1), 'INVALID_ARGUMENT');
    run(w, 10);
    expect(getJointType(w, j)).toBe('revolute');
    expect(getJointBodyA(w, j)).toBe(a);
  });

  it('a destroyed joint is a stale handle; a body or random entity is not a joint', () => {
    const w = world();
    const [a, b] = twoBoxes(w);
    const j = createRevoluteJoint(w, { bodyA: a, bodyB: b });
    expect(isJoint(w, j)).toBe(true);
    destroyJoint(w, j);
    expect(isJoint(w, j)).toBe(false);
    expectCode(() => destroyJoint(w, j), 'STALE_HANDLE');
    // @ts-expect-error a body handle where a joint is expected: refused at run time too
    expectCode(() => getJointType(w, a), 'NOT_A_JOINT');
    expectCode(() => getJointType(w, 1.5 as JointId), 'NOT_A_JOINT'); // not a handle, on purpose
  });
});

describe('joint lifecycle', () => {
  it('destroying a body destroys its joints and leaves no dangling rows', () => {
    const w = world();
    const ground = createBody(w, { type: 'static', position: { x: 0, y: 10 } });
    const bodies: BodyId[] = [];
    const joints: JointId[] = [];
    let prev = ground;
    for (let i = 0; i < 5; i++) {
      const e = createBody(w, { type: 'dynamic', position: { x: i + 1, y: 10 }, enableSleep: false });
      addShape(w, e, makeBox(0.4, 0.1));
      joints.push(createRevoluteJoint(w, { bodyA: prev, bodyB: e, anchor: { x: i + 0.5, y: 10 } }));
      bodies.push(e);
      prev = e;
    }
    run(w, 10);
    destroyBody(w, bodies[2]); // takes joints 2 and 3
    expect(getJointCount(w)).toBe(3);
    expect(isJoint(w, joints[2])).toBe(false);
    expect(isJoint(w, joints[3])).toBe(false);
    for (const k of [0, 1, 4]) expect(isJoint(w, joints[k])).toBe(true);
    // Rows stay consistent after the swap-removes.
    const js = w.physics.joints;
    for (let r = 0; r < js.count; r++) expect(js.rowOf[js.eid[r]]).toBe(r);
    run(w, 60);
    const t = w.physics.transform;
    for (const e of [bodies[0], bodies[1], bodies[3], bodies[4]]) expect(Number.isFinite(t.y[e])).toBe(true);
    // The piece still pinned to the ground hangs; the cut-off piece falls freely.
    expect(t.y[bodies[0]]).toBeGreaterThan(8.5);
    expect(t.y[bodies[4]]).toBeLessThan(7);
    destroyBody(w, ground); // takes joint 0
    expect(getJointCount(w)).toBe(2);
    run(w, 10);
  });

  it('joined bodies do not collide unless collideConnected; destroying the joint lets them collide again', () => {
    const w = world({ gravity: { x: 0, y: 0 } });
    const [a, b] = twoBoxes(w, true); // overlapping by half a box
    const j = createWeldJoint(w, { bodyA: a, bodyB: b, anchor: { x: 0.25, y: 5 } });
    run(w, 30);
    const t = w.physics.transform;
    expect(t.x[b] - t.x[a]).toBeCloseTo(0.5, 3); // no contact pushing them apart
    destroyJoint(w, j);
    run(w, 60);
    expect(t.x[b] - t.x[a]).toBeGreaterThan(0.95); // pushed apart by the contact
  });

  it('a joint with collideConnected false destroys the existing contact; with true the bodies still touch', () => {
    const w = world({ gravity: { x: 0, y: 0 } });
    const [a, b] = twoBoxes(w, true);
    run(w, 1);
    expect(w.physics.contacts.count).toBe(1);
    createRevoluteJoint(w, { bodyA: a, bodyB: b, anchor: { x: 0.25, y: 5 } });
    expect(w.physics.contacts.count).toBe(0);
    const w2 = world({ gravity: { x: 0, y: 0 } });
    const [c, d] = twoBoxes(w2, true);
    createDistanceJoint(w2, { bodyA: c, bodyB: d, collideConnected: true, maxLength: 5 });
    run(w2, 60);
    expect(w2.physics.transform.x[d] - w2.physics.transform.x[c]).toBeGreaterThan(0.95);
  });
});
