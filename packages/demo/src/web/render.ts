import { DebugColor, type DebugDrawer } from '@impulse2d/core';
import type { Camera } from './camera.js';
import { replayDrawCommands } from './draw-commands.js';
import {
  BODY_STRIDE,
  FRAME_BODY_COUNT,
  FRAME_DRAW_LENGTH,
  FRAME_HEADER,
  FRAME_PICKED,
  type SceneGeometry,
} from './protocol.js';

/**
 * The testbed's DebugDrawer: collects the engine's debugDraw calls into one Path2D per colour and kind (fills,
 * lines, dots), then `flush` paints each batch with one fill or stroke. Coordinates are world metres; the context
 * already maps them to pixels, `px` is one pixel in metres.
 */
class CanvasDrawer implements DebugDrawer {
  readonly fills = new Map<number, Path2D>();
  readonly lines = new Map<number, Path2D>();
  readonly dots = new Map<number, Path2D>();
  px = 1;

  private path(map: Map<number, Path2D>, color: number): Path2D {
    let p = map.get(color);
    if (p === undefined) {
      p = new Path2D();
      map.set(color, p);
    }
    return p;
  }

  drawPolygon(v: Float64Array, count: number, r: number, color: number): void {
    const path = this.path(this.fills, color);
    if (r === 0) {
      path.moveTo(v[0], v[1]);
      for (let j = 1; j < count; j++) path.lineTo(v[2 * j], v[2 * j + 1]);
    } else {
      // Rounded polygon: an arc of radius r around each vertex between the normals of its two edges.
      for (let j = 0; j < count; j++) {
        const jp = (j + count - 1) % count;
        const jn = (j + 1) % count;
        const a0 = Math.atan2(-(v[2 * j] - v[2 * jp]), v[2 * j + 1] - v[2 * jp + 1]);
        const a1 = Math.atan2(-(v[2 * jn] - v[2 * j]), v[2 * jn + 1] - v[2 * j + 1]);
        path.arc(v[2 * j], v[2 * j + 1], r, a0, a1);
      }
    }
    path.closePath();
  }
  drawCircle(x: number, y: number, r: number, ax: number, ay: number, color: number): void {
    const path = this.path(this.fills, color);
    path.moveTo(x + r, y);
    path.arc(x, y, r, 0, Math.PI * 2);
    path.closePath();
    this.drawSegment(x, y, x + ax * r, y + ay * r, color);
  }
  drawCapsule(x0: number, y0: number, x1: number, y1: number, r: number, color: number): void {
    const path = this.path(this.fills, color);
    const a = Math.atan2(y1 - y0, x1 - x0);
    path.moveTo(x1 + r * Math.cos(a - Math.PI / 2), y1 + r * Math.sin(a - Math.PI / 2));
    path.arc(x1, y1, r, a - Math.PI / 2, a + Math.PI / 2);
    path.arc(x0, y0, r, a + Math.PI / 2, a + (3 * Math.PI) / 2);
    path.closePath();
  }
  drawSegment(x1: number, y1: number, x2: number, y2: number, color: number): void {
    const path = this.path(this.lines, color);
    path.moveTo(x1, y1);
    path.lineTo(x2, y2);
  }
  drawPoint(x: number, y: number, size: number, color: number): void {
    const h = (size / 2) * this.px;
    this.path(this.dots, color).rect(x - h, y - h, 2 * h, 2 * h);
  }
  drawTransform(x: number, y: number, c: number, s: number): void {
    const k = 0.25;
    this.drawSegment(x, y, x + k * c, y + k * s, 0xff0000);
    this.drawSegment(x, y, x - k * s, y + k * c, 0x00ff00);
  }
  drawAABB(minX: number, minY: number, maxX: number, maxY: number, color: number): void {
    this.path(this.lines, color).rect(minX, minY, maxX - minX, maxY - minY);
  }

  flush(ctx: CanvasRenderingContext2D): void {
    ctx.lineWidth = this.px;
    ctx.lineJoin = 'round';
    for (const [color, path] of this.fills) {
      const css = hex(color);
      ctx.fillStyle = css + (color === DebugColor.asleep ? '40' : color === PICKED ? '70' : '55');
      ctx.fill(path);
      ctx.strokeStyle = css;
      ctx.stroke(path);
    }
    // Joint lines and anchor dots half see-through: they mark the joints without hiding the limbs they join.
    for (const [color, path] of this.lines) {
      ctx.strokeStyle = hex(color) + (color === DebugColor.joint ? '99' : '');
      ctx.stroke(path);
    }
    for (const [color, path] of this.dots) {
      ctx.fillStyle = hex(color) + (color === DebugColor.jointAnchor ? 'aa' : '');
      ctx.fill(path);
    }
    this.fills.clear();
    this.lines.clear();
    this.dots.clear();
  }
}

function hex(color: number): string {
  return '#' + color.toString(16).padStart(6, '0');
}

const drawer = new CanvasDrawer();
const PICKED = 0xffffff;
const local = new Float64Array(16);

/** Outlines one body's shapes (the dragged one) from the scene geometry and the frame's transform. */
function drawBodyShapes(geo: SceneGeometry, data: Float64Array, body: number, d: DebugDrawer, color: number): void {
  const o = FRAME_HEADER + body * BODY_STRIDE;
  const bx = data[o];
  const by = data[o + 1];
  const c = data[o + 2];
  const s = data[o + 3];
  for (let i = 0; i < geo.shapeBody.length; i++) {
    if (geo.shapeBody[i] !== body) continue;
    const kind = geo.shapeType[i];
    const n = kind === 3 ? geo.shapeCount[i] : kind === 0 ? 1 : 2;
    for (let j = 0; j < n; j++) {
      const lx = geo.shapeVerts[i * 16 + 2 * j];
      const ly = geo.shapeVerts[i * 16 + 2 * j + 1];
      local[2 * j] = bx + c * lx - s * ly;
      local[2 * j + 1] = by + s * lx + c * ly;
    }
    const r = geo.shapeRadius[i];
    if (kind === 0) d.drawCircle(local[0], local[1], r, c, s, color);
    else if (kind === 1) d.drawCapsule(local[0], local[1], local[2], local[3], r, color);
    else if (kind === 3) d.drawPolygon(local, n, r, color);
  }
}

/** Draws a frame of the worker's data: the grid, then the recorded debugDraw calls replayed into the canvas. */
export function drawWorld(
  ctx: CanvasRenderingContext2D,
  width: number,
  height: number,
  cam: Camera,
  geo: SceneGeometry,
  data: Float64Array,
): void {
  const dpr = window.devicePixelRatio || 1;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = '#14161b';
  ctx.fillRect(0, 0, width * dpr, height * dpr);
  // World → device pixels, y up.
  const k = cam.scale * dpr;
  ctx.setTransform(k, 0, 0, -k, (width / 2 - cam.x * cam.scale) * dpr, (height / 2 + cam.y * cam.scale) * dpr);
  const px = 1 / cam.scale;
  drawGrid(ctx, width, height, cam, px);
  drawer.px = px;
  replayDrawCommands(data, FRAME_HEADER + data[FRAME_BODY_COUNT] * BODY_STRIDE, data[FRAME_DRAW_LENGTH], drawer);
  drawer.flush(ctx);
  const picked = data[FRAME_PICKED];
  if (picked >= 0) {
    drawBodyShapes(geo, data, picked, drawer, PICKED);
    ctx.lineWidth = 2 * px;
    drawer.flush(ctx);
  }
  ctx.setTransform(1, 0, 0, 1, 0, 0);
}

function drawGrid(ctx: CanvasRenderingContext2D, width: number, height: number, cam: Camera, px: number): void {
  // 1 m lines when zoomed in enough, otherwise 10 m; axes brighter.
  const step = cam.scale > 12 ? 1 : cam.scale > 1.2 ? 10 : 100;
  const x0 = cam.x - width / 2 / cam.scale;
  const x1 = cam.x + width / 2 / cam.scale;
  const y0 = cam.y - height / 2 / cam.scale;
  const y1 = cam.y + height / 2 / cam.scale;
  const grid = new Path2D();
  for (let x = Math.ceil(x0 / step) * step; x <= x1; x += step) {
    grid.moveTo(x, y0);
    grid.lineTo(x, y1);
  }
  for (let y = Math.ceil(y0 / step) * step; y <= y1; y += step) {
    grid.moveTo(x0, y);
    grid.lineTo(x1, y);
  }
  ctx.lineWidth = px;
  ctx.strokeStyle = '#1d2027';
  ctx.stroke(grid);
  const axes = new Path2D();
  axes.moveTo(x0, 0);
  axes.lineTo(x1, 0);
  axes.moveTo(0, y0);
  axes.lineTo(0, y1);
  ctx.strokeStyle = '#272b34';
  ctx.stroke(axes);
}
