// Characters and bodies: riding kinematic platforms and dynamic bodies, pushing crates by their mass, weighing on
// what they stand on, holding up what falls on them, and waking what they touch.
import {
  addShape,
  createBody,
  createCharacter,
  createRevoluteJoint,
  getAngle,
  getLinearVelocity,
  getPosition,
  isAwake,
  makeBox,
  MOVER_SKIN,
  setLinearVelocity,
  type PhysicsWorld,
  type BodyId,
} from '@impulse2d/core';
import { stepPhysics } from '@impulse2d/systems';
import { describe, expect, it } from 'vitest';
import { addGround, world } from './helpers/scene.js';
import { characterGap, DT, Walker } from './helpers/character-scenes.js';

const REST = 0.9 + 2 * MOVER_SKIN;

function platform(w: PhysicsWorld, vx: number, vy: number, y = 0): BodyId {
  const b = createBody(w, { type: 'kinematic', position: { x: 0, y }, linearVelocity: { x: vx, y: vy } });
  addShape(w, b, makeBox(3, 0.25));
  return b;
}

describe('riding', () => {
  it('is carried by a kinematic platform at 2 m/s: its place on the platform holds to a micrometre, step after step', () => {
    const w = world();
    const plat = platform(w, 2, 0);
    const c = createCharacter(w, { position: { x: 0.5, y: 0.25 + REST } });
    const walker = new Walker(w, c);
    walker.step(0);
    const offset = getPosition(w, c).x - getPosition(w, plat).x;
    for (let i = 0; i < 120; i++) {
      const s = walker.step(0);
      expect(s.grounded).toBe(true);
      expect(s.groundBody).toBe(plat);
      expect(s.translation.x).toBeCloseTo(2 * DT, 9);
      expect(getPosition(w, c).x - getPosition(w, plat).x).toBeCloseTo(offset, 6);
      expect(getPosition(w, c).y).toBeCloseTo(0.25 + REST, 9);
    }
  });

  it('walks on a moving platform at its own speed relative to it', () => {
    const w = world();
    const plat = platform(w, 2, 0);
    const c = createCharacter(w, { position: { x: 1, y: 0.25 + REST } });
    const walker = new Walker(w, c);
    walker.step(0);
    const start = getPosition(w, c).x - getPosition(w, plat).x;
    for (let i = 0; i < 60; i++) walker.step(-1.5);
    expect(getPosition(w, c).x - getPosition(w, plat).x).toBeCloseTo(start - 1.5, 6);
  });

  it('rides an elevator up and down at 2 m/s, grounded on it at the rest gap every step', () => {
    for (const vy of [2, -2]) {
      const w = world();
      const plat = platform(w, 0, 0, 5);
      const c = createCharacter(w, { position: { x: 0, y: 5.25 + REST } });
      const walker = new Walker(w, c);
      // It stands on the elevator, which then starts.
      walker.step(0);
      setLinearVelocity(w, plat, { x: 0, y: vy });
      for (let i = 0; i < 90; i++) {
        const s = walker.step(0);
        expect(s.grounded).toBe(true);
        expect(s.groundBody).toBe(plat);
        expect(getPosition(w, c).y - getPosition(w, plat).y).toBeCloseTo(0.25 + REST, 6);
        expect(characterGap(w, c)).toBeGreaterThanOrEqual(MOVER_SKIN - 1e-9);
      }
    }
  });

  it('rides a dynamic box sliding on ice', () => {
    const w = world();
    addGround(w, 100, 1, 0);
    const box = createBody(w, { type: 'dynamic', position: { x: 0, y: 0.5 } });
    addShape(w, box, makeBox(1, 0.5), { density: 10, friction: 0 });
    const c = createCharacter(w, { position: { x: 0, y: 1 + REST } });
    const walker = new Walker(w, c);
    for (let i = 0; i < 30; i++) walker.step(0);
    setLinearVelocity(w, box, { x: 2, y: 0 });
    const offset = getPosition(w, c).x - getPosition(w, box).x;
    for (let i = 0; i < 120; i++) {
      const s = walker.step(0);
      expect(s.grounded).toBe(true);
      expect(s.groundBody).toBe(box);
    }
    expect(getPosition(w, box).x).toBeGreaterThan(3);
    // It kept its place on the box to 2 mm over 4 m (the box's velocity changes a little within a step).
    expect(Math.abs(getPosition(w, c).x - getPosition(w, box).x - offset)).toBeLessThan(2e-3);
  });
});

describe('pushing', () => {
  /**
   * A character walking at 2 m/s into a crate of `mass` kg (1 m wide) on ground of friction `friction`. The crate
   * does not turn (fixedRotation), so that the push is all linear.
   */
  function push(mass: number, friction: number, steps: number): { v1: number; moved: number; w: PhysicsWorld } {
    const w = world();
    addGround(w, 100, 1, friction);
    const box = createBody(w, { type: 'dynamic', position: { x: 2, y: 0.5 }, fixedRotation: true });
    addShape(w, box, makeBox(0.5, 0.5), { density: mass, friction });
    const c = createCharacter(w, { position: { x: 0, y: REST } });
    const walker = new Walker(w, c);
    for (let i = 0; i < 30; i++) stepPhysics(w, DT);
    let v1 = NaN;
    for (let i = 0; i < steps; i++) {
      walker.step(2);
      const v = getLinearVelocity(w, box).x;
      if (Number.isNaN(v1) && v > 0) v1 = v;
    }
    return { v1, moved: getPosition(w, box).x - 2, w };
  }

  it('gives a 1 kg crate on ice nearly its speed at once, and a 1,000 kg crate the push of 800 N (the masses decide)', () => {
    const light = push(1, 0, 90);
    const heavy = push(1000, 0, 90);
    // The first push: an inelastic collision of 80 kg at 2 m/s with 1 kg: 2 · 80 / 81 m/s.
    expect(light.v1).toBeCloseTo((2 * 80) / 81, 3);
    // With 1,000 kg the same collision asks 148 N s; the character pushes with at most 800 N: 800 · dt / 1,000 m/s.
    expect(heavy.v1).toBeCloseTo((800 * DT) / 1000, 5);
    // Over the next second and a half, the light crate keeps ahead of the walker, the heavy one accelerates at
    // 0.8 m/s² at most: under a metre.
    expect(light.moved).toBeGreaterThan(1.8);
    expect(heavy.moved).toBeGreaterThan(0.1);
    expect(heavy.moved).toBeLessThan(1);
    expect(heavy.moved).toBeLessThan(light.moved / 2);
  });

  it('cannot move a 1,000 kg crate held by friction (6,000 N), moves a 20 kg one (120 N)', () => {
    expect(push(1000, 0.6, 120).moved).toBeLessThan(1e-3);
    expect(push(20, 0.6, 120).moved).toBeGreaterThan(0.5);
  });

  it('leaves crates alone with pushBodies off', () => {
    const w = world();
    addGround(w, 100, 1, 0);
    const box = createBody(w, { type: 'dynamic', position: { x: 2, y: 0.5 } });
    addShape(w, box, makeBox(0.5, 0.5), { density: 1, friction: 0 });
    const c = createCharacter(w, { position: { x: 0, y: REST }, pushBodies: false });
    const walker = new Walker(w, c);
    for (let i = 0; i < 90; i++) walker.step(2);
    expect(getPosition(w, box).x).toBeCloseTo(2, 6);
    // Stopped by its cast at the skin: a dynamic body never pushes the character back out (collideCapsule).
    expect(getPosition(w, c).x).toBeCloseTo(1.5 - 0.4 - MOVER_SKIN, 6);
  });

  it('weighs on the plank it stands on: a plank on a pivot tips under it (and not with pushBodies off)', () => {
    for (const pushBodies of [true, false]) {
      const w = world();
      const pivot = createBody(w, { type: 'static', position: { x: 0, y: 1 } });
      const plank = createBody(w, { type: 'dynamic', position: { x: 0, y: 1 } });
      addShape(w, plank, makeBox(2, 0.05), { density: 10 });
      createRevoluteJoint(w, {
        bodyA: pivot,
        bodyB: plank,
        anchor: { x: 0, y: 1 },
        enableLimit: true,
        lowerAngle: -0.3,
        upperAngle: 0.3,
      });
      const c = createCharacter(w, { position: { x: 1.5, y: 1.05 + REST }, pushBodies });
      const walker = new Walker(w, c);
      for (let i = 0; i < 60; i++) walker.step(0);
      // Its end goes down to the limit, the character riding it down (grounded on it, or snapping back onto it).
      if (pushBodies) {
        expect(getAngle(w, plank)).toBeCloseTo(-0.3, 2);
        expect(walker.state.groundBody).toBe(plank);
      } else {
        expect(Math.abs(getAngle(w, plank))).toBeLessThan(1e-6);
      }
    }
  });

  it('holds up a crate that falls on its head, and walks on with it', () => {
    const w = world();
    addGround(w);
    const c = createCharacter(w, { position: { x: 0, y: REST } });
    const box = createBody(w, { type: 'dynamic', position: { x: 0, y: 3 } });
    addShape(w, box, makeBox(0.3, 0.3), { density: 1 });
    const walker = new Walker(w, c);
    for (let i = 0; i < 90; i++) walker.step(0);
    // On top of the capsule (head at 1.8 + 2 skins), within the solver's slop.
    expect(getPosition(w, box).y).toBeGreaterThan(1.8 + 0.3 - 0.02);
    for (let i = 0; i < 30; i++) walker.step(0.5);
    expect(getPosition(w, c).x).toBeCloseTo(0.25, 6);
    expect(getPosition(w, c).y).toBeCloseTo(REST, 9);
  });
});

describe('characters among themselves', () => {
  it('two characters walking into each other stop apart, never closer than the skin; one stands on the other', () => {
    const w = world();
    addGround(w);
    const a = createCharacter(w, { position: { x: -2, y: REST } });
    const b = createCharacter(w, { position: { x: 2, y: REST } });
    const wa = new Walker(w, a);
    const wb = new Walker(w, b);
    for (let i = 0; i < 120; i++) {
      wa.ask(3);
      wb.ask(-3);
      stepPhysics(w, DT);
      wa.read();
      wb.read();
      const gap = getPosition(w, b).x - getPosition(w, a).x - 0.8;
      expect(gap).toBeGreaterThanOrEqual(MOVER_SKIN - 1e-9);
    }
    // Both stopped, face to face.
    expect(getPosition(w, b).x - getPosition(w, a).x - 0.8).toBeLessThan(4 * MOVER_SKIN);
    expect(wa.state.translation.x).toBeCloseTo(0, 9);
    // A third lands on a's head and stands there; it rides a when a walks.
    const c = createCharacter(w, { position: { x: getPosition(w, a).x, y: REST + 2 } });
    const wc = new Walker(w, c);
    for (let i = 0; i < 60; i++) {
      wa.ask(0);
      wc.ask(0);
      stepPhysics(w, DT);
      wa.read();
      wc.read();
    }
    expect(wc.state.grounded).toBe(true);
    expect(wc.state.groundBody).toBe(a);
    const above = getPosition(w, c).x - getPosition(w, a).x;
    for (let i = 0; i < 30; i++) {
      wa.ask(-1);
      wc.ask(0);
      stepPhysics(w, DT);
      wa.read();
      wc.read();
    }
    expect(getPosition(w, c).x - getPosition(w, a).x).toBeCloseTo(above, 3);
  });
});

describe('sleep', () => {
  it('wakes a sleeping crate it walks into, and wakes itself when asked to move after resting', () => {
    const w = world({ enableSleep: true });
    addGround(w, 100, 1, 0.1);
    const box = createBody(w, { type: 'dynamic', position: { x: 3, y: 0.5 } });
    addShape(w, box, makeBox(0.5, 0.5), { density: 1, friction: 0.1 });
    const c = createCharacter(w, { position: { x: 0, y: REST } });
    const walker = new Walker(w, c);
    for (let i = 0; i < 120; i++) walker.step(0);
    expect(isAwake(w, box)).toBe(false);
    for (let i = 0; i < 120; i++) walker.step(2);
    expect(getPosition(w, c).x).toBeGreaterThan(2);
    expect(getPosition(w, box).x).toBeGreaterThan(3.5);
  });
});
