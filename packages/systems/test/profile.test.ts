// getProfile reports the last step: stage times in ms (finite, ≥ 0, the stages within the total) and counters that
// match a scene whose contacts are known.
import { describe, expect, it } from 'vitest';
import { addShape, createBody, getProfile, makeBox, makeCircle } from '@impulse2d/core';
import { stepPhysics } from '@impulse2d/systems';
import { addGround, world } from './helpers/scene.js';

describe('getProfile', () => {
  it('after a step of a known scene: finite non-negative times and exact body/shape/contact/touching counts', () => {
    const w = world({ enableSleep: false, enableProfiling: true });
    addGround(w, 20, 1); // body 1 (static), 1 shape
    // Two boxes resting on the ground (touching it), one box resting on the first (touching it only).
    const a = createBody(w, { type: 'dynamic', position: { x: -3, y: 0.5 } });
    addShape(w, a, makeBox(0.5, 0.5));
    const b = createBody(w, { type: 'dynamic', position: { x: 3, y: 0.5 } });
    addShape(w, b, makeBox(0.5, 0.5));
    const c = createBody(w, { type: 'dynamic', position: { x: -3, y: 1.5 } });
    addShape(w, c, makeBox(0.5, 0.5));
    // A circle 5 cm above the ground: fat boxes overlap (margin 0.1 m) so a contact exists, but 5 cm is beyond the
    // speculative distance (2 cm), so it has no points: a contact, not touching.
    const d = createBody(w, { type: 'dynamic', position: { x: 8, y: 0.55 } });
    addShape(w, d, makeCircle(0.5));
    // A circle far away in the air: no contact.
    const e = createBody(w, { type: 'dynamic', position: { x: 0, y: 30 } });
    addShape(w, e, makeCircle(0.5));

    stepPhysics(w, 1 / 60);
    const p = getProfile(w);
    for (const key of ['broadphase', 'narrowphase', 'prepare', 'solve', 'continuous', 'finalize', 'total'] as const) {
      expect(Number.isFinite(p[key]), key).toBe(true);
      expect(p[key], key).toBeGreaterThanOrEqual(0);
    }
    const stages = p.broadphase + p.narrowphase + p.prepare + p.solve + p.continuous + p.finalize;
    expect(stages).toBeLessThanOrEqual(p.total + 1e-6);
    expect(p.total).toBeGreaterThan(0);
    expect(p.bodyCount).toBe(6);
    expect(p.awakeBodyCount).toBe(5);
    expect(p.shapeCount).toBe(6);
    // a–ground, b–ground, c–a, d–ground. c is 1 m above the ground (fat boxes apart), e is far away.
    expect(p.contactCount).toBe(4);
    expect(p.touchingCount).toBe(3);
    expect(p.constraintCount).toBe(3);
    expect(p.stepCount).toBe(1);

    stepPhysics(w, 1 / 60);
    expect(getProfile(w).stepCount).toBe(2);
    // The snapshot is a copy: later steps do not change it.
    expect(p.stepCount).toBe(1);
  });

  it('the counters follow the scene: after the hovering circle lands it is touching too', () => {
    const w = world({ enableSleep: false });
    addGround(w, 20, 1);
    const d = createBody(w, { type: 'dynamic', position: { x: 0, y: 0.55 } });
    addShape(w, d, makeCircle(0.5));
    stepPhysics(w, 1 / 60);
    expect(getProfile(w).contactCount).toBe(1);
    expect(getProfile(w).touchingCount).toBe(0);
    for (let i = 0; i < 30; i++) stepPhysics(w, 1 / 60);
    expect(getProfile(w).contactCount).toBe(1);
    expect(getProfile(w).touchingCount).toBe(1);
    expect(getProfile(w).constraintCount).toBe(1);
  });

  it('a zero-length step runs the collision stages but not the solver', () => {
    const w = world();
    addGround(w, 20, 1);
    const a = createBody(w, { type: 'dynamic', position: { x: 0, y: 0.5 } });
    addShape(w, a, makeBox(0.5, 0.5));
    stepPhysics(w, 0);
    const p = getProfile(w);
    expect(p.touchingCount).toBe(1);
    expect(p.solve).toBe(0);
    expect(w.physics.transform.y[a]).toBe(0.5);
  });

  it('with profiling off (the default) every stage time is 0 and the counts are still kept', () => {
    const w = world({ enableSleep: false });
    addGround(w, 20, 1);
    const a = createBody(w, { type: 'dynamic', position: { x: 0, y: 0.5 } });
    addShape(w, a, makeBox(0.5, 0.5));
    stepPhysics(w, 1 / 60);
    const p = getProfile(w);
    for (const key of ['broadphase', 'narrowphase', 'prepare', 'solve', 'continuous', 'finalize', 'total'] as const) {
      expect(p[key], key).toBe(0);
    }
    expect(p.touchingCount).toBe(1);
    expect(p.stepCount).toBe(1);
  });
});
