// Handles of one kind given where another is expected are compile errors: each `@ts-expect-error` line below must
// fail to type-check (the type check, `pnpm typecheck`, covers this file and fails on an unused directive), and each
// of those calls also runs, so the run-time refusal is checked with it. What the API hands out carries its brand.
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  addShape,
  bodyEntity,
  ContactData,
  ContactForceEventList,
  createBody,
  createCharacter,
  createPhysicsWorld,
  createRevoluteJoint,
  destroyJoint,
  getBodyId,
  getBodyShapes,
  getCharacterState,
  getJointBodyA,
  getPosition,
  getShapeBody,
  getFriction,
  isCharacter,
  JointEventList,
  makeBox,
  moveCharacter,
  MoverPlanes,
  overlapPoint,
  PhysicsError,
  RayHits,
  setLinearVelocity,
  setJointMotorSpeed,
  ShapeHits,
  type BodyId,
  type CharacterColumns,
  type CharacterId,
  type CharacterState,
  type ContactBeginEvent,
  type ContactInfo,
  type JointEvent,
  type JointId,
  type PairEvent,
  type PhysicsErrorCode,
  type PhysicsWorld,
  type RayResult,
  type ShapeCastResult,
  type ShapeId,
} from '../src/index.js';

function scene(): { w: PhysicsWorld; body: BodyId; other: BodyId; shape: ShapeId; joint: JointId; hero: CharacterId } {
  const w = createPhysicsWorld();
  const body = createBody(w, { type: 'dynamic' });
  const other = createBody(w, { type: 'dynamic', position: { x: 2, y: 0 } });
  const shape = addShape(w, body, makeBox(0.5, 0.5));
  const joint = createRevoluteJoint(w, { bodyA: body, bodyB: other, anchor: { x: 1, y: 0 } });
  const hero = createCharacter(w, { position: { x: 10, y: 0 } });
  return { w, body, other, shape, joint, hero };
}

/** The code of the PhysicsError `fn` throws. */
function codeOf(fn: () => unknown): PhysicsErrorCode {
  try {
    fn();
  } catch (e) {
    if (e instanceof PhysicsError) return e.code;
    throw e;
  }
  throw new Error('no PhysicsError');
}

describe('handle types', () => {
  it('a handle of the wrong kind, or a plain number, is a compile error (and refused at run time)', () => {
    const { w, body, shape, joint, hero } = scene();
    // @ts-expect-error a ShapeId where a BodyId is expected
    expect(codeOf(() => setLinearVelocity(w, shape, { x: 1, y: 0 }))).toBe('NOT_A_BODY');
    // @ts-expect-error a JointId where a BodyId is expected
    expect(codeOf(() => getPosition(w, joint))).toBe('NOT_A_BODY');
    // @ts-expect-error a BodyId where a ShapeId is expected
    expect(codeOf(() => getFriction(w, body))).toBe('NOT_A_SHAPE');
    // @ts-expect-error a JointId where a ShapeId is expected
    expect(codeOf(() => getShapeBody(w, joint))).toBe('NOT_A_SHAPE');
    // @ts-expect-error a BodyId where a JointId is expected
    expect(codeOf(() => setJointMotorSpeed(w, body, 1))).toBe('NOT_A_JOINT');
    // @ts-expect-error a ShapeId where a JointId is expected
    expect(codeOf(() => destroyJoint(w, shape))).toBe('NOT_A_JOINT');
    // @ts-expect-error a plain BodyId where a CharacterId is expected
    expect(codeOf(() => moveCharacter(w, body, { x: 1, y: 0 }))).toBe('NOT_A_CHARACTER');
    // @ts-expect-error a ShapeId where a CharacterId is expected
    expect(codeOf(() => getCharacterState(w, shape))).toBe('NOT_A_BODY');
    // @ts-expect-error a plain number is no handle
    expect(codeOf(() => getPosition(w, 123456))).toBe('NOT_A_BODY');
    // @ts-expect-error nor in a joint definition
    expect(codeOf(() => createRevoluteJoint(w, { bodyA: body, bodyB: shape }))).toBe('NOT_A_BODY');
    // @ts-expect-error a list of shapes is not a list of bodies
    const bodies: BodyId[] = getBodyShapes(w, body);
    expect(bodies).toHaveLength(1);
    // A character is a body: every body function takes it.
    expect(getPosition(w, hero)).toEqual({ x: 10, y: 0 });
  });

  it('creators, getters, events, results and columns hand out branded handles', () => {
    const { w, body, shape, joint, hero } = scene();
    expectTypeOf(body).toEqualTypeOf<BodyId>();
    expectTypeOf(shape).toEqualTypeOf<ShapeId>();
    expectTypeOf(joint).toEqualTypeOf<JointId>();
    expectTypeOf(hero).toEqualTypeOf<CharacterId>();
    expectTypeOf(hero).toMatchTypeOf<BodyId>();
    expectTypeOf(getShapeBody(w, shape)).toEqualTypeOf<BodyId>();
    expectTypeOf(getJointBodyA(w, joint)).toEqualTypeOf<BodyId>();
    expectTypeOf(getBodyShapes(w, body)).toEqualTypeOf<ShapeId[]>();
    expectTypeOf(overlapPoint(w, { x: 0, y: 0 })).toEqualTypeOf<ShapeId[]>();
    expectTypeOf(getBodyId(w, bodyEntity(w, body))).toEqualTypeOf<BodyId>();
    expectTypeOf<PairEvent['bodyA']>().toEqualTypeOf<BodyId>();
    expectTypeOf<PairEvent['shapeB']>().toEqualTypeOf<ShapeId>();
    expectTypeOf<ContactBeginEvent['shapeA']>().toEqualTypeOf<ShapeId>();
    expectTypeOf<ContactInfo['bodyB']>().toEqualTypeOf<BodyId>();
    expectTypeOf<JointEvent['joint']>().toEqualTypeOf<JointId>();
    expectTypeOf<RayResult['shape']>().toEqualTypeOf<ShapeId>();
    expectTypeOf<ShapeCastResult['body']>().toEqualTypeOf<BodyId>();
    expectTypeOf<CharacterState['groundBody']>().toEqualTypeOf<BodyId | null>();
    expectTypeOf(new RayHits().body[0]).toEqualTypeOf<BodyId>();
    expectTypeOf(new ShapeHits().shape[0]).toEqualTypeOf<ShapeId>();
    expectTypeOf(new ContactData().shapeA[0]).toEqualTypeOf<ShapeId>();
    expectTypeOf(new ContactForceEventList().bodyB[0]).toEqualTypeOf<BodyId>();
    expectTypeOf(new JointEventList().joint[0]).toEqualTypeOf<JointId>();
    expectTypeOf(new MoverPlanes().shape[0]).toEqualTypeOf<ShapeId | -1>();
    expectTypeOf<CharacterColumns['handle'][number]>().toEqualTypeOf<CharacterId>();
    expectTypeOf<CharacterColumns['groundBody'][number]>().toEqualTypeOf<BodyId | -1>();
  });

  it('isCharacter narrows a BodyId to a CharacterId', () => {
    const { w, hero } = scene();
    const seen: BodyId = getBodyId(w, bodyEntity(w, hero)); // as a bitecs query would name it: by its entity
    // @ts-expect-error not narrowed yet
    moveCharacter(w, seen, { x: 0.1, y: 0 });
    if (isCharacter(w, seen)) {
      expectTypeOf(seen).toEqualTypeOf<CharacterId>();
      moveCharacter(w, seen, { x: 0.1, y: 0 });
    }
    expect(isCharacter(w, seen)).toBe(true);
  });
});
