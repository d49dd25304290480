// Joints: storage, definitions, the kinds and the public API. The solver side lives in @impulse2d/systems.
export * from './joint-defs.js';
export * from './joint-store.js';
export * from './joint-layout.js';
export * from './joint-kind.js';
export * from './joint-kinds.js';
export * from './joint-api.js';
export { requireJoint, destroyBodyJoints, jointsAllowCollision } from './joint-lifecycle.js';
export { rotationAngle } from './joint-math.js';
