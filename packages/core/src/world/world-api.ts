import { createWorld, observe, onRemove, type World } from 'bitecs';
import { destroyBodyPhysics } from '../body/body-api.js';
import { PhysicsError } from '../errors.js';
import { destroyJointInternal } from '../lifecycle/joint-lifecycle.js';
import { bodyIndexOfEntity, jointIndexOfEntity } from '../state/body-handle.js';
import {
  assertUnlocked,
  configureHandles,
  getPhysics,
  mergeWorldDef,
  PhysicsState,
  type PhysicsWorld,
} from '../state/physics-state.js';
import type { WorldDef } from '../state/world-def.js';

/** Creates a bitecs world with physics attached (`world.physics`). */
export function createPhysicsWorld(def?: Partial<WorldDef>): PhysicsWorld {
  const physics = new PhysicsState(mergeWorldDef(def));
  const world = createWorld({ physics }) as PhysicsWorld;
  configureHandles(world, physics);
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
  configureHandles(w, physics);
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
  const stopBodies = observe(world, onRemove(p.Body), (entity: number) => {
    if (world.physics !== p) return;
    const index = bodyIndexOfEntity(p, entity);
    if (index < 0) return;
    if (p.locked) p.removedWhileLocked.push(entity);
    else destroyBodyPhysics(world, p, index);
  });
  const stopJoints = observe(world, onRemove(p.joints.Joint), (entity: number) => {
    if (world.physics !== p) return;
    const index = jointIndexOfEntity(p, entity);
    if (index < 0) return;
    if (p.locked) p.removedWhileLocked.push(-1 - entity);
    else destroyJointInternal(world, p, index, false);
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
      const index = bodyIndexOfEntity(p, code);
      if (index >= 0) destroyBodyPhysics(world, p, index);
    } else {
      const index = jointIndexOfEntity(p, -1 - code);
      if (index >= 0) destroyJointInternal(world, p, index, false);
    }
  }
}
