// Deleting the ECS way: bitecs' removeEntity on a body's or a joint's entity tears down its physics, and a
// recycled id is a fresh entity. Regression: removeEntity on a body entity used to leave a ghost body that others
// still rested on, and createBody on the recycled id was refused as "already a body".
import { addEntity, entityExists, removeEntity } from 'bitecs';
import { describe, expect, it } from 'vitest';
import {
  addShape,
  bodyEntity,
  createBody,
  createRevoluteJoint,
  getBodyShapes,
  getLinearVelocity,
  getPosition,
  getProfile,
  isJoint,
  makeBox,
  PhysicsError,
  type PhysicsWorld,
  type BodyId,
} from '@impulse2d/core';
import { createPhysicsSystems, stepPhysics } from '@impulse2d/systems';
import { addGround, world } from './helpers/scene.js';

function boxOnPlatform(): { w: PhysicsWorld; platform: BodyId; box: BodyId } {
  const w = world({ enableSleep: false });
  addGround(w, 20, 1);
  const platform = createBody(w, { type: 'static', position: { x: 0, y: 3 } });
  addShape(w, platform, makeBox(2, 0.25));
  const box = createBody(w, { type: 'dynamic', position: { x: 0, y: 3.75 } });
  addShape(w, box, makeBox(0.5, 0.5), { density: 1 });
  for (let i = 0; i < 30; i++) stepPhysics(w, 1 / 60);
  return { w, platform, box };
}

describe('removeEntity on physics entities', () => {
  it('a box resting on a body whose entity is removed falls to the ground (no ghost body left to rest on)', () => {
    const { w, platform, box } = boxOnPlatform();
    expect(getPosition(w, box).y).toBeGreaterThan(3.7);
    const contactsBefore = getProfile(w).contactCount;
    removeEntity(w, platform);
    expect(entityExists(w, platform)).toBe(false);
    expect(w.physics.bodies.alive[platform]).toBe(0);
    for (let i = 0; i < 90; i++) stepPhysics(w, 1 / 60);
    // Fell 3 m onto the ground (top face y = 0): resting at 0.5.
    expect(getPosition(w, box).y).toBeLessThan(0.55);
    expect(getProfile(w).contactCount).toBeLessThanOrEqual(contactsBefore);
  });

  it('a recycled entity id becomes a fresh body', () => {
    const { w, platform } = boxOnPlatform();
    removeEntity(w, platform);
    // bitecs hands removed ids out again.
    let recycled = addEntity(w);
    for (let guard = 0; recycled !== platform && guard < 64; guard++) recycled = addEntity(w);
    expect(recycled).toBe(platform);
    const fresh = createBody(w, { type: 'dynamic', position: { x: 10, y: 5 } }, recycled);
    // The same entity, a new handle (generation): the old handle is refused.
    expect(bodyEntity(w, fresh)).toBe(recycled);
    expect(fresh).not.toBe(platform);
    expect(() => getPosition(w, platform)).toThrow(PhysicsError);
    expect(getBodyShapes(w, fresh)).toEqual([]);
    expect(getLinearVelocity(w, fresh)).toEqual({ x: 0, y: 0 });
    addShape(w, fresh, makeBox(0.5, 0.5), { density: 1 });
    for (let i = 0; i < 60; i++) stepPhysics(w, 1 / 60);
    expect(getPosition(w, fresh).y).toBeLessThan(5);
  });

  it("removing a joint's entity removes the joint, and removing a body's entity removes its joints", () => {
    const w = world({ enableSleep: false });
    const anchor = createBody(w, { type: 'static', position: { x: 0, y: 10 } });
    const a = createBody(w, { type: 'dynamic', position: { x: 1, y: 10 } });
    addShape(w, a, makeBox(0.5, 0.1), { density: 1 });
    const b = createBody(w, { type: 'dynamic', position: { x: 2, y: 10 } });
    addShape(w, b, makeBox(0.5, 0.1), { density: 1 });
    const j1 = createRevoluteJoint(w, {
      bodyA: anchor,
      bodyB: a,
      localAnchorA: { x: 0, y: 0 },
      localAnchorB: { x: -1, y: 0 },
    });
    const j2 = createRevoluteJoint(w, {
      bodyA: a,
      bodyB: b,
      localAnchorA: { x: 0.5, y: 0 },
      localAnchorB: { x: -0.5, y: 0 },
    });
    removeEntity(w, j1);
    expect(isJoint(w, j1)).toBe(false);
    expect(isJoint(w, j2)).toBe(true);
    for (let i = 0; i < 60; i++) stepPhysics(w, 1 / 60);
    // Nothing holds the pair up any more: both fall.
    expect(getPosition(w, a).y).toBeLessThan(6);
    removeEntity(w, a);
    expect(isJoint(w, j2)).toBe(false);
    expect(entityExists(w, j2)).toBe(false);
    expect(() => getPosition(w, a)).toThrow(PhysicsError);
    stepPhysics(w, 1 / 60);
  });

  it('a body entity removed by a system inside the pipeline is torn down when the step ends', () => {
    const { w, platform, box } = boxOnPlatform();
    const systems = createPhysicsSystems(1 / 60);
    const remover = (world: PhysicsWorld): PhysicsWorld => {
      if (entityExists(world, platform)) removeEntity(world, platform);
      return world;
    };
    // Between the narrowphase and the solver, with the world locked.
    const stages = [systems[0], systems[1], systems[2], remover, ...systems.slice(3)];
    const step = (world: PhysicsWorld): void => {
      for (const stage of stages) stage(world);
    };
    step(w);
    expect(w.physics.locked).toBe(false);
    expect(w.physics.bodies.alive[platform]).toBe(0);
    for (let i = 0; i < 90; i++) step(w);
    expect(getPosition(w, box).y).toBeLessThan(0.55);
  });
});
