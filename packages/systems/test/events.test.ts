// Events are flat per-step records: exact counts and order in scripted scenes.
import { describe, expect, it } from 'vitest';
import {
  PhysicsError,
  addShape,
  createBody,
  getBodyShapes,
  getBodyMoveEvents,
  getContactBeginEvents,
  getContactEndEvents,
  getContactHitEvents,
  getSensorBeginEvents,
  getSensorEndEvents,
  getShapeHitEvents,
  getSleepEvents,
  makeBox,
  makeCircle,
  setLinearVelocity,
  setShapeHitEvents,
  type BodyId,
} from '@impulse2d/core';
import { stepPhysics } from '@impulse2d/systems';
import { addGround, world } from './helpers/scene.js';

// Events must not depend on the solver mode: every scenario runs in both.
describe.each(['soft', 'classic'] as const)('events (%s solver)', (solver) => {
  it('a ball bouncing three times gives three begin and three end events, alternating, and hits at e^k·v0', () => {
    const w = world({ enableSleep: false, solver });
    const ground = addGround(w);
    const ball = createBody(w, { type: 'dynamic', position: { x: 0, y: 5 } });
    const shape = addShape(w, ball, makeCircle(0.25), { restitution: 0.6, enableHitEvents: true });
    const log: string[] = [];
    const hits: number[] = [];
    for (let step = 0; step < 600 && log.filter((e) => e === 'end').length < 3; step++) {
      stepPhysics(w, 1 / 60);
      for (const e of getContactBeginEvents(w)) {
        log.push('begin');
        expect([e.bodyA, e.bodyB].sort()).toEqual([ground, ball].sort());
        expect(e.shapeA === shape || e.shapeB === shape).toBe(true);
        expect(e.points.length).toBe(1);
        expect(Math.abs(e.normal.y)).toBeCloseTo(1, 6);
      }
      for (const e of getContactEndEvents(w)) {
        log.push('end');
        expect([e.bodyA, e.bodyB].sort()).toEqual([ground, ball].sort());
      }
      for (const h of getContactHitEvents(w)) hits.push(h.approachSpeed);
    }
    expect(log).toEqual(['begin', 'end', 'begin', 'end', 'begin', 'end']);
    // Impact speed from 4.75 m of free fall (centre 5 → 0.25), then each rebound keeps 60% of it.
    const v0 = Math.sqrt(2 * 10 * 4.75);
    expect(hits.length).toBe(3);
    // Classic solves the whole 1/60 s step at once (no substeps), so each rebound may lose up to one step of
    // gravity, g·dt = 0.17 m/s, against the soft step's quarter of it: by the third hit (3.5 m/s) up to 8 % low.
    const low = solver === 'classic' ? 0.9 : 0.93;
    for (let k = 0; k < 3; k++) expect(hits[k]).toBeGreaterThan(v0 * 0.6 ** k * low);
    for (let k = 0; k < 3; k++) expect(hits[k]).toBeLessThan(v0 * 0.6 ** k * 1.03);
  });

  it('hit events come only from contacts with a shape that enables them, on either side, switched on and off', () => {
    // Three balls dropped side by side on one ground: the ground's shape enables nothing, the first ball its hits.
    const w = world({ enableSleep: false, solver });
    const ground = createBody(w, { type: 'static', position: { x: 0, y: 0 } });
    const groundShape = addShape(w, ground, makeBox(20, 0.5));
    const drop = (x: number, enableHitEvents: boolean): BodyId => {
      const b = createBody(w, { type: 'dynamic', position: { x, y: 3 } });
      addShape(w, b, makeCircle(0.25), { enableHitEvents });
      return b;
    };
    const balls = [drop(-4, true), drop(0, false), drop(4, false)];
    const first = balls[0];
    expect(getShapeHitEvents(w, groundShape)).toBe(false);
    const hitBodies = (steps: number): number[] => {
      const seen: number[] = [];
      for (let i = 0; i < steps; i++) {
        stepPhysics(w, 1 / 60);
        for (const h of getContactHitEvents(w)) seen.push(h.bodyA === ground ? h.bodyB : h.bodyA);
      }
      return seen;
    };
    // The first landing (falling 2.25 m, 6.7 m/s): only the ball that asked. Then they rest, touching the ground.
    const firstLanding = hitBodies(90);
    expect(firstLanding.length).toBeGreaterThan(0);
    expect(firstLanding.every((b) => b === first)).toBe(true);
    // The ground asks too: every ball pushed into it reports, though its contact has touched all along.
    setShapeHitEvents(w, groundShape, true);
    expect(getShapeHitEvents(w, groundShape)).toBe(true);
    const launch = (): void => {
      for (const b of balls) setLinearVelocity(w, b, { x: 0, y: -6 });
    };
    launch();
    expect(new Set(hitBodies(20)).size).toBe(3);
    // And off again: nothing, however hard they land.
    setShapeHitEvents(w, groundShape, false);
    for (const b of balls) setShapeHitEvents(w, getBodyShapes(w, b)[0], false);
    launch();
    expect(hitBodies(20)).toEqual([]);
    expect(() => setShapeHitEvents(w, groundShape, 1 as unknown as boolean)).toThrow(PhysicsError);
  });

  it('a sensor reports a falling box once on entry and once on exit, and does not stop it', () => {
    const w = world({ enableSleep: false, solver });
    const sensorBody = createBody(w, { type: 'static', position: { x: 0, y: 5 } });
    const sensor = addShape(w, sensorBody, makeBox(2, 0.5), { isSensor: true });
    const box = createBody(w, { type: 'dynamic', position: { x: 0, y: 10 } });
    addShape(w, box, makeBox(0.25, 0.25));
    const log: string[] = [];
    for (let step = 0; step < 120; step++) {
      stepPhysics(w, 1 / 60);
      for (const e of getSensorBeginEvents(w)) {
        expect(e.shapeA).toBe(sensor);
        expect(e.bodyB).toBe(box);
        log.push('in@' + w.physics.transform.y[box].toFixed(1));
      }
      for (const e of getSensorEndEvents(w)) {
        expect(e.shapeA).toBe(sensor);
        log.push('out');
      }
    }
    expect(log.length).toBe(2);
    expect(log[0].startsWith('in@')).toBe(true);
    expect(log[1]).toBe('out');
    // Entered near the sensor's top face (y = 5.5 + 0.25) and then fell through freely.
    expect(Number(log[0].slice(3))).toBeGreaterThan(5.2);
    expect(w.physics.transform.y[box]).toBeLessThan(0);
  });

  it('body moved events list each awake body once per step with its transform; sleep events mark falling asleep', () => {
    const w = world({ enableSleep: true, solver });
    addGround(w);
    const a = createBody(w, { type: 'dynamic', position: { x: 0, y: 0.5 } });
    addShape(w, a, makeBox(0.5, 0.5));
    const b = createBody(w, { type: 'dynamic', position: { x: 3, y: 4 } });
    addShape(w, b, makeBox(0.5, 0.5));
    stepPhysics(w, 1 / 60);
    const moved = getBodyMoveEvents(w);
    expect(moved.map((m) => m.body)).toEqual([a, b]);
    expect(moved[1].y).toBe(w.physics.transform.y[b]);
    let sleptAt = -1;
    for (let step = 0; step < 300 && sleptAt < 0; step++) {
      stepPhysics(w, 1 / 60);
      const fell = getBodyMoveEvents(w)
        .filter((m) => m.fellAsleep)
        .map((m) => m.body);
      const sleeps = getSleepEvents(w)
        .filter((e) => e.asleep)
        .map((e) => e.body);
      expect(sleeps).toEqual(fell);
      if (fell.includes(a)) sleptAt = step;
    }
    expect(sleptAt).toBeGreaterThan(25);
    // Once everything sleeps, nothing is reported moving.
    for (let step = 0; step < 120; step++) stepPhysics(w, 1 / 60);
    expect(getBodyMoveEvents(w)).toEqual([]);
  });
});
