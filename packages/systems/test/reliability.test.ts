// Containment of blow-ups (speed and rotation clamps, quarantine of non-finite bodies), validateWorld, and the
// regressions the API fuzzer found, each named after its bug.
import {
  BodyFlag,
  PhysicsError,
  addShape,
  createBody,
  createPrismaticJoint,
  createRevoluteJoint,
  createWeldJoint,
  getLinearVelocity,
  getPhysics,
  getQuarantineEvents,
  JF_IMPULSE_0,
  JOINT_IMPULSE_COUNT,
  isAwake,
  isBodyQuarantined,
  makeBox,
  makeCircle,
  MAX_ROTATION,
  setAwake,
  validateWorld,
  type PhysicsWorld,
} from '@impulse2d/core/internal';
import { describe, expect, it } from 'vitest';
import { formatFailure, fuzzWorld } from './fuzz/api-fuzzer.js';
import { addGround, DT, run, world } from './helpers/scene.js';

function allFinite(w: PhysicsWorld): boolean {
  const p = getPhysics(w);
  const b = p.bodies;
  const t = b.transform;
  for (let k = 0; k < b.count; k++) {
    const e = b.list[k];
    for (const v of [t.x[e], t.y[e], t.c[e], t.s[e], b.vx[e], b.vy[e], b.w[e]]) if (!Number.isFinite(v)) return false;
  }
  return true;
}

describe('containment', () => {
  it('a body whose state becomes non-finite is quarantined at its last finite pose; the rest of the world steps on', () => {
    const w = world();
    addGround(w);
    const resting = createBody(w, { type: 'dynamic', position: { x: 5, y: 0.5 } });
    addShape(w, resting, makeBox(0.5, 0.5));
    const bad = createBody(w, { type: 'dynamic', position: { x: -5, y: 10 } });
    addShape(w, bad, makeCircle(0.5));
    run(w, 10);
    const t = w.physics.transform;
    const before = { x: t.x[bad], y: t.y[bad] };
    // What an engine bug would do: poison the body's state behind the API's back.
    getPhysics(w).bodies.vx[bad] = NaN;
    run(w, 1);
    expect(getQuarantineEvents(w)).toEqual([bad]);
    expect(isBodyQuarantined(w, bad)).toBe(true);
    expect(isBodyQuarantined(w, resting)).toBe(false);
    expect({ x: t.x[bad], y: t.y[bad] }).toEqual(before);
    expect(getLinearVelocity(w, bad)).toEqual({ x: 0, y: 0 });
    // Frozen for good: not woken by a call, not moved by later steps; the resting box still rests.
    setAwake(w, bad, true);
    expect(isAwake(w, bad)).toBe(false);
    run(w, 60);
    expect(getQuarantineEvents(w)).toEqual([]);
    expect({ x: t.x[bad], y: t.y[bad] }).toEqual(before);
    expect(t.y[resting]).toBeCloseTo(0.5, 1);
    expect(allFinite(w)).toBe(true);
    validateWorld(w);
  });

  it('stored speed never exceeds maxLinearSpeed, even when the solve after the substep clamp pushes past it', () => {
    const w = world({ maxLinearSpeed: 50 });
    const ground = addGround(w);
    const heavy = createBody(w, { type: 'dynamic', position: { x: 0, y: 3 } });
    addShape(w, heavy, makeBox(2, 0.2), { density: 1000 });
    const light = createBody(w, { type: 'dynamic', position: { x: 2, y: 3 }, linearVelocity: { x: 0, y: 40 } });
    addShape(w, light, makeCircle(0.05), { density: 0.01 });
    createRevoluteJoint(w, { bodyA: heavy, bodyB: light, anchor: { x: 2, y: 3 } });
    createWeldJoint(w, { bodyA: ground, bodyB: heavy, anchor: { x: 0, y: 3 } });
    const b = getPhysics(w).bodies;
    for (let i = 0; i < 120; i++) {
      run(w, 1);
      expect(Math.hypot(b.vx[light], b.vy[light])).toBeLessThanOrEqual(50 * (1 + 1e-12));
    }
    expect(allFinite(w)).toBe(true);
  });
});

describe('regressions found by the API fuzzer', () => {
  it('a body created asleep but with a velocity starts awake (it used to sleep carrying the velocity)', () => {
    const w = world();
    const b = createBody(w, { type: 'dynamic', isAwake: false, linearVelocity: { x: 3, y: 0 } });
    addShape(w, b, makeCircle(0.5));
    expect(isAwake(w, b)).toBe(true);
    const still = createBody(w, { type: 'dynamic', isAwake: false });
    addShape(w, still, makeCircle(0.5));
    expect(isAwake(w, still)).toBe(false);
    validateWorld(w);
  });

  it('a joint created to one body of a sleeping jointed pair wakes the whole island (it used to wake one body)', () => {
    const w = world();
    const ground = addGround(w);
    const a = createBody(w, { type: 'dynamic', position: { x: 0, y: 0.5 } });
    addShape(w, a, makeBox(0.5, 0.5));
    const b = createBody(w, { type: 'dynamic', position: { x: 1, y: 0.5 } });
    addShape(w, b, makeBox(0.5, 0.5));
    createRevoluteJoint(w, { bodyA: a, bodyB: b, anchor: { x: 0.5, y: 0.5 } });
    setAwake(w, a, false);
    expect(isAwake(w, b)).toBe(false);
    createRevoluteJoint(w, { bodyA: ground, bodyB: a, anchor: { x: 0, y: 0 } });
    expect(isAwake(w, a)).toBe(true);
    expect(isAwake(w, b)).toBe(true);
    validateWorld(w);
  });

  it('fuzz world (seed 1, #107): a body jointed to a static and to a kinematic body no longer diverges to NaN', () => {
    // A wheel joint to a static body and a prismatic joint to a kinematic body moving at the speed limit: the solve
    // left the body spinning tens of radians per substep, the joints' linearisation broke down and its velocity grew
    // tenfold per step until it was non-finite (step 86). The position update now clamps speed and rotation per
    // substep as the velocity update does.
    // (A replay of the fuzzer's generator as it is in this commit: if the generator changes, find the world again.)
    const config = { steps: 100, callsPerStep: 4, maxBodies: 40, quarantineIsFailure: true };
    const failure = fuzzWorld(1, 107, config);
    expect(failure === null ? '' : formatFailure(failure, 10)).toBe('');
  });
});

describe('regressions: quarantine as the normal outcome (the API fuzzer quarantined bodies in 790 of 2000 worlds)', () => {
  // Each fuzz replay below is a world the fuzzer quarantined until the fix named in the test; a replay of the
  // generator as it is in this commit (if the generator changes, find a world again with `pnpm fuzz`).
  const config = { steps: 200, callsPerStep: 4, maxBodies: 40, quarantineIsFailure: true };
  const replay = (seed: number, index: number): string => {
    const failure = fuzzWorld(seed, index, config);
    return failure === null ? '' : formatFailure(failure, 10);
  };

  function maxJointImpulse(w: PhysicsWorld): number {
    const js = getPhysics(w).joints;
    let max = 0;
    for (let row = 0; row < js.count; row++)
      for (let k = 0; k < JOINT_IMPULSE_COUNT; k++) max = Math.max(max, Math.abs(js.f[JF_IMPULSE_0 + k][row]));
    return max;
  }

  it('joint impulses warm-started from a conflict stay bounded (a prismatic limit against a kinematic drag grew them ×1.5 a step to 1e99 N·s)', () => {
    // A box held by a limited prismatic joint to the ground and pinned to a kinematic body driving away: both cannot
    // hold. The accumulated impulses, warm-started at the next step's rotated anchors, grew geometrically. Either the
    // warm-start bound or the clamp after the joints' warm start stops it (each is pinned alone by a replay below).
    const w = world();
    const ground = addGround(w);
    const kin = createBody(w, {
      type: 'kinematic',
      position: { x: 3, y: 5 },
      linearVelocity: { x: 20, y: 5 },
      angularVelocity: 3,
    });
    const box = createBody(w, { type: 'dynamic', position: { x: 0, y: 5 } });
    addShape(w, box, makeBox(0.5, 0.3));
    createPrismaticJoint(w, {
      bodyA: ground,
      bodyB: box,
      anchor: { x: -0.5, y: 5 },
      localAxisA: { x: 0.6, y: 0.8 },
      enableLimit: true,
      lowerTranslation: -0.5,
      upperTranslation: 0.5,
    });
    createRevoluteJoint(w, { bodyA: kin, bodyB: box, anchor: { x: 0.5, y: 5.2 } });
    const mass = getPhysics(w).bodies.mass[box];
    for (let i = 0; i < 300; i++) {
      run(w, 1);
      expect(getQuarantineEvents(w)).toEqual([]);
    }
    expect(allFinite(w)).toBe(true);
    // What one step's solve can add to the warm-start bound (2 · maxLinearSpeed · mass): the tug of war stays of the
    // order of the box's momentum at the speed limit, not 1e99.
    expect(maxJointImpulse(w)).toBeLessThan(1000 * 2 * 400 * mass);
  });

  it('fuzz world (seed 7, #13): joint impulses are bounded before they are warm-started', () => {
    expect(replay(7, 13)).toBe('');
  });

  it('fuzz world (seed 7, #54): contact impulses are bounded before they are warm-started', () => {
    expect(replay(7, 54)).toBe('');
  });

  it('fuzz world (seed 7, #9): velocities are clamped after the joints warm start (it amplified ×100 a substep)', () => {
    expect(replay(7, 9)).toBe('');
  });

  it('fuzz world (seed 7, #10): a tiny disc welded to a heavy body is not taken for diverged (the test is by energy)', () => {
    expect(replay(7, 10)).toBe('');
  });

  it("fuzz world (seed 20261126, #776): velocities are clamped after the contacts' warm start too (a welded light body pressed on the ground spun ×10 a substep)", () => {
    expect(replay(20261126, 776)).toBe('');
  });

  it('fuzz world (seed 20261126, #305): joint impulses are bounded before every substep’s warm start, not once a step (a light body welded between limited revolutes reached 1e9 m/s within one step)', () => {
    expect(replay(20261126, 305)).toBe('');
  });

  it('the stored spin obeys the rotation limit, as the stored speed obeys maxLinearSpeed (a relax pass left 8000 rad/s)', () => {
    // A 0.03 m disc of 0.01 kg/m² welded a metre away to a 2 kg box: landing, the relax pass leaves the disc spinning
    // far above the limit; the next step read that spin (restitution, speculative contacts) before clamping it.
    const w = world();
    addGround(w);
    const heavy = createBody(w, { type: 'dynamic', position: { x: 0, y: 5 } });
    addShape(w, heavy, makeBox(1, 0.5));
    const light = createBody(w, { type: 'dynamic', position: { x: 1.5, y: 5.5 }, angularVelocity: 5 });
    addShape(w, light, makeCircle(0.03), { density: 0.01 });
    createWeldJoint(w, { bodyA: heavy, bodyB: light, anchor: { x: 0.7, y: 5 } });
    const b = getPhysics(w).bodies;
    const maxW = (MAX_ROTATION * 4) / DT; // 4 substeps
    for (let i = 0; i < 600; i++) {
      run(w, 1);
      for (const e of [heavy, light]) expect(Math.abs(b.w[e])).toBeLessThanOrEqual(maxW * (1 + 1e-12));
    }
    expect(getQuarantineEvents(w)).toEqual([]);
    expect(allFinite(w)).toBe(true);
  });
});

describe('validateWorld', () => {
  function scene(): PhysicsWorld {
    const w = world();
    addGround(w);
    for (let i = 0; i < 5; i++) {
      const b = createBody(w, { type: 'dynamic', position: { x: i * 0.9, y: 0.5 + i } });
      addShape(w, b, makeBox(0.5, 0.5));
    }
    run(w, 30);
    return w;
  }

  it('passes on a settling pile and names the first inconsistency when internal data is corrupted', () => {
    const w = scene();
    validateWorld(w);
    const c = getPhysics(w).contacts;
    expect(c.count).toBeGreaterThan(0);
    const id = c.list[0];
    const saved = c.bodyA[id];
    c.bodyA[id] = c.bodyB[id];
    expect(() => validateWorld(w)).toThrow(/contact .* records the wrong bodies/);
    c.bodyA[id] = saved;
    validateWorld(w);
    const b = getPhysics(w).bodies;
    const e = b.list[1];
    b.flags[e] = b.flags[e] & ~BodyFlag.awake;
    b.vx[e] = 1;
    try {
      validateWorld(w);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(PhysicsError);
      expect((error as PhysicsError).code).toBe('INVALID_STATE');
    }
  });

  it('catches a live contact id in the contact free list', () => {
    const w = scene();
    const c = getPhysics(w).contacts;
    c.free[c.freeCount++] = c.list[0];
    expect(() => validateWorld(w)).toThrow(/free/);
  });
});
