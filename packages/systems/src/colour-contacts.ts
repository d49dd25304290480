import { BodyType, OVERFLOW_COLOUR, isSolidTouching, type PhysicsState } from '@impulse2d/core/internal';
import { takeColour } from './graph-colour.js';

/**
 * Graph colouring of the contact constraints, the first part of stage 4b (prepareContacts; as Box2D v3's constraint
 * graph, but computed from this step's contacts alone, kept while they do not change and recomputed after a
 * restore, so that nothing of it needs saving in a snapshot): each constraint of this step takes
 * the first colour that holds no other constraint on either of its dynamic bodies, or the overflow set once all
 * colours are taken (the rule in graph-colour.ts). prepareContacts then writes the records colour by
 * colour, so every solver pass, on one thread or several, visits the colours in the same order and the bits never
 * depend on the thread count: within a colour no two rows touch the same dynamic body's state.
 *
 * A kinematic body blocks no colour, as a static one (Box2D v3 colours only dynamic bodies): the contact passes move
 * its state by its inverse mass and inertia, both 0, so they leave every bit of it as it was (the gather makes sure
 * none of its velocities is −0, the one value that adding or subtracting a zero can change: gatherBodies), and rows
 * of one colour may share it in any order, on any thread. Before, each contact on a kinematic body took a colour of
 * its own: a kinematic platform carrying 60 boxes had 24 colours of one record each and 36 records in the overflow
 * set, which one thread solves while the others wait.
 *
 * Returns the number of constraints and fills `solverData.constraintSlot` (record index per contact table row, −1
 * for none), `solverData.constrainedRows` (the rows with a record, ascending) and `solverData.colourStart`. Greedy in
 * row (contact id) order, which is deterministic: the rows' columns are then read front to back, where the list order
 * (shuffled by swap-removal) read them at random.
 */
export function colourContacts(p: PhysicsState): number {
  const c = p.contacts;
  const sd = p.solverData;
  // The classic solver (the seeds' sequential impulses with position correction) runs on one thread only: its rows
  // keep their contact id order, all in the overflow set.
  const uncoloured = p.solver === 'classic' ? -1 : 0;
  // The colouring depends only on the contact list, the touching and sensor flags and the bodies' solver indices:
  // while none changed (a settled pile), last step's slots and colour starts hold as they are.
  if (c.colouredVersion === c.version && c.colouredFor === uncoloured && sd.bodiesChanged === 0) {
    return sd.colourStart[OVERFLOW_COLOUR + 1];
  }
  c.colouredVersion = c.version;
  c.colouredFor = uncoloured;
  const rows = c.capacityUsed;
  sd.reserveColouring(rows, sd.bodyCount);
  const slot = sd.constraintSlot;
  const constrained = sd.constrainedRows;
  const used = sd.bodyColours;
  used.fill(0, 0, sd.bodyCount);
  const start = sd.colourStart;
  start.fill(0);
  const indexOf = sd.indexOf;
  const flags = c.flags;
  const bodyA = c.bodyA;
  const bodyB = c.bodyB;
  const type = p.bodies.type;
  // Looking the types up cost half as much time again on tumbler's rows (no kinematic body there): only when there
  // are some.
  const anyKinematic = sd.kinematicCount > 0;
  // First pass: colour of each constraint (kept in slot), the size of each colour (in start[colour + 1]) and the
  // rows with a constraint.
  let n = 0;
  for (let id = 0; id < rows; id++) {
    // Flags first: most contacts of a moving pile are not touching, and their bodies need not be looked up. (A free
    // row's flags are 0.)
    if (!isSolidTouching(flags[id])) {
      slot[id] = -1;
      continue;
    }
    const ia = indexOf[bodyA[id]];
    const ib = indexOf[bodyB[id]];
    if (ia === 0 && ib === 0) {
      slot[id] = -1;
      continue;
    }
    let ka = ia;
    let kb = ib;
    if (anyKinematic) {
      if (type[bodyA[id]] === BodyType.kinematic) ka = 0;
      if (type[bodyB[id]] === BodyType.kinematic) kb = 0;
    }
    const colour = takeColour(used, ka, kb, uncoloured);
    slot[id] = colour;
    start[colour + 1] = start[colour + 1] + 1;
    constrained[n++] = id;
  }
  for (let q = 0; q <= OVERFLOW_COLOUR; q++) start[q + 1] = start[q + 1] + start[q];
  // Second pass: colour → record index, in row order within each colour (start[q] serves as the cursor and ends at
  // the next colour's start, so it is shifted back afterwards).
  for (let k = 0; k < n; k++) {
    const id = constrained[k];
    const colour = slot[id];
    slot[id] = start[colour];
    start[colour] = start[colour] + 1;
  }
  for (let q = OVERFLOW_COLOUR; q > 0; q--) start[q] = start[q - 1];
  start[0] = 0;
  return n;
}
