import { BodyFlag, BodyType, SP_DT, wakeIsland, type PhysicsState } from '@impulse2d/core/internal';
import { applyPushes } from './character-pushes.js';
import { characterScratch, V_DT, V_MARGIN, type CharacterScratch } from './character-scratch.js';
import { resolveCharacter } from './resolve-character.js';

/**
 * The character stage, first in the step: every character's move resolved at once, then handed to the solver.
 *
 *  1. How far a kinematic body may travel in the step (the characters see those bodies ahead).
 *  2. Resolve, in row order (resolve-character.ts): each character reads the world as the step began, the characters
 *     resolved before it where their moves take them (Gauss-Seidel: no two characters ever overlap), and writes its
 *     own row.
 *  3. Apply, in row order: each character's body gets the velocity that carries it through its resolved translation
 *     over the step (translation / dt), like any kinematic body, so the broadphase, contacts and the solver see it
 *     move (a box on its head is lifted; a box it walks into is not plowed: see character-pushes.ts). A character that
 *     moves wakes, and wakes what it touches; its pushes are applied.
 *
 * Characters are resolved on the stepping thread; with step workers the other stages run as ever, and every thread
 * count gives the same bits.
 */
export function moveCharacters(p: PhysicsState): void {
  const cs = p.characters;
  const n = cs.count;
  if (n === 0) return;
  const s = characterScratch(p);
  s.v[V_DT] = p.solverData.params[SP_DT];
  kinematicTravel(p, s);
  for (let row = 0; row < n; row++) {
    if (moves(p, row)) {
      resolveCharacter(p, s, row);
      widenMargin(p, s, row);
    } else {
      cs.translationX[row] = 0;
      cs.translationY[row] = 0;
      cs.pushCount[row] = 0;
    }
  }
  for (let row = 0; row < n; row++) if (moves(p, row)) applyCharacter(p, row);
}

/**
 * Does the stage move character `row`? Not when its body was made another type than kinematic (setBodyType): the
 * solver moves it then, until it is made kinematic again; nor when its body is quarantined (frozen).
 */
function moves(p: PhysicsState, row: number): boolean {
  const b = p.bodies;
  const eid = p.characters.body[row];
  return b.type[eid] === BodyType.kinematic && (b.flags[eid] & BodyFlag.quarantined) === 0;
}

/** The characters after `row` see it moved by its translation (the look-ahead): V_MARGIN grows to cover it. */
function widenMargin(p: PhysicsState, s: CharacterScratch, row: number): void {
  const cs = p.characters;
  const tx = cs.translationX[row];
  const ty = cs.translationY[row];
  const reach = Math.sqrt(tx * tx + ty * ty);
  if (reach > s.v[V_MARGIN]) s.v[V_MARGIN] = reach;
}

/**
 * The farthest an awake kinematic body other than a character travels in the step at its velocity (m): its speed and
 * spin over its extent, into V_MARGIN.
 */
function kinematicTravel(p: PhysicsState, s: CharacterScratch): void {
  const dt = s.v[V_DT];
  const b = p.bodies;
  const cs = p.characters;
  const list = b.list;
  let most = 0;
  for (let k = 0; k < b.count; k++) {
    const e = list[k];
    if (b.type[e] !== BodyType.kinematic || (b.flags[e] & BodyFlag.awake) === 0 || cs.rowOfBody(e) >= 0) continue;
    const vx = b.vx[e];
    const vy = b.vy[e];
    const travel = (Math.sqrt(vx * vx + vy * vy) + Math.abs(b.w[e]) * b.maxExtent[e]) * dt;
    if (travel > most) most = travel;
  }
  s.v[V_MARGIN] = most;
}

/**
 * Gives character `row`'s body the velocity of its resolved translation (shortened to the world's maxLinearSpeed,
 * which the solver would clamp it to), wakes it and what it touches when it moves, and applies its pushes.
 */
function applyCharacter(p: PhysicsState, row: number): void {
  const dt = p.solverData.params[SP_DT];
  const cs = p.characters;
  const b = p.bodies;
  const eid = cs.body[row];
  let tx = cs.translationX[row];
  let ty = cs.translationY[row];
  const reach = p.maxLinearSpeed * dt;
  const length2 = tx * tx + ty * ty;
  if (length2 > reach * reach) {
    const scale = reach / Math.sqrt(length2);
    tx *= scale;
    ty *= scale;
    cs.translationX[row] = tx;
    cs.translationY[row] = ty;
  }
  b.vx[eid] = tx / dt;
  b.vy[eid] = ty / dt;
  b.w[eid] = 0;
  const moved = tx !== 0 || ty !== 0;
  if (moved) wakeIsland(p, eid);
  applyPushes(p, row, moved);
}
