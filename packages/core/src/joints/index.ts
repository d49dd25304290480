// Joints: definitions, the kinds and their API; with the joint store and lifecycle re-exported for core/internal.
export * from './joint-defs.js';
export * from '../state/joint-store.js';
export * from '../state/joint-layout.js';
export * from './joint-kind.js';
export * from './joint-kinds.js';
export * from './joint-api.js';
export * from './joint-base-api.js';
export * from './joint-frame-api.js';
export * from './joint-spring-api.js';
export * from './joint-events.js';
export {
  requireJoint,
  destroyBodyJoints,
  destroyContactsBetween,
  jointsAllowCollision,
  lookForPairsAgain,
} from '../lifecycle/joint-lifecycle.js';
export { rotationAngle } from './joint-math.js';
