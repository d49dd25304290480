import { BodyFlag, BodyType } from '../state/body-store.js';
import { ContactFlag, CONTACT_POINTS_STRIDE, CP_ANCHOR_AX, CP_ANCHOR_AY, CP_STRIDE } from '../state/contact-store.js';
import { GEOMETRY_STRIDE } from '../geometry/geometry-store.js';
import { AABB_STRIDE } from '../state/shape-store.js';
import { ShapeType } from '../geometry/shape-type.js';
import { JOINT_KINDS } from '../joints/joint-kinds.js';
import { JD_RADIUS, JD_STRIDE, jointMarkerRadius } from '../joints/joint-draw.js';
import { MAX_POLYGON_VERTICES } from '../settings.js';
import { getPhysics, type PhysicsWorld } from '../state/physics-state.js';
import { DebugColor, type DebugDrawer } from '../debug-drawer.js';

export { DebugColor, type DebugDrawer } from '../debug-drawer.js';

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

/** What debugDraw draws and how (every field optional). */
export interface DebugDrawOptions {
  /** DebugDrawFlag bits; default shapes | joints. */
  flags?: number;
  /** Length of drawn contact normals (m); default 0.3. */
  normalLength?: number;
  /** Size of contact dots (pixels); default 5. (Joint markers are sized to the joint's bodies, in metres.) */
  pointSize?: number;
}

const DEFAULT_FLAGS = DebugDrawFlag.shapes | DebugDrawFlag.joints;

// Scratch reused by every call: the drawer receives these, so nothing is allocated per shape or per frame.
const verts = new Float64Array(2 * MAX_POLYGON_VERTICES);
const jointFrame = new Float64Array(JD_STRIDE);

/**
 * Draws a world through `drawer`: shapes coloured by their body's state (static, kinematic, awake, asleep, bullet;
 * sensors in their own colour), joints (their anchors, the link between them and what their kind adds, with markers
 * sized to their bodies), contact points and normals, shape AABBs and centres of mass, as `options.flags` selects.
 * Order is deterministic: shape rows, joint rows, then contacts in the contact list's order. Allocates nothing.
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
    // Each kind draws itself (its module's draw, joints/joint-draw.ts) from the frame measured here: its anchors and
    // a marker radius sized to its bodies.
    const js = p.joints;
    for (let r = 0; r < js.count; r++) {
      const kind = JOINT_KINDS[js.type[r]];
      kind.worldAnchors(p, r, jointFrame);
      jointFrame[JD_RADIUS] = jointMarkerRadius(p, js.bodyA[r], js.bodyB[r]);
      kind.draw(p, r, drawer, jointFrame);
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
