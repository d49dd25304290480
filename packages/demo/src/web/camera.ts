import { BODY_STRIDE, FRAME_HEADER, type SceneGeometry } from './protocol.js';

/** Camera: world point at the canvas centre and pixels per metre (y up on screen). */
export interface Camera {
  x: number;
  y: number;
  scale: number;
}

/** An axis-aligned box in world metres. */
export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** Zoom limits, pixels per metre. */
export const MIN_SCALE = 0.2;
export const MAX_SCALE = 5000;

const emptyBounds = (): Bounds => ({ minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity });
const isEmpty = (b: Bounds): boolean => !(b.maxX >= b.minX && b.maxY >= b.minY);

/** Grows `b` by the box of shape `i` of `geo` posed by body transform (x, y, c, s). */
function addShapeBounds(b: Bounds, geo: SceneGeometry, i: number, x: number, y: number, c: number, s: number): void {
  const kind = geo.shapeType[i];
  const n = kind === 3 ? geo.shapeCount[i] : kind === 0 ? 1 : 2;
  const r = geo.shapeRadius[i];
  for (let j = 0; j < n; j++) {
    const lx = geo.shapeVerts[i * 16 + 2 * j];
    const ly = geo.shapeVerts[i * 16 + 2 * j + 1];
    const wx = x + c * lx - s * ly;
    const wy = y + s * lx + c * ly;
    b.minX = Math.min(b.minX, wx - r);
    b.minY = Math.min(b.minY, wy - r);
    b.maxX = Math.max(b.maxX, wx + r);
    b.maxY = Math.max(b.maxY, wy + r);
  }
}

/**
 * What "fit to scene" shows: every moving body's shapes, and the static shapes near them. A static shape no more than
 * twice as long as the moving bodies' box in either direction counts whole (the spinner's loop, made of 360 short
 * segments; a car's track); a longer one counts only as far as it lies, in its long direction, within the moving
 * bodies' box grown by a twentieth of that box's longer side (at least 1 m), since a scene's ground is often far wider
 * than what stands on it (a 200 m box under a 100 m pyramid). A scene of static shapes alone shows them all.
 */
export function sceneBounds(geo: SceneGeometry, frame: Float64Array): Bounds {
  const moving = emptyBounds();
  const fixed = emptyBounds();
  const staticShapes: number[] = [];
  for (let i = 0; i < geo.shapeBody.length; i++) {
    const body = geo.shapeBody[i];
    const o = FRAME_HEADER + body * BODY_STRIDE;
    const x = frame[o];
    const y = frame[o + 1];
    const c = frame[o + 2];
    const s = frame[o + 3];
    if (!(Number.isFinite(x) && Number.isFinite(y))) continue;
    if (geo.bodyType[body] === 0) {
      staticShapes.push(i);
      addShapeBounds(fixed, geo, i, x, y, c, s);
    } else {
      addShapeBounds(moving, geo, i, x, y, c, s);
    }
  }
  if (isEmpty(moving)) return isEmpty(fixed) ? { minX: -10, minY: -1, maxX: 10, maxY: 14 } : fixed;
  const side = Math.max(moving.maxX - moving.minX, moving.maxY - moving.minY);
  const pad = Math.max(side / 20, 1);
  const out = { ...moving };
  for (const i of staticShapes) {
    const o = FRAME_HEADER + geo.shapeBody[i] * BODY_STRIDE;
    const b = emptyBounds();
    addShapeBounds(b, geo, i, frame[o], frame[o + 1], frame[o + 2], frame[o + 3]);
    // Cut along the long direction only: a ground below bodies that start high up still shows.
    if (b.maxX - b.minX > 2 * side) {
      b.minX = Math.max(b.minX, moving.minX - pad);
      b.maxX = Math.min(b.maxX, moving.maxX + pad);
    }
    if (b.maxY - b.minY > 2 * side) {
      b.minY = Math.max(b.minY, moving.minY - pad);
      b.maxY = Math.min(b.maxY, moving.maxY + pad);
    }
    if (b.minX > b.maxX || b.minY > b.maxY) continue;
    out.minX = Math.min(out.minX, b.minX);
    out.minY = Math.min(out.minY, b.minY);
    out.maxX = Math.max(out.maxX, b.maxX);
    out.maxY = Math.max(out.maxY, b.maxY);
  }
  return out;
}

/** Points the camera at the middle of `b` and zooms so that it fills a `width` × `height` px view less `margin`. */
export function fitCamera(cam: Camera, b: Bounds, width: number, height: number, margin = 0.06): void {
  const w = Math.max(b.maxX - b.minX, 1);
  const h = Math.max(b.maxY - b.minY, 1);
  cam.x = (b.minX + b.maxX) / 2;
  cam.y = (b.minY + b.maxY) / 2;
  const scale = Math.min((width * (1 - 2 * margin)) / w, (height * (1 - 2 * margin)) / h);
  cam.scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
}

/**
 * Moves the camera so that the point (x, y) stays within the middle `deadZone` fraction of the view: inside it the
 * camera holds still (a car bouncing on its springs does not shake the picture), past its edge the camera moves with
 * the target.
 */
export function followPoint(cam: Camera, x: number, y: number, width: number, height: number, deadZone = 0.3): void {
  if (!(Number.isFinite(x) && Number.isFinite(y))) return;
  const hx = (width * deadZone) / 2 / cam.scale;
  const hy = (height * deadZone) / 2 / cam.scale;
  if (x > cam.x + hx) cam.x = x - hx;
  else if (x < cam.x - hx) cam.x = x + hx;
  if (y > cam.y + hy) cam.y = y - hy;
  else if (y < cam.y - hy) cam.y = y + hy;
}

/** Zooms by `factor` about the view point (px, py) (pixels from the view's top left): the world point there stays. */
export function zoomAt(cam: Camera, factor: number, px: number, py: number, width: number, height: number): void {
  const wx = cam.x + (px - width / 2) / cam.scale;
  const wy = cam.y - (py - height / 2) / cam.scale;
  cam.scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, cam.scale * factor));
  cam.x = wx - (px - width / 2) / cam.scale;
  cam.y = wy + (py - height / 2) / cam.scale;
}

/** The view point (pixels from the top left of a `width` × `height` view) of world point (x, y). */
export function worldToView(
  cam: Camera,
  x: number,
  y: number,
  width: number,
  height: number,
): { x: number; y: number } {
  return { x: width / 2 + (x - cam.x) * cam.scale, y: height / 2 - (y - cam.y) * cam.scale };
}

/** The world point at view point (px, py). */
export function viewToWorld(
  cam: Camera,
  px: number,
  py: number,
  width: number,
  height: number,
): { x: number; y: number } {
  return { x: cam.x + (px - width / 2) / cam.scale, y: cam.y - (py - height / 2) / cam.scale };
}
