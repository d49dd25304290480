// Shared builders and measurements for the scenario tests. Kept small and explicit so each test reads as its scene.
import {
  addShape,
  createBody,
  createPhysicsWorld,
  makeBox,
  validateWorld,
  type BodyId,
  type PhysicsWorld,
  type WorldDef,
} from '@impulse2d/core';
import { stepPhysics } from '@impulse2d/systems';

export const DT = 1 / 60;

export function world(def?: Partial<WorldDef>): PhysicsWorld {
  return createPhysicsWorld({ gravity: { x: 0, y: -10 }, ...(def ?? {}) });
}

/** Static ground box whose top face is at y = 0 (centre (0, -hy)). */
export function addGround(w: PhysicsWorld, hx = 100, hy = 1, friction = 0.6, restitution = 0): BodyId {
  const g = createBody(w, { type: 'static', position: { x: 0, y: -hy } });
  addShape(w, g, makeBox(hx, hy), { friction, restitution });
  return g;
}

/**
 * Steps `n` times with dt = 1/60 (default) and the world's default substeps, then checks the world's internal
 * consistency once (validateWorld: linear in the world's size, so every scenario test checks it for free).
 */
export function run(w: PhysicsWorld, n: number, dt = DT, subSteps?: number): void {
  for (let i = 0; i < n; i++) stepPhysics(w, dt, subSteps);
  validateWorld(w);
}

/**
 * Box2D's pyramid: `rows` rows of square boxes of half-extent a, base row centred on x = 0 and resting on y = 0.
 * For i in 0..rows-1, j in i..rows-1: x = (i+1)·a + 2(j−i)·a − rows·a, y = (2i+1)·a. Returns the box ids in
 * creation order; the last one is the top box.
 */
export function buildPyramid(w: PhysicsWorld, rows: number, a = 0.5, xOffset = 0): BodyId[] {
  const ids: BodyId[] = [];
  for (let i = 0; i < rows; i++) {
    for (let j = i; j < rows; j++) {
      const x = (i + 1) * a + 2 * (j - i) * a - rows * a + xOffset;
      const y = (2 * i + 1) * a;
      const b = createBody(w, { type: 'dynamic', position: { x, y } });
      addShape(w, b, makeBox(a, a), { density: 1, friction: 0.6 });
      ids.push(b);
    }
  }
  return ids;
}

/**
 * FNV-1a over the raw bytes of x, y, c, s of each body (in the given order): any difference in any bit of any
 * transform changes the hash (with overwhelming probability).
 */
export function transformHash(w: PhysicsWorld, bodies: readonly number[]): string {
  const t = w.physics.transform;
  const f = new Float64Array(4 * bodies.length);
  for (let k = 0; k < bodies.length; k++) {
    const e = bodies[k];
    f[4 * k] = t.x[e];
    f[4 * k + 1] = t.y[e];
    f[4 * k + 2] = t.c[e];
    f[4 * k + 3] = t.s[e];
  }
  const bytes = new Uint8Array(f.buffer);
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < bytes.length; i++) {
    h1 = Math.imul(h1 ^ bytes[i], 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ bytes[i], 0x5bd1e995) >>> 0;
  }
  return `${h1.toString(16).padStart(8, '0')}${h2.toString(16).padStart(8, '0')}:${bytes.length}`;
}

/** A copy of x, y, c, s of each body, for exact element-wise comparison (reports the first differing value). */
export function transformSnapshot(w: PhysicsWorld, bodies: readonly number[]): number[] {
  const t = w.physics.transform;
  const out: number[] = [];
  for (const e of bodies) out.push(t.x[e], t.y[e], t.c[e], t.s[e]);
  return out;
}

/** Angle of a body from its rotation columns (rad). */
export function angleOf(w: PhysicsWorld, eid: number): number {
  const t = w.physics.transform;
  return Math.atan2(t.s[eid], t.c[eid]);
}
