export { buildJointRecords, isPin, type JointPrepareState } from './build-joint-records.js';
export { colourJoints } from './colour-joints.js';
export { storeJointImpulses } from './store-joint-impulses.js';
export {
  JOINT_RELAX,
  JOINT_SOLVE,
  JOINT_WARM_START,
  solveJointRecords,
  solvePinRecords,
  type JointSolveState,
} from './solve-joints.js';
