import { wakeIsland } from '../lifecycle/body-sleep.js';
import { remixTouchingContacts } from '../lifecycle/contact-lifecycle.js';
import { StepProfile } from '../state/profile.js';
import { assertUnlocked, getPhysics, mergeWorldDef, type PhysicsWorld } from '../state/physics-state.js';
import type { WorldDef } from '../state/world-def.js';

/** A read-only snapshot of the last step's profile (ms per stage, counters). Allocates: for API use. */
export function getProfile(world: PhysicsWorld): StepProfile {
  const p = getPhysics(world);
  return Object.assign(new StepProfile(), p.profile);
}

/**
 * Changes world settings between steps (same fields and validation as the world definition). A new mixing rule
 * applies to touching contacts from the next step; a new lengthUnitsPerMeter rescales the length tolerances only.
 *
 * @throws PhysicsError `INVALID_ARGUMENT` for a bad setting, `WORLD_LOCKED` during a step.
 */
export function setWorldSettings(world: PhysicsWorld, settings: Partial<WorldDef>): void {
  const p = getPhysics(world);
  assertUnlocked(p);
  const merged = mergeWorldDef({ ...p.toDef(), ...settings });
  const wasSleeping = p.enableSleep;
  const mixingChanged = merged.frictionMixing !== p.frictionMixing || merged.restitutionMixing !== p.restitutionMixing;
  p.applyDef(merged);
  // The contacts that touch now take the new rule from the next step on.
  if (mixingChanged) remixTouchingContacts(p);
  // Switching sleep off must not leave bodies frozen in the air.
  if (wasSleeping && !p.enableSleep) {
    for (let k = 0; k < p.bodies.count; k++) wakeIsland(p, p.bodies.list[k]);
  }
}
