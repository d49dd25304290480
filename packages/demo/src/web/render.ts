import {
  BODY_STRIDE,
  CONTACT_STRIDE,
  FRAME_HEADER,
  JOINT_STRIDE,
  type DrawFlags,
  type SceneGeometry,
} from './protocol.js';

/** Camera: world point at the canvas centre and pixels per metre (y up on screen). */
export interface Camera {
  x: number;
  y: number;
  scale: number;
}

const PALETTE = ['#5aa9ff', '#f2a65a', '#7bd389', '#e76f8f', '#b48ef0', '#4fd1c5'];
const STATIC = '#8fa36b';
const KINEMATIC = '#c9a7e8';
const SLEEPING = '#858c99';
const MOUSE_JOINT = 5;
const VERTS = 16;

/** Draws a frame of the worker's data with the scene's geometry. Paths are batched by colour: one fill per batch. */
export function drawWorld(
  ctx: CanvasRenderingContext2D,
  width: number,
  height: number,
  cam: Camera,
  geo: SceneGeometry,
  data: Float64Array,
  draw: DrawFlags,
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

  const nb = data[1]!;
  const picked = data[5]!;
  const batches = PALETTE.length + 3; // palette…, static, kinematic, sleeping
  const fills: Path2D[] = [];
  for (let b = 0; b < batches; b++) fills.push(new Path2D());
  const lines = new Path2D(); // segments and circle spokes
  const pickedPath = new Path2D();
  const n = geo.shapeBody.length;
  for (let i = 0; i < n; i++) {
    const body = geo.shapeBody[i]!;
    const o = FRAME_HEADER + body * BODY_STRIDE;
    const bx = data[o]!;
    const by = data[o + 1]!;
    const c = data[o + 2]!;
    const s = data[o + 3]!;
    const type = geo.bodyType[body]!;
    const batch =
      type === 0
        ? PALETTE.length
        : type === 1
          ? PALETTE.length + 1
          : data[o + 4]!
            ? body % PALETTE.length
            : PALETTE.length + 2;
    const path = body === picked ? pickedPath : fills[batch]!;
    const v = geo.shapeVerts;
    const base = i * VERTS;
    const r = geo.shapeRadius[i]!;
    const count = geo.shapeCount[i]!;
    const kind = geo.shapeType[i]!;
    const wx = (j: number): number => bx + c * v[base + 2 * j]! - s * v[base + 2 * j + 1]!;
    const wy = (j: number): number => by + s * v[base + 2 * j]! + c * v[base + 2 * j + 1]!;
    if (kind === 0) {
      const x = wx(0);
      const y = wy(0);
      path.moveTo(x + r, y);
      path.arc(x, y, r, 0, Math.PI * 2);
      path.closePath();
      lines.moveTo(x, y);
      lines.lineTo(x + c * r, y + s * r);
    } else if (kind === 2 || kind === 4 || (kind === 1 && r === 0)) {
      lines.moveTo(wx(0), wy(0));
      lines.lineTo(wx(1), wy(1));
    } else if (kind === 1) {
      const x0 = wx(0);
      const y0 = wy(0);
      const x1 = wx(1);
      const y1 = wy(1);
      const a = Math.atan2(y1 - y0, x1 - x0);
      path.moveTo(x1 + r * Math.cos(a - Math.PI / 2), y1 + r * Math.sin(a - Math.PI / 2));
      path.arc(x1, y1, r, a - Math.PI / 2, a + Math.PI / 2);
      path.arc(x0, y0, r, a + Math.PI / 2, a + (3 * Math.PI) / 2);
      path.closePath();
    } else if (r === 0) {
      path.moveTo(wx(0), wy(0));
      for (let j = 1; j < count; j++) path.lineTo(wx(j), wy(j));
      path.closePath();
    } else {
      // Rounded polygon: an arc of radius r around each vertex between the normals of its two edges.
      for (let j = 0; j < count; j++) {
        const jp = (j + count - 1) % count;
        const jn = (j + 1) % count;
        const a0 = Math.atan2(-(wx(j) - wx(jp)), wy(j) - wy(jp));
        const a1 = Math.atan2(-(wx(jn) - wx(j)), wy(jn) - wy(j));
        path.arc(wx(j), wy(j), r, a0, a1);
      }
      path.closePath();
    }
  }
  ctx.lineWidth = px;
  ctx.lineJoin = 'round';
  for (let b = 0; b < batches; b++) {
    const color =
      b < PALETTE.length
        ? PALETTE[b]!
        : b === PALETTE.length
          ? STATIC
          : b === PALETTE.length + 1
            ? KINEMATIC
            : SLEEPING;
    ctx.fillStyle = color + (b === PALETTE.length + 2 ? '40' : '55');
    ctx.fill(fills[b]!);
    ctx.strokeStyle = color;
    ctx.stroke(fills[b]!);
  }
  ctx.fillStyle = '#ffffff70';
  ctx.fill(pickedPath);
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = 2 * px;
  ctx.stroke(pickedPath);
  ctx.lineWidth = px;
  ctx.strokeStyle = '#c8d0dc';
  ctx.stroke(lines);

  let o = FRAME_HEADER + nb * BODY_STRIDE;
  const np = data[2]!;
  if (np > 0) {
    const pts = new Path2D();
    const nrm = new Path2D();
    const h = 2.5 * px;
    const len = 16 * px;
    for (let i = 0; i < np; i++, o += CONTACT_STRIDE) {
      const x = data[o]!;
      const y = data[o + 1]!;
      if (draw.contacts) pts.rect(x - h, y - h, 2 * h, 2 * h);
      if (draw.normals) {
        nrm.moveTo(x, y);
        nrm.lineTo(x + data[o + 2]! * len, y + data[o + 3]! * len);
      }
    }
    ctx.fillStyle = '#ff5d5d';
    ctx.fill(pts);
    ctx.strokeStyle = '#ffe066';
    ctx.stroke(nrm);
  }
  const nj = data[3]!;
  if (nj > 0) {
    const links = new Path2D();
    const mouse = new Path2D();
    const dots = new Path2D();
    const d = 2 * px;
    for (let i = 0; i < nj; i++, o += JOINT_STRIDE) {
      const path = data[o + 4] === MOUSE_JOINT ? mouse : links;
      path.moveTo(data[o]!, data[o + 1]!);
      path.lineTo(data[o + 2]!, data[o + 3]!);
      dots.rect(data[o]! - d, data[o + 1]! - d, 2 * d, 2 * d);
      dots.rect(data[o + 2]! - d, data[o + 3]! - d, 2 * d, 2 * d);
    }
    ctx.strokeStyle = '#4fd1c5';
    ctx.stroke(links);
    ctx.fillStyle = '#4fd1c5';
    ctx.fill(dots);
    ctx.strokeStyle = '#ffffff';
    ctx.setLineDash([4 * px, 3 * px]);
    ctx.lineWidth = 1.5 * px;
    ctx.stroke(mouse);
    ctx.setLineDash([]);
    ctx.lineWidth = px;
  }
  const na = data[4]!;
  if (na > 0) {
    const boxes = new Path2D();
    for (let i = 0; i < na; i++, o += 4)
      boxes.rect(data[o]!, data[o + 1]!, data[o + 2]! - data[o]!, data[o + 3]! - data[o + 1]!);
    ctx.strokeStyle = '#c77dff99';
    ctx.stroke(boxes);
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
