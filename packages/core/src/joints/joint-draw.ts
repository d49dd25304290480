import { BodyType } from '../state/body-store.js';
import { DebugColor, type DebugDrawer } from '../debug-drawer.js';
import type { PhysicsState } from '../state/physics-state.js';
import { JF_REF_COS, JF_REF_SIN } from '../state/joint-store.js';

/*
 * How the joint kinds draw themselves (each kind's `draw`, called by debugDraw). A joint is drawn where it acts:
 * its anchors, the link between them and what its kind adds (an axis, a rope), never a line to a body's origin, which
 * for a static ground body may lie far away (a bridge's joints drew lines to a point below the ground). Markers are
 * sized to the joint's bodies, not in fixed pixels, so a small ragdoll is not buried under its joint markers.
 */

/**
 * The frame debugDraw fills for each joint before calling its kind's draw: the world anchors from the kind's
 * worldAnchors (m) and the marker radius (m, jointMarkerRadius).
 */
export const JD_AX = 0;
export const JD_AY = JD_AX + 1;
export const JD_BX = JD_AY + 1;
export const JD_BY = JD_BX + 1;
export const JD_RADIUS = JD_BY + 1;
export const JD_STRIDE = JD_RADIUS + 1;

/** Marker radius as a fraction of the smaller body's smallest extent (BodyStore.minExtent). */
const MARKER_FRACTION = 0.5;
/** Marker radius (m) when neither body has shapes. */
const DEFAULT_MARKER_RADIUS = 0.1;

/** True for a body extent that measures something (BodyStore.minExtent is 1e300 without shapes, 0 for a segment). */
function measured(extent: number): boolean {
  return extent > 0 && extent < 1e300;
}

/**
 * The marker radius of a joint between `bodyA` and `bodyB` (m): half the smallest extent of the smaller of its
 * movable bodies, so a marker stays inside the limbs of a ragdoll and the planks of a bridge. A static body (the
 * ground, often one large shape) counts only when both are static.
 */
export function jointMarkerRadius(p: PhysicsState, bodyA: number, bodyB: number): number {
  const b = p.bodies;
  const extent = b.minExtent;
  let size = Infinity;
  for (let pass = 0; pass < 2 && size === Infinity; pass++) {
    // First the movable bodies; then, when neither measured anything, any body.
    if ((pass === 1 || b.type[bodyA] !== BodyType.static) && measured(extent[bodyA])) size = extent[bodyA];
    if ((pass === 1 || b.type[bodyB] !== BodyType.static) && measured(extent[bodyB]) && extent[bodyB] < size) {
      size = extent[bodyB];
    }
  }
  return size === Infinity ? DEFAULT_MARKER_RADIUS : MARKER_FRACTION * size;
}

/** A segment from anchor A to anchor B. */
export function drawAnchorLink(drawer: DebugDrawer, frame: Float64Array, color: number): void {
  drawer.drawSegment(frame[JD_AX], frame[JD_AY], frame[JD_BX], frame[JD_BY], color);
}

/** A small dot (half the marker radius) at (x, y), its axis along `body`'s x axis. */
export function drawAnchorDot(
  p: PhysicsState,
  body: number,
  drawer: DebugDrawer,
  frame: Float64Array,
  x: number,
  y: number,
  color: number,
): void {
  const t = p.bodies.transform;
  drawer.drawCircle(x, y, 0.5 * frame[JD_RADIUS], t.c[body], t.s[body], color);
}

/** Dots on both anchors: the usual ends of a joint with two anchors. */
export function drawAnchorDots(p: PhysicsState, row: number, drawer: DebugDrawer, frame: Float64Array): void {
  const js = p.joints;
  drawAnchorDot(p, js.bodyA[row], drawer, frame, frame[JD_AX], frame[JD_AY], DebugColor.jointAnchor);
  drawAnchorDot(p, js.bodyB[row], drawer, frame, frame[JD_BX], frame[JD_BY], DebugColor.jointAnchor);
}

/**
 * A pin (revolute, weld): the link between the anchors (a point while the joint holds) and one marker on anchor B
 * whose axis turns with the joint angle: body B's rotation less the reference angle, so that it lies along body A's
 * x axis at joint angle 0.
 */
export function drawPinMarker(p: PhysicsState, row: number, drawer: DebugDrawer, frame: Float64Array): void {
  const t = p.bodies.transform;
  const b = p.joints.bodyB[row];
  const refCos = p.joints.f[JF_REF_COS][row];
  const refSin = p.joints.f[JF_REF_SIN][row];
  const c = t.c[b] * refCos + t.s[b] * refSin;
  const s = t.s[b] * refCos - t.c[b] * refSin;
  drawAnchorLink(drawer, frame, DebugColor.joint);
  drawer.drawCircle(frame[JD_BX], frame[JD_BY], frame[JD_RADIUS], c, s, DebugColor.joint);
}

/** The axis of a prismatic or wheel joint through anchor A, `axis` its world direction: from lo to hi (m). */
export function drawAxis(drawer: DebugDrawer, frame: Float64Array, axis: Float64Array, lo: number, hi: number): void {
  const ax = frame[JD_AX];
  const ay = frame[JD_AY];
  const dx = axis[0];
  const dy = axis[1];
  drawer.drawSegment(ax + lo * dx, ay + lo * dy, ax + hi * dx, ay + hi * dy, DebugColor.joint);
}
