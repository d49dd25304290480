/**
 * Example: impulse2d bodies drawn as PixiJS v8 sprites, in a fixed-timestep game loop.
 *
 * The physics world is a bitecs world; each dynamic body entity also carries the page's own `Sprite` component. Every
 * frame, `stepFixed` runs as many 1/60 s steps as the frame's wall time holds (none on some frames of a 144 Hz display,
 * two on a 30 Hz one), so the simulation keeps real time at any refresh rate. The render system then places the
 * sprites of `query(world, [Transform, Sprite])` at the stepper's interpolated pose columns
 * (`stepper.interpolated.{x, y, c, s}[eid]`, zero-copy like `world.physics.transform`): between each body's pose before
 * the last step and its pose now, so motion is smooth on frames without a step.
 *
 * Calling `stepPhysics(world, 1 / 60)` once per frame instead would run the world at 2.4× speed on a 144 Hz screen.
 */
import { Application, Sprite as PixiSprite, Texture } from 'pixi.js';
import { addComponent, query } from 'bitecs';
import { addShape, createBody, createPhysicsWorld, makeBox, makeCircle, type PhysicsWorld } from '@impulse2d/core';
import { createFixedStepper, stepFixed, type FixedStepper } from '@impulse2d/systems';

/** The page's render component: one Pixi sprite per entity (a plain array indexed by entity id). */
const Sprite = { ref: [] as (PixiSprite | undefined)[] };

const PX_PER_M = 40;
const WIDTH = 800;
const HEIGHT = 600;

function buildScene(world: PhysicsWorld, app: Application): void {
  const ground = createBody(world, { type: 'static', position: { x: 0, y: -0.5 } });
  addShape(world, ground, makeBox(9, 0.5));
  const groundSprite = addSprite(app, 18, 1, 0x8fa36b, false);
  place(groundSprite, 0, -0.5, 1, 0);
  const colors = [0x5aa9ff, 0xf2a65a, 0x7bd389, 0xe76f8f, 0xb48ef0];
  for (let i = 0; i < 40; i++) {
    const x = -4 + (i % 8) * 1.1 + (Math.floor(i / 8) % 2) * 0.3;
    const y = 2 + Math.floor(i / 8) * 1.3;
    const round = i % 3 === 0;
    const body = createBody(world, { type: 'dynamic', position: { x, y }, angle: 0.1 * i });
    addShape(world, body, round ? makeCircle(0.4) : makeBox(0.4, 0.4), { density: 1, friction: 0.6 });
    addComponent(world, body, Sprite);
    Sprite.ref[body] = addSprite(app, 0.8, 0.8, colors[i % colors.length], round);
  }
}

function addSprite(app: Application, w: number, h: number, tint: number, round: boolean): PixiSprite {
  const s = new PixiSprite(round ? circleTexture() : Texture.WHITE);
  s.anchor.set(0.5);
  s.width = w * PX_PER_M;
  s.height = h * PX_PER_M;
  s.tint = tint;
  app.stage.addChild(s);
  return s;
}

let disc: Texture | null = null;
/** A white disc drawn once on a canvas, tinted per sprite. */
function circleTexture(): Texture {
  if (disc !== null) return disc;
  const c = document.createElement('canvas');
  c.width = c.height = 64;
  const g = c.getContext('2d')!;
  g.fillStyle = '#fff';
  g.beginPath();
  g.arc(32, 32, 31, 0, Math.PI * 2);
  g.fill();
  g.fillStyle = '#999';
  g.fillRect(32, 29, 31, 6); // a spoke, so the rotation shows
  disc = Texture.from(c);
  return disc;
}

/** World metres (y up, origin at the bottom centre) → Pixi pixels (y down). */
function place(s: PixiSprite, x: number, y: number, c: number, sn: number): void {
  s.position.set(WIDTH / 2 + x * PX_PER_M, HEIGHT - 40 - y * PX_PER_M);
  s.rotation = -Math.atan2(sn, c);
}

/** The render system: interpolated pose columns → sprites, for every entity with both components. */
function spriteSystem(world: PhysicsWorld, stepper: FixedStepper): void {
  const pose = stepper.interpolated;
  for (const eid of query(world, [world.physics.Transform, Sprite])) {
    place(Sprite.ref[eid]!, pose.x[eid], pose.y[eid], pose.c[eid], pose.s[eid]);
  }
}

async function main(): Promise<void> {
  const app = new Application();
  await app.init({ width: WIDTH, height: HEIGHT, background: 0x14161b, antialias: true, preference: 'webgl' });
  document.getElementById('stage')!.appendChild(app.canvas);
  const world = createPhysicsWorld({ gravity: { x: 0, y: -10 } });
  buildScene(world, app);
  // 1/60 s steps, at most 4 a frame: a frame longer than 4/60 s (a hidden tab) drops the rest (stepper.droppedTime).
  const stepper = createFixedStepper(world);
  let frames = 0;
  let frameSeconds = 0;
  const status = document.getElementById('status')!;
  app.ticker.add((ticker) => {
    // elapsedMS: the raw time since the last frame (deltaMS is capped and scaled by the ticker's speed).
    stepFixed(world, stepper, ticker.elapsedMS / 1000);
    spriteSystem(world, stepper);
    frames++;
    frameSeconds += ticker.elapsedMS / 1000;
    if (frames % 30 === 0) {
      status.textContent =
        `display ${(frames / frameSeconds).toFixed(0)} frames/s · physics ${(stepper.totalSteps / frameSeconds).toFixed(0)} ` +
        `steps/s · alpha ${stepper.alpha.toFixed(2)} · dropped ${stepper.totalDroppedTime.toFixed(2)} s`;
    }
  });
  // Read-back hook for the browser test: steps, frames, and each sprite's position on the stage (pixels).
  (window as unknown as { __pixiExample: unknown }).__pixiExample = {
    renderer: app.renderer.name,
    get steps() {
      return stepper.totalSteps;
    },
    get frames() {
      return frames;
    },
    get alpha() {
      return stepper.alpha;
    },
    get droppedTime() {
      return stepper.totalDroppedTime;
    },
    sprites: () => Array.from(query(world, [Sprite]), (eid) => ({ eid, x: Sprite.ref[eid]!.x, y: Sprite.ref[eid]!.y })),
  };
}

main().catch((e: unknown) => {
  (window as unknown as { __pixiError: string }).__pixiError = String(e);
  console.error(e);
});
