// castMover and collideMover on small worlds with analytic answers: landing fractions for every shape kind, grazing
// and touching starts, slope and corner planes, deep overlap, chains' one side, filters and sensors, bad input.
import { describe, expect, it } from 'vitest';
import {
  addChain,
  addShape,
  castMover,
  collideMover,
  collideMoverInto,
  createBody,
  createPhysicsWorld,
  getPosition,
  makeBox,
  makeCapsule,
  makeChain,
  makeCircle,
  makePolygon,
  makeRoundedBox,
  makeSegment,
  MOVER_CONTACT_GAP,
  MOVER_REST_GAP,
  MOVER_SKIN,
  MoverPlanes,
  PhysicsError,
  solvePlanes,
  type Mover,
  type PhysicsWorld,
  type ShapeGeometry,
} from '../src/internal.js';
import { stepPhysics } from '../../systems/src/index.js';

/** A vertical capsule whose bottom circle is centred at (x, y), `height` between the centres. */
function capsule(x: number, y: number, radius = 0.5, height = 1): Mover {
  return { center1: { x, y }, center2: { x, y: y + height }, radius };
}

function circle(x: number, y: number, radius = 0.5): Mover {
  return { center1: { x, y }, center2: { x, y }, radius };
}

function staticWorld(...shapes: ShapeGeometry[]): { world: PhysicsWorld; body: number; ids: number[] } {
  const world = createPhysicsWorld();
  const body = createBody(world, { type: 'static' });
  const ids = shapes.map((g) => addShape(world, body, g));
  return { world, body, ids };
}

const deg = Math.PI / 180;

describe('castMover stops the mover MOVER_SKIN short of the first shape', () => {
  // Each ground's top is at y = 0.5 under x = 0; the capsule's bottom starts 1 m above it and is cast 2 m down.
  const grounds: [string, () => { world: PhysicsWorld }][] = [
    ['box', () => staticWorld(makeBox(5, 0.5))],
    ['rounded box', () => staticWorld(makeRoundedBox(5, 0.3, 0.2))],
    ['circle', () => staticWorld(makeCircle(0.5))],
    ['capsule', () => staticWorld(makeCapsule({ x: -2, y: 0 }, { x: 2, y: 0 }, 0.5))],
    ['segment', () => staticWorld(makeSegment({ x: -5, y: 0.5 }, { x: 5, y: 0.5 }))],
    [
      'polygon apex',
      () =>
        staticWorld(
          makePolygon([
            { x: -5, y: 0 },
            { x: 5, y: 0 },
            { x: 0, y: 0.5 },
          ]),
        ),
    ],
    [
      'chain (collision side up)',
      () => {
        const world = createPhysicsWorld();
        addChain(
          world,
          createBody(world, { type: 'static' }),
          makeChain([
            { x: 5, y: 0.5 },
            { x: 0.5, y: 0.5 },
            { x: -5, y: 0.5 },
          ]),
        );
        return { world };
      },
    ],
  ];
  for (const [name, make] of grounds) {
    it(`on a ${name}: fraction (1 − skin) / 2`, () => {
      const { world } = make();
      const f = castMover(world, capsule(0, 2), { x: 0, y: -2 });
      expect(f).toBeCloseTo((1 - MOVER_SKIN) / 2, 12);
      expect(castMover(world, circle(0, 2), { x: 0, y: -2 })).toBeCloseTo((1 - MOVER_SKIN) / 2, 12);
      // A segment mover (radius 0) lying flat: its ends reach past the apex of the triangle and the circle, but the
      // gap is still vertical at x = 0 for every ground here.
      const flat: Mover = { center1: { x: -0.25, y: 1.5 }, center2: { x: 0.25, y: 1.5 }, radius: 0 };
      expect(castMover(world, flat, { x: 0, y: -2 })).toBeCloseTo((1 - MOVER_SKIN) / 2, 12);
    });
  }

  it('nothing in the way, or moving away: fraction 1', () => {
    const { world } = staticWorld(makeBox(5, 0.5));
    expect(castMover(world, capsule(0, 2), { x: 0, y: 3 })).toBe(1);
    expect(castMover(world, capsule(0, 2), { x: 0, y: -0.5 + MOVER_SKIN })).toBe(1); // stops short of the skin
    expect(castMover(world, capsule(0, 2), { x: 0, y: 0 })).toBe(1);
  });

  it('grazing a corner: a gap wider than the skin passes, a narrower one stops where the gap is the skin', () => {
    const { world } = staticWorld(makeBox(5, 0.5)); // top face y = 0.5, corners at x = ±5
    const r = 0.5;
    expect(castMover(world, circle(-7, 0.5 + r + 2 * MOVER_SKIN, r), { x: 4, y: 0 })).toBe(1);
    const g = 0.5 * MOVER_SKIN;
    const f = castMover(world, circle(-7, 0.5 + r + g, r), { x: 4, y: 0 });
    // The circle's centre is r + skin from the corner (−5, 0.5) when it stops.
    const x = -5 - Math.sqrt((r + MOVER_SKIN) ** 2 - (r + g) ** 2);
    expect(f).toBeCloseTo((x + 7) / 4, 6);
    const cx = -7 + 4 * f;
    expect(Math.hypot(cx + 5, r + g) - r).toBeGreaterThanOrEqual(MOVER_SKIN - 1e-12);
  });

  it('already within the skin: fraction 0 into the surface, 1 along it or away from it', () => {
    const { world } = staticWorld(makeBox(5, 0.5));
    for (const g of [0, 0.5 * MOVER_SKIN, MOVER_SKIN]) {
      const m = capsule(0, 1 + g);
      expect(castMover(world, m, { x: 0, y: -1 })).toBe(0);
      expect(castMover(world, m, { x: 2, y: -0.01 })).toBe(0);
      expect(castMover(world, m, { x: 3, y: 0 })).toBe(1);
      expect(castMover(world, m, { x: -3, y: 0.2 })).toBe(1);
    }
    // Slightly overlapping (the rounded parts, not the cores): the same.
    expect(castMover(world, capsule(0, 0.9), { x: 0, y: -1 })).toBe(0);
    expect(castMover(world, capsule(0, 0.9), { x: 1, y: 0 })).toBe(1);
  });

  it('a shape whose core the mover’s core already crosses does not stop it; the others still do', () => {
    const { world } = staticWorld(makeBox(1, 1), makeBox(0.5, 0.5, { x: 4, y: 0 }));
    const inside = capsule(0, -0.5, 0.2);
    expect(castMover(world, inside, { x: 0, y: 2 })).toBe(1);
    // Moving right out of the first box into the second: stopped at the second's face x = 3.5.
    const f = castMover(world, inside, { x: 4, y: 0 });
    expect(f).toBeCloseTo((3.5 - 0.2 - MOVER_SKIN) / 4, 12);
  });

  it('slides along a 30° slope while touching it, and is stopped at once going into it', () => {
    const world = createPhysicsWorld();
    const slope = createBody(world, { type: 'static', angle: 30 * deg });
    addShape(world, slope, makeBox(20, 0.5));
    const n = { x: -Math.sin(30 * deg), y: Math.cos(30 * deg) };
    const t = { x: Math.cos(30 * deg), y: Math.sin(30 * deg) };
    const k = 0.5 + 0.5 + 0.5 * MOVER_SKIN; // centre's height over the box centre, along n
    const m = circle(k * n.x, k * n.y);
    expect(castMover(world, m, { x: 3 * t.x, y: 3 * t.y })).toBe(1);
    expect(castMover(world, m, { x: -3 * t.x, y: -3 * t.y })).toBe(1);
    expect(castMover(world, m, { x: 0, y: -1 })).toBe(0);
    // From higher up, straight down: stops where the gap along n is the skin.
    const h = circle(2 * n.x, 2 * n.y);
    const f = castMover(world, h, { x: 0, y: -2 });
    expect(f).toBeCloseTo((2 - 1 - MOVER_SKIN) / n.y / 2, 12);
  });
});

describe('collideMover: one plane per shape near the mover', () => {
  const g = 0.004; // gap between mover and surface, inside MOVER_CONTACT_GAP

  it('every shape kind gives its surface normal, the rest-gap offset and the surface point', () => {
    const kinds: [string, ShapeGeometry][] = [
      ['box', makeBox(5, 0.5)],
      ['rounded box', makeRoundedBox(5, 0.3, 0.2)],
      ['capsule', makeCapsule({ x: -2, y: 0 }, { x: 2, y: 0 }, 0.5)],
      ['segment', makeSegment({ x: -5, y: 0.5 }, { x: 5, y: 0.5 })],
    ];
    for (const [, geometry] of kinds) {
      const { world, body, ids } = staticWorld(geometry);
      const planes = collideMover(world, capsule(0.3, 1 + g));
      expect(planes).toHaveLength(1);
      const [p] = planes;
      expect(p.normal.x).toBeCloseTo(0, 14);
      expect(p.normal.y).toBeCloseTo(1, 14);
      expect(p.offset).toBeCloseTo(MOVER_REST_GAP - g, 14);
      expect(p.point.x).toBeCloseTo(0.3, 14);
      expect(p.point.y).toBeCloseTo(0.5, 14);
      expect(p).toMatchObject({ body, shape: ids[0], pushLimit: Infinity, push: 0, clipVelocity: true });
    }
    // A circle: the normal is the direction from its centre.
    const { world } = staticWorld(makeCircle(0.5));
    const c = { x: 0.6, y: 0.8 }; // unit
    const d = 1 + g;
    const [p] = collideMover(world, circle(d * c.x, d * c.y));
    expect(p.normal.x).toBeCloseTo(c.x, 14);
    expect(p.normal.y).toBeCloseTo(c.y, 14);
    expect(p.offset).toBeCloseTo(MOVER_REST_GAP - g, 14);
    expect(p.point.x).toBeCloseTo(0.5 * c.x, 14);
    expect(p.point.y).toBeCloseTo(0.5 * c.y, 14);
  });

  it('a circle mover centred a hair from a circle’s centre still gets a unit normal', () => {
    const world = createPhysicsWorld();
    addShape(world, createBody(world, { type: 'static', position: { x: 0, y: 1e-160 } }), makeCircle(0.1));
    const [p] = collideMover(world, circle(0, 0, 0.05));
    expect(Math.hypot(p.normal.x, p.normal.y)).toBeCloseTo(1, 15);
    expect(p.normal.y).toBeCloseTo(-1, 15);
    expect(solvePlanes({ x: 0, y: 0 }, [p]).translation.y).toBeCloseTo(-(0.15 + MOVER_REST_GAP), 14);
    // Exactly centred: no direction at all; +y by convention.
    const [q] = collideMover(world, circle(0, 1e-160, 0.05));
    expect(q.normal).toEqual({ x: 0, y: 1 });
  });

  it('shapes beyond MOVER_CONTACT_GAP give none', () => {
    const { world } = staticWorld(makeBox(5, 0.5));
    expect(collideMover(world, capsule(0, 1 + MOVER_CONTACT_GAP * 1.01))).toEqual([]);
    expect(collideMover(world, capsule(0, 1 + MOVER_CONTACT_GAP * 0.99))).toHaveLength(1);
  });

  it('on a 30° slope the plane normal is the slope normal', () => {
    const world = createPhysicsWorld();
    const slope = createBody(world, { type: 'static', angle: 30 * deg });
    addShape(world, slope, makeBox(20, 0.5));
    const n = { x: -Math.sin(30 * deg), y: Math.cos(30 * deg) };
    const t = { x: Math.cos(30 * deg), y: Math.sin(30 * deg) };
    // Bottom centre of a vertical capsule g above the face, 2 m up the slope (the rest of the capsule is farther).
    const k = 0.5 + 0.5 + g;
    const [p] = collideMover(world, capsule(k * n.x + 2 * t.x, k * n.y + 2 * t.y));
    expect(p.normal.x).toBeCloseTo(n.x, 14);
    expect(p.normal.y).toBeCloseTo(n.y, 14);
    expect(p.offset).toBeCloseTo(MOVER_REST_GAP - g, 13);
  });

  it('in a corner: two planes, solved to the corner', () => {
    const world = createPhysicsWorld();
    const ground = createBody(world, { type: 'static' });
    const floor = addShape(world, ground, makeBox(5, 0.5, { x: 0, y: -0.5 })); // top y = 0
    const wall = addShape(world, ground, makeBox(0.5, 2, { x: 1.5, y: 2 })); // left face x = 1
    const gx = 0.003,
      gy = 0.002;
    const planes = collideMover(world, circle(1 - 0.5 - gx, 0.5 + gy));
    expect(planes.map((p) => p.shape)).toEqual([floor, wall].sort((a, b) => b - a)); // shape order: descending handles
    const byShape = new Map(planes.map((p) => [p.shape, p]));
    expect(byShape.get(floor)!.normal.x).toBeCloseTo(0, 15);
    expect(byShape.get(floor)!.normal.y).toBeCloseTo(1, 15);
    expect(byShape.get(floor)!.offset).toBeCloseTo(MOVER_REST_GAP - gy, 14);
    expect(byShape.get(wall)!.normal.x).toBeCloseTo(-1, 15);
    expect(byShape.get(wall)!.normal.y).toBeCloseTo(0, 15);
    expect(byShape.get(wall)!.offset).toBeCloseTo(MOVER_REST_GAP - gx, 14);
    const r = solvePlanes({ x: 0.3, y: -0.2 }, planes);
    expect(r.translation.x).toBeCloseTo(gx - MOVER_REST_GAP, 14);
    expect(r.translation.y).toBeCloseTo(MOVER_REST_GAP - gy, 14);
  });

  it('pushes a mover out of a known penetration by that much plus the rest gap', () => {
    // A circle mover of radius 0.25 centred 0.2 below the top of a box: 0.45 deep.
    const { world } = staticWorld(makeBox(5, 0.5));
    const planes = collideMover(world, circle(1, 0.3, 0.25));
    expect(planes).toHaveLength(1);
    expect(planes[0].normal).toEqual({ x: 0, y: 1 });
    expect(planes[0].offset).toBeCloseTo(MOVER_REST_GAP + 0.45, 14);
    const r = solvePlanes({ x: 0, y: 0 }, planes);
    expect(r.translation.x).toBe(0);
    expect(r.translation.y).toBeCloseTo(0.45 + MOVER_REST_GAP, 14);
    // Moved there, it rests at exactly the rest gap: the plane asks for nothing more.
    const again = collideMover(world, circle(1, 0.3 + r.translation.y, 0.25));
    expect(Math.abs(again[0].offset)).toBeLessThan(1e-14);
  });

  it('deep overlap: the axis of least penetration, for the shape’s faces and the mover’s', () => {
    const { world } = staticWorld(makeBox(1, 1));
    // The capsule's core crosses the box near its right face: out to the right, 0.1 + r + rest.
    const [right] = collideMover(world, capsule(0.9, -0.3, 0.2, 0.6));
    expect(right.normal).toEqual({ x: 1, y: 0 });
    expect(right.offset).toBeCloseTo(0.1 + 0.2 + MOVER_REST_GAP, 14);
    // A flat capsule mover lying across a thin segment: out along the mover's own normal (down here: nearer).
    const seg = staticWorld(makeSegment({ x: 0, y: -1 }, { x: 0, y: 1 }));
    const [across] = collideMover(seg.world, {
      center1: { x: -1, y: -0.1 },
      center2: { x: 1, y: -0.1 },
      radius: 0.3,
    });
    expect(across.normal.x).toBeCloseTo(0, 15);
    expect(across.normal.y).toBeCloseTo(-1, 15);
    expect(across.offset).toBeCloseTo(0.9 + 0.3 + MOVER_REST_GAP, 14);
  });

  it('chains are one-sided: a mover centred behind a segment neither collides with it nor is stopped by it', () => {
    const world = createPhysicsWorld();
    const ground = createBody(world, { type: 'static' });
    // Right to left: solid below, collision side up.
    const ids = addChain(
      world,
      ground,
      makeChain([
        { x: 10, y: 0 },
        { x: 0, y: 0 },
        { x: -10, y: 0 },
      ]),
    );
    expect(collideMover(world, capsule(3, 0.5 + g))).toHaveLength(1);
    expect(collideMover(world, capsule(3, 0.5 + g))[0].shape).toBe(ids[0]);
    // Near and over the flat joint: one plane only, straight up, from the segment under the mover (the other's end
    // vertex is its neighbour's, as in the chain contacts); no vertex plane tilted against a mover walking over.
    for (const [x, owner] of [
      [0.05, 0],
      [0, 0],
      [-0.05, 1],
    ]) {
      const planes = collideMover(world, capsule(x, 0.5 + g));
      expect(planes.map((p) => p.shape)).toEqual([ids[owner]]);
      expect(planes[0].normal.x).toBeCloseTo(0, 14);
      expect(planes[0].normal.y).toBeCloseTo(1, 15);
    }
    // A plain segment has no neighbour: its end vertex gives a tilted plane there.
    const open = staticWorld(makeSegment({ x: -10, y: 0 }, { x: 0, y: 0 }));
    expect(collideMover(open.world, capsule(0.05, 0.5 + g))[0].normal.x).toBeGreaterThan(0.05);
    // Behind (below): nothing, and a cast up through the chain is free.
    expect(collideMover(world, capsule(3, -2 - g))).toEqual([]);
    expect(castMover(world, capsule(3, -2), { x: 0, y: 5 })).toBe(1);
    expect(castMover(world, capsule(3, 2), { x: 0, y: -5 })).toBeCloseTo((1.5 - MOVER_SKIN) / 5, 12);
    // Sunk in with the centre still in front: pushed out on top, never down through the chain.
    const [sunk] = collideMover(world, capsule(3, -0.2, 0.3, 1));
    expect(sunk.normal).toEqual({ x: 0, y: 1 });
    expect(sunk.offset).toBeCloseTo(0.2 + 0.3 + MOVER_REST_GAP, 14);
  });

  it('at a convex chain corner both segments give the corner’s plane', () => {
    const world = createPhysicsWorld();
    // A hill top at (0, 0): up from the left, down to the right (points right to left, collision side up).
    const ids = addChain(
      world,
      createBody(world, { type: 'static' }),
      makeChain([
        { x: 5, y: -2 },
        { x: 0, y: 0 },
        { x: -5, y: -2 },
      ]),
    );
    const planes = collideMover(world, circle(0, 0.5 + g));
    expect(planes.map((p) => p.shape)).toEqual(ids);
    for (const p of planes) {
      expect(p.normal.x).toBeCloseTo(0, 15);
      expect(p.normal.y).toBeCloseTo(1, 15);
      expect(p.offset).toBeCloseTo(MOVER_REST_GAP - g, 14);
    }
  });

  it('the Into form fills a caller-owned buffer, reusing its columns once grown', () => {
    const { world } = staticWorld(makeBox(5, 0.5), makeBox(0.5, 2, { x: 1.5, y: 2 }));
    const planes = new MoverPlanes(1);
    const mover = circle(0.5 - 0.002, 1 + 0.002);
    expect(collideMoverInto(world, mover, planes)).toBe(2);
    const columns = [planes.normalX, planes.offset, planes.shape];
    expect(collideMoverInto(world, mover, planes)).toBe(2);
    expect(planes.normalX).toBe(columns[0]);
    expect(planes.shape[0]).toBeGreaterThan(planes.shape[1]); // shape order: descending handles
    // The object form agrees.
    const objects = collideMover(world, mover);
    for (let i = 0; i < 2; i++) {
      expect(objects[i].normal).toEqual({ x: planes.normalX[i], y: planes.normalY[i] });
      expect(objects[i].offset).toBe(planes.offset[i]);
      expect(objects[i].shape).toBe(planes.shape[i]);
    }
    // …and reuses the objects of `out`.
    const out = collideMover(world, mover, undefined, objects);
    expect(out).toBe(objects);
    expect(out[0]).toBe(objects[0]);
  });
});

describe('filters and sensors', () => {
  it('sensors never block or push; category, mask and ignoreBody are respected', () => {
    const world = createPhysicsWorld();
    const ground = createBody(world, { type: 'static' });
    addShape(world, ground, makeBox(5, 0.5)); // top y = 0.5
    const sensorBody = createBody(world, { type: 'static' });
    addShape(world, sensorBody, makeBox(5, 0.5, { x: 0, y: 1.5 }), { isSensor: true }); // y 1..2
    const ledge = createBody(world, { type: 'static' });
    addShape(world, ledge, makeBox(5, 0.25, { x: 0, y: 3.25 }), { filter: { categoryBits: 0x2, maskBits: 0x1 } }); // y 3..3.5
    const start = capsule(0, 4.25, 0.25, 0.5); // bottom at y = 4
    const down = { x: 0, y: -4 };
    // The ledge stops it 1 m down.
    expect(castMover(world, start, down)).toBeCloseTo((0.5 - MOVER_SKIN) / 4, 12);
    // Masked out or ignored: the ground stops it 3.5 m down; the sensor, even with includeSensors, never.
    const toGround = (3.5 - MOVER_SKIN) / 4;
    expect(castMover(world, start, down, { maskBits: 0x1 })).toBeCloseTo(toGround, 12);
    expect(castMover(world, start, down, { ignoreBody: ledge, includeSensors: true })).toBeCloseTo(toGround, 12);
    expect(castMover(world, start, down, { maskBits: 0x4 })).toBe(1);
    // The ledge's own mask leaves out a query of category 0x8; the ground's does not.
    expect(castMover(world, start, down, { categoryBits: 0x8 })).toBeCloseTo(toGround, 12);
    // In the sensor: no plane from it, whatever the filter.
    const inSensor = capsule(0, 1.5, 0.25, 0.2);
    expect(collideMover(world, inSensor, { includeSensors: true })).toEqual([]);
    expect(collideMover(world, capsule(0, 3.75 + 0.001, 0.25, 0.2)).map((p) => p.body)).toEqual([ledge]);
    expect(collideMover(world, capsule(0, 3.75 + 0.001, 0.25, 0.2), { ignoreBody: ledge })).toEqual([]);
  });
});

describe('bad arguments', () => {
  it('are refused with INVALID_ARGUMENT, and the world still steps', () => {
    const world = createPhysicsWorld();
    const ground = createBody(world, { type: 'static' });
    addShape(world, ground, makeBox(5, 0.5));
    const ball = createBody(world, { type: 'dynamic', position: { x: 3, y: 5 } });
    addShape(world, ball, makeCircle(0.25));
    const code = (fn: () => unknown): string | undefined => {
      try {
        fn();
      } catch (e) {
        return e instanceof PhysicsError ? e.code : 'other';
      }
      return undefined;
    };
    const ok = capsule(0, 2);
    const t = { x: 0, y: -1 };
    const bad: Mover[] = [
      { ...ok, radius: -0.1 },
      { ...ok, radius: NaN },
      { ...ok, radius: Infinity },
      { ...ok, radius: '1' as never },
      { ...ok, center1: { x: NaN, y: 0 } },
      { ...ok, center2: { x: 0, y: Infinity } },
      { ...ok, center1: null as never },
      null as never,
    ];
    for (const m of bad) {
      expect(code(() => castMover(world, m, t))).toBe('INVALID_ARGUMENT');
      expect(code(() => collideMover(world, m))).toBe('INVALID_ARGUMENT');
      expect(code(() => collideMoverInto(world, m, new MoverPlanes()))).toBe('INVALID_ARGUMENT');
    }
    expect(code(() => castMover(world, ok, { x: NaN, y: 0 }))).toBe('INVALID_ARGUMENT');
    expect(code(() => castMover(world, ok, { x: 0, y: -Infinity }))).toBe('INVALID_ARGUMENT');
    expect(code(() => castMover(world, ok, null as never))).toBe('INVALID_ARGUMENT');
    expect(code(() => castMover(world, ok, t, { maskBits: 1.5 }))).toBe('INVALID_ARGUMENT');
    expect(code(() => collideMoverInto(world, ok, [] as never))).toBe('INVALID_ARGUMENT');
    expect(code(() => collideMover(world, ok, undefined, {} as never))).toBe('INVALID_ARGUMENT');
    // A refused call leaves the caller's buffer as it was.
    const planes = new MoverPlanes();
    collideMoverInto(world, capsule(0, 1.002), planes);
    expect(planes.count).toBe(1);
    expect(code(() => collideMoverInto(world, { ...ok, radius: -1 }, planes))).toBe('INVALID_ARGUMENT');
    expect(planes.count).toBe(1);
    // The world steps on: the ball falls.
    for (let i = 0; i < 30; i++) stepPhysics(world, 1 / 60);
    expect(getPosition(world, ball).y).toBeLessThan(4.5);
    expect(Number.isFinite(getPosition(world, ball).y)).toBe(true);
    expect(castMover(world, ok, t)).toBeCloseTo(1 - MOVER_SKIN, 12);
  });
});
