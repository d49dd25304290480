// A game loop with a fixed timestep: the world steps 60 times a second whatever the display's refresh rate, and the
// renderer draws each body between its last two poses. Here a 144 Hz display, simulated with fixed frame times.
import {
  addShape,
  createBody,
  createCharacter,
  createPhysicsWorld,
  getPosition,
  makeBox,
  moveCharacter,
  setPosition,
} from '@impulse2d/core';
import { createFixedStepper, resetInterpolation, stepFixed } from '@impulse2d/systems';

const world = createPhysicsWorld({ gravity: { x: 0, y: -10 } });
const ground = createBody(world, { type: 'static' });
addShape(world, ground, makeBox(20, 0.5, { x: 0, y: -0.5 }));
const box = createBody(world, { type: 'dynamic', position: { x: 0, y: 10 } });
addShape(world, box, makeBox(0.5, 0.5));

const player = createCharacter(world, { position: { x: -5, y: 0.905 } }); // standing on the floor (a 1.8 m capsule)

// What must happen once a step, not once a frame, goes in beforeStep: here the player's walk, 1 m/s to the right.
const walk = { x: 1 / 60, y: 0 };
const stepper = createFixedStepper(world, {
  dt: 1 / 60,
  maxStepsPerFrame: 4,
  beforeStep: () => moveCharacter(world, player, walk),
});

function draw(eid) {
  // In a browser: sprite.position.set(pose.x[eid], pose.y[eid]); sprite.rotation = Math.atan2(pose.s[eid], pose.c[eid])
  const pose = stepper.interpolated; // read it through the stepper each frame: it grows with the world
  return pose.y[eid];
}

let stepsRun = 0;
for (let frame = 0; frame < 144; frame++) {
  // In a browser, frameSeconds is (now - last) / 1000 in a requestAnimationFrame callback.
  stepsRun += stepFixed(world, stepper, 1 / 144); // 0 or 1 steps this frame
  if (frame >= 6 && frame < 10) {
    console.log(
      `frame ${frame}: ${stepper.frameSteps} step(s), alpha ${stepper.alpha.toFixed(2)}, y ${draw(box).toFixed(4)}`,
    );
  }
}
console.log('one second of frames ran', stepsRun, 'steps');
console.log('the player walked', (getPosition(world, player).x + 5).toFixed(2), 'm');

// A frame of 1 s (a tab hidden, a breakpoint) runs at most 4 steps and drops the rest instead of piling them up.
stepFixed(world, stepper, 1);
console.log('long frame: ran', stepper.frameSteps, 'steps, dropped', stepper.droppedTime.toFixed(3), 's');

// After a teleport, reset the interpolation, or the next frames draw the box sliding from where it was.
setPosition(world, box, { x: 0, y: 10 });
resetInterpolation(world, stepper);
console.log('drawn at y =', draw(box), 'right after the teleport');
