export { buildJointRecords } from './build-joint-records.js';
export { colourJoints } from './colour-joints.js';
export { JOINT_KINDS } from './joint-kinds.js';
export { type JointKindSolver } from './joint-kind.js';
export { type JointPrepareState } from './joint-prepare.js';
export { isPin } from './revolute.js';
export { storeJointImpulses } from './store-joint-impulses.js';
export {
  JOINT_RELAX,
  JOINT_SOLVE,
  JOINT_WARM_START,
  solveJointRecords,
  solvePinRecords,
  type JointSolveState,
} from './solve-joints.js';
