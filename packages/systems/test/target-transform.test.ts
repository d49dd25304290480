// Kinematic bodies driven to a pose (setTargetTransform): moving platforms that carry what rests on them.
import {
  PhysicsError,
  addShape,
  createBody,
  getAngle,
  getAngularVelocity,
  getLinearVelocity,
  getPosition,
  isAwake,
  makeBox,
  makeCircle,
  setTargetTransform,
  setAwake,
  takeSnapshot,
  type PhysicsWorld,
  type BodyId,
} from '@impulse2d/core';
import { startWorkers, stepPhysics, stopWorkers } from '@impulse2d/systems';
import { describe, expect, it } from 'vitest';
import { DT, addGround, run, world } from './helpers/scene.js';

/** A kinematic platform 6 m wide at (0, 2) and a 1 kg box resting on its middle. */
function platformWithBox(w: PhysicsWorld): { platform: BodyId; box: BodyId } {
  const platform = createBody(w, { type: 'kinematic', position: { x: 0, y: 2 } });
  addShape(w, platform, makeBox(3, 0.25), { friction: 0.6 });
  const box = createBody(w, { type: 'dynamic', position: { x: 0, y: 2.75 } });
  addShape(w, box, makeBox(0.5, 0.5), { density: 1, friction: 0.6 });
  return { platform, box };
}

/** The box's offset from the platform's origin. */
function offset(w: PhysicsWorld, platform: BodyId, box: BodyId): { x: number; y: number } {
  const a = getPosition(w, platform);
  const b = getPosition(w, box);
  return { x: b.x - a.x, y: b.y - a.y };
}

describe('setTargetTransform', () => {
  it('brings a kinematic body to the target pose at the end of the step', () => {
    const w = world();
    const k = createBody(w, { type: 'kinematic', position: { x: 1, y: 2 }, angle: 0.2 });
    addShape(w, k, makeBox(1, 0.5, { x: 0.3, y: -0.2 }), { density: 1 }); // centre of mass off the origin
    setTargetTransform(w, k, { x: 1.5, y: 1.75 }, 0.5, DT);
    stepPhysics(w, DT);
    const p = getPosition(w, k);
    expect(Math.abs(p.x - 1.5)).toBeLessThan(1e-12);
    expect(Math.abs(p.y - 1.75)).toBeLessThan(1e-12);
    // 0.3 rad in 4 substeps: 4·atan(0.075) = 0.29944 (the substep integrator's rotation).
    expect(Math.abs(getAngle(w, k) - (0.2 + 4 * Math.atan(0.3 / 4)))).toBeLessThan(1e-12);
    expect(Math.abs(getAngle(w, k) - 0.5)).toBeLessThan(6e-4);
    expect(getAngularVelocity(w, k)).toBeCloseTo(0.3 / DT, 9);
  });

  it('turns the short way round and gives a body with fixed rotation no spin', () => {
    const w = world();
    const k = createBody(w, { type: 'kinematic', angle: -3.1 });
    addShape(w, k, makeCircle(0.5));
    setTargetTransform(w, k, { x: 0, y: 0 }, 3.1, DT);
    // From −3.1 to 3.1 is −(2π − 6.2) = −0.0832 rad, not +6.2.
    expect(getAngularVelocity(w, k) * DT).toBeCloseTo(-(2 * Math.PI - 6.2), 12);
    const f = createBody(w, { type: 'kinematic', fixedRotation: true });
    addShape(w, f, makeCircle(0.5));
    setTargetTransform(w, f, { x: 1, y: 0 }, 1, DT);
    expect(getAngularVelocity(w, f)).toBe(0);
    expect(getLinearVelocity(w, f)).toEqual({ x: 1 / DT, y: 0 });
  });

  it('a box rides a platform moving at 2 m/s by friction and keeps its place to a few mm for 4 s', () => {
    const w = world();
    const { platform, box } = platformWithBox(w);
    run(w, 30); // settle
    const start = offset(w, platform, box);
    // Accelerates at 2 m/s² (friction can give 6) to 2 m/s in the first second, then holds the speed.
    for (let i = 1; i <= 240; i++) {
      const t = i * DT;
      const x = t < 1 ? t * t : 1 + 2 * (t - 1);
      setTargetTransform(w, platform, { x, y: 2 }, 0, DT);
      stepPhysics(w, DT);
    }
    expect(Math.abs(getPosition(w, platform).x - 7)).toBeLessThan(1e-9);
    const end = offset(w, platform, box);
    expect(Math.abs(end.x - start.x)).toBeLessThan(0.005);
    expect(Math.abs(end.y - start.y)).toBeLessThan(0.005);
    expect(Math.abs(getLinearVelocity(w, box).x - 2)).toBeLessThan(0.01);
  });

  it('a box rides a platform moving up and down (0.5 m, 2 s period) and keeps its place to a few mm', () => {
    const w = world();
    const { platform, box } = platformWithBox(w);
    run(w, 30);
    const start = offset(w, platform, box);
    let worst = 0;
    // Peak acceleration 0.5·π² = 4.9 m/s², less than g: the box never leaves the platform.
    for (let i = 1; i <= 300; i++) {
      const y = 2 + 0.5 * Math.sin(Math.PI * i * DT);
      setTargetTransform(w, platform, { x: 0, y }, 0, DT);
      stepPhysics(w, DT);
      const o = offset(w, platform, box);
      worst = Math.max(worst, Math.abs(o.x - start.x), Math.abs(o.y - start.y));
    }
    expect(Math.abs(getPosition(w, platform).y - (2 + 0.5 * Math.sin(Math.PI * 300 * DT)))).toBeLessThan(1e-9);
    expect(worst).toBeLessThan(0.005);
  });

  it('leaves a sleeping body asleep for a motion below its sleep threshold, and wakes it for a larger one', () => {
    const w = world();
    const k = createBody(w, { type: 'kinematic' });
    addShape(w, k, makeBox(1, 1));
    setAwake(w, k, false);
    setTargetTransform(w, k, { x: 1e-4, y: 0 }, 0, DT); // 6 mm/s, below the default 5 cm/s
    expect(isAwake(w, k)).toBe(false);
    expect(getLinearVelocity(w, k)).toEqual({ x: 0, y: 0 });
    setTargetTransform(w, k, { x: 0.1, y: 0 }, 0, DT);
    expect(isAwake(w, k)).toBe(true);
    stepPhysics(w, DT);
    expect(Math.abs(getPosition(w, k).x - 0.1)).toBeLessThan(1e-12);
  });

  it('refuses static and dynamic bodies and bad arguments with a typed error, the world unchanged and steppable', () => {
    const w = world();
    addGround(w);
    const { platform, box } = platformWithBox(w);
    const ground = createBody(w, { type: 'static' });
    run(w, 5);
    const before = Buffer.from(takeSnapshot(w));
    const bad: Array<() => void> = [
      () => setTargetTransform(w, box, { x: 0, y: 0 }, 0, DT),
      () => setTargetTransform(w, ground, { x: 0, y: 0 }, 0, DT),
      () => setTargetTransform(w, platform, { x: 0, y: 0 }, 0, 0),
      () => setTargetTransform(w, platform, { x: 0, y: 0 }, 0, -DT),
      () => setTargetTransform(w, platform, { x: 0, y: 0 }, 0, NaN),
      () => setTargetTransform(w, platform, { x: 0, y: 0 }, Infinity, DT),
      () => setTargetTransform(w, platform, { x: NaN, y: 0 }, 0, DT),
      () => setTargetTransform(w, platform, null as never, 0, DT),
      () => setTargetTransform(w, 99999 as BodyId, { x: 0, y: 0 }, 0, DT), // not a handle, on purpose
    ];
    for (const call of bad) expect(call).toThrow(PhysicsError);
    try {
      setTargetTransform(w, box, { x: 0, y: 0 }, 0, DT);
    } catch (e) {
      expect((e as PhysicsError).code).toBe('INVALID_ARGUMENT');
      expect((e as PhysicsError).message).toMatch(/kinematic/);
    }
    expect(Buffer.from(takeSnapshot(w)).equals(before)).toBe(true);
    run(w, 5);
  });

  it('gives the same bits on 1 and 3 threads', async () => {
    const runScene = async (threads: number): Promise<Uint8Array> => {
      const w = world();
      const platforms: BodyId[] = [];
      for (let k = 0; k < 6; k++) {
        const p = createBody(w, { type: 'kinematic', position: { x: 10 * k, y: 2 } });
        addShape(w, p, makeBox(4, 0.25));
        platforms.push(p);
        for (let i = 0; i < 8; i++)
          for (let j = 0; j < 6; j++) {
            const b = createBody(w, { type: 'dynamic', position: { x: 10 * k - 2.5 + j, y: 2.75 + 1.01 * i } });
            addShape(w, b, makeBox(0.45, 0.45));
          }
      }
      if (threads > 1) await startWorkers(w, threads);
      for (let i = 1; i <= 120; i++) {
        platforms.forEach((p, k) =>
          setTargetTransform(w, p, { x: 10 * k + 0.5 * Math.sin(i * DT * 3), y: 2 }, 0.1 * Math.sin(i * DT), DT),
        );
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
