/// <reference lib="webworker" />
/**
 * The physics worker: owns the world and steps it when the page asks. Each animation frame the page sends a `tick`
 * with the wall time since its last one; a fixed stepper (`stepFixed` of @impulse2d/systems) turns that into whole 1/60
 * s steps, so the scene runs in real time at any display rate. Every tick is answered with one frame of transforms and
 * debug-draw data in a Float64Array (copied: see sendFrame).
 */
import {
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
  type BodyId,
  type JointId,
  type PhysicsWorld,
} from '@impulse2d/core/internal';
import {
  createFixedStepper,
  getThreadCount,
  startWorkers,
  stepFixed,
  stepPhysics,
  stopWorkers,
  type FixedStepper,
} from '@impulse2d/systems';
import {
  BODY_STRIDE,
  FRAME_BODY_COUNT,
  FRAME_DRAW_LENGTH,
  FRAME_HEADER,
  FRAME_PICKED,
  FRAME_STEP_INDEX,
  FRAME_TICK_DROPPED,
  FRAME_TICK_STEPS,
  type DrawFlags,
  type FromWorker,
  type ParamValues,
  type ProfileSample,
  type SceneGeometry,
  type ToWorker,
} from './protocol.js';
import { sceneEntries } from './scene-list.js';
import { DrawCommandRecorder } from './draw-commands.js';
import { SceneInput } from './scene-input.js';
import { resolveParams, type TestbedBuilt } from './showcase/showcase.js';

const DT = 1 / 60;
/**
 * Most steps one tick runs. Two keep a 30 Hz display in real time; the third absorbs an uneven frame. A scene too
 * heavy for real time runs three steps a tick and drops the rest, so the page still gets a frame every few steps.
 */
const MAX_STEPS_PER_TICK = 3;
const scope = self as unknown as DedicatedWorkerGlobalScope;

let world: PhysicsWorld | null = null;
let stepper: FixedStepper | null = null;
/** What the scene's build handed back (its follow body, its live params). */
let built: TestbedBuilt | null = null;
/** The steps and dropped time of the last tick, for the frame header. */
let tickSteps = 0;
let tickDropped = 0;
/** Body entity ids in frame order, and each entity's index (−1 when not drawn). */
let bodyEids = new Int32Array(0);
let bodyIndex = new Int32Array(0);
let ground: BodyId | -1 = -1;
let mouseJoint: JointId | -1 = -1;
let grabbed: BodyId | -1 = -1;
let lastProfile: ProfileSample | null = null;
/** The loaded scene's own logic before each step (the characters' input), if it has any. */
let beforeStep: (() => void) | null = null;
/** The keys of the loaded scene's `keys` as the page forwards them; a new one for each scene. */
let input = new SceneInput();
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

function load(name: string, values: ParamValues): void {
  const entry = sceneEntries.get(name);
  if (entry === undefined) throw new Error(`no scene '${name}'`);
  const previous = world;
  if (previous !== null) workerChanges = workerChanges.then(() => stopWorkers(previous));
  const t0 = performance.now();
  const w = createPhysicsWorld({ enableSleep: true, enableProfiling: true, ...(entry.scene.worldDef ?? {}) });
  input = new SceneInput();
  built = entry.scene.build(w, resolveParams(entry.scene.params, values), input);
  beforeStep = built.beforeStep ?? null;
  // The page draws the latest step (its debug draw is recorded here), so no interpolated poses are needed. The
  // scene's own logic (a character's input) runs before every step.
  stepper = createFixedStepper(w, {
    dt: DT,
    maxStepsPerFrame: MAX_STEPS_PER_TICK,
    interpolate: false,
    beforeStep: built.beforeStep,
  });
  tickSteps = 0;
  tickDropped = 0;
  ground = -1;
  mouseJoint = -1;
  grabbed = -1;
  lastProfile = null;
  world = w;
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
  if (ground === -1) ground = createStaticAnchor(w);
  post({ type: 'scene', name, geometry: geometryOf(w, entry.scene.followHeight ?? 14), buildMs });
}

/** Mouse joints need a reference body; a scene without any static body gets an empty one (not drawn). */
function createStaticAnchor(w: PhysicsWorld): BodyId {
  return createBody(w, { type: 'static' });
}

function geometryOf(w: PhysicsWorld, followHeight: number): SceneGeometry {
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
    followBody: built?.follow !== undefined && built.follow < bodyIndex.length ? bodyIndex[built.follow] : -1,
    followHeight,
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

/**
 * One tick: with `run`, the whole steps `seconds` of wall time hold (the fixed stepper keeps the remainder for the
 * next tick); `single` runs exactly one step (the Step button). Then the frame.
 */
function tick(draw: DrawFlags, run: boolean, seconds: number, single: boolean): void {
  const w = world;
  if (w === null || stepper === null) return;
  let steps = 0;
  const t0 = performance.now();
  if (single) {
    if (beforeStep !== null) beforeStep();
    stepPhysics(w, DT);
    steps = 1;
    tickDropped = 0;
  } else if (run) {
    steps = stepFixed(w, stepper, seconds);
    tickDropped = stepper.droppedTime;
  } else {
    tickDropped = 0;
  }
  tickSteps = steps;
  if (steps > 0) {
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
  sendFrame(w, draw, steps > 0 ? lastProfile : null);
}

function sendFrame(w: PhysicsWorld, draw: DrawFlags, profile: ProfileSample | null): void {
  const p = getPhysics(w);
  const t = p.transform;
  const b = p.bodies;
  const nb = bodyEids.length;
  // Shapes, joints, contacts and boxes are drawn by the engine's debugDraw, recorded here and replayed by the page.
  drawOptions.pointSize = draw.pointSize;
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
  data[FRAME_STEP_INDEX] = p.stepIndex;
  data[FRAME_BODY_COUNT] = nb;
  data[FRAME_TICK_STEPS] = tickSteps;
  data[FRAME_TICK_DROPPED] = tickDropped;
  data[FRAME_PICKED] = grabbed >= 0 && grabbed < bodyIndex.length ? bodyIndex[grabbed] : -1;
  data[FRAME_DRAW_LENGTH] = nc;
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
  post({ type: 'frame', data, profile, status: built?.status?.() ?? null });
}

function grab(x: number, y: number): void {
  const w = world;
  if (w === null) return;
  release();
  const p = getPhysics(w);
  let body: BodyId | -1 = -1;
  for (const shape of overlapPoint(w, { x, y })) {
    const e = getShapeBody(w, shape);
    if (p.bodies.type[e] === BodyType.dynamic) {
      body = e;
      break;
    }
  }
  if (body === -1 || ground === -1) {
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
  if (world === null || mouseJoint === -1) return;
  setMouseJointTarget(world, mouseJoint, { x, y });
  if (grabbed !== -1) setAwake(world, grabbed, true);
}

function release(): void {
  if (world !== null && mouseJoint !== -1) destroyJoint(world, mouseJoint);
  mouseJoint = -1;
  grabbed = -1;
}

scope.onmessage = (ev: MessageEvent<ToWorker>) => {
  const msg = ev.data;
  try {
    switch (msg.type) {
      case 'load':
        load(msg.scene, msg.params);
        break;
      case 'tick':
        tick(msg.draw, msg.run, msg.seconds, false);
        break;
      case 'step':
        tick(msg.draw, true, 0, true);
        break;
      case 'param':
        built?.setParam?.(msg.key, msg.value);
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
      case 'key':
        if (msg.down) input.press(msg.code);
        else input.release(msg.code);
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
