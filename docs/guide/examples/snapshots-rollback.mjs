// Rollback netcode in miniature: save the world each frame, and when a late input arrives, restore the frame it
// belongs to and simulate forward again. Same calls give the same bits, in every JavaScript engine.
import {
  addShape,
  applyLinearImpulse,
  createBody,
  createPhysicsWorld,
  createPhysicsWorldFromSnapshot,
  getPosition,
  makeBox,
  makeCircle,
  restoreSnapshot,
  takeSnapshot,
} from '@impulse2d/core';
import { stepPhysics } from '@impulse2d/systems';

const world = createPhysicsWorld({ gravity: { x: 0, y: -10 } });
const ground = createBody(world, { type: 'static' });
addShape(world, ground, makeBox(20, 0.5, { x: 0, y: -0.5 }));
const players = [-2, 2].map((x) => {
  const body = createBody(world, { type: 'dynamic', position: { x, y: 0.5 } });
  addShape(world, body, makeCircle(0.5));
  return body;
});

// The game's own step: apply this frame's inputs, then step. Inputs are plain data, so they can be replayed.
function simulate(inputs) {
  for (const { player, push } of inputs) {
    const body = players[player];
    applyLinearImpulse(world, body, { x: push, y: 0 }, getPosition(world, body));
  }
  stepPhysics(world, 1 / 60);
}

const history = []; // history[frame] = the world before that frame's step
const inputs = []; // inputs[frame] = what each player did that frame
for (let frame = 0; frame < 60; frame++) {
  history[frame] = takeSnapshot(world);
  inputs[frame] = frame === 10 ? [{ player: 0, push: 3 }] : [];
  simulate(inputs[frame]);
}
console.log('predicted: player 1 at x =', getPosition(world, players[1]).x.toFixed(4));

// Player 1's input for frame 20 arrives late: roll back to frame 20 and replay the frames since.
inputs[20].push({ player: 1, push: -3 });
restoreSnapshot(world, history[20]); // in place: every handle stays valid
for (let frame = 20; frame < 60; frame++) {
  history[frame] = takeSnapshot(world);
  simulate(inputs[frame]);
}
console.log('corrected: player 1 at x =', getPosition(world, players[1]).x.toFixed(4));

// A snapshot is bytes: send it to a joining peer, who builds the same world from it and steps to the same bits.
const bytes = takeSnapshot(world);
const copy = createPhysicsWorldFromSnapshot(bytes);
for (let i = 0; i < 60; i++) {
  stepPhysics(world, 1 / 60);
  stepPhysics(copy, 1 / 60);
}
const [a, b] = [getPosition(world, players[0]), getPosition(copy, players[0])];
console.log(`snapshot of ${bytes.length} bytes; the copy matches bit for bit:`, a.x === b.x && a.y === b.y);
