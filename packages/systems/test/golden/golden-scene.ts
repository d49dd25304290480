// The golden-hash scene (as Box2D's test_determinism.c): stacks, joints, bullets and sleep, stepped a fixed number of
// times; the hash covers every bit of every body transform. Bundled once as an IIFE (global `Golden`) and evaluated
// unchanged in Node, Chromium, Firefox and QuickJS. Only operations IEEE 754 fixes may appear here: no Math.sin /
// cos / atan2 / hypot / pow (angles go through the engine's own trig), no toFixed, no unstable sorts.
import {
  addShape,
  createBody,
  createDistanceJoint,
  createPhysicsWorld,
  createPrismaticJoint,
  createRevoluteJoint,
  getStateHash,
  makeBox,
  makeCapsule,
  makeCircle,
  makePolygon,
  restoreSnapshot,
  takeSnapshot,
  type PhysicsWorld,
  type BodyId,
} from '@impulse2d/core';
import { stepPhysics } from '@impulse2d/systems';

export function buildScene(w: PhysicsWorld): BodyId[] {
  const bodies: BodyId[] = [];
  const ground = createBody(w, { type: 'static', position: { x: 0, y: -1 } });
  addShape(w, ground, makeBox(40, 1), { friction: 0.6 });
  bodies.push(ground);
  // A pyramid of 6 rows and a column of mixed shapes: they settle and fall asleep.
  for (let i = 0; i < 6; i++) {
    for (let j = i; j < 6; j++) {
      const b = createBody(w, { type: 'dynamic', position: { x: -10 + (i + 1) * 0.5 + (j - i) - 3, y: 0.5 + i } });
      addShape(w, b, makeBox(0.5, 0.5), { density: 1, friction: 0.6 });
      bodies.push(b);
    }
  }
  for (let i = 0; i < 6; i++) {
    const b = createBody(w, { type: 'dynamic', position: { x: 4 + 0.05 * i, y: 1 + 1.2 * i }, angle: 0.1 * i });
    const shape =
      i % 3 === 0
        ? makeCircle(0.45)
        : i % 3 === 1
          ? makeCapsule({ x: -0.4, y: 0 }, { x: 0.4, y: 0 }, 0.2)
          : makePolygon([
              { x: -0.5, y: -0.4 },
              { x: 0.5, y: -0.4 },
              { x: 0.3, y: 0.4 },
              { x: -0.2, y: 0.5 },
            ]);
    addShape(w, b, shape, { density: 1, friction: 0.5, restitution: i === 0 ? 0.3 : 0 });
    bodies.push(b);
  }
  // A chain of capsules hanging from a static anchor by revolute joints, with a distance joint to a weight.
  const anchor = createBody(w, { type: 'static', position: { x: 10, y: 12 } });
  bodies.push(anchor);
  let prev = anchor;
  for (let i = 0; i < 8; i++) {
    const b = createBody(w, { type: 'dynamic', position: { x: 10.5 + i, y: 12 } });
    addShape(w, b, makeCapsule({ x: -0.5, y: 0 }, { x: 0.5, y: 0 }, 0.12), { density: 1 });
    createRevoluteJoint(w, { bodyA: prev, bodyB: b, anchor: { x: 10 + i, y: 12 } });
    bodies.push(b);
    prev = b;
  }
  const weight = createBody(w, { type: 'dynamic', position: { x: 18, y: 9 } });
  addShape(w, weight, makeBox(0.4, 0.4), { density: 2 });
  createDistanceJoint(w, { bodyA: prev, bodyB: weight, length: 3 });
  bodies.push(weight);
  // A slider on a prismatic joint.
  const rail = createBody(w, { type: 'static', position: { x: -20, y: 6 } });
  const slider = createBody(w, { type: 'dynamic', position: { x: -19, y: 5 } });
  addShape(w, slider, makeBox(0.5, 0.25), { density: 1 });
  createPrismaticJoint(w, { bodyA: rail, bodyB: slider, anchor: { x: -19, y: 5 }, localAxisA: { x: 1, y: -0.5 } });
  bodies.push(rail, slider);
  // Bullets fired at the pyramid and at the column.
  for (let i = 0; i < 3; i++) {
    const b = createBody(w, {
      type: 'dynamic',
      position: { x: -30, y: 0.6 + 1.7 * i },
      linearVelocity: { x: 120 + 20 * i, y: 0 },
      isBullet: true,
    });
    addShape(w, b, i === 1 ? makeBox(0.1, 0.1) : makeCircle(0.1), { density: 4 });
    bodies.push(b);
  }
  return bodies;
}

/** FNV-1a (two 32-bit lanes) over the Float64 bytes of x, y, c, s of every body, in creation order. */
export function hashTransforms(w: PhysicsWorld, bodies: readonly number[]): string {
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
  const hex = (v: number): string => ('0000000' + v.toString(16)).slice(-8);
  return hex(h1) + hex(h2);
}

export interface GoldenResult {
  /** Hash of all transforms after `steps` steps. */
  hash: string;
  /** The same run with a snapshot taken at steps/2, 20 steps of churn, and a restore: must equal `hash`. */
  restoredHash: string;
  /** getStateHash of the world after `steps` steps (poses, velocities, awake flags). */
  stateHash: string;
  /** getStateHash of the restored run: must equal `stateHash`. */
  restoredStateHash: string;
  /** Bodies asleep at the end (the scene exercises sleep). */
  asleep: number;
  bodies: number;
}

export function goldenRun(steps: number): GoldenResult {
  const w = createPhysicsWorld({ gravity: { x: 0, y: -10 } });
  const bodies = buildScene(w);
  for (let i = 0; i < steps; i++) stepPhysics(w, 1 / 60);
  const hash = hashTransforms(w, bodies);
  const stateHash = getStateHash(w);
  let asleep = 0;
  const b = w.physics.bodies;
  for (const e of bodies) if (b.type[e] === 2 && (b.flags[e] & 8) === 0) asleep++;

  const w2 = createPhysicsWorld({ gravity: { x: 0, y: -10 } });
  const bodies2 = buildScene(w2);
  const half = steps >> 1;
  for (let i = 0; i < half; i++) stepPhysics(w2, 1 / 60);
  const snap = takeSnapshot(w2);
  for (let i = 0; i < 20; i++) {
    if (i === 5) {
      const extra = createBody(w2, { type: 'dynamic', position: { x: 0, y: 20 } });
      addShape(w2, extra, makeCircle(0.5), { density: 1 });
    }
    stepPhysics(w2, 1 / 60);
  }
  restoreSnapshot(w2, snap);
  for (let i = half; i < steps; i++) stepPhysics(w2, 1 / 60);
  return {
    hash,
    restoredHash: hashTransforms(w2, bodies2),
    stateHash,
    restoredStateHash: getStateHash(w2),
    asleep,
    bodies: bodies.length,
  };
}
