// The golden determinism scene (as Box2D's test_determinism.c): stacks, a pendulum chain on revolute joints, a
// bullet fired into a wall, bodies that fall asleep, a body created and one destroyed mid-run. It uses only the
// public API with literal numbers (no Math.* anywhere on the path), and hashes every body's x, y, c, s bit for bit.
// Bundled as a plain script for browsers and QuickJS: `globalThis.goldenHash()` returns the hash.
import {
  addShape,
  createBody,
  createPhysicsWorld,
  createRevoluteJoint,
  destroyBody,
  makeBox,
  makeCapsule,
  makeCircle,
  makePolygon,
  setLinearVelocity,
  type PhysicsWorld,
} from '@impulse2d/core';
import { stepPhysics } from '@impulse2d/systems';

export const GOLDEN_STEPS = 300;

function build(w: PhysicsWorld): number[] {
  const bodies: number[] = [];
  const ground = createBody(w, { type: 'static', position: { x: 0, y: -1 } });
  addShape(w, ground, makeBox(40, 1), { friction: 0.6 });
  const wall = createBody(w, { type: 'static', position: { x: 20, y: 5 } });
  addShape(w, wall, makeBox(0.1, 5));
  bodies.push(ground, wall);
  // A 10-row pyramid of boxes.
  for (let i = 0; i < 10; i++) {
    for (let j = i; j < 10; j++) {
      const b = createBody(w, { type: 'dynamic', position: { x: -15 + (i + 1) * 0.5 + (j - i), y: 0.5 + i } });
      addShape(w, b, makeBox(0.5, 0.5), { density: 1, friction: 0.6 });
      bodies.push(b);
    }
  }
  // A column of mixed shapes, turned a little.
  for (let k = 0; k < 8; k++) {
    const b = createBody(w, { type: 'dynamic', position: { x: 0.05 * k, y: 0.6 + 1.1 * k }, angle: 0.1 * k });
    if (k % 3 === 0) addShape(w, b, makeCircle(0.45), { density: 2, friction: 0.4, restitution: 0.2 });
    else if (k % 3 === 1) addShape(w, b, makeCapsule({ x: -0.4, y: 0 }, { x: 0.4, y: 0 }, 0.2), { density: 1 });
    else {
      addShape(
        w,
        b,
        makePolygon([
          { x: -0.5, y: -0.3 },
          { x: 0.5, y: -0.4 },
          { x: 0.6, y: 0.2 },
          { x: 0, y: 0.6 },
          { x: -0.4, y: 0.3 },
        ]),
        { density: 1.5, friction: 0.7 },
      );
    }
    bodies.push(b);
  }
  // A 12-link chain hanging from a static anchor, swinging.
  let prev = createBody(w, { type: 'static', position: { x: 8, y: 14 } });
  bodies.push(prev);
  for (let k = 0; k < 12; k++) {
    const link = createBody(w, { type: 'dynamic', position: { x: 8.5 + k, y: 14 } });
    addShape(w, link, makeCapsule({ x: -0.5, y: 0 }, { x: 0.5, y: 0 }, 0.1), { density: 1 });
    createRevoluteJoint(w, {
      bodyA: prev,
      bodyB: link,
      localAnchorA: { x: k === 0 ? 0 : 0.5, y: 0 },
      localAnchorB: { x: -0.5, y: 0 },
    });
    prev = link;
    bodies.push(link);
  }
  // A bullet into the wall.
  const bullet = createBody(w, { type: 'dynamic', position: { x: 10, y: 3 }, isBullet: true });
  addShape(w, bullet, makeCircle(0.05), { density: 5 });
  setLinearVelocity(w, bullet, { x: 300, y: 1 });
  bodies.push(bullet);
  return bodies;
}

/** FNV-1a over the raw bytes of every listed body's x, y, c, s (destroyed bodies are skipped by the caller). */
function hash(w: PhysicsWorld, bodies: readonly number[]): string {
  const t = w.physics.transform;
  const scratch = new Float64Array(4);
  const bytes = new Uint8Array(scratch.buffer);
  let h = 0x811c9dc5;
  for (const b of bodies) {
    scratch[0] = t.x[b]!;
    scratch[1] = t.y[b]!;
    scratch[2] = t.c[b]!;
    scratch[3] = t.s[b]!;
    for (let i = 0; i < 32; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/** Runs the golden scene and returns the hash of all transforms after GOLDEN_STEPS steps. */
export function goldenHash(solverKernel: 'wasm' | 'js' = 'wasm'): string {
  const w = createPhysicsWorld({ gravity: { x: 0, y: -10 }, solverKernel });
  let bodies = build(w);
  for (let i = 0; i < GOLDEN_STEPS; i++) {
    if (i === 100) {
      const gone = bodies[20]!;
      destroyBody(w, gone);
      bodies = bodies.filter((b) => b !== gone);
      const late = createBody(w, { type: 'dynamic', position: { x: -5, y: 12 }, angle: 0.7 });
      addShape(w, late, makeBox(0.6, 0.3), { density: 1 });
      bodies.push(late);
    }
    stepPhysics(w, 1 / 60);
  }
  return hash(w, bodies);
}

(globalThis as { goldenHash?: typeof goldenHash }).goldenHash = goldenHash;
