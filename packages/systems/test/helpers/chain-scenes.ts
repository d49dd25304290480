// Chain terrain scenarios, run through loadBundled (see bundle.ts) so they step at native speed. Each returns plain
// numbers for the test to judge; nothing here asserts.
import {
  addChain,
  addShape,
  createBody,
  createPhysicsWorld,
  getAngularVelocity,
  getLinearVelocity,
  makeBox,
  makeChain,
  makeCircle,
  makeSegment,
  setAngularVelocity,
  setLinearVelocity,
  type PhysicsWorld,
} from '@impulse2d/core';
import { stepPhysics } from '@impulse2d/systems';

const DT = 1 / 60;

function world(): PhysicsWorld {
  return createPhysicsWorld({ gravity: { x: 0, y: -10 }, enableSleep: false });
}

/** How the flat floor is built: one chain, or the same segments as separate two-sided segments (no ghosts). */
export type FloorKind = 'chain' | 'segments';

export interface SlideResult {
  /** Largest |vy| (m/s), |ω| (rad/s) and |y − resting y| (m) after the first 0.25 s. */
  maxVy: number;
  maxW: number;
  maxDy: number;
  /** Resting height: the box's y after the first 0.25 s (m). */
  restY: number;
  /** Box x and speed at the end. */
  endX: number;
  endVx: number;
  /** Joints the box's centre crossed. */
  jointsCrossed: number;
  nonFinite: number;
}

/**
 * A 1 m box (half-extent 0.5, density 1) launched at `speed` m/s to the right along a flat floor at y = 0 made of 50
 * one-metre segments from x = −25 to 25, floor and box with friction `friction`. The chain lists its points from
 * right to left, so its solid side is below. Runs `steps` steps or until the box is 1 m from the floor's right end.
 */
export function slideScenario(kind: FloorKind, friction: number, speed = 5, steps = 600): SlideResult {
  const w = world();
  const ground = createBody(w, { type: 'static' });
  const points: { x: number; y: number }[] = [];
  for (let i = 0; i <= 50; i++) points.push({ x: 25 - i, y: 0 });
  if (kind === 'chain') addChain(w, ground, makeChain(points), { friction });
  else for (let i = 0; i < 50; i++) addShape(w, ground, makeSegment(points[i + 1], points[i]), { friction });

  const startX = -23.5;
  const box = createBody(w, { type: 'dynamic', position: { x: startX, y: 0.5 } });
  addShape(w, box, makeBox(0.5, 0.5), { density: 1, friction });
  setLinearVelocity(w, box, { x: speed, y: 0 });
  const t = w.physics.transform;
  let maxVy = 0;
  let maxW = 0;
  let maxDy = 0;
  let restY = 0.5;
  let nonFinite = 0;
  for (let i = 0; i < steps; i++) {
    stepPhysics(w, DT);
    const x = t.x[box];
    const y = t.y[box];
    if (!Number.isFinite(x) || !Number.isFinite(y)) {
      nonFinite++;
      break;
    }
    if (i === 14) restY = y;
    if (i >= 15) {
      maxVy = Math.max(maxVy, Math.abs(getLinearVelocity(w, box).y));
      maxW = Math.max(maxW, Math.abs(getAngularVelocity(w, box)));
      maxDy = Math.max(maxDy, Math.abs(y - restY));
    }
    if (x > 24) break;
  }
  const endX = t.x[box];
  return {
    maxVy,
    maxW,
    maxDy,
    restY,
    endX,
    endVx: getLinearVelocity(w, box).x,
    jointsCrossed: Math.floor(endX) - Math.floor(startX),
    nonFinite,
  };
}

export interface LoopRollResult {
  /** Smallest distance of the ball's centre from the terrain surface minus its radius (m): < 0 is overlap. */
  minClearance: number;
  /** Largest clearance while the ball was on the top surface (m): > 0 means it left the ground (a hop). */
  maxClearanceOnTop: number;
  /** Ball x at the end (m) and how many top-surface joints it rolled over. */
  endX: number;
  jointsCrossed: number;
  /** Ball y at the end (m); the terrain top is at y ≥ 0 everywhere. */
  endY: number;
  nonFinite: number;
}

/** Distance from point (x, y) to segment a–b. */
function pointSegment(x: number, y: number, ax: number, ay: number, bx: number, by: number): number {
  const ex = bx - ax;
  const ey = by - ay;
  let t = ((x - ax) * ex + (y - ay) * ey) / (ex * ex + ey * ey);
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  return Math.hypot(x - ax - t * ex, y - ay - t * ey);
}

/**
 * A closed terrain polygon (a loop chain, counter-clockwise, solid inside): a gentle rolling surface on top, from
 * x = 20 to −20 in 0.5 m steps with height 0.4·(1 − cos(2πx/8)) (bumps 0.8 m high every 8 m), closed by a flat bottom
 * at y = −5. A ball of radius 0.5 is launched along the top from x = −17 at `speed` m/s, rolling. Clearance is measured against
 * the exact polyline.
 */
export function loopRollScenario(speed = 5, steps = 600): LoopRollResult {
  const w = world();
  const ground = createBody(w, { type: 'static' });
  const pts: { x: number; y: number }[] = [
    { x: -20, y: -5 },
    { x: 20, y: -5 },
  ];
  for (let k = 0; k <= 80; k++) {
    const x = 20 - 0.5 * k;
    pts.push({ x, y: 0.4 * (1 - Math.cos((2 * Math.PI * x) / 8)) });
  }
  addChain(w, ground, makeChain(pts, true), { friction: 0.6 });
  const r = 0.5;
  const startX = -17;
  const ball = createBody(w, {
    type: 'dynamic',
    position: { x: startX, y: 0.4 * (1 - Math.cos((2 * Math.PI * startX) / 8)) + r + 0.01 },
  });
  addShape(w, ball, makeCircle(r), { density: 1, friction: 0.6 });
  // Launched rolling (ω = −v/r), so it keeps its energy instead of losing a third of it to friction while it spins up.
  setLinearVelocity(w, ball, { x: speed, y: 0 });
  setAngularVelocity(w, ball, -speed / r);
  const t = w.physics.transform;
  let minClearance = 1e9;
  let maxClearanceOnTop = 0;
  let nonFinite = 0;
  for (let i = 0; i < steps; i++) {
    stepPhysics(w, DT);
    const x = t.x[ball];
    const y = t.y[ball];
    if (!Number.isFinite(x) || !Number.isFinite(y)) {
      nonFinite++;
      break;
    }
    let d = 1e9;
    for (let k = 0; k < pts.length; k++) {
      const a = pts[k];
      const b = pts[(k + 1) % pts.length];
      d = Math.min(d, pointSegment(x, y, a.x, a.y, b.x, b.y));
    }
    const clearance = d - r;
    minClearance = Math.min(minClearance, clearance);
    if (i >= 30 && x > -19 && x < 19) maxClearanceOnTop = Math.max(maxClearanceOnTop, clearance);
    if (x > 18) break;
  }
  const endX = t.x[ball];
  return {
    minClearance,
    maxClearanceOnTop,
    endX,
    jointsCrossed: Math.floor(2 * endX) - Math.floor(2 * startX),
    endY: t.y[ball],
    nonFinite,
  };
}

export interface PassResult {
  /** Ball y after the run, and the lowest y it reached while above the floor line the second time. */
  endY: number;
  /** Largest y reached (m): above the floor means it passed through from below. */
  maxY: number;
  endVy: number;
}

/**
 * A ball (radius 0.25) launched straight up at `vy` m/s from 2 m below a flat chain floor at y = 0 (solid below). From
 * behind it passes through the chain, rises, falls back and lands on the front side, where it rests.
 */
export function passThroughScenario(vy = 12, steps = 300): PassResult {
  const w = world();
  const ground = createBody(w, { type: 'static' });
  addChain(
    w,
    ground,
    makeChain([
      { x: 5, y: 0 },
      { x: 1, y: 0 },
      { x: 0, y: 0 },
      { x: -1, y: 0 },
      { x: -5, y: 0 },
    ]),
  );
  const ball = createBody(w, { type: 'dynamic', position: { x: 0.3, y: -2 } });
  addShape(w, ball, makeCircle(0.25), { density: 1 });
  setLinearVelocity(w, ball, { x: 0, y: vy });
  const t = w.physics.transform;
  let maxY = -1e9;
  for (let i = 0; i < steps; i++) {
    stepPhysics(w, DT);
    maxY = Math.max(maxY, t.y[ball]);
  }
  return { endY: t.y[ball], maxY, endVy: getLinearVelocity(w, ball).y };
}
