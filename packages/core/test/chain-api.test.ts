// addChain: one shape per segment on the body, one shape definition for all, validation at the boundary, and
// chain segments that behave as ordinary shapes afterwards (destroyable, massless, in the broadphase).
import { describe, expect, it } from 'vitest';
import {
  PhysicsError,
  ShapeType,
  addChain,
  castRayClosest,
  createBody,
  createPhysicsWorld,
  destroyShape,
  getBodyShapes,
  getFriction,
  getMass,
  getPhysics,
  getShapeBody,
  makeBox,
  makeChain,
  shapeRow,
  type PhysicsErrorCode,
  type BodyId,
} from '../src/internal.js';

function expectCode(fn: () => unknown, code: PhysicsErrorCode): void {
  let caught: unknown = null;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  expect(caught, `expected PhysicsError ${code}`).toBeInstanceOf(PhysicsError);
  expect((caught as PhysicsError).code).toBe(code);
}

const zigzag = [
  { x: 4, y: 0 },
  { x: 2, y: 0.5 },
  { x: 0, y: 0 },
  { x: -2, y: 0.5 },
  { x: -4, y: 0 },
];

describe('addChain', () => {
  it('adds one chain-segment shape per segment, in order, with the given definition', () => {
    const w = createPhysicsWorld();
    const ground = createBody(w, { type: 'static' });
    const ids = addChain(w, ground, makeChain(zigzag), { friction: 0.3 });
    expect(ids).toHaveLength(4);
    expect(getBodyShapes(w, ground)).toEqual(ids);
    const p = getPhysics(w);
    for (const id of ids) {
      expect(getShapeBody(w, id)).toBe(ground);
      expect(getFriction(w, id)).toBe(0.3);
      expect(p.shapes.geometry.type[shapeRow(p, id)]).toBe(ShapeType.chainSegment);
    }
    const loop = addChain(w, ground, makeChain(zigzag, true));
    expect(loop).toHaveLength(5);
  });

  it('chain segments are massless and can be destroyed one by one', () => {
    const w = createPhysicsWorld();
    const body = createBody(w, { type: 'dynamic' });
    const ids = addChain(w, body, makeChain(zigzag));
    // No area, no mass: a dynamic body with only chain segments gets the default unit mass, as with segments.
    const massChainOnly = getMass(w, body);
    const w2 = createPhysicsWorld();
    const b2 = createBody(w2, { type: 'dynamic' });
    expect(getMass(w2, b2)).toBe(massChainOnly);
    destroyShape(w, ids[1]);
    expect(getBodyShapes(w, body)).toEqual([ids[0], ids[2], ids[3]]);
  });

  it('segments are in the broadphase: a world ray cast hits the chain from the front only', () => {
    const w = createPhysicsWorld();
    const ground = createBody(w, { type: 'static' });
    const ids = addChain(w, ground, makeChain(zigzag));
    // Down onto x = 1: segment 1 runs (2, 0.5) → (0, 0), height 0.25 there; its front faces up.
    const hit = castRayClosest(w, { x: 1, y: 5 }, { x: 0, y: -10 });
    expect(hit).not.toBeNull();
    expect(hit!.shape).toBe(ids[1]);
    expect(hit!.point.y).toBeCloseTo(0.25, 12);
    expect(hit!.normal.y).toBeGreaterThan(0.9);
    // From below, the ray passes through every segment.
    expect(castRayClosest(w, { x: 1, y: -5 }, { x: 0, y: 10 })).toBeNull();
  });

  it('rejects bad chains, bodies and definitions without changing the world', () => {
    const w = createPhysicsWorld();
    const ground = createBody(w, { type: 'static' });
    expectCode(() => addChain(w, ground, makeBox(1, 1) as never), 'INVALID_ARGUMENT');
    expectCode(() => addChain(w, ground, null as never), 'INVALID_ARGUMENT');
    const good = makeChain(zigzag);
    expectCode(() => addChain(w, ground, { ...good, segments: good.segments.slice(1) }), 'INVALID_ARGUMENT');
    expectCode(() => addChain(w, ground, good, { friction: -1 }), 'INVALID_ARGUMENT');
    expectCode(() => addChain(w, 12345 as BodyId, good), 'NOT_A_BODY'); // not a handle, on purpose
    expect(getBodyShapes(w, ground)).toEqual([]);
    // The constructor's own checks: too few points, non-finite, zero-length segments.
    expectCode(() => makeChain([{ x: 0, y: 0 }]), 'DEGENERATE_POLYGON');
    expectCode(
      () =>
        makeChain(
          [
            { x: 0, y: 0 },
            { x: 1, y: 0 },
          ],
          true,
        ),
      'DEGENERATE_POLYGON',
    );
    expectCode(
      () =>
        makeChain([
          { x: 0, y: 0 },
          { x: Infinity, y: 0 },
        ]),
      'INVALID_ARGUMENT',
    );
    expectCode(
      () =>
        makeChain([
          { x: 0, y: 0 },
          { x: 0, y: 0 },
        ]),
      'INVALID_ARGUMENT',
    );
  });
});
