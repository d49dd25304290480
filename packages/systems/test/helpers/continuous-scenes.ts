// Continuous-collision scenarios, run through loadBundled (see bundle.ts) so the 1000-shot test steps at native
// speed. Each returns plain numbers for the test to judge; nothing here asserts.
import {
  addShape,
  createBody,
  createPhysicsWorld,
  makeBox,
  makeCircle,
  type PhysicsWorld,
  type SolverMode,
} from '@impulse2d/core';
import { stepPhysics } from '@impulse2d/systems';
import { buildPyramid, transformHash } from './scene.js';

const DT = 1 / 60;

/** Small seeded PRNG (mulberry32): the same shots on every run. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface ShotsResult {
  shots: number;
  /** Shots whose centre was ever past the wall's near face (x > −0.05), and past its far face (x > 0.05), while
   * beside the wall (|y| < 4). */
  entered: number;
  tunnelled: number;
  /** Largest centre x reached by any shot beside the wall (m); the circle touching the near face has x = −0.1. */
  maxX: number;
  /** Slowest and fastest speeds fired (m/s). */
  minSpeed: number;
  maxSpeed: number;
  /** Shots that reached the wall (centre x > −0.2 at some step, −0.3 for the plank): all of them should. */
  arrived: number;
}

/**
 * A 0.05 m circle fired at a static wall 0.1 m thick (x ∈ [−0.05, 0.05]) and 8 m long, at random angles within
 * ±60° of the normal and speeds 50–300 m/s, from 0.2–2 steps of flight away (up to 10 m): without continuous
 * collision it would cross the wall within one or two steps. Steps 20 times per shot under gravity. With `plank` the
 * projectile is a spinning 0.4 × 0.1 m box instead (its centre may then come within 0.05 m of the face).
 */
export function wallShots(
  count: number,
  seed: number,
  enableContinuous: boolean,
  plank = false,
  solver: SolverMode = 'soft',
): ShotsResult {
  const rnd = prng(seed);
  const r: ShotsResult = { shots: count, entered: 0, tunnelled: 0, maxX: -1e9, minSpeed: 1e9, maxSpeed: 0, arrived: 0 };
  for (let i = 0; i < count; i++) {
    const w = createPhysicsWorld({ enableContinuous, solver });
    const wall = createBody(w, { type: 'static' });
    addShape(w, wall, makeBox(0.05, 4));
    const angle = ((rnd() * 2 - 1) * Math.PI) / 3;
    const speed = 50 + rnd() * 250;
    const hitY = rnd() * 4 - 2;
    const flight = speed * DT * (0.2 + rnd() * 1.8);
    const dx = Math.cos(angle);
    const dy = Math.sin(angle);
    // The centre would touch the face (x = −0.1) at y = hitY after `flight` metres.
    const ball = createBody(w, {
      type: 'dynamic',
      position: { x: -0.1 - flight * dx, y: hitY - flight * dy },
      linearVelocity: { x: speed * dx, y: speed * dy },
      // The plank spins at up to ±30 rad/s (up to half a radian per step).
      angle: plank ? rnd() * 6.3 : 0,
      angularVelocity: plank ? (rnd() * 2 - 1) * 30 : 0,
    });
    addShape(w, ball, plank ? makeBox(0.2, 0.05) : makeCircle(0.05), { density: 1, friction: 0.3 });
    r.minSpeed = Math.min(r.minSpeed, speed);
    r.maxSpeed = Math.max(r.maxSpeed, speed);
    // Largest x of the centre while beside the wall (|y| < 4): past its ends the projectile may drift anywhere.
    let maxX = -1e9;
    const x = w.physics.transform.x;
    const y = w.physics.transform.y;
    for (let k = 0; k < 20; k++) {
      stepPhysics(w, DT);
      if (Math.abs(y[ball]) < 4) maxX = Math.max(maxX, x[ball]);
    }
    if (maxX > (plank ? -0.3 : -0.2)) r.arrived++;
    if (maxX > -0.05) r.entered++;
    if (maxX > 0.05) r.tunnelled++;
    r.maxX = Math.max(r.maxX, maxX);
  }
  return r;
}

export interface BulletResult {
  shots: number;
  /** Shots where the bullet's centre crossed the box's centre line within its length (in the box's frame). */
  tunnelled: number;
  /** Shots where the bullet's centre was ever inside the box or behind its near face, within its length. */
  entered: number;
  /** Smallest speed the box reached (m/s): > 0 means every shot pushed it. */
  minBoxSpeed: number;
}

/**
 * A 0.05 m circle at 300 m/s (± 30°) fired at a free thin dynamic box (0.1 × 2 m) in zero gravity, from 3 m away.
 * With `bullet` it is swept against the box's end pose each step; without, the box is not swept against. The impact
 * comes in the first or second step; three steps are judged, in the box's frame (the box is pushed and spins).
 * Later steps are left out: an off-centre hit spins the light box at ~15 rad/s with the ball riding on its face,
 * and the contact's per-step linearisation (fixed anchors and normal over 0.25 rad of turn) is what then decides,
 * not the sweep.
 */
export function bulletShots(count: number, seed: number, bullet: boolean, solver: SolverMode = 'soft'): BulletResult {
  const rnd = prng(seed);
  const r: BulletResult = { shots: count, tunnelled: 0, entered: 0, minBoxSpeed: 1e9 };
  for (let i = 0; i < count; i++) {
    const w = createPhysicsWorld({ gravity: { x: 0, y: 0 }, solver });
    const box = createBody(w, { type: 'dynamic', position: { x: 0, y: 0 } });
    addShape(w, box, makeBox(0.05, 1), { density: 1 });
    const angle = ((rnd() * 2 - 1) * Math.PI) / 6;
    const hitY = rnd() - 0.5;
    const dx = Math.cos(angle);
    const dy = Math.sin(angle);
    const ball = createBody(w, {
      type: 'dynamic',
      isBullet: bullet,
      position: { x: -0.1 - 3 * dx, y: hitY - 3 * dy },
      linearVelocity: { x: 300 * dx, y: 300 * dy },
    });
    addShape(w, ball, makeCircle(0.05), { density: 1 });
    const t = w.physics.transform;
    let lx0 = t.x[ball];
    let ly0 = t.y[ball];
    let tunnelled = false;
    let entered = false;
    for (let k = 0; k < 3; k++) {
      stepPhysics(w, DT);
      const ex = t.x[ball] - t.x[box];
      const ey = t.y[ball] - t.y[box];
      const lx = t.c[box] * ex + t.s[box] * ey;
      const ly = -t.s[box] * ex + t.c[box] * ey;
      if (lx > -0.05 && Math.abs(ly) < 1) entered = true;
      if (lx0 < 0 && lx >= 0 && Math.abs(ly0 + ((ly - ly0) * -lx0) / (lx - lx0)) < 1) tunnelled = true;
      lx0 = lx;
      ly0 = ly;
    }
    if (tunnelled) r.tunnelled++;
    if (entered) r.entered++;
    r.minBoxSpeed = Math.min(r.minBoxSpeed, Math.hypot(w.physics.bodies.vx[box], w.physics.bodies.vy[box]));
  }
  return r;
}

/** A pyramid of `rows` rows stepped `steps` times: transform hash and the total time in the continuous stage (ms). */
export function pyramidRun(rows: number, steps: number, enableContinuous: boolean): { hash: string; settled: number } {
  const w: PhysicsWorld = createPhysicsWorld({ enableContinuous, enableSleep: false });
  const ground = createBody(w, { type: 'static', position: { x: 0, y: -1 } });
  addShape(w, ground, makeBox(100, 1), { friction: 0.6 });
  const boxes = buildPyramid(w, rows);
  const top = boxes[boxes.length - 1];
  const startY = w.physics.transform.y[top];
  for (let k = 0; k < steps; k++) stepPhysics(w, DT);
  // How far the top box sank as the contacts took load (m): > 0 unless nothing moved.
  return { hash: transformHash(w, boxes), settled: startY - w.physics.transform.y[top] };
}

/**
 * One 0.05 m circle at 300 m/s straight at a 0.1 m static wall 3 m away, the wall made a sensor or filtered out
 * (`wall`), or a plain wall; `spin` (rad/s) spins the ball too. Returns the ball's x, speed and spin after 10 steps.
 */
export function singleShot(
  wall: 'plain' | 'sensor' | 'mask' | 'group',
  spin = 0,
): { x: number; speed: number; w: number } {
  const w = createPhysicsWorld({ gravity: { x: 0, y: 0 } });
  const body = createBody(w, { type: 'static' });
  const filter = {
    categoryBits: 1,
    maskBits: wall === 'mask' ? 0xfffffffd : 0xffffffff,
    groupIndex: wall === 'group' ? -3 : 0,
  };
  addShape(w, body, makeBox(0.05, 4), { isSensor: wall === 'sensor', filter });
  const ball = createBody(w, {
    type: 'dynamic',
    position: { x: -3.1, y: 0 },
    linearVelocity: { x: 300, y: 0 },
    angularVelocity: spin,
  });
  addShape(w, ball, makeCircle(0.05), {
    filter: { categoryBits: 2, maskBits: 0xffffffff, groupIndex: wall === 'group' ? -3 : 0 },
  });
  for (let k = 0; k < 10; k++) stepPhysics(w, DT);
  const b = w.physics.bodies;
  return { x: w.physics.transform.x[ball], speed: Math.hypot(b.vx[ball], b.vy[ball]), w: b.w[ball] };
}

/** The first step of singleShot's plain wall: where the time of impact put the ball, and its velocity after it. */
export function firstStepAtWall(): { x: number; vx: number; hadContact: boolean } {
  const w = createPhysicsWorld({ gravity: { x: 0, y: 0 } });
  const body = createBody(w, { type: 'static' });
  addShape(w, body, makeBox(0.05, 4));
  const ball = createBody(w, { type: 'dynamic', position: { x: -3.1, y: 0 }, linearVelocity: { x: 300, y: 0 } });
  addShape(w, ball, makeCircle(0.05));
  stepPhysics(w, DT);
  const hadContact = w.physics.contacts.count > 0;
  return { x: w.physics.transform.x[ball], vx: w.physics.bodies.vx[ball], hadContact };
}
