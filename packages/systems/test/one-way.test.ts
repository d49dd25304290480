// One-way shapes (ShapeDef.oneWayNormal, setShapeOneWay): platforms that stop only what comes from their open side.
import {
  getShapeBody,
  MOVER_SKIN,
  PhysicsError,
  addShape,
  castMover,
  createBody,
  createCharacter,
  getCharacterState,
  createPhysicsWorldFromSnapshot,
  getContactBeginEvents,
  getLinearVelocity,
  getPosition,
  getShapeOneWay,
  makeBox,
  makeCircle,
  moveCharacter,
  setLinearVelocity,
  setShapeOneWay,
  setTargetTransform,
  takeSnapshot,
  validateWorld,
  type PhysicsWorld,
  type BodyId,
  type ShapeId,
} from '@impulse2d/core';
import { startWorkers, stepPhysics, stopWorkers } from '@impulse2d/systems';
import { afterEach, describe, expect, it } from 'vitest';
import { getWorkerChunkCounts } from '../src/workers/step-workers.js';
import { characterGap, Walker } from './helpers/character-scenes.js';
import { DT, addGround, run, world } from './helpers/scene.js';

const UP = { x: 0, y: 1 };

/** A static platform 4 m wide and 0.2 m thick whose top face is at y = 3, open upward unless told otherwise. */
function addPlatform(w: PhysicsWorld, normal: { x: number; y: number } | null = UP, angle = 0): ShapeId {
  const body = createBody(w, { type: 'static', position: { x: 0, y: 2.9 }, angle });
  return addShape(w, body, makeBox(2, 0.1), { oneWayNormal: normal });
}

/** A 0.5 m box with its bottom at height y. */
function addBox(w: PhysicsWorld, y: number, vy = 0): BodyId {
  const b = createBody(w, { type: 'dynamic', position: { x: 0, y: y + 0.25 }, linearVelocity: { x: 0, y: vy } });
  addShape(w, b, makeBox(0.25, 0.25), { density: 1 });
  return b;
}

describe('one-way platforms', () => {
  it('a box thrown up from the ground passes through the platform and then lands on it', () => {
    const w = world();
    addGround(w);
    const platform = addPlatform(w);
    const box = addBox(w, 0, 9); // rises about 4 m: its bottom clears the top face at 3 m
    let highest = 0;
    let begins = 0;
    for (let i = 0; i < 180; i++) {
      stepPhysics(w, DT);
      highest = Math.max(highest, getPosition(w, box).y);
      // Only the landing touches the platform: passing through reports no contact.
      for (const e of getContactBeginEvents(w)) if (e.shapeA === platform || e.shapeB === platform) begins++;
    }
    validateWorld(w);
    expect(highest).toBeGreaterThan(3.5);
    // Resting on the top face: centre 0.25 above it, less the solver's slop-sized overlap.
    expect(Math.abs(getPosition(w, box).y - 3.25)).toBeLessThan(0.01);
    expect(Math.abs(getLinearVelocity(w, box).y)).toBeLessThan(0.01);
    expect(begins).toBe(1);
  });

  it('a box that does not rise high enough falls back through and lands on the ground', () => {
    const w = world();
    addGround(w);
    addPlatform(w);
    const box = addBox(w, 0, 7); // its centre peaks at about 2.7 m: inside the platform, short of its top
    run(w, 180);
    expect(Math.abs(getPosition(w, box).y - 0.25)).toBeLessThan(0.01);
  });

  it('a box dropped onto the platform rests on it for seconds', () => {
    const w = world();
    addPlatform(w);
    const box = addBox(w, 3.5);
    run(w, 60);
    const y1 = getPosition(w, box).y;
    run(w, 240);
    expect(Math.abs(y1 - 3.25)).toBeLessThan(0.01);
    expect(Math.abs(getPosition(w, box).y - y1)).toBeLessThan(1e-3);
  });

  it('a fast bullet from below flies through unhindered (continuous collision lets it pass) and lands on top', () => {
    const w = world();
    addPlatform(w);
    // 0.1 m box at 30 m/s: 0.5 m a step, more than its extent, so it is swept each step; without the one-way rule
    // continuous collision would stop it under the platform.
    const b = createBody(w, {
      type: 'dynamic',
      position: { x: 0, y: 1 },
      linearVelocity: { x: 0, y: 30 },
      isBullet: true,
    });
    addShape(w, b, makeBox(0.05, 0.05), { density: 1 });
    for (let i = 1; i <= 12; i++) {
      stepPhysics(w, DT);
      // Free flight (the solver integrates v then x per substep): within a few mm of y0 + v t − g t²/2.
      const t = i * DT;
      expect(Math.abs(getPosition(w, b).y - (1 + 30 * t - 5 * t * t))).toBeLessThan(0.01);
    }
    expect(getPosition(w, b).y).toBeGreaterThan(5);
    run(w, 600);
    expect(Math.abs(getPosition(w, b).y - 3.05)).toBeLessThan(0.01);
  });

  it('what comes from the side (a normal across the open direction) passes too', () => {
    const w = world({ gravity: { x: 0, y: 0 } });
    addPlatform(w);
    const b = createBody(w, { type: 'dynamic', position: { x: -3, y: 2.9 }, linearVelocity: { x: 3, y: 0 } });
    addShape(w, b, makeCircle(0.05), { density: 1 });
    run(w, 120); // 6 m: through the 4 m platform and out
    expect(Math.abs(getPosition(w, b).x - 3)).toBeLessThan(0.01);
    expect(getLinearVelocity(w, b)).toEqual({ x: 3, y: 0 });
  });

  it('the normal is body-local: an upside-down platform stops what comes from below and lets a falling box through', () => {
    const w = world();
    addGround(w);
    addPlatform(w, UP, Math.PI); // open side now faces down
    const falling = addBox(w, 4);
    const rising = createBody(w, { type: 'dynamic', position: { x: 1.5, y: 1 }, linearVelocity: { x: 0, y: 6 } });
    addShape(w, rising, makeCircle(0.2), { density: 1 });
    let risingTop = 0;
    for (let i = 0; i < 120; i++) {
      stepPhysics(w, DT);
      risingTop = Math.max(risingTop, getPosition(w, rising).y + 0.2);
    }
    expect(Math.abs(getPosition(w, falling).y - 0.25)).toBeLessThan(0.01); // fell through onto the ground
    expect(risingTop).toBeLessThan(2.81); // stopped by the bottom face at y = 2.8
    expect(risingTop).toBeGreaterThan(2.78);
  });

  it('a box passing through is pushed out once the platform becomes solid (setShapeOneWay null)', () => {
    const w = world({ gravity: { x: 0, y: 0 } });
    const platform = addPlatform(w);
    const box = addBox(w, 2.25, 1); // rises into the platform from below, no gravity to bring it back
    run(w, 30);
    const inside = getPosition(w, box).y;
    expect(inside).toBeGreaterThan(2.8);
    expect(inside).toBeLessThan(3.3);
    setLinearVelocity(w, box, { x: 0, y: 0 });
    setShapeOneWay(w, platform, null);
    expect(getShapeOneWay(w, platform)).toBeNull();
    run(w, 60);
    // Solid now: the contact touches again and the solver pushes the box out (down, its centre being below the
    // platform's centre... or up: either way it no longer overlaps by more than the slop).
    const y = getPosition(w, box).y;
    expect(y < 2.8 - 0.25 + 0.01 || y > 3 + 0.25 - 0.01).toBe(true);
  });

  it('a moving one-way platform (setTargetTransform) carries the box that landed on it and lets one from below through', () => {
    const w = world();
    addGround(w);
    const deck = createBody(w, { type: 'kinematic', position: { x: 0, y: 2.9 } });
    addShape(w, deck, makeBox(2, 0.1), { oneWayNormal: UP });
    const rider = addBox(w, 3.2); // lands on the deck
    const jumper = createBody(w, { type: 'dynamic', position: { x: 1, y: 0.25 }, linearVelocity: { x: 0, y: 8 } });
    addShape(w, jumper, makeBox(0.25, 0.25), { density: 1 });
    let jumperTop = 0;
    let landed = 0;
    for (let i = 1; i <= 240; i++) {
      const t = i * DT;
      // Sways 1 m either way (peak acceleration 1·(π/2)² = 2.5 m/s², less than friction can give).
      setTargetTransform(w, deck, { x: Math.sin((Math.PI / 2) * t), y: 2.9 }, 0, DT);
      stepPhysics(w, DT);
      jumperTop = Math.max(jumperTop, getPosition(w, jumper).y);
      // Landed by then (it slid a little as it met the moving deck): where it sits on the deck from here on.
      if (i === 60) landed = getPosition(w, rider).x - getPosition(w, deck).x;
    }
    validateWorld(w);
    // The rider is still on the deck, where it came to sit relative to it (to a few mm), after most of two swings.
    const rel = getPosition(w, rider).x - getPosition(w, deck).x;
    expect(Math.abs(rel - landed)).toBeLessThan(0.005);
    expect(Math.abs(getPosition(w, rider).y - 3.25)).toBeLessThan(0.01);
    // The jumper rose through the deck (its centre well above the top face) before landing somewhere.
    expect(jumperTop).toBeGreaterThan(3.3);
  });

  it('setShapeOneWay stores a unit normal, and refuses bad normals with a typed error, world unchanged', () => {
    const w = world();
    const platform = addPlatform(w, null);
    expect(getShapeOneWay(w, platform)).toBeNull();
    setShapeOneWay(w, platform, { x: 0, y: 3 });
    expect(getShapeOneWay(w, platform)).toEqual({ x: 0, y: 1 });
    const bytes = (): Buffer => Buffer.from(takeSnapshot(w));
    const before = bytes();
    for (const bad of [{ x: 0, y: 0 }, { x: NaN, y: 1 }, { x: 1, y: Infinity }, 5, 'up', undefined]) {
      expect(() => setShapeOneWay(w, platform, bad as never)).toThrow(PhysicsError);
    }
    expect(() => setShapeOneWay(w, 12345 as ShapeId, UP)).toThrow(PhysicsError); // not a handle, on purpose
    expect(bytes().equals(before)).toBe(true);
    const body = createBody(w, { type: 'static' });
    const withBody = bytes();
    expect(() => addShape(w, body, makeBox(1, 1), { oneWayNormal: { x: 0, y: 0 } })).toThrow(/oneWayNormal/);
    expect(bytes().equals(withBody)).toBe(true);
    run(w, 2);
  });

  it('a snapshot taken while a box passes through restores to the same bits', () => {
    const build = (): { w: PhysicsWorld; box: BodyId } => {
      const w = world();
      addGround(w);
      addPlatform(w);
      return { w, box: addBox(w, 0, 9) };
    };
    const a = build();
    run(a.w, 22); // inside the platform, passing
    expect(a.w.physics.contacts.flags.some((f) => (f & 8) !== 0)).toBe(true);
    const copy = createPhysicsWorldFromSnapshot(takeSnapshot(a.w));
    run(a.w, 120);
    run(copy, 120);
    expect(Buffer.from(takeSnapshot(copy)).equals(Buffer.from(takeSnapshot(a.w)))).toBe(true);
    expect(Math.abs(getPosition(a.w, a.box).y - 3.25)).toBeLessThan(0.01);
  });
});

describe('characters and one-way platforms', () => {
  /** The default capsule's centre when it rests on a surface at height y: 0.9 m and two skins above it. */
  const restOn = (y: number): number => y + 0.9 + 2 * MOVER_SKIN;

  it('a character jumps up through the platform from below and lands on it, grounded on it at the rest gap', () => {
    const w = world();
    addGround(w);
    const shape = addPlatform(w);
    const c = createCharacter(w, { position: { x: 0, y: restOn(0) } });
    // The game's gravity, with the ground ignored while it rises: its feet may pass the top face within the contact
    // gap on the way up, and a jump is not cut short by that.
    let vy = 9; // the feet rise about 4 m, past the top face at 3 m; the head meets the underside at 2.8 m first
    let highest = 0;
    let state = getCharacterState(w, c);
    for (let i = 0; i < 150; i++) {
      vy = state.grounded && vy <= 0 ? 0 : vy - 10 * DT;
      moveCharacter(w, c, { x: 0, y: vy * DT });
      stepPhysics(w, DT);
      state = getCharacterState(w, c);
      highest = Math.max(highest, getPosition(w, c).y);
    }
    expect(highest).toBeGreaterThan(restOn(3) + 0.5);
    expect(state.grounded).toBe(true);
    expect(state.groundBody).toBe(getShapeBody(w, shape));
    expect(getPosition(w, c).y).toBeCloseTo(restOn(3), 6);
    expect(characterGap(w, c)).toBeCloseTo(2 * MOVER_SKIN, 6);
  });

  it('a jump that falls short of the top face drops back through to the ground', () => {
    const w = world();
    addGround(w);
    addPlatform(w);
    const c = createCharacter(w, { position: { x: 0, y: restOn(0) } });
    const walker = new Walker(w, c);
    walker.step(0);
    walker.step(0, 7); // the feet rise about 2.45 m: into the platform, short of its top at 3 m
    for (let i = 0; i < 150; i++) walker.step(0);
    expect(walker.state.grounded).toBe(true);
    expect(getPosition(w, c).y).toBeCloseTo(restOn(0), 6);
  });

  it('a character walks through a one-way block from the side and stands on one it drops onto', () => {
    const w = world();
    addGround(w);
    // A one-way block 1 m high standing on the ground, across the character's path.
    const block = createBody(w, { type: 'static', position: { x: 3, y: 0.5 } });
    addShape(w, block, makeBox(0.5, 0.5), { oneWayNormal: UP });
    const c = createCharacter(w, { position: { x: 0, y: restOn(0) } });
    const walker = new Walker(w, c);
    for (let i = 0; i < 120; i++) walker.step(3);
    expect(getPosition(w, c).x).toBeGreaterThan(5.5);
    expect(getPosition(w, c).y).toBeCloseTo(restOn(0), 6);
    // Dropped from above onto the same block, it stands on it.
    const d = createCharacter(w, { position: { x: 3, y: restOn(1) + 1 } });
    const dropped = new Walker(w, d);
    for (let i = 0; i < 60; i++) dropped.step(0);
    expect(dropped.state.grounded).toBe(true);
    expect(dropped.state.groundBody).toBe(block);
    expect(getPosition(w, d).y).toBeCloseTo(restOn(1), 6);
  });

  it('a character rides a one-way elevator down and up at 2 m/s, grounded on it every step', () => {
    for (const vy of [-2, 2]) {
      const w = world();
      const deck = createBody(w, { type: 'kinematic', position: { x: 0, y: 4.9 } });
      addShape(w, deck, makeBox(2, 0.1), { oneWayNormal: UP });
      const c = createCharacter(w, { position: { x: 0, y: restOn(5) } });
      const walker = new Walker(w, c);
      walker.step(0);
      for (let i = 1; i <= 90; i++) {
        setTargetTransform(w, deck, { x: 0, y: 4.9 + vy * i * DT }, 0, DT);
        const s = walker.step(0);
        expect(s.grounded).toBe(true);
        expect(s.groundBody).toBe(deck);
        expect(getPosition(w, c).y - getPosition(w, deck).y).toBeCloseTo(restOn(0.1), 6);
      }
    }
  });

  it('a character falling onto a one-way elevator that rises to meet it at 3 m/s lands on it and rides it up', () => {
    const w = world();
    const deck = createBody(w, { type: 'kinematic', position: { x: 0, y: 0 } });
    addShape(w, deck, makeBox(2, 0.1), { oneWayNormal: UP });
    const c = createCharacter(w, { position: { x: 0, y: restOn(0.1) + 1.5 } });
    const walker = new Walker(w, c);
    let landed = -1;
    for (let i = 1; i <= 60; i++) {
      setTargetTransform(w, deck, { x: 0, y: 3 * i * DT }, 0, DT);
      const s = walker.step(0);
      if (landed < 0 && s.grounded) landed = i;
      if (landed >= 0) {
        expect(s.groundBody).toBe(deck);
        expect(getPosition(w, c).y - getPosition(w, deck).y).toBeCloseTo(restOn(0.1), 6);
      }
    }
    expect(landed).toBeGreaterThan(0);
    expect(landed).toBeLessThan(30);
  });

  it('castMover: a capsule passes a one-way platform going up from below and is stopped coming down from above', () => {
    const w = world();
    addPlatform(w);
    const capsule = (
      y: number,
    ): { center1: { x: number; y: number }; center2: { x: number; y: number }; radius: number } => ({
      center1: { x: 0, y: y - 0.5 },
      center2: { x: 0, y: y + 0.5 },
      radius: 0.4,
    });
    expect(castMover(w, capsule(1), { x: 0, y: 4 })).toBe(1);
    // From 2 m above the top face, down 4 m: stopped a skin above it, 2 m − a skin along.
    expect(castMover(w, capsule(3 + 0.9 + 2), { x: 0, y: -4 })).toBeCloseTo((2 - MOVER_SKIN) / 4, 6);
  });
});

describe('one-way platforms on step workers', () => {
  const started: PhysicsWorld[] = [];
  afterEach(async () => {
    for (const w of started.splice(0)) await stopWorkers(w);
  });

  /** 240 boxes thrown up through a wide platform in a 12 × 20 grid: thousands of contact rows, many chunks. */
  async function runScene(threads: number): Promise<{ state: Uint8Array; onWorkers: number }> {
    const w = world();
    started.push(w);
    addGround(w);
    const deck = createBody(w, { type: 'static', position: { x: 0, y: 6 } });
    addShape(w, deck, makeBox(30, 0.1), { oneWayNormal: UP });
    for (let i = 0; i < 12; i++) {
      for (let j = 0; j < 20; j++) {
        const b = createBody(w, {
          type: 'dynamic',
          position: { x: -20 + 2 * j + 0.1 * i, y: 0.5 + 1.1 * i },
          linearVelocity: { x: 0, y: 14 - 0.4 * i },
        });
        addShape(w, b, (i + j) % 3 === 0 ? makeCircle(0.4) : makeBox(0.4, 0.4), { density: 1 });
      }
    }
    await startWorkers(w, threads, { adaptive: false });
    for (let i = 0; i < 240; i++) stepPhysics(w, DT);
    validateWorld(w);
    return { state: takeSnapshot(w), onWorkers: getWorkerChunkCounts(w).onWorkers };
  }

  it('give the same bits on 1, 2 and 3 threads', async () => {
    const reference = await runScene(1);
    for (const n of [2, 3]) {
      const r = await runScene(n);
      expect(r.onWorkers, `${n} threads: no narrowphase chunk ran on a worker`).toBeGreaterThan(0);
      expect(Buffer.from(r.state).equals(Buffer.from(reference.state)), `${n} threads`).toBe(true);
    }
  }, 60_000);
});
