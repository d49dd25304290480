import { destroyBody, createBody } from '../body/body-api.js';
import { checkVec2, PhysicsError } from '../errors.js';
import { makeCapsule, makeCircle } from '../geometry/make-shapes.js';
import type { BodyId, CharacterId } from '../handles.js';
import { allocateCharacterRow } from '../lifecycle/character-lifecycle.js';
import { cosSin } from '../math/trig.js';
import type { Vec2Like } from '../math/vec2.js';
import { WELD_DISTANCE } from '../settings.js';
import { addShape, setShapeFilter } from '../shape/shape-api.js';
import { defaultFilter } from '../shape/shape-def.js';
import { requireBody } from '../state/require-handle.js';
import { CharacterFlag } from '../state/character-store.js';
import { assertUnlocked, getPhysics, type PhysicsState, type PhysicsWorld } from '../state/physics-state.js';
import { shapeHandle } from '../state/shape-handle.js';
import {
  defaultCharacterDef,
  validateCharacterDef,
  validateCharacterSettings,
  type CharacterDef,
  type CharacterDefInput,
  type CharacterSettings,
  type CharacterSettingsInput,
} from './character-def.js';

/**
 * Characters: a player or an NPC that walks, climbs slopes and steps, rides platforms and pushes crates, as a
 * kinematic body moved by the character stage of each step (@impulse2d/systems). A character is its body: the handle
 * is the body's BodyId, so the body API (getPosition, the transform columns, bitecs components on its entity) works on
 * it, and destroying the body, or removing its entity, removes the character.
 *
 * Each frame the game asks for a move with moveCharacter (its walking speed × dt, plus gravity it integrates itself),
 * and after the step reads what happened with getCharacterState: grounded or not, on what, and the translation that
 * was applied. A system that handles thousands reads the columns instead (`world.physics.characters`, rows 0 to
 * `count`, body handle in `handle[row]`; characterRow gives one character's row).
 */

/** What a character did in the last step (getCharacterState). */
export interface CharacterState {
  /**
   * It ended the step on ground it stands on: no steeper than maxSlopeClimbAngle (it can walk up it) nor than
   * minSlopeSlideAngle (it does not slide down it). A game stops its gravity while grounded and adds it otherwise, so
   * on a slope steeper than minSlopeSlideAngle gravity makes it slide.
   */
  grounded: boolean;
  /** Unit normal of the ground under it ((0, 0) when it touches nothing below it). */
  groundNormal: { x: number; y: number };
  /** Body of that ground, or null. */
  groundBody: BodyId | null;
  /** It slid down a slope steeper than minSlopeSlideAngle. */
  sliding: boolean;
  /** The translation applied in the step (m): what moveCharacter asked, as the world allowed it, plus riding. */
  translation: { x: number; y: number };
}

/** The row of a live character, or NOT_A_BODY / STALE_HANDLE / NOT_A_CHARACTER. */
function requireCharacter(p: PhysicsState, character: CharacterId): number {
  const eid = requireBody(p, character);
  const row = p.characters.rowOfBody(eid);
  if (row < 0) throw new PhysicsError('NOT_A_CHARACTER', `body ${character} is not a character`);
  return row;
}

const cosSinScratch = new Float64Array(2);

/** Writes the settings of `s` into character row `row`. */
function writeSettings(p: PhysicsState, row: number, s: CharacterSettings): void {
  const cs = p.characters;
  cs.maxClimbAngle[row] = s.maxSlopeClimbAngle;
  cosSin(s.maxSlopeClimbAngle, cosSinScratch);
  cs.maxClimbCos[row] = cosSinScratch[0];
  cs.minSlideAngle[row] = s.minSlopeSlideAngle;
  cosSin(s.minSlopeSlideAngle, cosSinScratch);
  cs.minSlideCos[row] = cosSinScratch[0];
  let flags = 0;
  if (s.pushBodies) flags |= CharacterFlag.pushBodies;
  if (s.autostep !== false) {
    flags |= CharacterFlag.autostep;
    cs.stepHeight[row] = s.autostep.maxHeight;
    cs.stepWidth[row] = s.autostep.minWidth;
  } else {
    cs.stepHeight[row] = 0;
    cs.stepWidth[row] = 0;
  }
  if (s.snapToGround !== false) {
    flags |= CharacterFlag.snapToGround;
    cs.snapDistance[row] = s.snapToGround;
  } else {
    cs.snapDistance[row] = 0;
  }
  cs.flags[row] = flags;
  cs.skin[row] = s.skin;
  cs.mass[row] = s.mass;
  cs.pushForce[row] = s.pushForce;
  cs.categoryBits[row] = s.filter.categoryBits >>> 0;
  cs.maskBits[row] = s.filter.maskBits >>> 0;
}

/**
 * Creates a character: a kinematic body at `def.position` with a capsule along `def.up` (radius `def.radius`, caps
 * `def.halfHeight` from the centre) and a character row with the settings of `def`. With `eid`, that existing
 * entity becomes the character's body (see createBody). The body does not turn; the step moves it as long as it is
 * kinematic (made dynamic with setBodyType, it is left to the solver until made kinematic again).
 *
 * @param def - omitted fields take {@link defaultCharacterDef}'s values.
 * @returns the character's handle: its body's BodyId.
 * @throws PhysicsError `INVALID_ARGUMENT` for a bad definition (non-finite numbers, radius ≤ 0, halfHeight < 0, an
 *   angle outside [0, π/2], a zero up direction, …), `NOT_A_BODY` for an `eid` that is no entity of `world`,
 *   `WORLD_LOCKED` during a step; nothing is created then.
 */
export function createCharacter(world: PhysicsWorld, def?: CharacterDefInput, eid?: number): CharacterId {
  const p = getPhysics(world);
  assertUnlocked(p);
  if (def !== undefined && (def === null || typeof def !== 'object')) {
    throw new PhysicsError('INVALID_ARGUMENT', `character definition must be an object, got ${String(def)}`);
  }
  const d: CharacterDef = {
    ...defaultCharacterDef(),
    ...(def ?? {}),
    filter: { ...defaultFilter(), ...(def?.filter ?? {}) },
  };
  validateCharacterDef(d);
  const len = Math.sqrt(d.up.x * d.up.x + d.up.y * d.up.y);
  const ux = d.up.x / len;
  const uy = d.up.y / len;
  // A capsule shorter than the weld distance cannot be built: it is a circle, and its mover one too.
  const halfHeight = 2 * d.halfHeight > WELD_DISTANCE ? d.halfHeight : 0;
  // The character is named by its body's handle (CharacterId narrows it): every body function takes it too.
  const body = createBody(world, { type: 'kinematic', position: d.position, fixedRotation: true }, eid) as CharacterId;
  const geometry =
    halfHeight > 0
      ? makeCapsule({ x: -ux * halfHeight, y: -uy * halfHeight }, { x: ux * halfHeight, y: uy * halfHeight }, d.radius)
      : makeCircle(d.radius);
  addShape(world, body, geometry, { filter: d.filter });
  const index = requireBody(p, body);
  const row = allocateCharacterRow(p, index);
  const cs = p.characters;
  cs.body[row] = index;
  cs.handle[row] = body;
  cs.radius[row] = d.radius;
  cs.halfHeight[row] = halfHeight;
  cs.upX[row] = ux;
  cs.upY[row] = uy;
  writeSettings(p, row, d);
  cs.desiredX[row] = 0;
  cs.desiredY[row] = 0;
  cs.translationX[row] = 0;
  cs.translationY[row] = 0;
  cs.grounded[row] = 0;
  cs.sliding[row] = 0;
  cs.groundNormalX[row] = 0;
  cs.groundNormalY[row] = 0;
  cs.groundPointX[row] = 0;
  cs.groundPointY[row] = 0;
  cs.groundBody[row] = -1;
  cs.pushCount[row] = 0;
  return body;
}

/**
 * Destroys a character and its body (shapes, contacts, joints), as destroyBody does; the entity goes too unless
 * `keepEntity`. destroyBody on its body, or removing its entity, does the same.
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE`, `NOT_A_CHARACTER`, `WORLD_LOCKED`.
 */
export function destroyCharacter(world: PhysicsWorld, character: CharacterId, keepEntity = false): void {
  const p = getPhysics(world);
  assertUnlocked(p);
  requireCharacter(p, character);
  destroyBody(world, character, keepEntity);
}

/**
 * True if `body` is a live character of this world (false for anything else, stale handles included); narrows a
 * BodyId (an event's, a query hit's, a ground body) to a CharacterId for the character functions.
 */
export function isCharacter(world: PhysicsWorld, body: BodyId): body is CharacterId {
  const p = getPhysics(world);
  if (typeof body !== 'number' || !Number.isInteger(body)) return false;
  const index = body & p.indexMask;
  const b = p.bodies;
  if (index >= b.alive.length || b.alive[index] !== 1 || b.handle[index] !== body) return false;
  return p.characters.rowOfBody(index) >= 0;
}

/**
 * The row of a character in the character columns (`world.physics.characters.<column>[row]`), valid until a
 * character is destroyed (rows stay dense: the last one moves into the gap).
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE`, `NOT_A_CHARACTER`.
 */
export function characterRow(world: PhysicsWorld, character: CharacterId): number {
  return requireCharacter(getPhysics(world), character);
}

/**
 * Asks for a move in the next step: `translation` (m, world) is where the character wants to go, its walking
 * velocity × dt plus what gravity adds (the game integrates its own vertical speed, as with Rapier's character
 * controller). The character stage of the next step resolves it against the world: it slides along walls, climbs
 * walkable slopes, steps up and snaps down if set to, rides the body it stands on and pushes dynamic bodies. A later
 * call before the step replaces the move; a step consumes it (without a call the character only rides and settles).
 *
 * @throws PhysicsError `INVALID_ARGUMENT` for a non-finite translation, `NOT_A_BODY`, `STALE_HANDLE`,
 *   `NOT_A_CHARACTER`, `WORLD_LOCKED`; nothing changes then.
 */
export function moveCharacter(world: PhysicsWorld, character: CharacterId, translation: Vec2Like): void {
  const p = getPhysics(world);
  assertUnlocked(p);
  const row = requireCharacter(p, character);
  // Checked here rather than with checkVec2, which builds its messages on every call: a game calls this for every
  // character every frame.
  if (
    translation === null ||
    typeof translation !== 'object' ||
    typeof translation.x !== 'number' ||
    typeof translation.y !== 'number' ||
    !Number.isFinite(translation.x) ||
    !Number.isFinite(translation.y)
  ) {
    checkVec2(translation, 'translation');
  }
  const cs = p.characters;
  cs.desiredX[row] = translation.x;
  cs.desiredY[row] = translation.y;
}

/**
 * What the character did in the last step, into `out` (its fields overwritten, nothing allocated), which it returns.
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE`, `NOT_A_CHARACTER`, `INVALID_ARGUMENT` for an `out` that is not
 *   a CharacterState-shaped object.
 */
export function getCharacterStateInto(
  world: PhysicsWorld,
  character: CharacterId,
  out: CharacterState,
): CharacterState {
  const p = getPhysics(world);
  const row = requireCharacter(p, character);
  if (
    out === null ||
    typeof out !== 'object' ||
    out.groundNormal === null ||
    typeof out.groundNormal !== 'object' ||
    out.translation === null ||
    typeof out.translation !== 'object'
  ) {
    throw new PhysicsError('INVALID_ARGUMENT', 'out must be a { grounded, groundNormal, translation, … } object');
  }
  const cs = p.characters;
  out.grounded = cs.grounded[row] === 1;
  out.sliding = cs.sliding[row] === 1;
  out.groundNormal.x = cs.groundNormalX[row];
  out.groundNormal.y = cs.groundNormalY[row];
  const ground = cs.groundBody[row];
  out.groundBody = ground === -1 ? null : ground;
  out.translation.x = cs.translationX[row];
  out.translation.y = cs.translationY[row];
  return out;
}

/**
 * What the character did in the last step: whether it is grounded, on what, whether it slid, and the translation
 * applied. Allocates the result: getCharacterStateInto fills one you keep, and the columns serve systems that read
 * many characters.
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE`, `NOT_A_CHARACTER`.
 */
export function getCharacterState(world: PhysicsWorld, character: CharacterId): CharacterState {
  return getCharacterStateInto(world, character, {
    grounded: false,
    groundNormal: { x: 0, y: 0 },
    groundBody: null,
    sliding: false,
    translation: { x: 0, y: 0 },
  });
}

/**
 * The character's settings (a fresh object).
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE`, `NOT_A_CHARACTER`.
 */
export function getCharacterSettings(world: PhysicsWorld, character: CharacterId): CharacterSettings {
  const p = getPhysics(world);
  const row = requireCharacter(p, character);
  const cs = p.characters;
  const flags = cs.flags[row];
  const shape = p.bodies.shapeHead[cs.body[row]];
  return {
    maxSlopeClimbAngle: cs.maxClimbAngle[row],
    minSlopeSlideAngle: cs.minSlideAngle[row],
    autostep:
      (flags & CharacterFlag.autostep) !== 0 ? { maxHeight: cs.stepHeight[row], minWidth: cs.stepWidth[row] } : false,
    snapToGround: (flags & CharacterFlag.snapToGround) !== 0 ? cs.snapDistance[row] : false,
    skin: cs.skin[row],
    pushBodies: (flags & CharacterFlag.pushBodies) !== 0,
    mass: cs.mass[row],
    pushForce: cs.pushForce[row],
    filter: {
      categoryBits: cs.categoryBits[row],
      maskBits: cs.maskBits[row],
      groupIndex: shape >= 0 ? p.shapes.groupIndex[shape] : 0,
    },
  };
}

/**
 * Changes some of a character's settings (the capsule's size and up direction are fixed at creation). The filter also
 * becomes its capsule's shape filter.
 *
 * @throws PhysicsError `INVALID_ARGUMENT` for a bad setting (as createCharacter) or a field that is no setting
 *   (position, radius, halfHeight, up), `NOT_A_BODY`, `STALE_HANDLE`, `NOT_A_CHARACTER`, `WORLD_LOCKED`; nothing
 *   changes then.
 */
export function setCharacterSettings(
  world: PhysicsWorld,
  character: CharacterId,
  settings: CharacterSettingsInput,
): void {
  const p = getPhysics(world);
  assertUnlocked(p);
  const row = requireCharacter(p, character);
  if (settings === null || typeof settings !== 'object') {
    throw new PhysicsError('INVALID_ARGUMENT', `settings must be an object, got ${String(settings)}`);
  }
  const current = getCharacterSettings(world, character);
  for (const key of Object.keys(settings)) {
    if (!(key in current)) {
      throw new PhysicsError(
        'INVALID_ARGUMENT',
        `${key} is not a setting a character may change (its capsule and up direction are fixed at creation)`,
      );
    }
  }
  const merged: CharacterSettings = {
    ...current,
    ...settings,
    filter: { ...current.filter, ...(settings.filter ?? {}) },
  };
  validateCharacterSettings(merged);
  writeSettings(p, row, merged);
  const shape = p.bodies.shapeHead[p.characters.body[row]];
  if (settings.filter !== undefined && shape >= 0) setShapeFilter(world, shapeHandle(p.shapes, shape), merged.filter);
}
