// The contact table packed once most of its rows are free (compactContacts, core/lifecycle/contact-compaction.ts):
// every pair keeps its manifold, impulses, cache and links under its new row, and the steps after are the same bits
// on every run, after a snapshot restore and on two threads.
import {
  addShape,
  createBody,
  destroyBody,
  makeBox,
  restoreSnapshot,
  takeSnapshot,
  validateWorld,
  type BodyId,
  type PhysicsWorld,
} from '@impulse2d/core';
import { CONTACT_POINTS_STRIDE, MC_STRIDE, compactContacts, getPhysics } from '@impulse2d/core/internal';
import { startWorkers, stepPhysics, stopWorkers } from '@impulse2d/systems';
import { describe, expect, it } from 'vitest';
import { addGround, transformHash, world } from './helpers/scene.js';

/** A 40 × 40 stack of touching boxes on the ground: about 6,400 contact rows once it has settled a few steps. */
function stack(): { w: PhysicsWorld; boxes: BodyId[] } {
  const w = world();
  addGround(w, 60);
  const boxes: BodyId[] = [];
  for (let i = 0; i < 40; i++) {
    for (let j = 0; j < 40; j++) {
      const b = createBody(w, { type: 'dynamic', position: { x: -20 + j * 1.0 + 0.5, y: 0.5 + i * 1.0 } });
      addShape(w, b, makeBox(0.5, 0.5), { density: 1, friction: 0.6 });
      boxes.push(b);
    }
  }
  for (let k = 0; k < 5; k++) stepPhysics(w, 1 / 60);
  return { w, boxes };
}

/** Destroys three boxes in four: most contact rows are freed, the survivors' rows stay spread over the table. */
function thinOut(w: PhysicsWorld, boxes: BodyId[]): BodyId[] {
  const kept: BodyId[] = [];
  boxes.forEach((b, n) => {
    if (n % 4 === 0) kept.push(b);
    else destroyBody(w, b);
  });
  return kept;
}

/** Every live contact's row contents, by its shape pair (shapeA:shapeB). */
function contactsByPair(w: PhysicsWorld): Map<string, number[]> {
  const c = getPhysics(w).contacts;
  const out = new Map<string, number[]>();
  for (let k = 0; k < c.count; k++) {
    const id = c.list[k];
    const row = [c.flags[id], c.pointCount[id], c.normalX[id], c.normalY[id], c.friction[id], c.cacheValid[id]];
    row.push(...c.points.subarray(id * CONTACT_POINTS_STRIDE, (id + 1) * CONTACT_POINTS_STRIDE));
    row.push(...c.manifoldCache.subarray(id * MC_STRIDE, (id + 1) * MC_STRIDE));
    out.set(`${c.shapeA[id]}:${c.shapeB[id]}`, row);
  }
  return out;
}

describe('contact table compaction', () => {
  it('packs the live rows, in their order, into the lowest ones, each pair keeping its row contents and links', () => {
    const { w, boxes } = stack();
    thinOut(w, boxes);
    const c = getPhysics(w).contacts;
    const before = contactsByPair(w);
    expect(c.capacityUsed).toBeGreaterThan(4096);
    expect(5 * c.count).toBeLessThanOrEqual(4 * c.capacityUsed);
    const live = c.count;
    const pairsInRowOrder = (): string[] => {
      const keys: string[] = [];
      for (let id = 0; id < c.capacityUsed; id++)
        if (c.listIndex[id] !== -1) keys.push(`${c.shapeA[id]}:${c.shapeB[id]}`);
      return keys;
    };
    const order = pairsInRowOrder();
    compactContacts(getPhysics(w));
    // The rows keep their order (the colouring and every pass in row order see the contacts as before).
    expect(pairsInRowOrder()).toEqual(order);
    expect(c.count).toBe(live);
    expect(c.capacityUsed).toBe(live);
    expect(c.freeCount).toBe(0);
    for (let id = 0; id < live; id++) expect(c.listIndex[id]).not.toBe(-1);
    // Pair set, contact-edge lists, list and free rows agree (validateWorld), and each pair has what it had.
    validateWorld(w);
    const after = contactsByPair(w);
    expect(after.size).toBe(before.size);
    for (const [pair, row] of before) expect(after.get(pair), pair).toEqual(row);
    for (let k = 0; k < 60; k++) stepPhysics(w, 1 / 60);
    validateWorld(w);
  });

  it('leaves a table with few free rows, or a small one, as it is', () => {
    const { w, boxes } = stack();
    // One box in twenty destroyed: some rows free, fewer than a fifth.
    boxes.forEach((b, n) => {
      if (n % 20 === 0) destroyBody(w, b);
    });
    const c = getPhysics(w).contacts;
    const used = c.capacityUsed;
    const free = c.freeCount;
    expect(free).toBeGreaterThan(0);
    expect(5 * c.count).toBeGreaterThan(4 * used);
    compactContacts(getPhysics(w));
    expect(c.capacityUsed).toBe(used);
    expect(c.freeCount).toBe(free);
    const small = world();
    addGround(small);
    const b = createBody(small, { type: 'dynamic', position: { x: 0, y: 0.5 } });
    addShape(small, b, makeBox(0.5, 0.5));
    stepPhysics(small, 1 / 60);
    destroyBody(small, b);
    const sc = getPhysics(small).contacts;
    compactContacts(getPhysics(small));
    expect(sc.capacityUsed).toBe(1);
  });

  it('runs in the step and gives the same bits on every run, after a snapshot restore and on two threads', async () => {
    async function scenario(threads: number, restoreAt: number): Promise<{ hash: string; used: number }> {
      const { w, boxes } = stack();
      if (threads > 1) await startWorkers(w, threads, { adaptive: false });
      const kept = thinOut(w, boxes);
      let snap: Uint8Array | null = null;
      for (let k = 0; k < 90; k++) {
        if (k === restoreAt) snap = takeSnapshot(w);
        stepPhysics(w, 1 / 60);
        if (k === restoreAt + 20 && snap !== null) {
          restoreSnapshot(w, snap);
          for (let r = restoreAt; r <= k; r++) stepPhysics(w, 1 / 60);
        }
      }
      validateWorld(w);
      const used = getPhysics(w).contacts.capacityUsed;
      if (threads > 1) stopWorkers(w);
      return { hash: transformHash(w, kept), used };
    }
    const plain = await scenario(1, -100);
    // The first step after the thinning packed the table: it holds a few rows beyond its live contacts at most.
    expect(plain.used).toBeLessThan(4096);
    expect(await scenario(1, -100)).toEqual(plain);
    expect(await scenario(1, 0)).toEqual(plain);
    expect(await scenario(2, -100)).toEqual(plain);
  });
});
