export { prepareJoints, storeJointImpulses } from './prepare-joints.js';
export { warmStartJoints, solveJoints } from './solve-joints.js';
