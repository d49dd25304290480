// Heavy scenarios, run through loadBundled (see bundle.ts) so they step at native speed. Each returns plain numbers
// for the test to judge; nothing here asserts.
import {
  addShape,
  createBody,
  createPhysicsWorld,
  destroyBody,
  makeBox,
  makeCapsule,
  makeCircle,
  makePolygon,
  type PhysicsWorld,
  type SolverMode,
  type BodyId,
} from '@impulse2d/core';
import { stepPhysics } from '@impulse2d/systems';
import { addGround, angleOf, buildPyramid, transformHash, transformSnapshot } from './scene.js';

export interface StackResult {
  boxCount: number;
  topStart: { x: number; y: number };
  topAfterSettle: { x: number; y: number };
  topEnd: { x: number; y: number };
  /** Largest distance of the top box from where it was after settling (m). */
  maxDrift: number;
  /** Largest |angle| of any box, sampled every `tiltEvery` steps and at the end (rad). */
  maxTilt: number;
  /** Lowest box centre at the end (m). */
  lowest: number;
  nonFinite: number;
  /** Largest overlap of a box resting directly on the ground at the end (m): 0.5 − lowest centre. */
  groundPenetration: number;
  msPerStep: number;
}

function finite(w: PhysicsWorld, b: number): boolean {
  const t = w.physics.transform;
  return Number.isFinite(t.x[b]) && Number.isFinite(t.y[b]) && Number.isFinite(t.c[b]) && Number.isFinite(t.s[b]);
}

function measureStack(
  w: PhysicsWorld,
  boxes: number[],
  settleSteps: number,
  totalSteps: number,
  tiltEvery: number,
): StackResult {
  const t = w.physics.transform;
  const top = boxes[boxes.length - 1];
  const topStart = { x: t.x[top], y: t.y[top] };
  const t0 = performance.now();
  let maxTilt = 0;
  const sampleTilt = (): void => {
    for (const b of boxes) maxTilt = Math.max(maxTilt, Math.abs(angleOf(w, b)));
  };
  for (let i = 0; i < settleSteps; i++) stepPhysics(w, 1 / 60);
  const topAfterSettle = { x: t.x[top], y: t.y[top] };
  let maxDrift = 0;
  for (let i = settleSteps; i < totalSteps; i++) {
    stepPhysics(w, 1 / 60);
    maxDrift = Math.max(maxDrift, Math.hypot(t.x[top] - topAfterSettle.x, t.y[top] - topAfterSettle.y));
    if (tiltEvery > 0 && i % tiltEvery === 0) sampleTilt();
  }
  const msPerStep = (performance.now() - t0) / totalSteps;
  sampleTilt();
  let lowest = Infinity;
  let nonFinite = 0;
  for (const b of boxes) {
    if (!finite(w, b)) nonFinite++;
    lowest = Math.min(lowest, t.y[b]);
  }
  return {
    boxCount: boxes.length,
    topStart,
    topAfterSettle,
    topEnd: { x: t.x[top], y: t.y[top] },
    maxDrift,
    maxTilt,
    lowest,
    nonFinite,
    groundPenetration: 0.5 - lowest,
    msPerStep,
  };
}

/** Box2D's pyramid of `rows` rows on the (100, 1) ground at y = −1; sleeping off. */
export function pyramidScenario(
  rows: number,
  settleSteps: number,
  totalSteps: number,
  solver: SolverMode = 'soft',
  tiltEvery = 10,
): StackResult {
  const w = createPhysicsWorld({ gravity: { x: 0, y: -10 }, enableSleep: false, solver });
  addGround(w, 100, 1);
  const boxes = buildPyramid(w, rows);
  return measureStack(w, boxes, settleSteps, totalSteps, tiltEvery);
}

/** A column of `n` unit boxes on the ground; sleeping off. */
export function columnScenario(
  n: number,
  settleSteps: number,
  totalSteps: number,
  solver: SolverMode = 'soft',
): StackResult {
  const w = createPhysicsWorld({ gravity: { x: 0, y: -10 }, enableSleep: false, solver });
  addGround(w, 20, 1);
  const boxes: number[] = [];
  for (let i = 0; i < n; i++) {
    const b = createBody(w, { type: 'dynamic', position: { x: 0, y: 0.5 + i } });
    addShape(w, b, makeBox(0.5, 0.5), { density: 1, friction: 0.6 });
    boxes.push(b);
  }
  return measureStack(w, boxes, settleSteps, totalSteps, 10);
}

// ---- determinism ----------------------------------------------------------------------------------------------------

/** A mixed scene: a 10-row pyramid, and circles, capsules and polygons raining onto and beside it. */
function buildMixedScene(w: PhysicsWorld): BodyId[] {
  const bodies: BodyId[] = [addGround(w, 40, 1)];
  bodies.push(...buildPyramid(w, 10));
  for (let k = 0; k < 24; k++) {
    const x = -8 + (k % 8) * 2.1 + 0.13 * (k % 3);
    const y = 8 + Math.floor(k / 8) * 1.7;
    const b = createBody(w, {
      type: 'dynamic',
      position: { x, y },
      angle: 0.1 * k,
      angularVelocity: ((k % 5) - 2) * 0.7,
    });
    const kind = k % 3;
    if (kind === 0) addShape(w, b, makeCircle(0.3 + 0.05 * (k % 4)), { density: 1.5, friction: 0.4, restitution: 0.3 });
    else if (kind === 1)
      addShape(w, b, makeCapsule({ x: -0.4, y: 0 }, { x: 0.4, y: 0 }, 0.2), { density: 1, friction: 0.6 });
    else
      addShape(
        w,
        b,
        makePolygon(
          [
            { x: -0.5, y: -0.3 },
            { x: 0.5, y: -0.4 },
            { x: 0.6, y: 0.2 },
            { x: 0, y: 0.6 },
            { x: -0.4, y: 0.3 },
          ],
          0.02,
        ),
        { density: 2, friction: 0.7 },
      );
    bodies.push(b);
  }
  return bodies;
}

export interface DeterminismResult {
  hash: string;
  snapshot: number[];
  moved: number;
}

/** Builds the mixed scene and steps it `steps` times; returns a hash of all transforms. */
export function mixedSceneRun(steps: number, solver: SolverMode = 'soft'): DeterminismResult {
  const w = createPhysicsWorld({ gravity: { x: 0, y: -10 }, solver });
  const bodies = buildMixedScene(w);
  const start = transformSnapshot(w, bodies);
  for (let i = 0; i < steps; i++) stepPhysics(w, 1 / 60);
  const snapshot = transformSnapshot(w, bodies);
  let moved = 0;
  for (let i = 0; i < snapshot.length; i += 4) if (Math.abs(snapshot[i + 1] - start[i + 1]) > 0.5) moved++;
  return { hash: transformHash(w, bodies), snapshot, moved };
}

/**
 * The mixed scene with churn: after 60 steps every third falling body is destroyed, 60 steps later new bodies are
 * created (reusing freed entity ids and shape rows), then the run continues to `steps`.
 */
export function churnSceneRun(
  steps: number,
  solver: SolverMode = 'soft',
): DeterminismResult & { destroyed: number; created: number } {
  const w = createPhysicsWorld({ gravity: { x: 0, y: -10 }, solver });
  let bodies = buildMixedScene(w);
  let destroyed = 0;
  let created = 0;
  for (let i = 0; i < steps; i++) {
    if (i === 60) {
      const keep: BodyId[] = [];
      for (let k = 0; k < bodies.length; k++) {
        if (k > 55 && k % 3 === 0) {
          destroyBody(w, bodies[k]);
          destroyed++;
        } else keep.push(bodies[k]);
      }
      bodies = keep;
    }
    if (i === 120) {
      for (let k = 0; k < 6; k++) {
        const b = createBody(w, { type: 'dynamic', position: { x: -3 + 1.3 * k, y: 14 }, angle: 0.3 * k });
        addShape(w, b, k % 2 === 0 ? makeBox(0.4, 0.25) : makeCircle(0.35), { density: 1, friction: 0.5 });
        bodies.push(b);
        created++;
      }
    }
    stepPhysics(w, 1 / 60);
  }
  return { hash: transformHash(w, bodies), snapshot: transformSnapshot(w, bodies), moved: 0, destroyed, created };
}
