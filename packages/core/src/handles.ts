/*
 * The handle types of the public API. A body, a shape and a joint are each named by a number that carries a
 * generation (state/body-handle.ts, state/shape-handle.ts), so a destroyed object's handle is refused.
 *
 * Each kind is a branded number: a number at run time (no wrapper, no cost: the brand exists only for the type
 * checker), a distinct type at compile time, so a ShapeId passed where a BodyId is expected is a type error. The brand
 * is a property keyed by a unique symbol that is never exported: no value can be given it but by a cast, it does not
 * show up in completions as a string key would, and a sub-brand (CharacterId) can narrow BodyId without clashing.
 * The engine hands out every handle (creation functions, events, queries, getters); the numbers behind them are also
 * kept apart at run time (shape handles are ≤ −2³³, body and joint handles ≥ −2³¹), so a cast that mixes them up is
 * refused with a PhysicsError, never applied to another object.
 */

declare const handleKind: unique symbol;
declare const characterKind: unique symbol;

/**
 * A body handle, as createBody returns it. In a plain bitecs world it is the body's entity id for the first body on
 * an entity (a body made later on a recycled id carries a generation), in a world made `withVersioning` the entity id
 * bitecs returned. From an entity id (a bitecs `query` result) to its body's handle: `getBodyId(world, eid)`; back:
 * `bodyEntity(world, body)`. Arithmetic and comparisons work as on any number; the result is a plain number.
 */
export type BodyId = number & { readonly [handleKind]: 'BodyId' };

/**
 * A shape handle, as addShape and addChain return it: a negative number, never equal to a body or joint handle.
 * Lists of shapes (overlap queries, ray hits with equal fractions, sensor overlaps, contact state, mover planes) come
 * in shape order: the order in which shapes took their slots, which is descending handle values.
 */
export type ShapeId = number & { readonly [handleKind]: 'ShapeId' };

/** A joint handle, as the createXJoint functions return it (the joint's entity id in a plain world). */
export type JointId = number & { readonly [handleKind]: 'JointId' };

/**
 * A character's handle, as createCharacter returns it: its body's BodyId, so every body function takes it too, and
 * narrowed so the character functions take only it. `isCharacter(world, body)` narrows a BodyId (an event's, a query
 * hit's) to it.
 */
export type CharacterId = BodyId & { readonly [characterKind]: true };

/**
 * A Float64Array of handles of one kind (a result buffer's column): an element reads as the handle type `H`, ready
 * for the API; writing into it takes an `H` too. Methods that return new arrays (`subarray`, `slice`) give plain
 * Float64Arrays.
 */
export interface HandleColumn<H extends number> extends Float64Array {
  [index: number]: H;
}
