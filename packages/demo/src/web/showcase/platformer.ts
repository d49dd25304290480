import {
  createCharacter,
  explode,
  getCharacterState,
  getCharacterStateInto,
  getPosition,
  moveCharacter,
  setCharacterSettings,
  setTargetTransform,
  type CharacterId,
  type CharacterState,
  type PhysicsWorld,
} from '@impulse2d/core';
import type { ParamValues, SceneKey, SceneParam } from '../protocol.js';
import { SceneInput } from '../scene-input.js';
import { buildCourse, PLATFORM_LEFT, PLATFORM_RIGHT, PLATFORM_Y, type Course } from './platformer-course.js';
import { paramOf, type TestbedBuilt, type TestbedScene } from './showcase.js';

/**
 * The platformer: a character the player walks, jumps and blows things up with, over the course of
 * platformer-course.ts. The engine resolves the character's moves (createCharacter, moveCharacter); everything here
 * is what a game writes around it, once a step: the keys turned into a velocity, the game's own gravity, a moving
 * platform driven by setTargetTransform, and an explosion.
 */

/** The testbed's fixed step (s): beforeStep runs once before each. */
const DT = 1 / 60;
const DEG = Math.PI / 180;
/** The game's gravity (m/s²), twice the world's: platformers fall fast so that jumps feel quick. */
const GRAVITY = 20;
/** How fast walking reaches its speed on the ground (m/s²); in the air airControl × this. */
const ACCELERATION = 60;
/** The moving platform's round trip (s). */
const PLATFORM_PERIOD = 8;

export const LEFT = ['ArrowLeft', 'KeyA'];
export const RIGHT = ['ArrowRight', 'KeyD'];
export const JUMP = ['Space', 'ArrowUp', 'KeyW'];
export const EXPLODE = ['KeyE', 'KeyX'];

const keys: readonly SceneKey[] = [
  { codes: LEFT, label: '← A', action: 'walk left' },
  { codes: RIGHT, label: '→ D', action: 'walk right' },
  { codes: JUMP, label: 'space ↑ W', action: 'jump (hold to jump again on landing)' },
  { codes: EXPLODE, label: 'E X', action: 'explosion where the character stands' },
];

const params: readonly SceneParam[] = [
  { key: 'walkSpeed', label: 'walk speed', min: 1, max: 12, step: 0.5, value: 6, unit: 'm/s', live: true },
  { key: 'jumpHeight', label: 'jump height', min: 0.5, max: 5, step: 0.1, value: 3, unit: 'm', live: true },
  { key: 'airControl', label: 'air control', min: 0, max: 1, step: 0.05, value: 0.5, live: true },
  { key: 'climbAngle', label: 'climb angle', min: 10, max: 80, step: 1, value: 45, unit: '°', live: true },
];

/** The player's settings (the scene's sliders). */
export interface PlayerTuning {
  /** Walking speed (m/s). */
  walkSpeed: number;
  /** How high a jump lifts the feet (m). */
  jumpHeight: number;
  /** Share of the walking acceleration the player has in the air (0: none, 1: as on the ground). */
  airControl: number;
}

/** What the game keeps of the player between steps; the engine keeps the character itself. */
export interface Player {
  readonly character: CharacterId;
  readonly tuning: PlayerTuning;
  /** The velocity the player wants (m/s): walking, and the game's jumps and gravity. */
  vx: number;
  vy: number;
  /** What the last step did (getCharacterStateInto fills it). */
  readonly state: CharacterState;
  readonly move: { x: number; y: number };
}

/**
 * The game's side of a character, once a step before the step: read what the last step did, turn the keys into the
 * velocity the player wants, and ask the engine for that velocity × dt. The engine slides it along walls, climbs what
 * is walkable, steps up stairs, rides what it stands on and pushes crates.
 */
export function steerPlayer(world: PhysicsWorld, player: Player, input: SceneInput): void {
  const s = getCharacterStateInto(world, player.character, player.state);
  const t = player.tuning;
  // A ceiling stops a rise: the vertical speed is what the world allowed.
  if (player.vy > 0) player.vy = Math.min(player.vy, s.translation.y / DT);
  // Grounded counts only once the rise is over: the feet pass a one-way platform's top on the way up through it.
  const onGround = s.grounded && player.vy <= 0;

  // Walking: toward the walking speed, quickly on the ground, by the air control's share in the air.
  const direction = (input.isDown(RIGHT) ? 1 : 0) - (input.isDown(LEFT) ? 1 : 0);
  const change = ACCELERATION * (onGround ? 1 : t.airControl) * DT;
  player.vx += Math.max(-change, Math.min(change, direction * t.walkSpeed - player.vx));

  // Jumping and falling: the game's gravity, none on the ground (on a slope too steep to stand on, the character is
  // not grounded, and gravity slides it down).
  const jump = input.takePress(JUMP) || input.isDown(JUMP);
  if (onGround) player.vy = jump ? Math.sqrt(2 * GRAVITY * t.jumpHeight) : 0;
  else player.vy -= GRAVITY * DT;

  player.move.x = player.vx * DT;
  player.move.y = player.vy * DT;
  moveCharacter(world, player.character, player.move);
}

/** The moving platform's centre x at time `time` (s): from the landing to the ledge and back, slowing at each end. */
export function platformX(time: number): number {
  const middle = (PLATFORM_LEFT + PLATFORM_RIGHT) / 2;
  const reach = (PLATFORM_RIGHT - PLATFORM_LEFT) / 2;
  return middle - reach * Math.cos((2 * Math.PI * time) / PLATFORM_PERIOD);
}

/** Explosion of the E key: crates within 1.5 m take 150 N s per metre of width (about 7 m/s), less out to 5.5 m. */
const EXPLOSION = { radius: 1.5, falloff: 4, impulsePerLength: 150 };

/** What the platformer's build hands back: the testbed's part, and the course and player for tests to look at. */
export interface PlatformerBuilt extends TestbedBuilt {
  readonly beforeStep: () => void;
  readonly course: Course;
  readonly player: Player;
}

/** Builds the platformer into `world`: the course, the character, and the game's step (beforeStep). */
export function buildPlatformer(world: PhysicsWorld, values?: ParamValues, input = new SceneInput()): PlatformerBuilt {
  const course = buildCourse(world);
  const climb = paramOf(params, values, 'climbAngle') * DEG;
  const character = createCharacter(world, {
    // Standing on the floor: its capsule's half height (0.9 m) and the rest gap of two skins (5 mm) above it.
    position: { x: 0, y: 0.905 },
    maxSlopeClimbAngle: climb,
    minSlopeSlideAngle: climb,
    autostep: { maxHeight: 0.3, minWidth: 0.2 },
  });
  const player: Player = {
    character,
    tuning: {
      walkSpeed: paramOf(params, values, 'walkSpeed'),
      jumpHeight: paramOf(params, values, 'jumpHeight'),
      airControl: paramOf(params, values, 'airControl'),
    },
    vx: 0,
    vy: 0,
    state: {
      grounded: false,
      groundNormal: { x: 0, y: 0 },
      groundBody: null,
      sliding: false,
      translation: { x: 0, y: 0 },
    },
    move: { x: 0, y: 0 },
  };
  let time = 0;
  const platformTarget = { x: PLATFORM_LEFT, y: PLATFORM_Y };

  const beforeStep = (): void => {
    // The platform: where it should be at the end of this step (it moves there by its velocity, carrying riders).
    time += DT;
    platformTarget.x = platformX(time);
    setTargetTransform(world, course.platform, platformTarget, 0, DT);
    steerPlayer(world, player, input);
    if (input.takePress(EXPLODE)) explode(world, { position: getPosition(world, character), ...EXPLOSION });
  };

  return {
    boxes: Int32Array.from([character, ...course.crates]),
    follow: character,
    beforeStep,
    course,
    player,
    setParam(key: string, value: number) {
      if (key === 'climbAngle') {
        setCharacterSettings(world, character, { maxSlopeClimbAngle: value * DEG, minSlopeSlideAngle: value * DEG });
      } else if (key === 'walkSpeed' || key === 'jumpHeight' || key === 'airControl') {
        player.tuning[key] = value;
      }
    },
    status() {
      const at = getPosition(world, character);
      const s = getCharacterState(world, character);
      return {
        x: at.x,
        y: at.y,
        grounded: s.grounded,
        on: s.groundBody === null ? null : (course.names.get(s.groundBody) ?? 'a body'),
        platform: getPosition(world, course.platform).x,
      };
    },
  };
}

/**
 * Scene `Platformer`: play a character over slopes, stairs, a moving platform and a one-way platform, push crates and
 * blow them up. The camera follows the character.
 */
export const platformer: TestbedScene = {
  name: 'Platformer',
  steps: 1200,
  description:
    'a character to play: ← → or A D walk, space (↑ W) jumps, E (X) explodes. Slopes of 20° and 40° (walkable at ' +
    'a 45° climb angle) and 60° (it slides back), stairs, a moving platform, a one-way platform to jump up through, ' +
    'crates to push',
  params,
  keys,
  followHeight: 12,
  build: buildPlatformer,
};
