import { BodyFlag, BodyType } from '../body/body-store.js';
import { ContactFlag, CONTACT_POINTS_STRIDE, CP_ANCHOR_AX, CP_ANCHOR_AY, CP_STRIDE } from '../contact/contact-store.js';
import { GEOMETRY_STRIDE } from '../geometry/geometry-store.js';
import { AABB_STRIDE } from '../shape/shape-store.js';
import { ShapeType } from '../geometry/shape-type.js';
import {
  JF_ANCHOR_AX,
  JF_ANCHOR_AY,
  JF_ANCHOR_BX,
  JF_ANCHOR_BY,
  JF_AXIS_X,
  JF_AXIS_Y,
  JF_GROUND_AX,
  JF_GROUND_AY,
  JF_GROUND_BX,
  JF_GROUND_BY,
  JF_LOWER,
  JF_TARGET_X,
  JF_TARGET_Y,
  JF_UPPER,
  JointFlag,
  JointType,
} from '../joints/joint-store.js';
import { MAX_POLYGON_VERTICES } from '../settings.js';
import { getPhysics, type PhysicsWorld } from '../world/physics-world.js';

/**
 * What a renderer implements to draw a world (`debugDraw(world, drawer)`). Every coordinate is in world metres
 * (y up), colours are 0xRRGGBB. Arguments are plain numbers, and polygon vertices come in a scratch Float64Array that
 * is reused for every call: a drawer must copy what it keeps, never hold on to the array.
 */
export interface DebugDrawer {
  /** A filled convex polygon, `count` vertices (x0, y0, x1, y1, …) counter-clockwise, rounded by `radius` (m). */
  drawPolygon(vertices: Float64Array, count: number, radius: number, color: number): void;
  /** A filled circle with a line from its centre along the unit axis (axisX, axisY) showing the rotation. */
  drawCircle(x: number, y: number, radius: number, axisX: number, axisY: number, color: number): void;
  /** A filled capsule: the segment (x1, y1)–(x2, y2) swept by `radius`. */
  drawCapsule(x1: number, y1: number, x2: number, y2: number, radius: number, color: number): void;
  /** A line. */
  drawSegment(x1: number, y1: number, x2: number, y2: number, color: number): void;
  /** A dot `size` pixels across (screen size, not metres). */
  drawPoint(x: number, y: number, size: number, color: number): void;
  /** A frame: origin (x, y) and the rotation's cos and sin (draw the x axis red and the y axis green, as Box2D). */
  drawTransform(x: number, y: number, c: number, s: number): void;
  /** An axis-aligned box outline. */
  drawAABB(minX: number, minY: number, maxX: number, maxY: number, color: number): void;
}

/** Bits of `DebugDrawOptions.flags`: what to draw. */
export const DebugDrawFlag = {
  shapes: 1,
  joints: 2,
  /** Contact points of touching (non-sensor) contacts. */
  contacts: 4,
  /** The manifold normal at each contact point, `normalLength` long. */
  contactNormals: 8,
  /** Each shape's tight bounding box. */
  aabbs: 16,
  /** Each body's centre of mass, drawn as a transform. */
  centersOfMass: 32,
} as const;

/** Colours (0xRRGGBB) by body state and for the overlays: the named CSS colours Box2D's debug draw uses. */
export const DebugColor = {
  static: 0x98fb98, // pale green
  kinematic: 0x4169e1, // royal blue
  awake: 0xffd700, // gold
  asleep: 0x808080, // gray
  bullet: 0x40e0d0, // turquoise (awake bullets)
  sensor: 0xf5deb3, // wheat
  joint: 0x8fbc8f, // dark sea green
  jointAnchor: 0x00ff00,
  mouse: 0xffffff,
  pulley: 0xcd853f, // peru
  contactPoint: 0xff4500, // orange red
  contactNormal: 0xdcdcdc, // gainsboro
  aabb: 0xee82ee, // violet
} as const;

export interface DebugDrawOptions {
  /** DebugDrawFlag bits; default shapes | joints. */
  flags?: number;
  /** Length of drawn contact normals (m); default 0.3. */
  normalLength?: number;
  /** Size of anchor and contact dots (pixels); default 5. */
  pointSize?: number;
}

const DEFAULT_FLAGS = DebugDrawFlag.shapes | DebugDrawFlag.joints;

// Scratch reused by every call: the drawer receives these, so nothing is allocated per shape or per frame.
const verts = new Float64Array(2 * MAX_POLYGON_VERTICES);
const pt = new Float64Array(4);

/**
 * Draws a world through `drawer`: shapes coloured by their body's state (static, kinematic, awake, asleep, bullet;
 * sensors in their own colour), joints (anchors and the lines of their kind), contact points and normals, shape
 * AABBs and centres of mass, as `options.flags` selects. Order is deterministic: shape rows, joint rows, then contacts
 * in the contact list's order. Allocates nothing.
 */
export function debugDraw(world: PhysicsWorld, drawer: DebugDrawer, options?: DebugDrawOptions): void {
  const p = getPhysics(world);
  const flags = options?.flags ?? DEFAULT_FLAGS;
  const pointSize = options?.pointSize ?? 5;
  const t = p.transform;
  const b = p.bodies;
  const s = p.shapes;
  const g = s.geometry;

  if (flags & DebugDrawFlag.shapes) {
    for (let r = 0; r < s.capacityUsed; r++) {
      if (!s.alive[r]) continue;
      const e = s.body[r];
      const bx = t.x[e];
      const by = t.y[e];
      const c = t.c[e];
      const sn = t.s[e];
      const color = s.sensor[r] ? DebugColor.sensor : debugBodyColor(b.type[e], b.flags[e]);
      const base = g.slot[r] * GEOMETRY_STRIDE;
      const v = g.verts;
      const radius = g.radius[r];
      const type = g.type[r];
      const n = type === ShapeType.polygon ? g.count[r] : type === ShapeType.circle ? 1 : 2;
      for (let j = 0; j < n; j++) {
        const lx = v[base + 2 * j];
        const ly = v[base + 2 * j + 1];
        verts[2 * j] = bx + c * lx - sn * ly;
        verts[2 * j + 1] = by + sn * lx + c * ly;
      }
      if (type === ShapeType.circle) drawer.drawCircle(verts[0], verts[1], radius, c, sn, color);
      else if (type === ShapeType.capsule) drawer.drawCapsule(verts[0], verts[1], verts[2], verts[3], radius, color);
      else if (type === ShapeType.polygon) drawer.drawPolygon(verts, n, radius, color);
      else drawer.drawSegment(verts[0], verts[1], verts[2], verts[3], color);
    }
  }

  if (flags & DebugDrawFlag.joints) {
    const js = p.joints;
    const f = js.f;
    for (let r = 0; r < js.count; r++) {
      const a = js.bodyA[r];
      const bb = js.bodyB[r];
      const type = js.type[r];
      worldPoint(p.transform, a, f[JF_ANCHOR_AX][r], f[JF_ANCHOR_AY][r], 0);
      worldPoint(p.transform, bb, f[JF_ANCHOR_BX][r], f[JF_ANCHOR_BY][r], 2);
      const ax = pt[0];
      const ay = pt[1];
      const px = pt[2];
      const py = pt[3];
      if (type === JointType.mouse) {
        const tx = f[JF_TARGET_X][r];
        const ty = f[JF_TARGET_Y][r];
        drawer.drawSegment(tx, ty, px, py, DebugColor.mouse);
        drawer.drawPoint(tx, ty, pointSize, DebugColor.jointAnchor);
        drawer.drawPoint(px, py, pointSize, DebugColor.mouse);
        continue;
      }
      if (type === JointType.pulley) {
        const gax = f[JF_GROUND_AX][r];
        const gay = f[JF_GROUND_AY][r];
        const gbx = f[JF_GROUND_BX][r];
        const gby = f[JF_GROUND_BY][r];
        drawer.drawSegment(gax, gay, ax, ay, DebugColor.pulley);
        drawer.drawSegment(gbx, gby, px, py, DebugColor.pulley);
        drawer.drawSegment(gax, gay, gbx, gby, DebugColor.pulley);
      } else if (type === JointType.prismatic || type === JointType.wheel) {
        // The axis through anchor A (rotating with body A), between the limits when they are on.
        const ca = t.c[a];
        const sa = t.s[a];
        const lx = f[JF_AXIS_X][r];
        const ly = f[JF_AXIS_Y][r];
        const dx = ca * lx - sa * ly;
        const dy = sa * lx + ca * ly;
        const limited = (js.flags[r] & JointFlag.enableLimit) !== 0;
        const lo = limited ? f[JF_LOWER][r] : -1;
        const hi = limited ? f[JF_UPPER][r] : 1;
        drawer.drawSegment(ax + lo * dx, ay + lo * dy, ax + hi * dx, ay + hi * dy, DebugColor.joint);
        drawer.drawSegment(ax, ay, px, py, DebugColor.joint);
      } else if (type === JointType.distance || type === JointType.motor) {
        drawer.drawSegment(ax, ay, px, py, DebugColor.joint);
      } else {
        // Revolute and weld: each body's origin to its anchor, and the anchors to each other (they coincide at rest).
        drawer.drawSegment(t.x[a], t.y[a], ax, ay, DebugColor.joint);
        drawer.drawSegment(ax, ay, px, py, DebugColor.joint);
        drawer.drawSegment(t.x[bb], t.y[bb], px, py, DebugColor.joint);
      }
      drawer.drawPoint(ax, ay, pointSize, DebugColor.jointAnchor);
      drawer.drawPoint(px, py, pointSize, DebugColor.jointAnchor);
    }
  }

  if (flags & (DebugDrawFlag.contacts | DebugDrawFlag.contactNormals)) {
    const cs = p.contacts;
    const len = options?.normalLength ?? 0.3;
    for (let k = 0; k < cs.count; k++) {
      const c = cs.list[k];
      const cf = cs.flags[c];
      if (!(cf & ContactFlag.touching) || cf & ContactFlag.sensor) continue;
      const nx = cs.normalX[c];
      const ny = cs.normalY[c];
      for (let j = 0; j < cs.pointCount[c]; j++) {
        const o = c * CONTACT_POINTS_STRIDE + j * CP_STRIDE;
        // Anchored on body A: the point where it is now, after the step moved A (see CP_STRIDE).
        const x = p.bodies.transform.x[cs.bodyA[c]] + cs.points[o + CP_ANCHOR_AX];
        const y = p.bodies.transform.y[cs.bodyA[c]] + cs.points[o + CP_ANCHOR_AY];
        if (flags & DebugDrawFlag.contacts) drawer.drawPoint(x, y, pointSize, DebugColor.contactPoint);
        if (flags & DebugDrawFlag.contactNormals)
          drawer.drawSegment(x, y, x + len * nx, y + len * ny, DebugColor.contactNormal);
      }
    }
  }

  if (flags & DebugDrawFlag.aabbs) {
    const box = s.aabb;
    for (let r = 0; r < s.capacityUsed; r++) {
      const o = r * AABB_STRIDE;
      if (s.alive[r]) drawer.drawAABB(box[o], box[o + 1], box[o + 2], box[o + 3], DebugColor.aabb);
    }
  }

  if (flags & DebugDrawFlag.centersOfMass) {
    for (let i = 0; i < b.count; i++) {
      const e = b.list[i];
      drawer.drawTransform(b.centerX[e], b.centerY[e], t.c[e], t.s[e]);
    }
  }
}

/** Colour of a shape on a body of this BodyType and these BodyFlag bits. */
export function debugBodyColor(type: number, flags: number): number {
  if (type === BodyType.static) return DebugColor.static;
  if (type === BodyType.kinematic) return DebugColor.kinematic;
  if (!(flags & BodyFlag.awake)) return DebugColor.asleep;
  return flags & BodyFlag.bullet ? DebugColor.bullet : DebugColor.awake;
}

function worldPoint(
  t: { x: Float64Array; y: Float64Array; c: Float64Array; s: Float64Array },
  e: number,
  lx: number,
  ly: number,
  o: number,
): void {
  const c = t.c[e];
  const s = t.s[e];
  pt[o] = t.x[e] + c * lx - s * ly;
  pt[o + 1] = t.y[e] + s * lx + c * ly;
}
