import { BodyFlag, BodyType } from '../state/body-store.js';
import { ContactFlag } from '../state/contact-store.js';
import { PhysicsError } from '../errors.js';
import { AABB_FAT, AABB_STRIDE } from '../state/shape-store.js';
import { getPhysics, type PhysicsState, type PhysicsWorld } from '../state/physics-state.js';

function fail(message: string): never {
  throw new PhysicsError('INVALID_STATE', message);
}

/**
 * Debug check of the world's internal consistency; throws PhysicsError('INVALID_STATE') naming the first problem.
 * O(bodies + shapes + contacts + joints + tree nodes) and allocating: call it from tests, fuzzers and debug builds,
 * not every frame of a game. What it checks:
 * - bodies: the dense list and its index agree with the live flags; poses and velocities are finite; rotations are
 *   unit; static bodies are never awake; sleeping bodies have zero velocity (a quarantined body keeps whatever a
 *   setter gave it, unused: the solver never gathers it; so does a disabled one, which is never awake and has no
 *   contacts); shape lists hold live
 *   shapes of the body and their count;
 * - shapes and broadphase: live shapes point at geometry slots whose user counts match, free slots are unused; both
 *   trees pass DynamicTree.validate; every live shape of an enabled body owns a leaf of its tree that names
 *   it, and the trees hold no other leaves; free rows are dead and listed once;
 * - contacts: the dense list, the pair set and the body edge lists describe the same contacts, between live shapes of
 *   the bodies recorded; a non-sensor contact touches exactly when it has manifold points; its shapes' fat boxes
 *   overlapped at the last narrowphase (or one is queued with no known box); free rows are not live and listed once;
 * - joints: rows and entity map agree, bodies are live, and the body joint-edge lists hold each joint once per body;
 * - sleep: a touching (non-sensor) contact or a joint never links an awake body to a sleeping one that can move
 *   (dynamic or kinematic, not quarantined or disabled), since islands sleep and wake whole;
 * - characters: rows and the body map agree, each row's body is live and names the row's handle, and its settings
 *   and state are finite.
 */
export function validateWorld(world: PhysicsWorld): void {
  const p = getPhysics(world);
  checkBodies(p);
  checkShapes(p);
  checkContacts(p);
  checkJoints(p);
  checkCharacters(p);
}

function checkCharacters(p: PhysicsState): void {
  const cs = p.characters;
  const b = p.bodies;
  let mapped = 0;
  for (let eid = 0; eid < cs.rowOf.length; eid++) {
    const row = cs.rowOf[eid];
    if (row === -1) continue;
    mapped++;
    if (row < 0 || row >= cs.count || cs.body[row] !== eid) fail(`character map: body ${eid} → row ${row}`);
  }
  if (mapped !== cs.count) fail(`character count ${cs.count} != mapped bodies ${mapped}`);
  for (let row = 0; row < cs.count; row++) {
    const eid = cs.body[row];
    if (b.alive[eid] !== 1 || b.handle[eid] !== cs.handle[row]) fail(`character row ${row}: body ${eid} is not live`);
    const values = [cs.radius[row], cs.halfHeight[row], cs.upX[row], cs.upY[row], cs.desiredX[row], cs.desiredY[row]];
    values.push(cs.translationX[row], cs.translationY[row], cs.groundNormalX[row], cs.groundNormalY[row]);
    if (!values.every(Number.isFinite)) fail(`character row ${row} has non-finite values ${values.join(', ')}`);
  }
}

function checkBodies(p: PhysicsState): void {
  const b = p.bodies;
  const t = b.transform;
  const s = p.shapes;
  let alive = 0;
  for (let eid = 0; eid < b.alive.length; eid++) if (b.alive[eid] === 1) alive++;
  if (alive !== b.count) fail(`body count ${b.count} != live bodies ${alive}`);
  for (let k = 0; k < b.count; k++) {
    const eid = b.list[k];
    if (b.alive[eid] !== 1) fail(`body list slot ${k} holds dead entity ${eid}`);
    if (b.listIndex[eid] !== k) fail(`body ${eid} has list index ${b.listIndex[eid]} but sits in slot ${k}`);
    const type = b.type[eid];
    if (type !== BodyType.static && type !== BodyType.kinematic && type !== BodyType.dynamic) {
      fail(`body ${eid} has type ${type}`);
    }
    const values = [t.x[eid], t.y[eid], t.c[eid], t.s[eid], b.vx[eid], b.vy[eid], b.w[eid]];
    if (!values.every(Number.isFinite)) fail(`body ${eid} has non-finite state ${values.join(', ')}`);
    const norm = t.c[eid] * t.c[eid] + t.s[eid] * t.s[eid];
    if (Math.abs(norm - 1) > 1e-6) fail(`body ${eid} rotation is not unit (|q|² = ${norm})`);
    const flags = b.flags[eid];
    if (type === BodyType.static && (flags & BodyFlag.awake) !== 0) fail(`static body ${eid} is awake`);
    if ((flags & BodyFlag.disabled) !== 0) {
      if ((flags & BodyFlag.awake) !== 0) fail(`disabled body ${eid} is awake`);
      if (b.contactHead[eid] !== -1) fail(`disabled body ${eid} has contacts`);
    }
    const asleep = (flags & (BodyFlag.awake | BodyFlag.quarantined | BodyFlag.disabled)) === 0;
    if (asleep && (b.vx[eid] !== 0 || b.vy[eid] !== 0 || b.w[eid] !== 0)) {
      fail(`sleeping body ${eid} has velocity (${b.vx[eid]}, ${b.vy[eid]}, ${b.w[eid]})`);
    }
    let n = 0;
    for (let sh = b.shapeHead[eid]; sh !== -1; sh = s.next[sh]) {
      if (sh < 0 || sh >= s.capacityUsed || s.alive[sh] !== 1) fail(`body ${eid} lists dead shape ${sh}`);
      if (s.body[sh] !== eid) fail(`body ${eid} lists shape ${sh} of body ${s.body[sh]}`);
      if (++n > s.count) fail(`shape list of body ${eid} has a cycle`);
    }
    if (n !== b.shapeCount[eid]) fail(`body ${eid} lists ${n} shapes, shapeCount says ${b.shapeCount[eid]}`);
  }
}

/** Live shapes point at used geometry slots, dead ones at none; each slot's count is its users; free slots unused. */
function checkGeometrySlots(p: PhysicsState): void {
  const s = p.shapes;
  const g = s.geometry;
  const users = new Int32Array(g.slotsUsed);
  for (let sh = 0; sh < s.capacityUsed; sh++) {
    const k = g.slot[sh];
    if (s.alive[sh] !== 1) {
      if (k !== -1) fail(`dead shape row ${sh} holds geometry slot ${k}`);
      continue;
    }
    if (!(k >= 0 && k < g.slotsUsed)) fail(`shape ${sh} has geometry slot ${k} of ${g.slotsUsed}`);
    users[k]++;
  }
  for (let k = 0; k < g.slotsUsed; k++) {
    if (users[k] !== g.slotRefs[k]) fail(`geometry slot ${k} counts ${g.slotRefs[k]} users, ${users[k]} point at it`);
  }
  for (let i = 0; i < g.freeSlotCount; i++) {
    const k = g.freeSlots[i];
    if (users[k] !== 0) fail(`free geometry slot ${k} is in use`);
  }
  if (g.freeSlotCount !== users.filter((u) => u === 0).length) fail('free geometry slots are not listed exactly once');
}

function checkShapes(p: PhysicsState): void {
  const s = p.shapes;
  const b = p.bodies;
  const trees = p.broadphase.trees;
  for (let k = 0; k < trees.length; k++) {
    try {
      trees[k].validate();
    } catch (error) {
      fail(`broadphase tree ${k}: ${(error as Error).message}`);
    }
  }
  checkGeometrySlots(p);
  let live = 0;
  const leaves = [0, 0];
  const leafBox = new Float64Array(4);
  for (let sh = 0; sh < s.capacityUsed; sh++) {
    if (s.alive[sh] !== 1) continue;
    live++;
    const body = s.body[sh];
    if (b.alive[body] !== 1) fail(`shape ${sh} belongs to dead body ${body}`);
    if ((b.flags[body] & BodyFlag.disabled) !== 0) {
      if (s.proxy[sh] !== -1) fail(`shape ${sh} of disabled body ${body} has proxy ${s.proxy[sh]}`);
      continue;
    }
    const tk = s.tree[sh];
    const tree = trees[tk];
    if (tree === undefined) fail(`shape ${sh} names tree ${tk}`);
    const proxy = s.proxy[sh];
    if (!tree.isProxy(proxy) || tree.getUserData(proxy) !== sh) fail(`shape ${sh} proxy ${proxy} is not its leaf`);
    // The shape's copy of its proxy's box (read by the narrowphase and the refits) is the leaf's box, to the bit.
    const f = sh * AABB_STRIDE + AABB_FAT;
    const a = s.aabb;
    tree.copyBox(proxy, leafBox, 0);
    if (a[f] !== leafBox[0] || a[f + 1] !== leafBox[1] || a[f + 2] !== leafBox[2] || a[f + 3] !== leafBox[3]) {
      fail(`shape ${sh} fat box [${a.subarray(f, f + 4).join(', ')}] is not its proxy's box`);
    }
    leaves[tk]++;
    const expected = b.type[body] === BodyType.static ? 0 : 1;
    if (tk !== expected) fail(`shape ${sh} of a ${b.type[body]}-type body sits in tree ${tk}`);
  }
  if (live !== s.count) fail(`shape count ${s.count} != live shapes ${live}`);
  for (let k = 0; k < trees.length; k++) {
    if (trees[k].getProxyCount() !== leaves[k]) {
      fail(`tree ${k} has ${trees[k].getProxyCount()} leaves but ${leaves[k]} shapes point into it`);
    }
  }
  checkFreeList('shape', s.free, s.freeCount, s.capacityUsed, (id) => s.alive[id] === 1);
  if (s.freeCount + s.count !== s.capacityUsed) {
    fail(`shape rows: ${s.freeCount} free + ${s.count} live != ${s.capacityUsed} used`);
  }
}

function checkFreeList(
  what: string,
  free: Int32Array,
  freeCount: number,
  used: number,
  isLive: (id: number) => boolean,
): void {
  const seen = new Set<number>();
  for (let k = 0; k < freeCount; k++) {
    const id = free[k];
    if (id < 0 || id >= used) fail(`${what} free list holds ${id}, outside [0, ${used})`);
    if (isLive(id)) fail(`${what} free list holds live ${what} ${id}`);
    if (seen.has(id)) fail(`${what} free list holds ${id} twice`);
    seen.add(id);
  }
}

function isMovable(p: PhysicsState, eid: number): boolean {
  const b = p.bodies;
  return b.type[eid] !== BodyType.static && (b.flags[eid] & (BodyFlag.quarantined | BodyFlag.disabled)) === 0;
}

function isAwake(p: PhysicsState, eid: number): boolean {
  return (p.bodies.flags[eid] & BodyFlag.awake) !== 0;
}

/** Awake and sleeping bodies linked by a constraint that must keep their islands in the same state. */
function checkSleepLink(p: PhysicsState, a: number, b: number, what: string): void {
  if (!isMovable(p, a) || !isMovable(p, b)) return;
  if (isAwake(p, a) !== isAwake(p, b)) {
    fail(
      `${what} links ${isAwake(p, a) ? 'awake' : 'sleeping'} body ${a} to ${isAwake(p, b) ? 'awake' : 'sleeping'} body ${b}`,
    );
  }
}

/**
 * A shape's fat box at the last narrowphase: the box remembered in the move buffer for a queued shape (minX +∞:
 * unknown), else its proxy's box now.
 */
function lastBox(p: PhysicsState, shape: number, moveSlot: Map<number, number>): Float64Array {
  const i = moveSlot.get(shape);
  if (i !== undefined) return p.broadphase.moveFrom.subarray(i * 4, i * 4 + 4);
  const o = shape * AABB_STRIDE + AABB_FAT;
  return p.shapes.aabb.subarray(o, o + 4);
}

function checkContacts(p: PhysicsState): void {
  const c = p.contacts;
  const s = p.shapes;
  const b = p.bodies;
  if (c.pairs.count !== c.count) fail(`pair set holds ${c.pairs.count} pairs, contact list ${c.count}`);
  const moveSlot = new Map<number, number>();
  const mb = p.broadphase.moveBuffer;
  for (let i = 0; i < mb.count; i++) moveSlot.set(mb.data[i], i);
  for (let k = 0; k < c.count; k++) {
    const id = c.list[k];
    if (c.listIndex[id] !== k) fail(`contact ${id} has list index ${c.listIndex[id]} but sits in slot ${k}`);
    const a = c.shapeA[id];
    const bb = c.shapeB[id];
    if (s.alive[a] !== 1 || s.alive[bb] !== 1) fail(`contact ${id} joins dead shape ${a} or ${bb}`);
    if (s.body[a] !== c.bodyA[id] || s.body[bb] !== c.bodyB[id]) fail(`contact ${id} records the wrong bodies`);
    if (c.pairs.get(a < bb ? a : bb, a < bb ? bb : a) !== id) fail(`pair (${a}, ${bb}) does not map to contact ${id}`);
    // Contacts are removed from the pair set by id, through its slot record.
    if (!c.pairs.holdsAt(a < bb ? a : bb, a < bb ? bb : a, id)) fail(`contact ${id}'s pair-set slot record is stale`);
    // The pair search looks a candidate up in the pair set only when a box at the last narrowphase is unknown
    // (find-pairs.ts): every contact's shapes had overlapping fat boxes then, or one is queued with an unknown box.
    const boxA = lastBox(p, a, moveSlot);
    const boxB = lastBox(p, bb, moveSlot);
    if (
      boxA[0] !== Infinity &&
      boxB[0] !== Infinity &&
      (boxA[2] < boxB[0] || boxB[2] < boxA[0] || boxA[3] < boxB[1] || boxB[3] < boxA[1])
    ) {
      fail(`contact ${id}: the fat boxes of shapes ${a} and ${bb} did not overlap at the last narrowphase`);
    }
    const flags = c.flags[id];
    const pc = c.pointCount[id];
    if (pc > 2) fail(`contact ${id} has ${pc} points`);
    const sensor = (flags & ContactFlag.sensor) !== 0;
    const touching = (flags & ContactFlag.touching) !== 0;
    // A contact passing through a one-way shape has points but does not touch (systems' one-way.ts).
    const passing = (flags & ContactFlag.passing) !== 0;
    if (passing && (sensor || pc === 0)) fail(`contact ${id} is passing with ${pc} points, sensor ${sensor}`);
    if (!sensor && touching !== (pc > 0 && !passing)) fail(`contact ${id} touching flag ${touching} but ${pc} points`);
    if (touching && !sensor) checkSleepLink(p, c.bodyA[id], c.bodyB[id], `touching contact ${id}`);
  }
  // Each contact appears once in each of its bodies' edge lists (edge = id·2 + side) and nowhere else.
  let edges = 0;
  for (let k = 0; k < b.count; k++) {
    const eid = b.list[k];
    let prev = -1;
    for (let e = b.contactHead[eid]; e !== -1; e = c.edgeNext[e]) {
      const id = e >> 1;
      if (
        c.listIndex[id] === undefined ||
        c.listIndex[id] < 0 ||
        c.listIndex[id] >= c.count ||
        c.list[c.listIndex[id]] !== id
      ) {
        fail(`body ${eid} lists dead contact ${id}`);
      }
      if (((e & 1) === 0 ? c.bodyA[id] : c.bodyB[id]) !== eid) fail(`body ${eid} lists contact ${id} of other bodies`);
      if (c.edgePrev[e] !== prev) fail(`contact edge ${e} of body ${eid} has a broken back link`);
      prev = e;
      if (++edges > 2 * c.count) fail('contact edge lists hold more edges than contacts');
    }
  }
  if (edges !== 2 * c.count) fail(`contact edge lists hold ${edges} edges for ${c.count} contacts`);
  checkFreeList('contact', c.free, c.freeCount, c.capacityUsed, (id) => c.listIndex[id] !== -1);
  if (c.freeCount + c.count !== c.capacityUsed) {
    fail(`contact rows: ${c.freeCount} free + ${c.count} live != ${c.capacityUsed} used`);
  }
}

function checkJoints(p: PhysicsState): void {
  const js = p.joints;
  const b = p.bodies;
  for (let row = 0; row < js.count; row++) {
    const eid = js.eid[row];
    if (js.rowOf[eid] !== row) fail(`joint row ${row} (entity ${eid}) maps back to row ${js.rowOf[eid]}`);
    const a = js.bodyA[row];
    const bb = js.bodyB[row];
    if (b.alive[a] !== 1 || b.alive[bb] !== 1) fail(`joint ${eid} joins dead body ${a} or ${bb}`);
    checkSleepLink(p, a, bb, `joint ${eid}`);
  }
  let mapped = 0;
  for (let eid = 0; eid < js.rowOf.length; eid++) if (js.rowOf[eid] >= 0) mapped++;
  if (mapped !== js.count) fail(`${mapped} entities map to joint rows, ${js.count} rows live`);
  let edges = 0;
  for (let k = 0; k < b.count; k++) {
    const eid = b.list[k];
    if (eid >= js.jointHead.length) continue;
    let prev = -1;
    for (let e = js.jointHead[eid]; e !== -1; e = js.edgeNext[e]) {
      const row = js.rowOf[e >> 1];
      if (row === undefined || row < 0) fail(`body ${eid} lists dead joint ${e >> 1}`);
      if (((e & 1) === 0 ? js.bodyA[row] : js.bodyB[row]) !== eid) fail(`body ${eid} lists joint ${e >> 1} of others`);
      if (js.edgePrev[e] !== prev) fail(`joint edge ${e} of body ${eid} has a broken back link`);
      prev = e;
      if (++edges > 2 * js.count) fail('joint edge lists hold more edges than joints');
    }
  }
  if (edges !== 2 * js.count) fail(`joint edge lists hold ${edges} edges for ${js.count} joints`);
}
