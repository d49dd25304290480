import { checkFinite, checkNonNegative, checkVec2, PhysicsError } from '../errors.js';
import { GEOMETRY_STRIDE } from '../geometry/geometry-store.js';
import { ShapeType } from '../geometry/shape-type.js';
import type { ShapeId } from '../handles.js';
import { wakeIsland } from '../lifecycle/body-sleep.js';
import type { Vec2Like } from '../math/vec2.js';
import { BodyFlag, BodyType } from '../state/body-store.js';
import { assertUnlocked, getPhysics, type PhysicsState, type PhysicsWorld } from '../state/physics-state.js';
import { shapeRow } from './shape-api.js';

/** Density of air (kg/m³) at sea level and 15 °C. A 2D shape is taken as 1 m deep. */
export const AIR_DENSITY = 1.225;

/** The force and torque being summed for one shape: fx, fy (N), torque (N m). */
const sum = new Float64Array(3);

/**
 * Adds the force of the wind on a shape to its body for the next step (like applyForce: it acts during the next step,
 * then is cleared), as Box2D v3's b2Shape_ApplyWind. The air moves at `wind` (m/s, world); what counts is its velocity
 * relative to the shape (the wind less the velocity of the shape's centroid, rotation included). Each edge facing the
 * relative wind takes the dynamic pressure ½·ρ·|v|² (ρ = AIR_DENSITY) times its length seen from the wind (times the
 * 1 m depth): times `drag` along the relative wind, and times `lift` across it, toward the side the edge faces away
 * from (a plate tilted up into the wind is lifted). The force acts at the edge's middle, so a shape off its body's
 * centre of mass also turns. A circle takes its diameter and drag only; a capsule its length across the wind plus
 * its diameter, acting at the windward side; a polygon edge by edge (its rounding ignored). Segments and chains take
 * no wind. Shapes of static and kinematic bodies take none either.
 *
 * Box2D's model, with one difference: here `drag` is the drag coefficient (the force along the wind is ½·ρ·|v|²·A
 * times it), where Box2D's code scales the shape's velocity by `drag` inside the relative wind and uses a coefficient
 * of 1. The two agree at drag = 1, the value Box2D's sample uses.
 *
 * @param drag - drag coefficient (≥ 0): 1 for a flat plate broadside to the wind.
 * @param lift - lift coefficient (any sign): 0 for none.
 * @param wakeBody - wake a sleeping body (default true); when false, a sleeping body takes no wind.
 * @throws PhysicsError `NOT_A_SHAPE` / `STALE_HANDLE` for a bad shape, `WORLD_LOCKED` during a step,
 *   `INVALID_ARGUMENT` for a wind that is not a finite {x, y}, a negative or non-finite drag or a non-finite lift.
 *   Nothing changes when it throws.
 */
export function applyWind(
  world: PhysicsWorld,
  shape: ShapeId,
  wind: Vec2Like,
  drag: number,
  lift: number,
  wakeBody = true,
): void {
  const p = getPhysics(world);
  assertUnlocked(p);
  const row = shapeRow(p, shape);
  checkVec2(wind, 'wind');
  checkNonNegative(drag, 'drag');
  checkFinite(lift, 'lift');
  if (typeof wakeBody !== 'boolean') {
    throw new PhysicsError('INVALID_ARGUMENT', `wakeBody must be a boolean, got ${String(wakeBody)}`);
  }
  const b = p.bodies;
  const body = p.shapes.body[row];
  if (b.type[body] !== BodyType.dynamic) return;
  const type = p.shapes.geometry.type[row];
  if (type !== ShapeType.circle && type !== ShapeType.capsule && type !== ShapeType.polygon) return;
  if ((b.flags[body] & BodyFlag.awake) === 0) {
    if (!wakeBody) return;
    wakeIsland(p, body);
  }
  windForce(p, row, body, wind.x, wind.y, drag, lift);
  b.forceX[body] = b.forceX[body] + sum[0];
  b.forceY[body] = b.forceY[body] + sum[1];
  b.torque[body] = b.torque[body] + sum[2];
}

/** The wind's force and torque (about the centre of mass) on shape `row` of `body` into `sum` (see applyWind). */
function windForce(
  p: PhysicsState,
  row: number,
  body: number,
  windX: number,
  windY: number,
  drag: number,
  lift: number,
): void {
  sum[0] = 0;
  sum[1] = 0;
  sum[2] = 0;
  const b = p.bodies;
  const g = p.shapes.geometry;
  const t = b.transform;
  const c = t.c[body];
  const sn = t.s[body];
  const lcx = b.localCenterX[body];
  const lcy = b.localCenterY[body];
  // Lever from the centre of mass to the centroid, world-aligned; the centroid's velocity.
  const gx = g.centroid[2 * row] - lcx;
  const gy = g.centroid[2 * row + 1] - lcy;
  const leverX = c * gx - sn * gy;
  const leverY = sn * gx + c * gy;
  const w = b.w[body];
  const relX = windX - (b.vx[body] - w * leverY);
  const relY = windY - (b.vy[body] + w * leverX);
  const speed = Math.sqrt(relX * relX + relY * relY);
  if (speed === 0) return;
  const dx = relX / speed;
  const dy = relY / speed;
  const pressure = 0.5 * AIR_DENSITY * speed * speed;
  const radius = g.radius[row];
  const base = g.slot[row] * GEOMETRY_STRIDE;
  const v = g.verts;
  const type = g.type[row];
  if (type === ShapeType.circle) {
    addForce(2 * radius * pressure * drag * dx, 2 * radius * pressure * drag * dy, leverX, leverY);
    return;
  }
  if (type === ShapeType.capsule) {
    const ax = v[base + 2] - v[base];
    const ay = v[base + 3] - v[base + 1];
    const axisX = c * ax - sn * ay;
    const axisY = sn * ax + c * ay;
    const axisLength = Math.sqrt(axisX * axisX + axisY * axisY);
    // The side normal facing the wind (against its direction).
    let nx = -axisY / axisLength;
    let ny = axisX / axisLength;
    if (nx * dx + ny * dy > 0) {
      nx = -nx;
      ny = -ny;
    }
    const area = 2 * radius + Math.abs(axisX * dy - axisY * dx);
    edgeForce(area * pressure, dx, dy, nx, ny, drag, lift, leverX + radius * nx, leverY + radius * ny);
    return;
  }
  const count = g.count[row];
  let x1 = v[base + 2 * (count - 1)];
  let y1 = v[base + 2 * (count - 1) + 1];
  for (let i = 0; i < count; i++) {
    const x2 = v[base + 2 * i];
    const y2 = v[base + 2 * i + 1];
    const ex = c * (x2 - x1) - sn * (y2 - y1);
    const ey = sn * (x2 - x1) + c * (y2 - y1);
    // The edge's length seen from the wind; positive only for an edge facing it (counter-clockwise winding).
    const area = ex * dy - ey * dx;
    if (area > 0) {
      const length = Math.sqrt(ex * ex + ey * ey);
      const mx = 0.5 * (x1 + x2) - lcx;
      const my = 0.5 * (y1 + y2) - lcy;
      edgeForce(area * pressure, dx, dy, ey / length, -ex / length, drag, lift, c * mx - sn * my, sn * mx + c * my);
    }
    x1 = x2;
    y1 = y2;
  }
}

/**
 * The force on one windward face of outward normal n, taking `load` newtons per unit coefficient: drag along the
 * wind direction d, lift along the part of −n across the wind; applied at `lever` from the centre of mass.
 */
function edgeForce(
  load: number,
  dx: number,
  dy: number,
  nx: number,
  ny: number,
  drag: number,
  lift: number,
  leverX: number,
  leverY: number,
): void {
  const nd = nx * dx + ny * dy;
  const liftX = nd * dx - nx;
  const liftY = nd * dy - ny;
  addForce(load * (drag * dx + lift * liftX), load * (drag * dy + lift * liftY), leverX, leverY);
}

function addForce(fx: number, fy: number, leverX: number, leverY: number): void {
  sum[0] += fx;
  sum[1] += fy;
  sum[2] += leverX * fy - leverY * fx;
}
