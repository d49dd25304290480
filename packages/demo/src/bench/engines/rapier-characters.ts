/**
 * Rapier's build of the `characters` benchmark (layouts/characters.ts has the numbers): the same terrain (each lane a
 * polyline and cuboids on one fixed body), each character a kinematic position-based body with a capsule, moved by one
 * KinematicCharacterController with the settings ours use (up +y, climb and slide at 45°, autostep 0.25 m onto
 * 0.1 m including dynamic bodies, snap 0.3 m, offset 0.01 m as our rest gap). Each step runs the same script as ours
 * and calls computeColliderMovement once per character, as Rapier's documentation does, then steps the world.
 */
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
} from '../../scenes/layouts/characters.js';
import type { Rapier, RapierBody, RapierWorld } from './rapier-scenes.js';

/** A scene with its own logic before each step (the characters' input): its bodies, and that logic. */
export interface RapierScene {
  readonly bodies: RapierBody[];
  readonly beforeStep: () => void;
}

export function rapierCharacters(R: Rapier, world: RapierWorld): RapierScene {
  const profile = terrainPoints();
  const boxes = laneBoxes();
  const count = profile.length >> 1;
  const indices = new Uint32Array(2 * (count - 1));
  for (let k = 0; k < count - 1; k++) {
    indices[2 * k] = k;
    indices[2 * k + 1] = k + 1;
  }
  for (let lane = 0; lane < CHARACTER_LANES; lane++) {
    const ground = world.createRigidBody(R.RigidBodyDesc.fixed().setTranslation(0, lane * LANE_SPACING));
    world.createCollider(R.ColliderDesc.polyline(Float32Array.from(profile), indices), ground);
    for (let k = 0; k < boxes.length; k += 4) {
      world.createCollider(
        R.ColliderDesc.cuboid(boxes[k + 2], boxes[k + 3]).setTranslation(boxes[k], boxes[k + 1]),
        ground,
      );
    }
  }
  const starts = characterStarts();
  const bodies: RapierBody[] = [];
  const colliders: ReturnType<RapierWorld['createCollider']>[] = [];
  for (let i = 0; i < CHARACTER_COUNT; i++) {
    const body = world.createRigidBody(
      R.RigidBodyDesc.kinematicPositionBased().setTranslation(starts[2 * i], starts[2 * i + 1]),
    );
    colliders.push(world.createCollider(R.ColliderDesc.capsule(CHARACTER_HALF_HEIGHT, CHARACTER_RADIUS), body));
    bodies.push(body);
  }
  const controller = world.createCharacterController(CHARACTER_OFFSET);
  controller.setUp({ x: 0, y: 1 });
  controller.setSlideEnabled(true);
  controller.setMaxSlopeClimbAngle(CLIMB_ANGLE);
  controller.setMinSlopeSlideAngle(CLIMB_ANGLE);
  controller.enableAutostep(STEP_HEIGHT, STEP_WIDTH, true);
  controller.enableSnapToGround(SNAP_DISTANCE);
  controller.setApplyImpulsesToDynamicBodies(true);
  controller.setCharacterMass(80);

  const grounded = new Uint8Array(CHARACTER_COUNT);
  const vy = new Float64Array(CHARACTER_COUNT);
  const velocity = new Float64Array(2);
  let step = 0;
  const beforeStep = (): void => {
    for (let i = 0; i < CHARACTER_COUNT; i++) {
      characterMove(i, step, grounded[i] === 1, vy, velocity);
      controller.computeColliderMovement(colliders[i], { x: velocity[0] / 60, y: velocity[1] / 60 });
      const moved = controller.computedMovement();
      grounded[i] = controller.computedGrounded() ? 1 : 0;
      const t = bodies[i].translation();
      bodies[i].setNextKinematicTranslation({ x: t.x + moved.x, y: t.y + moved.y });
    }
    step++;
  };
  return { bodies, beforeStep };
}
