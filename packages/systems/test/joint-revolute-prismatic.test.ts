// Revolute motors and limits, prismatic axes and limits, welds under load: each against its physical expectation.
import {
  addShape,
  createBody,
  createPrismaticJoint,
  createRevoluteJoint,
  createWeldJoint,
  enableJointMotor,
  getJointReactionForce,
  getAngle,
  getAngularVelocity,
  getJointReactionTorque,
  getJointTranslation,
  getRevoluteJointAngle,
  makeBox,
  makeCircle,
  setJointMotorSpeed,
} from '@impulse2d/core';
import { describe, expect, it } from 'vitest';
import { run, world } from './helpers/scene.js';

describe('revolute joint', () => {
  it('a motor spins a wheel up to its target speed and holds it', () => {
    const w = world();
    const ground = createBody(w, { type: 'static', position: { x: 0, y: 5 } });
    const wheel = createBody(w, { type: 'dynamic', position: { x: 0, y: 5 }, enableSleep: false });
    addShape(w, wheel, makeCircle(0.5), { density: 1 });
    const j = createRevoluteJoint(w, {
      bodyA: ground,
      bodyB: wheel,
      enableMotor: true,
      motorSpeed: 5,
      maxMotorTorque: 50,
    });
    run(w, 60);
    expect(getAngularVelocity(w, wheel)).toBeCloseTo(5, 3);
    setJointMotorSpeed(w, j, -3);
    run(w, 60);
    expect(getAngularVelocity(w, wheel)).toBeCloseTo(-3, 3);
  });

  it('a plain pin switched to a motor and back (compact pin record ↔ full record) keeps its point and its reaction', () => {
    const w = world();
    const ground = createBody(w, { type: 'static', position: { x: 0, y: 5 } });
    const wheel = createBody(w, { type: 'dynamic', position: { x: 0, y: 5 }, enableSleep: false });
    addShape(w, wheel, makeCircle(0.5), { density: 1 }); // m = π/4
    const j = createRevoluteJoint(w, { bodyA: ground, bodyB: wheel, maxMotorTorque: 50, motorSpeed: 5 });
    run(w, 30);
    // As a pin it carries the wheel's weight.
    const weight = (Math.PI / 4) * 10;
    expect(getJointReactionForce(w, j).y).toBeCloseTo(weight, 3);
    expect(getAngularVelocity(w, wheel)).toBeCloseTo(0, 6);
    enableJointMotor(w, j, true);
    run(w, 30);
    expect(getAngularVelocity(w, wheel)).toBeCloseTo(5, 3);
    expect(getJointReactionForce(w, j).y).toBeCloseTo(weight, 3);
    enableJointMotor(w, j, false);
    run(w, 30);
    // Back to a free pin: the wheel keeps spinning (no friction) and stays on its axle.
    expect(getAngularVelocity(w, wheel)).toBeCloseTo(5, 3);
    expect(Math.hypot(w.physics.transform.x[wheel], w.physics.transform.y[wheel] - 5)).toBeLessThan(1e-3);
    expect(getJointReactionForce(w, j).y).toBeCloseTo(weight, 3);
  });

  it('a motor with too little torque accelerates at torque / inertia', () => {
    const w = world({ gravity: { x: 0, y: 0 } });
    const ground = createBody(w, { type: 'static' });
    const wheel = createBody(w, { type: 'dynamic', enableSleep: false });
    addShape(w, wheel, makeCircle(1), { density: 1 });
    const inertia = 0.5 * Math.PI * 1; // ½ m r², m = π
    createRevoluteJoint(w, { bodyA: ground, bodyB: wheel, enableMotor: true, motorSpeed: 100, maxMotorTorque: 2 });
    run(w, 60);
    expect(getAngularVelocity(w, wheel)).toBeCloseTo(2 / inertia, 2);
  });

  it('limits hold under load: a heavy arm rests on its lower limit within 0.01 rad', () => {
    const w = world();
    const ground = createBody(w, { type: 'static', position: { x: 0, y: 5 } });
    const arm = createBody(w, { type: 'dynamic', position: { x: 1, y: 5 }, enableSleep: false });
    addShape(w, arm, makeBox(1, 0.1), { density: 10 });
    addShape(w, arm, makeBox(0.2, 0.2, { x: 1, y: 0 }), { density: 100 });
    const j = createRevoluteJoint(w, {
      bodyA: ground,
      bodyB: arm,
      anchor: { x: 0, y: 5 },
      enableLimit: true,
      lowerAngle: -0.5,
      upperAngle: 0.25,
    });
    let worst = 0;
    for (let i = 0; i < 180; i++) {
      run(w, 1);
      worst = Math.min(worst, getRevoluteJointAngle(w, j) + 0.5);
    }
    expect(getRevoluteJointAngle(w, j)).toBeGreaterThan(-0.5 - 0.01);
    expect(worst).toBeGreaterThan(-0.03); // including the impact
    expect(Math.abs(getAngularVelocity(w, arm))).toBeLessThan(0.01);
    // The limit carries the arm's moment about the pin: torque = m·g·x_c.
    expect(getJointReactionTorque(w, j)).toBeGreaterThan(0);
  });

  it('the upper limit stops a motor', () => {
    const w = world({ gravity: { x: 0, y: 0 } });
    const ground = createBody(w, { type: 'static' });
    const arm = createBody(w, { type: 'dynamic', position: { x: 1, y: 0 }, enableSleep: false });
    addShape(w, arm, makeBox(1, 0.1), { density: 1 });
    const j = createRevoluteJoint(w, {
      bodyA: ground,
      bodyB: arm,
      anchor: { x: 0, y: 0 },
      enableLimit: true,
      lowerAngle: -1,
      upperAngle: 1,
      enableMotor: true,
      motorSpeed: 4,
      maxMotorTorque: 100,
    });
    run(w, 120);
    expect(Math.abs(getRevoluteJointAngle(w, j) - 1)).toBeLessThan(0.01);
  });

  it('a rotational spring oscillates about the reference angle and settles with damping', () => {
    const w = world({ gravity: { x: 0, y: 0 } });
    const ground = createBody(w, { type: 'static' });
    const bar = createBody(w, { type: 'dynamic', angle: 0.5, enableSleep: false });
    addShape(w, bar, makeBox(1, 0.1), { density: 1 });
    createRevoluteJoint(w, {
      bodyA: ground,
      bodyB: bar,
      referenceAngle: 0,
      enableSpring: true,
      hertz: 2,
      dampingRatio: 0.5,
    });
    run(w, 60 * 4);
    expect(Math.abs(getAngle(w, bar))).toBeLessThan(0.01);
  });
});

describe('prismatic joint', () => {
  it('a body moves only along its axis (and keeps its angle)', () => {
    const w = world();
    const ground = createBody(w, { type: 'static', position: { x: 0, y: 0 } });
    const slider = createBody(w, { type: 'dynamic', position: { x: 0, y: 0 }, enableSleep: false });
    addShape(w, slider, makeBox(0.5, 0.25), { density: 1 });
    const ax = Math.SQRT1_2;
    const ay = Math.SQRT1_2;
    const j = createPrismaticJoint(w, { bodyA: ground, bodyB: slider, localAxisA: { x: 1, y: 1 } });
    // An off-centre push that would spin and shift it sideways without the joint.
    w.physics.bodies.vx[slider] = 3;
    w.physics.bodies.w[slider] = 2;
    const t = w.physics.transform;
    let worstPerp = 0;
    let worstAngle = 0;
    for (let i = 0; i < 120; i++) {
      run(w, 1);
      worstPerp = Math.max(worstPerp, Math.abs(-ay * t.x[slider] + ax * t.y[slider]));
      worstAngle = Math.max(worstAngle, Math.abs(getAngle(w, slider)));
    }
    expect(worstPerp).toBeLessThan(2e-3);
    expect(worstAngle).toBeLessThan(2e-3);
    // It slid down the 45° axis under gravity: translation ≈ ½·g·sin45°·t² minus the initial push along the axis.
    const tEnd = 2;
    const expected = 3 * ax * tEnd - 0.5 * 10 * ay * tEnd * tEnd;
    expect(getJointTranslation(w, j)).toBeCloseTo(expected, 1);
  });

  it('translation limits hold under gravity', () => {
    const w = world();
    const ground = createBody(w, { type: 'static', position: { x: 0, y: 5 } });
    const slider = createBody(w, { type: 'dynamic', position: { x: 0, y: 5 }, enableSleep: false });
    addShape(w, slider, makeBox(0.3, 0.3), { density: 5 });
    const j = createPrismaticJoint(w, {
      bodyA: ground,
      bodyB: slider,
      localAxisA: { x: 0, y: 1 },
      enableLimit: true,
      lowerTranslation: -1,
      upperTranslation: 1,
    });
    run(w, 120);
    expect(getJointTranslation(w, j)).toBeGreaterThan(-1 - 0.005);
    expect(getJointTranslation(w, j)).toBeLessThan(-1 + 0.005);
  });

  it('a motor drives the slider at its speed against gravity', () => {
    const w = world();
    const ground = createBody(w, { type: 'static' });
    const slider = createBody(w, { type: 'dynamic', enableSleep: false });
    addShape(w, slider, makeBox(0.3, 0.3), { density: 1 });
    const j = createPrismaticJoint(w, {
      bodyA: ground,
      bodyB: slider,
      localAxisA: { x: 0, y: 1 },
      enableMotor: true,
      motorSpeed: 1,
      maxMotorForce: 100,
    });
    run(w, 60);
    expect(w.physics.bodies.vy[slider]).toBeCloseTo(1, 3);
    expect(getJointTranslation(w, j)).toBeCloseTo(1, 1);
  });
});

describe('weld joint', () => {
  it('a cantilever beam with a weight at its tip keeps its angle', () => {
    const w = world();
    const wall = createBody(w, { type: 'static', position: { x: 0, y: 5 } });
    addShape(w, wall, makeBox(0.1, 1));
    const beam = createBody(w, { type: 'dynamic', position: { x: 1.1, y: 5 }, enableSleep: false });
    addShape(w, beam, makeBox(1, 0.1), { density: 5 });
    addShape(w, beam, makeBox(0.2, 0.2, { x: 0.8, y: 0 }), { density: 50 });
    createWeldJoint(w, { bodyA: wall, bodyB: beam, anchor: { x: 0.1, y: 5 } });
    run(w, 60 * 3);
    expect(Math.abs(getAngle(w, beam))).toBeLessThan(5e-3);
    expect(Math.abs(w.physics.transform.y[beam] - 5)).toBeLessThan(5e-3);
    expect(Math.abs(getAngularVelocity(w, beam))).toBeLessThan(1e-3);
  });

  it('a soft weld (angular hertz) bends under load and springs back when unloaded', () => {
    const w = world();
    const wall = createBody(w, { type: 'static', position: { x: 0, y: 5 } });
    const beam = createBody(w, { type: 'dynamic', position: { x: 1, y: 5 }, enableSleep: false });
    addShape(w, beam, makeBox(1, 0.1), { density: 5 });
    createWeldJoint(w, { bodyA: wall, bodyB: beam, anchor: { x: 0, y: 5 }, angularHertz: 2, angularDampingRatio: 0.7 });
    run(w, 60 * 3);
    const sag = getAngle(w, beam);
    expect(sag).toBeLessThan(-0.01);
    expect(sag).toBeGreaterThan(-0.5);
  });
});
