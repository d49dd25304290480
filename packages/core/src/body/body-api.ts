import { cosSin } from '../math/trig.js';
import { addEntity, entityExists, removeEntity } from 'bitecs';
import { destroyBodyContacts, wakeTouching } from '../lifecycle/contact-lifecycle.js';
import { wakeIsland } from '../lifecycle/body-sleep.js';
import { checkFinite, checkNonNegative, checkVec2, PhysicsError } from '../errors.js';
import { destroyBodyJoints } from '../lifecycle/joint-lifecycle.js';
import { removeCharacterOf } from '../lifecycle/character-lifecycle.js';
import { destroyShapeProxy } from '../lifecycle/shape-proxy.js';
import {
  assertUnlocked,
  getPhysics,
  tagBodyEntity,
  untagBodyEntity,
  type PhysicsState,
  type PhysicsWorld,
} from '../state/physics-state.js';
import { DEFAULT_SLEEP_THRESHOLD, defaultBodyDef, type BodyDef } from './body-def.js';
import type { BodyId } from '../handles.js';
import {
  bodyIndexOfEntity,
  entityOfHandle,
  handleFor,
  jointIndexOfEntity,
  nextGeneration,
} from '../state/body-handle.js';
import { isShapeHandle } from '../state/shape-handle.js';
import { requireBody } from '../state/require-handle.js';
import { updateBodyMass } from '../lifecycle/body-mass.js';
import { BodyFlag, BodyType } from '../state/body-store.js';

function validateBodyDef(def: BodyDef): void {
  if (!(def.type in BodyType)) {
    throw new PhysicsError(
      'INVALID_ARGUMENT',
      `body type must be 'static', 'kinematic' or 'dynamic', got ${String(def.type)}`,
    );
  }
  checkVec2(def.position, 'position');
  checkFinite(def.angle, 'angle');
  checkVec2(def.linearVelocity, 'linearVelocity');
  checkFinite(def.angularVelocity, 'angularVelocity');
  checkNonNegative(def.linearDamping, 'linearDamping');
  checkNonNegative(def.angularDamping, 'angularDamping');
  checkFinite(def.gravityScale, 'gravityScale');
  checkNonNegative(def.sleepThreshold, 'sleepThreshold');
  const locks = def.motionLocks;
  if (locks === null || typeof locks !== 'object') {
    throw new PhysicsError('INVALID_ARGUMENT', `motionLocks must be an object, got ${String(locks)}`);
  }
  for (const key of ['linearX', 'linearY', 'angular'] as const) {
    const v = locks[key];
    if (v !== undefined && typeof v !== 'boolean') {
      throw new PhysicsError('INVALID_ARGUMENT', `motionLocks.${key} must be a boolean, got ${String(v)}`);
    }
  }
}

/** cos and sin of a new body's angle. */
const cosSinScratch = new Float64Array(2);

/**
 * Creates a body. With `eid`, the existing entity becomes the body (so the user's components and the body share one
 * entity); otherwise a new entity is added.
 *
 * @param def - type, position (m), angle (rad), velocities (m/s, rad/s), damping (1/s), gravity scale, motion locks
 *   and flags; omitted fields take {@link defaultBodyDef}'s values (its sleepThreshold scaled by the world's
 *   lengthUnitsPerMeter).
 * @param eid - an existing entity of `world` to turn into the body.
 * @returns the body's handle ({@link BodyId}) for every other call: its entity id plus a generation (see
 *   state/body-handle.ts), so a handle kept after destroyBody is refused (`STALE_HANDLE`) even once the entity id is
 *   reused. In a plain world the first body on an entity id has generation 0, so its handle equals the entity id
 *   (`world.physics.transform.x[handle]` works); a body on a recycled id gets a larger handle: `bodyEntity` gives its
 *   entity, `bodyIndex` its column index. In a world whose entity ids carry versions, the handle is the entity id.
 * @throws PhysicsError `INVALID_ARGUMENT` for a bad definition (non-finite numbers, negative damping, unknown type)
 *   or an `eid` that is already a body, `NOT_A_BODY` for an `eid` that is not an entity of `world`, `WORLD_LOCKED`
 *   during a step.
 */
export function createBody(world: PhysicsWorld, def?: Partial<BodyDef>, eid?: number): BodyId {
  const p = getPhysics(world);
  assertUnlocked(p);
  const d: BodyDef = { ...defaultBodyDef(), ...(def ?? {}) };
  // The default sleep threshold is a speed: in the world's length units.
  if (def?.sleepThreshold === undefined) d.sleepThreshold = DEFAULT_SLEEP_THRESHOLD * p.lengthUnitsPerMeter;
  validateBodyDef(d);
  if (eid !== undefined) {
    if (typeof eid !== 'number' || !Number.isInteger(eid) || eid < 0 || !entityExists(world, eid)) {
      throw new PhysicsError('NOT_A_BODY', `entity ${String(eid)} does not exist in this world`);
    }
    const index = eid & p.indexMask;
    if (index < p.bodies.alive.length && p.bodies.alive[index] === 1) {
      throw new PhysicsError('INVALID_ARGUMENT', `entity ${eid} is already a body`);
    }
    // An entity is a body or a joint, never both: their handles would be one number.
    if (index < p.joints.rowOf.length && p.joints.rowOf[index] >= 0) {
      throw new PhysicsError('INVALID_ARGUMENT', `entity ${eid} is a joint, it cannot become a body`);
    }
  }
  const entity = eid ?? addEntity(world);
  // Columns are indexed by the entity id without its version bits; the handle adds the generation (body-handle.ts).
  const id = entity & p.indexMask;
  const b = p.bodies;
  b.reserve(id);
  p.solverData.reserveEntities(id);
  const generation = nextGeneration(p, id);
  b.generation[id] = generation;
  const handle = handleFor(p, entity, generation) as BodyId;
  b.alive[id] = 1;
  b.retired[id] = 0;
  b.handle[id] = handle;
  const type = BodyType[d.type];
  b.type[id] = type;
  let flags = 0;
  if (d.fixedRotation || d.motionLocks.angular === true) flags |= BodyFlag.fixedRotation;
  const lockX = d.motionLocks.linearX === true;
  const lockY = d.motionLocks.linearY === true;
  if (lockX) flags |= BodyFlag.lockLinearX;
  if (lockY) flags |= BodyFlag.lockLinearY;
  if (d.isBullet) flags |= BodyFlag.bullet;
  if (d.enableSleep) flags |= BodyFlag.enableSleep;
  // A body that moves from the start, or may not sleep, starts awake whatever isAwake says: a sleeping body has zero
  // velocity (the solver skips it), so the velocity would otherwise sit unused until something woke it.
  const moving = d.linearVelocity.x !== 0 || d.linearVelocity.y !== 0 || d.angularVelocity !== 0;
  if ((d.isAwake || moving || !d.enableSleep) && type !== BodyType.static) flags |= BodyFlag.awake;
  b.flags[id] = flags;
  cosSin(d.angle, cosSinScratch);
  const c = cosSinScratch[0];
  const s = cosSinScratch[1];
  const t = b.transform;
  t.x[id] = d.position.x;
  t.y[id] = d.position.y;
  t.c[id] = c;
  t.s[id] = s;
  b.localCenterX[id] = 0;
  b.localCenterY[id] = 0;
  b.centerX[id] = d.position.x;
  b.centerY[id] = d.position.y;
  b.center0X[id] = d.position.x;
  b.center0Y[id] = d.position.y;
  const moves = type !== BodyType.static;
  b.vx[id] = moves && !lockX ? d.linearVelocity.x : 0;
  b.vy[id] = moves && !lockY ? d.linearVelocity.y : 0;
  b.w[id] = moves ? d.angularVelocity : 0;
  b.linearDamping[id] = d.linearDamping;
  b.angularDamping[id] = d.angularDamping;
  b.gravityScale[id] = d.gravityScale;
  b.forceX[id] = 0;
  b.forceY[id] = 0;
  b.torque[id] = 0;
  b.sleepTime[id] = 0;
  b.sleepThreshold[id] = d.sleepThreshold;
  b.maxExtent[id] = 0;
  b.shapeHead[id] = -1;
  b.shapeCount[id] = 0;
  b.contactHead[id] = -1;
  b.listIndex[id] = b.count;
  b.list[b.count++] = id;
  updateBodyMass(p, id);
  tagBodyEntity(world, entity);
  return handle;
}

/**
 * Destroys a body, its shapes and contacts. The entity is removed too unless `keepEntity` is true (then only the
 * physics components go and the user's own components stay).
 *
 * @throws PhysicsError `NOT_A_BODY`, `STALE_HANDLE`, `WORLD_LOCKED` (see {@link PhysicsErrorCode}).
 */
export function destroyBody(world: PhysicsWorld, body: BodyId, keepEntity = false): void {
  const p = getPhysics(world);
  assertUnlocked(p);
  const eid = requireBody(p, body);
  destroyBodyAt(world, p, eid, keepEntity ? EntityFate.untag : EntityFate.remove);
}

/** What becomes of a destroyed body's entity. */
const enum EntityFate {
  /** Removed from the bitecs world (destroyBody). */
  remove,
  /** Kept; only the Body and Transform components go (destroyBody with keepEntity). */
  untag,
  /** bitecs is removing it (or its Body component) already: leave it alone. */
  none,
}

/** Destroys the live body at column index `eid` with its joints, contacts and shapes. */
function destroyBodyAt(world: PhysicsWorld, p: PhysicsState, eid: number, fate: EntityFate): void {
  // Whatever rested on or hung from this body must wake, or it would float where the body was.
  if (p.bodies.type[eid] === BodyType.static) wakeTouching(p, eid);
  else wakeIsland(p, eid);
  destroyBodyJoints(world, eid);
  destroyBodyContacts(p, eid);
  removeCharacterOf(p, eid);
  const s = p.shapes;
  const b = p.bodies;
  let sh = b.shapeHead[eid];
  while (sh !== -1) {
    const next = s.next[sh];
    destroyShapeProxy(p, sh);
    s.release(sh);
    sh = next;
  }
  b.shapeHead[eid] = -1;
  b.shapeCount[eid] = 0;
  // Swap-remove from the body list: deterministic, since it depends only on the call sequence.
  const at = b.listIndex[eid];
  const last = b.list[--b.count];
  b.list[at] = last;
  b.listIndex[last] = at;
  b.listIndex[eid] = -1;
  b.alive[eid] = 0;
  b.retired[eid] = 1;
  b.generation[eid] = b.generation[eid] + 1;
  const entity = entityOfHandle(p, b.handle[eid]);
  if (fate === EntityFate.untag) untagBodyEntity(world, entity);
  else if (fate === EntityFate.remove) removeEntity(world, entity);
}

/**
 * Everything destroyBody does but the entity: for a body whose entity bitecs is removing already (removeEntity, or
 * removing its Body component: the observers in world/world-api.ts). `index` is the body's column index.
 */
export function destroyBodyPhysics(world: PhysicsWorld, p: PhysicsState, index: number): void {
  destroyBodyAt(world, p, index, EntityFate.none);
}

/**
 * The handle of the body on entity `eid`: the way from bitecs to the API, for the entity ids a `query(world,
 * [Transform, Sprite])` yields. In a plain world the first body on an entity has handle === entity id, so a cast
 * (`eid as BodyId`) works for it too, unchecked; a body made on a recycled id carries a generation, which only this
 * finds. In a world made withVersioning the handle is the entity id.
 *
 * @throws PhysicsError `NOT_A_BODY` for an entity that is not a live body of `world` (a joint's entity, a shape
 *   handle, an entity without a body, a removed one).
 */
export function getBodyId(world: PhysicsWorld, eid: number): BodyId {
  const p = getPhysics(world);
  if (typeof eid !== 'number' || !Number.isInteger(eid)) {
    throw new PhysicsError('NOT_A_BODY', `entity id must be an integer, got ${String(eid)}`);
  }
  const index = bodyIndexOfEntity(p, eid);
  if (index >= 0) return p.bodies.handle[index];
  if (isShapeHandle(eid)) throw new PhysicsError('NOT_A_BODY', `${eid} is a shape handle, not an entity`);
  if (jointIndexOfEntity(p, eid) >= 0) throw new PhysicsError('NOT_A_BODY', `entity ${eid} is a joint, not a body`);
  throw new PhysicsError('NOT_A_BODY', `entity ${eid} is not a body of this world`);
}

/**
 * The bitecs entity of a live body (for addComponent, removeEntity…): the handle itself in a versioned world, the
 * handle without its generation in a plain one. Throws NOT_A_BODY / STALE_HANDLE.
 */
export function bodyEntity(world: PhysicsWorld, body: BodyId): number {
  const p = getPhysics(world);
  requireBody(p, body);
  return entityOfHandle(p, body);
}

/**
 * Checks the body handle and returns its column index: the index of `world.physics.transform.x[…]` and every body
 * column (equal to the handle for the first body on an entity of a plain world).
 */
export function bodyIndex(world: PhysicsWorld, body: BodyId): number {
  return requireBody(getPhysics(world), body);
}

/** The world's physics state, refusing calls during a step (for setters). */
export function unlockedState(world: PhysicsWorld): PhysicsState {
  const p = getPhysics(world);
  assertUnlocked(p);
  return p;
}
