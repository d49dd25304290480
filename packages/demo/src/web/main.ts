/**
 * The testbed page: scene picker, the scene's own sliders, camera (fit, follow, pan, zoom), mouse drag, key help, live
 * profile charts. The physics runs in a Web Worker (worker.ts): each animation frame the page sends it the wall time
 * since its last tick (frame-clock.ts), the worker runs the fixed 1/60 s steps that time holds, and the page draws the
 * frame it answers with.
 */
import { MAX_SCALE, MIN_SCALE, fitCamera, followPoint, sceneBounds, zoomAt, type Camera } from './camera.js';
import { FrameClock } from './frame-clock.js';
import { bindKeys } from './keys.js';
import { PointerInput } from './pointer-input.js';
import { ProfilePanel } from './profile-panel.js';
import {
  BODY_STRIDE,
  FRAME_BODY_COUNT,
  FRAME_HEADER,
  FRAME_STEP_INDEX,
  FRAME_TICK_DROPPED,
  FRAME_TICK_STEPS,
  type DrawFlags,
  type FromWorker,
  type ProfileSample,
  type SceneGeometry,
  type SceneInfo,
  type SceneStatus,
  type ToWorker,
} from './protocol.js';
import { drawWorld } from './render.js';
import { defaultValues, renderSceneControls } from './scene-controls.js';

const DT = 1 / 60;
const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
const canvas = $<HTMLCanvasElement>('view');
const ctx = canvas.getContext('2d', { alpha: false })!;
const picker = $<HTMLSelectElement>('scene');
const pauseButton = $<HTMLButtonElement>('pause');
const followButton = $<HTMLButtonElement>('follow');
const hud = $<HTMLDivElement>('hud');
const errorBox = $<HTMLDivElement>('error');
const helpOverlay = $<HTMLDivElement>('help-overlay');

const profile = new ProfilePanel($);

const worker = new Worker('worker.js');
const cam: Camera = { x: 0, y: 5, scale: 30 };
const draw: DrawFlags = { contacts: false, normals: false, aabbs: false, joints: true, pointSize: 4 };
const clock = new FrameClock();
const pointer = new PointerInput(canvas, cam, send, () => setFollowing(false));
let scenes: SceneInfo[] = [];
let sceneName = '';
/** Each scene's slider values, kept while the page lives (a reset or a revisit builds the scene with them). */
const paramValues = new Map<string, Record<string, number>>();
let geometry: SceneGeometry | null = null;
let frame: Float64Array | null = null;
let paused = false;
let busy = false;
let pendingStep = false;
let frames = 0;
let lastProfile: ProfileSample | null = null;
/** The running scene's own report with its last frame (TestbedBuilt.status), or null. */
let sceneStatus: SceneStatus | null = null;
/** The key codes the running scene plays with (its `keys`), and those of them held now. */
let sceneCodes = new Set<string>();
const heldCodes = new Set<string>();
/** The draw flags of the last tick sent (paused, a change of them asks for a new frame). */
let frameDrawKey = '';
/** Fit the camera when the scene's first frame arrives (the bodies' poses are in the frame). */
let fitPending = false;
let following = false;
/** The body index followed when the scene names none: the last one dragged. */
let lastGrabbed = -1;
let grabbedEid = -1;
let fps = 0;
let lastFrameTime = performance.now();
/** Simulated and wall time over the last second, for the real-time figure; and the time dropped since the load. */
let windowSim = 0;
let windowWall = 0;
let realTime = 1;
let droppedTotal = 0;
const errors: string[] = [];
/** Threads the world steps on, the physics worker included (reported by it). */
let stepThreads = 1;

function send(msg: ToWorker): void {
  worker.postMessage(msg);
}

const viewWidth = (): number => canvas.clientWidth || 800;
const viewHeight = (): number => canvas.clientHeight || 600;

// ---- scenes --------------------------------------------------------------------------------------------------------

function fillPicker(list: SceneInfo[]): void {
  picker.innerHTML = '';
  for (const group of ['showcase', 'benchmark'] as const) {
    const og = document.createElement('optgroup');
    og.label = group === 'showcase' ? 'Showcase' : 'Benchmark (Box2D)';
    for (const s of list.filter((x) => x.group === group)) {
      const opt = document.createElement('option');
      opt.value = s.name;
      opt.textContent = s.name;
      og.appendChild(opt);
    }
    picker.appendChild(og);
  }
}

function sceneInfo(name: string): SceneInfo | undefined {
  return scenes.find((s) => s.name === name);
}

function valuesOf(info: SceneInfo): Record<string, number> {
  let v = paramValues.get(info.name);
  if (v === undefined) {
    v = defaultValues(info.params);
    paramValues.set(info.name, v);
  }
  return v;
}

function loadScene(name: string): void {
  const info = sceneInfo(name);
  if (info === undefined) {
    showError(`no scene '${name}' in this testbed: pick one from the list`);
    return;
  }
  sceneName = name;
  picker.value = name;
  showError('');
  geometry = null;
  frame = null;
  grabbedEid = -1;
  lastGrabbed = -1;
  pointer.reset();
  droppedTotal = 0;
  profile.clear();
  sceneStatus = null;
  $('scene-desc').textContent = info.description;
  renderSceneControls($('params'), info.params, valuesOf(info), changeParam);
  $('params-default').hidden = info.params.length === 0;
  renderSceneKeys(info);
  history.replaceState(null, '', `#${encodeURIComponent(name)}`);
  busy = true; // the scene message re-arms the tick loop
  clock.drop();
  send({ type: 'load', scene: name, params: { ...valuesOf(info) } });
  // The new scene starts with the keys of its own that are held now (walking on through a reset).
  sceneCodes = new Set(info.keys.flatMap((k) => k.codes));
  for (const code of heldCodes) {
    if (sceneCodes.has(code)) send({ type: 'key', code, down: true });
    else heldCodes.delete(code);
  }
}

/** The scene's keys at the top of the key help, or nothing for a scene without any. */
function renderSceneKeys(info: SceneInfo): void {
  const box = $('scene-keys');
  box.textContent = '';
  box.hidden = info.keys.length === 0;
  if (info.keys.length === 0) return;
  const title = document.createElement('h2');
  title.textContent = `${info.name}: its keys`;
  const table = document.createElement('table');
  for (const k of info.keys) {
    const row = table.insertRow();
    row.insertCell().textContent = k.label;
    row.insertCell().textContent = k.action;
  }
  const note = document.createElement('p');
  note.className = 'desc';
  note.textContent =
    'These go to the scene rather than to the testbed while it runs (the Pause button pauses it). ' +
    'A focused list or slider keeps the keys: click the view to play.';
  box.append(title, table, note);
}

/** A key of the running scene's own went down or up: it goes to the scene (once per press, not per repeat). */
function sceneKey(code: string, down: boolean): boolean {
  if (!down) {
    if (!heldCodes.delete(code)) return false;
    send({ type: 'key', code, down: false });
    return true;
  }
  if (!sceneCodes.has(code)) return false;
  if (!heldCodes.has(code)) {
    heldCodes.add(code);
    send({ type: 'key', code, down: true });
  }
  return true;
}

/** The page lost the focus: the keys held are let go (their key-up events will not come). */
window.addEventListener('blur', () => {
  for (const code of heldCodes) send({ type: 'key', code, down: false });
  heldCodes.clear();
});

/** A hash typed into the address bar (or a link to another scene): load it, or name it in an error. */
window.addEventListener('hashchange', () => {
  const name = decodeURIComponent(location.hash.slice(1));
  if (name === sceneName || scenes.length === 0) return;
  if (sceneInfo(name) !== undefined) loadScene(name);
  else showError(`no scene '${name}' in this testbed (URL #${name}): pick one from the list`);
});

function changeParam(key: string, value: number, live: boolean): void {
  const info = sceneInfo(sceneName);
  if (info === undefined) return;
  valuesOf(info)[key] = value;
  if (live) send({ type: 'param', key, value });
  else loadScene(sceneName);
}

function setPaused(p: boolean): void {
  paused = p;
  pauseButton.textContent = p ? 'Run' : 'Pause';
  pauseButton.classList.toggle('on', p);
}

function showError(message: string): void {
  errorBox.textContent = message;
}

/** The whole scene in view (camera.ts: sceneBounds). */
function fitToScene(): void {
  if (geometry === null || frame === null) return;
  fitCamera(cam, sceneBounds(geometry, frame), viewWidth(), viewHeight());
}

/** The body the camera follows: the scene's, else the last one dragged; −1 for none. */
function followTarget(): number {
  if (geometry === null) return -1;
  return geometry.followBody >= 0 ? geometry.followBody : lastGrabbed;
}

function setFollowing(on: boolean): void {
  following = on && followTarget() >= 0;
  followButton.classList.toggle('on', following);
}

// ---- worker messages -----------------------------------------------------------------------------------------------

worker.onmessage = (ev: MessageEvent<FromWorker>) => {
  const msg = ev.data;
  switch (msg.type) {
    case 'scenes': {
      scenes = msg.scenes;
      fillPicker(scenes);
      const fromHash = decodeURIComponent(location.hash.slice(1));
      if (fromHash !== '' && sceneInfo(fromHash) === undefined) {
        loadScene(scenes[0].name);
        showError(`no scene '${fromHash}' in this testbed (URL #${fromHash}): showing '${scenes[0].name}' instead`);
      } else {
        loadScene(fromHash !== '' ? fromHash : scenes[0].name);
      }
      break;
    }
    case 'scene': {
      if (msg.name !== sceneName) break;
      geometry = msg.geometry;
      frame = null; // a frame of the previous scene may have arrived since the load
      fitPending = true;
      busy = false;
      clock.drop(); // the build's time is not simulated
      break;
    }
    case 'frame':
      busy = false;
      if (geometry === null) break; // the previous scene's last frame
      frame = msg.data;
      frames++;
      windowSim += frame[FRAME_TICK_STEPS] * DT;
      droppedTotal += frame[FRAME_TICK_DROPPED];
      if (fitPending) {
        fitPending = false;
        fitToScene();
        setFollowing(geometry.followBody >= 0);
        if (following) cam.scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, viewHeight() / geometry.followHeight));
      }
      if (msg.profile !== null) {
        lastProfile = msg.profile;
        profile.push(msg.profile);
      }
      sceneStatus = msg.status;
      break;
    case 'threads':
      stepThreads = msg.count;
      $('threads-state').textContent =
        msg.count > 1
          ? `stepping on ${msg.count} threads (${msg.count - 1} step worker${msg.count > 2 ? 's' : ''} beside it)`
          : 'stepping in one thread';
      break;
    case 'grabbed':
      grabbedEid = msg.eid;
      if (msg.body >= 0) lastGrabbed = msg.body;
      pointer.grabbed(msg.eid);
      break;
    case 'error':
      busy = false;
      setPaused(true); // do not repeat a failing step every frame
      errors.push(msg.message);
      showError(msg.message);
      console.error(msg.message);
      break;
  }
};
worker.onerror = (e) => {
  errors.push(e.message);
  showError(`worker: ${e.message}`);
};

// ---- frame loop ----------------------------------------------------------------------------------------------------

function resize(): void {
  const dpr = window.devicePixelRatio || 1;
  const w = Math.round(canvas.clientWidth * dpr);
  const h = Math.round(canvas.clientHeight * dpr);
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
  }
}

function tick(now: number): void {
  const wall = Math.max(0, now - lastFrameTime);
  fps = fps * 0.9 + (1000 / Math.max(1, wall)) * 0.1;
  lastFrameTime = now;
  clock.frame(now);
  if (paused) clock.drop();
  else windowWall += wall / 1000;
  if (windowWall >= 1) {
    realTime = windowSim / windowWall;
    windowSim = 0;
    windowWall = 0;
  }
  // Anchors and contact points: about 6 cm across, 2 to 5 pixels, so they mark a joint without hiding small bodies.
  draw.pointSize = Math.round(Math.min(5, Math.max(2, cam.scale * 0.06)));
  const drawKey = `${draw.contacts}${draw.normals}${draw.aabbs}${draw.joints}${draw.pointSize} ${grabbedEid}`;
  if (geometry !== null && !busy) {
    if (pendingStep) {
      pendingStep = false;
      busy = true;
      send({ type: 'step', draw: { ...draw } });
    } else if (!paused || drawKey !== frameDrawKey || frame === null) {
      // Paused, the last frame is redrawn as it is: the worker is asked again only for other debug-draw flags or
      // another picked body.
      busy = true;
      send({ type: 'tick', run: !paused, seconds: paused ? 0 : clock.take(), draw: { ...draw } });
    }
    if (busy) frameDrawKey = drawKey;
  }
  resize();
  if (geometry !== null && frame !== null) {
    const target = following ? followTarget() : -1;
    if (target >= 0 && target < frame[FRAME_BODY_COUNT]) {
      const o = FRAME_HEADER + target * BODY_STRIDE;
      followPoint(cam, frame[o], frame[o + 1], viewWidth(), viewHeight());
    }
    drawWorld(ctx, viewWidth(), viewHeight(), cam, geometry, frame);
  } else {
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = '#14161b';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
  }
  updateHud();
  profile.draw();
  requestAnimationFrame(tick);
}

function updateHud(): void {
  const step = frame ? frame[FRAME_STEP_INDEX] : 0;
  const p = lastProfile;
  const flags = `${paused ? '   [paused]' : ''}${following ? '   [following]' : ''}`;
  const pace = paused
    ? ''
    : realTime < 0.95
      ? `   ${(realTime * 100).toFixed(0)}% of real time (dropped ${droppedTotal.toFixed(1)} s)`
      : '   real time';
  hud.textContent =
    `${sceneName}   step ${step}${flags}\n` +
    (p
      ? `${p.bodyCount} bodies (${p.awakeBodyCount} awake)   ${p.touchingCount} touching contacts   ` +
        `step ${p.total.toFixed(2)} ms   ${fps.toFixed(0)} fps${pace}`
      : '') +
    (sceneStatus !== null ? `\n${formatStatus(sceneStatus)}` : '');
}

/** A scene's status as one line: `name value` pairs, numbers to the centimetre. */
function formatStatus(status: SceneStatus): string {
  return Object.entries(status)
    .map(([k, v]) => `${k} ${typeof v === 'number' ? v.toFixed(2) : String(v)}`)
    .join('   ');
}

// ---- input ---------------------------------------------------------------------------------------------------------

picker.addEventListener('change', () => {
  loadScene(picker.value);
  // A scene that plays with keys gets them at once, rather than the list (whose arrows would pick another scene).
  if (sceneCodes.size > 0) picker.blur();
});
const threadsPicker = $<HTMLSelectElement>('threads');
threadsPicker.addEventListener('change', () => send({ type: 'threads', count: Number(threadsPicker.value) }));
pauseButton.addEventListener('click', () => setPaused(!paused));
$('step').addEventListener('click', () => {
  setPaused(true);
  pendingStep = true;
});
$('reset').addEventListener('click', () => loadScene(sceneName));
$('params-default').addEventListener('click', () => {
  paramValues.delete(sceneName);
  loadScene(sceneName);
});
$('fit').addEventListener('click', () => {
  setFollowing(false);
  fitToScene();
});
followButton.addEventListener('click', () => setFollowing(!following));
$('help-button').addEventListener('click', () => toggleHelp());
helpOverlay.addEventListener('click', () => toggleHelp(false));
for (const key of ['contacts', 'normals', 'aabbs', 'joints'] as const) {
  const box = $<HTMLInputElement>(`draw-${key}`);
  draw[key] = box.checked;
  box.addEventListener('change', () => (draw[key] = box.checked));
}

function toggleHelp(show = helpOverlay.hidden): void {
  helpOverlay.hidden = !show;
}

bindKeys(window, {
  togglePause: () => setPaused(!paused),
  step: () => {
    setPaused(true);
    pendingStep = true;
  },
  reset: () => loadScene(sceneName),
  fit: () => {
    setFollowing(false);
    fitToScene();
  },
  toggleFollow: () => setFollowing(!following),
  zoom: (factor) => zoomAt(cam, factor, viewWidth() / 2, viewHeight() / 2, viewWidth(), viewHeight()),
  pan: (dx, dy) => {
    cam.x += (dx * viewWidth() * 0.1) / cam.scale;
    cam.y += (dy * viewHeight() * 0.1) / cam.scale;
    setFollowing(false);
  },
  help: toggleHelp,
  sceneKey,
});

// ---- debug hook (used by the end-to-end tests; handy from the console) ---------------------------------------------

interface BodyView {
  index: number;
  eid: number;
  type: 'static' | 'kinematic' | 'dynamic';
  x: number;
  y: number;
  awake: boolean;
}

function bodyAt(index: number): BodyView | null {
  if (geometry === null || frame === null || index < 0 || index >= frame[FRAME_BODY_COUNT]) return null;
  const o = FRAME_HEADER + index * BODY_STRIDE;
  const t = geometry.bodyType[index];
  return {
    index,
    eid: geometry.bodyEid[index],
    type: t === 0 ? 'static' : t === 1 ? 'kinematic' : 'dynamic',
    x: frame[o],
    y: frame[o + 1],
    awake: frame[o + 4] === 1,
  };
}

const testbed = {
  get ready(): boolean {
    return geometry !== null && frame !== null && !fitPending;
  },
  get scene(): string {
    return sceneName;
  },
  get scenes(): string[] {
    return scenes.map((s) => s.name);
  },
  /** Each scene's name, group and params, as the worker listed them. */
  get sceneList(): SceneInfo[] {
    return scenes.slice();
  },
  get stepIndex(): number {
    return frame ? frame[FRAME_STEP_INDEX] : -1;
  },
  get paused(): boolean {
    return paused;
  },
  /** True while a tick or load is with the worker. */
  get busy(): boolean {
    return busy;
  },
  get frames(): number {
    return frames;
  },
  get grabbedEid(): number {
    return grabbedEid;
  },
  get dragging(): boolean {
    return pointer.dragging;
  },
  get following(): boolean {
    return following;
  },
  get profile(): ProfileSample | null {
    return lastProfile;
  },
  /** The running scene's own report with the last frame (TestbedBuilt.status), or null. */
  get status(): SceneStatus | null {
    return sceneStatus;
  },
  /** The body the camera follows when following is on (the scene's, else the last one dragged), or null. */
  get followed(): BodyView | null {
    return bodyAt(followTarget());
  },
  get errors(): string[] {
    return errors.slice();
  },
  get threads(): number {
    return stepThreads;
  },
  get notice(): string {
    return errorBox.textContent ?? '';
  },
  get camera(): Camera {
    return { ...cam };
  },
  get params(): Record<string, number> {
    const info = sceneInfo(sceneName);
    return info === undefined ? {} : { ...valuesOf(info) };
  },
  physicsIn: 'worker' as const,
  bodies(): BodyView[] {
    const out: BodyView[] = [];
    const n = frame ? frame[FRAME_BODY_COUNT] : 0;
    for (let i = 0; i < n; i++) out.push(bodyAt(i)!);
    return out;
  },
  body(eid: number): BodyView | null {
    if (geometry === null) return null;
    return bodyAt(geometry.bodyEid.indexOf(eid));
  },
  worldToScreen: (x: number, y: number) => pointer.toScreen(x, y),
  screenToWorld: (x: number, y: number) => pointer.toWorld(x, y),
  load: loadScene,
  setPaused,
  setParam: changeParam,
  fit: fitToScene,
  setThreads(count: number): void {
    threadsPicker.value = String(count);
    send({ type: 'threads', count });
  },
};
(window as unknown as { __testbed: typeof testbed }).__testbed = testbed;

requestAnimationFrame(tick);
