// setShapeGeometry: a shape reshaped in place, its body's mass, its contacts and its broadphase proxy following.
import { describe, expect, it } from 'vitest';
import {
  PhysicsError,
  addChain,
  addShape,
  createBody,
  getBodyShapes,
  getContactBeginEvents,
  getMass,
  getPosition,
  getShapeAABB,
  isAwake,
  makeBox,
  makeChain,
  makeCircle,
  overlapPoint,
  setShapeGeometry,
  takeSnapshot,
  type PhysicsErrorCode,
  type ShapeId,
} from '@impulse2d/core';
import { addGround, run, world } from './helpers/scene.js';

function expectError(call: () => unknown, code: PhysicsErrorCode): void {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(PhysicsError);
    expect((error as PhysicsError).code).toBe(code);
    return;
  }
  expect.fail('accepted');
}

describe('setShapeGeometry', () => {
  it('a box grown in place rises to rest on its new size, with the mass and bounds of its new size', () => {
    const w = world();
    addGround(w, 10);
    const body = createBody(w, { type: 'dynamic', position: { x: 0, y: 0.5 } });
    const shape = addShape(w, body, makeBox(0.5, 0.5), { density: 1 });
    run(w, 60);
    expect(isAwake(w, body)).toBe(false);
    setShapeGeometry(w, shape, makeBox(1, 1));
    expect(getMass(w, body)).toBeCloseTo(4, 12);
    expect(getShapeAABB(w, shape).maxX - getPosition(w, body).x).toBeCloseTo(1, 6);
    // In the broadphase at its new size at once.
    expect(overlapPoint(w, { x: 0.9, y: 1.2 })).toEqual([shape]);
    expect(isAwake(w, body)).toBe(true);
    run(w, 1);
    expect(getContactBeginEvents(w)).toHaveLength(1); // its contact, destroyed, is found again
    run(w, 120);
    expect(getPosition(w, body).y).toBeCloseTo(1, 2);
  });

  it('may change the kind of shape: a disc becomes a box, and its mass follows', () => {
    const w = world();
    addGround(w, 10);
    const body = createBody(w, { type: 'dynamic', position: { x: 0, y: 2 } });
    const shape = addShape(w, body, makeCircle(0.5), { density: 1 });
    expect(getMass(w, body)).toBeCloseTo(Math.PI * 0.25, 12);
    setShapeGeometry(w, shape, makeBox(0.25, 0.5));
    expect(getMass(w, body)).toBeCloseTo(0.5, 12);
    run(w, 120);
    expect(getPosition(w, body).y).toBeCloseTo(0.5, 2);
  });

  it('ground shrunk from under a resting box lets it fall', () => {
    const w = world();
    const ground = addGround(w, 10);
    const body = createBody(w, { type: 'dynamic', position: { x: 5, y: 0.5 } });
    addShape(w, body, makeBox(0.5, 0.5), { density: 1 });
    run(w, 60);
    expect(isAwake(w, body)).toBe(false);
    setShapeGeometry(w, getBodyShapes(w, ground)[0], makeBox(2, 1));
    expect(isAwake(w, body)).toBe(true);
    run(w, 60);
    expect(getPosition(w, body).y).toBeLessThan(-2);
  });

  it('refuses bad geometry, chain segments and stale shapes, the world unchanged and steppable', () => {
    const w = world();
    addGround(w, 10);
    const body = createBody(w, { type: 'dynamic', position: { x: 0, y: 0.5 } });
    const shape = addShape(w, body, makeBox(0.5, 0.5), { density: 1 });
    const terrain = createBody(w, { type: 'static' });
    const chain = makeChain([
      { x: -5, y: -2 },
      { x: 0, y: -2 },
      { x: 5, y: -2 },
    ]);
    const segments = addChain(w, terrain, chain);
    run(w, 10);
    const before = takeSnapshot(w);
    expectError(() => setShapeGeometry(w, shape, {} as never), 'INVALID_ARGUMENT');
    expectError(() => setShapeGeometry(w, shape, null as never), 'INVALID_ARGUMENT');
    expectError(() => setShapeGeometry(w, segments[0], makeBox(1, 1)), 'INVALID_ARGUMENT');
    expectError(() => setShapeGeometry(w, shape, chain.segments[0]), 'INVALID_ARGUMENT');
    expectError(() => setShapeGeometry(w, (shape - 1000) as ShapeId, makeBox(1, 1)), 'NOT_A_SHAPE'); // on purpose
    expect(takeSnapshot(w)).toEqual(before);
    run(w, 10);
  });
});
