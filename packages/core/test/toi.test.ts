import { describe, expect, it } from 'vitest';
import {
  createCore,
  createSweep,
  createToiInput,
  createToiOutput,
  GeometryStore,
  LINEAR_SLOP,
  loadCore,
  makeBox,
  makeCircle,
  SWEEP_C0X,
  SWEEP_C0Y,
  SWEEP_C1X,
  SWEEP_C1Y,
  SWEEP_LOCAL_CENTER_X,
  SWEEP_LOCAL_CENTER_Y,
  SWEEP_Q0C,
  SWEEP_Q0S,
  SWEEP_Q1C,
  SWEEP_Q1S,
  sweepPose,
  sweepStartPose,
  timeOfImpact,
  TOI_DEFAULT_TOLERANCE,
  TOI_FRACTION,
  TOI_IN_MAX_FRACTION,
  TOI_IN_TARGET,
  TOI_IN_TOLERANCE,
  TOI_ITERATIONS,
  TOI_NORMAL_X,
  TOI_NORMAL_Y,
  TOI_STATE,
  TOI_STATE_HIT,
  TOI_STATE_OVERLAPPED,
  TOI_STATE_SEPARATED,
  writeGeometry,
  type ShapeGeometry,
} from '../src/internal.js';

const TOL = TOI_DEFAULT_TOLERANCE;

/** Body-local core of a shape geometry. */
function local(g: ShapeGeometry): Float64Array {
  const store = new GeometryStore();
  writeGeometry(store, 0, g);
  const core = createCore();
  loadCore(store, 0, new Float64Array([0, 0, 1, 0]), core);
  return core;
}

/** Sweep of a body with its centre of mass at its origin, from (x0, y0, angle0) to (x1, y1, angle1). */
function sweep(x0: number, y0: number, a0: number, x1: number, y1: number, a1: number): Float64Array {
  const s = createSweep();
  s[SWEEP_LOCAL_CENTER_X] = 0;
  s[SWEEP_LOCAL_CENTER_Y] = 0;
  s[SWEEP_C0X] = x0;
  s[SWEEP_C0Y] = y0;
  s[SWEEP_Q0C] = Math.cos(a0);
  s[SWEEP_Q0S] = Math.sin(a0);
  s[SWEEP_C1X] = x1;
  s[SWEEP_C1Y] = y1;
  s[SWEEP_Q1C] = Math.cos(a1);
  s[SWEEP_Q1S] = Math.sin(a1);
  return s;
}

function still(x: number, y: number, a = 0): Float64Array {
  return sweep(x, y, a, x, y, a);
}

function toi(
  coreA: Float64Array,
  sweepA: Float64Array,
  coreB: Float64Array,
  sweepB: Float64Array,
  maxFraction = 1,
): Float64Array {
  const input = createToiInput();
  input[TOI_IN_MAX_FRACTION] = maxFraction;
  const out = createToiOutput();
  timeOfImpact(coreA, sweepA, coreB, sweepB, input, out);
  return out;
}

describe('time of impact', () => {
  it('a circle moving head-on at a box stops one linear slop before its face, in one iteration', () => {
    // Box face at x = 4; circle radius 0.5 from x = 0 to x = 10: centre at 4 − 0.5 − slop, t = 0.3495.
    const out = toi(local(makeBox(1, 1)), still(5, 0), local(makeCircle(0.5)), sweep(0, 0, 0, 10, 0, 0));
    expect(out[TOI_STATE]).toBe(TOI_STATE_HIT);
    const expected = (4 - 0.5 - LINEAR_SLOP) / 10;
    // Separation at the result is within [slop, slop + tolerance]: the fraction within tolerance / 10 m.
    expect(out[TOI_FRACTION]).toBeLessThanOrEqual(expected + 1e-12);
    expect(out[TOI_FRACTION]).toBeGreaterThan(expected - TOL / 10);
    // The normal points from A (the box) to B (the circle).
    expect(out[TOI_NORMAL_X]).toBeCloseTo(-1, 12);
    expect(out[TOI_NORMAL_Y]).toBeCloseTo(0, 12);
    expect(out[TOI_ITERATIONS]).toBeLessThanOrEqual(2);
  });

  it('a 0.05 m circle moving 10 m across a 0.1 m wall is stopped before the wall', () => {
    const out = toi(local(makeBox(0.05, 3)), still(0, 0), local(makeCircle(0.05)), sweep(-5, 1, 0, 5, -1, 0));
    expect(out[TOI_STATE]).toBe(TOI_STATE_HIT);
    const f = out[TOI_FRACTION];
    const x = -5 + 10 * f;
    expect(x).toBeLessThanOrEqual(-0.1 - LINEAR_SLOP + 1e-12);
    expect(x).toBeGreaterThan(-0.1 - LINEAR_SLOP - TOL);
  });

  it('two circles moving towards each other meet where their paths say', () => {
    // Centres 10 − 20t apart; touching plus slop at 10 − 20t = 1 + slop.
    const c = local(makeCircle(0.5));
    const out = toi(c, sweep(0, 0, 0, 10, 0, 0), c, sweep(10, 0, 0, 0, 0, 0));
    expect(out[TOI_STATE]).toBe(TOI_STATE_HIT);
    const expected = (9 - LINEAR_SLOP) / 20;
    expect(out[TOI_FRACTION]).toBeLessThanOrEqual(expected + 1e-12);
    expect(out[TOI_FRACTION]).toBeGreaterThan(expected - TOL / 20);
  });

  it('a rotating thin box reaches a wall above it at the analytic angle', () => {
    // Box half-extents (1, 0.1) about its centre, turning from 0 to π/2 in place; the wall's face is at y = 0.6.
    // Highest point: sin θ + 0.1 cos θ = √1.01 · sin(θ + atan 0.1); it is slop below the face at
    // θ* = asin((0.6 − slop) / √1.01) − atan 0.1.
    const wall = local(makeBox(5, 1));
    const out = toi(wall, still(0, 1.6), local(makeBox(1, 0.1)), sweep(0, 0, 0, 0, 0, Math.PI / 2));
    expect(out[TOI_STATE]).toBe(TOI_STATE_HIT);
    const thetaStar = Math.asin((0.6 - LINEAR_SLOP) / Math.sqrt(1.01)) - Math.atan(0.1);
    const theta = out[TOI_FRACTION] * (Math.PI / 2);
    const top = Math.sin(theta) + 0.1 * Math.cos(theta);
    expect(top).toBeLessThanOrEqual(0.6 - LINEAR_SLOP + 1e-12);
    expect(top).toBeGreaterThan(0.6 - LINEAR_SLOP - TOL);
    expect(theta).toBeCloseTo(thetaStar, 2);
    expect(theta).toBeLessThanOrEqual(thetaStar + 1e-12);
    // The sweep pose at the result is the same interpolation (angle linear in t).
    const pose = new Float64Array(6);
    sweepPose(sweep(0, 0, 0, 0, 0, Math.PI / 2), out, TOI_FRACTION, pose);
    expect(Math.atan2(pose[3], pose[2])).toBeCloseTo(theta, 12);
  });

  it('a box that moves and spins past a corner without touching is reported separated', () => {
    // Box of half-extent 0.5 moving along y = 0 from x = −5 to 5 while turning a quarter turn; the static box
    // is 2 m above its path (its nearest point is well beyond the spinning box's reach of 0.71 m).
    const out = toi(local(makeBox(1, 1)), still(0, 3), local(makeBox(0.5, 0.5)), sweep(-5, 0, 0, 5, 0, Math.PI / 2));
    expect(out[TOI_STATE]).toBe(TOI_STATE_SEPARATED);
    expect(out[TOI_FRACTION]).toBe(1);
  });

  it('moving away is separated; a hit beyond the max fraction is separated at the max fraction', () => {
    const box = local(makeBox(1, 1));
    const circle = local(makeCircle(0.5));
    const away = toi(box, still(5, 0), circle, sweep(0, 0, 0, -10, 0, 0));
    expect(away[TOI_STATE]).toBe(TOI_STATE_SEPARATED);
    expect(away[TOI_ITERATIONS]).toBe(1);
    const late = toi(box, still(5, 0), circle, sweep(0, 0, 0, 10, 0, 0), 0.3);
    expect(late[TOI_STATE]).toBe(TOI_STATE_SEPARATED);
    expect(late[TOI_FRACTION]).toBe(0.3);
  });

  it('shapes that overlap at the start report overlapped at fraction 0; touching within the target is a hit at 0', () => {
    const box = local(makeBox(1, 1));
    const circle = local(makeCircle(0.5));
    const over = toi(box, still(0, 0), circle, sweep(1.2, 0, 0, 10, 0, 0));
    expect(over[TOI_STATE]).toBe(TOI_STATE_OVERLAPPED);
    expect(over[TOI_FRACTION]).toBe(0);
    const close = toi(box, still(0, 0), circle, sweep(1.5 + 0.5 * LINEAR_SLOP, 0, 0, -10, 0, 0));
    expect(close[TOI_STATE]).toBe(TOI_STATE_HIT);
    expect(close[TOI_FRACTION]).toBe(0);
  });

  it('never passes the contact: random sweeps of boxes and circles against a box end at or before it', () => {
    let seed = 12345;
    const rnd = (): number => {
      seed = (seed * 1664525 + 1013904223) >>> 0;
      return seed / 4294967296;
    };
    const wall = local(makeBox(0.05, 3));
    const shapes = [local(makeCircle(0.05)), local(makeBox(0.2, 0.05)), local(makeBox(0.3, 0.3))];
    const fine = createToiInput();
    const out = createToiOutput();
    for (let i = 0; i < 300; i++) {
      const core = shapes[i % 3];
      const y0 = rnd() * 4 - 2;
      const s = sweep(-2 - rnd(), y0, rnd() * 6, 2 + rnd(), y0 + rnd() * 2 - 1, rnd() * 6);
      timeOfImpact(wall, still(0, 0), core, s, fine, out);
      expect(out[TOI_STATE]).not.toBe(TOI_STATE_OVERLAPPED);
      // Every sweep crosses the wall, so something is hit, and no pose up to the hit comes closer than the target.
      expect(out[TOI_STATE]).not.toBe(TOI_STATE_SEPARATED);
      const f = out[TOI_FRACTION];
      const probe = createToiInput();
      for (let k = 0; k <= 8; k++) {
        const sub = createSweep();
        sub.set(s);
        // Sub-sweep from t = 0 to t = f·k/8: its pose at 1 is the full sweep's pose at f·k/8.
        const pose = new Float64Array(6);
        sweepPose(s, new Float64Array([(f * k) / 8]), 0, pose);
        sub[SWEEP_C0X] = sub[SWEEP_C1X] = pose[4];
        sub[SWEEP_C0Y] = sub[SWEEP_C1Y] = pose[5];
        sub[SWEEP_Q0C] = sub[SWEEP_Q1C] = pose[2];
        sub[SWEEP_Q0S] = sub[SWEEP_Q1S] = pose[3];
        const o2 = createToiOutput();
        // Nothing up to f is closer than the slop (a hair under it, for rounding).
        probe[TOI_IN_TARGET] = LINEAR_SLOP - 1e-9;
        probe[TOI_IN_TOLERANCE] = 0;
        timeOfImpact(wall, still(0, 0), core, sub, probe, o2);
        expect(o2[TOI_STATE]).toBe(TOI_STATE_SEPARATED);
      }
    }
  });

  it('sweepStartPose gives sweepPose at t = 0, to the bit (zeros aside), for random sweeps with offset centres', () => {
    let seed = 777;
    const rnd = (): number => {
      seed = (seed * 1664525 + 1013904223) >>> 0;
      return seed / 4294967296;
    };
    const zero = new Float64Array([0]);
    for (let i = 0; i < 500; i++) {
      const s = sweep(rnd() * 20 - 10, rnd() * 20 - 10, rnd() * 7 - 3.5, rnd() * 20 - 10, rnd() * 20 - 10, rnd() * 7);
      s[SWEEP_LOCAL_CENTER_X] = rnd() - 0.5;
      s[SWEEP_LOCAL_CENTER_Y] = rnd() - 0.5;
      const expected = new Float64Array(6);
      const actual = new Float64Array(6);
      sweepPose(s, zero, 0, expected);
      sweepStartPose(s, actual);
      for (let k = 0; k < 6; k++) expect(actual[k] === expected[k], `sweep ${i}, slot ${k}`).toBe(true);
    }
  });
});
