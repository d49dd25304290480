// The character API: definitions and their defaults, settings, state and the columns, handles and lifecycle (a
// character is its body), and bad input refused with a typed error before anything changes.
import {
  addShape,
  characterRow,
  createBody,
  createCharacter,
  defaultCharacterDef,
  destroyBody,
  destroyCharacter,
  getBodyType,
  getCharacterSettings,
  getCharacterState,
  getCharacterStateInto,
  getPosition,
  isCharacter,
  makeBox,
  moveCharacter,
  MOVER_SKIN,
  PhysicsError,
  setBodyType,
  setCharacterSettings,
  validateWorld,
  type PhysicsWorld,
  type BodyId,
  type CharacterId,
} from '@impulse2d/core';
import { getPhysics } from '@impulse2d/core/internal';
import { createPhysicsSystems, stepPhysics } from '@impulse2d/systems';
import { addEntity, removeEntity } from 'bitecs';
import { describe, expect, it } from 'vitest';
import { addGround, world } from './helpers/scene.js';
import { DT, Walker } from './helpers/character-scenes.js';

const REST = 0.9 + 2 * MOVER_SKIN;

/** Expects `f` to throw a PhysicsError with `code`. */
function throwsCode(f: () => unknown, code: string): void {
  let error: unknown = null;
  try {
    f();
  } catch (e) {
    error = e;
  }
  expect(error, `expected ${code}`).toBeInstanceOf(PhysicsError);
  expect((error as PhysicsError).code).toBe(code);
}

/** Everything physics keeps, as a fingerprint to compare before and after a refused call. */
function fingerprint(w: PhysicsWorld): string {
  const p = getPhysics(w);
  const cs = p.characters;
  const rows: number[] = [];
  for (let r = 0; r < cs.count; r++) {
    rows.push(cs.handle[r], cs.radius[r], cs.maxClimbAngle[r], cs.skin[r], cs.flags[r], cs.desiredX[r], cs.mass[r]);
  }
  return JSON.stringify([p.bodies.count, p.shapes.count, cs.count, rows]);
}

describe('definitions, settings and state', () => {
  it('defaults: a 1.8 m capsule of radius 0.4 climbing and sliding at 45°, snapping 0.2 m, skin 2.5 mm, 80 kg', () => {
    const d = defaultCharacterDef();
    expect(d).toEqual({
      position: { x: 0, y: 0 },
      radius: 0.4,
      halfHeight: 0.5,
      up: { x: 0, y: 1 },
      maxSlopeClimbAngle: Math.PI / 4,
      minSlopeSlideAngle: Math.PI / 4,
      autostep: false,
      snapToGround: 0.2,
      skin: MOVER_SKIN,
      pushBodies: true,
      mass: 80,
      pushForce: 800,
      filter: { categoryBits: 1, maskBits: 0xffffffff, groupIndex: 0 },
    });
    const w = world();
    const c = createCharacter(w);
    expect(getBodyType(w, c)).toBe('kinematic');
    const { position, radius, halfHeight, up, ...settings } = d;
    expect([position, radius, halfHeight, up]).toBeDefined();
    expect(getCharacterSettings(w, c)).toEqual(settings);
  });

  it('settings change between steps and read back; the filter goes to its capsule', () => {
    const w = world();
    const c = createCharacter(w);
    setCharacterSettings(w, c, {
      autostep: { maxHeight: 0.3, minWidth: 0.2 },
      snapToGround: false,
      maxSlopeClimbAngle: 0.5,
      filter: { maskBits: 0xfffd },
    });
    const s = getCharacterSettings(w, c);
    expect(s.autostep).toEqual({ maxHeight: 0.3, minWidth: 0.2 });
    expect(s.snapToGround).toBe(false);
    expect(s.maxSlopeClimbAngle).toBe(0.5);
    expect(s.filter).toEqual({ categoryBits: 1, maskBits: 0xfffd, groupIndex: 0 });
    const p = getPhysics(w);
    expect(p.shapes.maskBits[p.bodies.shapeHead[c]]).toBe(0xfffd);
  });

  it('the state before any step, after one, through the Into form (the same object back) and the columns', () => {
    const w = world();
    const ground = addGround(w);
    const c = createCharacter(w, { position: { x: 1, y: REST } });
    expect(getCharacterState(w, c)).toEqual({
      grounded: false,
      groundNormal: { x: 0, y: 0 },
      groundBody: null,
      sliding: false,
      translation: { x: 0, y: 0 },
    });
    moveCharacter(w, c, { x: 0.05, y: 0 });
    stepPhysics(w, DT);
    const out = getCharacterState(w, c);
    expect(getCharacterStateInto(w, c, out)).toBe(out);
    expect(out.grounded).toBe(true);
    expect(out.groundBody).toBe(ground);
    expect(out.translation.x).toBeCloseTo(0.05, 14);
    expect(out.translation.y).toBe(0);
    const cs = w.physics.characters;
    const row = characterRow(w, c);
    expect(cs.handle[row]).toBe(c);
    expect(cs.grounded[row]).toBe(1);
    expect(cs.translationX[row]).toBe(out.translation.x);
    expect(cs.groundBody[row]).toBe(ground);
    // The body moved through the step by its velocity, like any kinematic body.
    expect(getPosition(w, c).x).toBeCloseTo(1.05, 12);
    // The move was consumed: the next step, asked nothing, it stays.
    stepPhysics(w, DT);
    expect(getCharacterState(w, c).translation).toEqual({ x: 0, y: 0 });
  });

  it('a circle character (halfHeight 0) walks too; a character whose body is made dynamic is left to the solver', () => {
    const w = world();
    addGround(w);
    const c = createCharacter(w, { position: { x: 0, y: 0.4 + 2 * MOVER_SKIN }, halfHeight: 0 });
    const walker = new Walker(w, c);
    for (let i = 0; i < 30; i++) walker.step(3);
    expect(getPosition(w, c).x).toBeCloseTo(1.5, 9);
    expect(walker.state.grounded).toBe(true);
    setBodyType(w, c, 'dynamic');
    moveCharacter(w, c, { x: 1, y: 0 });
    stepPhysics(w, DT);
    // The solver carries it on at its last velocity (3 m/s, less the friction); the asked metre is not applied.
    expect(getPosition(w, c).x).toBeGreaterThan(1.5);
    expect(getPosition(w, c).x).toBeLessThan(1.5 + 3 / 60 + 1e-9);
    expect(getCharacterState(w, c).translation).toEqual({ x: 0, y: 0 });
    setBodyType(w, c, 'kinematic');
    for (let i = 0; i < 30; i++) walker.step(3);
    expect(getPosition(w, c).x).toBeGreaterThan(2.5);
  });

  it('a later moveCharacter before the step replaces the earlier one', () => {
    const w = world();
    addGround(w);
    const c = createCharacter(w, { position: { x: 0, y: REST } });
    moveCharacter(w, c, { x: 1, y: 0 });
    moveCharacter(w, c, { x: 0.02, y: 0 });
    stepPhysics(w, DT);
    expect(getPosition(w, c).x).toBeCloseTo(0.02, 12);
  });

  it('up along x: the capsule lies along it and the ground is where −x points', () => {
    const w = world({ gravity: { x: -10, y: 0 } });
    const wall = createBody(w, { type: 'static', position: { x: -1, y: 0 } });
    addShape(w, wall, makeBox(1, 100));
    const c = createCharacter(w, { position: { x: REST, y: 0 }, up: { x: 2, y: 0 } });
    const walker = new Walker(w, c);
    const s = walker.step(0);
    expect(s.grounded).toBe(true);
    expect(s.groundNormal.x).toBeCloseTo(1, 9);
    const p = getPhysics(w);
    expect(p.characters.upX[characterRow(w, c)]).toBe(1);
  });
});

describe('handles and lifecycle', () => {
  it('destroyCharacter, destroyBody and removing the entity each remove the character; the other rows keep theirs', () => {
    const w = world();
    addGround(w);
    const a = createCharacter(w, { position: { x: 0, y: REST } });
    const b = createCharacter(w, { position: { x: 3, y: REST }, radius: 0.3 });
    const c = createCharacter(w, { position: { x: 6, y: REST }, mass: 60 });
    const d = createCharacter(w, { position: { x: 9, y: REST }, skin: 0.004 });
    stepPhysics(w, DT);
    destroyCharacter(w, a);
    expect(isCharacter(w, a)).toBe(false);
    throwsCode(() => moveCharacter(w, a, { x: 0, y: 0 }), 'STALE_HANDLE');
    destroyBody(w, b);
    expect(isCharacter(w, b)).toBe(false);
    removeEntity(w, c);
    expect(isCharacter(w, c)).toBe(false);
    expect(w.physics.characters.count).toBe(1);
    validateWorld(w);
    expect(isCharacter(w, d)).toBe(true);
    expect(getCharacterSettings(w, d).skin).toBe(0.004);
    expect(characterRow(w, d)).toBe(0);
    // d still walks.
    moveCharacter(w, d, { x: 0.05, y: 0 });
    stepPhysics(w, DT);
    expect(getPosition(w, d).x).toBeCloseTo(9.05, 12);
  });

  it('an entity removed by a system inside the physics pipe loses its character when the step ends', () => {
    const w = world();
    addGround(w);
    const a = createCharacter(w, { position: { x: 0, y: REST } });
    const b = createCharacter(w, { position: { x: 3, y: REST } });
    const [begin, ...rest] = createPhysicsSystems(DT);
    begin(w);
    removeEntity(w, a);
    for (const system of rest) system(w);
    expect(isCharacter(w, a)).toBe(false);
    expect(characterRow(w, b)).toBe(0);
    validateWorld(w);
  });

  it('makes an existing entity the character (its components stay), and a plain body is no character', () => {
    const w = world();
    const e = addEntity(w);
    const c = createCharacter(w, { position: { x: 0, y: 2 } }, e);
    expect(c).toBe(e);
    expect(isCharacter(w, c)).toBe(true);
    const body = createBody(w, { type: 'dynamic' });
    expect(isCharacter(w, body)).toBe(false);
    expect(isCharacter(w, 12345 as BodyId)).toBe(false); // not a handle, on purpose
    const notACharacter = body as CharacterId; // a body that is no character, on purpose
    throwsCode(() => moveCharacter(w, notACharacter, { x: 1, y: 0 }), 'NOT_A_CHARACTER');
    throwsCode(() => getCharacterState(w, notACharacter), 'NOT_A_CHARACTER');
    throwsCode(() => characterRow(w, notACharacter), 'NOT_A_CHARACTER');
    throwsCode(() => destroyCharacter(w, notACharacter), 'NOT_A_CHARACTER');
    throwsCode(() => moveCharacter(w, 12345 as CharacterId, { x: 1, y: 0 }), 'NOT_A_BODY');
  });
});

describe('bad input: a typed error before any change, the world still steps', () => {
  const badDefs: [string, object][] = [
    ['radius', { radius: -1 }],
    ['radius', { radius: 0 }],
    ['radius', { radius: NaN }],
    ['halfHeight', { halfHeight: -0.1 }],
    ['halfHeight', { halfHeight: Infinity }],
    ['position', { position: { x: NaN, y: 0 } }],
    ['position', { position: null }],
    ['up', { up: { x: 0, y: 0 } }],
    ['maxSlopeClimbAngle', { maxSlopeClimbAngle: 2 }],
    ['maxSlopeClimbAngle', { maxSlopeClimbAngle: -0.1 }],
    ['minSlopeSlideAngle', { minSlopeSlideAngle: Math.PI }],
    ['minSlopeSlideAngle', { minSlopeSlideAngle: '0.5' }],
    ['autostep', { autostep: { maxHeight: 0, minWidth: 0.1 } }],
    ['autostep', { autostep: { maxHeight: 0.2, minWidth: -1 } }],
    ['autostep', { autostep: true }],
    ['snapToGround', { snapToGround: -1 }],
    ['snapToGround', { snapToGround: 0 }],
    ['skin', { skin: 0 }],
    ['pushBodies', { pushBodies: 1 }],
    ['mass', { mass: 0 }],
    ['pushForce', { pushForce: -5 }],
    ['filter', { filter: { categoryBits: 1.5 } }],
  ];

  it.each(badDefs)('createCharacter refuses a bad %s', (_, def) => {
    const w = world();
    addGround(w);
    const c = createCharacter(w, { position: { x: 0, y: REST } });
    const before = fingerprint(w);
    throwsCode(() => createCharacter(w, def as never), 'INVALID_ARGUMENT');
    expect(fingerprint(w)).toBe(before);
    throwsCode(() => setCharacterSettings(w, c, def as never), 'INVALID_ARGUMENT');
    expect(fingerprint(w)).toBe(before);
    new Walker(w, c).step(2);
    expect(getPosition(w, c).x).toBeCloseTo(2 / 60, 12);
  });

  it('moveCharacter refuses non-finite or missing translations, leaving the last move in place', () => {
    const w = world();
    addGround(w);
    const c = createCharacter(w, { position: { x: 0, y: REST } });
    moveCharacter(w, c, { x: 0.01, y: 0 });
    const before = fingerprint(w);
    for (const t of [{ x: NaN, y: 0 }, { x: 0, y: Infinity }, { x: 1 }, null, 3]) {
      throwsCode(() => moveCharacter(w, c, t as never), 'INVALID_ARGUMENT');
    }
    expect(fingerprint(w)).toBe(before);
    stepPhysics(w, DT);
    expect(getPosition(w, c).x).toBeCloseTo(0.01, 12);
    expect(() => createCharacter(w, null as never)).toThrow(PhysicsError);
    throwsCode(() => getCharacterStateInto(w, c, null as never), 'INVALID_ARGUMENT');
  });

  it('refuses changes during a step (WORLD_LOCKED), e.g. from a system inside the physics pipe', () => {
    const w = world();
    addGround(w);
    const c = createCharacter(w, { position: { x: 0, y: REST } });
    const [begin, ...rest] = createPhysicsSystems(DT);
    begin(w);
    throwsCode(() => moveCharacter(w, c, { x: 1, y: 0 }), 'WORLD_LOCKED');
    throwsCode(() => createCharacter(w), 'WORLD_LOCKED');
    throwsCode(() => destroyCharacter(w, c), 'WORLD_LOCKED');
    for (const system of rest) system(w);
    moveCharacter(w, c, { x: 0.02, y: 0 });
    stepPhysics(w, DT);
    expect(getPosition(w, c).x).toBeCloseTo(0.02, 12);
  });
});
