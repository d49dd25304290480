// Explosions (explode) and wind (applyWind), checked against their formulas.
import {
  AIR_DENSITY,
  PhysicsError,
  addShape,
  createBody,
  createPhysicsWorldFromSnapshot,
  explode,
  applyWind,
  getAngularVelocity,
  getLinearVelocity,
  isAwake,
  makeBox,
  makeCapsule,
  makeCircle,
  makeSegment,
  setAwake,
  takeSnapshot,
  type PhysicsWorld,
  type ShapeId,
} from '@impulse2d/core';
import { startWorkers, stepPhysics, stopWorkers } from '@impulse2d/systems';
import { describe, expect, it } from 'vitest';
import { DT, run, world } from './helpers/scene.js';

const still = (): PhysicsWorld => world({ gravity: { x: 0, y: 0 } });

/** A dynamic body at (x, y) with one shape (density 1 unless told). */
function body(w: PhysicsWorld, x: number, y: number, geometry: Parameters<typeof addShape>[2], angle = 0, density = 1) {
  const b = createBody(w, { type: 'dynamic', position: { x, y }, angle });
  const shape = addShape(w, b, geometry, { density });
  return { b, shape };
}

const BLAST = { position: { x: 0, y: 0 }, radius: 1, falloff: 4, impulsePerLength: 2 };

describe('explode', () => {
  it('pushes a 1 kg box 3 m away by impulsePerLength × its width × the falloff scale: 2 · 1 · (5 − 2.5)/4', () => {
    const w = still();
    const { b } = body(w, 3, 0, makeBox(0.5, 0.5));
    explode(w, BLAST);
    const v = getLinearVelocity(w, b);
    expect(Math.abs(v.x - 1.25)).toBeLessThan(1e-12);
    expect(v.y).toBe(0);
    expect(getAngularVelocity(w, b)).toBe(0); // pushed at (2.5, 0), straight through its centre
  });

  it('a box turned 45° shows its diagonal and is pushed from its corner: 2 · √2 · (5 − (3 − √2/2))/4', () => {
    const w = still();
    const { b } = body(w, 3, 0, makeBox(0.5, 0.5), Math.PI / 4);
    explode(w, BLAST);
    const gap = 3 - Math.SQRT1_2;
    const expected = 2 * Math.SQRT2 * ((5 - gap) / 4);
    expect(Math.abs(getLinearVelocity(w, b).x - expected)).toBeLessThan(1e-9);
    expect(Math.abs(getLinearVelocity(w, b).y)).toBeLessThan(1e-12);
  });

  it('full impulse within the radius, off-centre shapes turn, nothing at or beyond radius + falloff', () => {
    const w = still();
    const near = body(w, 0, 1.2, makeCircle(0.5)); // gap 0.7 < radius 1: scale 1, pushed up by 2 · 1 (its diameter)
    const edge = body(w, -5.5, 0, makeCircle(0.5)); // gap exactly 5: scale 0
    const far = body(w, 0, -6, makeCircle(0.5)); // gap 5.5
    // A box whose closest point to the centre is off the line to its centre of mass: (2.5, 0.3) of a box at (3, 0.8).
    const off = body(w, 3, 0.8, makeBox(0.5, 0.5));
    setAwake(w, far.b, false);
    explode(w, BLAST);
    const mass = Math.PI * 0.25;
    expect(getLinearVelocity(w, near.b).x).toBe(0);
    expect(Math.abs(getLinearVelocity(w, near.b).y - 2 / mass)).toBeLessThan(1e-12);
    expect(getLinearVelocity(w, edge.b)).toEqual({ x: 0, y: 0 });
    expect(getLinearVelocity(w, far.b)).toEqual({ x: 0, y: 0 });
    expect(isAwake(w, far.b)).toBe(false);
    // The off-centre box: direction u = (2.5, 0.3)/|…|, width across it, impulse at (2.5, 0.3).
    const gap = Math.sqrt(2.5 * 2.5 + 0.3 * 0.3);
    const ux = 2.5 / gap;
    const uy = 0.3 / gap;
    const across = Math.abs(uy) + Math.abs(ux); // a unit box's extent along the perpendicular (−uy, ux)
    const j = 2 * across * ((5 - gap) / 4);
    expect(Math.abs(getLinearVelocity(w, off.b).x - j * ux)).toBeLessThan(1e-9);
    expect(Math.abs(getLinearVelocity(w, off.b).y - j * uy)).toBeLessThan(1e-9);
    const inertia = 1 / 6; // a 1 kg unit square about its centre
    const torque = (2.5 - 3) * j * uy - (0.3 - 0.8) * j * ux;
    expect(Math.abs(getAngularVelocity(w, off.b) - torque / inertia)).toBeLessThan(1e-9);
  });

  it('respects the mask, leaves static, kinematic and sensor shapes alone, wakes sleepers, implodes when negative', () => {
    const w = still();
    const masked = createBody(w, { type: 'dynamic', position: { x: 2, y: 0 } });
    addShape(w, masked, makeCircle(0.5), { filter: { categoryBits: 2 } });
    const sensorOnly = createBody(w, { type: 'dynamic', position: { x: -2, y: 0 } });
    addShape(w, sensorOnly, makeCircle(0.5), { isSensor: true });
    const kinematic = createBody(w, { type: 'kinematic', position: { x: 0, y: 2 } });
    addShape(w, kinematic, makeCircle(0.5));
    const sleeper = body(w, 0, -2, makeCircle(0.5));
    setAwake(w, sleeper.b, false);
    explode(w, { ...BLAST, maskBits: 1 });
    expect(getLinearVelocity(w, masked)).toEqual({ x: 0, y: 0 });
    expect(getLinearVelocity(w, sensorOnly)).toEqual({ x: 0, y: 0 });
    expect(getLinearVelocity(w, kinematic)).toEqual({ x: 0, y: 0 });
    expect(isAwake(w, sleeper.b)).toBe(true);
    expect(getLinearVelocity(w, sleeper.b).y).toBeLessThan(0);
    explode(w, { ...BLAST, maskBits: 2, impulsePerLength: -2 });
    expect(getLinearVelocity(w, masked).x).toBeLessThan(0); // pulled toward the centre
  });

  it('sums a many-shaped body’s impulses in the same order every run (and after a snapshot restore)', () => {
    const build = (): PhysicsWorld => {
      const w = still();
      for (let k = 0; k < 20; k++) {
        const b = createBody(w, {
          type: 'dynamic',
          position: { x: (k % 5) - 2.3, y: Math.floor(k / 5) - 1.7 },
          angle: k,
        });
        for (let i = 0; i < 4; i++) addShape(w, b, makeBox(0.2, 0.1, { x: 0.3 * i - 0.45, y: 0.05 * i }, 0.3 * i));
      }
      run(w, 3);
      return w;
    };
    const a = build();
    const b = createPhysicsWorldFromSnapshot(takeSnapshot(build()));
    for (const w of [a, b]) {
      explode(w, { position: { x: 0.1, y: -0.2 }, radius: 1, falloff: 2, impulsePerLength: 3 });
      run(w, 30);
    }
    expect(Buffer.from(takeSnapshot(a)).equals(Buffer.from(takeSnapshot(b)))).toBe(true);
  });

  it('refuses bad explosions with a typed error, the world unchanged', () => {
    const w = still();
    body(w, 1, 0, makeCircle(0.5));
    const before = Buffer.from(takeSnapshot(w));
    for (const bad of [
      null,
      { ...BLAST, radius: -1 },
      { ...BLAST, falloff: NaN },
      { ...BLAST, impulsePerLength: Infinity },
      { ...BLAST, position: { x: 0, y: NaN } },
      { ...BLAST, maskBits: 1.5 },
    ]) {
      expect(() => explode(w, bad as never)).toThrow(PhysicsError);
    }
    expect(Buffer.from(takeSnapshot(w)).equals(before)).toBe(true);
    run(w, 2);
  });
});

describe('applyWind', () => {
  /** The force (N) and torque (N m) waiting on a body for the next step. */
  const load = (w: PhysicsWorld, b: number): number[] => {
    const s = w.physics.bodies;
    return [s.forceX[b], s.forceY[b], s.torque[b]];
  };

  it('a 1 m plate broadside to a 10 m/s wind takes ½·ρ·v²·1 m² along the wind, ∝ v², area and drag', () => {
    const w = still();
    const plate = body(w, 0, 0, makeBox(0.01, 0.5));
    const tall = body(w, 5, 0, makeBox(0.01, 1));
    const q = 0.5 * AIR_DENSITY * 100;
    applyWind(w, plate.shape, { x: 10, y: 0 }, 1, 0);
    const f = load(w, plate.b);
    expect(Math.abs(f[0] - q)).toBeLessThan(1e-12);
    expect([f[1], f[2]]).toEqual([0, 0]);
    applyWind(w, tall.shape, { x: 20, y: 0 }, 0.5, 0); // twice the area, four times the pressure, half the drag
    const g = load(w, tall.b);
    expect(Math.abs(g[0] - 4 * q)).toBeLessThan(1e-12);
    expect([g[1], g[2]]).toEqual([0, 0]);
    // It acts during the next step: Δv = F·dt/m (m = 0.02 kg).
    stepPhysics(w, DT);
    expect(Math.abs(getLinearVelocity(w, plate.b).x - (f[0] * DT) / 0.02)).toBeLessThan(1e-9);
  });

  it('what counts is the wind relative to the shape: a circle moving with the wind takes nothing', () => {
    const w = still();
    const still1 = body(w, 0, 0, makeCircle(0.5));
    const moving = createBody(w, { type: 'dynamic', position: { x: 3, y: 0 }, linearVelocity: { x: 4, y: 3 } });
    const movingShape = addShape(w, moving, makeCircle(0.5));
    applyWind(w, still1.shape, { x: 4, y: 3 }, 1, 0);
    applyWind(w, movingShape, { x: 4, y: 3 }, 1, 5);
    const q = 0.5 * AIR_DENSITY * 25;
    const f = load(w, still1.b);
    expect(Math.abs(f[0] - q * 1 * 0.8)).toBeLessThan(1e-12); // diameter 1 m, along (0.8, 0.6)
    expect(Math.abs(f[1] - q * 1 * 0.6)).toBeLessThan(1e-12);
    expect(load(w, moving)).toEqual([0, 0, 0]);
  });

  it('lifts a plate whose leading edge is up (and pushes one tilted the other way down), in proportion to lift', () => {
    const a = 0.2;
    const lifted = (angle: number, lift: number): number[] => {
      const w = still();
      const plate = body(w, 0, 0, makeBox(0.5, 0.01), angle);
      applyWind(w, plate.shape, { x: 10, y: 0 }, 1, lift);
      return load(w, plate.b);
    };
    const q = 0.5 * AIR_DENSITY * 100;
    const up = lifted(-a, 1);
    // Mostly the underside: seen from the wind it is sin(a) long, and its lift is cos(a) of the force, upward.
    expect(up[1]).toBeGreaterThan(0);
    expect(Math.abs(up[1] - q * Math.sin(a) * Math.cos(a)) / up[1]).toBeLessThan(0.03);
    expect(lifted(-a, 0)[1]).toBe(0); // no lift: the force is all along the wind
    expect(Math.abs(lifted(-a, 2)[1] - 2 * up[1])).toBeLessThan(1e-12);
    expect(lifted(a, 1)[1]).toBeLessThan(0);
  });

  it('turns a body about its centre of mass when the shape is off it; capsules take wind, segments none', () => {
    const w = still();
    const b = createBody(w, { type: 'dynamic' });
    const left = addShape(w, b, makeCircle(0.5, { x: -1, y: 0 }));
    addShape(w, b, makeCircle(0.5, { x: 1, y: 0 }));
    applyWind(w, left, { x: 0, y: 10 }, 1, 0);
    const q = 0.5 * AIR_DENSITY * 100;
    // Force q·1 m upward at (−1, 0) from the centre of mass (0, 0): torque −1 · q.
    const f = load(w, b);
    expect(f[0]).toBe(0);
    expect(Math.abs(f[1] - q)).toBeLessThan(1e-12);
    expect(Math.abs(f[2] + q)).toBeLessThan(1e-12);
    const cap = body(w, 5, 0, makeCapsule({ x: 0, y: -1 }, { x: 0, y: 1 }, 0.25));
    applyWind(w, cap.shape, { x: 10, y: 0 }, 1, 0);
    expect(Math.abs(load(w, cap.b)[0] - q * (2 + 0.5))).toBeLessThan(1e-9); // its length across, plus its diameter
    const seg = body(w, -5, 0, makeSegment({ x: 0, y: -1 }, { x: 0, y: 1 }), 0, 0);
    applyWind(w, seg.shape, { x: 10, y: 0 }, 1, 0);
    expect(load(w, seg.b)).toEqual([0, 0, 0]);
  });

  it('wakes a sleeping body unless told not to; static bodies take nothing; bad input refused, world unchanged', () => {
    const w = still();
    const sleeper = body(w, 0, 0, makeCircle(0.5));
    setAwake(w, sleeper.b, false);
    applyWind(w, sleeper.shape, { x: 10, y: 0 }, 1, 0, false);
    expect(isAwake(w, sleeper.b)).toBe(false);
    expect(load(w, sleeper.b)).toEqual([0, 0, 0]);
    applyWind(w, sleeper.shape, { x: 10, y: 0 }, 1, 0);
    expect(isAwake(w, sleeper.b)).toBe(true);
    expect(load(w, sleeper.b)[0]).toBeGreaterThan(0);
    const wall = createBody(w, { type: 'static', position: { x: 5, y: 0 } });
    const wallShape = addShape(w, wall, makeBox(0.1, 1));
    applyWind(w, wallShape, { x: 10, y: 0 }, 1, 0);
    expect(load(w, wall)).toEqual([0, 0, 0]);
    const before = Buffer.from(takeSnapshot(w));
    const bad: Array<() => void> = [
      () => applyWind(w, sleeper.shape, { x: NaN, y: 0 }, 1, 0),
      () => applyWind(w, sleeper.shape, null as never, 1, 0),
      () => applyWind(w, sleeper.shape, { x: 1, y: 0 }, -1, 0),
      () => applyWind(w, sleeper.shape, { x: 1, y: 0 }, 1, Infinity),
      () => applyWind(w, sleeper.shape, { x: 1, y: 0 }, 1, 0, 'yes' as never),
      () => applyWind(w, 777 as ShapeId, { x: 1, y: 0 }, 1, 0), // not a handle, on purpose
    ];
    for (const call of bad) expect(call).toThrow(PhysicsError);
    expect(Buffer.from(takeSnapshot(w)).equals(before)).toBe(true);
    run(w, 2);
  });
});

describe('explosions and wind on step workers', () => {
  it('give the same bits on 1 and 3 threads', async () => {
    const runScene = async (threads: number): Promise<Uint8Array> => {
      const w = world();
      const ground = createBody(w, { type: 'static', position: { x: 0, y: -1 } });
      addShape(w, ground, makeBox(40, 1));
      const shapes: ShapeId[] = [];
      for (let i = 0; i < 10; i++)
        for (let j = 0; j < 30; j++) {
          const b = createBody(w, { type: 'dynamic', position: { x: -15 + j, y: 0.5 + 1.01 * i } });
          shapes.push(addShape(w, b, (i + j) % 2 === 0 ? makeBox(0.45, 0.45) : makeCircle(0.45)));
        }
      if (threads > 1) await startWorkers(w, threads);
      for (let i = 0; i < 90; i++) {
        if (i % 30 === 10)
          explode(w, { position: { x: -10 + i / 3, y: 1 }, radius: 2, falloff: 3, impulsePerLength: 4 });
        for (let k = i % 3; k < shapes.length; k += 3) applyWind(w, shapes[k], { x: 12, y: 2 }, 1, 0.5);
        stepPhysics(w, DT);
      }
      const state = takeSnapshot(w);
      await stopWorkers(w);
      return state;
    };
    const one = await runScene(1);
    expect(Buffer.from(await runScene(3)).equals(Buffer.from(one))).toBe(true);
  }, 30_000);
});
