// Query extras: a predicate in QueryFilter, shape casts that report every hit, and the one-shape queries (testPoint,
// rayCastShape, getShapeAABB, getClosestPoint, shapeDistance).
import { describe, expect, it } from 'vitest';
import {
  PhysicsError,
  RayHits,
  addShape,
  castRay,
  castRayClosest,
  castShape,
  castShapeAll,
  castShapeAllInto,
  createBody,
  createPhysicsWorld,
  getClosestPoint,
  getShapeAABB,
  makeBox,
  makeCapsule,
  makeCircle,
  overlapAABB,
  rayCastShape,
  shapeDistance,
  takeSnapshot,
  testPoint,
  type PhysicsWorld,
  type ShapeId,
} from '../src/index.js';

function expectInvalid(call: () => unknown): void {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(PhysicsError);
    expect((error as PhysicsError).code).toBe('INVALID_ARGUMENT');
    return;
  }
  expect.fail('accepted');
}

/** Five unit boxes in a row along x (centres 0, 2, 4, 6, 8), static; their shape handles. */
function row(): { w: PhysicsWorld; shapes: ShapeId[] } {
  const w = createPhysicsWorld();
  const shapes: ShapeId[] = [];
  for (let i = 0; i < 5; i++) {
    const b = createBody(w, { type: 'static', position: { x: 2 * i, y: 0 } });
    shapes.push(addShape(w, b, makeBox(0.5, 0.5)));
  }
  return { w, shapes };
}

describe('QueryFilter.predicate', () => {
  it('skips the shapes it refuses, is asked after the category test, in shape order, once per shape', () => {
    const { w, shapes } = row();
    const asked: ShapeId[] = [];
    const predicate = (shape: ShapeId): boolean => {
      asked.push(shape);
      return shape !== shapes[0] && shape !== shapes[2];
    };
    const hits = castRay(w, { x: -5, y: 0 }, { x: 20, y: 0 }, { predicate });
    expect(hits.map((h) => h.shape)).toEqual([shapes[1], shapes[3], shapes[4]]);
    expect(asked).toEqual([...shapes].sort((a, b) => b - a)); // shape order: descending handles
    // The closest cast skips a refused shape to the next one.
    expect(castRayClosest(w, { x: -5, y: 0 }, { x: 20, y: 0 }, { predicate })!.shape).toBe(shapes[1]);
    // Overlaps and shape casts take it too.
    expect(overlapAABB(w, { minX: -10, minY: -1, maxX: 20, maxY: 1 }, { predicate })).toEqual([
      shapes[1],
      shapes[3],
      shapes[4],
    ]);
    const cast = castShape(
      w,
      makeCircle(0.25),
      { position: { x: -5, y: 0 }, angle: 0 },
      { x: 20, y: 0 },
      { predicate },
    );
    expect(cast!.shape).toBe(shapes[1]);
    // Shapes the mask rules out are never offered to it.
    asked.length = 0;
    castRay(w, { x: -5, y: 0 }, { x: 20, y: 0 }, { maskBits: 0, predicate });
    expect(asked).toEqual([]);
  });

  it('refuses a predicate that is not a function', () => {
    const { w } = row();
    for (const bad of [1, 'no', {}]) {
      expectInvalid(() => castRay(w, { x: 0, y: 0 }, { x: 1, y: 0 }, { predicate: bad as never }));
    }
    expect(castRay(w, { x: -5, y: 0 }, { x: 20, y: 0 }, { predicate: null })).toHaveLength(5);
  });
});

describe('castShapeAll', () => {
  it('reports every shape the moving shape hits, at its first contact, sorted by fraction', () => {
    const { w, shapes } = row();
    // A circle of radius 0.25 from x = −5 along +x by 20: it meets box i's left face (x = 2i − 0.5) at
    // fraction (2i − 0.5 − 0.25 + 5) / 20.
    const hits = castShapeAll(w, makeCircle(0.25), { position: { x: -5, y: 0 }, angle: 0 }, { x: 20, y: 0 });
    expect(hits.map((h) => h.shape)).toEqual(shapes);
    hits.forEach((h, i) => {
      expect(h.fraction).toBeCloseTo((2 * i - 0.75 + 5) / 20, 4);
      expect(h.point.x).toBeCloseTo(2 * i - 0.5, 4);
      expect(h.normal.x).toBeCloseTo(-1, 6);
    });
    // The first is castShape's answer.
    const first = castShape(w, makeCircle(0.25), { position: { x: -5, y: 0 }, angle: 0 }, { x: 20, y: 0 })!;
    expect(first.shape).toBe(hits[0].shape);
    expect(first.fraction).toBe(hits[0].fraction);
    // Into a buffer: the same rows, with no objects.
    const buffer = new RayHits(2);
    const n = castShapeAllInto(w, makeCircle(0.25), { position: { x: -5, y: 0 }, angle: 0 }, { x: 20, y: 0 }, buffer);
    expect(n).toBe(5);
    for (let i = 0; i < n; i++) {
      expect(buffer.shape[i]).toBe(hits[i].shape);
      expect(buffer.fraction[i]).toBe(hits[i].fraction);
    }
    // Reusing an array: filled in place, shortened to the hit count.
    const out = castShapeAll(w, makeCircle(0.25), { position: { x: -5, y: 0 }, angle: 0 }, { x: 20, y: 0 }, undefined);
    const reused = castShapeAll(w, makeCircle(0.25), { position: { x: 3, y: 0 }, angle: 0 }, { x: 20, y: 0 }, {}, out);
    expect(reused).toBe(out);
    expect(reused.map((h) => h.shape)).toEqual([shapes[2], shapes[3], shapes[4]]);
  });

  it('refuses bad input before any work', () => {
    const { w } = row();
    const t = { position: { x: 0, y: 0 }, angle: 0 };
    expectInvalid(() => castShapeAll(w, makeCircle(0.25), t, { x: NaN, y: 0 }));
    expectInvalid(() => castShapeAll(w, {} as never, t, { x: 1, y: 0 }));
    expectInvalid(() => castShapeAll(w, makeCircle(0.25), t, { x: 1, y: 0 }, undefined, 5 as never));
    expectInvalid(() => castShapeAllInto(w, makeCircle(0.25), t, { x: 1, y: 0 }, [] as never));
  });
});

describe('queries of one shape', () => {
  function scene(): { w: PhysicsWorld; box: ShapeId; circle: ShapeId; capsule: ShapeId } {
    const w = createPhysicsWorld();
    const b1 = createBody(w, { type: 'static', position: { x: 0, y: 0 }, angle: Math.PI / 4 });
    const box = addShape(w, b1, makeBox(1, 1));
    const b2 = createBody(w, { type: 'dynamic', position: { x: 5, y: 0 } });
    const circle = addShape(w, b2, makeCircle(0.5));
    const b3 = createBody(w, { type: 'dynamic', position: { x: 0, y: 5 } });
    const capsule = addShape(w, b3, makeCapsule({ x: -1, y: 0 }, { x: 1, y: 0 }, 0.25));
    return { w, box, circle, capsule };
  }

  it('testPoint: inside, on the boundary and outside, rounding included', () => {
    const { w, box, circle, capsule } = scene();
    expect(testPoint(w, box, { x: 0, y: 1.4 })).toBe(true); // the turned box's top corner is at y = √2
    expect(testPoint(w, box, { x: 0, y: 1.42 })).toBe(false);
    expect(testPoint(w, circle, { x: 5.5, y: 0 })).toBe(true); // on the circle
    expect(testPoint(w, circle, { x: 5.51, y: 0 })).toBe(false);
    expect(testPoint(w, capsule, { x: 1.2, y: 5 })).toBe(true); // in the rounded end
    expect(testPoint(w, capsule, { x: 0, y: 5.3 })).toBe(false);
  });

  it('rayCastShape: the entry point, its normal and fraction; null for a miss or a ray from inside', () => {
    const { w, circle, box } = scene();
    const hit = rayCastShape(w, circle, { x: 0, y: 0 }, { x: 10, y: 0 })!;
    expect(hit.shape).toBe(circle);
    expect(hit.fraction).toBeCloseTo(0.45, 12);
    expect(hit.point.x).toBeCloseTo(4.5, 12);
    expect(hit.normal).toEqual({ x: -1, y: 0 });
    expect(rayCastShape(w, circle, { x: 0, y: 1 }, { x: 10, y: 0 })).toBeNull();
    expect(rayCastShape(w, circle, { x: 5, y: 0 }, { x: 10, y: 0 })).toBeNull();
    // The turned box's corner, straight down the y axis.
    expect(rayCastShape(w, box, { x: 0, y: 3 }, { x: 0, y: -3 })!.point.y).toBeCloseTo(Math.SQRT2, 12);
  });

  it('getShapeAABB: the tight box at the body’s current pose', () => {
    const { w, box, capsule } = scene();
    const a = getShapeAABB(w, box);
    for (const [v, e] of [
      [a.minX, -Math.SQRT2],
      [a.minY, -Math.SQRT2],
      [a.maxX, Math.SQRT2],
      [a.maxY, Math.SQRT2],
    ]) {
      expect(v).toBeCloseTo(e, 12);
    }
    expect(getShapeAABB(w, capsule)).toEqual({ minX: -1.25, minY: 4.75, maxX: 1.25, maxY: 5.25 });
  });

  it('getClosestPoint: on the surface toward the point; a point inside is its own', () => {
    const { w, circle, capsule, box } = scene();
    const p = getClosestPoint(w, circle, { x: 5, y: 3 });
    expect(p.x).toBeCloseTo(5, 12);
    expect(p.y).toBeCloseTo(0.5, 12);
    const q = getClosestPoint(w, capsule, { x: 3, y: 5 });
    expect(q.x).toBeCloseTo(1.25, 12);
    expect(q.y).toBeCloseTo(5, 12);
    expect(getClosestPoint(w, box, { x: 0.1, y: 0.2 })).toEqual({ x: 0.1, y: 0.2 });
  });

  it('shapeDistance: surface distance, closest points and the normal from A to B; 0 when they overlap', () => {
    const { w, circle, capsule, box } = scene();
    // Circle at (5, 0) r 0.5 and capsule core from (−1, 5) to (1, 5), r 0.25: the closest core points are (5, 0)
    // and (1, 5), 4 and 5 apart in x and y.
    const d = shapeDistance(w, circle, capsule);
    const core = Math.hypot(4, 5);
    expect(d.distance).toBeCloseTo(core - 0.75, 12);
    expect(d.normal.x).toBeCloseTo(-4 / core, 12);
    expect(d.normal.y).toBeCloseTo(5 / core, 12);
    expect(d.pointA.x).toBeCloseTo(5 - (0.5 * 4) / core, 12);
    expect(d.pointB.y).toBeCloseTo(5 - (0.25 * 5) / core, 12);
    // Symmetric.
    const back = shapeDistance(w, capsule, circle);
    expect(back.distance).toBeCloseTo(d.distance, 12);
    expect(back.normal.x).toBeCloseTo(-d.normal.x, 12);
    // Overlapping shapes are at distance 0.
    const w2 = createPhysicsWorld();
    const a = addShape(w2, createBody(w2, { type: 'static' }), makeCircle(1));
    const b = addShape(w2, createBody(w2, { type: 'static', position: { x: 1.5, y: 0 } }), makeCircle(1));
    const o = shapeDistance(w2, a, b);
    expect(o.distance).toBe(0);
    expect(o.pointA.x).toBeCloseTo(0.75, 12);
    expect(o.normal).toEqual({ x: 1, y: 0 });
    expect(shapeDistance(w, box, box).distance).toBe(0);
  });

  it('refuses stale or foreign shapes and non-finite points, changing nothing', () => {
    const { w, circle } = scene();
    const before = takeSnapshot(w);
    expectInvalid(() => testPoint(w, circle, { x: NaN, y: 0 }));
    expectInvalid(() => getClosestPoint(w, circle, null as never));
    expectInvalid(() => rayCastShape(w, circle, { x: 0, y: 0 }, { x: Infinity, y: 0 }));
    for (const call of [
      // Numbers that name no live shape, cast on purpose.
      () => testPoint(w, (circle - 99) as ShapeId, { x: 0, y: 0 }),
      () => getShapeAABB(w, -1 as ShapeId),
      () => shapeDistance(w, circle, 1.5 as ShapeId),
    ]) {
      expect(call).toThrow(PhysicsError);
    }
    expect(takeSnapshot(w)).toEqual(before);
  });
});
