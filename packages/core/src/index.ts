/**
 * Data-oriented 2D rigid-body physics on the bitecs ECS: worlds, bodies, shapes, geometry, joints, queries and events.
 *
 * @packageDocumentation
 * @module @impulse2d/core
 */

// Public API of @impulse2d/core, by name. The stores, record layouts and lifecycle functions the systems package uses
// are in ./internal.ts (@impulse2d/core/internal). New exports: append a group at the end with a one-line comment.

// Errors: every bad input at the API throws a PhysicsError with one of these codes.
export { PhysicsError, type PhysicsErrorCode } from './errors.js';

// Settings: engine constants a user may need to size geometry (metres, radians).
export { LINEAR_SLOP, SPECULATIVE_DISTANCE, MAX_POLYGON_VERTICES, MAX_ROTATION } from './settings.js';

// Worlds: a bitecs world with a `physics` state; its bitecs components are `physics.Body` and `physics.Transform`.
export {
  createPhysicsWorld,
  attachPhysics,
  destroyPhysicsWorld,
  getPhysics,
  getProfile,
  setWorldSettings,
  PhysicsState,
  type PhysicsWorld,
  type BodyComponent,
} from './world/physics-world.js';
export { defaultWorldDef, type WorldDef, type SolverMode } from './world/world-def.js';
export { StepProfile } from './world/profile.js';

// Bodies: creation, destruction and the accessors (SI units: metres, radians, seconds, kilograms).
export { createBody, destroyBody } from './body/body-api.js';
export {
  getPosition,
  getAngle,
  getWorldCenter,
  getLocalCenter,
  setTransform,
  setPosition,
  setAngle,
  getLinearVelocity,
  setLinearVelocity,
  getAngularVelocity,
  setAngularVelocity,
  getLinearVelocityAtPoint,
  applyForce,
  applyTorque,
  applyLinearImpulse,
  applyAngularImpulse,
  getMass,
  getInertia,
  getBodyType,
  setBodyType,
  getGravityScale,
  setGravityScale,
  getLinearDamping,
  setLinearDamping,
  getAngularDamping,
  setAngularDamping,
  isFixedRotation,
  setFixedRotation,
  isBullet,
  setBullet,
  isAwake,
  getWorldPoint,
  getLocalPoint,
  wake,
  setAwake,
  isSleepEnabled,
  setSleepEnabled,
} from './body/body-accessors.js';
export { defaultBodyDef, type BodyDef, type Vec2Like } from './body/body-def.js';
export { BodyType, type TransformColumns, type BodyTypeName, type BodyTypeId } from './body/body-store.js';

// Shapes: attach geometry to bodies, and their material and filter.
export {
  addShape,
  destroyShape,
  getBodyShapes,
  getShapeBody,
  setFriction,
  getFriction,
  setRestitution,
  getRestitution,
  setDensity,
  getDensity,
  setShapeFilter,
  getShapeFilter,
  type ShapeId,
  type ShapeDefInput,
} from './shape/shape-api.js';
export { addChain } from './shape/chain-api.js';
export { defaultShapeDef, defaultFilter, type ShapeDef, type FilterDef } from './shape/shape-def.js';

// Geometry makers: local-space shapes to pass to addShape / addChain.
export { ShapeType } from './geometry/shape-type.js';
export { type ShapeGeometry } from './geometry/shape-geometry.js';
export { computeHull } from './geometry/hull.js';
export { makeBox, makeCapsule, makeCircle, makePolygon, makeRoundedBox, makeSegment } from './geometry/make-shapes.js';
export { makeChain, type ChainGeometry } from './geometry/make-chain.js';

// Joints: definitions, creation and the joint accessors.
export {
  type JointDefBase,
  type WorldAnchorOption,
  type DistanceJointDef,
  type RevoluteJointDef,
  type PrismaticJointDef,
  type WeldJointDef,
  type WheelJointDef,
  type MouseJointDef,
  type MotorJointDef,
  type PulleyJointDef,
  defaultDistanceJointDef,
  defaultRevoluteJointDef,
  defaultPrismaticJointDef,
  defaultWeldJointDef,
  defaultWheelJointDef,
  defaultMouseJointDef,
  defaultMotorJointDef,
  defaultPulleyJointDef,
} from './joints/joint-defs.js';
export {
  createDistanceJoint,
  createRevoluteJoint,
  createPrismaticJoint,
  createWeldJoint,
  createWheelJoint,
  createMouseJoint,
  createMotorJoint,
  createPulleyJoint,
} from './joints/joint-create.js';
export {
  destroyJoint,
  isJoint,
  getJointType,
  getJointBodyA,
  getJointBodyB,
  getJointCollideConnected,
  getJointLocalAnchorA,
  getJointLocalAnchorB,
  getJointWorldAnchors,
  getJointReactionForce,
  getJointReactionTorque,
  getJointMotorForce,
  getRevoluteJointAngle,
  getJointAngularSpeed,
  getJointTranslation,
  getJointCurrentLength,
  setJointMotorSpeed,
  getJointMotorSpeed,
  setJointMaxMotorForce,
  setJointMaxMotorTorque,
  enableJointMotor,
  enableJointLimit,
  enableJointSpring,
  setJointLimits,
  getJointLimits,
  setJointSpring,
  setMouseJointTarget,
  getMouseJointTarget,
  setJointMaxForce,
  setMotorJointMaxTorque,
  setMotorJointLinearOffset,
  setMotorJointAngularOffset,
  getJointImpulses,
  getJointCount,
} from './joints/joint-api.js';
export { JointType, type JointTypeId, type JointTypeName } from './joints/joint-store.js';

// Queries: ray casts, overlap tests and shape casts over the broadphase.
export { defaultQueryFilter, type QueryFilter } from './queries/query-filter.js';
export type { QueryTransform, QueryVec2 } from './queries/query-common.js';
export { RayHits, ShapeHits } from './queries/query-results.js';
export { castRay, castRayClosest, castRayInto, type RayResult } from './queries/ray-queries.js';
export {
  overlapAABB,
  overlapAABBInto,
  overlapPoint,
  overlapPointInto,
  overlapShape,
  overlapShapeInto,
  type QueryAABB,
} from './queries/overlap-queries.js';
export { castShape, type ShapeCastResult } from './queries/shape-cast.js';

// Events: what happened during the last step (contacts, sensors, hits, moves, sleep).
export {
  type ContactPointEvent,
  type ContactBeginEvent,
  type PairEvent,
  type ContactHitEvent,
  type BodyMoveEvent,
  type SleepEvent,
  getContactBeginEvents,
  getContactEndEvents,
  getContactHitEvents,
  getSensorBeginEvents,
  getSensorEndEvents,
  getBodyMoveEvents,
  getSleepEvents,
} from './events/events-api.js';
