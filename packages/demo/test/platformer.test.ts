// The testbed's platformer scene without a browser: its game code (src/web/showcase/platformer.ts) stepped as the
// worker steps it (beforeStep, then the step), driven by scripted keys through the same SceneInput the page feeds.
import {
  createPhysicsWorld,
  getCharacterState,
  getLinearVelocity,
  getPosition,
  MOVER_SKIN,
  setPosition,
  type CharacterId,
  type CharacterState,
  type PhysicsWorld,
} from '@impulse2d/core';
import { stepPhysics } from '@impulse2d/systems';
import { describe, expect, it } from 'vitest';
import { SceneInput } from '../src/web/scene-input.js';
import { sceneEntries } from '../src/web/scene-list.js';
import {
  CLIFF_TOP,
  CLIFF_X,
  CRATE_POSITIONS,
  LEDGE_Y,
  ONE_WAY_HALF_WIDTH,
  ONE_WAY_TOP,
  ONE_WAY_X,
  PIT_LEFT,
  PIT_RIGHT,
  PLATFORM_LEFT,
  PLATFORM_RIGHT,
  RAMP_SHELF,
  RAMP_SHELF_END,
  RAMP_X,
  SLOPE_60_X,
  STAIRS_X,
  STEP_COUNT,
  STEP_RISE,
  STEP_TREAD,
} from '../src/web/showcase/platformer-course.js';
import { buildPlatformer, platformer, type PlatformerBuilt } from '../src/web/showcase/platformer.js';
import { resolveParams } from '../src/web/showcase/showcase.js';

const DT = 1 / 60;
/** The character's centre above what it stands on: half its capsule (0.9 m) and the rest gap of two skins. */
const STAND = 0.9 + 2 * MOVER_SKIN;
const RIGHT = 'ArrowRight';
const LEFT = 'KeyA';
const JUMP = 'Space';
const EXPLODE = 'KeyE';

interface Game {
  readonly world: PhysicsWorld;
  readonly input: SceneInput;
  readonly game: PlatformerBuilt;
  readonly character: CharacterId;
  /** One step as the testbed's worker runs it: the scene's beforeStep, then the world's step. */
  step(): CharacterState;
  /** Steps until `done` holds (true) or `max` steps have run (false). */
  until(done: (s: CharacterState) => boolean, max: number): boolean;
  /** The character's position. */
  at(): { x: number; y: number };
  /** The name of what the character stands on (the scene's status), or null. */
  on(): string | null;
  /** Runs `max` steps; the highest the character's origin got after any of them. */
  peak(max: number): number;
}

/** The platformer as the testbed builds it (its world settings, its params' defaults unless given). */
function play(values: Record<string, number> = {}): Game {
  const world = createPhysicsWorld({ enableSleep: true, ...(platformer.worldDef ?? {}) });
  const input = new SceneInput();
  const game = buildPlatformer(world, resolveParams(platformer.params, values), input);
  const character = game.player.character;
  const g: Game = {
    world,
    input,
    game,
    character,
    step() {
      game.beforeStep();
      stepPhysics(world, DT);
      return getCharacterState(world, character);
    },
    until(done, max) {
      for (let i = 0; i < max; i++) if (done(g.step())) return true;
      return false;
    },
    at: () => getPosition(world, character),
    on: () => game.status!().on as string | null,
    peak(max) {
      let highest = -Infinity;
      g.until(() => {
        highest = Math.max(highest, g.at().y);
        return false;
      }, max);
      return highest;
    },
  };
  return g;
}

/** Puts the character at x, standing on a surface at height `ground`, and lets it settle there for a step. */
function placeOn(g: Game, x: number, ground: number): void {
  setPosition(g.world, g.character, { x, y: ground + STAND });
  g.step();
}

describe('SceneInput: the keys as the scene reads them', () => {
  it('holds a key from press to release; a press is taken once, a repeat is no new press, a short tap still counts', () => {
    const input = new SceneInput();
    expect(input.isDown(['ArrowLeft', 'KeyA'])).toBe(false);
    input.press('KeyA');
    input.press('KeyA'); // the keyboard's auto-repeat
    expect(input.isDown(['ArrowLeft', 'KeyA'])).toBe(true);
    expect(input.takePress(['KeyA'])).toBe(true);
    expect(input.takePress(['KeyA'])).toBe(false);
    input.release('KeyA');
    expect(input.isDown(['KeyA'])).toBe(false);
    // Down and up between two steps: not held at the step, but its press is there once.
    input.press('KeyE');
    input.release('KeyE');
    expect(input.isDown(['KeyE'])).toBe(false);
    expect(input.takePress(['KeyE', 'KeyX'])).toBe(true);
    expect(input.takePress(['KeyE', 'KeyX'])).toBe(false);
    input.press('Space');
    input.clear();
    expect(input.isDown(['Space'])).toBe(false);
    expect(input.takePress(['Space'])).toBe(false);
  });
});

describe('the platformer scene', () => {
  it('is listed in the testbed with its keys and sliders', () => {
    const entry = sceneEntries.get('Platformer')!;
    expect(entry.info.group).toBe('showcase');
    expect(entry.info.keys.flatMap((k) => k.codes)).toEqual(
      expect.arrayContaining(['ArrowLeft', 'ArrowRight', 'KeyA', 'KeyD', 'Space', 'KeyE']),
    );
    expect(entry.info.params.map((p) => p.key)).toEqual(['walkSpeed', 'jumpHeight', 'airControl', 'climbAngle']);
    const g = play();
    expect(g.game.follow).toBe(g.character);
    expect(g.step().grounded).toBe(true);
    expect(g.on()).toBe('ground');
  });

  it('walking right climbs the 20° slope and the 40° slope, grounded all the way up, to the cliff top', () => {
    const g = play();
    g.input.press(RIGHT);
    let slope20 = 0;
    let slope40 = 0;
    let ungrounded = 0;
    const reached = g.until((s) => {
      const x = g.at().x;
      if (x > RAMP_X && !s.grounded) ungrounded++;
      if (g.on() === 'slope 20°' && g.at().y > STAND + 0.2 && g.at().y < RAMP_SHELF + STAND - 0.1) slope20++;
      if (g.on() === 'slope 40°' && g.at().y > RAMP_SHELF + STAND + 0.2 && g.at().y < CLIFF_TOP + STAND - 0.1)
        slope40++;
      return x > CLIFF_X - 1;
    }, 300);
    expect(reached).toBe(true);
    // On each slope for several steps part way up it (at 6 m/s across, 0.7 s on the 20° one, 0.3 s on the 40° one).
    expect(slope20).toBeGreaterThan(20);
    expect(slope40).toBeGreaterThan(8);
    expect(ungrounded).toBe(0);
    expect(g.on()).toBe('slope 40°');
    expect(g.at().y).toBeCloseTo(CLIFF_TOP + STAND, 6);
  });

  it('walking on, it drops off the cliff and climbs the stairs step by step onto the landing', () => {
    const g = play();
    g.input.press(RIGHT);
    const heights = new Set<number>();
    const landing = STAIRS_X + STEP_COUNT * STEP_TREAD + 0.5;
    const reached = g.until((s) => {
      // The treads it stood on: the k-th is STEP_RISE × k under its feet.
      const k = Math.round((g.at().y - STAND) / STEP_RISE);
      if (s.grounded && g.on() === 'stairs' && k > 0) heights.add(k);
      return g.at().x > landing;
    }, 600);
    expect(reached).toBe(true);
    expect([...heights].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(g.on()).toBe('stairs');
    expect(g.at().y).toBeCloseTo(LEDGE_Y + STAND, 6);
  });

  it('stands on the moving platform and is carried by it across the pit: its x follows the platform', () => {
    const g = play();
    const platform = g.game.course.platform;
    // On the landing, the platform at its near end: walk onto it and stop.
    placeOn(g, PIT_LEFT - 0.8, LEDGE_Y);
    g.input.press(RIGHT);
    expect(g.until(() => g.at().x > PLATFORM_LEFT - 0.5, 60)).toBe(true);
    g.input.release(RIGHT);
    g.until(() => false, 20); // stops
    expect(g.on()).toBe('moving platform');
    const offset = g.at().x - getPosition(g.world, platform).x;
    const start = getPosition(g.world, platform).x;
    for (let i = 0; i < 180; i++) {
      const s = g.step();
      expect(s.grounded).toBe(true);
      expect(s.groundBody).toBe(platform);
      expect(g.at().x - getPosition(g.world, platform).x).toBeCloseTo(offset, 6);
      expect(g.at().y).toBeCloseTo(LEDGE_Y + STAND, 6);
    }
    expect(getPosition(g.world, platform).x - start).toBeGreaterThan(3);
    // At the far end, it walks off onto the ledge.
    expect(g.until(() => getPosition(g.world, platform).x > PLATFORM_RIGHT - 0.05, 240)).toBe(true);
    g.input.press(RIGHT);
    expect(g.until(() => g.at().x > PIT_RIGHT + 1, 60)).toBe(true);
    expect(g.on()).toBe('ledge');
  });

  it('walks under the one-way platform, jumps up through it and lands on top, grounded on it', () => {
    const g = play();
    const left = ONE_WAY_X - ONE_WAY_HALF_WIDTH;
    placeOn(g, left - 2, LEDGE_Y);
    g.input.press(RIGHT);
    expect(g.until(() => g.at().x > ONE_WAY_X, 60)).toBe(true);
    g.input.release(RIGHT);
    expect(g.at().y).toBeCloseTo(LEDGE_Y + STAND, 6); // under it, unhindered
    g.until(() => false, 20);
    // A tap of space: up through the platform (its feet pass the top), then down onto it.
    g.input.press(JUMP);
    g.step();
    g.input.release(JUMP);
    const highest = g.peak(120);
    expect(highest - STAND).toBeGreaterThan(ONE_WAY_TOP + 0.3);
    const s = getCharacterState(g.world, g.character);
    expect(s.grounded).toBe(true);
    expect(s.groundBody).toBe(g.game.course.oneWay);
    expect(g.on()).toBe('one-way platform');
    expect(g.at().y).toBeCloseTo(ONE_WAY_TOP + STAND, 6);
  });

  it('does not climb the 60° slope walking into it, and slides back down it after a jump onto it', () => {
    const g = play();
    placeOn(g, SLOPE_60_X - 3, LEDGE_Y);
    g.input.press(RIGHT);
    let highest = g.peak(120);
    expect(highest).toBeCloseTo(LEDGE_Y + STAND, 6);
    expect(g.at().x).toBeLessThan(SLOPE_60_X);
    // Jump onto it, still walking into it: it lands on the slope, slides, and ends back at its foot.
    g.input.press(JUMP);
    let sliding = 0;
    g.until((s) => {
      highest = Math.max(highest, g.at().y);
      if (s.sliding) sliding++;
      return false;
    }, 30);
    g.input.release(JUMP);
    g.until((s) => {
      if (s.sliding) sliding++;
      return false;
    }, 150);
    expect(highest).toBeGreaterThan(LEDGE_Y + STAND + 2);
    expect(sliding).toBeGreaterThan(5);
    expect(g.at().y).toBeCloseTo(LEDGE_Y + STAND, 6);
    expect(g.at().x).toBeLessThan(SLOPE_60_X);
  });

  it('the climb angle slider: at 35° the 40° slope stops it at its foot, at 65° it walks up the 60° one', () => {
    const low = play({ climbAngle: 35 });
    low.input.press(RIGHT);
    low.until(() => false, 150);
    expect(low.at().x).toBeLessThan(RAMP_SHELF_END);
    expect(low.at().y).toBeCloseTo(RAMP_SHELF + STAND, 6);
    const g = play();
    placeOn(g, SLOPE_60_X - 3, LEDGE_Y);
    g.game.setParam!('climbAngle', 65);
    g.input.press(RIGHT);
    g.until(() => false, 120);
    expect(g.on()).toBe('slope 60°');
    expect(g.at().y).toBeGreaterThan(LEDGE_Y + STAND + 2);
  });

  it('pushes the crates it walks into', () => {
    const g = play();
    const crate = g.game.course.crates[0];
    g.until(() => false, 30); // the crates settle
    const x0 = getPosition(g.world, crate).x;
    g.input.press(LEFT);
    g.until(() => false, 120);
    expect(getPosition(g.world, crate).x).toBeLessThan(x0 - 1);
    // It is still behind the crate it pushes (the crate's right face, the character's radius and a little gap).
    expect(g.at().x).toBeGreaterThan(getPosition(g.world, crate).x + 0.4 + 0.4);
  });

  it('the explosion key throws the crates away from the character', () => {
    const g = play();
    placeOn(g, CRATE_POSITIONS[0].x + 1.2, 0);
    g.until(() => false, 30);
    const crates = g.game.course.crates;
    const before = crates.map((c) => getPosition(g.world, c));
    g.input.press(EXPLODE);
    g.step();
    g.input.release(EXPLODE);
    const me = g.at();
    for (const [i, c] of crates.entries()) {
      const v = getLinearVelocity(g.world, c);
      // Away from the character: its velocity points from the character's side to the crate's.
      const dx = before[i].x - me.x;
      const dy = before[i].y - me.y;
      expect(v.x * dx + v.y * dy).toBeGreaterThan(0);
    }
    // The nearest ones fly: several m/s.
    expect(
      Math.hypot(getLinearVelocity(g.world, crates[0]).x, getLinearVelocity(g.world, crates[0]).y),
    ).toBeGreaterThan(3);
    g.until(() => false, 60);
    const distance = (p: { x: number; y: number }): number => Math.hypot(p.x - me.x, p.y - me.y);
    for (const [i, c] of crates.entries()) {
      expect(distance(getPosition(g.world, c))).toBeGreaterThan(distance(before[i]));
    }
    // One press, one explosion: the next steps throw nothing more (the key is still taken).
    expect(g.input.takePress(['KeyE'])).toBe(false);
  });

  it('jumps as high as its jump height slider says, and walks at its walk speed', () => {
    for (const jumpHeight of [1, 2.5]) {
      const g = play({ jumpHeight });
      g.step();
      g.input.press(JUMP);
      g.step();
      g.input.release(JUMP);
      const highest = g.peak(90);
      // The game integrates its gravity (20 m/s²) a step at a time, speed then position: the feet rise the jump
      // height and about half the first step's rise more (5 cm for 1 m, 8 cm for 2.5 m), g·dt²/8 at most besides.
      const excess = highest - STAND - jumpHeight;
      expect(excess).toBeGreaterThan(0);
      expect(excess).toBeLessThan((Math.sqrt(2 * 20 * jumpHeight) * DT) / 2 + (20 * DT * DT) / 8);
    }
    const g = play({ walkSpeed: 4 });
    g.input.press(RIGHT);
    g.until(() => false, 15);
    const x0 = g.at().x;
    g.until(() => false, 15);
    expect(g.at().x - x0).toBeCloseTo(1, 9); // 15 steps at 4 m/s on the flat
  });
});
