export { prepareJoints, storeJointImpulses } from './prepare-joints.js';
export {
  JOINT_RELAX,
  JOINT_SOLVE,
  JOINT_WARM_START,
  solveJointRecords,
  solvePinRecords,
  type JointSolveState,
} from './solve-joints.js';
