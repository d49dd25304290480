import {
  BI_EID,
  BI_STRIDE,
  BodyFlag,
  BodyType,
  ContactFlag,
  MOVE_BODY,
  MOVE_C,
  MOVE_FELL_ASLEEP,
  MOVE_S,
  MOVE_STRIDE,
  MOVE_X,
  MOVE_Y,
  SP_DT,
  setBodyAwake,
  type PhysicsState,
} from '@impulse2d/core/internal';

/** Time (s) an island must rest below its bodies' sleep thresholds before it falls asleep (Box2D's 0.5 s). */
export const TIME_TO_SLEEP = 0.5;

/**
 * Stage 8 — rest timers, body-moved events and sleeping. Each body that moved this step logs a moved event and
 * accumulates rest time while its speed (and |w|·extent) stays below its threshold. Only when some body has rested
 * TIME_TO_SLEEP are islands built: a union–find over the bodies joined by touching contacts and joints; an island
 * whose every body has rested that long falls asleep. Islands are rebuilt only then, not kept up to date on every
 * contact change: in a scene in motion this stage costs one pass over the awake bodies.
 */
export function updateSleep(p: PhysicsState): void {
  const sd = p.solverData;
  const b = p.bodies;
  const t = b.transform;
  const integ = sd.integration;
  const dt = sd.params[SP_DT];
  const moved = p.events.bodyMoved;
  const sleepOn = p.enableSleep;
  let candidate = false;
  for (let i = 1; i < sd.bodyCount; i++) {
    const eid = integ[i * BI_STRIDE + BI_EID];
    const o = moved.push();
    const d = moved.data;
    d[o + MOVE_BODY] = eid;
    d[o + MOVE_X] = t.x[eid];
    d[o + MOVE_Y] = t.y[eid];
    d[o + MOVE_C] = t.c[eid];
    d[o + MOVE_S] = t.s[eid];
    d[o + MOVE_FELL_ASLEEP] = 0;
    const vx = b.vx[eid];
    const vy = b.vy[eid];
    const spin = b.w[eid] * b.maxExtent[eid];
    const threshold = b.sleepThreshold[eid];
    const limit = threshold * threshold;
    if (!sleepOn || (b.flags[eid] & BodyFlag.enableSleep) === 0 || vx * vx + vy * vy > limit || spin * spin > limit) {
      b.sleepTime[eid] = 0;
    } else {
      b.sleepTime[eid] = b.sleepTime[eid] + dt;
      if (b.sleepTime[eid] >= TIME_TO_SLEEP) candidate = true;
    }
  }
  if (candidate) sleepRestingIslands(p);
}

function find(parent: Int32Array, i: number): number {
  let r = i;
  while (parent[r] !== r) r = parent[r];
  // Path halving on the way back keeps later finds short.
  while (parent[i] !== r) {
    const next = parent[i];
    parent[i] = r;
    i = next;
  }
  return r;
}

function union(parent: Int32Array, a: number, b: number): void {
  const ra = find(parent, a);
  const rb = find(parent, b);
  // Smaller index becomes the root: deterministic, independent of visit order details.
  if (ra < rb) parent[rb] = ra;
  else if (rb < ra) parent[ra] = rb;
}

/** Links an awake body to a sleeping (non-static) one: that island must not sleep this step (it will be woken). */
function keepAwake(p: PhysicsState, solverIndex: number, otherEid: number): void {
  const b = p.bodies;
  if (b.type[otherEid] === BodyType.static) return;
  if ((b.flags[otherEid] & (BodyFlag.awake | BodyFlag.quarantined | BodyFlag.disabled)) !== 0) return;
  const sd = p.solverData;
  sd.islandMinSleep[find(sd.islandParent, solverIndex)] = -1;
}

function sleepRestingIslands(p: PhysicsState): void {
  const sd = p.solverData;
  const n = sd.bodyCount;
  const parent = sd.islandParent;
  const minSleep = sd.islandMinSleep;
  const integ = sd.integration;
  const indexOf = sd.indexOf;
  const b = p.bodies;
  for (let i = 1; i < n; i++) parent[i] = i;
  const c = p.contacts;
  for (let k = 0; k < c.count; k++) {
    const id = c.list[k];
    const flags = c.flags[id];
    if ((flags & ContactFlag.touching) === 0 || (flags & ContactFlag.sensor) !== 0) continue;
    const ia = indexOf[c.bodyA[id]];
    const ib = indexOf[c.bodyB[id]];
    if (ia !== 0 && ib !== 0) union(parent, ia, ib);
  }
  const js = p.joints;
  for (let r = 0; r < js.count; r++) {
    const ia = indexOf[js.bodyA[r]];
    const ib = indexOf[js.bodyB[r]];
    if (ia !== 0 && ib !== 0) union(parent, ia, ib);
  }
  for (let i = 1; i < n; i++) minSleep[i] = 1e300;
  for (let i = 1; i < n; i++) {
    const root = find(parent, i);
    const rest = b.sleepTime[integ[i * BI_STRIDE + BI_EID]];
    if (rest < minSleep[root]) minSleep[root] = rest;
  }
  // Links into sleeping bodies (which the solver treated as fixed) keep an island up; such links wake on contact.
  for (let k = 0; k < c.count; k++) {
    const id = c.list[k];
    const flags = c.flags[id];
    if ((flags & ContactFlag.touching) === 0 || (flags & ContactFlag.sensor) !== 0) continue;
    const ia = indexOf[c.bodyA[id]];
    const ib = indexOf[c.bodyB[id]];
    if (ia !== 0 && ib === 0) keepAwake(p, ia, c.bodyB[id]);
    else if (ib !== 0 && ia === 0) keepAwake(p, ib, c.bodyA[id]);
  }
  for (let r = 0; r < js.count; r++) {
    const ia = indexOf[js.bodyA[r]];
    const ib = indexOf[js.bodyB[r]];
    if (ia !== 0 && ib === 0) keepAwake(p, ia, js.bodyB[r]);
    else if (ib !== 0 && ia === 0) keepAwake(p, ib, js.bodyA[r]);
  }
  const moved = p.events.bodyMoved.data;
  for (let i = 1; i < n; i++) {
    if (minSleep[find(parent, i)] < TIME_TO_SLEEP) continue;
    const eid = integ[i * BI_STRIDE + BI_EID];
    setBodyAwake(p, eid, false);
    // Moved events were logged in solver order, one per body: record i − 1 is this body's.
    moved[(i - 1) * MOVE_STRIDE + MOVE_FELL_ASLEEP] = 1;
  }
}
