import {
  GAP_SKIN,
  MOVER_CENTER1_X,
  MOVER_CENTER1_Y,
  MOVER_CENTER2_X,
  MOVER_CENTER2_Y,
  MOVER_RADIUS,
  MoverPlanes,
  MoverScratch,
  type PhysicsState,
} from '@impulse2d/core/internal';

/**
 * What the character stage works with while it resolves one character: the mover queries' scratch, the character's
 * planes, and its working values as named slots of one Float64Array. The stage's functions take and return no
 * doubles (V8 boxes a double passed to or returned from a call it does not inline: one allocation each), only this
 * scratch, rows and counts. One per world and thread; the stage fills it character after character, so nothing is
 * allocated per step once the plane buffers have grown.
 */

/** Working values of the character being resolved (CharacterScratch.v). */
export const V_X = 0; // capsule centre, world (m): where the character is now
export const V_Y = V_X + 1;
export const V_START_X = V_Y + 1; // where it began the step (m)
export const V_START_Y = V_START_X + 1;
export const V_TARGET_X = V_START_Y + 1; // where it wants to end the step (m)
export const V_TARGET_Y = V_TARGET_X + 1;
export const V_UP_X = V_TARGET_Y + 1; // unit up direction
export const V_UP_Y = V_UP_X + 1;
export const V_RADIUS = V_UP_Y + 1; // capsule radius (m)
export const V_HALF = V_RADIUS + 1; // centre to cap centre (m)
export const V_CAP = V_HALF + 1; // highest up·position steep surfaces may lift it to this step (m)
export const V_MOVE_X = V_CAP + 1; // the translation it tried: the move asked for, along the ground, plus riding (m)
export const V_MOVE_Y = V_MOVE_X + 1;
export const V_GROUND_UP = V_MOVE_Y + 1; // normal·up of the ground found by findGround, −1 when none
export const V_GROUND_ROW = V_GROUND_UP + 1; // its plane row, −1 when none
export const V_DELTA_X = V_GROUND_ROW + 1; // a translation handed to the plane solver or a cast (m)
export const V_DELTA_Y = V_DELTA_X + 1;
export const V_PROBE_X = V_DELTA_Y + 1; // centre of the step probe (m)
export const V_PROBE_Y = V_PROBE_X + 1;
export const V_SAVE_X = V_PROBE_Y + 1; // a position to go back to when a step or a snap is given up (m)
export const V_SAVE_Y = V_SAVE_X + 1;
export const V_CLIMB_COS = V_SAVE_Y + 1; // cos of the character's maxSlopeClimbAngle: walkable from here up
export const V_FACE_X = V_CLIMB_COS + 1; // normal of the ground it stands on (standsOn), unit
export const V_FACE_Y = V_FACE_X + 1;
export const V_STAND_COS = V_FACE_Y + 1; // cos of the steepest ground it stands on (climb and slide angles)
export const V_DT = V_STAND_COS + 1; // the step's length (s)
export const V_MARGIN = V_DT + 1; // how far a kinematic body may travel in the step (m): the look-ahead's margin
export const V_REACH = V_MARGIN + 1; // the length of the move asked for and ridden (m), for the candidate region
export const V_SIZE = V_REACH + 1;

export class CharacterScratch {
  /** The mover queries' scratch, with its own query scratch (candidates, resolved filter, cores). */
  readonly mover = new MoverScratch();
  /** Planes of the character at its current position (collideMoverState), then the stage's own (a height cap). */
  readonly planes = new MoverPlanes(16);
  /** Planes of the step probe and of the snap's landing, apart from the character's. */
  readonly probePlanes = new MoverPlanes(8);
  /** V_* slots. */
  readonly v = new Float64Array(V_SIZE);
  /** The plane solver's translation, [x, y]. */
  readonly delta = new Float64Array(2);
  /** The region whose candidates the character's queries share, [minX, minY, maxX, maxY] (m). */
  readonly region = new Float64Array(4);
}

const scratchByWorld = new WeakMap<PhysicsState, CharacterScratch>();

/** This thread's scratch for the characters of world `p` (made on first use, dropped with the world). */
export function characterScratch(p: PhysicsState): CharacterScratch {
  let s = scratchByWorld.get(p);
  if (s === undefined) {
    s = new CharacterScratch();
    scratchByWorld.set(p, s);
  }
  return s;
}

/** Writes the character's capsule at its current position (V_X, V_Y) into the mover record. */
export function loadCapsule(s: CharacterScratch): void {
  const v = s.v;
  const a = s.mover.mover;
  const hx = v[V_UP_X] * v[V_HALF];
  const hy = v[V_UP_Y] * v[V_HALF];
  a[MOVER_CENTER1_X] = v[V_X] - hx;
  a[MOVER_CENTER1_Y] = v[V_Y] - hy;
  a[MOVER_CENTER2_X] = v[V_X] + hx;
  a[MOVER_CENTER2_Y] = v[V_Y] + hy;
  a[MOVER_RADIUS] = v[V_RADIUS];
}

/** Writes a circle probe, its radius the skin, centred at slots `o`, `o + 1` of s.v into the mover record. */
export function loadProbe(s: CharacterScratch, o: number): void {
  const v = s.v;
  const m = s.mover;
  const a = m.mover;
  a[MOVER_CENTER1_X] = a[MOVER_CENTER2_X] = v[o];
  a[MOVER_CENTER1_Y] = a[MOVER_CENTER2_Y] = v[o + 1];
  a[MOVER_RADIUS] = m.gaps[GAP_SKIN];
}
