import type { BodyId, HandleColumn, ShapeId } from '../handles.js';
import { atan2 } from '../math/trig.js';
import { getPhysics, type PhysicsState, type PhysicsWorld } from '../state/physics-state.js';
import * as E from '../state/event-store.js';
import type { EventBuffer } from '../state/event-buffer.js';

// Convenience readers of the last step's events. They allocate the objects they return; per-frame code that must not
// allocate reads `world.physics.events.<kind>.data` directly with the record layouts in event-store.ts.

/**
 * One contact point of a begin-touch event: world position (m) and separation (m, negative = overlap).
 */
export interface ContactPointEvent {
  x: number;
  y: number;
  separation: number;
}
/**
 * Two shapes started touching during the last step: the shapes, their bodies, the normal (from A to B) and points.
 */
export interface ContactBeginEvent {
  shapeA: ShapeId;
  shapeB: ShapeId;
  bodyA: BodyId;
  bodyB: BodyId;
  normal: { x: number; y: number };
  points: ContactPointEvent[];
}
/**
 * Two shapes (and their bodies) involved in an end-touch or sensor event.
 */
export interface PairEvent {
  shapeA: ShapeId;
  shapeB: ShapeId;
  bodyA: BodyId;
  bodyB: BodyId;
}
/**
 * A contact that started with an approach speed (m/s) above the world's hit threshold, with its point and normal.
 */
export interface ContactHitEvent extends PairEvent {
  point: { x: number; y: number };
  normal: { x: number; y: number };
  approachSpeed: number;
}
/**
 * A body that moved during the last step: its new origin position (m), rotation as cos/sin, and whether it fell asleep.
 */
export interface BodyMoveEvent {
  body: BodyId;
  x: number;
  y: number;
  angle: number;
  fellAsleep: boolean;
}
/**
 * A body that fell asleep (`asleep: true`) or woke up during the last step.
 */
export interface SleepEvent {
  body: BodyId;
  asleep: boolean;
}

function records<T>(buffer: EventBuffer, read: (d: Float64Array, o: number) => T): T[] {
  const out: T[] = [];
  for (let i = 0; i < buffer.count; i++) out.push(read(buffer.data, i * buffer.stride));
  return out;
}

/**
 * Records hold body column indices; events report handles. The handle column keeps a destroyed body's handle until
 * a new body takes its index, so an event about a body destroyed after the step still names it. Records hold shape
 * handles as the step wrote them (state/shape-handle.ts).
 */
let handles: HandleColumn<BodyId> = new Float64Array(0) as HandleColumn<BodyId>;

function pair(d: Float64Array, o: number): PairEvent {
  return {
    shapeA: d[o + E.PAIR_SHAPE_A] as ShapeId,
    shapeB: d[o + E.PAIR_SHAPE_B] as ShapeId,
    bodyA: handles[d[o + E.PAIR_BODY_A]],
    bodyB: handles[d[o + E.PAIR_BODY_B]],
  };
}

function eventState(world: PhysicsWorld): PhysicsState {
  const p = getPhysics(world);
  handles = p.bodies.handle;
  return p;
}

/** Pairs that began touching during the last step, with the manifold at that moment. */
export function getContactBeginEvents(world: PhysicsWorld): ContactBeginEvent[] {
  return records(eventState(world).events.contactBegin, (d, o) => {
    const points: ContactPointEvent[] = [];
    for (let j = 0; j < d[o + E.CB_POINT_COUNT]; j++) {
      const q = o + E.CB_POINT0_X + 3 * j;
      points.push({ x: d[q], y: d[q + 1], separation: d[q + 2] });
    }
    return {
      shapeA: d[o + E.CB_SHAPE_A] as ShapeId,
      shapeB: d[o + E.CB_SHAPE_B] as ShapeId,
      bodyA: handles[d[o + E.CB_BODY_A]],
      bodyB: handles[d[o + E.CB_BODY_B]],
      normal: { x: d[o + E.CB_NORMAL_X], y: d[o + E.CB_NORMAL_Y] },
      points,
    };
  });
}

/** Pairs that stopped touching (or were destroyed while touching) during the last step. */
export function getContactEndEvents(world: PhysicsWorld): PairEvent[] {
  return records(eventState(world).events.contactEnd, pair);
}

/** Contacts whose approach speed exceeded the world's hitEventThreshold. */
export function getContactHitEvents(world: PhysicsWorld): ContactHitEvent[] {
  return records(eventState(world).events.contactHit, (d, o) => ({
    ...pair(d, o),
    point: { x: d[o + E.HIT_POINT_X], y: d[o + E.HIT_POINT_Y] },
    normal: { x: d[o + E.HIT_NORMAL_X], y: d[o + E.HIT_NORMAL_Y] },
    approachSpeed: d[o + E.HIT_APPROACH_SPEED],
  }));
}

/** Shapes that started overlapping a sensor (shapeA / bodyA are the sensor's). */
export function getSensorBeginEvents(world: PhysicsWorld): PairEvent[] {
  return records(eventState(world).events.sensorBegin, pair);
}

/** Shapes that stopped overlapping a sensor. */
export function getSensorEndEvents(world: PhysicsWorld): PairEvent[] {
  return records(eventState(world).events.sensorEnd, pair);
}

/** Every body the solver moved in the last step, with its new transform. */
export function getBodyMoveEvents(world: PhysicsWorld): BodyMoveEvent[] {
  return records(eventState(world).events.bodyMoved, (d, o) => ({
    body: handles[d[o + E.MOVE_BODY]],
    x: d[o + E.MOVE_X],
    y: d[o + E.MOVE_Y],
    angle: atan2(d[o + E.MOVE_S], d[o + E.MOVE_C]),
    fellAsleep: d[o + E.MOVE_FELL_ASLEEP] === 1,
  }));
}

/** Bodies that fell asleep or woke since the previous step began (including wakes caused by API calls). */
export function getSleepEvents(world: PhysicsWorld): SleepEvent[] {
  return records(eventState(world).events.bodySleep, (d, o) => ({
    body: handles[d[o + E.SLEEP_BODY]],
    asleep: d[o + E.SLEEP_ASLEEP] === 1,
  }));
}
