// Sleep scenarios, run through a native bundle (see bundle.ts).
import {
  addShape,
  createBody,
  isAwake,
  makeCircle,
  setLinearVelocity,
  type PhysicsWorld,
  type SolverMode,
} from '@impulse2d/core';
import { addGround, buildPyramid, run, transformSnapshot, world } from './scene.js';

export interface PyramidSleepResult {
  /** Time (s) at which every pyramid box was asleep, or −1. */
  allAsleepAt: number;
  /** Largest transform change of any box over 2 s while asleep (must be exactly 0). */
  frozenChange: number;
  /** Boxes awake right after a ball hits the pyramid, and how far the hit box moved. */
  awakeAfterHit: number;
  hitBoxMoved: number;
  profileBodiesAwakeWhileAsleep: number;
}

/** A 20-row pyramid with sleeping on: when does it sleep, does it stay frozen, does a ball wake it. */
export function pyramidSleeps(solver: SolverMode = 'soft'): PyramidSleepResult {
  const w: PhysicsWorld = world({ enableSleep: true, solver });
  addGround(w);
  const boxes = buildPyramid(w, 20);
  let allAsleepAt = -1;
  for (let step = 1; step <= 600; step++) {
    run(w, 1);
    if (boxes.every((b) => !isAwake(w, b))) {
      allAsleepAt = step / 60;
      break;
    }
  }
  const before = transformSnapshot(w, boxes);
  run(w, 120);
  const profileBodiesAwakeWhileAsleep = w.physics.profile.awakeBodyCount;
  const after = transformSnapshot(w, boxes);
  let frozenChange = 0;
  for (let i = 0; i < before.length; i++) frozenChange = Math.max(frozenChange, Math.abs(after[i] - before[i]));
  // A ball flies into the bottom-left corner box.
  const target = boxes[0];
  const t = w.physics.transform;
  const x0 = t.x[target];
  const ball = createBody(w, { type: 'dynamic', position: { x: x0 - 4, y: 0.5 } });
  addShape(w, ball, makeCircle(0.25), { density: 20 });
  setLinearVelocity(w, ball, { x: 20, y: 0 });
  run(w, 30);
  const awakeAfterHit = boxes.filter((b) => isAwake(w, b)).length;
  return {
    allAsleepAt,
    frozenChange,
    awakeAfterHit,
    hitBoxMoved: Math.abs(t.x[target] - x0),
    profileBodiesAwakeWhileAsleep,
  };
}
