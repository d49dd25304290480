// Contact force events (Rapier's contactForceEvents): a contact whose points' normal forces sum to more than the
// smaller contactForceThreshold of its two shapes is reported after the step, with its total and largest point force.
import {
  PhysicsError,
  addShape,
  createBody,
  createPhysicsWorldFromSnapshot,
  destroyBody,
  destroyShape,
  getBodyShapes,
  getContactForceEvents,
  getContactForceEventsInto,
  getMass,
  getShapeContactForceThreshold,
  makeBox,
  makeCircle,
  setShapeContactForceThreshold,
  takeSnapshot,
  ContactForceEventList,
  type ContactForceEvent,
  type PhysicsWorld,
  type BodyId,
  type ShapeId,
} from '@impulse2d/core';
import { getPhysics } from '@impulse2d/core/internal';
import { startWorkers, stepPhysics, stopWorkers } from '@impulse2d/systems';
import { afterEach, describe, expect, it } from 'vitest';
import { addGround, buildPyramid, run, world } from './helpers/scene.js';

const G = 10;

/** A 2 kg box (1 m side) resting on the ground (never sleeping, so it stays in the solver). */
function restingBox(w: PhysicsWorld, boxThreshold: number): { ground: number; box: BodyId; shape: ShapeId } {
  const ground = addGround(w);
  const box = createBody(w, { type: 'dynamic', position: { x: 0, y: 0.5 }, enableSleep: false });
  const shape = addShape(w, box, makeBox(0.5, 0.5), { density: 2, contactForceThreshold: boxThreshold });
  return { ground, box, shape };
}

function eventsOver(w: PhysicsWorld, n: number): ContactForceEvent[][] {
  const out: ContactForceEvent[][] = [];
  for (let i = 0; i < n; i++) {
    stepPhysics(w, 1 / 60);
    out.push(getContactForceEvents(w));
  }
  return out;
}

const workerWorlds: PhysicsWorld[] = [];
afterEach(async () => {
  for (const w of workerWorlds.splice(0)) await stopWorkers(w);
});

describe('contact force events', () => {
  it('a box resting on the ground reports its weight: total normal force m·g, shared by its two points', () => {
    const w = world();
    const { ground, box, shape } = restingBox(w, 5);
    const mg = getMass(w, box) * G;
    run(w, 30);
    const events = eventsOver(w, 30);
    for (const step of events) {
      expect(step.length).toBe(1);
      const e = step[0];
      expect(e.totalNormalForce).toBeCloseTo(mg, 3);
      // Two points carry it between them, each about half.
      expect(e.maxNormalForce).toBeGreaterThanOrEqual(mg / 2 - 1e-6);
      expect(e.maxNormalForce).toBeLessThan(0.6 * mg);
      expect([e.shapeA, e.shapeB]).toContain(shape);
      expect([e.bodyA, e.bodyB].sort()).toEqual([ground, box].sort());
      // The normal points from shape A to shape B: up when A is the ground.
      const up = e.bodyA === ground ? 1 : -1;
      expect(e.normal.y).toBeCloseTo(up, 10);
      expect(e.normal.x).toBeCloseTo(0, 10);
    }
  });

  it('no event while the force stays at or below the threshold, or with no threshold at all', () => {
    for (const threshold of [25, Infinity]) {
      const w = world();
      restingBox(w, threshold);
      expect(eventsOver(w, 90).flat()).toEqual([]);
    }
  });

  it("uses the smaller of the two shapes' thresholds: a threshold on the ground alone reports every box on it", () => {
    const w = world();
    const ground = createBody(w, { type: 'static', position: { x: 0, y: -1 } });
    const groundShape = addShape(w, ground, makeBox(50, 1), { contactForceThreshold: 15 });
    const light = createBody(w, { type: 'dynamic', position: { x: -5, y: 0.5 }, enableSleep: false });
    addShape(w, light, makeBox(0.5, 0.5), { density: 1 }); // 10 N: under 15
    const heavy = createBody(w, { type: 'dynamic', position: { x: 5, y: 0.5 }, enableSleep: false });
    addShape(w, heavy, makeBox(0.5, 0.5), { density: 3 }); // 30 N
    run(w, 30);
    const events = getContactForceEvents(w);
    expect(events.length).toBe(1);
    expect([events[0].bodyA, events[0].bodyB]).toContain(heavy);
    expect(events[0].totalNormalForce).toBeCloseTo(30, 3);
    setShapeContactForceThreshold(w, groundShape, 5);
    expect(getShapeContactForceThreshold(w, groundShape)).toBe(5);
    run(w, 1);
    expect(getContactForceEvents(w).length).toBe(2);
  });

  it('a bottom box of a stack carries the boxes above it', () => {
    const w = world();
    addGround(w, 20, 1);
    const boxes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const b = createBody(w, { type: 'dynamic', position: { x: 0, y: 0.5 + i }, enableSleep: false });
      addShape(w, b, makeBox(0.5, 0.5), { density: 1, contactForceThreshold: i === 0 ? 0 : Infinity });
      boxes.push(b);
    }
    run(w, 120);
    // The bottom box's two contacts: the ground under it (four boxes, 40 N) and the box above (three, 30 N).
    const totals = getContactForceEvents(w)
      .map((e) => e.totalNormalForce)
      .sort((a, b) => a - b);
    expect(totals.length).toBe(2);
    expect(totals[0]).toBeCloseTo(30, 1);
    expect(totals[1]).toBeCloseTo(40, 1);
  });

  it('getContactForceEventsInto fills a caller-owned list with the same events', () => {
    const w = world();
    addGround(w, 40, 1);
    const ids = buildPyramid(w, 6);
    for (const id of ids) setShapeContactForceThreshold(w, getBodyShapes(w, id)[0], 1);
    const list = new ContactForceEventList(2);
    run(w, 20);
    const events = getContactForceEvents(w);
    expect(events.length).toBeGreaterThan(10);
    expect(getContactForceEventsInto(w, list)).toBe(events.length);
    for (let i = 0; i < events.length; i++) {
      const e = events[i];
      expect([list.shapeA[i], list.shapeB[i], list.bodyA[i], list.bodyB[i]]).toEqual([
        e.shapeA,
        e.shapeB,
        e.bodyA,
        e.bodyB,
      ]);
      expect([list.normalX[i], list.normalY[i]]).toEqual([e.normal.x, e.normal.y]);
      expect(list.totalNormalForce[i]).toBe(e.totalNormalForce);
      expect(list.maxNormalForce[i]).toBe(e.maxNormalForce);
      expect(e.totalNormalForce).toBeGreaterThan(1);
    }
  });

  it('keeps count of the shapes with a threshold (none: nothing to look at) through every way a shape goes', () => {
    const w = world();
    const { box, shape } = restingBox(w, 5);
    const s = getPhysics(w).shapes;
    expect(s.forceEventShapes).toBe(1);
    const other = addShape(w, box, makeCircle(0.2), { contactForceThreshold: 0 });
    expect(s.forceEventShapes).toBe(2);
    destroyShape(w, other);
    expect(s.forceEventShapes).toBe(1);
    setShapeContactForceThreshold(w, shape, Infinity);
    expect(s.forceEventShapes).toBe(0);
    setShapeContactForceThreshold(w, shape, 3);
    destroyBody(w, box);
    expect(s.forceEventShapes).toBe(0);
  });

  it('refuses a bad threshold with a typed error before anything changes, and the world still steps', () => {
    const w = world();
    const { box, shape } = restingBox(w, 5);
    const codeOf = (fn: () => unknown): string | null => {
      try {
        fn();
      } catch (e) {
        return e instanceof PhysicsError ? e.code : 'other';
      }
      return null;
    };
    const shapes = getPhysics(w).shapes.count;
    for (const bad of [-1, Number.NaN, null as unknown as number, -Infinity]) {
      expect(codeOf(() => addShape(w, box, makeCircle(0.1), { contactForceThreshold: bad }))).toBe('INVALID_ARGUMENT');
      expect(codeOf(() => setShapeContactForceThreshold(w, shape, bad))).toBe('INVALID_ARGUMENT');
    }
    expect(codeOf(() => setShapeContactForceThreshold(w, 99999 as ShapeId, 1))).toBe('NOT_A_SHAPE'); // on purpose
    expect(getPhysics(w).shapes.count).toBe(shapes);
    expect(getShapeContactForceThreshold(w, shape)).toBe(5);
    expect(getPhysics(w).shapes.forceEventShapes).toBe(1);
    expect(eventsOver(w, 5).every((step) => step.length === 1)).toBe(true);
  });

  it('survive a snapshot: the restored world reports the same events', () => {
    const w = world();
    addGround(w, 40, 1);
    const ids = buildPyramid(w, 5);
    setShapeContactForceThreshold(w, getBodyShapes(w, ids[0])[0], 2);
    run(w, 15);
    const copy = createPhysicsWorldFromSnapshot(takeSnapshot(w));
    expect(getPhysics(copy).shapes.forceEventShapes).toBe(1);
    const mine = eventsOver(w, 20);
    expect(mine.flat().length).toBeGreaterThan(0);
    expect(eventsOver(copy, 20)).toEqual(mine);
  });

  it('are the same on 1, 2 and 3 threads', async () => {
    const runScene = async (threads: number): Promise<ContactForceEvent[][]> => {
      const w = world();
      workerWorlds.push(w);
      addGround(w, 60, 1);
      const ids = [...buildPyramid(w, 12, 0.5, -15), ...buildPyramid(w, 12, 0.5, 15)];
      for (let i = 0; i < ids.length; i += 3) setShapeContactForceThreshold(w, getBodyShapes(w, ids[i])[0], 8);
      await startWorkers(w, threads);
      return eventsOver(w, 40);
    };
    const one = await runScene(1);
    expect(one.flat().length).toBeGreaterThan(20);
    for (const threads of [2, 3]) expect(await runScene(threads)).toEqual(one);
  }, 60_000);
});
