/**
 * Worlds, bodies, shapes, joints, queries, events, snapshots and debug draw of impulse2d, a 2D rigid-body physics
 * engine on the bitecs ECS: a world is a bitecs world with `world.physics`, a body is an entity. Step worlds with
 * `@impulse2d/systems`.
 *
 * Engine internals (stores, record layouts, lifecycle routines, collision routines) are published apart as
 * `@impulse2d/core/internal`, for `@impulse2d/systems` and for tools that read the columns directly (not a stable
 * interface).
 *
 * @packageDocumentation
 * @module @impulse2d/core
 */

// ---- Errors ----
export { PhysicsError, type PhysicsErrorCode } from './errors.js';

// ---- Worlds ----
export {
  type ClassicPositionCorrection,
  type MixingRule,
  type SolverKernelMode,
  type SolverMode,
  type WorldDef,
  defaultWorldDef,
} from './state/world-def.js';
export {
  type BodyComponent,
  type MaterialMixer,
  type PairFilter,
  type PhysicsState,
  type PhysicsWorld,
} from './state/physics-state.js';
export { getProfile, setWorldSettings } from './world/world-settings.js';
export { setFrictionCallback, setPairFilter, setRestitutionCallback } from './world/world-callbacks.js';
export { getStateHash } from './world/state-hash.js';
export { attachPhysics, createPhysicsWorld, destroyPhysicsWorld } from './world/world-api.js';
export { validateWorld } from './world/validate-world.js';
export { type StepProfile } from './state/profile.js';
export { LINEAR_SLOP, MAX_POLYGON_VERTICES } from './settings.js';

// ---- Bodies ----
export { createBody, destroyBody } from './body/body-api.js';
export { type BodyDef, type MotionLocks, defaultBodyDef } from './body/body-def.js';
export {
  type MassData,
  clearForces,
  getMassData,
  getMotionLocks,
  getSleepThreshold,
  isBodyEnabled,
  resetMassData,
  setBodyEnabled,
  setMassData,
  setMotionLocks,
  setSleepThreshold,
} from './body/body-controls.js';
export type { Vec2Like } from './math/vec2.js';
export {
  applyAngularImpulse,
  applyForce,
  applyLinearImpulse,
  applyTorque,
  getAngle,
  getAngularDamping,
  getAngularVelocity,
  getBodyType,
  getGravityScale,
  getInertia,
  getLinearDamping,
  getLinearVelocity,
  getLinearVelocityAtPoint,
  getLocalCenter,
  getLocalPoint,
  getMass,
  getPosition,
  getWorldCenter,
  getWorldPoint,
  isAwake,
  isBullet,
  isFixedRotation,
  isSleepEnabled,
  setAngle,
  setAngularDamping,
  setAngularVelocity,
  setAwake,
  setBodyType,
  setBullet,
  setFixedRotation,
  setGravityScale,
  setLinearDamping,
  setLinearVelocity,
  setPosition,
  setSleepEnabled,
  setTransform,
} from './body/body-accessors.js';
export { type BodyTypeName, type TransformColumns } from './state/body-store.js';
export { setTargetTransform } from './body/target-transform.js';

export { getQuarantineEvents, isBodyQuarantined } from './lifecycle/body-quarantine.js';

// ---- Shapes ----
export {
  type ShapeDefInput,
  addShape,
  destroyShape,
  getBodyShapes,
  getDensity,
  getFriction,
  getRestitution,
  getShapeBody,
  getShapeFilter,
  getShapeHitEvents,
  setDensity,
  setFriction,
  setRestitution,
  setShapeFilter,
  setShapeGeometry,
  setShapeHitEvents,
} from './shape/shape-api.js';
export {
  getRollingResistance,
  getTangentSpeed,
  getUserMaterialId,
  setRollingResistance,
  setTangentSpeed,
  setUserMaterialId,
} from './shape/shape-material.js';
export { getShapeUserData, setShapeUserData } from './shape/shape-user-data.js';
export type { BodyId, CharacterId, HandleColumn, JointId, ShapeId } from './handles.js';
export { addChain } from './shape/chain-api.js';
export { getShapeContactForceThreshold, setShapeContactForceThreshold } from './shape/shape-force-events.js';
export { getShapeOneWay, setShapeOneWay } from './shape/one-way.js';
export { type ExplosionDef, defaultExplosionDef, explode } from './world/explosion.js';
export { AIR_DENSITY, applyWind } from './shape/wind.js';
export { type FilterDef, type ShapeDef, defaultFilter, defaultShapeDef } from './shape/shape-def.js';

// ---- Geometry ----
export { computeHull } from './geometry/hull.js';
export { makeBox, makeCapsule, makeCircle, makePolygon, makeRoundedBox, makeSegment } from './geometry/make-shapes.js';
export { type ChainGeometry, makeChain } from './geometry/make-chain.js';
export { type ShapeGeometry } from './geometry/shape-geometry.js';

// ---- Joints ----
export { type JointDefBase, type LocalAnchorsDef, type WorldAnchorOption } from './joints/joint-defs.js';
export { type JointTypeName } from './state/joint-store.js';
export { type DistanceJointDef, createDistanceJoint, defaultDistanceJointDef } from './joints/kinds/distance.js';
export { type RevoluteJointDef, createRevoluteJoint, defaultRevoluteJointDef } from './joints/kinds/revolute.js';
export { type PrismaticJointDef, createPrismaticJoint, defaultPrismaticJointDef } from './joints/kinds/prismatic.js';
export { type WeldJointDef, createWeldJoint, defaultWeldJointDef } from './joints/kinds/weld.js';
export { type WheelJointDef, createWheelJoint, defaultWheelJointDef } from './joints/kinds/wheel.js';
export {
  type MouseJointDef,
  createMouseJoint,
  defaultMouseJointDef,
  getMouseJointTarget,
  setMouseJointTarget,
} from './joints/kinds/mouse.js';
export {
  type MotorJointDef,
  createMotorJoint,
  defaultMotorJointDef,
  setMotorJointAngularOffset,
  setMotorJointLinearOffset,
  setMotorJointMaxTorque,
} from './joints/kinds/motor.js';
export { type PulleyJointDef, createPulleyJoint, defaultPulleyJointDef } from './joints/kinds/pulley.js';
export { type FilterJointDef, createFilterJoint, defaultFilterJointDef } from './joints/kinds/filter.js';
export {
  destroyJoint,
  enableJointLimit,
  enableJointMotor,
  enableJointSpring,
  getJointAngularSpeed,
  getJointBodyA,
  getJointBodyB,
  getJointCount,
  getJointCurrentLength,
  getJointImpulses,
  getJointLimits,
  getJointMotorForce,
  getJointMotorSpeed,
  getJointReactionForce,
  getJointReactionTorque,
  getJointTranslation,
  getJointType,
  getJointWorldAnchors,
  getRevoluteJointAngle,
  isJoint,
  setJointLimits,
  setJointMaxForce,
  setJointMaxMotorForce,
  setJointMaxMotorTorque,
  setJointMotorSpeed,
  setJointSpring,
} from './joints/joint-api.js';
export {
  getJointCollideConnected,
  getJointConstraintTuning,
  getJointForceThreshold,
  getJointTorqueThreshold,
  resetJointConstraintTuning,
  setJointCollideConnected,
  setJointConstraintTuning,
  setJointForceThreshold,
  setJointTorqueThreshold,
} from './joints/joint-base-api.js';
export {
  getJointLocalAnchorA,
  getJointLocalAnchorB,
  getJointLocalAxisA,
  getJointReferenceAngle,
  setJointLocalAnchorA,
  setJointLocalAnchorB,
  setJointLocalAxisA,
  setJointReferenceAngle,
} from './joints/joint-frame-api.js';
export {
  getJointSpringForceRange,
  getJointSpringTarget,
  setJointSpringForceRange,
  setJointSpringTarget,
} from './joints/joint-spring-api.js';

// ---- Queries ----
export { type QueryFilter, defaultQueryFilter } from './queries/query-filter.js';
export { type QueryTransform, type QueryVec2 } from './queries/query-common.js';
export { RayHits, ShapeHits } from './queries/query-results.js';
export { type RayResult, castRay, castRayClosest, castRayInto } from './queries/ray-queries.js';
export {
  type QueryAABB,
  overlapAABB,
  overlapAABBInto,
  overlapPoint,
  overlapPointInto,
  overlapShape,
  overlapShapeInto,
} from './queries/overlap-queries.js';
export { type ShapeCastResult, castShape, castShapeAll, castShapeAllInto } from './queries/shape-cast.js';
export {
  type ShapeDistanceResult,
  getClosestPoint,
  getShapeAABB,
  rayCastShape,
  shapeDistance,
  testPoint,
} from './queries/shape-queries.js';
export {
  type CollisionPlane,
  type Mover,
  type MoverPlane,
  type PlaneSolverResult,
  castMover,
  clipVector,
  clipVectorInto,
  collideMover,
  collideMoverInto,
  solvePlanes,
  solvePlanesInto,
} from './queries/mover-queries.js';
export { MOVER_CONTACT_GAP, MOVER_REST_GAP, MOVER_SKIN } from './queries/mover-world.js';
export { MoverPlanes } from './collision/mover-planes.js';

// ---- Characters ----
export {
  type CharacterState,
  characterRow,
  createCharacter,
  destroyCharacter,
  getCharacterSettings,
  getCharacterState,
  getCharacterStateInto,
  isCharacter,
  moveCharacter,
  setCharacterSettings,
} from './character/character-api.js';
export {
  type CharacterAutostep,
  type CharacterDef,
  type CharacterDefInput,
  type CharacterSettings,
  type CharacterSettingsInput,
  defaultCharacterDef,
} from './character/character-def.js';
export { type CharacterColumns } from './state/character-store.js';

// ---- Events ----
export {
  type BodyMoveEvent,
  type ContactBeginEvent,
  type ContactHitEvent,
  type ContactPointEvent,
  type PairEvent,
  type SleepEvent,
  getBodyMoveEvents,
  getContactBeginEvents,
  getContactEndEvents,
  getContactHitEvents,
  getSensorBeginEvents,
  getSensorEndEvents,
  getSleepEvents,
} from './events/events-api.js';
export {
  type ContactForceEvent,
  type JointEvent,
  getContactForceEvents,
  getContactForceEventsInto,
  getJointEvents,
  getJointEventsInto,
} from './events/force-events.js';
export { ContactForceEventList, JointEventList } from './events/event-lists.js';

// ---- Contact state and the pre-solve callback ----
export { ContactView, type PreSolveFn } from './state/contact-view.js';
export { setPreSolve } from './contacts/pre-solve.js';
export { ContactData, type ContactInfo, type ContactInfoPoint } from './contacts/contact-data.js';
export {
  getBodyContacts,
  getBodyContactsInto,
  getShapeContacts,
  getShapeContactsInto,
} from './contacts/contact-state.js';
export {
  getSensorOverlaps,
  getSensorOverlapsInto,
  isSensorEnabled,
  setSensorEnabled,
} from './contacts/sensor-state.js';

// ---- Debug draw ----
export {
  debugDraw,
  debugBodyColor,
  DebugColor,
  DebugDrawFlag,
  type DebugDrawer,
  type DebugDrawOptions,
} from './debug/debug-draw.js';

// ---- Snapshots ----
export {
  takeSnapshot,
  takeSnapshotInto,
  snapshotSize,
  restoreSnapshot,
  createPhysicsWorldFromSnapshot,
  SNAPSHOT_FORMAT_VERSION,
} from './snapshot/snapshot.js';

// ---- Handles ----
export { bodyEntity, bodyIndex, getBodyId } from './body/body-api.js';

// ---- Deterministic math (bit-identical in every JavaScript engine, unlike Math.sin/cos/atan2/hypot) ----
export { atan2, cosSin, length } from './math/trig.js';
