import {
  addChain,
  addShape,
  createBody,
  createCharacter,
  makeBox,
  makeChain,
  moveCharacter,
  type PhysicsWorld,
  type CharacterId,
} from '@impulse2d/core';
import type { BuiltScene } from './build-layout.js';
import {
  CHARACTER_COUNT,
  CHARACTER_HALF_HEIGHT,
  CHARACTER_LANES,
  CHARACTER_OFFSET,
  CHARACTER_RADIUS,
  CLIMB_ANGLE,
  LANE_SPACING,
  SNAP_DISTANCE,
  STEP_HEIGHT,
  STEP_WIDTH,
  characterMove,
  characterStarts,
  laneBoxes,
  terrainPoints,
} from './layouts/characters.js';

/**
 * Scene `characters` (layouts/characters.ts has the numbers): 1,000 characters (createCharacter) walking, turning and
 * jumping over 20 lanes of terrain with slopes and stairs, each asking for its move every step (moveCharacter) from
 * the script the peers run too. The script reads the character columns (grounded), as a system that drives many
 * characters would. 500 steps. Hands back the characters in creation order.
 */
export const name = 'characters';
export const steps = 500;

export function build(world: PhysicsWorld): BuiltScene {
  const profile = terrainPoints();
  const boxes = laneBoxes();
  for (let lane = 0; lane < CHARACTER_LANES; lane++) {
    const base = lane * LANE_SPACING;
    const ground = createBody(world, { type: 'static', position: { x: 0, y: base } });
    const points: { x: number; y: number }[] = [];
    for (let k = 0; k < profile.length; k += 2) points.push({ x: profile[k], y: profile[k + 1] });
    addChain(world, ground, makeChain(points));
    for (let k = 0; k < boxes.length; k += 4) {
      addShape(world, ground, makeBox(boxes[k + 2], boxes[k + 3], { x: boxes[k], y: boxes[k + 1] }));
    }
  }
  const starts = characterStarts();
  const characters = new Int32Array(CHARACTER_COUNT);
  for (let i = 0; i < CHARACTER_COUNT; i++) {
    characters[i] = createCharacter(world, {
      position: { x: starts[2 * i], y: starts[2 * i + 1] },
      radius: CHARACTER_RADIUS,
      halfHeight: CHARACTER_HALF_HEIGHT,
      maxSlopeClimbAngle: CLIMB_ANGLE,
      minSlopeSlideAngle: CLIMB_ANGLE,
      autostep: { maxHeight: STEP_HEIGHT, minWidth: STEP_WIDTH },
      snapToGround: SNAP_DISTANCE,
      skin: CHARACTER_OFFSET / 2,
    });
  }
  // The script's state: vertical speed per character, the step count; one move object and one output reused.
  const vy = new Float64Array(CHARACTER_COUNT);
  const velocity = new Float64Array(2);
  const move = { x: 0.5, y: 0.5 };
  let step = 0;
  const beforeStep = (): void => {
    const cs = world.physics.characters;
    for (let i = 0; i < CHARACTER_COUNT; i++) {
      // Rows are in creation order: no character is destroyed.
      characterMove(i, step, cs.grounded[i] === 1, vy, velocity);
      move.x = velocity[0] / 60;
      move.y = velocity[1] / 60;
      moveCharacter(world, characters[i] as CharacterId, move); // what createCharacter returned, as an int
    }
    step++;
  };
  return { boxes: characters, beforeStep };
}
