import {
  JOINT_GROUP_COUNT,
  OVERFLOW_COLOUR,
  PIN_STRIDE,
  SP_H,
  SP_INV_H,
  type PhysicsState,
} from '@impulse2d/core/internal';
import { buildJointRecords, colourJoints } from './joints/index.js';
import { NO_COLOUR, SolverPass } from './solver-pass.js';
import { chunkRows, runPassParallel } from './workers/step-workers.js';

const TWO_PI = 2 * Math.PI;

/** Fewest and most joint rows per chunk of the parallel record builder (see chunkRows). */
const JOINT_ROWS = 64;
const JOINT_MAX_ROWS = 512;

/**
 * Stage 4c — the joints' solver records, one per joint that has at least one body in the solver, laid out by graph
 * colour and, within a colour, by kind (one tight loop per kind and colour in the substeps; plain pins in compact
 * records of their own): the colouring (joints/colour-joints.ts), this step's softness of the hard rows, then the
 * records themselves (joints/build-joint-records.ts), in chunks of rows on the step workers when the world has them.
 */
export function prepareJoints(p: PhysicsState): void {
  const js = p.joints;
  if (js.count === 0) {
    // Before any double is read: see the guards in joints/solve-joints.ts.
    js.constraintCount = 0;
    js.pinCount = 0;
    return;
  }
  const sd = p.solverData;
  const params = sd.params;
  const h = params[SP_H];
  js.invH = params[SP_INV_H];
  const uncoloured = p.solver === 'classic' ? -1 : 0;
  // The colouring depends only on the joint rows and on which solver index each body has: while neither changed,
  // last step's colours, slots, group starts and pin starts hold as they are (the greedy pass is the same function of
  // the same inputs). It costs about 7 ns a joint (each joint's colour waits on its neighbours' marks).
  if (js.colouredVersion !== js.version || js.colouredFor !== uncoloured || sd.bodiesChanged !== 0) {
    colourJoints(p, uncoloured);
    js.colouredVersion = js.version;
    js.colouredFor = uncoloured;
  }
  const total = js.groupStart[JOINT_GROUP_COUNT];
  const pinCount = js.pinStart[OVERFLOW_COLOUR + 1];
  js.constraintCount = total;
  js.pinCount = pinCount;
  if (total + pinCount === 0) return;
  js.reserveConstraints(total);
  sd.reservePins(pinCount * PIN_STRIDE);

  // The hard rows' softness: the world's joint stiffness, capped at a quarter of the substep rate as for contacts.
  // Classic mode uses rigid rows with Baumgarte bias β/Δt.
  const classic = p.solver === 'classic';
  let rate = p.classicBaumgarte / h;
  let massScale = 1;
  let impulseScale = 0;
  if (!classic) {
    const hertz = Math.min(p.jointHertz, 0.25 / h);
    const omega = TWO_PI * hertz;
    const a1 = 2 * p.jointDampingRatio + h * omega;
    const a2 = h * omega * a1;
    const a3 = 1 / (1 + a2);
    rate = omega / a1;
    massScale = a2 * a3;
    impulseScale = a3;
  }
  js.softness[0] = rate;
  js.softness[1] = massScale;
  js.softness[2] = impulseScale;
  // Joints with a constraint tuning of their own get it in the soft step; the classic solver keeps Baumgarte's.
  js.softness[3] = classic ? 0 : 1;

  // Each row writes only its own record: any split of the rows gives the bits of one pass.
  const count = js.count;
  const rows = chunkRows(p, count, JOINT_ROWS, JOINT_MAX_ROWS);
  const chunks = Math.ceil(count / rows);
  if (chunks < 2 || !runPassParallel(p, SolverPass.prepareJoints, NO_COLOUR, false, 0, count, chunks, rows)) {
    buildJointRecords(p, 0, count);
  }
  // Classic 'ngs': plain pins carry no velocity bias (read at solve time); the position pass after the step closes
  // their gaps (solve-joint-positions-classic.ts). The other kinds keep Baumgarte for their non-point rows.
  if (classic && p.classicPositionCorrection === 'ngs') js.softness[0] = 0;
}
