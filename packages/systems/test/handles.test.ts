// Body and joint handles carry a generation: a destroyed body's or joint's handle is refused with STALE_HANDLE even
// after bitecs hands its entity id to something new, in plain worlds and in bitecs worlds made withVersioning.
import {
  PhysicsError,
  addShape,
  attachPhysics,
  bodyEntity,
  bodyIndex,
  castRayClosest,
  createBody,
  createRevoluteJoint,
  destroyBody,
  destroyJoint,
  getBodyId,
  getContactBeginEvents,
  getJointBodyA,
  getPosition,
  getShapeBody,
  isJoint,
  makeBox,
  setJointMotorSpeed,
  type PhysicsWorld,
} from '@impulse2d/core';
import { addEntity, createEntityIndex, createWorld, getId, query, removeEntity, withVersioning } from 'bitecs';
import { describe, expect, it } from 'vitest';
import { addGround, run, world } from './helpers/scene.js';

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

const plainBitecs = (): PhysicsWorld => attachPhysics(createWorld(), { gravity: { x: 0, y: -10 } });
const versioned = (): PhysicsWorld =>
  attachPhysics(createWorld(createEntityIndex(withVersioning(8))), { gravity: { x: 0, y: -10 } });

const kinds: [string, () => PhysicsWorld][] = [
  ['createPhysicsWorld', () => world()],
  ['a plain bitecs world', plainBitecs],
  ['a bitecs world withVersioning', versioned],
];

describe.each(kinds)('handles in %s', (_name, make) => {
  it('refuses a destroyed body once its entity id is reused, and the new body on that id works', () => {
    const w = make();
    const a = createBody(w, { type: 'dynamic', position: { x: 1, y: 2 } });
    const indexA = bodyIndex(w, a);
    destroyBody(w, a);
    const b = createBody(w, { type: 'dynamic', position: { x: 3, y: 4 } });
    expect(bodyIndex(w, b)).toBe(indexA); // bitecs recycled the id, so the body takes the same columns
    expect(b).not.toBe(a);
    expectCode(() => getPosition(w, a), 'STALE_HANDLE');
    expectCode(() => destroyBody(w, a), 'STALE_HANDLE');
    expect(getPosition(w, b)).toEqual({ x: 3, y: 4 });
    expect(w.physics.transform.x[bodyIndex(w, b)]).toBe(3);
  });

  it('a reused body handle shows up in events, queries and getShapeBody, and the body falls onto the ground', () => {
    const w = make();
    addGround(w);
    const old = createBody(w, { type: 'dynamic' });
    destroyBody(w, old);
    const box = createBody(w, { type: 'dynamic', position: { x: 0, y: 0.6 } });
    const shape = addShape(w, box, makeBox(0.5, 0.5));
    expect(getShapeBody(w, shape)).toBe(box);
    const begun: number[] = [];
    for (let i = 0; i < 60; i++) {
      run(w, 1);
      for (const e of getContactBeginEvents(w)) begun.push(e.bodyA, e.bodyB);
    }
    expect(begun).toContain(box);
    expect(getPosition(w, box).y).toBeCloseTo(0.5, 1); // resting on the ground's top face at y = 0
    expect(castRayClosest(w, { x: 0, y: 5 }, { x: 0, y: -10 })?.body).toBe(box);
  });

  it('refuses a destroyed joint once its entity id is reused; joint calls still name body handles', () => {
    const w = make();
    const a = createBody(w, { type: 'static' });
    const b = createBody(w, { type: 'dynamic', position: { x: 1, y: 0 } });
    const j1 = createRevoluteJoint(w, { bodyA: a, bodyB: b, anchor: { x: 0, y: 0 } });
    destroyJoint(w, j1);
    const j2 = createRevoluteJoint(w, { bodyA: a, bodyB: b, anchor: { x: 0, y: 0 } });
    expect(j2).not.toBe(j1);
    expect(isJoint(w, j1)).toBe(false);
    expect(isJoint(w, j2)).toBe(true);
    expectCode(() => destroyJoint(w, j1), 'STALE_HANDLE');
    expectCode(() => setJointMotorSpeed(w, j1, 1), 'STALE_HANDLE');
    expect(getJointBodyA(w, j2)).toBe(a);
  });
});

describe('handles in a bitecs world withVersioning', () => {
  it('are the entity ids bitecs returns, so queries, components and the columns (by getId) line up', () => {
    const index = createEntityIndex(withVersioning(8));
    const w = attachPhysics(createWorld(index), { gravity: { x: 0, y: -10 } });
    const first = createBody(w, { type: 'dynamic' });
    destroyBody(w, first);
    const e = addEntity(w); // recycled: same id, next version
    expect(getId(index, e)).toBe(getId(index, first));
    expect(e).not.toBe(first);
    const body = createBody(w, { type: 'dynamic', position: { x: 7, y: 8 } }, e);
    expect(body).toBe(e);
    expect(bodyEntity(w, body)).toBe(e);
    expect([...query(w, [w.physics.Body, w.physics.Transform])]).toEqual([e]);
    expect(w.physics.transform.x[getId(index, e)]).toBe(7);
    expectCode(() => getPosition(w, first), 'STALE_HANDLE');
  });
});

describe('handles in a plain world', () => {
  it('equal the entity id for the first body on an id, so transform.x[eid] of a query result is that body', () => {
    const w = world();
    const bodies = [0, 1, 2].map((i) => createBody(w, { type: 'static', position: { x: i, y: 0 } }));
    for (const eid of query(w, [w.physics.Transform])) {
      expect(w.physics.transform.x[eid]).toBe(bodies.indexOf(getBodyId(w, eid)));
    }
    destroyBody(w, bodies[1]);
    const again = createBody(w, { type: 'static', position: { x: 9, y: 0 } });
    // The recycled entity is the same id; the handle differs so the old one stays refused.
    expect(bodyEntity(w, again)).toBe(bodies[1]);
    expect(again).not.toBe(bodies[1]);
    expect(w.physics.transform.x[bodyEntity(w, again)]).toBe(9);
  });
});

describe.each(kinds)('deleting the ECS way in %s', (_name, make) => {
  it('regression: removeEntity on a body left a ghost others rested on; now the box on it falls', () => {
    const w = make();
    addGround(w);
    const shelf = createBody(w, { type: 'static', position: { x: 0, y: 5 } });
    addShape(w, shelf, makeBox(2, 0.25));
    const box = createBody(w, { type: 'dynamic', position: { x: 0, y: 5.75 } });
    addShape(w, box, makeBox(0.5, 0.5));
    run(w, 120); // settles on the shelf (and may fall asleep there)
    expect(getPosition(w, box).y).toBeCloseTo(5.75, 1);
    const shapesBefore = w.physics.shapes.count;
    removeEntity(w, bodyEntity(w, shelf));
    expect(w.physics.shapes.count).toBe(shapesBefore - 1);
    expectCode(() => getPosition(w, shelf), 'STALE_HANDLE');
    run(w, 120);
    expect(getPosition(w, box).y).toBeCloseTo(0.5, 1); // fell 5 m onto the ground
  });

  it('regression: createBody on a removed body\'s recycled id was refused as "already a body"; now it is a fresh body', () => {
    const w = make();
    const old = createBody(w, { type: 'dynamic', position: { x: 1, y: 1 } });
    addShape(w, old, makeBox(0.5, 0.5));
    const oldEntity = bodyEntity(w, old);
    removeEntity(w, oldEntity);
    const e = addEntity(w);
    expect(e & 0xffffff).toBe(oldEntity & 0xffffff); // bitecs recycled the id
    const fresh = createBody(w, { type: 'static', position: { x: 4, y: 0 } }, e);
    expect(fresh).not.toBe(old);
    expect(getPosition(w, fresh)).toEqual({ x: 4, y: 0 });
    expectCode(() => getPosition(w, old), 'STALE_HANDLE');
    expect(w.physics.bodies.count).toBe(1);
    expect(w.physics.shapes.count).toBe(0);
  });

  it('removeEntity on a joint entity destroys the joint (the pendulum bob falls free); on a body, its joints go', () => {
    const w = make();
    const pivot = createBody(w, { type: 'static', position: { x: 0, y: 10 } });
    const bob = createBody(w, { type: 'dynamic', position: { x: 0, y: 8 }, enableSleep: false });
    addShape(w, bob, makeBox(0.25, 0.25));
    const joint = createRevoluteJoint(w, { bodyA: pivot, bodyB: bob, anchor: { x: 0, y: 10 } });
    run(w, 30);
    expect(getPosition(w, bob).y).toBeCloseTo(8, 1); // hangs from the pivot
    removeEntity(w, joint); // first joint on its id: the handle is the entity in every kind of world
    expect(isJoint(w, joint)).toBe(false);
    expectCode(() => destroyJoint(w, joint), 'STALE_HANDLE');
    run(w, 30);
    expect(getPosition(w, bob).y).toBeLessThan(7); // free fall: 0.5·10·0.5² = 1.25 m in 0.5 s
    const j2 = createRevoluteJoint(w, { bodyA: pivot, bodyB: bob, anchor: { x: 0, y: 10 } });
    removeEntity(w, bodyEntity(w, pivot));
    expect(isJoint(w, j2)).toBe(false);
    expect(w.physics.joints.count).toBe(0);
  });
});
