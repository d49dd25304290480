// Characters replay bit for bit: two runs, 1, 2 and 3 threads (step workers), a snapshot restored mid-run; and on
// random terrain with random input, the capsule never ends inside anything and never turns non-finite.
import {
  addChain,
  addShape,
  createBody,
  createCharacter,
  makeBox,
  makeChain,
  makeCircle,
  makePolygon,
  MOVER_SKIN,
  restoreSnapshot,
  takeSnapshot,
  type PhysicsWorld,
} from '@impulse2d/core';
import { getPhysics } from '@impulse2d/core/internal';
import { startWorkers, stepPhysics, stopWorkers } from '@impulse2d/systems';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { world } from './helpers/scene.js';
import { addRamp, addStairs, characterGap, DEG, DT, Walker } from './helpers/character-scenes.js';

const opened: PhysicsWorld[] = [];
afterEach(async () => {
  for (const w of opened.splice(0)) await stopWorkers(w);
});

/**
 * Terrain of every kind (a chain with slopes, stairs, a ramp), a kinematic platform going to and fro, crates, and a
 * dozen characters of assorted settings walking, turning and jumping over it, pushing the crates and each other.
 */
function busyScene(): { w: PhysicsWorld; walkers: Walker[]; bodies: number[] } {
  const w = world();
  const ground = createBody(w, { type: 'static' });
  const points = [];
  for (let x = 40; x >= -40; x -= 2) points.push({ x, y: x > 10 && x < 20 ? (x - 10) * 0.3 : x >= 20 ? 3 : 0 });
  addChain(w, ground, makeChain(points));
  addStairs(w, -30, 0.2, 0.6, 4);
  addRamp(w, -12, 0, 35 * DEG);
  const platform = createBody(w, { type: 'kinematic', position: { x: 25, y: 4 }, linearVelocity: { x: 1.5, y: 0 } });
  addShape(w, platform, makeBox(2, 0.2));
  const bodies = [platform];
  for (let i = 0; i < 6; i++) {
    const crate = createBody(w, { type: 'dynamic', position: { x: -20 + 7 * i, y: 0.5 } });
    addShape(w, crate, i % 2 === 0 ? makeBox(0.4, 0.4) : makeCircle(0.4), { density: 5 + 30 * i });
    bodies.push(crate);
  }
  const walkers: Walker[] = [];
  for (let i = 0; i < 12; i++) {
    const c = createCharacter(w, {
      position: { x: -34 + 6 * i, y: 4 },
      radius: 0.3 + 0.02 * (i % 4),
      halfHeight: 0.3 + 0.1 * (i % 3),
      autostep: i % 3 === 0 ? false : { maxHeight: 0.25, minWidth: 0.1 },
      snapToGround: i % 4 === 1 ? false : 0.3,
      minSlopeSlideAngle: (30 + 5 * (i % 5)) * DEG,
      pushBodies: i % 5 !== 2,
    });
    walkers.push(new Walker(w, c));
    bodies.push(c);
  }
  return { w, walkers, bodies };
}

/** Step `k` of the busy scene's script: walkers go to and fro, jumping now and then; the platform turns round. */
function scriptStep(s: { w: PhysicsWorld; walkers: Walker[]; bodies: number[] }, k: number): void {
  const t = getPhysics(s.w).bodies;
  if (k % 120 === 0) t.vx[s.bodies[0]] = -t.vx[s.bodies[0]];
  s.walkers.forEach((walker, i) =>
    walker.ask(((k / 90 + i) & 1 ? 1 : -1) * (2 + (i % 3)), (k + 13 * i) % 70 === 0 ? 5 : 0),
  );
}

/** The bits of everything the characters are: their bodies' transforms and every column of their rows. */
function characterBits(w: PhysicsWorld, bodies: number[]): string {
  const p = getPhysics(w);
  const t = p.bodies.transform;
  const values: number[] = [];
  for (const b of bodies) values.push(t.x[b], t.y[b], t.c[b], t.s[b], p.bodies.vx[b], p.bodies.vy[b], p.bodies.w[b]);
  const cs = p.characters;
  for (let r = 0; r < cs.count; r++) {
    values.push(cs.translationX[r], cs.translationY[r], cs.grounded[r], cs.sliding[r], cs.groundNormalX[r]);
    values.push(cs.groundNormalY[r], cs.groundBody[r], cs.groundPointX[r], cs.groundPointY[r]);
  }
  return Buffer.from(new Float64Array(values).buffer).toString('base64');
}

function run(steps: number, s = busyScene()): string {
  for (let k = 0; k < steps; k++) {
    scriptStep(s, k);
    stepPhysics(s.w, DT);
    s.walkers.forEach((walker) => walker.read());
  }
  return characterBits(s.w, s.bodies);
}

describe('characters replay bit for bit', () => {
  it('two runs of the busy scene give the same bits, and the characters did move, climb and push', () => {
    const s = busyScene();
    const first = run(300, s);
    expect(run(300)).toBe(first);
    const p = getPhysics(s.w);
    const t = p.bodies.transform;
    // The crates were pushed, the characters spread out over the terrain.
    expect(s.bodies.slice(1, 7).some((b, i) => Math.abs(t.x[b] - (-20 + 7 * i)) > 0.5)).toBe(true);
    expect(Math.max(...s.bodies.slice(7).map((b) => t.y[b]))).toBeGreaterThan(1.5);
  });

  it('1, 2 and 3 threads give the same bits', async () => {
    const reference = run(240);
    for (const threads of [2, 3]) {
      const s = busyScene();
      opened.push(s.w);
      await startWorkers(s.w, threads);
      expect(run(240, s), `${threads} threads`).toBe(reference);
      await stopWorkers(s.w);
    }
  });

  it('a snapshot restored mid-run steps on to the same bits, the characters’ pending moves and ground included', () => {
    const s = busyScene();
    for (let k = 0; k < 100; k++) {
      scriptStep(s, k);
      stepPhysics(s.w, DT);
      s.walkers.forEach((walker) => walker.read());
    }
    // Taken between moveCharacter and the step: the pending moves are part of it.
    scriptStep(s, 100);
    const vys = s.walkers.map((walker) => walker.vy);
    const bytes = takeSnapshot(s.w);
    const finish = (): string => {
      stepPhysics(s.w, DT);
      s.walkers.forEach((walker) => walker.read());
      for (let k = 101; k < 200; k++) {
        scriptStep(s, k);
        stepPhysics(s.w, DT);
        s.walkers.forEach((walker) => walker.read());
      }
      return characterBits(s.w, s.bodies);
    };
    const straight = finish();
    restoreSnapshot(s.w, bytes);
    s.walkers.forEach((walker, i) => {
      walker.vy = vys[i];
      walker.read();
    });
    expect(finish()).toBe(straight);
  });
});

describe('random terrain, random input', () => {
  const piece = fc.record({
    kind: fc.integer({ min: 0, max: 3 }),
    x: fc.integer({ min: -120, max: 120 }).map((v) => v / 10),
    y: fc.integer({ min: 0, max: 60 }).map((v) => v / 10),
    a: fc.integer({ min: 1, max: 20 }).map((v) => v / 10),
    b: fc.integer({ min: 1, max: 10 }).map((v) => v / 10),
    angle: fc.integer({ min: -60, max: 60 }).map((v) => v * DEG),
  });
  // Walking speeds up to 8 m/s, a jump asked for now and then (every 45 steps, when the input says so).
  const input = fc.record({ vx: fc.integer({ min: -80, max: 80 }).map((v) => v / 10), jump: fc.boolean() });

  it('the capsule never ends a step closer than its skin to anything, nor non-finite', () => {
    let ran = 0;
    let touched = 0;
    fc.assert(
      fc.property(
        fc.array(piece, { minLength: 3, maxLength: 14 }),
        fc.array(fc.integer({ min: -10, max: 10 }), { minLength: 8, maxLength: 8 }),
        fc.array(input, { minLength: 20, maxLength: 20 }),
        fc.record({ step: fc.boolean(), snap: fc.boolean(), climb: fc.integer({ min: 20, max: 70 }) }),
        (pieces, heights, inputs, settings) => {
          const w = world();
          // A chain floor from x = 15 down to −15 (solid below), its heights drawn, and shapes drawn over it.
          const ground = createBody(w, { type: 'static' });
          addChain(w, ground, makeChain(heights.map((h, i) => ({ x: 15 - (30 * i) / 7, y: h / 10 }))));
          // Walls at the ends, so that it stays on the terrain.
          addShape(w, ground, makeBox(1, 10, { x: 16, y: 8 }));
          addShape(w, ground, makeBox(1, 10, { x: -16, y: 8 }));
          for (const q of pieces) {
            const b = createBody(w, { type: 'static', position: { x: q.x, y: q.y }, angle: q.angle });
            const geometry =
              q.kind === 0
                ? makeBox(q.a, q.b)
                : q.kind === 1
                  ? makeCircle(q.b)
                  : q.kind === 2
                    ? makePolygon([
                        { x: -q.a, y: 0 },
                        { x: q.a, y: 0 },
                        { x: 0, y: q.b },
                      ])
                    : makeBox(q.a, 0.05);
            addShape(w, b, geometry);
          }
          const c = createCharacter(w, {
            position: { x: 0, y: 8 },
            radius: 0.3,
            halfHeight: 0.4,
            autostep: settings.step ? { maxHeight: 0.3, minWidth: 0.1 } : false,
            snapToGround: settings.snap ? 0.3 : false,
            maxSlopeClimbAngle: settings.climb * DEG,
          });
          // Only starts in the clear count (the drawn shapes may cover the start).
          if (!(characterGap(w, c) > MOVER_SKIN)) return;
          ran++;
          let contacts = 0;
          const walker = new Walker(w, c);
          for (let k = 0; k < 180; k++) {
            const { vx, jump } = inputs[k % inputs.length];
            walker.step(vx, jump && k % 45 === 0 ? 4 : 0);
            const p = getPhysics(w);
            const x = p.bodies.transform.x[c];
            const y = p.bodies.transform.y[c];
            expect(Number.isFinite(x) && Number.isFinite(y)).toBe(true);
            const gap = characterGap(w, c);
            expect(gap).toBeGreaterThanOrEqual(MOVER_SKIN - 1e-7);
            if (gap < 4 * MOVER_SKIN) contacts++;
          }
          if (contacts > 30) touched++;
        },
      ),
      { numRuns: 150, seed: 3737 },
    );
    // Not vacuous: most runs start clear, and most of those spend a good part of their steps against something.
    expect(ran).toBeGreaterThan(100);
    expect(touched).toBeGreaterThan(50);
  });
});
