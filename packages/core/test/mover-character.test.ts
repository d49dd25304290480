// The mover routines together, as a character controller uses them (collide → solve → cast, a few rounds per step,
// then clip the velocity), and property tests of castMover and collideMover on random worlds (fast-check).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addChain,
  addShape,
  castMover,
  clipVectorInto,
  collideMoverInto,
  CORE_RADIUS,
  coreDistance,
  createBody,
  createCore,
  createPhysicsWorld,
  D_DISTANCE,
  DISTANCE_OUTPUT_SIZE,
  getBodyShapes,
  getPhysics,
  loadCore,
  loadMoverCore,
  makeBox,
  makeCapsule,
  makeChain,
  makeCircle,
  makePolygon,
  makeRoundedBox,
  makeSegment,
  MOVER_REST_GAP,
  MOVER_SKIN,
  MoverPlanes,
  overlapShape,
  shapeRow,
  solvePlanes,
  solvePlanesInto,
  collideMover,
  type Mover,
  type PhysicsWorld,
  type QueryFilter,
  type ShapeGeometry,
  type BodyId,
} from '../src/internal.js';

const deg = Math.PI / 180;

/** A character: a vertical capsule whose bottom circle is centred at `pos`. */
class Character {
  readonly planes = new MoverPlanes();
  readonly velocity = { x: 0, y: 0 };
  constructor(
    readonly pos: { x: number; y: number },
    readonly radius = 0.4,
    readonly height = 0.8,
  ) {}

  mover(): Mover {
    const { x, y } = this.pos;
    return { center1: { x, y }, center2: { x, y: y + this.height }, radius: this.radius };
  }

  /** One step of Box2D's mover sample loop, without friction or jumping. Returns the rounds used. */
  step(world: PhysicsWorld, dt: number, gravity = -10, filter?: QueryFilter): number {
    this.velocity.y += gravity * dt;
    const targetX = this.pos.x + dt * this.velocity.x;
    const targetY = this.pos.y + dt * this.velocity.y;
    const move = { x: 0, y: 0 };
    let round = 0;
    while (round < 5) {
      round++;
      const mover = this.mover();
      collideMoverInto(world, mover, this.planes, filter);
      solvePlanesInto({ x: targetX - this.pos.x, y: targetY - this.pos.y }, this.planes, move);
      const f = castMover(world, mover, move, filter);
      this.pos.x += f * move.x;
      this.pos.y += f * move.y;
      if (f * Math.hypot(move.x, move.y) < 1e-6) break;
    }
    clipVectorInto(this.velocity, this.planes, this.velocity);
    return round;
  }
}

/** Exact gap (m) between `mover` and each shape of `world` (negative: overlap; -Infinity: the cores cross). */
function gaps(world: PhysicsWorld, bodies: BodyId[], mover: Mover): number[] {
  const p = getPhysics(world);
  const m = Float64Array.of(mover.center1.x, mover.center1.y, mover.center2.x, mover.center2.y, mover.radius);
  const a = createCore();
  const b = createCore();
  const dist = new Float64Array(DISTANCE_OUTPUT_SIZE);
  loadMoverCore(m, a);
  const out: number[] = [];
  for (const body of bodies) {
    for (const id of getBodyShapes(world, body)) {
      const row = shapeRow(p, id);
      const eid = p.shapes.body[row];
      const t = p.bodies.transform;
      loadCore(p.shapes.geometry, row, Float64Array.of(t.x[eid], t.y[eid], t.c[eid], t.s[eid]), b);
      coreDistance(a, b, dist);
      out.push(dist[D_DISTANCE] === 0 ? -Infinity : dist[D_DISTANCE] - a[CORE_RADIUS] - b[CORE_RADIUS]);
    }
  }
  return out;
}

/** A flat floor, top at y = 0, made of 1 m boxes side by side (x 0..4), then a chain with a vertex every 0.5 m. */
function floorWorld(): { world: PhysicsWorld; bodies: BodyId[] } {
  const world = createPhysicsWorld();
  const bodies: BodyId[] = [];
  for (let i = 0; i < 4; i++) {
    const b = createBody(world, { type: 'static', position: { x: i + 0.5, y: -0.5 } });
    addShape(world, b, makeBox(0.5, 0.5));
    bodies.push(b);
  }
  const chain = createBody(world, { type: 'static' });
  const points = [];
  for (let x = 8; x >= 4; x -= 0.5) points.push({ x, y: 0 });
  addChain(world, chain, makeChain(points));
  bodies.push(chain);
  return { world, bodies };
}

describe('a character controller built on the mover routines', () => {
  it('lands on a floor and rests at the rest gap, its fall stopped by the clipped velocity', () => {
    const { world, bodies } = floorWorld();
    const c = new Character({ x: 0.7, y: 1 });
    for (let i = 0; i < 120; i++) c.step(world, 1 / 60);
    const floorGap = Math.min(...gaps(world, bodies, c.mover()));
    expect(floorGap).toBeCloseTo(MOVER_REST_GAP, 12);
    expect(c.velocity.y).toBeCloseTo(0, 15);
    expect(c.planes.count).toBeGreaterThan(0);
  });

  it('walks across box seams and chain vertices at a constant speed, never snagging, never sinking', () => {
    // Over a chain vertex one round moves the whole step (the vertex belongs to the segment under the mover). A box
    // corner at a seam gives a plane tilted against the mover (its distance, linearised), which lifts it a little
    // in the first round; the later rounds of the same step put it back: two extra rounds, same end position.
    const { world, bodies } = floorWorld();
    const c = new Character({ x: 0.3, y: c0(MOVER_REST_GAP) });
    const dt = 1 / 60;
    // A resting character moving sideways over a seam: the cast lets the whole move through.
    for (const x of [0.9, 1.9, 2.9, 3.9, 4.4, 5.9]) {
      expect(castMover(world, new Character({ x, y: c0(MOVER_REST_GAP) }).mover(), { x: 0.25, y: 0 })).toBe(1);
    }
    let minGap = Infinity;
    let maxGap = -Infinity;
    let chainRounds = 0;
    let boxRounds = 0;
    for (let i = 0; i < 150; i++) {
      c.velocity.x = 3;
      const x = c.pos.x;
      const rounds = c.step(world, dt);
      if (x > 4 + c.radius) chainRounds = Math.max(chainRounds, rounds);
      else boxRounds = Math.max(boxRounds, rounds);
      const g = Math.min(...gaps(world, bodies, c.mover()));
      minGap = Math.min(minGap, g);
      maxGap = Math.max(maxGap, g);
    }
    expect(chainRounds).toBe(2); // the move, then a round that finds nothing left to do
    expect(boxRounds).toBe(4);
    expect(c.pos.x).toBeCloseTo(0.3 + 150 * 3 * dt, 9);
    expect(minGap).toBeGreaterThan(MOVER_REST_GAP - 1e-9);
    expect(maxGap).toBeLessThan(MOVER_REST_GAP + 1e-9);
  });

  it('walks into a wall: stops at the rest gap from it, its velocity into the wall removed', () => {
    const { world } = floorWorld();
    const wallBody = createBody(world, { type: 'static', position: { x: 3, y: 2 } });
    addShape(world, wallBody, makeBox(0.25, 2)); // left face x = 2.75
    const c = new Character({ x: 1, y: c0(MOVER_REST_GAP) });
    for (let i = 0; i < 90; i++) {
      c.velocity.x = 4;
      c.step(world, 1 / 60);
    }
    expect(2.75 - (c.pos.x + c.radius)).toBeCloseTo(MOVER_REST_GAP, 12);
    expect(c.velocity).toEqual({ x: 0, y: 0 });
  });

  it('on a 30° slope it slides down along the surface at the rest gap, without sinking into it', () => {
    const world = createPhysicsWorld();
    const slope = createBody(world, { type: 'static', angle: -30 * deg });
    addShape(world, slope, makeBox(50, 0.5));
    const n = { x: Math.sin(30 * deg), y: Math.cos(30 * deg) };
    const k = 0.5 + 0.4 + MOVER_REST_GAP;
    const c = new Character({ x: k * n.x - 5 * n.y, y: k * n.y + 5 * n.x });
    for (let i = 0; i < 60; i++) {
      c.step(world, 1 / 60);
      const g = Math.min(...gaps(world, [slope], c.mover()));
      expect(g).toBeGreaterThan(MOVER_REST_GAP - 1e-9);
      expect(g).toBeLessThan(MOVER_REST_GAP + 1e-9);
      // Velocity along the slope only.
      expect(Math.abs(c.velocity.x * n.x + c.velocity.y * n.y)).toBeLessThan(1e-12);
    }
    expect(c.velocity.x).toBeGreaterThan(0); // going down the slope, to the right
  });

  it('a soft plane gives way: limited pushes leave the mover partly in what it overlaps', () => {
    const world = createPhysicsWorld();
    const crowd = createBody(world, { type: 'static' });
    addShape(world, crowd, makeCircle(0.5));
    const mover: Mover = { center1: { x: 0.6, y: 0 }, center2: { x: 0.6, y: 0 }, radius: 0.4 }; // 0.3 deep
    const [rigid] = collideMover(world, mover);
    const soft = { ...rigid, pushLimit: 0.1 };
    expect(solvePlanes({ x: 0, y: 0 }, [rigid]).translation.x).toBeCloseTo(0.3 + MOVER_REST_GAP, 14);
    expect(solvePlanes({ x: 0, y: 0 }, [soft]).translation.x).toBeCloseTo(0.1, 14);
  });
});

/** Height of a resting character's bottom centre over the floor at y = 0 (radius 0.4). */
function c0(gap: number): number {
  return 0.4 + gap;
}

// ---- properties -----------------------------------------------------------------------------------------------------

/** A number in [min, max] on a 1e-4 grid, drawn without fast-check's bias towards the ends. */
const grid = (min: number, max: number): fc.Arbitrary<number> =>
  fc.noBias(fc.integer({ min: Math.round(min * 1e4), max: Math.round(max * 1e4) })).map((i) => i / 1e4);

const shapeArb = fc.record({
  kind: fc.noBias(fc.integer({ min: 0, max: 5 })),
  x: grid(0, 12),
  y: grid(0, 12),
  angle: grid(0, 6.28),
  a: grid(0.1, 1.5),
  b: grid(0.1, 1.5),
});

function geometryOf(s: { kind: number; a: number; b: number }): ShapeGeometry {
  switch (s.kind) {
    case 0:
      return makeBox(s.a, s.b);
    case 1:
      return makeRoundedBox(s.a, 0.5 * s.b, 0.3 * s.b);
    case 2:
      return makeCircle(0.5 * s.a);
    case 3:
      return makeCapsule({ x: -s.a, y: 0 }, { x: s.a, y: 0 }, 0.3 * s.b);
    case 4:
      return makeSegment({ x: -s.a, y: 0 }, { x: s.a, y: 0 });
    default:
      return makePolygon([
        { x: -s.a, y: -0.5 * s.b },
        { x: s.a, y: -0.3 * s.b },
        { x: 0.2 * s.a, y: s.b },
      ]);
  }
}

const moverArb = fc.record({
  x: grid(0, 12),
  y: grid(0, 12),
  dx: fc.oneof(fc.constant(0), grid(-1, 1)),
  dy: grid(-1, 1),
  radius: fc.oneof(fc.constant(0), grid(0.05, 0.8)),
  tx: grid(-8, 8),
  ty: grid(-8, 8),
});

function buildWorld(shapes: { kind: number; x: number; y: number; angle: number; a: number; b: number }[]): {
  world: PhysicsWorld;
  bodies: BodyId[];
} {
  const world = createPhysicsWorld();
  const bodies = shapes.map((s) => {
    const body = createBody(world, { type: 'static', position: { x: s.x, y: s.y }, angle: s.angle });
    addShape(world, body, geometryOf(s));
    return body;
  });
  return { world, bodies };
}

/** The mover of `m` moved by f · t; a core shorter than 1 cm is taken as a point (a circle mover). */
function moverFrom(
  m: { x: number; y: number; dx: number; dy: number; radius: number },
  f = 0,
  t = { x: 0, y: 0 },
): Mover {
  const x = m.x + f * t.x,
    y = m.y + f * t.y;
  const point = Math.hypot(m.dx, m.dy) < 0.01;
  return { center1: { x, y }, center2: point ? { x, y } : { x: x + m.dx, y: y + m.dy }, radius: m.radius };
}

/** The mover as a query geometry (grown by `grow`), for overlapShape at the identity pose. */
function moverGeometry(m: Mover, grow: number): ShapeGeometry {
  const r = m.radius + grow;
  if (m.center1.x === m.center2.x && m.center1.y === m.center2.y) return makeCircle(r, m.center1);
  return r === 0 ? makeSegment(m.center1, m.center2) : makeCapsule(m.center1, m.center2, r);
}

const origin = { position: { x: 0, y: 0 }, angle: 0 };

describe('castMover and collideMover: properties on random worlds', () => {
  it('from a clear start, the cast never brings the mover within the skin of a shape, and stops only at one', () => {
    let hits = 0;
    fc.assert(
      fc.property(fc.array(shapeArb, { minLength: 5, maxLength: 25 }), moverArb, (shapes, m) => {
        const { world, bodies } = buildWorld(shapes);
        const start = moverFrom(m);
        if (start.radius === 0 && start.center1.x === start.center2.x) return; // a point: no query geometry for it
        if (overlapShape(world, moverGeometry(start, MOVER_SKIN), origin).length > 0) return;
        const t = { x: m.tx, y: m.ty };
        const f = castMover(world, start, t);
        expect(f).toBeGreaterThanOrEqual(0);
        expect(f).toBeLessThanOrEqual(1);
        const end = moverFrom(m, f, t);
        expect(overlapShape(world, moverGeometry(end, 0), origin)).toEqual([]);
        const g = gaps(world, bodies, end);
        expect(Math.min(...g)).toBeGreaterThanOrEqual(MOVER_SKIN - 1e-9);
        if (f < 1) {
          hits++;
          expect(Math.min(...g)).toBeLessThanOrEqual(MOVER_SKIN + 1e-6);
        } else {
          // Nothing was passed through on the way: sample the path.
          for (let s = 1; s < 16; s++) {
            expect(overlapShape(world, moverGeometry(moverFrom(m, s / 16, t), 0), origin)).toEqual([]);
          }
        }
      }),
      { numRuns: 300, seed: 370 },
    );
    expect(hits).toBeGreaterThan(30);
  });

  it('from any start, no shape whose core is apart from the mover’s ends up closer than min(its start gap, skin)', () => {
    fc.assert(
      fc.property(fc.array(shapeArb, { minLength: 5, maxLength: 25 }), moverArb, (shapes, m) => {
        const { world, bodies } = buildWorld(shapes);
        const t = { x: m.tx, y: m.ty };
        const before = gaps(world, bodies, moverFrom(m));
        const f = castMover(world, moverFrom(m), t);
        const after = gaps(world, bodies, moverFrom(m, f, t));
        for (let i = 0; i < before.length; i++) {
          if (before[i] === -Infinity) continue; // cores cross: the planes' business
          expect(after[i]).toBeGreaterThanOrEqual(Math.min(before[i], MOVER_SKIN) - 1e-6);
        }
      }),
      { numRuns: 300, seed: 371 },
    );
  });

  it('moved by a solution of its planes, the mover clears every shape they came from by the rest gap', () => {
    let solved = 0;
    fc.assert(
      fc.property(fc.array(shapeArb, { minLength: 5, maxLength: 25 }), moverArb, (shapes, m) => {
        const { world, bodies } = buildWorld(shapes);
        const start = moverFrom(m);
        const planes = collideMover(world, start);
        if (planes.length === 0) return;
        const r = solvePlanes({ x: m.tx * 0.01, y: m.ty * 0.01 }, planes);
        const d = r.translation;
        // Only where the planes admit a solution (a mover squeezed between two shapes may have none).
        if (planes.some((p) => p.normal.x * d.x + p.normal.y * d.y < p.offset - 1e-9)) return;
        solved++;
        const end = gaps(world, bodies, moverFrom(m, 1, d));
        const ids = bodies.flatMap((b) => getBodyShapes(world, b));
        for (const p of planes) {
          expect(end[ids.indexOf(p.shape)]).toBeGreaterThanOrEqual(MOVER_REST_GAP - 1e-8);
        }
      }),
      { numRuns: 400, seed: 372 },
    );
    expect(solved).toBeGreaterThan(50);
  });
});
