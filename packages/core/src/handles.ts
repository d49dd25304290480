/*
 * The handle types of the public API. A body, a shape and a joint are each named by a number that carries a
 * generation (state/body-handle.ts, state/shape-handle.ts), so a destroyed object's handle is refused.
 */

/** A body handle, as createBody returns it (in a plain bitecs world, the body's entity id for the first body on it). */
export type BodyId = number;
/** A shape handle, as addShape and addChain return it. */
export type ShapeId = number;
/** A joint handle, as the createXJoint functions return it (the joint's entity id in a plain world). */
export type JointId = number;
