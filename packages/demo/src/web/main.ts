/**
 * The testbed page: scene picker, controls, canvas renderer, mouse drag and pan/zoom, live profile charts. The physics
 * runs in a Web Worker (worker.ts); the page asks for one step per animation frame and draws the latest frame.
 */
import { LineChart } from './chart.js';
import {
  BODY_STRIDE,
  FRAME_HEADER,
  type DrawFlags,
  type FromWorker,
  type ProfileSample,
  type SceneGeometry,
  type SceneInfo,
  type ToWorker,
} from './protocol.js';
import { drawWorld, type Camera } from './render.js';

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
const canvas = $<HTMLCanvasElement>('view');
const ctx = canvas.getContext('2d', { alpha: false })!;
const picker = $<HTMLSelectElement>('scene');
const pauseButton = $<HTMLButtonElement>('pause');
const hud = $<HTMLDivElement>('hud');
const errorBox = $<HTMLDivElement>('error');

const STAGES = [
  { key: 'total', label: 'total', color: '#e6e9ef' },
  { key: 'broadphase', label: 'broadphase', color: '#5aa9ff' },
  { key: 'narrowphase', label: 'narrowphase', color: '#f2a65a' },
  { key: 'prepare', label: 'prepare', color: '#b48ef0' },
  { key: 'solve', label: 'solve', color: '#7bd389' },
  { key: 'continuous', label: 'continuous', color: '#4fd1c5' },
  { key: 'finalize', label: 'finalize', color: '#e76f8f' },
] as const satisfies readonly { key: keyof ProfileSample; label: string; color: string }[];
const COUNTS = [
  { key: 'bodyCount', label: 'bodies', color: '#e6e9ef' },
  { key: 'awakeBodyCount', label: 'awake bodies', color: '#5aa9ff' },
  { key: 'contactCount', label: 'contacts', color: '#f2a65a' },
  { key: 'touchingCount', label: 'touching', color: '#7bd389' },
] as const satisfies readonly { key: keyof ProfileSample; label: string; color: string }[];

const msChart = new LineChart($('chart-ms'), STAGES, 240);
const countChart = new LineChart($('chart-counts'), COUNTS, 240);
const stageTable = makeTable($('stage-table'), STAGES, 'stat');
const countTable = makeTable($('count-table'), COUNTS, 'count');

const worker = new Worker('worker.js');
const cam: Camera = { x: 0, y: 5, scale: 30 };
const draw: DrawFlags = { contacts: false, normals: false, aabbs: false, joints: true };
let scenes: SceneInfo[] = [];
let sceneName = '';
let geometry: SceneGeometry | null = null;
let frame: Float64Array | null = null;
let paused = false;
let busy = false;
let pendingStep = false;
let frames = 0;
let lastProfile: ProfileSample | null = null;
let grabbedEid = -1;
let dragging = false;
let panning: { x: number; y: number; camX: number; camY: number } | null = null;
let fps = 0;
let lastFrameTime = performance.now();
const errors: string[] = [];
/** Threads the world steps on, the physics worker included (reported by it). */
let stepThreads = 1;

function send(msg: ToWorker): void {
  worker.postMessage(msg);
}

function makeTable(
  table: HTMLTableElement,
  rows: readonly { key: string; label: string; color: string }[],
  prefix: string,
): Map<string, HTMLTableCellElement> {
  const cells = new Map<string, HTMLTableCellElement>();
  for (const r of rows) {
    const tr = table.insertRow();
    const name = tr.insertCell();
    name.innerHTML = `<span class="sw" style="background:${r.color}"></span>${r.label}`;
    const value = tr.insertCell();
    value.id = `${prefix}-${r.key}`;
    value.textContent = '–';
    cells.set(r.key, value);
  }
  return cells;
}

// ---- scene handling ------------------------------------------------------------------------------------------------

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

function loadScene(name: string): void {
  sceneName = name;
  picker.value = name;
  geometry = null;
  frame = null;
  grabbedEid = -1;
  dragging = false;
  msChart.clear();
  countChart.clear();
  $('scene-desc').textContent = scenes.find((s) => s.name === name)?.description ?? '';
  history.replaceState(null, '', `#${encodeURIComponent(name)}`);
  busy = true; // the scene message re-arms the tick loop
  send({ type: 'load', scene: name });
}

function fitCamera(view: { x: number; y: number; height: number }): void {
  const h = canvas.clientHeight || 600;
  const w = canvas.clientWidth || 800;
  cam.x = view.x;
  cam.y = view.y;
  // Fit `height` vertically, and no less than 1.6 × height across on a narrow canvas.
  cam.scale = Math.min(h / view.height, w / (view.height * 1.6));
}

function setPaused(p: boolean): void {
  paused = p;
  pauseButton.textContent = p ? 'Run' : 'Pause';
  pauseButton.classList.toggle('on', p);
}

// ---- worker messages -----------------------------------------------------------------------------------------------

worker.onmessage = (ev: MessageEvent<FromWorker>) => {
  const msg = ev.data;
  switch (msg.type) {
    case 'scenes': {
      scenes = msg.scenes;
      fillPicker(scenes);
      const fromHash = decodeURIComponent(location.hash.slice(1));
      loadScene(scenes.some((s) => s.name === fromHash) ? fromHash : scenes[0].name);
      break;
    }
    case 'scene':
      if (msg.name !== sceneName) break;
      geometry = msg.geometry;
      frame = null; // a frame of the previous scene may have arrived since the load
      fitCamera(msg.geometry.view);
      busy = false;
      errorBox.textContent = '';
      break;
    case 'frame':
      busy = false;
      if (geometry === null) break; // the previous scene's last frame
      frame = msg.data;
      frames++;
      busy = false;
      if (msg.profile !== null) {
        lastProfile = msg.profile;
        msChart.push(STAGES.map((s) => msg.profile![s.key]));
        countChart.push(COUNTS.map((s) => msg.profile![s.key]));
        updateTables();
      }
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
      dragging = msg.eid >= 0;
      break;
    case 'error':
      busy = false;
      setPaused(true); // do not repeat a failing step every frame
      errors.push(msg.message);
      errorBox.textContent = msg.message;
      console.error(msg.message);
      break;
  }
};
worker.onerror = (e) => {
  errors.push(e.message);
  errorBox.textContent = `worker: ${e.message}`;
};

function updateTables(): void {
  for (const s of STAGES)
    stageTable.get(s.key)!.textContent =
      `${msChart.latest(STAGES.indexOf(s)).toFixed(3)}  (avg ${msChart.mean(STAGES.indexOf(s)).toFixed(2)})`;
  for (const s of COUNTS) countTable.get(s.key)!.textContent = String(countChart.latest(COUNTS.indexOf(s)));
}

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
  fps = fps * 0.9 + (1000 / Math.max(1, now - lastFrameTime)) * 0.1;
  lastFrameTime = now;
  if (geometry !== null && !busy) {
    busy = true;
    if (pendingStep) {
      pendingStep = false;
      send({ type: 'step', draw: { ...draw } });
    } else {
      send({ type: 'tick', run: !paused, draw: { ...draw } });
    }
  }
  resize();
  if (geometry !== null && frame !== null) {
    drawWorld(ctx, canvas.clientWidth, canvas.clientHeight, cam, geometry, frame);
  } else {
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = '#14161b';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
  }
  const step = frame ? frame[0] : 0;
  const p = lastProfile;
  hud.textContent =
    `${sceneName}   step ${step}${paused ? '   [paused]' : ''}\n` +
    (p
      ? `${p.bodyCount} bodies (${p.awakeBodyCount} awake)   ${p.touchingCount} touching contacts   step ${p.total.toFixed(2)} ms   ${fps.toFixed(0)} fps`
      : '');
  msChart.draw();
  countChart.draw();
  requestAnimationFrame(tick);
}

// ---- input ---------------------------------------------------------------------------------------------------------

function toWorld(clientX: number, clientY: number): { x: number; y: number } {
  const r = canvas.getBoundingClientRect();
  return {
    x: cam.x + (clientX - r.left - r.width / 2) / cam.scale,
    y: cam.y - (clientY - r.top - r.height / 2) / cam.scale,
  };
}

function toScreen(x: number, y: number): { x: number; y: number } {
  const r = canvas.getBoundingClientRect();
  return { x: r.left + r.width / 2 + (x - cam.x) * cam.scale, y: r.top + r.height / 2 - (y - cam.y) * cam.scale };
}

canvas.addEventListener('contextmenu', (e) => e.preventDefault());
canvas.addEventListener('pointerdown', (e) => {
  canvas.setPointerCapture(e.pointerId);
  if (e.button === 1 || e.button === 2 || (e.button === 0 && e.shiftKey)) {
    panning = { x: e.clientX, y: e.clientY, camX: cam.x, camY: cam.y };
    canvas.style.cursor = 'grabbing';
    e.preventDefault();
  } else if (e.button === 0) {
    const p = toWorld(e.clientX, e.clientY);
    send({ type: 'grab', x: p.x, y: p.y });
  }
});
canvas.addEventListener('pointermove', (e) => {
  if (panning !== null) {
    cam.x = panning.camX - (e.clientX - panning.x) / cam.scale;
    cam.y = panning.camY + (e.clientY - panning.y) / cam.scale;
  } else if (e.buttons & 1) {
    const p = toWorld(e.clientX, e.clientY);
    send({ type: 'drag', x: p.x, y: p.y });
  }
});
const endPointer = (): void => {
  if (panning !== null) {
    panning = null;
    canvas.style.cursor = '';
  } else {
    send({ type: 'release' });
    dragging = false;
  }
};
canvas.addEventListener('pointerup', endPointer);
canvas.addEventListener('pointercancel', endPointer);
canvas.addEventListener(
  'wheel',
  (e) => {
    e.preventDefault();
    const before = toWorld(e.clientX, e.clientY);
    cam.scale = Math.min(5000, Math.max(0.2, cam.scale * Math.exp(-e.deltaY * 0.0015)));
    const after = toWorld(e.clientX, e.clientY);
    cam.x += before.x - after.x;
    cam.y += before.y - after.y;
  },
  { passive: false },
);

picker.addEventListener('change', () => loadScene(picker.value));
const threadsPicker = $<HTMLSelectElement>('threads');
threadsPicker.addEventListener('change', () => send({ type: 'threads', count: Number(threadsPicker.value) }));
pauseButton.addEventListener('click', () => setPaused(!paused));
$('step').addEventListener('click', () => {
  setPaused(true);
  pendingStep = true;
});
$('reset').addEventListener('click', () => loadScene(sceneName));
for (const key of ['contacts', 'normals', 'aabbs', 'joints'] as const) {
  const box = $<HTMLInputElement>(`draw-${key}`);
  draw[key] = box.checked;
  box.addEventListener('change', () => (draw[key] = box.checked));
}
window.addEventListener('keydown', (e) => {
  if (e.target instanceof HTMLSelectElement || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === ' ') {
    setPaused(!paused);
    e.preventDefault();
  } else if (e.key === 's' || e.key === '.') {
    setPaused(true);
    pendingStep = true;
  } else if (e.key === 'r') {
    loadScene(sceneName);
  }
});

// ---- debug hook (used by the end-to-end test; handy from the console) -----------------------------------------------

interface BodyView {
  index: number;
  eid: number;
  type: 'static' | 'kinematic' | 'dynamic';
  x: number;
  y: number;
  awake: boolean;
}

function bodyAt(index: number): BodyView | null {
  if (geometry === null || frame === null || index < 0 || index >= frame[1]) return null;
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
    return geometry !== null && frame !== null;
  },
  get scene(): string {
    return sceneName;
  },
  get scenes(): string[] {
    return scenes.map((s) => s.name);
  },
  get stepIndex(): number {
    return frame ? frame[0] : -1;
  },
  get paused(): boolean {
    return paused;
  },
  get frames(): number {
    return frames;
  },
  get grabbedEid(): number {
    return grabbedEid;
  },
  get dragging(): boolean {
    return dragging;
  },
  get profile(): ProfileSample | null {
    return lastProfile;
  },
  get errors(): string[] {
    return errors.slice();
  },
  get threads(): number {
    return stepThreads;
  },
  get camera(): Camera {
    return { ...cam };
  },
  physicsIn: 'worker' as const,
  bodies(): BodyView[] {
    const out: BodyView[] = [];
    const n = frame ? frame[1] : 0;
    for (let i = 0; i < n; i++) out.push(bodyAt(i)!);
    return out;
  },
  body(eid: number): BodyView | null {
    if (geometry === null) return null;
    return bodyAt(geometry.bodyEid.indexOf(eid));
  },
  worldToScreen: toScreen,
  screenToWorld: toWorld,
  load: loadScene,
  setPaused,
  setThreads(count: number): void {
    threadsPicker.value = String(count);
    send({ type: 'threads', count });
  },
};
(window as unknown as { __testbed: typeof testbed }).__testbed = testbed;

requestAnimationFrame(tick);
