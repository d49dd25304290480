// getStateHash: one hash of every body's state, for netcode peers and replays to compare. The same on any number of
// step workers and after a snapshot round trip; it changes with any bit of a body's pose, velocity or awake flag.
// (Its equality in every JavaScript engine is checked with the golden scene: golden-hash.test.ts.)
import { afterEach, describe, expect, it } from 'vitest';
import {
  addShape,
  createBody,
  createPhysicsWorld,
  getStateHash,
  makeBox,
  makeCircle,
  restoreSnapshot,
  setAwake,
  setBodyEnabled,
  setFrictionCallback,
  setMotionLocks,
  takeSnapshot,
  type PhysicsWorld,
  type BodyId,
} from '@impulse2d/core';
import { startWorkers, stepPhysics, stopWorkers } from '@impulse2d/systems';
import { buildScene } from './golden/golden-scene.js';

const worlds: PhysicsWorld[] = [];
afterEach(async () => {
  for (const w of worlds.splice(0)) await stopWorkers(w);
});

/** The golden scene, a pile of 300 boxes and circles, a disabled body, a locked body and a friction callback. */
function build(): { w: PhysicsWorld; bodies: BodyId[] } {
  const w = createPhysicsWorld({ gravity: { x: 0, y: -10 } });
  worlds.push(w);
  const bodies = buildScene(w);
  const floor = createBody(w, { type: 'static', position: { x: 60, y: 0 } });
  addShape(w, floor, makeBox(12, 0.5));
  for (let i = 0; i < 15; i++) {
    for (let j = 0; j < 20; j++) {
      const b = createBody(w, { type: 'dynamic', position: { x: 50 + j * 1.02 + 0.01 * i, y: 1 + i * 1.05 } });
      addShape(w, b, (i + j) % 3 === 0 ? makeCircle(0.5) : makeBox(0.5, 0.5), { density: 1, userMaterialId: j % 3 });
      bodies.push(b);
    }
  }
  setBodyEnabled(w, bodies[bodies.length - 1], false);
  setMotionLocks(w, bodies[bodies.length - 2], { linearX: true });
  setFrictionCallback(w, (fa, ma, fb, mb) => (ma === 1 || mb === 1 ? 0.1 : Math.sqrt(fa * fb)));
  return { w, bodies };
}

/** The state hash after each of `steps` steps. */
function hashes(w: PhysicsWorld, steps: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < steps; i++) {
    stepPhysics(w, 1 / 60);
    out.push(getStateHash(w));
  }
  return out;
}

describe('getStateHash', () => {
  it('is 16 hex digits, the same step after step on one thread and on three', async () => {
    const one = hashes(build().w, 120);
    const three = build().w;
    await startWorkers(three, 3);
    expect(hashes(three, 120)).toEqual(one);
    expect(one[0]).toMatch(/^[0-9a-f]{16}$/);
    expect(new Set(one).size).toBe(one.length); // the pile moves: every step's hash is new
  });

  it('comes back with a snapshot, and changes with any bit of a pose, a velocity or the awake flag', () => {
    const { w, bodies } = build();
    hashes(w, 30);
    const snap = takeSnapshot(w);
    const hash = getStateHash(w);
    expect(getStateHash(w)).toBe(hash);
    const b = w.physics.bodies;
    const t = w.physics.transform;
    const body = bodies[5];
    const bits = new Float64Array(1);
    const raw = new Uint32Array(bits.buffer);
    const columns: Float64Array[] = [t.x, t.y, t.c, t.s, b.vx, b.vy, b.w];
    for (const column of columns) {
      bits[0] = column[body];
      raw[0] ^= 1; // the lowest bit of the double
      const kept = column[body];
      column[body] = bits[0];
      expect(getStateHash(w)).not.toBe(hash);
      column[body] = kept;
      expect(getStateHash(w)).toBe(hash);
    }
    setAwake(w, bodies[bodies.length - 5], false);
    expect(getStateHash(w)).not.toBe(hash);
    hashes(w, 10);
    restoreSnapshot(w, snap);
    expect(getStateHash(w)).toBe(hash);
    // Two worlds built and stepped alike agree.
    const other = build().w;
    hashes(other, 30);
    expect(getStateHash(other)).toBe(hash);
  });

  it('refuses what is not a physics world', () => {
    expect(() => getStateHash({} as PhysicsWorld)).toThrow(/INVALID_ARGUMENT/);
  });
});
