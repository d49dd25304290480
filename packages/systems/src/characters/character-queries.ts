import {
  BodyType,
  castMoverState,
  collideMoverState,
  GAP_SKIN,
  type MoverPlanes,
  type PhysicsState,
} from '@impulse2d/core/internal';
import {
  loadCapsule,
  loadProbe,
  V_DELTA_X,
  V_DELTA_Y,
  V_GROUND_ROW,
  V_GROUND_UP,
  V_UP_X,
  V_UP_Y,
  type CharacterScratch,
} from './character-scratch.js';

/**
 * The character's verbs on the world, each a mover query on its capsule at its current position (V_X, V_Y): the
 * planes of what it touches, how far it can move, and which of those planes is its ground. The filter, gaps and
 * look-ahead of the scratch's mover are set per character by resolveCharacter.
 */

/** A surface counts as something to stand on (ground, walkable or not) when its normal·up exceeds this (89.94°). */
export const GROUND_MIN_UP = 1e-3;

/**
 * Fills s.planes with the planes of the capsule at its position (cleared first); returns their count. A dynamic body
 * it overlaps does not push it out (its plane's offset is cut to 0: the character may not go deeper into it, and may
 * move along it or away): the solver rests such bodies on the character a slop deep, and the character pushes them
 * with impulses (character-pushes.ts) rather than being pushed, so a crate on its head does not pin it to the floor.
 */
export function collideCapsule(p: PhysicsState, s: CharacterScratch): number {
  const planes = s.planes;
  planes.clear();
  loadCapsule(s);
  const n = collideMoverState(p, s.mover, planes);
  const b = p.bodies;
  const mask = p.indexMask;
  for (let i = 0; i < n; i++) {
    if (planes.offset[i] > 0 && b.type[planes.body[i] & mask] === BodyType.dynamic) planes.offset[i] = 0;
  }
  return n;
}

/**
 * The fraction of the translation (V_DELTA_X, V_DELTA_Y) the capsule can travel, stopping short of what is in the
 * way by the gap m.gaps[gap] (GAP_SKIN for a move, GAP_REST to land resting), into s.mover.fraction[0].
 */
export function castCapsule(p: PhysicsState, s: CharacterScratch, gap: number): void {
  const m = s.mover;
  loadCapsule(s);
  m.translation[0] = s.v[V_DELTA_X];
  m.translation[1] = s.v[V_DELTA_Y];
  const gaps = m.gaps;
  const skin = gaps[GAP_SKIN];
  gaps[GAP_SKIN] = gaps[gap];
  castMoverState(p, m);
  gaps[GAP_SKIN] = skin;
}

/**
 * As castCapsule at the skin, for a circle probe of the skin's radius centred at slots `o`, `o + 1` of s.v (the
 * autostep's landing probe).
 */
export function castProbe(p: PhysicsState, s: CharacterScratch, o: number): void {
  const m = s.mover;
  loadProbe(s, o);
  m.translation[0] = s.v[V_DELTA_X];
  m.translation[1] = s.v[V_DELTA_Y];
  castMoverState(p, m);
}

/** Fills s.probePlanes with the planes of the probe of castProbe; returns their count. */
export function collideProbe(p: PhysicsState, s: CharacterScratch, o: number): number {
  s.probePlanes.clear();
  loadProbe(s, o);
  return collideMoverState(p, s.mover, s.probePlanes);
}

/**
 * The flattest of rows [0, count) of `planes` that faces up (normal·up > GROUND_MIN_UP): the ground under the
 * character, walkable or not. Writes its row and normal·up to V_GROUND_ROW and V_GROUND_UP (−1 and −1 when none) and
 * returns the row. Ties go to the first row (planes come sorted by shape).
 */
export function findGround(s: CharacterScratch, planes: MoverPlanes, count: number): number {
  const v = s.v;
  const ux = v[V_UP_X];
  const uy = v[V_UP_Y];
  // The best so far lives in the scratch, not in a local: a double carried round the loop was boxed on every pass.
  v[V_GROUND_UP] = GROUND_MIN_UP;
  let best = -1;
  for (let i = 0; i < count; i++) {
    const nu = planes.normalX[i] * ux + planes.normalY[i] * uy;
    if (nu > v[V_GROUND_UP]) {
      v[V_GROUND_UP] = nu;
      best = i;
    }
  }
  v[V_GROUND_ROW] = best;
  if (best < 0) v[V_GROUND_UP] = -1;
  return best;
}
