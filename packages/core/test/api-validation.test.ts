// The public boundary rejects bad input with a typed PhysicsError, before touching any state: after each caught error
// the world still steps and its bodies still simulate.
import { addComponent, addEntity, hasComponent, query } from 'bitecs';
import { describe, expect, it } from 'vitest';
import {
  PhysicsError,
  addShape,
  applyForce,
  createBody,
  createPhysicsWorld,
  destroyBody,
  destroyShape,
  getBodyId,
  getFriction,
  getLinearVelocity,
  getPosition,
  getProfile,
  makeBox,
  makeCapsule,
  makeCircle,
  makePolygon,
  setLinearVelocity,
  setTransform,
  setWorldSettings,
  type PhysicsErrorCode,
  type PhysicsWorld,
  type BodyId,
  type ShapeId,
} from '../src/index.js';
import { stepPhysics } from '../../systems/src/index.js';

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

interface Scene {
  w: PhysicsWorld;
  ground: number;
  probe: BodyId;
}

/** Ground and one falling circle, stepped once so contacts and solver arrays exist. */
function scene(): Scene {
  const w = createPhysicsWorld({ gravity: { x: 0, y: -10 } });
  const ground = createBody(w, { type: 'static', position: { x: 0, y: -1 } });
  addShape(w, ground, makeBox(20, 1));
  const probe = createBody(w, { type: 'dynamic', position: { x: 0, y: 5 } });
  addShape(w, probe, makeCircle(0.5));
  stepPhysics(w, 1 / 60);
  return { w, ground, probe };
}

/** The world is unchanged in size, not locked, and steps: the probe keeps falling under gravity. */
function expectIntact(s: Scene, bodyCount = 2, shapeCount = 2): void {
  const p = s.w.physics;
  expect(p.locked).toBe(false);
  expect(p.bodies.count).toBe(bodyCount);
  expect(p.shapes.count).toBe(shapeCount);
  const y0 = getPosition(s.w, s.probe).y;
  const v0 = getLinearVelocity(s.w, s.probe).y;
  stepPhysics(s.w, 1 / 60);
  const y1 = getPosition(s.w, s.probe).y;
  expect(Number.isFinite(y1)).toBe(true);
  if (y0 > 1) {
    // Free fall: the velocity dropped by g·dt.
    expect(getLinearVelocity(s.w, s.probe).y).toBeCloseTo(v0 - 10 / 60, 9);
    expect(y1).toBeLessThan(y0);
  }
}

describe('non-finite numbers are rejected with INVALID_ARGUMENT', () => {
  it('createBody with NaN or infinite position, angle, velocities', () => {
    const s = scene();
    const bad: Array<Record<string, unknown>> = [
      { position: { x: NaN, y: 0 } },
      { position: { x: 0, y: Infinity } },
      { position: { x: -Infinity, y: 0 } },
      { angle: NaN },
      { angle: Infinity },
      { linearVelocity: { x: NaN, y: 0 } },
      { linearVelocity: { x: 0, y: -Infinity } },
      { angularVelocity: NaN },
      { gravityScale: NaN },
      { linearDamping: -1 },
      { type: 'wobbly' },
    ];
    for (const extra of bad) {
      expectCode(() => createBody(s.w, { type: 'dynamic', ...extra } as never), 'INVALID_ARGUMENT');
      expectIntact(s);
    }
  });

  it('setters and forces with NaN/Infinity', () => {
    const s = scene();
    expectCode(() => setLinearVelocity(s.w, s.probe, { x: NaN, y: 0 }), 'INVALID_ARGUMENT');
    expectCode(() => setLinearVelocity(s.w, s.probe, { x: 0, y: Infinity }), 'INVALID_ARGUMENT');
    expectCode(() => setTransform(s.w, s.probe, { x: NaN, y: 0 }, 0), 'INVALID_ARGUMENT');
    expectCode(() => setTransform(s.w, s.probe, { x: 0, y: 3 }, NaN), 'INVALID_ARGUMENT');
    expectCode(() => applyForce(s.w, s.probe, { x: Infinity, y: 0 }), 'INVALID_ARGUMENT');
    expect(getLinearVelocity(s.w, s.probe).x).toBe(0);
    expectIntact(s);
  });

  it('gravity NaN/Infinity in createPhysicsWorld and setWorldSettings; the old gravity stays', () => {
    expectCode(() => createPhysicsWorld({ gravity: { x: NaN, y: -10 } }), 'INVALID_ARGUMENT');
    expectCode(() => createPhysicsWorld({ gravity: { x: 0, y: -Infinity } }), 'INVALID_ARGUMENT');
    const s = scene();
    expectCode(() => setWorldSettings(s.w, { gravity: { x: 0, y: NaN } }), 'INVALID_ARGUMENT');
    expect(s.w.physics.gravityY).toBe(-10);
    expectIntact(s);
  });
});

describe('bad sizes and materials', () => {
  it('zero or negative box and circle sizes, capsule radius', () => {
    expectCode(() => makeBox(0, 1), 'INVALID_ARGUMENT');
    expectCode(() => makeBox(1, -0.5), 'INVALID_ARGUMENT');
    expectCode(() => makeBox(NaN, 1), 'INVALID_ARGUMENT');
    expectCode(() => makeCircle(0), 'INVALID_ARGUMENT');
    expectCode(() => makeCircle(-1), 'INVALID_ARGUMENT');
    expectCode(() => makeCircle(Infinity), 'INVALID_ARGUMENT');
    expectCode(() => makeCapsule({ x: 0, y: 0 }, { x: 1, y: 0 }, -0.1), 'INVALID_ARGUMENT');
  });

  it('negative density, friction, restitution in addShape; the body keeps its shapes and mass', () => {
    const s = scene();
    const mass = s.w.physics.bodies.mass[s.probe];
    expectCode(() => addShape(s.w, s.probe, makeBox(1, 1), { density: -1 }), 'INVALID_ARGUMENT');
    expectCode(() => addShape(s.w, s.probe, makeBox(1, 1), { friction: -0.1 }), 'INVALID_ARGUMENT');
    expectCode(() => addShape(s.w, s.probe, makeBox(1, 1), { restitution: NaN }), 'INVALID_ARGUMENT');
    expectCode(() => addShape(s.w, s.probe, makeBox(1, 1), { density: Infinity }), 'INVALID_ARGUMENT');
    expectCode(() => addShape(s.w, s.probe, {} as never), 'INVALID_ARGUMENT');
    expect(s.w.physics.bodies.mass[s.probe]).toBe(mass);
    expect(s.w.physics.bodies.shapeCount[s.probe]).toBe(1);
    expectIntact(s);
  });
});

describe('degenerate polygons are rejected with DEGENERATE_POLYGON', () => {
  it('collinear points', () => {
    expectCode(
      () =>
        makePolygon([
          { x: 0, y: 0 },
          { x: 1, y: 0 },
          { x: 2, y: 0 },
        ]),
      'DEGENERATE_POLYGON',
    );
    expectCode(
      () =>
        makePolygon([
          { x: 0, y: 0 },
          { x: 1, y: 1 },
          { x: 2, y: 2 },
          { x: 3, y: 3 },
        ]),
      'DEGENERATE_POLYGON',
    );
  });

  it('fewer than 3 points', () => {
    expectCode(() => makePolygon([]), 'DEGENERATE_POLYGON');
    expectCode(
      () =>
        makePolygon([
          { x: 0, y: 0 },
          { x: 1, y: 0 },
        ]),
      'DEGENERATE_POLYGON',
    );
  });

  it('more than 8 hull points (12 points on a circle)', () => {
    const pts = Array.from({ length: 12 }, (_, i) => ({
      x: Math.cos((i * Math.PI) / 6),
      y: Math.sin((i * Math.PI) / 6),
    }));
    expectCode(() => makePolygon(pts), 'DEGENERATE_POLYGON');
    // 8 of them are fine.
    expect(makePolygon(pts.slice(0, 8)).count).toBe(8);
  });

  it('duplicate points that leave fewer than 3 distinct ones; a duplicated vertex of a good triangle is welded', () => {
    expectCode(
      () =>
        makePolygon([
          { x: 0, y: 0 },
          { x: 0, y: 0 },
          { x: 1, y: 1 },
        ]),
      'DEGENERATE_POLYGON',
    );
    expectCode(
      () =>
        makePolygon([
          { x: 1, y: 1 },
          { x: 1, y: 1 },
          { x: 1, y: 1 },
          { x: 1, y: 1 },
        ]),
      'DEGENERATE_POLYGON',
    );
    expect(
      makePolygon([
        { x: 0, y: 0 },
        { x: 1, y: 0 },
        { x: 1, y: 0 },
        { x: 0, y: 1 },
      ]).count,
    ).toBe(3);
  });

  it('NaN in a polygon point is INVALID_ARGUMENT', () => {
    expectCode(
      () =>
        makePolygon([
          { x: 0, y: 0 },
          { x: NaN, y: 0 },
          { x: 0, y: 1 },
        ]),
      'INVALID_ARGUMENT',
    );
  });
});

describe('handles', () => {
  it('an unknown entity id is NOT_A_BODY; an entity that is not a body is NOT_A_BODY', () => {
    const s = scene();
    // Numbers the engine never handed out, cast on purpose (a plain number is a type error).
    expectCode(() => getPosition(s.w, 987654 as BodyId), 'NOT_A_BODY');
    expectCode(() => getPosition(s.w, -1 as BodyId), 'NOT_A_BODY');
    expectCode(() => getPosition(s.w, 1.5 as BodyId), 'NOT_A_BODY');
    const plain = addEntity(s.w) as BodyId; // an entity that is no body, on purpose
    expectCode(() => getPosition(s.w, plain), 'NOT_A_BODY');
    expectCode(() => addShape(s.w, plain, makeCircle(1)), 'NOT_A_BODY');
    expectCode(() => getBodyId(s.w, plain), 'NOT_A_BODY');
    expectIntact(s);
  });

  it("a destroyed body's id is STALE_HANDLE for getters, setters, addShape and destroyBody", () => {
    const s = scene();
    const doomed = createBody(s.w, { type: 'dynamic', position: { x: 5, y: 5 } });
    addShape(s.w, doomed, makeBox(0.5, 0.5));
    destroyBody(s.w, doomed);
    expectCode(() => getPosition(s.w, doomed), 'STALE_HANDLE');
    expectCode(() => setLinearVelocity(s.w, doomed, { x: 1, y: 0 }), 'STALE_HANDLE');
    expectCode(() => addShape(s.w, doomed, makeCircle(1)), 'STALE_HANDLE');
    expectCode(() => destroyBody(s.w, doomed), 'STALE_HANDLE');
    expectIntact(s);
  });

  it("a destroyed shape's handle is STALE_HANDLE, also after its row is reused; an unknown handle is NOT_A_SHAPE", () => {
    const s = scene();
    const extra = addShape(s.w, s.probe, makeBox(0.2, 0.2, { x: 0, y: 0.6 }));
    destroyShape(s.w, extra);
    expectCode(() => getFriction(s.w, extra), 'STALE_HANDLE');
    expectCode(() => destroyShape(s.w, extra), 'STALE_HANDLE');
    const reused = addShape(s.w, s.probe, makeBox(0.2, 0.2, { x: 0, y: 0.6 }));
    expect(reused).not.toBe(extra);
    expectCode(() => getFriction(s.w, extra), 'STALE_HANDLE');
    expect(getFriction(s.w, reused)).toBe(0.6);
    // Numbers the engine never handed out, cast on purpose.
    expectCode(() => getFriction(s.w, 999_999 as ShapeId), 'NOT_A_SHAPE');
    expectCode(() => getFriction(s.w, -3 as ShapeId), 'NOT_A_SHAPE');
    // In the shape range, but row 5000 was never used.
    expectCode(() => getFriction(s.w, -(2 ** 33 + 5000) as ShapeId), 'NOT_A_SHAPE');
    expectIntact(s, 2, 3);
  });
});

describe('calls during a step throw WORLD_LOCKED', () => {
  it('createBody, addShape, destroyBody, setLinearVelocity, stepPhysics while locked', () => {
    const s = scene();
    s.w.physics.locked = true;
    try {
      expectCode(() => createBody(s.w, { type: 'dynamic' }), 'WORLD_LOCKED');
      expectCode(() => addShape(s.w, s.probe, makeCircle(0.1)), 'WORLD_LOCKED');
      expectCode(() => destroyBody(s.w, s.probe), 'WORLD_LOCKED');
      expectCode(() => setLinearVelocity(s.w, s.probe, { x: 1, y: 0 }), 'WORLD_LOCKED');
      expectCode(() => stepPhysics(s.w, 1 / 60), 'WORLD_LOCKED');
    } finally {
      s.w.physics.locked = false;
    }
    expectIntact(s);
  });

  it('a pairFilter callback (runs inside the step) that tries to create or destroy bodies gets WORLD_LOCKED', () => {
    const s = scene();
    const codes: string[] = [];
    s.w.physics.pairFilter = () => {
      for (const attempt of [
        () => createBody(s.w, { type: 'dynamic' }),
        () => destroyBody(s.w, s.probe),
        () => setLinearVelocity(s.w, s.probe, { x: 3, y: 0 }),
        () => addShape(s.w, s.probe, makeCircle(0.1)),
      ]) {
        try {
          attempt();
          codes.push('no error');
        } catch (e) {
          codes.push(e instanceof PhysicsError ? e.code : String(e));
        }
      }
      return true;
    };
    // A new body overlapping the ground makes a new pair, so the filter runs during the next step.
    const box = createBody(s.w, { type: 'dynamic', position: { x: 5, y: 0.5 } });
    addShape(s.w, box, makeBox(0.5, 0.5));
    stepPhysics(s.w, 1 / 60);
    expect(codes).toEqual(['WORLD_LOCKED', 'WORLD_LOCKED', 'WORLD_LOCKED', 'WORLD_LOCKED']);
    s.w.physics.pairFilter = null;
    expect(getLinearVelocity(s.w, s.probe).x).toBe(0);
    expectIntact(s, 3, 3);
  });
});

describe('stepPhysics arguments', () => {
  it('negative, NaN or infinite dt and non-positive or fractional subSteps are INVALID_ARGUMENT', () => {
    const s = scene();
    expectCode(() => stepPhysics(s.w, -1 / 60), 'INVALID_ARGUMENT');
    expectCode(() => stepPhysics(s.w, NaN), 'INVALID_ARGUMENT');
    expectCode(() => stepPhysics(s.w, Infinity), 'INVALID_ARGUMENT');
    expectCode(() => stepPhysics(s.w, 1 / 60, 0), 'INVALID_ARGUMENT');
    expectCode(() => stepPhysics(s.w, 1 / 60, -2), 'INVALID_ARGUMENT');
    expectCode(() => stepPhysics(s.w, 1 / 60, 2.5), 'INVALID_ARGUMENT');
    expectCode(() => stepPhysics({} as PhysicsWorld, 1 / 60), 'INVALID_ARGUMENT');
    expect(getProfile(s.w).stepCount).toBe(1);
    expectIntact(s);
  });
});

describe('bitecs integration', () => {
  it("createBody on an existing entity keeps the user's components; destroyBody(keepEntity) keeps them too", () => {
    const s = scene();
    const Sprite = { frame: [] as number[] };
    const Health = { hp: new Float32Array(1024) };
    const eid = addEntity(s.w);
    addComponent(s.w, eid, Sprite);
    addComponent(s.w, eid, Health);
    Sprite.frame[eid] = 7;
    Health.hp[eid] = 42;
    const body = createBody(s.w, { type: 'dynamic', position: { x: 4, y: 6 } }, eid);
    expect(body).toBe(eid);
    addShape(s.w, body, makeBox(0.5, 0.5));
    expect(hasComponent(s.w, eid, Sprite)).toBe(true);
    expect(hasComponent(s.w, eid, Health)).toBe(true);
    expect(Sprite.frame[eid]).toBe(7);
    expect(Health.hp[eid]).toBe(42);
    expect(Array.from(query(s.w, [Sprite, s.w.physics.Body]))).toEqual([eid]);
    // It simulates: it falls.
    stepPhysics(s.w, 1 / 60);
    expect(getPosition(s.w, body).y).toBeLessThan(6);
    // Making it a body twice is refused; a non-existent entity is NOT_A_BODY.
    expectCode(() => createBody(s.w, { type: 'dynamic' }, eid), 'INVALID_ARGUMENT');
    expectCode(() => createBody(s.w, { type: 'dynamic' }, 55_555), 'NOT_A_BODY');
    destroyBody(s.w, body, true);
    expect(hasComponent(s.w, eid, Sprite)).toBe(true);
    expect(hasComponent(s.w, eid, s.w.physics.Body)).toBe(false);
    expect(Sprite.frame[eid]).toBe(7);
    expectIntact(s);
  });

  it('two worlds in one process share nothing: stepping one leaves the other unchanged', () => {
    const build = (): { w: PhysicsWorld; ids: number[] } => {
      const w = createPhysicsWorld({ gravity: { x: 0, y: -10 } });
      const ids: number[] = [];
      const g = createBody(w, { type: 'static', position: { x: 0, y: -1 } });
      addShape(w, g, makeBox(20, 1));
      for (let i = 0; i < 5; i++) {
        const b = createBody(w, { type: 'dynamic', position: { x: i * 0.3, y: 1 + 1.1 * i }, angle: 0.1 * i });
        addShape(w, b, i % 2 ? makeCircle(0.5) : makeBox(0.5, 0.5));
        ids.push(b);
      }
      return { w, ids };
    };
    const a = build();
    const b = build();
    expect(a.ids).toEqual(b.ids); // same entity ids in each world: nothing hides the overlap
    const snap = (x: { w: PhysicsWorld; ids: number[] }): number[] =>
      x.ids.flatMap((e) => [x.w.physics.transform.x[e], x.w.physics.transform.y[e], x.w.physics.transform.c[e]]);
    const b0 = snap(b);
    for (let i = 0; i < 60; i++) stepPhysics(a.w, 1 / 60);
    expect(snap(b)).toEqual(b0);
    expect(getProfile(b.w).stepCount).toBe(0);
    expect(snap(a)).not.toEqual(b0);
    expect(a.w.physics.transform).not.toBe(b.w.physics.transform);
    // Stepping the second world the same way reproduces the first exactly.
    for (let i = 0; i < 60; i++) stepPhysics(b.w, 1 / 60);
    expect(snap(b)).toEqual(snap(a));
  });
});
