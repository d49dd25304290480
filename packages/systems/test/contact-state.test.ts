// Contact and sensor state between steps: getBodyContacts / getShapeContacts (and their …Into forms), sensor overlaps
// and switching sensors off and on.
import {
  ContactData,
  PhysicsError,
  ShapeHits,
  addShape,
  createBody,
  createPhysicsWorldFromSnapshot,
  getBodyContacts,
  getBodyContactsInto,
  getSensorBeginEvents,
  getSensorEndEvents,
  getSensorOverlaps,
  getSensorOverlapsInto,
  getShapeContacts,
  getShapeContactsInto,
  isSensorEnabled,
  makeBox,
  makeCircle,
  setPreSolve,
  setSensorEnabled,
  takeSnapshot,
  type PhysicsWorld,
  type ShapeId,
  type BodyId,
} from '@impulse2d/core';
import { startWorkers, stepPhysics, stopWorkers } from '@impulse2d/systems';
import { describe, expect, it } from 'vitest';
import { DT, run, world } from './helpers/scene.js';

function ground(w: PhysicsWorld): { body: BodyId; shape: ShapeId } {
  const body = createBody(w, { type: 'static', position: { x: 0, y: -1 } });
  return { body, shape: addShape(w, body, makeBox(20, 1)) };
}

function box(w: PhysicsWorld, x: number, y = 0.5): { body: BodyId; shape: ShapeId } {
  const body = createBody(w, { type: 'dynamic', position: { x, y } });
  return { body, shape: addShape(w, body, makeBox(0.5, 0.5), { density: 1 }) };
}

/** Shape order, the order of listed shapes and contacts: descending shape handles (state/shape-handle.ts). */
const inShapeOrder = (a: number, b: number): number => b - a;

describe('contact state', () => {
  it('a resting box has one contact with the ground: two points on it, normal up, its weight in the impulses', () => {
    const w = world({ enableSleep: false });
    const g = ground(w);
    const b = box(w, 1);
    run(w, 60);
    const contacts = getBodyContacts(w, b.body);
    expect(contacts).toHaveLength(1);
    const c = contacts[0];
    expect([c.shapeA, c.shapeB, c.bodyA, c.bodyB]).toEqual([g.shape, b.shape, g.body, b.body]);
    expect(c.normal).toEqual({ x: 0, y: 1 });
    expect(c.points).toHaveLength(2);
    const xs = c.points.map((q) => q.x).sort((u, v) => u - v);
    expect(Math.abs(xs[0] - 0.5)).toBeLessThan(0.01);
    expect(Math.abs(xs[1] - 1.5)).toBeLessThan(0.01);
    for (const q of c.points) {
      expect(Math.abs(q.y)).toBeLessThan(0.01);
      expect(Math.abs(q.separation)).toBeLessThan(0.01);
      expect(Math.abs(q.tangentImpulse)).toBeLessThan(1e-6);
    }
    // The accumulated impulse of a substep (h = dt/4) holds up m·g: 1 kg · 10 m/s² · h in all.
    const total = c.points[0].normalImpulse + c.points[1].normalImpulse;
    expect(Math.abs(total - (10 * DT) / 4) / ((10 * DT) / 4)).toBeLessThan(0.02);
    // The same contact seen from the ground's shape, and in the columns of the …Into forms.
    expect(getShapeContacts(w, g.shape)).toEqual(contacts);
    const data = new ContactData(1);
    expect(getBodyContactsInto(w, b.body, data)).toBe(1);
    expect([data.shapeA[0], data.shapeB[0], data.normalY[0], data.pointCount[0]]).toEqual([g.shape, b.shape, 1, 2]);
    expect(data.normalImpulse[0] + data.normalImpulse[1]).toBe(total);
  });

  it('lists a body’s contacts in shape order, and a shape’s only its own; Into reuses its columns', () => {
    const w = world({ enableSleep: false });
    const g = ground(w);
    const boxes = [box(w, 4), box(w, -4), box(w, 0)];
    // A second shape on the middle box's body, resting on the box to its right.
    const wide = createBody(w, { type: 'dynamic', position: { x: 2, y: 0.5 } });
    const wideShapes = [
      addShape(w, wide, makeBox(0.5, 0.5, { x: -0.5, y: 0 })),
      addShape(w, wide, makeCircle(0.3, { x: 0.7, y: -0.2 })),
    ];
    run(w, 30);
    const all = getBodyContacts(w, g.body);
    const keys = all.map((c) => [c.shapeA, c.shapeB]);
    expect(keys).toEqual([...keys].sort((a, b) => inShapeOrder(a[0], b[0]) || inShapeOrder(a[1], b[1])));
    const others = all.map((c) => c.shapeB).sort(inShapeOrder);
    expect(others).toEqual([...boxes.map((b) => b.shape), ...wideShapes].sort(inShapeOrder));
    expect(getShapeContacts(w, wideShapes[1]).map((c) => c.shapeB)).toEqual([wideShapes[1]]);
    const data = new ContactData(2);
    getBodyContactsInto(w, g.body, data);
    const column = data.pointX;
    for (let i = 0; i < 3; i++) getBodyContactsInto(w, g.body, data);
    expect(data.pointX).toBe(column); // grown once, reused since
    expect(getShapeContactsInto(w, g.shape, data)).toBe(all.length);
  });

  it('leaves out sensor contacts and contacts passing through a one-way shape; keeps contacts the pre-solve vetoes', () => {
    const w = world({ enableSleep: false, gravity: { x: 0, y: 0 } });
    const g = ground(w);
    const sensorBody = createBody(w, { type: 'static', position: { x: 5, y: 3 } });
    addShape(w, sensorBody, makeBox(1, 1), { isSensor: true });
    const inSensor = box(w, 5, 3);
    const platformBody = createBody(w, { type: 'static', position: { x: -5, y: 3 } });
    const platform = addShape(w, platformBody, makeBox(1, 0.1), { oneWayNormal: { x: 0, y: 1 } });
    const through = box(w, -5, 2.39); // its top 1 cm under the platform: the touch begins from below
    const b = box(w, 0); // resting on the ground
    run(w, 2);
    expect(getBodyContacts(w, inSensor.body)).toEqual([]);
    expect(getShapeContacts(w, platform)).toEqual([]);
    expect(getBodyContacts(w, through.body)).toEqual([]);
    expect(w.physics.contacts.flags.some((f) => f === 8)).toBe(true); // the platform's contact exists, passing
    expect(getBodyContacts(w, b.body).map((c) => c.shapeA)).toEqual([g.shape]);
    setPreSolve(w, () => false);
    stepPhysics(w, DT);
    expect(getBodyContacts(w, b.body)).toHaveLength(1);
  });

  it('refuses bad handles and buffers with typed errors', () => {
    const w = world();
    const g = ground(w);
    expect(() => getBodyContacts(w, 4242 as BodyId)).toThrow(PhysicsError); // not handles, on purpose
    expect(() => getShapeContacts(w, 4242 as ShapeId)).toThrow(PhysicsError);
    expect(() => getBodyContactsInto(w, g.body, {} as ContactData)).toThrow(PhysicsError);
    expect(() => getShapeContactsInto(w, g.shape, new ShapeHits() as never)).toThrow(PhysicsError);
    run(w, 2);
  });
});

describe('sensor state', () => {
  /** A static sensor box 4 × 1 m at height 5 and `n` small balls in a row that fall through it. */
  function scene(n: number): { w: PhysicsWorld; sensor: ShapeId; balls: ShapeId[] } {
    const w = world({ enableSleep: false });
    const s = createBody(w, { type: 'static', position: { x: 0, y: 5 } });
    const sensor = addShape(w, s, makeBox(2, 0.5), { isSensor: true });
    const balls: ShapeId[] = [];
    for (let i = 0; i < n; i++) {
      const b = createBody(w, { type: 'dynamic', position: { x: -1.5 + i, y: 6 } });
      balls.push(addShape(w, b, makeCircle(0.2)));
    }
    return { w, sensor, balls };
  }

  it('lists the shapes inside now, in shape order, and none once they have left', () => {
    const { w, sensor, balls } = scene(4);
    const seen: ShapeId[][] = [];
    for (let i = 0; i < 90; i++) {
      stepPhysics(w, DT);
      seen.push(getSensorOverlaps(w, sensor));
    }
    // While inside (the balls fall side by side), all four at once, in handle order.
    expect(seen.some((s) => s.length === 4)).toBe(true);
    for (const s of seen) expect(s).toEqual([...s].sort(inShapeOrder));
    expect(seen.filter((s) => s.length === 4)[0]).toEqual([...balls].sort(inShapeOrder));
    expect(seen[seen.length - 1]).toEqual([]);
    const hits = new ShapeHits();
    expect(getSensorOverlapsInto(w, sensor, hits)).toBe(0);
  });

  it('switched off: its overlaps end at once with end events, it reports nothing; switched on, it finds them again', () => {
    const { w, sensor, balls } = scene(3);
    run(w, 20); // the balls are inside the sensor for the next ten steps or so
    const inside = getSensorOverlaps(w, sensor);
    expect(inside).toEqual([...balls].sort(inShapeOrder));
    setSensorEnabled(w, sensor, false);
    expect(isSensorEnabled(w, sensor)).toBe(false);
    expect(getSensorOverlaps(w, sensor)).toEqual([]);
    expect(
      getSensorEndEvents(w)
        .map((e) => e.shapeB)
        .sort(inShapeOrder),
    ).toEqual(inside);
    for (let i = 0; i < 3; i++) {
      stepPhysics(w, DT);
      expect(getSensorBeginEvents(w)).toEqual([]);
      expect(getSensorOverlaps(w, sensor)).toEqual([]);
    }
    setSensorEnabled(w, sensor, true);
    setSensorEnabled(w, sensor, true); // already on: nothing
    stepPhysics(w, DT);
    const back = getSensorOverlaps(w, sensor);
    expect(back.length).toBeGreaterThan(0);
    expect(
      getSensorBeginEvents(w)
        .map((e) => e.shapeB)
        .sort(inShapeOrder),
    ).toEqual(back);
  });

  it('the switch survives a snapshot: a restored sensor that was off stays silent, and can be switched on', () => {
    const { w, sensor } = scene(3);
    run(w, 20);
    setSensorEnabled(w, sensor, false);
    const copy = createPhysicsWorldFromSnapshot(takeSnapshot(w));
    expect(isSensorEnabled(copy, sensor)).toBe(false);
    run(copy, 3);
    run(w, 3);
    expect(getSensorOverlaps(copy, sensor)).toEqual([]);
    expect(Buffer.from(takeSnapshot(copy)).equals(Buffer.from(takeSnapshot(w)))).toBe(true);
    setSensorEnabled(copy, sensor, true);
    stepPhysics(copy, DT);
    expect(getSensorOverlaps(copy, sensor).length).toBeGreaterThan(0);
  });

  it('refuses non-sensor shapes and bad flags with typed errors, world unchanged', () => {
    const { w, sensor, balls } = scene(1);
    run(w, 5);
    const before = Buffer.from(takeSnapshot(w));
    expect(() => getSensorOverlaps(w, balls[0])).toThrow(/not a sensor/);
    expect(() => getSensorOverlapsInto(w, balls[0], new ShapeHits())).toThrow(PhysicsError);
    expect(() => getSensorOverlapsInto(w, sensor, new ContactData() as never)).toThrow(PhysicsError);
    expect(() => setSensorEnabled(w, balls[0], false)).toThrow(PhysicsError);
    expect(() => setSensorEnabled(w, sensor, 0 as never)).toThrow(PhysicsError);
    expect(() => isSensorEnabled(w, balls[0])).toThrow(PhysicsError);
    expect(() => setSensorEnabled(w, 9999 as ShapeId, false)).toThrow(PhysicsError); // not a handle, on purpose
    expect(Buffer.from(takeSnapshot(w)).equals(before)).toBe(true);
    run(w, 5);
  });

  it('gives the same bits and overlaps on 1 and 3 threads with sensors switched off and on', async () => {
    const runScene = async (threads: number): Promise<{ state: Uint8Array; log: number[] }> => {
      const w = world({ enableSleep: false });
      ground(w);
      const sensors: ShapeId[] = [];
      for (let k = 0; k < 8; k++) {
        const s = createBody(w, { type: 'static', position: { x: -14 + 4 * k, y: 3 } });
        sensors.push(addShape(w, s, makeBox(1.8, 1), { isSensor: true }));
      }
      for (let i = 0; i < 12; i++)
        for (let j = 0; j < 30; j++) {
          const b = createBody(w, { type: 'dynamic', position: { x: -15 + j + 0.03 * i, y: 6 + 1.05 * i } });
          addShape(w, b, (i + j) % 2 === 0 ? makeCircle(0.4) : makeBox(0.4, 0.4));
        }
      if (threads > 1) await startWorkers(w, threads);
      const log: number[] = [];
      for (let i = 0; i < 150; i++) {
        if (i % 20 === 10) setSensorEnabled(w, sensors[(i / 10) % 8], i % 40 !== 10);
        stepPhysics(w, DT);
        for (const s of sensors) log.push(...getSensorOverlaps(w, s), -1);
      }
      const state = takeSnapshot(w);
      await stopWorkers(w);
      return { state, log };
    };
    const one = await runScene(1);
    const three = await runScene(3);
    expect(three.log).toEqual(one.log);
    expect(Buffer.from(three.state).equals(Buffer.from(one.state))).toBe(true);
  }, 60_000);
});
