import { destroyBodyContacts } from './contact-lifecycle.js';
import { bufferMove } from './shape-proxy.js';
import { QUARANTINE_BODY } from '../state/event-store.js';
import { JF_IMPULSE_0, JOINT_IMPULSE_COUNT } from '../state/joint-store.js';
import { getPhysics, type PhysicsState, type PhysicsWorld } from '../state/physics-state.js';
import { requireBody } from '../state/require-handle.js';
import { setBodyAwake } from './body-sleep.js';
import { BodyFlag } from '../state/body-store.js';
import type { BodyId } from '../handles.js';

/**
 * Takes a body whose state became non-finite during a step out of the simulation (Rapier quarantines non-finite
 * state the same way), so one blow-up cannot spread NaN to the rest of the world. The caller (the finalize stage)
 * has not written the step's result back, so the body keeps its pose from the start of the step, its last finite
 * one. Here: velocities and forces zeroed, put to sleep for good (the sleep walks and joint wakes skip quarantined
 * bodies, so the solver never gathers it again), its contacts destroyed (their accumulated impulses may be NaN and
 * would be warm-started into the neighbours) and the accumulated impulses of its joints zeroed for the same reason.
 * Other bodies still meet it where it stands, like a sleeping body. Reported by getQuarantineEvents and
 * isBodyQuarantined. Cold path: runs only when the finalize stage's finite check fails.
 */
export function quarantineBody(p: PhysicsState, eid: number): void {
  const b = p.bodies;
  if ((b.flags[eid] & BodyFlag.awake) !== 0) setBodyAwake(p, eid, false);
  b.flags[eid] = (b.flags[eid] | BodyFlag.quarantined) & ~BodyFlag.awake;
  b.vx[eid] = 0;
  b.vy[eid] = 0;
  b.w[eid] = 0;
  b.forceX[eid] = 0;
  b.forceY[eid] = 0;
  b.torque[eid] = 0;
  destroyBodyContacts(p, eid);
  // Its shapes look for their pairs again (with no previous box): the neighbours meet it where it stands.
  const s = p.shapes;
  for (let sh = b.shapeHead[eid]; sh !== -1; sh = s.next[sh]) if (s.proxy[sh] !== -1) bufferMove(p, sh);
  const js = p.joints;
  const f = js.f;
  const first = eid < js.jointHead.length ? js.jointHead[eid] : -1;
  for (let e = first; e !== -1; e = js.edgeNext[e]) {
    const row = js.rowOf[e >> 1];
    for (let k = 0; k < JOINT_IMPULSE_COUNT; k++) f[JF_IMPULSE_0 + k][row] = 0;
  }
  const ev = p.events.bodyQuarantined;
  const o = ev.push(); // before reading ev.data: push may grow it
  ev.data[o + QUARANTINE_BODY] = eid;
}

/** True once a body has been quarantined because its state became non-finite in a step (see quarantineBody). */
export function isBodyQuarantined(world: PhysicsWorld, body: BodyId): boolean {
  const p = getPhysics(world);
  const index = requireBody(p, body);
  return (p.bodies.flags[index] & BodyFlag.quarantined) !== 0;
}

/** Bodies quarantined in the last step (their state became non-finite; each is frozen at its last finite pose). */
export function getQuarantineEvents(world: PhysicsWorld): BodyId[] {
  const p = getPhysics(world);
  const ev = p.events.bodyQuarantined;
  const out: BodyId[] = [];
  // Records hold column indices (as the other events' do); the handle column names the body.
  for (let i = 0; i < ev.count; i++) out.push(p.bodies.handle[ev.data[i * ev.stride + QUARANTINE_BODY]]);
  return out;
}
