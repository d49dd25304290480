import { describe, expect, it } from 'vitest';
import {
  addShape,
  castRay,
  castRayClosest,
  castRayInto,
  createBody,
  createPhysicsWorld,
  getBodyShapes,
  makeBox,
  makeCapsule,
  makeCircle,
  makePolygon,
  makeRoundedBox,
  makeSegment,
  PhysicsError,
  RayHits,
  type PhysicsWorld,
  type RayResult,
  type ShapeGeometry,
} from '../src/index.js';

const S2 = Math.SQRT2;

function worldWith(g: ShapeGeometry, x = 0, y = 0, angle = 0, type: 'static' | 'dynamic' = 'static'): PhysicsWorld {
  const world = createPhysicsWorld();
  const body = createBody(world, { type, position: { x, y }, angle });
  addShape(world, body, g);
  return world;
}

function expectHit(r: RayResult | null, fraction: number, px: number, py: number, nx: number, ny: number): void {
  expect(r).not.toBeNull();
  expect(r!.fraction).toBeCloseTo(fraction, 12);
  expect(r!.point.x).toBeCloseTo(px, 12);
  expect(r!.point.y).toBeCloseTo(py, 12);
  expect(r!.normal.x).toBeCloseTo(nx, 12);
  expect(r!.normal.y).toBeCloseTo(ny, 12);
}

describe('ray casts agree with analytic answers for each shape type', () => {
  it('circle: head-on and off-centre', () => {
    const world = worldWith(makeCircle(1), 5, 2);
    expectHit(castRayClosest(world, { x: 0, y: 2 }, { x: 10, y: 0 }), 0.4, 4, 2, -1, 0);
    const x = 5 - Math.sqrt(1 - 0.25);
    expectHit(castRayClosest(world, { x: 0, y: 2.5 }, { x: 10, y: 0 }), x / 10, x, 2.5, x - 5, 0.5);
    expect(castRayClosest(world, { x: 0, y: 3.01 }, { x: 10, y: 0 })).toBeNull();
    expect(castRayClosest(world, { x: 0, y: 2 }, { x: 3.9, y: 0 })).toBeNull(); // too short
  });

  it('capsule (rotated a quarter turn): flat side and end cap', () => {
    const world = worldWith(makeCapsule({ x: -1, y: 0 }, { x: 1, y: 0 }, 0.5), 0, 0, Math.PI / 2);
    expectHit(castRayClosest(world, { x: -5, y: 0.3 }, { x: 10, y: 0 }), 0.45, -0.5, 0.3, -1, 0);
    expectHit(castRayClosest(world, { x: 0, y: -5 }, { x: 0, y: 10 }), 0.35, 0, -1.5, 0, -1);
  });

  it('box: face hit with the face normal', () => {
    const world = worldWith(makeBox(2, 1), 3, 4);
    expectHit(castRayClosest(world, { x: 3.5, y: 10 }, { x: 0, y: -10 }), 0.5, 3.5, 5, 0, 1);
    expectHit(castRayClosest(world, { x: -10, y: 4.2 }, { x: 20, y: 0 }), 0.55, 1, 4.2, -1, 0);
  });

  it('rotated polygon: a box turned 45° is hit on its slanted face', () => {
    const world = worldWith(makeBox(1, 1), 0, 0, Math.PI / 4);
    const x = S2 - 0.5;
    expectHit(castRayClosest(world, { x: 5, y: 0.5 }, { x: -10, y: 0 }), (5 - x) / 10, x, 0.5, 1 / S2, 1 / S2);
    // A triangle given as points, on a rotated body.
    const tri = worldWith(
      makePolygon([
        { x: 0, y: 0 },
        { x: 2, y: 0 },
        { x: 0, y: 2 },
      ]),
      1,
      1,
      Math.PI,
    );
    // Turned half a turn about (1, 1): vertices (1, 1), (-1, 1), (1, -1); hypotenuse x + y = 0, normal (-1, -1)/√2.
    expectHit(castRayClosest(tri, { x: -3, y: 0 }, { x: 10, y: 0 }), 0.3, 0, 0, -1 / S2, -1 / S2);
  });

  it('rounded polygon: flat side and rounded corner', () => {
    const world = worldWith(makeRoundedBox(1, 1, 0.25));
    expectHit(castRayClosest(world, { x: -5, y: 0.3 }, { x: 10, y: 0 }), 0.375, -1.25, 0.3, -1, 0);
    const c = -1 - 0.25 / S2;
    expectHit(castRayClosest(world, { x: -5, y: -5 }, { x: 10, y: 10 }), (c + 5) / 10, c, c, -1 / S2, -1 / S2);
  });

  it('segment: two-sided, the normal faces the ray', () => {
    const world = worldWith(makeSegment({ x: -1, y: 0 }, { x: 1, y: 0 }), 0, 3);
    expectHit(castRayClosest(world, { x: 0.5, y: 0 }, { x: 0, y: 10 }), 0.3, 0.5, 3, 0, -1);
    expectHit(castRayClosest(world, { x: 0.5, y: 5 }, { x: 0, y: -4 }), 0.5, 0.5, 3, 0, 1);
    expect(castRayClosest(world, { x: 1.5, y: 0 }, { x: 0, y: 10 })).toBeNull();
  });

  it('a ray that starts inside a shape does not hit it (documented; use overlapPoint)', () => {
    const world = worldWith(makeBox(1, 1));
    expect(castRayClosest(world, { x: 0, y: 0 }, { x: 10, y: 0 })).toBeNull();
    expect(castRay(world, { x: 0.5, y: 0.5 }, { x: 0, y: -3 })).toEqual([]);
  });

  it('a zero translation hits nothing', () => {
    const world = worldWith(makeCircle(1), 5, 0);
    expect(castRayClosest(world, { x: 0, y: 0 }, { x: 0, y: 0 })).toBeNull();
  });
});

describe('castRay', () => {
  function row(): { world: PhysicsWorld; bodies: number[]; shapes: number[] } {
    const world = createPhysicsWorld();
    const bodies: number[] = [];
    const shapes: number[] = [];
    for (const x of [9, 3, 6]) {
      const b = createBody(world, { type: x === 6 ? 'dynamic' : 'static', position: { x, y: 0 } });
      bodies.push(b);
      shapes.push(addShape(world, b, makeCircle(0.5)));
    }
    return { world, bodies, shapes };
  }

  it('returns every hit, sorted by fraction, with the handles getBodyShapes gives', () => {
    const { world, bodies, shapes } = row();
    const hits = castRay(world, { x: 0, y: 0 }, { x: 20, y: 0 });
    expect(hits.map((h) => h.fraction)).toEqual([2.5 / 20, 5.5 / 20, 8.5 / 20]);
    expect(hits.map((h) => h.body)).toEqual([bodies[1], bodies[2], bodies[0]]);
    expect(hits.map((h) => h.shape)).toEqual([shapes[1], shapes[2], shapes[0]]);
    expect(getBodyShapes(world, hits[0].body)).toEqual([hits[0].shape]);
    expect(castRayClosest(world, { x: 0, y: 0 }, { x: 20, y: 0 })).toEqual(hits[0]);
  });

  it('equal fractions are in shape order (descending handles: the shape made first comes first)', () => {
    const world = createPhysicsWorld();
    const b = createBody(world, { position: { x: 5, y: 0 } });
    const s1 = addShape(world, b, makeBox(1, 1, { x: 0, y: 1 }));
    const s0 = addShape(world, b, makeBox(1, 1, { x: 0, y: -1 }));
    const hits = castRay(world, { x: 0, y: 0 }, { x: 10, y: 0 });
    expect(hits).toHaveLength(2);
    expect(hits[0].fraction).toBe(hits[1].fraction);
    expect(s1).toBeGreaterThan(s0);
    expect(hits.map((h) => h.shape)).toEqual([s1, s0]);
    expect(castRayClosest(world, { x: 0, y: 0 }, { x: 10, y: 0 })!.shape).toBe(s1);
  });

  it('fills a caller array, reusing its objects', () => {
    const { world } = row();
    const out: RayResult[] = [];
    castRay(world, { x: 0, y: 0 }, { x: 20, y: 0 }, undefined, out);
    expect(out).toHaveLength(3);
    const first = out[0];
    const again = castRay(world, { x: 0, y: 0 }, { x: 4, y: 0 }, undefined, out);
    expect(again).toBe(out);
    expect(out).toHaveLength(1);
    expect(out[0]).toBe(first);
    expect(out[0].fraction).toBeCloseTo(2.5 / 4, 14);
  });

  it('castRayInto fills a RayHits buffer with the same answer', () => {
    const { world } = row();
    const hits = new RayHits(1);
    expect(castRayInto(world, { x: 0, y: 0 }, { x: 20, y: 0 }, hits)).toBe(3);
    const arr = castRay(world, { x: 0, y: 0 }, { x: 20, y: 0 });
    for (let i = 0; i < 3; i++) {
      expect(hits.fraction[i]).toBe(arr[i].fraction);
      expect(hits.body[i]).toBe(arr[i].body);
      expect(hits.shape[i]).toBe(arr[i].shape);
      expect(hits.pointX[i]).toBe(arr[i].point.x);
      expect(hits.normalX[i]).toBe(arr[i].normal.x);
    }
    expect(castRayInto(world, { x: 0, y: 5 }, { x: 20, y: 0 }, hits)).toBe(0);
    expect(hits.count).toBe(0);
  });

  it('rejects NaN and malformed arguments with INVALID_ARGUMENT', () => {
    const { world } = row();
    const code = (fn: () => unknown): string | undefined => {
      try {
        fn();
      } catch (e) {
        return e instanceof PhysicsError ? e.code : 'other';
      }
      return undefined;
    };
    expect(code(() => castRayClosest(world, { x: NaN, y: 0 }, { x: 1, y: 0 }))).toBe('INVALID_ARGUMENT');
    expect(code(() => castRay(world, { x: 0, y: 0 }, { x: 1, y: Infinity }))).toBe('INVALID_ARGUMENT');
    expect(code(() => castRay(world, { x: 0, y: 0 }, null as never))).toBe('INVALID_ARGUMENT');
    expect(code(() => castRay(world, { x: 0, y: 0 }, { x: 1, y: 0 }, { maskBits: 1.5 }))).toBe('INVALID_ARGUMENT');
    expect(code(() => castRay(world, { x: 0, y: 0 }, { x: 1, y: 0 }, { categoryBits: NaN }))).toBe('INVALID_ARGUMENT');
    expect(code(() => castRay(world, { x: 0, y: 0 }, { x: 1, y: 0 }, { includeSensors: 1 as never }))).toBe(
      'INVALID_ARGUMENT',
    );
    expect(code(() => castRayInto(world, { x: 0, y: 0 }, { x: 1, y: 0 }, {} as never))).toBe('INVALID_ARGUMENT');
  });
});
