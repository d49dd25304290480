import { createWorld, observe, onRemove, type World } from 'bitecs';
import { destroyBodyPhysics } from '../body/body-api.js';
import { PhysicsError } from '../errors.js';
import { destroyJointInternal } from '../joints/joint-lifecycle.js';
import { assertUnlocked, getPhysics, mergeWorldDef, PhysicsState, type PhysicsWorld } from './physics-world.js';
import type { WorldDef } from './world-def.js';

/** Creates a bitecs world with physics attached (`world.physics`). */
export function createPhysicsWorld(def?: Partial<WorldDef>): PhysicsWorld {
  const physics = new PhysicsState(mergeWorldDef(def));
  const world = createWorld({ physics }) as PhysicsWorld;
  watchEntityRemoval(world, physics);
  return world;
}

/** Attaches physics to an existing bitecs world (mutates and returns it, typed as a PhysicsWorld). */
export function attachPhysics<T extends object>(world: World<T>, def?: Partial<WorldDef>): World<T> & PhysicsWorld {
  const w = world as World<T> & { physics?: PhysicsState };
  if (w.physics instanceof PhysicsState) {
    throw new PhysicsError('INVALID_ARGUMENT', 'this world already has physics attached');
  }
  const physics = new PhysicsState(mergeWorldDef(def));
  (w as { physics: PhysicsState }).physics = physics;
  watchEntityRemoval(w as World<T> & PhysicsWorld, physics);
  return w as World<T> & PhysicsWorld;
}

/** Detaches physics and frees its storage. Body entities stay in the bitecs world. */
export function destroyPhysicsWorld(world: PhysicsWorld): void {
  const p = getPhysics(world);
  assertUnlocked(p);
  p.stopWatching?.();
  p.stopWatching = null;
  delete (world as { physics?: PhysicsState }).physics;
}

/**
 * The ECS way of deleting: `removeEntity(world, eid)` from bitecs on a body's entity destroys the body with its
 * shapes, joints and contacts (nothing is left for other bodies to rest on), and on a joint's entity destroys the
 * joint, so a recycled id is a fresh entity that createBody accepts. bitecs calls the observers below while it
 * removes the entity; destroyBody and destroyJoint mark their body or joint dead before they remove the entity, so
 * the observers see nothing to do for them. During a step the teardown waits for the step's end.
 */
function watchEntityRemoval(world: PhysicsWorld, p: PhysicsState): void {
  const stopBodies = observe(world, onRemove(p.Body), (eid: number) => {
    if (eid >= p.bodies.alive.length || p.bodies.alive[eid] !== 1) return;
    if (p.locked) p.removedWhileLocked.push(eid);
    else destroyBodyPhysics(world, p, eid);
  });
  const stopJoints = observe(world, onRemove(p.joints.Joint), (eid: number) => {
    const rowOf = p.joints.rowOf;
    if (eid >= rowOf.length || rowOf[eid]! < 0) return;
    if (p.locked) p.removedWhileLocked.push(-1 - eid);
    else destroyJointInternal(world, p, eid, false);
  });
  p.stopWatching = () => {
    stopBodies();
    stopJoints();
  };
}

/**
 * Tears down the bodies and joints whose entities bitecs removed during the step that just ended (called by the
 * step with the world unlocked).
 */
export function flushRemovedEntities(world: PhysicsWorld): void {
  const p = getPhysics(world);
  const removed = p.removedWhileLocked;
  if (removed.length === 0) return;
  for (const code of removed.splice(0, removed.length)) {
    if (code >= 0) {
      if (p.bodies.alive[code] === 1) destroyBodyPhysics(world, p, code);
    } else {
      const eid = -1 - code;
      if (p.joints.rowOf[eid]! >= 0) destroyJointInternal(world, p, eid, false);
    }
  }
}
