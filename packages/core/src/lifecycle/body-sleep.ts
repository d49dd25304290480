import { ContactFlag } from '../state/contact-store.js';
import { SLEEP_ASLEEP, SLEEP_BODY } from '../state/event-store.js';
import type { PhysicsState } from '../state/physics-state.js';
import { BodyFlag, BodyType } from '../state/body-store.js';

/** Bodies that nothing wakes: quarantined (quarantineBody) or disabled (disableBody). */
const OUT_OF_SIMULATION = BodyFlag.quarantined | BodyFlag.disabled;

/**
 * Wakes `eid` and every sleeping body connected to it through touching contacts and joints (its island), so that a
 * woken body never pushes against a neighbour that the solver would still treat as immovable. Static bodies end the
 * walk, and quarantined and disabled bodies neither wake nor pass the walk on. Islands are not stored: the sleep stage rebuilds them when bodies come to rest, and waking walks the graph,
 * which costs only the size of the island being woken.
 */
export function wakeIsland(p: PhysicsState, eid: number): void {
  setIslandAwake(p, eid, true);
}

/** Puts `eid` and every body connected to it (through touching contacts and joints) to sleep. */
export function sleepIsland(p: PhysicsState, eid: number): void {
  setIslandAwake(p, eid, false);
}

function setIslandAwake(p: PhysicsState, eid: number, awake: boolean): void {
  const b = p.bodies;
  if (b.type[eid] === BodyType.static) return;
  if (awake && (b.flags[eid] & OUT_OF_SIMULATION) !== 0) return;
  if (((b.flags[eid] & BodyFlag.awake) !== 0) === awake) {
    if (awake) b.sleepTime[eid] = 0;
    return;
  }
  const stack = p.islandStack;
  stack.clear();
  setBodyAwake(p, eid, awake);
  stack.push(eid);
  const c = p.contacts;
  const js = p.joints;
  while (stack.count > 0) {
    const body = stack.data[--stack.count];
    for (let e = b.contactHead[body]; e !== -1; e = c.edgeNext[e]) {
      const id = e >> 1;
      const flags = c.flags[id];
      if ((flags & ContactFlag.touching) === 0 || (flags & ContactFlag.sensor) !== 0) continue;
      visit(p, (e & 1) === 0 ? c.bodyB[id] : c.bodyA[id], awake);
    }
    const firstJointEdge = body < js.jointHead.length ? js.jointHead[body] : -1;
    for (let e = firstJointEdge; e !== -1; e = js.edgeNext[e]) {
      const row = js.rowOf[e >> 1]; // joint edges are keyed by joint entity: edge = jointEid·2 + side
      visit(p, (e & 1) === 0 ? js.bodyB[row] : js.bodyA[row], awake);
    }
  }
}

function visit(p: PhysicsState, other: number, awake: boolean): void {
  const b = p.bodies;
  if (b.type[other] === BodyType.static) return;
  if (awake && (b.flags[other] & OUT_OF_SIMULATION) !== 0) return;
  if (((b.flags[other] & BodyFlag.awake) !== 0) === awake) return;
  setBodyAwake(p, other, awake);
  p.islandStack.push(other);
}

/** Flips one body's awake flag, resets its rest timer when waking, zeroes its velocity when sleeping, logs the event. */
export function setBodyAwake(p: PhysicsState, eid: number, awake: boolean): void {
  const b = p.bodies;
  if (awake) {
    b.flags[eid] = b.flags[eid] | BodyFlag.awake;
    b.sleepTime[eid] = 0;
  } else {
    b.flags[eid] = b.flags[eid] & ~BodyFlag.awake;
    b.vx[eid] = 0;
    b.vy[eid] = 0;
    b.w[eid] = 0;
    b.forceX[eid] = 0;
    b.forceY[eid] = 0;
    b.torque[eid] = 0;
  }
  const ev = p.events.bodySleep;
  const o = ev.push();
  ev.data[o + SLEEP_BODY] = eid;
  ev.data[o + SLEEP_ASLEEP] = awake ? 0 : 1;
}
