import { BodyFlag, BodyType } from '../state/body-store.js';
import type { PhysicsState } from '../state/physics-state.js';
import { setBodyAwake, wakeIsland } from './body-sleep.js';
import { destroyBodyContacts, wakeTouching } from './contact-lifecycle.js';
import { createShapeProxy, destroyShapeProxy } from './shape-proxy.js';

/**
 * Disabling takes a body out of the simulation and the broadphase while keeping it whole (Box2D's b2Body_Disable): its
 * shapes lose their proxies (queries and pair search no longer see them) and its contacts are destroyed (touching
 * ones report their end); it is not awake, and the sleep walks skip it, so nothing wakes it; the joints to it get no
 * solver record (the joint colouring skips them), so they hold nothing. Its shapes, joints, pose, velocity and mass
 * stay, and enabling puts it back as it was: proxies made again (its pairs are found on the next step), awake.
 */

/** Takes live body `eid` out of the simulation (see the file comment); what rested on it or hung from it wakes. */
export function disableBody(p: PhysicsState, eid: number): void {
  const b = p.bodies;
  if (b.type[eid] === BodyType.static) wakeTouching(p, eid);
  else wakeIsland(p, eid);
  wakeJointed(p, eid);
  destroyBodyContacts(p, eid);
  const s = p.shapes;
  for (let sh = b.shapeHead[eid]; sh !== -1; sh = s.next[sh]) destroyShapeProxy(p, sh);
  b.flags[eid] = (b.flags[eid] | BodyFlag.disabled) & ~BodyFlag.awake;
  // Which joints get records changed (colour-joints.ts reads the disabled flag).
  p.joints.version++;
}

/** Puts disabled body `eid` back (see the file comment): proxies again, awake unless static. */
export function enableBody(p: PhysicsState, eid: number): void {
  const b = p.bodies;
  b.flags[eid] = b.flags[eid] & ~BodyFlag.disabled;
  const s = p.shapes;
  for (let sh = b.shapeHead[eid]; sh !== -1; sh = s.next[sh]) createShapeProxy(p, sh);
  if (b.type[eid] !== BodyType.static) setBodyAwake(p, eid, true);
  wakeJointed(p, eid);
  p.joints.version++;
}

/** Wakes the island of every body jointed to `eid`. */
function wakeJointed(p: PhysicsState, eid: number): void {
  const js = p.joints;
  const first = eid < js.jointHead.length ? js.jointHead[eid] : -1;
  for (let e = first; e !== -1; e = js.edgeNext[e]) {
    const row = js.rowOf[e >> 1];
    wakeIsland(p, (e & 1) === 0 ? js.bodyB[row] : js.bodyA[row]);
  }
}
