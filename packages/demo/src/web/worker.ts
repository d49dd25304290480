/// <reference lib="webworker" />
/**
 * The physics worker: owns the world, steps it when the page asks (one `tick` per animation frame while running),
 * and answers every tick with one frame of transforms and debug-draw data in a Float64Array (copied: see sendFrame).
 */
import {
  AABB_STRIDE,
  createBody,
  createMouseJoint,
  createPhysicsWorld,
  debugDraw,
  DebugDrawFlag,
  type DebugDrawOptions,
  destroyJoint,
  getPhysics,
  getProfile,
  getShapeBody,
  BodyFlag,
  BodyType,
  GEOMETRY_STRIDE,
  overlapPoint,
  setMouseJointTarget,
  setAwake,
  type PhysicsWorld,
} from '@impulse2d/core/internal';
import { getThreadCount, startWorkers, stepPhysics, stopWorkers } from '@impulse2d/systems';
import {
  BODY_STRIDE,
  FRAME_HEADER,
  type DrawFlags,
  type FromWorker,
  type ProfileSample,
  type SceneGeometry,
  type ToWorker,
} from './protocol.js';
import { sceneEntries } from './scene-list.js';
import { DrawCommandRecorder } from './draw-commands.js';

const DT = 1 / 60;
const scope = self as unknown as DedicatedWorkerGlobalScope;

let sceneName = '';
let world: PhysicsWorld | null = null;
/** Body entity ids in frame order, and each entity's index (−1 when not drawn). */
let bodyEids = new Int32Array(0);
let bodyIndex = new Int32Array(0);
let ground = -1;
let mouseJoint = -1;
let grabbed = -1;
let lastProfile: ProfileSample | null = null;
/** The loaded scene's own logic before each step (the characters' input), if it has any. */
let beforeStep: (() => void) | null = null;
const recorder = new DrawCommandRecorder();
const drawOptions: DebugDrawOptions = { flags: 0, normalLength: 0.5 };

function post(msg: FromWorker, transfer: Transferable[] = []): void {
  scope.postMessage(msg, transfer);
}

/** Threads the page asked for (startWorkers' totalThreads, this worker included); every scene loaded gets them. */
let threadCount = 1;

/** Worker changes run one after another (a start still under way would refuse the next). */
let workerChanges: Promise<void> = Promise.resolve();

/** Puts world `w` on the threads asked for (1: stops its workers), then tells the page how many it steps on. */
function applyThreads(w: PhysicsWorld): void {
  workerChanges = workerChanges
    .then(async () => {
      const count = world === w ? threadCount : 1;
      if (getThreadCount(w) === count) return;
      await stopWorkers(w);
      await startWorkers(w, count);
    })
    .then(
      () => {
        if (world === w) post({ type: 'threads', count: getThreadCount(w) });
      },
      (e: unknown) => post({ type: 'error', message: e instanceof Error ? e.message : String(e) }),
    );
}

function load(name: string): void {
  const entry = sceneEntries.get(name);
  if (entry === undefined) throw new Error(`no scene '${name}'`);
  const previous = world;
  if (previous !== null) workerChanges = workerChanges.then(() => stopWorkers(previous));
  const t0 = performance.now();
  const w = createPhysicsWorld({ enableSleep: true, enableProfiling: true, ...(entry.scene.worldDef ?? {}) });
  beforeStep = entry.scene.build(w).beforeStep ?? null;
  ground = -1;
  mouseJoint = -1;
  grabbed = -1;
  lastProfile = null;
  world = w;
  sceneName = name;
  if (threadCount > 1) applyThreads(w);
  const buildMs = performance.now() - t0;
  const p = getPhysics(w);
  const bodies = p.bodies;
  bodyEids = Int32Array.from(bodies.list.subarray(0, bodies.count));
  let maxEid = 0;
  for (const e of bodyEids) maxEid = Math.max(maxEid, e);
  bodyIndex = new Int32Array(maxEid + 1).fill(-1);
  bodyEids.forEach((e, i) => (bodyIndex[e] = i));
  for (const e of bodyEids) {
    if (bodies.type[e] === BodyType.static) {
      ground = bodies.handle[e];
      break;
    }
  }
  if (ground < 0) ground = createStaticAnchor(w);
  post({ type: 'scene', name, geometry: geometryOf(w, entry.scene.view), buildMs });
}

/** Mouse joints need a reference body; a scene without any static body gets an empty one (not drawn). */
function createStaticAnchor(w: PhysicsWorld): number {
  return createBody(w, { type: 'static' });
}

function geometryOf(w: PhysicsWorld, view: { x: number; y: number; height: number } | undefined): SceneGeometry {
  const p = getPhysics(w);
  const shapes = p.shapes;
  const g = shapes.geometry;
  const rows: number[] = [];
  for (let r = 0; r < shapes.capacityUsed; r++) if (shapes.alive[r] && bodyIndex[shapes.body[r]] >= 0) rows.push(r);
  const n = rows.length;
  const geometry: SceneGeometry = {
    shapeBody: new Int32Array(n),
    shapeType: new Uint8Array(n),
    shapeCount: new Uint8Array(n),
    shapeRadius: new Float64Array(n),
    shapeVerts: new Float64Array(n * GEOMETRY_STRIDE),
    bodyType: new Uint8Array(bodyEids.length),
    bodyEid: bodyEids.slice(),
    view: view ?? fitView(w),
  };
  rows.forEach((r, k) => {
    geometry.shapeBody[k] = bodyIndex[shapes.body[r]];
    geometry.shapeType[k] = g.type[r];
    geometry.shapeCount[k] = g.count[r];
    geometry.shapeRadius[k] = g.radius[r];
    const o = g.slot[r] * GEOMETRY_STRIDE;
    geometry.shapeVerts.set(g.verts.subarray(o, o + GEOMETRY_STRIDE), k * GEOMETRY_STRIDE);
  });
  bodyEids.forEach((e, i) => (geometry.bodyType[i] = p.bodies.type[e]));
  return geometry;
}

/** A view around the dynamic shapes' boxes (the statics may be huge grounds). */
function fitView(w: PhysicsWorld): { x: number; y: number; height: number } {
  const p = getPhysics(w);
  const s = p.shapes;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let r = 0; r < s.capacityUsed; r++) {
    if (!s.alive[r] || p.bodies.type[s.body[r]] !== BodyType.dynamic) continue;
    minX = Math.min(minX, s.aabb[AABB_STRIDE * r]);
    minY = Math.min(minY, s.aabb[AABB_STRIDE * r + 1]);
    maxX = Math.max(maxX, s.aabb[AABB_STRIDE * r + 2]);
    maxY = Math.max(maxY, s.aabb[AABB_STRIDE * r + 3]);
  }
  if (!Number.isFinite(minX)) return { x: 0, y: 5, height: 20 };
  const height = Math.max((maxY - minY) * 1.25, ((maxX - minX) * 1.15) / 1.6, 5);
  return { x: (minX + maxX) / 2, y: (minY + maxY) / 2, height };
}

function step(draw: DrawFlags, run: boolean): void {
  const w = world;
  if (w === null) return;
  if (run) {
    const t0 = performance.now();
    if (beforeStep !== null) beforeStep();
    stepPhysics(w, DT);
    const wall = performance.now() - t0;
    const pr = getProfile(w);
    lastProfile = {
      broadphase: pr.broadphase,
      narrowphase: pr.narrowphase,
      prepare: pr.prepare,
      solve: pr.solve,
      continuous: pr.continuous,
      finalize: pr.finalize,
      total: pr.total,
      bodyCount: pr.bodyCount,
      awakeBodyCount: pr.awakeBodyCount,
      contactCount: pr.contactCount,
      touchingCount: pr.touchingCount,
      stepWall: wall,
    };
  }
  sendFrame(w, draw, run ? lastProfile : null);
}

function sendFrame(w: PhysicsWorld, draw: DrawFlags, profile: ProfileSample | null): void {
  const p = getPhysics(w);
  const t = p.transform;
  const b = p.bodies;
  const nb = bodyEids.length;
  // Shapes, joints, contacts and boxes are drawn by the engine's debugDraw, recorded here and replayed by the page.
  drawOptions.flags =
    DebugDrawFlag.shapes |
    (draw.joints ? DebugDrawFlag.joints : 0) |
    (draw.contacts ? DebugDrawFlag.contacts : 0) |
    (draw.normals ? DebugDrawFlag.contactNormals : 0) |
    (draw.aabbs ? DebugDrawFlag.aabbs : 0);
  recorder.reset();
  debugDraw(w, recorder, drawOptions);
  const nc = recorder.length;
  const data = new Float64Array(FRAME_HEADER + nb * BODY_STRIDE + nc);
  data[0] = p.stepIndex;
  data[1] = nb;
  data[5] = grabbed >= 0 && grabbed < bodyIndex.length ? bodyIndex[grabbed] : -1;
  data[6] = nc;
  let o = FRAME_HEADER;
  for (let i = 0; i < nb; i++, o += BODY_STRIDE) {
    const e = bodyEids[i];
    data[o] = t.x[e];
    data[o + 1] = t.y[e];
    data[o + 2] = t.c[e];
    data[o + 3] = t.s[e];
    data[o + 4] = b.flags[e] & BodyFlag.awake ? 1 : 0;
  }
  data.set(recorder.buf.subarray(0, nc), o);
  // Copied, not transferred: a transfer detaches the buffer, and after the first detached ArrayBuffer V8 checks every
  // typed-array access in this worker (the physics ran 15–25% slower; see SolverKernel.grown in core).
  post({ type: 'frame', data, profile });
}

function grab(x: number, y: number): void {
  const w = world;
  if (w === null) return;
  release();
  const p = getPhysics(w);
  let body = -1;
  for (const shape of overlapPoint(w, { x, y })) {
    const e = getShapeBody(w, shape);
    if (p.bodies.type[e] === BodyType.dynamic) {
      body = e;
      break;
    }
  }
  if (body < 0) {
    post({ type: 'grabbed', body: -1, eid: -1 });
    return;
  }
  const mass = p.bodies.mass[body];
  mouseJoint = createMouseJoint(w, {
    bodyA: ground,
    bodyB: body,
    target: { x, y },
    maxForce: 1000 * Math.max(mass, 0.1),
    hertz: 5,
    dampingRatio: 0.7,
  });
  setAwake(w, body, true);
  grabbed = body;
  post({ type: 'grabbed', body: bodyIndex[body], eid: body });
}

function drag(x: number, y: number): void {
  if (world === null || mouseJoint < 0) return;
  setMouseJointTarget(world, mouseJoint, { x, y });
  if (grabbed >= 0) setAwake(world, grabbed, true);
}

function release(): void {
  if (world !== null && mouseJoint >= 0) destroyJoint(world, mouseJoint);
  mouseJoint = -1;
  grabbed = -1;
}

scope.onmessage = (ev: MessageEvent<ToWorker>) => {
  const msg = ev.data;
  try {
    switch (msg.type) {
      case 'load':
        load(msg.scene);
        break;
      case 'reset':
        load(sceneName);
        break;
      case 'tick':
        step(msg.draw, msg.run);
        break;
      case 'step':
        step(msg.draw, true);
        break;
      case 'grab':
        grab(msg.x, msg.y);
        break;
      case 'drag':
        drag(msg.x, msg.y);
        break;
      case 'release':
        release();
        break;
      case 'threads':
        threadCount = msg.count;
        if (world !== null) applyThreads(world);
        break;
    }
  } catch (e) {
    post({ type: 'error', message: e instanceof Error ? `${e.message}\n${e.stack ?? ''}` : String(e) });
  }
};

post({ type: 'scenes', scenes: [...sceneEntries.values()].map((e) => e.info) });
