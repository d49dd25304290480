// The broadphase's pair invariant, checked by brute force: between steps, every pair of shapes whose fat boxes
// overlapped at the last narrowphase and that may collide has a contact. The pair update relies on it to skip the
// candidates a moved proxy already overlapped before (bufferMoveFrom in shape-proxy.ts); an API path that destroys
// contacts without queueing the shape with bufferMove breaks it.
import { getPhysics, jointsAllowCollision, type PhysicsState, type PhysicsWorld } from '@impulse2d/core/internal';
import { shouldCollide } from '../../src/update-broadphase.js';

/**
 * The fat box shape `sh` had at the last narrowphase: its leaf's box when it has not moved since, the remembered box
 * when it has, or null when there is none to go by (a new proxy, or one queued to look for all its pairs again).
 */
function lastBox(p: PhysicsState, sh: number): [number, number, number, number] | null {
  const s = p.shapes;
  const bp = p.broadphase;
  if (s.moved[sh] === 1) {
    let i = 0;
    while (bp.moveBuffer.data[i] !== sh) i++;
    const f = bp.moveFrom;
    if (f[i * 4] === Infinity) return null;
    return [f[i * 4], f[i * 4 + 1], f[i * 4 + 2], f[i * 4 + 3]];
  }
  const tree = bp.trees[s.tree[sh]];
  const proxy = s.proxy[sh];
  const box = new Float64Array(4);
  tree.copyBox(proxy, box, 0);
  return [box[0], box[1], box[2], box[3]];
}

/** A description of the first pair that breaks the invariant, or null. O(shapes²): for small test worlds. */
export function checkPairInvariant(w: PhysicsWorld): string | null {
  const p = getPhysics(w);
  const s = p.shapes;
  const live: number[] = [];
  for (let sh = 0; sh < s.capacityUsed; sh++) if (s.alive[sh] === 1 && s.proxy[sh] !== -1) live.push(sh);
  const boxes = live.map((sh) => lastBox(p, sh));
  for (let i = 0; i < live.length; i++) {
    const a = boxes[i];
    if (a === null) continue;
    for (let j = i + 1; j < live.length; j++) {
      const b = boxes[j];
      if (b === null) continue;
      if (a[2] < b[0] || b[2] < a[0] || a[3] < b[1] || b[3] < a[1]) continue;
      const x = Math.min(live[i], live[j]);
      const y = Math.max(live[i], live[j]);
      if (p.contacts.pairs.get(x, y) !== -1) continue;
      if (!shouldCollide(p, x, y) || !jointsAllowCollision(p, s.body[x], s.body[y])) continue;
      return `shapes ${x} and ${y} overlapped at the last narrowphase and may collide, but have no contact`;
    }
  }
  return null;
}
