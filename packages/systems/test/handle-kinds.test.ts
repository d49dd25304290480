// Handles of one kind never act on an object of another kind. Shape handles lie below −2³³, body and joint handles
// are entity ids with a generation (≥ −2³¹), and bodies and joints never share an entity or a generation, so a
// handle of the wrong kind (a cast, or JavaScript without types) is refused with a PhysicsError that names the
// mistake, before anything changes, and the world steps on. Every public function that takes a handle is walked: the
// list comes from the type checker (each parameter typed BodyId, ShapeId, JointId or CharacterId, each joint
// definition's bodies, each query filter's ignoreBody), so a function added later is walked too.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as core from '@impulse2d/core';
import {
  addShape,
  attachPhysics,
  bodyEntity,
  createBody,
  createCharacter,
  createPhysicsWorld,
  createRevoluteJoint,
  destroyBody,
  destroyJoint,
  getBodyId,
  getLinearVelocity,
  isJoint,
  makeBox,
  makeChain,
  makeCircle,
  PhysicsError,
  setLinearVelocity,
  takeSnapshot,
  validateWorld,
  type BodyId,
  type JointId,
  type PhysicsWorld,
  type ShapeId,
} from '@impulse2d/core';
import { stepPhysics } from '@impulse2d/systems';
import { createEntityIndex, createWorld, withVersioning } from 'bitecs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

type Kind = 'BodyId' | 'ShapeId' | 'JointId' | 'CharacterId';
const KINDS: readonly string[] = ['BodyId', 'ShapeId', 'JointId', 'CharacterId'];

/** A public function of core and the types of its parameters after the world, as the type checker prints them. */
interface Signature {
  name: string;
  params: string[];
}

/** Every exported function of core's public entry point whose first parameter is the world. */
function worldFunctions(): Signature[] {
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  const entry = `${root}packages/core/src/index.ts`;
  const program = ts.createProgram([entry], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!;
  const out: Signature[] = [];
  for (const exported of checker.getExportsOfModule(module)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const declaration = symbol.valueDeclaration;
    if (declaration === undefined) continue;
    // Functions, and consts bound to one (setJointMaxMotorTorque = setJointMaxMotorForce).
    const signature = checker.getTypeOfSymbolAtLocation(symbol, declaration).getCallSignatures()[0];
    if (signature === undefined || ts.isClassDeclaration(declaration)) continue;
    // As written in the signature (the alias names), or as inferred for a parameter with a default only.
    const params = signature.getParameters().map((p) => {
      const d = p.valueDeclaration;
      return d !== undefined && ts.isParameter(d) && d.type !== undefined
        ? d.type.getText()
        : checker.typeToString(checker.getTypeOfSymbolAtLocation(p, declaration));
    });
    if (params[0] !== 'PhysicsWorld') continue;
    out.push({ name: exported.getName(), params: params.slice(1) });
  }
  return out;
}

const signatures = worldFunctions();
// Read once for the table's sanity check below: the source of the names the walk must reach.
const publicSource = readFileSync(new URL('../../core/src/index.ts', import.meta.url), 'utf8');

/** The live objects of one world, one of each kind, and the world's bodies' velocities to prove nothing moved. */
interface Scene {
  w: PhysicsWorld;
  body: BodyId;
  other: BodyId;
  shape: ShapeId;
  sensor: ShapeId;
  joint: JointId;
  hero: core.CharacterId;
}

function build(w: PhysicsWorld): Scene {
  const ground = createBody(w, { type: 'static', position: { x: 0, y: -1 } });
  addShape(w, ground, makeBox(20, 1));
  const body = createBody(w, { type: 'dynamic', position: { x: 0, y: 1 } });
  const shape = addShape(w, body, makeBox(0.5, 0.5));
  const other = createBody(w, { type: 'dynamic', position: { x: 2, y: 1 } });
  addShape(w, other, makeCircle(0.5));
  const sensor = addShape(w, other, makeCircle(1), { isSensor: true });
  const joint = createRevoluteJoint(w, { bodyA: body, bodyB: other, anchor: { x: 1, y: 1 } });
  const hero = createCharacter(w, { position: { x: -5, y: 1 } });
  for (let i = 0; i < 10; i++) stepPhysics(w, 1 / 60);
  return { w, body, other, shape, sensor, joint, hero };
}

/** Valid arguments for every other parameter type the handle-taking functions have (add one when the walk asks). */
const ARGUMENTS: Record<string, () => unknown> = {
  number: () => 0.5,
  boolean: () => true,
  unknown: () => 'user data',
  Vec2Like: () => ({ x: 0.25, y: 0.5 }),
  QueryVec2: () => ({ x: 0.25, y: 0.5 }),
  'Vec2Like | null': () => null,
  BodyTypeName: () => 'dynamic',
  ShapeGeometry: () => makeCircle(0.25),
  ChainGeometry: () =>
    makeChain([
      { x: 4, y: 0 },
      { x: 3, y: 0 },
      { x: 2, y: 0 },
    ]),
  ShapeDefInput: () => ({}),
  MassData: () => ({ mass: 1, center: { x: 0, y: 0 }, rotationalInertia: 1 }),
  'Partial<MotionLocks>': () => ({}),
  'Partial<FilterDef>': () => ({}),
  CharacterSettingsInput: () => ({}),
  CharacterState: () => ({
    grounded: false,
    groundNormal: { x: 0, y: 0 },
    groundBody: null,
    sliding: false,
    translation: { x: 0, y: 0 },
  }),
  ContactData: () => new core.ContactData(),
  ShapeHits: () => new core.ShapeHits(),
  RayHits: () => new core.RayHits(),
  MoverPlanes: () => new core.MoverPlanes(),
  QueryFilter: () => ({}),
  QueryAABB: () => ({ minX: -1, minY: -1, maxX: 1, maxY: 1 }),
  QueryTransform: () => ({ position: { x: 0, y: 0 }, angle: 0 }),
  Mover: () => ({ center1: { x: 0, y: 3 }, center2: { x: 0, y: 3.5 }, radius: 0.25 }),
  'ShapeId[]': () => [],
  'RayResult[]': () => [],
  'ShapeCastResult[]': () => [],
  'MoverPlane[]': () => [],
};

/** A valid argument of `type`: a live handle of the scene for a handle type (shapeDistance takes two shapes). */
function argument(s: Scene, type: string): unknown {
  const live: Record<string, number> = { BodyId: s.body, ShapeId: s.shape, JointId: s.joint, CharacterId: s.hero };
  if (type in live) return live[type];
  const make = ARGUMENTS[type];
  if (make === undefined) throw new Error(`no argument builder for a parameter of type ${type}: add one to ARGUMENTS`);
  return make();
}

/** The live handles of the other kinds, each with the words its error message names it by. */
function wrongHandles(s: Scene, kind: Kind): { handle: number; is: string }[] {
  const shape = { handle: s.shape, is: 'a shape handle' };
  const joint = { handle: s.joint, is: 'a joint handle' };
  const body = { handle: s.body, is: 'a body handle' };
  if (kind === 'ShapeId') return [body, joint];
  if (kind === 'JointId') return [body, shape];
  return [shape, joint];
}

/** What a function given a wrong-kind handle for a `kind` parameter throws. */
const REFUSAL: Record<Kind, { code: string; not: string }> = {
  BodyId: { code: 'NOT_A_BODY', not: 'not a body' },
  CharacterId: { code: 'NOT_A_BODY', not: 'not a body' },
  ShapeId: { code: 'NOT_A_SHAPE', not: 'not a shape' },
  JointId: { code: 'NOT_A_JOINT', not: 'not a joint' },
};

/** The kind predicates answer false instead of throwing. */
const PREDICATES = new Set(['isJoint', 'isCharacter']);

function call(s: Scene, name: string, args: unknown[]): unknown {
  const fn = (core as unknown as Record<string, (...a: unknown[]) => unknown>)[name];
  return fn(s.w, ...args);
}

/** Runs `fn`, which must throw a PhysicsError `code` whose message contains `words`, and change nothing. */
function expectRefused(s: Scene, what: string, fn: () => unknown, code: string, words: string): void {
  const before = takeSnapshot(s.w);
  let caught: unknown = null;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  expect(caught, what).toBeInstanceOf(PhysicsError);
  expect((caught as PhysicsError).code, what).toBe(code);
  expect((caught as PhysicsError).message, what).toContain(words);
  expect(takeSnapshot(s.w), `${what} changed the world`).toEqual(before);
}

const worlds: [string, () => PhysicsWorld][] = [
  ['createPhysicsWorld', () => createPhysicsWorld({ gravity: { x: 0, y: -10 } })],
  [
    'a bitecs world withVersioning',
    () => attachPhysics(createWorld(createEntityIndex(withVersioning(8))), { gravity: { x: 0, y: -10 } }),
  ],
];

describe('the walk', () => {
  it('finds every public function that takes a handle, and the names come from the public list', () => {
    const taking = (kind: string): string[] => signatures.filter((s) => s.params.includes(kind)).map((s) => s.name);
    // Each kind's functions, found by type: a floor well below today's counts, so a broken walk cannot pass empty.
    expect(taking('BodyId').length).toBeGreaterThan(50);
    expect(taking('ShapeId').length).toBeGreaterThan(30);
    expect(taking('JointId').length).toBeGreaterThan(40);
    expect(taking('CharacterId').length).toBeGreaterThan(5);
    // setJointMaxMotorTorque is a const bound to setJointMaxMotorForce: the walk reaches such aliases too.
    const names = [
      'setLinearVelocity',
      'addShape',
      'getFriction',
      'setJointMotorSpeed',
      'moveCharacter',
      'setJointMaxMotorTorque',
    ];
    for (const name of names) {
      expect(signatures.map((s) => s.name)).toContain(name);
      expect(publicSource).toContain(name);
    }
  });
});

describe.each(worlds)('handles of the wrong kind in %s', (_name, make) => {
  it('every function taking a body, shape, joint or character handle refuses the other kinds, changing nothing', () => {
    const s = build(make());
    let calls = 0;
    for (const sig of signatures) {
      sig.params.forEach((type, at) => {
        if (!KINDS.includes(type)) return;
        const kind = type as Kind;
        for (const wrong of wrongHandles(s, kind)) {
          const args = sig.params.map((t, i) => (i === at ? wrong.handle : argument(s, t)));
          const what = `${sig.name} given ${wrong.is} (${wrong.handle}) for its ${kind}`;
          calls++;
          if (PREDICATES.has(sig.name)) {
            expect(call(s, sig.name, args), what).toBe(false);
            continue;
          }
          const refusal = REFUSAL[kind];
          expectRefused(s, what, () => call(s, sig.name, args), refusal.code, `${wrong.is}, ${refusal.not}`);
        }
      });
    }
    expect(calls).toBeGreaterThan(250);
    for (let i = 0; i < 30; i++) stepPhysics(s.w, 1 / 60);
    validateWorld(s.w);
  });

  it('a body that is not a character is refused by every character function (NOT_A_CHARACTER)', () => {
    const s = build(make());
    let functions = 0;
    for (const sig of signatures) {
      const at = sig.params.indexOf('CharacterId');
      if (at < 0) continue;
      functions++;
      const args = sig.params.map((t, i) => (i === at ? s.body : argument(s, t)));
      expectRefused(s, sig.name, () => call(s, sig.name, args), 'NOT_A_CHARACTER', 'is not a character');
    }
    expect(functions).toBeGreaterThan(5);
  });

  it('every joint creator refuses a shape or joint handle as bodyA or bodyB', () => {
    const s = build(make());
    const creators = signatures.filter((sig) => /^create\w+Joint$/.test(sig.name)).map((sig) => sig.name);
    expect(creators.length).toBeGreaterThanOrEqual(9);
    for (const name of creators) {
      for (const wrong of wrongHandles(s, 'BodyId')) {
        for (const def of [
          { bodyA: wrong.handle, bodyB: s.other },
          { bodyA: s.body, bodyB: wrong.handle },
        ]) {
          expectRefused(s, `${name}(${JSON.stringify(def)})`, () => call(s, name, [def]), 'NOT_A_BODY', wrong.is);
        }
      }
    }
    stepPhysics(s.w, 1 / 60);
    validateWorld(s.w);
  });

  it("every query refuses a shape or joint handle as its filter's ignoreBody", () => {
    const s = build(make());
    let queries = 0;
    for (const sig of signatures) {
      const at = sig.params.indexOf('QueryFilter');
      if (at < 0) continue;
      queries++;
      for (const wrong of wrongHandles(s, 'BodyId')) {
        const args = sig.params.map((t, i) => (i === at ? { ignoreBody: wrong.handle } : argument(s, t)));
        expectRefused(s, `${sig.name} ignoring ${wrong.is}`, () => call(s, sig.name, args), 'NOT_A_BODY', wrong.is);
      }
    }
    expect(queries).toBeGreaterThanOrEqual(12);
  });

  it('getBodyId names the body on an entity, and refuses a joint entity, a shape handle and an entity with no body', () => {
    const s = build(make());
    expect(getBodyId(s.w, bodyEntity(s.w, s.body))).toBe(s.body);
    expectRefused(s, 'a shape handle', () => getBodyId(s.w, s.shape), 'NOT_A_BODY', 'is a shape handle');
    // A joint's handle is its entity id (the first joint on an id in a plain world, always with versions).
    expectRefused(s, 'a joint', () => getBodyId(s.w, s.joint), 'NOT_A_BODY', 'is a joint, not a body');
    const removed = bodyEntity(s.w, s.other);
    destroyBody(s.w, s.other);
    expectRefused(s, 'a removed entity', () => getBodyId(s.w, removed), 'NOT_A_BODY', 'is not a body');
  });
});

describe('shape, body and joint handles never collide', () => {
  it('regression: setLinearVelocity given shape handle 1 moved body 1; now it is refused and no body moves', () => {
    const w = createPhysicsWorld({ gravity: { x: 0, y: -10 } });
    const bodies: BodyId[] = [];
    const shapes: ShapeId[] = [];
    for (let i = 0; i < 4; i++) {
      const b = createBody(w, { type: 'dynamic', position: { x: 2 * i, y: 0 } });
      bodies.push(b);
      shapes.push(addShape(w, b, makeBox(0.5, 0.5)));
    }
    // The shape handles used to be 0, 1, 2, … as the first bodies' were: shape 1 named body 1 too.
    for (const shape of shapes) {
      expect(shape).toBeLessThanOrEqual(-(2 ** 33));
      expect(bodies).not.toContain(shape);
    }
    const shapeOfSecond = shapes[1] as number as BodyId; // a cast, as JavaScript without types would pass it
    expect(() => setLinearVelocity(w, shapeOfSecond, { x: 5, y: 0 })).toThrow(
      `[NOT_A_BODY] handle ${shapes[1]} is a shape handle, not a body`,
    );
    for (const b of bodies) expect(getLinearVelocity(w, b)).toEqual({ x: 0, y: 0 });
    stepPhysics(w, 1 / 60);
    validateWorld(w);
  });

  it('in a plain world, a joint on a destroyed body’s entity id never gets that body’s handle, and the reverse', () => {
    const w = createPhysicsWorld();
    const a = createBody(w, { type: 'dynamic' });
    const b = createBody(w, { type: 'dynamic', position: { x: 2, y: 0 } });
    const doomed = createBody(w, { type: 'dynamic', position: { x: 4, y: 0 } });
    const doomedEntity = bodyEntity(w, doomed);
    destroyBody(w, doomed);
    const joint = createRevoluteJoint(w, { bodyA: a, bodyB: b, anchor: { x: 1, y: 0 } });
    // bitecs gave the joint the destroyed body's entity id: the handles still differ.
    expect(joint & 0xffffff).toBe(doomedEntity);
    expect(joint).not.toBe(doomed);
    expect(isJoint(w, doomed as number as JointId)).toBe(false); // the stale body handle, cast: not that joint
    // A destroyed object's handle is stale, whatever it named: refused, never applied to the joint.
    expectRefusedPlain(() => destroyJoint(w, doomed as number as JointId), 'STALE_HANDLE');
    expect(isJoint(w, joint)).toBe(true);
    // And back: a body on the joint's entity id once the joint is gone.
    const jointEntity = joint & 0xffffff;
    destroyJoint(w, joint);
    const later = createBody(w, { type: 'dynamic', position: { x: 6, y: 0 } });
    expect(bodyEntity(w, later)).toBe(jointEntity);
    expect(later).not.toBe(joint);
    expectRefusedPlain(() => setLinearVelocity(w, joint as number as BodyId, { x: 1, y: 0 }), 'STALE_HANDLE');
    expect(getLinearVelocity(w, later)).toEqual({ x: 0, y: 0 });
  });

  it('createBody refuses a joint’s entity: an entity is a body or a joint, never both', () => {
    const w = createPhysicsWorld();
    const a = createBody(w, { type: 'dynamic' });
    const b = createBody(w, { type: 'dynamic', position: { x: 2, y: 0 } });
    const joint = createRevoluteJoint(w, { bodyA: a, bodyB: b, anchor: { x: 1, y: 0 } });
    const before = takeSnapshot(w);
    expect(() => createBody(w, { type: 'dynamic' }, joint)).toThrow('is a joint, it cannot become a body');
    expect(takeSnapshot(w)).toEqual(before);
  });
});

function expectRefusedPlain(fn: () => unknown, code: string): void {
  let caught: unknown = null;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(PhysicsError);
  expect((caught as PhysicsError).code).toBe(code);
}
