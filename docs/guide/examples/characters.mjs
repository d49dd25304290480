// A player character: it walks up a stair by itself, jumps up through a ledge and lands on it, and rides an
// elevator. The game says where it wants to go each step; the step's character stage resolves the move.
import {
  addChain,
  addShape,
  characterRow,
  createBody,
  createCharacter,
  createPhysicsWorld,
  getCharacterStateInto,
  getPosition,
  makeBox,
  makeChain,
  moveCharacter,
  setTargetTransform,
} from '@impulse2d/core';
import { stepPhysics } from '@impulse2d/systems';

const world = createPhysicsWorld({ gravity: { x: 0, y: -10 } });
const level = createBody(world, { type: 'static' });
addShape(world, level, makeBox(15, 0.5, { x: 10, y: -0.5 })); // the floor, top at y = 0
for (let i = 1; i <= 3; i++) addShape(world, level, makeBox(0.2, 0.1 * i, { x: 1.8 + 0.4 * i, y: 0.1 * i }));
addShape(world, level, makeBox(3.6, 0.3, { x: 6.4, y: 0.3 })); // a plateau at y = 0.6, up three 0.2 m steps
// A ledge to jump up through: a chain line, one-sided. Running right to left, it faces up: it stops what comes down
// onto it and lets through what comes up from below.
const ledge = createBody(world, { type: 'static' });
const ledgeLine = makeChain([
  { x: 7, y: 2.6 },
  { x: 4, y: 2.6 },
]);
addChain(world, ledge, ledgeLine);
// An elevator: a kinematic body driven to a path by setTargetTransform, flush with the plateau to start with.
const elevator = createBody(world, { type: 'kinematic', position: { x: 11, y: 0.35 } });
addShape(world, elevator, makeBox(1, 0.25));

// A 1.8 m capsule (defaultCharacterDef()) that steps up onto ledges up to 0.25 m high by itself.
const player = createCharacter(world, { position: { x: 0, y: 1 }, autostep: { maxHeight: 0.25, minWidth: 0.1 } });
const feet = () => (getPosition(world, player).y - 0.9).toFixed(1);

const dt = 1 / 60;
const GRAVITY = 10;
const state = getCharacterStateInto(world, player, {
  grounded: false,
  groundNormal: { x: 0, y: 0 },
  groundBody: null,
  sliding: false,
  translation: { x: 0, y: 0 },
});
const move = { x: 0, y: 0 };
let vy = 0; // the game integrates its own vertical speed
let elevatorTime = -1; // the elevator waits until the player is on it

function step(walk, jump) {
  // On the ground (and not still rising through a one-way ledge): no fall, or a jump. In the air: the speed the
  // world let it keep (a ceiling stops it), less gravity.
  if (state.grounded && vy <= 0) vy = jump;
  else vy = Math.min(vy, state.translation.y / dt) - GRAVITY * dt;
  move.x = walk * dt;
  move.y = vy * dt;
  moveCharacter(world, player, move);
  if (elevatorTime >= 0) {
    elevatorTime += dt;
    setTargetTransform(world, elevator, { x: 11, y: 0.35 + Math.min(elevatorTime, 2) * 1.5 }, 0, dt);
  }
  stepPhysics(world, dt);
  getCharacterStateInto(world, player, state); // grounded, groundNormal, groundBody, sliding, translation
}

function walkTo(x) {
  for (let i = 0; i < 600 && getPosition(world, player).x < x; i++) step(4, 0);
}

walkTo(5.5); // walk right, up the stair
console.log(`climbed the stair: feet at y ${feet()}, grounded: ${state.grounded}`);
step(0, 7); // jump straight up, through the ledge
for (let i = 0; i < 90; i++) step(0, 0);
console.log(`landed on the ledge: ${state.groundBody === ledge}, feet at y ${feet()}`);
walkTo(11); // off the ledge, down to the plateau, onto the elevator
elevatorTime = 0;
for (let i = 0; i < 150; i++) step(0, 0);
console.log(`rode the elevator: feet at y ${feet()}, standing on it: ${state.groundBody === elevator}`);

// Systems that handle many characters read the columns: rows 0 to count - 1.
const characters = world.physics.characters;
console.log(`${characters.count} character, grounded: ${characters.grounded[characterRow(world, player)] === 1}`);
