// The pair update skips, for a moved proxy, the shapes its previous fat box already overlapped (they have their
// contact or were filtered out). These tests pin the invariant that makes the skip exact, and the API paths that
// must make a shape look for all its pairs again because they leave overlapping shapes without a contact.
import {
  addShape,
  bodyIndex,
  createBody,
  createRevoluteJoint,
  destroyJoint,
  makeBox,
  setShapeFilter,
  setTransform,
  validateWorld,
  type PhysicsWorld,
  type BodyId,
  type ShapeId,
} from '@impulse2d/core';
import { getPhysics } from '@impulse2d/core/internal';
import { stepPhysics } from '@impulse2d/systems';
import { describe, expect, it } from 'vitest';
import { checkPairInvariant } from './helpers/pair-invariant.js';
import { DT, world } from './helpers/scene.js';

/** Contacts between the two bodies (by handle). */
function contactsBetween(w: PhysicsWorld, a: BodyId, b: BodyId): number {
  const p = getPhysics(w);
  const c = p.contacts;
  const ea = bodyIndex(w, a);
  const eb = bodyIndex(w, b);
  let n = 0;
  for (let k = 0; k < c.count; k++) {
    const id = c.list[k];
    if ((c.bodyA[id] === ea && c.bodyB[id] === eb) || (c.bodyA[id] === eb && c.bodyB[id] === ea)) n++;
  }
  return n;
}

/** Two unit boxes overlapping by half their width, in zero gravity (nothing moves unless they collide). */
function overlappingPair(): { w: PhysicsWorld; a: BodyId; b: BodyId; shapeA: ShapeId } {
  const w = world({ gravity: { x: 0, y: 0 } });
  const a = createBody(w, { type: 'dynamic', position: { x: 0, y: 0 } });
  const shapeA = addShape(w, a, makeBox(0.5, 0.5), { density: 1 });
  const b = createBody(w, { type: 'dynamic', position: { x: 0.5, y: 0 } });
  addShape(w, b, makeBox(0.5, 0.5), { density: 1 });
  return { w, a, b, shapeA };
}

describe('pair update', () => {
  it('a joint that kept two overlapping bodies apart, destroyed: their contact is made at the next step', () => {
    const { w, a, b } = overlappingPair();
    const j = createRevoluteJoint(w, {
      bodyA: a,
      bodyB: b,
      localAnchorA: { x: 0.25, y: 0 },
      localAnchorB: { x: -0.25, y: 0 },
      collideConnected: false,
    });
    for (let i = 0; i < 3; i++) stepPhysics(w, DT);
    expect(contactsBetween(w, a, b)).toBe(0);
    destroyJoint(w, j);
    stepPhysics(w, DT);
    expect(contactsBetween(w, a, b)).toBe(1);
    expect(checkPairInvariant(w)).toBeNull();
  });

  it('a filter change that lets two overlapping shapes collide: their contact is made at the next step, also when the body is moved before it', () => {
    for (const teleport of [false, true]) {
      const { w, a, b, shapeA } = overlappingPair();
      setShapeFilter(w, shapeA, { maskBits: 0 });
      for (let i = 0; i < 3; i++) stepPhysics(w, DT);
      expect(contactsBetween(w, a, b)).toBe(0);
      setShapeFilter(w, shapeA, { maskBits: 0xffffffff });
      // A teleport re-inserts the proxy with its previous box remembered; the filter change's "look again" must win.
      if (teleport) setTransform(w, a, { x: 0.01, y: 0 }, 0);
      stepPhysics(w, DT);
      expect(contactsBetween(w, a, b)).toBe(1);
      expect(checkPairInvariant(w)).toBeNull();
    }
  });

  it('a tumbling pile (kinematic drum, 150 boxes): every pair whose fat boxes overlap has its contact after every step', () => {
    const w = world();
    const drum = createBody(w, { type: 'kinematic', position: { x: 0, y: 0 }, angularVelocity: 1.5 });
    for (const [hx, hy, x, y] of [
      [0.25, 4, 4, 0],
      [0.25, 4, -4, 0],
      [4, 0.25, 0, 4],
      [4, 0.25, 0, -4],
    ] as const) {
      addShape(w, drum, makeBox(hx, hy, { x, y }), {});
    }
    for (let i = 0; i < 150; i++) {
      const body = createBody(w, {
        type: 'dynamic',
        position: { x: -3 + 0.4 * (i % 15), y: -3 + 0.4 * Math.floor(i / 15) },
      });
      addShape(w, body, makeBox(0.1 + 0.02 * (i % 4), 0.1), { density: 1 });
    }
    let moved = 0;
    for (let k = 0; k < 240; k++) {
      stepPhysics(w, DT);
      moved += getPhysics(w).broadphase.moveBuffer.count;
      const problem = checkPairInvariant(w);
      if (problem !== null) throw new Error(`step ${k}: ${problem}`);
    }
    validateWorld(w);
    // The scene exercises the skip: proxies leave their fat boxes step after step.
    expect(moved).toBeGreaterThan(240 * 10);
  });
});
