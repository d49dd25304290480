import { DebugColor, type DebugDrawer } from '../debug/debug-drawer.js';
import type { PhysicsState } from '../world/physics-world.js';

/**
 * The frame debugDraw fills for each joint before calling its kind's draw: the world anchors from the kind's
 * worldAnchors (m) and the size of anchor dots (pixels).
 */
export const JD_AX = 0;
export const JD_AY = JD_AX + 1;
export const JD_BX = JD_AY + 1;
export const JD_BY = JD_BX + 1;
export const JD_POINT_SIZE = JD_BY + 1;
export const JD_STRIDE = JD_POINT_SIZE + 1;

/** A segment from anchor A to anchor B. */
export function drawAnchorLink(drawer: DebugDrawer, frame: Float64Array, color: number): void {
  drawer.drawSegment(frame[JD_AX], frame[JD_AY], frame[JD_BX], frame[JD_BY], color);
}

/** Both anchors as dots. */
export function drawAnchorPoints(drawer: DebugDrawer, frame: Float64Array): void {
  drawer.drawPoint(frame[JD_AX], frame[JD_AY], frame[JD_POINT_SIZE], DebugColor.jointAnchor);
  drawer.drawPoint(frame[JD_BX], frame[JD_BY], frame[JD_POINT_SIZE], DebugColor.jointAnchor);
}

/** Each body's origin to its anchor, and the anchors to each other. */
export function drawOriginLinks(p: PhysicsState, row: number, drawer: DebugDrawer, frame: Float64Array): void {
  const t = p.bodies.transform;
  const a = p.joints.bodyA[row];
  const b = p.joints.bodyB[row];
  drawer.drawSegment(t.x[a], t.y[a], frame[JD_AX], frame[JD_AY], DebugColor.joint);
  drawAnchorLink(drawer, frame, DebugColor.joint);
  drawer.drawSegment(t.x[b], t.y[b], frame[JD_BX], frame[JD_BY], DebugColor.joint);
}

/** The axis of a prismatic or wheel joint through anchor A, `axis` its world direction: from lo to hi (m). */
export function drawAxis(drawer: DebugDrawer, frame: Float64Array, axis: Float64Array, lo: number, hi: number): void {
  const ax = frame[JD_AX];
  const ay = frame[JD_AY];
  const dx = axis[0];
  const dy = axis[1];
  drawer.drawSegment(ax + lo * dx, ay + lo * dy, ax + hi * dx, ay + hi * dy, DebugColor.joint);
}
