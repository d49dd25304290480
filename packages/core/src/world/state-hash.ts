import { BodyFlag } from '../state/body-store.js';
import { getPhysics, type PhysicsWorld } from '../state/physics-state.js';

// One double's bytes, read as two little-endian 32-bit words (a DataView fixes the byte order on every platform).
const word = new DataView(new ArrayBuffer(8));
// The two lanes of the running hash, as 32-bit integers.
const lanes = new Int32Array(2);

function mixWord(v: number): void {
  lanes[0] = Math.imul(lanes[0] ^ v, 0x01000193);
  lanes[1] = Math.imul(lanes[1] ^ v, 0x5bd1e995);
}

function mixDouble(v: number): void {
  word.setFloat64(0, v, true);
  mixWord(word.getInt32(0, true));
  mixWord(word.getInt32(4, true));
}

const hex = (v: number): string => (v >>> 0).toString(16).padStart(8, '0');

/**
 * A hash of the world's simulation state, for netcode and replays (Box2D's b2World_GetStateHash): the bits of every
 * body's handle, position, rotation (cos, sin), linear and angular velocity and awake flag, body by body in the
 * world's body order (creation order; a destroyed body's place goes to the last one), and the body count, as 16
 * hexadecimal digits (two 32-bit lanes). Two worlds that were built and stepped the same way give the same hash in
 * every JavaScript engine and with any number of step workers, so peers compare it to detect a desync; any difference
 * in those bits changes it (with the usual odds of a 64-bit hash). Contacts, joints and settings are not hashed: they
 * show in the bodies' state a step later. Allocates only the string.
 *
 * @throws PhysicsError `INVALID_ARGUMENT` for a world without physics.
 */
export function getStateHash(world: PhysicsWorld): string {
  const p = getPhysics(world);
  const b = p.bodies;
  const t = b.transform;
  lanes[0] = 0x811c9dc5 | 0;
  lanes[1] = 0x01000193 ^ 0x5bd1e995;
  const list = b.list;
  const n = b.count;
  for (let k = 0; k < n; k++) {
    const eid = list[k];
    mixDouble(b.handle[eid]);
    mixDouble(t.x[eid]);
    mixDouble(t.y[eid]);
    mixDouble(t.c[eid]);
    mixDouble(t.s[eid]);
    mixDouble(b.vx[eid]);
    mixDouble(b.vy[eid]);
    mixDouble(b.w[eid]);
    mixWord((b.flags[eid] & BodyFlag.awake) !== 0 ? 1 : 0);
  }
  mixWord(n);
  return hex(lanes[0]) + hex(lanes[1]);
}
