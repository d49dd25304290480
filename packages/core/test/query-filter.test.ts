import { describe, expect, it } from 'vitest';
import {
  addShape,
  castRay,
  castRayClosest,
  castShape,
  createBody,
  createPhysicsWorld,
  defaultQueryFilter,
  makeBox,
  makeCircle,
  overlapAABB,
  overlapPoint,
  overlapShape,
  type PhysicsWorld,
  type QueryFilter,
  type BodyId,
  type ShapeId,
} from '../src/index.js';
import { shapeRowOfHandle } from '../src/internal.js';

// Three boxes stacked on the same spot, so every query finds all three unless the filter says otherwise:
//   A: category 0x1, mask all (the defaults)
//   B: category 0x2, mask 0x2 (only answers queries whose category includes 0x2)
//   C: category 0x4, mask all, sensor
function scene(): { world: PhysicsWorld; a: BodyId; b: BodyId; c: BodyId; shapes: ShapeId[] } {
  const world = createPhysicsWorld();
  const a = createBody(world, { type: 'static', position: { x: 0, y: 0 } });
  const b = createBody(world, { type: 'dynamic', position: { x: 0, y: 0 } });
  const c = createBody(world, { type: 'kinematic', position: { x: 0, y: 0 } });
  const shapes = [
    addShape(world, a, makeBox(1, 1)),
    addShape(world, b, makeBox(1, 1), { filter: { categoryBits: 0x2, maskBits: 0x2, groupIndex: 0 } }),
    addShape(world, c, makeBox(1, 1), {
      isSensor: true,
      filter: { categoryBits: 0x4, maskBits: 0xffffffff, groupIndex: -1 },
    }),
  ];
  return { world, a, b, c, shapes };
}

/** Bodies each query kind reports with the filter, sorted. Every kind must agree. */
function found(world: PhysicsWorld, f?: QueryFilter): number[] {
  const p = world.physics;
  const body = (h: number): number => p.shapes.body[shapeRowOfHandle(h)];
  const byRay = castRay(world, { x: -5, y: 0.5 }, { x: 10, y: 0 }, f)
    .map((h) => h.body)
    .sort((x, y) => x - y);
  const byAABB = overlapAABB(world, { minX: -0.5, minY: -0.5, maxX: 0.5, maxY: 0.5 }, f)
    .map(body)
    .sort((x, y) => x - y);
  const byPoint = overlapPoint(world, { x: 0.2, y: 0.3 }, f)
    .map(body)
    .sort((x, y) => x - y);
  const byShape = overlapShape(world, makeCircle(0.3), { position: { x: 0.9, y: 0 }, angle: 0 }, f)
    .map(body)
    .sort((x, y) => x - y);
  expect(byAABB).toEqual(byRay);
  expect(byPoint).toEqual(byRay);
  expect(byShape).toEqual(byRay);
  const closest = castRayClosest(world, { x: -5, y: 0.5 }, { x: 10, y: 0 }, f);
  const cast = castShape(world, makeCircle(0.2), { position: { x: -5, y: 0 }, angle: 0 }, { x: 10, y: 0 }, f);
  expect(closest === null).toBe(byRay.length === 0);
  expect(cast === null).toBe(byRay.length === 0);
  if (closest !== null) expect(byRay).toContain(closest.body);
  if (cast !== null) expect(byRay).toContain(cast.body);
  return byRay;
}

describe('query filters behave as documented', () => {
  it('the default filter (category 0x1, mask all, no sensors) finds shapes whose mask includes 0x1', () => {
    const { world, a } = scene();
    expect(found(world)).toEqual([a]);
    expect(found(world, defaultQueryFilter())).toEqual([a]);
    expect(found(world, {})).toEqual([a]);
  });

  it('the query category must be in the shape mask, the shape category in the query mask', () => {
    const { world, a, b } = scene();
    // A's mask takes every category, so a 0x2 query finds it too; B's mask takes 0x2 only.
    expect(found(world, { categoryBits: 0x2 })).toEqual([a, b].sort((x, y) => x - y));
    expect(found(world, { categoryBits: 0x2, maskBits: 0x2 })).toEqual([b]);
    expect(found(world, { categoryBits: 0x3 })).toEqual([a, b].sort((x, y) => x - y));
    expect(found(world, { categoryBits: 0x3, maskBits: 0x2 })).toEqual([b]);
    expect(found(world, { categoryBits: 0x3, maskBits: 0x1 })).toEqual([a]);
    expect(found(world, { categoryBits: 0x3, maskBits: 0 })).toEqual([]);
    expect(found(world, { categoryBits: 0 })).toEqual([]);
  });

  it('sensors only with includeSensors; their category and mask still apply', () => {
    const { world, a, c } = scene();
    expect(found(world, { includeSensors: true })).toEqual([a, c].sort((x, y) => x - y));
    expect(found(world, { includeSensors: true, maskBits: 0x4 })).toEqual([c]);
    expect(found(world, { includeSensors: false, maskBits: 0x4 })).toEqual([]);
  });

  it('ignoreBody skips that body only; group indices play no part in queries', () => {
    const { world, a, b, c } = scene();
    expect(found(world, { categoryBits: 0xffffffff, includeSensors: true })).toEqual([a, b, c].sort((x, y) => x - y));
    expect(found(world, { categoryBits: 0xffffffff, includeSensors: true, ignoreBody: b })).toEqual(
      [a, c].sort((x, y) => x - y),
    );
    expect(found(world, { ignoreBody: a })).toEqual([]);
  });
});
