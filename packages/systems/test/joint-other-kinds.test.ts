// Pulley, distance (rope, spring), mouse and motor joints against their physical expectations.
import {
  addShape,
  createBody,
  createDistanceJoint,
  createMotorJoint,
  createMouseJoint,
  createPulleyJoint,
  getAngle,
  getJointCurrentLength,
  getJointReactionForce,
  getMass,
  makeBox,
  makeCircle,
  setMouseJointTarget,
  type PhysicsWorld,
} from '@impulse2d/core';
import { describe, expect, it } from 'vitest';
import { run, world } from './helpers/scene.js';

function ropeLength(w: PhysicsWorld, body: number, gx: number, gy: number): number {
  const t = w.physics.transform;
  return Math.hypot(t.x[body] - gx, t.y[body] - gy);
}

describe('pulley joint', () => {
  it('keeps lengthA + ratio·lengthB constant while the heavier side goes down', () => {
    const w = world();
    const ground = createBody(w, { type: 'static', position: { x: 0, y: 20 } });
    const a = createBody(w, { type: 'dynamic', position: { x: -3, y: 12 }, enableSleep: false });
    addShape(w, a, makeBox(0.5, 0.5), { density: 2 });
    const b = createBody(w, { type: 'dynamic', position: { x: 3, y: 10 }, enableSleep: false });
    addShape(w, b, makeBox(0.5, 0.5), { density: 1 });
    const ratio = 1.5;
    createPulleyJoint(w, {
      bodyA: a,
      bodyB: b,
      groundAnchorA: { x: -3, y: 18 },
      groundAnchorB: { x: 3, y: 18 },
      ratio,
    });
    void ground;
    const total0 = ropeLength(w, a, -3, 18) + ratio * ropeLength(w, b, 3, 18);
    const y0 = w.physics.transform.y[a];
    let worst = 0;
    for (let i = 0; i < 90; i++) {
      run(w, 1);
      const total = ropeLength(w, a, -3, 18) + ratio * ropeLength(w, b, 3, 18);
      worst = Math.max(worst, Math.abs(total - total0));
    }
    // A (2 kg·m² of box, mass 2) outweighs B's effective weight ratio·1 = 1.5: A goes down.
    expect(w.physics.transform.y[a]).toBeLessThan(y0 - 0.5);
    expect(worst / total0).toBeLessThan(1e-3);
  });
});

describe('distance joint', () => {
  it('a rope (max length only) is slack when short and holds at its length when taut', () => {
    const w = world();
    const ground = createBody(w, { type: 'static', position: { x: 0, y: 10 } });
    const ball = createBody(w, { type: 'dynamic', position: { x: 0, y: 9 }, enableSleep: false });
    addShape(w, ball, makeCircle(0.1), { density: 10 });
    const j = createDistanceJoint(w, { bodyA: ground, bodyB: ball, maxLength: 3 });
    // Free fall while slack: after 0.3 s the ball has fallen ½·g·t² = 0.45 m.
    run(w, 18);
    expect(Math.abs(getJointCurrentLength(w, j) - 1.45)).toBeLessThan(0.01);
    run(w, 120);
    expect(getJointCurrentLength(w, j)).toBeGreaterThan(2.98);
    expect(getJointCurrentLength(w, j)).toBeLessThan(3.02);
  });

  it('a spring hangs at rest length + m·g/k', () => {
    const w = world();
    const ground = createBody(w, { type: 'static', position: { x: 0, y: 10 } });
    const ball = createBody(w, { type: 'dynamic', position: { x: 0, y: 8 }, enableSleep: false });
    addShape(w, ball, makeCircle(0.1), { density: 10 });
    const m = getMass(w, ball);
    const hertz = 2;
    const j = createDistanceJoint(w, {
      bodyA: ground,
      bodyB: ball,
      length: 2,
      enableSpring: true,
      hertz,
      dampingRatio: 1,
    });
    run(w, 60 * 5);
    const k = m * (2 * Math.PI * hertz) ** 2;
    expect(getJointCurrentLength(w, j)).toBeCloseTo(2 + (m * 10) / k, 3);
    expect(getJointReactionForce(w, j).y).toBeCloseTo(m * 10, 2);
  });
});

describe('mouse joint', () => {
  it('drags a body to the target and follows it', () => {
    const w = world();
    const ground = createBody(w, { type: 'static' });
    const box = createBody(w, { type: 'dynamic', position: { x: 0, y: 2 }, enableSleep: false });
    addShape(w, box, makeBox(0.5, 0.5), { density: 1 });
    const m = getMass(w, box);
    const j = createMouseJoint(w, {
      bodyA: ground,
      bodyB: box,
      target: { x: 0, y: 2 },
      maxForce: 1000 * m,
      hertz: 5,
      dampingRatio: 0.7,
    });
    setMouseJointTarget(w, j, { x: 3, y: 4 });
    run(w, 120);
    const t = w.physics.transform;
    // It hangs below the target by m·g/k (k = m·(2π·5)²): 1 cm.
    expect(t.x[box]).toBeCloseTo(3, 2);
    expect(t.y[box] - 4).toBeCloseTo(-10 / (2 * Math.PI * 5) ** 2, 2);
  });

  it('cannot pull harder than maxForce', () => {
    const w = world();
    const ground = createBody(w, { type: 'static' });
    const box = createBody(w, { type: 'dynamic', position: { x: 0, y: 0 }, enableSleep: false });
    addShape(w, box, makeBox(0.5, 0.5), { density: 1 });
    const m = getMass(w, box);
    // Half the weight: it falls at g/2.
    createMouseJoint(w, { bodyA: ground, bodyB: box, target: { x: 0, y: 100 }, maxForce: 0.5 * m * 10, hertz: 5 });
    run(w, 60);
    expect(w.physics.bodies.vy[box]).toBeCloseTo(-5, 1);
  });
});

describe('motor joint', () => {
  it('drives a body to its linear and angular offsets relative to another', () => {
    const w = world({ gravity: { x: 0, y: 0 } });
    const ground = createBody(w, { type: 'static', position: { x: 1, y: 1 } });
    const box = createBody(w, { type: 'dynamic', position: { x: 0, y: 0 }, enableSleep: false });
    addShape(w, box, makeBox(0.5, 0.5), { density: 1 });
    createMotorJoint(w, {
      bodyA: ground,
      bodyB: box,
      linearOffset: { x: 2, y: 0 },
      angularOffset: 0.5,
      maxForce: 100,
      maxTorque: 100,
      correctionFactor: 0.3,
    });
    run(w, 120);
    const t = w.physics.transform;
    expect(t.x[box]).toBeCloseTo(3, 3);
    expect(t.y[box]).toBeCloseTo(1, 3);
    expect(getAngle(w, box)).toBeCloseTo(0.5, 3);
  });
});
