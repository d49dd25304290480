import { describe, expect, it } from 'vitest';
import {
  addShape,
  castShape,
  coreDistance,
  createBody,
  createCore,
  createPhysicsWorld,
  CORE_COUNT,
  CORE_NORMALS,
  CORE_RADIUS,
  CORE_VERTS,
  D_DISTANCE,
  DISTANCE_OUTPUT_SIZE,
  getPhysics,
  loadCore,
  makeBox,
  makeCapsule,
  makeCircle,
  makePolygon,
  makeSegment,
  overlapShape,
  PhysicsError,
  GeometryStore,
  writeGeometry,
  type PhysicsWorld,
  type ShapeCastResult,
  type ShapeGeometry,
  shapeRowOfHandle,
  type BodyId,
} from '../src/internal.js';
import { cosSin } from '../src/math/index.js';

const S2 = Math.SQRT2;

function mulberry32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The world core of a geometry at (x, y, angle). */
function coreOf(g: ShapeGeometry, x: number, y: number, angle = 0): Float64Array {
  const store = new GeometryStore();
  writeGeometry(store, 0, g);
  const pose = Float64Array.of(x, y, 0, 0);
  cosSin(angle, pose, 2);
  const core = createCore();
  loadCore(store, 0, pose, core);
  return core;
}

function distance(a: Float64Array, b: Float64Array): number {
  const out = new Float64Array(DISTANCE_OUTPUT_SIZE);
  coreDistance(a, b, out);
  return out[D_DISTANCE];
}

describe('exact shape distance (the overlap and shape-cast core)', () => {
  it('a point in line with a segment, beyond its end, is apart from it', () => {
    const point = createCore();
    point[CORE_COUNT] = 1;
    point[CORE_VERTS] = 3;
    point[CORE_VERTS + 1] = 0;
    expect(distance(point, coreOf(makeSegment({ x: -1, y: 0 }, { x: 1, y: 0 }), 0, 0))).toBeCloseTo(2, 14);
  });

  it('collinear segments apart, parallel segments, crossing segments', () => {
    const a = coreOf(makeSegment({ x: -1, y: 0 }, { x: 1, y: 0 }), 0, 0);
    expect(distance(a, coreOf(makeSegment({ x: 2, y: 0 }, { x: 4, y: 0 }), 0, 0))).toBeCloseTo(1, 14);
    expect(distance(a, coreOf(makeSegment({ x: -3, y: 0.5 }, { x: 0, y: 0.5 }), 0, 0))).toBeCloseTo(0.5, 14);
    expect(distance(a, coreOf(makeSegment({ x: 0.3, y: -1 }, { x: 0.2, y: 1 }), 0, 0))).toBe(0);
    expect(distance(a, coreOf(makeSegment({ x: 0.5, y: 0 }, { x: 3, y: 0 }), 0, 0))).toBe(0); // collinear overlap
  });

  it('sharp polygons: crossing edges give exactly 0, containment too; corner to corner is Euclidean', () => {
    const box = coreOf(makeBox(1, 1), 0, 0);
    expect(distance(box, coreOf(makeBox(1, 1), 1.3, 0.7, 0.3))).toBe(0);
    expect(distance(box, coreOf(makeBox(0.1, 0.1), 0.2, 0.1))).toBe(0); // inside
    expect(distance(box, coreOf(makeBox(1, 1), 3, 3))).toBeCloseTo(S2, 14);
    expect(distance(box, coreOf(makeBox(1, 1), 3, 0.5, Math.PI / 4))).toBeCloseTo(1 - (S2 - 1), 14);
  });

  it('radii are left to the caller: circle cores are points', () => {
    const c = coreOf(makeCircle(0.5), 4, 0);
    expect(c[CORE_RADIUS]).toBe(0.5);
    expect(distance(coreOf(makeBox(1, 1), 0, 0), c)).toBeCloseTo(3, 14);
    expect(c[CORE_NORMALS]).toBe(0);
  });
});

function scene(): { world: PhysicsWorld; box: BodyId; boxShape: number } {
  const world = createPhysicsWorld();
  const box = createBody(world, { type: 'static', position: { x: 5, y: 0 } });
  const boxShape = addShape(world, box, makeBox(1, 1));
  return { world, box, boxShape };
}

function expectCast(
  r: ShapeCastResult | null,
  fraction: number,
  px: number,
  py: number,
  nx: number,
  ny: number,
  digits = 12,
): void {
  expect(r).not.toBeNull();
  expect(r!.fraction).toBeCloseTo(fraction, digits);
  expect(r!.point.x).toBeCloseTo(px, digits);
  expect(r!.point.y).toBeCloseTo(py, digits);
  expect(r!.normal.x).toBeCloseTo(nx, digits);
  expect(r!.normal.y).toBeCloseTo(ny, digits);
}

describe('castShape gives the analytic time of impact', () => {
  it('a circle moving head-on toward a box face', () => {
    const { world, box, boxShape } = scene();
    const r = castShape(world, makeCircle(0.5), { position: { x: 0, y: 0 }, angle: 0 }, { x: 10, y: 0 });
    expectCast(r, 0.35, 4, 0, -1, 0);
    expect(r!.body).toBe(box);
    expect(r!.shape).toBe(boxShape);
  });

  it('a circle moving toward a box face off-centre, and toward its corner', () => {
    const { world } = scene();
    expectCast(
      castShape(world, makeCircle(0.5), { position: { x: 0, y: 0.7 }, angle: 0 }, { x: 10, y: 0 }),
      0.35,
      4,
      0.7,
      -1,
      0,
    );
    // Corner (4, −1) approached along the diagonal from (4 − a, −1 − a): contact when the centre is 0.5 from it.
    const a = 3;
    const f = (a - 0.5 / S2) / 8;
    expectCast(
      castShape(world, makeCircle(0.5), { position: { x: 4 - a, y: -1 - a }, angle: 0 }, { x: 8, y: 8 }),
      f,
      4,
      -1,
      -1 / S2,
      -1 / S2,
    );
  });

  it('a circle grazing another circle (a curved contact: several iterations)', () => {
    const world = createPhysicsWorld();
    const b = createBody(world, { type: 'dynamic', position: { x: 5, y: 1 } });
    addShape(world, b, makeCircle(1));
    const x = 5 - Math.sqrt(3);
    const r = castShape(world, makeCircle(1), { position: { x: 0, y: 0 }, angle: 0 }, { x: 10, y: 0 });
    // normal = (centre of mover − centre of target) / 2
    expectCast(r, x / 10, 5 + (x - 5) / 2, 1 - 0.5, (x - 5) / 2, -0.5, 7);
  });

  it('a box turned 45° slides into a wall corner-first; a box lands flat on the ground', () => {
    const { world } = scene();
    expectCast(
      castShape(world, makeBox(1, 1), { position: { x: 0, y: 0 }, angle: Math.PI / 4 }, { x: 10, y: 0 }),
      (4 - S2) / 10,
      4,
      0,
      -1,
      0,
      9,
    );
    const ground = createPhysicsWorld();
    addShape(ground, createBody(ground, { type: 'static' }), makeBox(10, 1));
    const r = castShape(ground, makeBox(1, 0.5), { position: { x: 0.3, y: 5 }, angle: 0 }, { x: 0, y: -10 });
    expect(r!.fraction).toBeCloseTo(0.35, 12);
    // Between two sharp faces the normal is measured 0.1 mm before contact: exact to rounding over that gap.
    expect(r!.normal.x).toBeCloseTo(0, 9);
    expect(r!.normal.y).toBeCloseTo(1, 9);
    expect(r!.point.y).toBeCloseTo(1, 9);
    expect(Math.abs(r!.point.x - 0.3)).toBeLessThanOrEqual(1 + 1e-12);
  });

  it('capsule and segment casts', () => {
    const { world } = scene();
    // A vertical capsule of radius 0.25 moving right: its flat side reaches x = 4 when the core is at 3.75.
    // Face to face, the contact is a segment: the point may be anywhere on it.
    const c = castShape(
      world,
      makeCapsule({ x: 0, y: -0.5 }, { x: 0, y: 0.5 }, 0.25),
      { position: { x: 0, y: 0 }, angle: 0 },
      { x: 5, y: 0 },
    );
    expect(c!.fraction).toBeCloseTo(3.75 / 5, 12);
    expect(c!.point.x).toBeCloseTo(4, 12);
    expect(Math.abs(c!.point.y)).toBeLessThanOrEqual(0.5);
    expect(c!.normal.x).toBeCloseTo(-1, 12);
    expect(c!.normal.y).toBeCloseTo(0, 12);
    // A segment swept down onto the box top.
    const r = castShape(
      world,
      makeSegment({ x: -0.5, y: 0 }, { x: 0.5, y: 0 }),
      { position: { x: 5, y: 3 }, angle: 0 },
      { x: 0, y: -4 },
    );
    expect(r!.fraction).toBeCloseTo(0.5, 12);
    expect(r!.normal.y).toBeCloseTo(1, 12);
  });

  it('misses, moving away, and starting in contact', () => {
    const { world } = scene();
    const circle = makeCircle(0.5);
    expect(castShape(world, circle, { position: { x: 0, y: 0 }, angle: 0 }, { x: -10, y: 0 })).toBeNull();
    expect(castShape(world, circle, { position: { x: 0, y: 1.6 }, angle: 0 }, { x: 10, y: 0 })).toBeNull();
    expect(castShape(world, circle, { position: { x: 0, y: 0 }, angle: 0 }, { x: 3.4, y: 0 })).toBeNull(); // stops short
    const inside = castShape(world, circle, { position: { x: 4.8, y: 0 }, angle: 0 }, { x: 1, y: 0 });
    expect(inside!.fraction).toBe(0);
    expect(inside!.normal.x).toBeCloseTo(-1, 12); // cores overlap: against the translation
  });

  it('picks the nearest of several shapes and honours the filter', () => {
    const { world, box } = scene();
    const near = createBody(world, { type: 'static', position: { x: 2, y: 0 } });
    addShape(world, near, makeBox(0.2, 0.2), { isSensor: true });
    const far = createBody(world, { type: 'static', position: { x: 8, y: 0 } });
    addShape(world, far, makeCircle(1), { filter: { categoryBits: 2, maskBits: 0xffffffff, groupIndex: 0 } });
    const from = { position: { x: 0, y: 0 }, angle: 0 };
    expect(castShape(world, makeCircle(0.5), from, { x: 10, y: 0 })!.body).toBe(box); // sensors skipped
    expect(castShape(world, makeCircle(0.5), from, { x: 10, y: 0 }, { includeSensors: true })!.body).toBe(near);
    expect(castShape(world, makeCircle(0.5), from, { x: 10, y: 0 }, { ignoreBody: box })!.body).toBe(far);
    expect(castShape(world, makeCircle(0.5), from, { x: 10, y: 0 }, { ignoreBody: box, maskBits: 1 })).toBeNull();
  });

  it('first hit and no tunnelling on a random world: just before the hit nothing overlaps', () => {
    const rand = mulberry32(99);
    const world = createPhysicsWorld();
    for (let i = 0; i < 2000; i++) {
      const b = createBody(world, {
        type: rand() < 0.5 ? 'static' : 'dynamic',
        position: { x: rand() * 100, y: rand() * 100 },
        angle: rand() * 6,
      });
      const k = rand();
      addShape(
        world,
        b,
        k < 0.3
          ? makeCircle(0.2 + rand())
          : k < 0.6
            ? makeBox(0.2 + rand(), 0.1 + rand() * 0.5)
            : k < 0.8
              ? makeCapsule({ x: -0.5, y: 0 }, { x: 0.5, y: 0 }, 0.1 + rand() * 0.3)
              : makePolygon(
                  [
                    { x: 0, y: 0 },
                    { x: 1, y: 0.2 },
                    { x: 0.4, y: 1 },
                  ],
                  rand() * 0.1,
                ),
      );
    }
    const p = getPhysics(world);
    let hits = 0;
    for (let i = 0; i < 100; i++) {
      const k = rand();
      const g =
        k < 0.4
          ? makeCircle(0.1 + rand() * 0.5)
          : k < 0.8
            ? makeBox(0.1 + rand() * 0.5, 0.1 + rand() * 0.5)
            : makeSegment({ x: -0.3, y: 0 }, { x: 0.3, y: 0.1 });
      const x = rand() * 100,
        y = rand() * 100,
        angle = rand() * 6;
      const a = rand() * 2 * Math.PI,
        len = 1 + rand() * 30;
      const tx = len * Math.cos(a),
        ty = len * Math.sin(a);
      const at = (f: number): { position: { x: number; y: number }; angle: number } => ({
        position: { x: x + f * tx, y: y + f * ty },
        angle,
      });
      if (overlapShape(world, g, at(0)).length > 0) continue; // starts in contact: fraction 0, covered above
      const r = castShape(world, g, at(0), { x: tx, y: ty });
      if (r === null) {
        for (let s = 1; s <= 64; s++) expect(overlapShape(world, g, at(s / 64))).toEqual([]);
        continue;
      }
      hits++;
      expect(overlapShape(world, g, at(r.fraction - 1e-5 / len))).toEqual([]);
      for (let s = 1; s <= 16; s++) expect(overlapShape(world, g, at((r.fraction * s) / 17))).toEqual([]);
      // At the reported fraction the shapes are within the tolerance: grown by 1e-6 the query touches the hit shape.
      const qa = coreOf(g, x + r.fraction * tx, y + r.fraction * ty, angle);
      const qb = createCore();
      const pose = Float64Array.of(0, 0, 0, 0);
      const row = shapeRowOfHandle(r.shape);
      const eid = p.shapes.body[row];
      pose[0] = p.bodies.transform.x[eid];
      pose[1] = p.bodies.transform.y[eid];
      pose[2] = p.bodies.transform.c[eid];
      pose[3] = p.bodies.transform.s[eid];
      loadCore(p.shapes.geometry, row, pose, qb);
      expect(distance(qa, qb) - qa[CORE_RADIUS] - qb[CORE_RADIUS]).toBeLessThanOrEqual(1e-6);
    }
    expect(hits).toBeGreaterThan(20);
  });

  it('rejects bad arguments with INVALID_ARGUMENT', () => {
    const { world } = scene();
    const code = (fn: () => unknown): string | undefined => {
      try {
        fn();
      } catch (e) {
        return e instanceof PhysicsError ? e.code : 'other';
      }
      return undefined;
    };
    const at = { position: { x: 0, y: 0 }, angle: 0 };
    expect(code(() => castShape(world, makeCircle(1), at, { x: NaN, y: 0 }))).toBe('INVALID_ARGUMENT');
    expect(code(() => castShape(world, makeCircle(1), { position: { x: 0, y: 0 }, angle: NaN }, { x: 1, y: 0 }))).toBe(
      'INVALID_ARGUMENT',
    );
    expect(code(() => castShape(world, {} as never, at, { x: 1, y: 0 }))).toBe('INVALID_ARGUMENT');
    expect(code(() => overlapShape(world, makeCircle(1), { position: { x: Infinity, y: 0 }, angle: 0 }))).toBe(
      'INVALID_ARGUMENT',
    );
    expect(code(() => overlapShape(world, makeCircle(1), null as never))).toBe('INVALID_ARGUMENT');
  });
});
