import {
  BodyFlag,
  JOINT_GROUP_COUNT,
  JOINT_TYPE_COUNT,
  OVERFLOW_COLOUR,
  type PhysicsState,
} from '@impulse2d/core/internal';
import { takeColour } from '../graph-colour.js';
import { JOINT_KINDS } from './joint-kinds.js';
import { isPin } from './revolute.js';

/** Per kind, from the kinds' table: 1 when its rows move body A (the mouse joint's do not). */
const MOVES_BODY_A = Uint8Array.from(JOINT_KINDS, (kind) => (kind.movesBodyA ? 1 : 0));
/** Per kind: 1 when it has constraint rows, i.e. impulse slots; a kind without (the filter joint) gets no record. */
const HAS_ROWS = Uint8Array.from(JOINT_KINDS, (kind) => (kind.impulses.used !== 0 ? 1 : 0));

/**
 * Graph colouring of the joints, the first part of stage 4c (prepare-joints.ts), with the contacts' rule
 * (graph-colour.ts) but masks of their own, since the joint passes run apart from the contact passes: within a colour
 * no two records touch the same body state, so the step workers split a colour among them and the bits stay those of
 * one thread. Greedy in row order, which follows the API calls. The classic solver (`uncoloured` −1) keeps one thread
 * and the order of kinds: every joint in the overflow set.
 *
 * Fills JointStore.rowColour (−1: no record, for want of a body in the solver or of constraint rows, or for a
 * disabled body), groupStart and pinStart (records of colour q and kind t,
 * pins of colour q), and rowSlot: each row's record index among the general records or among the pins, in row order
 * within its group, so that the records can be built in any order, on any thread.
 */
export function colourJoints(p: PhysicsState, uncoloured: number): void {
  const js = p.joints;
  const sd = p.solverData;
  const indexOf = sd.indexOf;
  const groups = js.groupStart;
  const cursor = js.groupCursor;
  const pinStart = js.pinStart;
  const bodyAs = js.bodyA;
  const bodyBs = js.bodyB;
  const types = js.type;
  const flagCol = js.flags;
  const rowColour = js.rowColour;
  const rowSlot = js.rowSlot;
  const count = js.count;
  const bodyFlags = p.bodies.flags;
  groups.fill(0);
  pinStart.fill(0);
  sd.reserveColouring(0, sd.bodyCount);
  const used = sd.bodyColours;
  used.fill(0, 0, sd.bodyCount);
  // First pass: each row's colour, and the size of each group (in groups[g + 1]) and of each colour's pins.
  for (let row = 0; row < count; row++) {
    const ia = indexOf[bodyAs[row]];
    const ib = indexOf[bodyBs[row]];
    const type = types[row];
    // A joint to a disabled body is inactive (lifecycle/body-enable.ts).
    const disabled = ((bodyFlags[bodyAs[row]] | bodyFlags[bodyBs[row]]) & BodyFlag.disabled) !== 0;
    if ((ia === 0 && ib === 0) || HAS_ROWS[type] === 0 || disabled) {
      rowColour[row] = -1;
      continue;
    }
    // A kind that moves body B only (the mouse joint: its record has index 0 for A) leaves A's colours free.
    const colour = takeColour(used, MOVES_BODY_A[type] === 1 ? ia : 0, ib, uncoloured);
    rowColour[row] = colour;
    if (isPin(type, flagCol[row])) pinStart[colour + 1]++;
    else groups[colour * JOINT_TYPE_COUNT + type + 1]++;
  }
  for (let g = 0; g < JOINT_GROUP_COUNT; g++) {
    groups[g + 1] = groups[g + 1] + groups[g];
    cursor[g] = groups[g];
  }
  for (let q = 0; q <= OVERFLOW_COLOUR; q++) pinStart[q + 1] = pinStart[q + 1] + pinStart[q];
  // Second pass: the slots, in row order within each group. pinStart[q] serves as colour q's pin cursor and ends at
  // colour q + 1's start, so it is shifted back afterwards.
  for (let row = 0; row < count; row++) {
    const colour = rowColour[row];
    if (colour < 0) continue;
    const type = types[row];
    if (isPin(type, flagCol[row])) {
      rowSlot[row] = pinStart[colour];
      pinStart[colour] = pinStart[colour] + 1;
    } else {
      const g = colour * JOINT_TYPE_COUNT + type;
      rowSlot[row] = cursor[g];
      cursor[g] = cursor[g] + 1;
    }
  }
  for (let q = OVERFLOW_COLOUR; q > 0; q--) pinStart[q] = pinStart[q - 1];
  pinStart[0] = 0;
}
