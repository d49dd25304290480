import {
  CONTACT_POINTS_STRIDE,
  ContactFlag,
  CP_STRIDE,
  destroyContact,
  mixMaterial,
  BodyFlag,
  CB_BODY_A,
  CB_BODY_B,
  CB_NORMAL_X,
  CB_NORMAL_Y,
  CB_POINT0_X,
  CB_POINT_COUNT,
  CB_SHAPE_A,
  CB_SHAPE_B,
  CP_ANCHOR_AX,
  CP_ANCHOR_AY,
  CP_SEPARATION,
  growI32,
  pushPairEvent,
  shapeHandle,
  wakeIsland,
  type PhysicsState,
} from '@impulse2d/core/internal';
import { CHUNK_COUNTS, COLLIDE_CHUNK, collideChunkCount } from './collide-contacts.js';
import { beginsPassing } from './one-way.js';
import { JOB_COLLIDE, runChunk } from './workers/job-control.js';
import { runParallel } from './workers/step-workers.js';

/** Logs a contact-begin record with the manifold's normal and points. */
function pushBeginEvent(p: PhysicsState, id: number): void {
  const c = p.contacts;
  const s = p.shapes;
  const ev = p.events.contactBegin;
  const o = ev.push();
  const d = ev.data;
  d[o + CB_SHAPE_A] = shapeHandle(s, c.shapeA[id]);
  d[o + CB_SHAPE_B] = shapeHandle(s, c.shapeB[id]);
  d[o + CB_BODY_A] = c.bodyA[id];
  d[o + CB_BODY_B] = c.bodyB[id];
  d[o + CB_NORMAL_X] = c.normalX[id];
  d[o + CB_NORMAL_Y] = c.normalY[id];
  const count = c.pointCount[id];
  d[o + CB_POINT_COUNT] = count;
  const base = id * CONTACT_POINTS_STRIDE;
  // World points: body A's origin at the narrowphase's pose plus the anchors (see CP_STRIDE).
  const xA = p.bodies.transform.x[c.bodyA[id]];
  const yA = p.bodies.transform.y[c.bodyA[id]];
  for (let j = 0; j < 2; j++) {
    const src = base + j * CP_STRIDE;
    const dst = o + CB_POINT0_X + 3 * j;
    d[dst] = j < count ? xA + c.points[src + CP_ANCHOR_AX] : 0;
    d[dst + 1] = j < count ? yA + c.points[src + CP_ANCHOR_AY] : 0;
    d[dst + 2] = j < count ? c.points[src + CP_SEPARATION] : 0;
  }
}

/**
 * Begin / end events (contact or sensor) for the contacts whose touching state flipped in updateContacts; a begin
 * wakes sleepers. A separate stage function, called by the step after updateContacts: inside the narrowphase loop
 * (or inlined into it) these rarely taken branches made V8 deoptimise the loop again and again (23–61 times in 300
 * tumbler steps, each time running in the interpreter for a while: the narrowphase ran 2–3× slower).
 */
export function reportTouchChanges(p: PhysicsState): void {
  const changed = p.contacts.touchChanged;
  const c = p.contacts;
  const events = p.events;
  const bflags = p.bodies.flags;
  for (let k = 0; k < changed.count; k++) {
    const id = changed.data[k];
    const flags = c.flags[id];
    const isTouching = (flags & ContactFlag.touching) !== 0;
    if ((flags & ContactFlag.sensor) !== 0) {
      pushPairEvent(p, id, isTouching ? events.sensorBegin : events.sensorEnd);
    } else if (isTouching) {
      if (beginsPassing(p, id)) continue; // through a one-way shape from its closed side: not touching after all
      mixMaterial(p, id); // only touching contacts read it (see createContact)
      pushBeginEvent(p, id);
      // Something awake touched a sleeping body: wake its island before the solver treats it as immovable.
      const bodyA = c.bodyA[id];
      const bodyB = c.bodyB[id];
      if ((bflags[bodyA] & BodyFlag.awake) === 0) wakeIsland(p, bodyA);
      if ((bflags[bodyB] & BodyFlag.awake) === 0) wakeIsland(p, bodyB);
    } else {
      pushPairEvent(p, id, events.contactEnd);
    }
  }
}

/**
 * Stage 2 — narrowphase: every contact's chunk (collide-contacts.ts), on the world's worker threads when it has
 * them, then, in one thread and in row order, the separated contacts destroyed and the touching flips listed for
 * reportTouchChanges. Touching transitions become contact begin/end (or sensor begin/end) events; a begin against a
 * sleeping body wakes its island.
 */
export function updateContacts(p: PhysicsState): void {
  const c = p.contacts;
  const rows = c.capacityUsed;
  const chunks = collideChunkCount(rows);
  c.chunkOut = growI32(c.chunkOut, chunks * 2 * COLLIDE_CHUNK);
  c.chunkCounts = growI32(c.chunkCounts, chunks * CHUNK_COUNTS);
  copyPoses(p);
  if (!runParallel(p, JOB_COLLIDE, chunks, rows)) collideChunks(p, chunks, rows);
  const touching = gatherChunks(p, chunks);
  const dead = c.separated;
  // Destroyed after the pass: swap-removal inside it would move unvisited contacts behind the cursor.
  for (let k = 0; k < dead.count; k++) destroyContact(p, dead.data[k]);
  const moveBuffer = p.broadphase.moveBuffer;
  const moved = p.shapes.moved;
  for (let i = 0; i < moveBuffer.count; i++) moved[moveBuffer.data[i]] = 0;
  moveBuffer.clear();
  p.profile.contactCount = p.contacts.count;
  p.profile.touchingCount = touching;
}

/** The bodies' poses into their narrowphase records (BodyStore.poses). */
function copyPoses(p: PhysicsState): void {
  const b = p.bodies;
  if (b.poses.length < 4 * b.alive.length) b.poses = new Float64Array(4 * b.alive.length);
  const poses = b.poses;
  const t = b.transform;
  const list = b.list;
  for (let k = 0; k < b.count; k++) {
    const eid = list[k];
    const o = 4 * eid;
    poses[o] = t.x[eid];
    poses[o + 1] = t.y[eid];
    poses[o + 2] = t.c[eid];
    poses[o + 3] = t.s[eid];
  }
}

/**
 * Every chunk in this thread.
 * (A loop of its own so that its caller, which has no long loop, is optimised normally: in V8 the code after a long
 * loop compiled on-stack-replacement has no type feedback for the stores that follow it, and deoptimised on every
 * step — measured on large_pyramid: prepareContacts and updateContacts bailed out once per step.)
 */
function collideChunks(p: PhysicsState, chunks: number, rows: number): void {
  for (let k = 0; k < chunks; k++) runChunk(p, JOB_COLLIDE, k, rows);
}

/** The chunks' separated and touch-flipped ids, in chunk order, into `separated` and `touchChanged`; the touching count. */
function gatherChunks(p: PhysicsState, chunks: number): number {
  const c = p.contacts;
  const out = c.chunkOut;
  const counts = c.chunkCounts;
  const dead = c.separated;
  const changed = c.touchChanged;
  dead.clear();
  changed.clear();
  let touching = 0;
  for (let k = 0; k < chunks; k++) {
    const o = k * 2 * COLLIDE_CHUNK;
    const deadCount = counts[k * CHUNK_COUNTS];
    for (let i = 0; i < deadCount; i++) dead.push(out[o + i]);
    const changedCount = counts[k * CHUNK_COUNTS + 1];
    for (let i = 0; i < changedCount; i++) changed.push(out[o + COLLIDE_CHUNK + i]);
    touching += counts[k * CHUNK_COUNTS + 2];
  }
  // A touching flag flipped: the solver's colouring must be computed afresh (colour-contacts.ts).
  if (changed.count > 0) c.version++;
  return touching;
}
