// Heap growth of stepping, measured as the growth of the young generation over many steps (not a median of single
// steps, which hides a few bytes a step): run in a child process with a young generation large enough that no
// scavenge runs inside the measured window, and a PerformanceObserver that reports any GC that does.
import { createPhysicsWorld, type BodyId, type CharacterId } from '@impulse2d/core';
import { stepPhysics } from '@impulse2d/systems';
import { getHeapSpaceStatistics } from 'node:v8';
import { PerformanceObserver } from 'node:perf_hooks';
import { buildPyramid, addGround } from './scene.js';

/**
 * Bytes in the young generation: where a step's garbage goes. (The whole heap also grows when V8 compiles optimised
 * code during the window, which is not per-step allocation and made the total swing by tens of kB a step.)
 */
function newSpaceUsed(): number {
  for (const space of getHeapSpaceStatistics()) if (space.space_name === 'new_space') return space.space_used_size;
  throw new Error('no new_space in this V8');
}

export interface AllocationResult {
  bytesPerStep: number;
  gcsInWindow: number;
}

/**
 * The measured scenes: a 20-row pyramid; the same with a 10-link revolute chain beside it ('chain'); or 'sweep':
 * small boxes bouncing at 20–40 m/s in zero gravity inside a closed static box, beside a frame turned by a revolute
 * motor, so that continuous collision sweeps bodies (time of impact, rewinds) and joint angles are measured every step;
 * or 'grid': Box2D's joint_grid (100 × 100 circles that do not collide, joined by 19,800 plain revolute joints: the
 * pins loop); or 'tumbler': Box2D's tumbler with 20 × 20 boxes (a turning frame whose walls' boxes hold many
 * bodies the walls never touch: the narrowphase's separation cache at work every step); or 'spinner': Box2D's spinner
 * with 600 bodies (capsules, circles and squares in turn, stirred by a motorised bar inside a loop chain: every
 * collision routine but segments'); or 'characters': 40 characters walking to and fro over a chain with slopes, a
 * stair and crates, jumping now and then, a platform going to and fro among them (every part of the character stage:
 * rounds, caps, steps, snaps, riding and pushes); or 'events': the 'chain' scene with every box's contacts and every
 * joint reporting force events each step (thresholds 0: hundreds of contact force events and ten joint events a step);
 * or 'spinner-workers': the spinner on two threads, always on its step worker (startWorkers with adaptive off).
 */
export type AllocationScene =
  'pyramid' | 'chain' | 'sweep' | 'grid' | 'tumbler' | 'spinner' | 'spinner-workers' | 'characters' | 'events';

/** The scene's own logic before each step (the characters' input), or null. */
let beforeStep: (() => void) | null = null;

/** One step of the scene: its logic, then the physics. */
function step(w: ReturnType<typeof createPhysicsWorld>): void {
  if (beforeStep !== null) beforeStep();
  stepPhysics(w, 1 / 60);
}

/**
 * `scene`, sleep off: `warmup` steps, then heap growth over `steps` steps; the least of up to `windows` such windows
 * in a row (stopping at one under a byte a step). Needs --expose-gc.
 */
export async function pyramidAllocation(
  warmup: number,
  steps: number,
  scene: AllocationScene,
  windows = 1,
): Promise<AllocationResult> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('run with --expose-gc');
  const w = createPhysicsWorld({ gravity: { x: 0, y: scene === 'sweep' ? 0 : -10 }, enableSleep: false });
  if (scene === 'sweep') await buildSweepScene(w);
  else if (scene === 'grid') await buildJointGrid(w, 100);
  else if (scene === 'tumbler') await buildTumbler(w, 20);
  else if (scene === 'spinner') await buildSpinner(w, 600);
  else if (scene === 'spinner-workers') {
    await buildSpinner(w, 600);
    const { startWorkers } = await import('@impulse2d/systems');
    await startWorkers(w, 2, { adaptive: false });
  } else if (scene === 'characters') beforeStep = await buildCharacters(w);
  else {
    addGround(w);
    const boxes = buildPyramid(w, 20);
    if (scene === 'events') {
      const { getBodyShapes, setShapeContactForceThreshold } = await import('@impulse2d/core');
      for (const box of boxes) setShapeContactForceThreshold(w, getBodyShapes(w, box)[0], 0);
    }
  }
  if (scene === 'chain' || scene === 'events') {
    const { createBody, addShape, makeBox, createRevoluteJoint } = await import('@impulse2d/core');
    let prev = createBody(w, { type: 'static', position: { x: 30, y: 10 } });
    for (let i = 0; i < 10; i++) {
      const link = createBody(w, { type: 'dynamic', position: { x: 30.5 + i, y: 10 } });
      addShape(w, link, makeBox(0.5, 0.1), { density: 1 });
      createRevoluteJoint(w, {
        bodyA: prev,
        bodyB: link,
        localAnchorA: { x: i === 0 ? 0 : 0.5, y: 0 },
        localAnchorB: { x: -0.5, y: 0 },
        forceThreshold: scene === 'events' ? 0 : Infinity,
      });
      prev = link;
    }
  }
  for (let i = 0; i < warmup; i++) step(w);
  let best: AllocationResult | null = null;
  for (let k = 0; k < windows; k++) {
    const r = await oneWindow(w, steps, gc);
    if (best === null || (r.gcsInWindow === 0 && (best.gcsInWindow !== 0 || r.bytesPerStep < best.bytesPerStep)))
      best = r;
    if (best.gcsInWindow === 0 && best.bytesPerStep < 1) break;
  }
  return best!;
}

/** Young-generation growth over `steps` steps of `w`, per step, and the GCs seen inside. */
async function oneWindow(
  w: ReturnType<typeof createPhysicsWorld>,
  steps: number,
  gc: () => void,
): Promise<AllocationResult> {
  let gcs = 0;
  const observer = new PerformanceObserver((list) => {
    gcs += list.getEntries().length;
  });
  observer.observe({ entryTypes: ['gc'] });
  gc();
  await new Promise((resolve) => setTimeout(resolve, 10));
  gcs = 0;
  // What reading the heap size costs (its result objects), measured the same way and subtracted.
  const read0 = newSpaceUsed();
  const readCost = Math.max(0, newSpaceUsed() - read0);
  const before = newSpaceUsed();
  for (let i = 0; i < steps; i++) step(w);
  const after = newSpaceUsed() - readCost;
  await new Promise((resolve) => setTimeout(resolve, 10));
  observer.disconnect();
  return { bytesPerStep: (after - before) / steps, gcsInWindow: gcs };
}

/** Box2D's tumbler with n × n boxes of half-extent 0.125 in its frame (demo's scenes/tumbler.ts, at 45 × 45). */
async function buildTumbler(w: ReturnType<typeof createPhysicsWorld>, n: number): Promise<void> {
  const { createBody, addShape, makeBox, createRevoluteJoint } = await import('@impulse2d/core');
  const ground = createBody(w, { type: 'static' });
  const frame = createBody(w, { type: 'dynamic', position: { x: 0, y: 10 } });
  addShape(w, frame, makeBox(0.5, 10, { x: 10, y: 0 }), { density: 50 });
  addShape(w, frame, makeBox(0.5, 10, { x: -10, y: 0 }), { density: 50 });
  addShape(w, frame, makeBox(10, 0.5, { x: 0, y: 10 }), { density: 50 });
  addShape(w, frame, makeBox(10, 0.5, { x: 0, y: -10 }), { density: 50 });
  createRevoluteJoint(w, {
    bodyA: ground,
    bodyB: frame,
    localAnchorA: { x: 0, y: 10 },
    localAnchorB: { x: 0, y: 0 },
    enableMotor: true,
    motorSpeed: (Math.PI / 180) * 25,
    maxMotorTorque: 1e8,
  });
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const body = createBody(w, { type: 'dynamic', position: { x: -9 + 0.4 * j, y: 1 + 0.4 * i } });
      addShape(w, body, makeBox(0.125, 0.125), { density: 1 });
    }
  }
}

/** Box2D's spinner (demo's scenes/spinner.ts, which pours 6,076 bodies) with `n` bodies. */
async function buildSpinner(w: ReturnType<typeof createPhysicsWorld>, n: number): Promise<void> {
  const core = await import('@impulse2d/core');
  const ground = core.createBody(w, { type: 'static' });
  const points: { x: number; y: number }[] = [];
  for (let k = 0; k < 360; k++) {
    const a = (-2 * Math.PI * k) / 360;
    points.push({ x: 40 * Math.cos(a), y: 40 * Math.sin(a) + 32 });
  }
  core.addChain(w, ground, core.makeChain(points, true), { friction: 0.1 });
  const bar = core.createBody(w, { type: 'dynamic', position: { x: 0, y: 12 } });
  core.addShape(w, bar, core.makeRoundedBox(0.4, 20, 0.2), { friction: 0 });
  core.createRevoluteJoint(w, {
    bodyA: ground,
    bodyB: bar,
    localAnchorA: { x: 0, y: 12 },
    localAnchorB: { x: 0, y: 0 },
    enableMotor: true,
    motorSpeed: 5,
    maxMotorTorque: 3.4e38,
  });
  const shapes = [
    core.makeCapsule({ x: -0.25, y: 0 }, { x: 0.25, y: 0 }, 0.25),
    core.makeCircle(0.35),
    core.makeBox(0.35, 0.35),
  ];
  const def = { density: 0.25, friction: 0.1, restitution: 0.1 };
  for (let i = 0; i < n; i++) {
    const body = core.createBody(w, {
      type: 'dynamic',
      position: { x: -23 + 0.5 * (i % 92), y: 2 + 0.5 * Math.floor(i / 92) },
    });
    core.addShape(w, body, shapes[i % 3], def);
  }
}

/** Box2D's joint_grid construction at n × n, each circle pinned to its left and upper neighbour. */
async function buildJointGrid(w: ReturnType<typeof createPhysicsWorld>, n: number): Promise<void> {
  const { createBody, addShape, makeCircle, createRevoluteJoint } = await import('@impulse2d/core');
  const ids: BodyId[] = [];
  for (let k = 0; k < n; k++) {
    for (let i = 0; i < n; i++) {
      const fixed = i === 0 && k >= n / 2 - 3 && k <= n / 2 + 3;
      const body = createBody(w, { type: fixed ? 'static' : 'dynamic', position: { x: k, y: -i } });
      addShape(w, body, makeCircle(0.4), {
        density: 1,
        filter: { categoryBits: 2, maskBits: 0xfffffffd, groupIndex: 0 },
      });
      ids.push(body);
      if (i > 0) {
        createRevoluteJoint(w, {
          bodyA: ids[ids.length - 2],
          bodyB: body,
          localAnchorA: { x: 0, y: -0.5 },
          localAnchorB: { x: 0, y: 0.5 },
        });
      }
      if (k > 0) {
        createRevoluteJoint(w, {
          bodyA: ids[ids.length - 1 - n],
          bodyB: body,
          localAnchorA: { x: 0.5, y: 0 },
          localAnchorB: { x: -0.5, y: 0 },
        });
      }
    }
  }
}

/** The 'characters' scene; returns its script, which asks each character for its move through one reused object. */
async function buildCharacters(w: ReturnType<typeof createPhysicsWorld>): Promise<() => void> {
  const core = await import('@impulse2d/core');
  const ground = core.createBody(w, { type: 'static' });
  const points: { x: number; y: number }[] = [];
  for (let x = 60; x >= -60; x -= 2)
    points.push({ x, y: Math.abs(x % 20) < 10 ? 0 : 1.5 * Math.sin((x / 20) * Math.PI) });
  core.addChain(w, ground, core.makeChain(points));
  for (let k = 0; k < 3; k++) {
    core.addShape(w, ground, core.makeBox(1.5, 0.1, { x: -40 + 30 * k, y: 0.1 }));
    core.addShape(w, ground, core.makeBox(0.75, 0.1, { x: -40 + 30 * k, y: 0.3 }));
  }
  const platform = core.createBody(w, { type: 'kinematic', position: { x: 0, y: 3 }, linearVelocity: { x: 2, y: 0 } });
  core.addShape(w, platform, core.makeBox(2, 0.2));
  for (let i = 0; i < 8; i++) {
    const crate = core.createBody(w, { type: 'dynamic', position: { x: -50 + 13 * i, y: 2 } });
    core.addShape(w, crate, core.makeBox(0.4, 0.4), { density: 2 + 20 * (i % 3), friction: 0.3 });
  }
  const characters: CharacterId[] = [];
  for (let i = 0; i < 40; i++) {
    characters.push(
      core.createCharacter(w, {
        position: { x: -55 + 2.7 * i, y: 4 },
        radius: 0.3,
        halfHeight: 0.4,
        autostep: { maxHeight: 0.25, minWidth: 0.1 },
        snapToGround: 0.3,
      }),
    );
  }
  const vy = new Float64Array(characters.length);
  const move = { x: 0, y: 0 };
  let k = 0;
  return () => {
    const cs = w.physics.characters;
    if (k % 120 === 0) w.physics.bodies.vx[platform] = -w.physics.bodies.vx[platform];
    for (let i = 0; i < characters.length; i++) {
      if (cs.grounded[i] === 1) vy[i] = (k + 17 * i) % 150 === 0 ? 5 : 0;
      else vy[i] -= 10 / 60;
      move.x = ((Math.floor(k / 200) + i) % 2 === 0 ? 3 : -3) / 60;
      move.y = vy[i] / 60;
      core.moveCharacter(w, characters[i], move);
    }
    k++;
  };
}

async function buildSweepScene(w: ReturnType<typeof createPhysicsWorld>): Promise<void> {
  const { createBody, addShape, makeBox, createRevoluteJoint } = await import('@impulse2d/core');
  const walls = createBody(w, { type: 'static' });
  addShape(w, walls, makeBox(0.25, 6, { x: -6, y: 0 }));
  addShape(w, walls, makeBox(0.25, 6, { x: 6, y: 0 }));
  addShape(w, walls, makeBox(6, 0.25, { x: 0, y: -6 }));
  addShape(w, walls, makeBox(6, 0.25, { x: 0, y: 6 }));
  for (let i = 0; i < 24; i++) {
    const k = i % 6;
    const body = createBody(w, {
      type: 'dynamic',
      position: { x: -4 + 1.5 * k, y: -4 + 2 * Math.floor(i / 6) },
      linearVelocity: { x: (i % 2 === 0 ? 1 : -1) * (20 + k), y: (i % 3 === 0 ? -1 : 1) * (30 - k) },
      angularVelocity: 5,
    });
    addShape(w, body, makeBox(0.05, 0.05), { density: 1, friction: 0, restitution: 1 });
  }
  // A frame turned by a motor, away from the box: the revolute joint's angle is measured every substep.
  const ground = createBody(w, { type: 'static', position: { x: 20, y: 0 } });
  const frame = createBody(w, { type: 'dynamic', position: { x: 20, y: 0 } });
  addShape(w, frame, makeBox(2, 0.2), { density: 1 });
  createRevoluteJoint(w, {
    bodyA: ground,
    bodyB: frame,
    localAnchorA: { x: 0, y: 0 },
    localAnchorB: { x: 0, y: 0 },
    enableMotor: true,
    motorSpeed: 1,
    maxMotorTorque: 1e4,
  });
}

// Run as a child: node --expose-gc --max-semi-space-size=… allocation-scenes.mjs WARMUP STEPS SCENE [WINDOWS]
const [warmup, steps, scene, windows] = process.argv.slice(2);
if (warmup !== undefined && steps !== undefined) {
  void pyramidAllocation(
    Number(warmup),
    Number(steps),
    (scene ?? 'pyramid') as AllocationScene,
    Number(windows ?? 1),
  ).then((r) => {
    console.log(JSON.stringify(r));
    // A scene with step workers: their threads would keep the process alive.
    process.exit(0);
  });
}
