import { PhysicsError } from '../errors.js';
import type { PhysicsState } from '../world/physics-world.js';

/** Throws NOT_A_BODY / STALE_HANDLE unless `eid` is a live body of this world. */
export function requireBody(p: PhysicsState, eid: number): void {
  if (typeof eid !== 'number' || !Number.isInteger(eid) || eid < 0) {
    throw new PhysicsError('NOT_A_BODY', `body handle must be a non-negative integer entity id, got ${String(eid)}`);
  }
  const b = p.bodies;
  if (eid < b.alive.length && b.alive[eid] === 1) return;
  if (eid < b.retired.length && b.retired[eid] === 1) {
    throw new PhysicsError('STALE_HANDLE', `body ${eid} was destroyed`);
  }
  throw new PhysicsError('NOT_A_BODY', `entity ${eid} is not a body of this world`);
}
