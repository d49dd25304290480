import { GRAPH_COLOURS, OVERFLOW_COLOUR } from '@impulse2d/core/internal';

/**
 * The colouring rule the contact and joint constraints share (colour-contacts.ts, joints/colour-joints.ts): a
 * constraint between the body states `ia` and `ib` takes the lowest colour that neither body holds yet, and marks it
 * on both in `used` (one bit per colour per body state). Solver index 0, where every static body and every body
 * outside the solver sits, is never marked, so static bodies never block (the contact colouring passes 0 for a
 * kinematic body too: colour-contacts.ts); rows against it skip colour 0 (as Box2D v3
 * does), so a movable–movable row is not pushed to a later colour by the ground rows it shares a body with. Returns
 * OVERFLOW_COLOUR, marking nothing, once all GRAPH_COLOURS are taken or when `uncoloured` is −1 (the classic solver,
 * which keeps every row in order on one thread).
 */
export function takeColour(used: Uint32Array, ia: number, ib: number, uncoloured: number): number {
  const taken = used[ia] | used[ib] | (ia === 0 || ib === 0 ? 1 : 0) | uncoloured;
  // The lowest clear bit of the union.
  const free = ~taken & (taken + 1);
  const colour = 31 - Math.clz32(free);
  if (colour >= GRAPH_COLOURS || free === 0) return OVERFLOW_COLOUR;
  if (ia !== 0) used[ia] = used[ia] | free;
  if (ib !== 0) used[ib] = used[ib] | free;
  return colour;
}
