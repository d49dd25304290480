import {
  castMoverState,
  collideMoverState,
  GAP_REST,
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
  V_X,
  V_Y,
  type CharacterScratch,
} from './character-scratch.js';

/**
 * The character's verbs on the world, each a mover query on its capsule at its current position (V_X, V_Y): the
 * planes of what it touches, how far it can move, and which of those planes is its ground. The filter, gaps and
 * look-ahead of the scratch's mover are set per character by resolveCharacter.
 */

/** A surface counts as something to stand on (ground, walkable or not) when its normal·up exceeds this (89.94°). */
export const GROUND_MIN_UP = 1e-3;

/** Fills s.planes with the planes of the capsule at its position (cleared first); returns their count. */
export function collideCapsule(p: PhysicsState, s: CharacterScratch): number {
  s.planes.clear();
  loadCapsule(s);
  return collideMoverState(p, s.mover, s.planes);
}

/**
 * The fraction of the translation (V_DELTA_X, V_DELTA_Y) the capsule can travel, stopping `gap` (m) short of what is
 * in the way: the skin for a move, the rest gap to land resting.
 */
export function castCapsule(p: PhysicsState, s: CharacterScratch, gap: number): number {
  const m = s.mover;
  loadCapsule(s);
  m.translation[0] = s.v[V_DELTA_X];
  m.translation[1] = s.v[V_DELTA_Y];
  const skin = m.gaps[GAP_SKIN];
  m.gaps[GAP_SKIN] = gap;
  const f = castMoverState(p, m);
  m.gaps[GAP_SKIN] = skin;
  return f;
}

/** As castCapsule, for a circle probe of `radius` centred at slots `o`, `o + 1` of s.v. */
export function castProbe(p: PhysicsState, s: CharacterScratch, o: number, radius: number): number {
  const m = s.mover;
  loadProbe(s, o, radius);
  m.translation[0] = s.v[V_DELTA_X];
  m.translation[1] = s.v[V_DELTA_Y];
  return castMoverState(p, m);
}

/** Fills s.probePlanes with the planes of the probe of castProbe; returns their count. */
export function collideProbe(p: PhysicsState, s: CharacterScratch, o: number, radius: number): number {
  s.probePlanes.clear();
  loadProbe(s, o, radius);
  return collideMoverState(p, s.mover, s.probePlanes);
}

/** The rest gap of the character being resolved (m). */
export function restGap(s: CharacterScratch): number {
  return s.mover.gaps[GAP_REST];
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
  let best = -1;
  let bestUp = GROUND_MIN_UP;
  for (let i = 0; i < count; i++) {
    const nu = planes.normalX[i] * ux + planes.normalY[i] * uy;
    if (nu > bestUp) {
      bestUp = nu;
      best = i;
    }
  }
  v[V_GROUND_ROW] = best;
  v[V_GROUND_UP] = best >= 0 ? bestUp : -1;
  return best;
}

/** up·(V_X, V_Y): the character's height along its up direction (m). */
export function height(s: CharacterScratch): number {
  const v = s.v;
  return v[V_X] * v[V_UP_X] + v[V_Y] * v[V_UP_Y];
}
