import { beforeAll, describe, expect, it } from 'vitest';
import {
  addShape,
  castRay,
  castRayClosest,
  castRayInto,
  collideShapes,
  computeShapeAABB,
  createBody,
  createManifold,
  createPhysicsWorld,
  destroyShape,
  getBodyShapes,
  getPhysics,
  GEOMETRY_STRIDE,
  makeBox,
  makeCapsule,
  makeCircle,
  makePolygon,
  makeRoundedBox,
  makeSegment,
  M_HEADER,
  MP_STRIDE,
  MP_SEPARATION,
  M_COUNT,
  overlapAABB,
  overlapAABBInto,
  overlapPoint,
  overlapPointInto,
  overlapShape,
  overlapShapeInto,
  RayHits,
  rayCastGeometry,
  setTransform,
  shapeRow,
  ShapeHits,
  ShapeType,
  writeGeometry,
  type PhysicsState,
  type PhysicsWorld,
  type QueryFilter,
  type RayResult,
  type ShapeGeometry,
  type ShapeId,
  type BodyId,
} from '../src/internal.js';
import { cosSin } from '../src/math/index.js';

// Queries on a 10,000-body world must return exactly what testing every shape directly returns. The brute-force
// references below use the engine's per-shape routines (rayCastGeometry, computeShapeAABB, the collision manifolds) or
// a point test written here, never the query module's own distance code.

/** Small seeded PRNG (mulberry32): uniform in [0, 1). */
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

const SIZE = 300; // world square side (m)

function randomGeometry(rand: () => number, allowSegment: boolean, scale = 1): ShapeGeometry {
  const k = Math.floor(rand() * (allowSegment ? 7 : 6));
  const r = (0.2 + rand() * 1.3) * scale;
  switch (k) {
    case 0:
      return makeCircle(r, { x: (rand() - 0.5) * r, y: (rand() - 0.5) * r });
    case 1:
      return makeCapsule({ x: -r, y: (rand() - 0.5) * r }, { x: r, y: (rand() - 0.5) * r }, 0.1 + rand() * r * 0.5);
    case 2:
      return makeBox(r, (0.2 + rand()) * r, { x: (rand() - 0.5) * r, y: 0 }, rand() * 3);
    case 3:
      return makeRoundedBox(r, (0.2 + rand()) * r, 0.05 + rand() * 0.3 * r);
    case 4:
    case 5: {
      const pts: { x: number; y: number }[] = [];
      const n = 3 + Math.floor(rand() * 6);
      for (let i = 0; i < n; i++) {
        const a = (2 * Math.PI * (i + 0.3 * rand())) / n;
        pts.push({ x: r * Math.cos(a), y: r * Math.sin(a) });
      }
      return makePolygon(pts, k === 5 ? rand() * 0.2 * r : 0);
    }
    default:
      return makeSegment({ x: -r, y: (rand() - 0.5) * r }, { x: r, y: (rand() - 0.5) * r });
  }
}

interface Scene {
  world: PhysicsWorld;
  p: PhysicsState;
  /** Live shape handles. */
  shapes: ShapeId[];
}

function buildScene(seed: number, bodies: number): Scene {
  const rand = mulberry32(seed);
  const world = createPhysicsWorld();
  const eids: BodyId[] = [];
  for (let i = 0; i < bodies; i++) {
    const u = rand();
    const type = u < 0.3 ? 'static' : u < 0.4 ? 'kinematic' : 'dynamic';
    const body = createBody(world, {
      type,
      position: { x: rand() * SIZE, y: rand() * SIZE },
      angle: (rand() - 0.5) * 7,
    });
    eids.push(body);
    const n = rand() < 0.1 ? 2 : 1;
    for (let j = 0; j < n; j++) {
      const v = rand();
      addShape(world, body, randomGeometry(rand, type === 'static'), {
        isSensor: v < 0.05,
        filter: { categoryBits: 1 << Math.floor(rand() * 3), maskBits: rand() < 0.8 ? 0xffffffff : 0x3, groupIndex: 0 },
      });
    }
  }
  // Teleport some bodies (their proxies move in the tree) and drop some shapes (their rows go stale).
  for (let i = 0; i < bodies / 10; i++) {
    const body = eids[Math.floor(rand() * eids.length)];
    setTransform(world, body, { x: rand() * SIZE, y: rand() * SIZE }, rand() * 6);
  }
  for (let i = 0; i < bodies / 50; i++) {
    const body = eids[Math.floor(rand() * eids.length)];
    const list = getBodyShapes(world, body);
    if (list.length > 1) destroyShape(world, list[0]);
  }
  const shapes: ShapeId[] = [];
  for (const body of eids) shapes.push(...getBodyShapes(world, body));
  return { world, p: getPhysics(world), shapes };
}

/** The filter test as documented, written out independently of the query module. */
function passes(p: PhysicsState, row: number, f: QueryFilter | undefined): boolean {
  const s = p.shapes;
  const cat = (f?.categoryBits ?? 1) >>> 0;
  const mask = (f?.maskBits ?? 0xffffffff) >>> 0;
  if ((s.categoryBits[row] & mask) >>> 0 === 0 || (cat & s.maskBits[row]) >>> 0 === 0) return false;
  if (!(f?.includeSensors ?? false) && s.sensor[row] === 1) return false;
  return s.body[row] !== (f?.ignoreBody ?? -1);
}

function pose(p: PhysicsState, row: number): Float64Array {
  const eid = p.shapes.body[row];
  const t = p.bodies.transform;
  return Float64Array.of(t.x[eid], t.y[eid], t.c[eid], t.s[eid]);
}

/** Shape order, the order of every query's results: descending shape handles (state/shape-handle.ts). */
const inShapeOrder = (a: number, b: number): number => b - a;

function bruteRay(sc: Scene, ox: number, oy: number, dx: number, dy: number, f?: QueryFilter): RayResult[] {
  const { p } = sc;
  const out = new Float64Array(5);
  const hits: RayResult[] = [];
  for (const handle of sc.shapes) {
    const row = shapeRow(p, handle);
    if (!passes(p, row, f)) continue;
    const ps = pose(p, row);
    if (rayCastGeometry(p.shapes.geometry, row, ps[0], ps[1], ps[2], ps[3], ox, oy, dx, dy, 1, out)) {
      hits.push({
        body: p.bodies.handle[p.shapes.body[row]],
        shape: handle,
        point: { x: out[1], y: out[2] },
        normal: { x: out[3], y: out[4] },
        fraction: out[0],
      });
    }
  }
  return hits.sort((a, b) => a.fraction - b.fraction || inShapeOrder(a.shape, b.shape));
}

function bruteAABB(
  sc: Scene,
  b: { minX: number; minY: number; maxX: number; maxY: number },
  f?: QueryFilter,
): number[] {
  const { p } = sc;
  const box = new Float64Array(4);
  return sc.shapes
    .filter((handle) => {
      const row = shapeRow(p, handle);
      if (!passes(p, row, f)) return false;
      computeShapeAABB(p.shapes.geometry, row, pose(p, row), box, 0);
      return !(box[0] > b.maxX || box[2] < b.minX || box[1] > b.maxY || box[3] < b.minY);
    })
    .sort(inShapeOrder);
}

/** Point in a rounded convex shape: inside the core polygon, or within the radius of its boundary. */
function containsPoint(p: PhysicsState, row: number, x: number, y: number): boolean {
  const g = p.shapes.geometry;
  const [px, py, c, s] = pose(p, row);
  const wx = x - px!,
    wy = y - py!;
  const lx = c! * wx + s! * wy,
    ly = -s! * wx + c! * wy; // local point
  const n = g.count[row],
    r = g.radius[row],
    o = row * GEOMETRY_STRIDE;
  const v = (i: number): [number, number] => [g.verts[o + 2 * i], g.verts[o + 2 * i + 1]];
  if (n >= 3) {
    let inside = true;
    for (let i = 0; i < n; i++) {
      const [ax, ay] = v(i);
      if (g.normals[o + 2 * i] * (lx - ax) + g.normals[o + 2 * i + 1] * (ly - ay) > 0) inside = false;
    }
    if (inside) return true;
  }
  let best = Infinity;
  for (let i = 0; i < (n < 3 ? 1 : n); i++) {
    const [ax, ay] = v(i);
    const [bx, by] = v(n === 1 ? 0 : (i + 1) % n);
    const ex = bx - ax,
      ey = by - ay,
      ee = ex * ex + ey * ey;
    const t = ee > 0 ? Math.min(1, Math.max(0, ((lx - ax) * ex + (ly - ay) * ey) / ee)) : 0;
    best = Math.min(best, Math.hypot(lx - ax - t * ex, ly - ay - t * ey));
  }
  return best <= r;
}

/** A point outside a shape's bounding box is outside the shape: the box test only saves time. */
function brutePoint(sc: Scene, x: number, y: number, f?: QueryFilter): number[] {
  const { p } = sc;
  const box = new Float64Array(4);
  return sc.shapes
    .filter((h) => {
      const row = shapeRow(p, h);
      if (!passes(p, row, f)) return false;
      computeShapeAABB(p.shapes.geometry, row, pose(p, row), box, 0);
      if (x < box[0] || x > box[2] || y < box[1] || y > box[3]) return false;
      return containsPoint(p, row, x, y);
    })
    .sort(inShapeOrder);
}

/** Do two segments (world) share a point? Orientation test; collinear overlap counts. */
function segmentsIntersect(a: number[], b: number[]): boolean {
  const orient = (px: number, py: number, qx: number, qy: number, rx: number, ry: number): number =>
    Math.sign((qx - px) * (ry - py) - (qy - py) * (rx - px));
  const onSeg = (px: number, py: number, qx: number, qy: number, rx: number, ry: number): boolean =>
    Math.min(px, qx) <= rx && rx <= Math.max(px, qx) && Math.min(py, qy) <= ry && ry <= Math.max(py, qy);
  const [a0, a1, a2, a3] = a as [number, number, number, number];
  const [b0, b1, b2, b3] = b as [number, number, number, number];
  const o1 = orient(a0, a1, a2, a3, b0, b1),
    o2 = orient(a0, a1, a2, a3, b2, b3);
  const o3 = orient(b0, b1, b2, b3, a0, a1),
    o4 = orient(b0, b1, b2, b3, a2, a3);
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    (o1 === 0 && onSeg(a0, a1, a2, a3, b0, b1)) ||
    (o2 === 0 && onSeg(a0, a1, a2, a3, b2, b3)) ||
    (o3 === 0 && onSeg(b0, b1, b2, b3, a0, a1)) ||
    (o4 === 0 && onSeg(b0, b1, b2, b3, a2, a3))
  );
}

function worldSegment(p: PhysicsState, row: number, ps: Float64Array): number[] {
  const g = p.shapes.geometry,
    o = row * GEOMETRY_STRIDE;
  const out: number[] = [];
  for (let i = 0; i < 2; i++) {
    const x = g.verts[o + 2 * i],
      y = g.verts[o + 2 * i + 1];
    out.push(ps[0] + ps[2] * x - ps[3] * y, ps[1] + ps[3] * x + ps[2] * y);
  }
  return out;
}

/**
 * Brute-force overlapShape: the collision manifold of the pair has a point with separation <= 0 (segment–segment,
 * which the table leaves empty, by an orientation test). Shapes whose boxes are apart cannot overlap, so the box test
 * only saves time.
 */
function bruteShape(sc: Scene, g: ShapeGeometry, x: number, y: number, angle: number, f?: QueryFilter): number[] {
  const { p } = sc;
  const store = p.shapes.geometry;
  const qRow = p.shapes.capacityUsed + 1; // a row no shape uses
  writeGeometry(store, qRow, g);
  const qPose = Float64Array.of(x, y, 0, 0);
  cosSin(angle, qPose, 2); // as the queries turn an angle into a rotation
  const qBox = new Float64Array(4);
  const box = new Float64Array(4);
  computeShapeAABB(store, qRow, qPose, qBox, 0);
  const m = createManifold();
  const result: number[] = [];
  for (const handle of sc.shapes) {
    const row = shapeRow(p, handle);
    if (!passes(p, row, f)) continue;
    const ps = pose(p, row);
    computeShapeAABB(store, row, ps, box, 0);
    if (box[0] > qBox[2] || box[2] < qBox[0] || box[1] > qBox[3] || box[3] < qBox[1]) continue;
    let hit = false;
    if (store.type[row] === ShapeType.segment && g.type === ShapeType.segment) {
      hit = segmentsIntersect(worldSegment(p, qRow, qPose), worldSegment(p, row, ps));
    } else {
      collideShapes(store, qRow, qPose[0], qPose[1], qPose[2], qPose[3], row, ps[0], ps[1], ps[2], ps[3], m);
      for (let i = 0; i < m[M_COUNT]; i++) {
        if (m[M_HEADER + i * MP_STRIDE + MP_SEPARATION] <= 0) hit = true;
      }
    }
    if (hit) result.push(handle);
  }
  return result.sort(inShapeOrder);
}

function randomFilter(rand: () => number, sc: Scene): QueryFilter | undefined {
  const u = rand();
  if (u < 0.5) return undefined;
  return {
    categoryBits: 1 << Math.floor(rand() * 3),
    maskBits: rand() < 0.5 ? 0xffffffff : 1 + Math.floor(rand() * 7),
    includeSensors: rand() < 0.5,
    ignoreBody:
      rand() < 0.5
        ? sc.p.bodies.handle[sc.p.shapes.body[shapeRow(sc.p, sc.shapes[Math.floor(rand() * sc.shapes.length)])]]
        : -1,
  };
}

describe('queries on a 10,000-body world equal brute force', () => {
  let sc: Scene;
  beforeAll(() => {
    sc = buildScene(1234, 10_000);
  });

  it('castRay, castRayClosest and castRayInto: 200 random rays', () => {
    const rand = mulberry32(7);
    const buffer = new RayHits();
    let total = 0;
    for (let i = 0; i < 200; i++) {
      const ox = rand() * SIZE,
        oy = rand() * SIZE;
      const len = rand() < 0.1 ? 400 : rand() * 60;
      const a = rand() * 2 * Math.PI;
      const dx = len * Math.cos(a),
        dy = len * Math.sin(a);
      const f = randomFilter(rand, sc);
      const expected = bruteRay(sc, ox, oy, dx, dy, f);
      const got = castRay(sc.world, { x: ox, y: oy }, { x: dx, y: dy }, f);
      expect(got).toEqual(expected);
      expect(castRayClosest(sc.world, { x: ox, y: oy }, { x: dx, y: dy }, f)).toEqual(expected[0] ?? null);
      expect(castRayInto(sc.world, { x: ox, y: oy }, { x: dx, y: dy }, buffer, f)).toBe(expected.length);
      expect(Array.from(buffer.shape.subarray(0, buffer.count))).toEqual(expected.map((h) => h.shape));
      total += expected.length;
    }
    expect(total).toBeGreaterThan(500); // the rays do hit things
  });

  it('overlapAABB: 200 random boxes', () => {
    const rand = mulberry32(8);
    const buffer = new ShapeHits();
    let total = 0;
    for (let i = 0; i < 200; i++) {
      const x = rand() * SIZE,
        y = rand() * SIZE;
      const box = { minX: x, minY: y, maxX: x + rand() * 20, maxY: y + rand() * 20 };
      const f = randomFilter(rand, sc);
      const expected = bruteAABB(sc, box, f);
      expect(overlapAABB(sc.world, box, f)).toEqual(expected);
      expect(overlapAABBInto(sc.world, box, buffer, f)).toBe(expected.length);
      expect(Array.from(buffer.shape.subarray(0, buffer.count))).toEqual(expected);
      for (let j = 0; j < buffer.count; j++)
        expect(buffer.body[j]).toBe(sc.p.shapes.body[shapeRow(sc.p, buffer.shape[j])]);
      total += expected.length;
    }
    expect(total).toBeGreaterThan(500);
  });

  it('overlapPoint: 200 random points (and 200 points inside shapes)', () => {
    const rand = mulberry32(9);
    const buffer = new ShapeHits();
    let total = 0;
    for (let i = 0; i < 400; i++) {
      let x = rand() * SIZE,
        y = rand() * SIZE;
      if (i >= 200) {
        // Near a random shape's body origin, so most of these points are inside something.
        const row = shapeRow(sc.p, sc.shapes[Math.floor(rand() * sc.shapes.length)]);
        const ps = pose(sc.p, row);
        x = ps[0] + (rand() - 0.5);
        y = ps[1] + (rand() - 0.5);
      }
      const f = randomFilter(rand, sc);
      const expected = brutePoint(sc, x, y, f);
      expect(overlapPoint(sc.world, { x, y }, f)).toEqual(expected);
      expect(overlapPointInto(sc.world, { x, y }, buffer, f)).toBe(expected.length);
      total += expected.length;
    }
    expect(total).toBeGreaterThan(100);
  });

  it('overlapShape: 200 random shapes, every kind', () => {
    const rand = mulberry32(10);
    const buffer = new ShapeHits();
    let total = 0;
    for (let i = 0; i < 200; i++) {
      const g = randomGeometry(rand, true, 1 + 3 * rand());
      const x = rand() * SIZE,
        y = rand() * SIZE,
        angle = (rand() - 0.5) * 10;
      const f = randomFilter(rand, sc);
      const expected = bruteShape(sc, g, x, y, angle, f);
      const got = overlapShape(sc.world, g, { position: { x, y }, angle }, f);
      expect(got).toEqual(expected);
      expect(overlapShapeInto(sc.world, g, { position: { x, y }, angle }, buffer, f)).toBe(expected.length);
      total += expected.length;
    }
    expect(total).toBeGreaterThan(200);
  });
});
