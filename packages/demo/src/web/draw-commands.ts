import type { DebugDrawer } from '@impulse2d/core';

/**
 * debugDraw across the worker boundary: the worker runs `debugDraw(world, recorder)` into a DrawCommandRecorder,
 * whose floats ride in the frame (copied with it); the page replays them into its canvas DebugDrawer. One
 * opcode then the call's numbers, in call order:
 *
 *   POLYGON count, radius, color, x0, y0, … (count pairs)   CIRCLE x, y, radius, axisX, axisY, color
 *   CAPSULE x1, y1, x2, y2, radius, color                     SEGMENT x1, y1, x2, y2, color
 *   POINT x, y, size, color                                   TRANSFORM x, y, c, s
 *   AABB minX, minY, maxX, maxY, color
 */
export const DrawOp = { polygon: 1, circle: 2, capsule: 3, segment: 4, point: 5, transform: 6, aabb: 7 } as const;

export class DrawCommandRecorder implements DebugDrawer {
  buf = new Float64Array(1024);
  length = 0;

  reset(): void {
    this.length = 0;
  }

  private reserve(n: number): number {
    const at = this.length;
    if (at + n > this.buf.length) {
      const grown = new Float64Array(Math.max(this.buf.length * 2, at + n));
      grown.set(this.buf.subarray(0, at));
      this.buf = grown;
    }
    this.length = at + n;
    return at;
  }

  drawPolygon(vertices: Float64Array, count: number, radius: number, color: number): void {
    const o = this.reserve(4 + 2 * count);
    const b = this.buf;
    b[o] = DrawOp.polygon;
    b[o + 1] = count;
    b[o + 2] = radius;
    b[o + 3] = color;
    b.set(vertices.subarray(0, 2 * count), o + 4);
  }
  drawCircle(x: number, y: number, radius: number, axisX: number, axisY: number, color: number): void {
    this.put7(DrawOp.circle, x, y, radius, axisX, axisY, color);
  }
  drawCapsule(x1: number, y1: number, x2: number, y2: number, radius: number, color: number): void {
    this.put7(DrawOp.capsule, x1, y1, x2, y2, radius, color);
  }
  drawSegment(x1: number, y1: number, x2: number, y2: number, color: number): void {
    this.put6(DrawOp.segment, x1, y1, x2, y2, color);
  }
  drawPoint(x: number, y: number, size: number, color: number): void {
    this.put6(DrawOp.point, x, y, size, color, 0);
  }
  drawTransform(x: number, y: number, c: number, s: number): void {
    this.put6(DrawOp.transform, x, y, c, s, 0);
  }
  drawAABB(minX: number, minY: number, maxX: number, maxY: number, color: number): void {
    this.put6(DrawOp.aabb, minX, minY, maxX, maxY, color);
  }

  private put6(op: number, a: number, b: number, c: number, d: number, e: number): void {
    const o = this.reserve(6);
    const f = this.buf;
    f[o] = op;
    f[o + 1] = a;
    f[o + 2] = b;
    f[o + 3] = c;
    f[o + 4] = d;
    f[o + 5] = e;
  }
  private put7(op: number, a: number, b: number, c: number, d: number, e: number, g: number): void {
    const o = this.reserve(7);
    const f = this.buf;
    f[o] = op;
    f[o + 1] = a;
    f[o + 2] = b;
    f[o + 3] = c;
    f[o + 4] = d;
    f[o + 5] = e;
    f[o + 6] = g;
  }
}

const scratch = new Float64Array(16);

/** Replays `length` floats of recorded commands starting at `start` into `drawer`. */
export function replayDrawCommands(buf: Float64Array, start: number, length: number, drawer: DebugDrawer): void {
  let o = start;
  const end = start + length;
  while (o < end) {
    const op = buf[o];
    if (op === DrawOp.polygon) {
      const count = buf[o + 1];
      for (let i = 0; i < 2 * count; i++) scratch[i] = buf[o + 4 + i];
      drawer.drawPolygon(scratch, count, buf[o + 2], buf[o + 3]);
      o += 4 + 2 * count;
    } else if (op === DrawOp.circle || op === DrawOp.capsule) {
      if (op === DrawOp.circle)
        drawer.drawCircle(buf[o + 1], buf[o + 2], buf[o + 3], buf[o + 4], buf[o + 5], buf[o + 6]);
      else drawer.drawCapsule(buf[o + 1], buf[o + 2], buf[o + 3], buf[o + 4], buf[o + 5], buf[o + 6]);
      o += 7;
    } else {
      const a = buf[o + 1];
      const b = buf[o + 2];
      const c = buf[o + 3];
      const d = buf[o + 4];
      const e = buf[o + 5];
      if (op === DrawOp.segment) drawer.drawSegment(a, b, c, d, e);
      else if (op === DrawOp.point) drawer.drawPoint(a, b, c, d);
      else if (op === DrawOp.transform) drawer.drawTransform(a, b, c, d);
      else if (op === DrawOp.aabb) drawer.drawAABB(a, b, c, d, e);
      else throw new Error(`bad draw opcode ${op} at ${o}`);
      o += 6;
    }
  }
}
