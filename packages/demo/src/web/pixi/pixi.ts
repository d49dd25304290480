/**
 * Example: impulse2d bodies drawn as PixiJS v8 sprites. The physics world is a bitecs world; each dynamic body
 * entity also carries the page's own `Sprite` component, and a render system copies the zero-copy transform columns
 * (`world.physics.transform.{x, y, c, s}[eid]`) into the sprites of `query(world, [Transform, Sprite])` every frame.
 */
import { Application, Sprite as PixiSprite, Texture } from 'pixi.js';
import { addComponent, query } from 'bitecs';
import { addShape, createBody, createPhysicsWorld, makeBox, makeCircle, type PhysicsWorld } from '@impulse2d/core';
import { stepPhysics } from '@impulse2d/systems';

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

/** The render system: zero-copy transform columns → sprites, for every entity with both components. */
function spriteSystem(world: PhysicsWorld): void {
  const t = world.physics.transform;
  for (const eid of query(world, [world.physics.Transform, Sprite])) {
    place(Sprite.ref[eid]!, t.x[eid], t.y[eid], t.c[eid], t.s[eid]);
  }
}

async function main(): Promise<void> {
  const app = new Application();
  await app.init({ width: WIDTH, height: HEIGHT, background: 0x14161b, antialias: true, preference: 'webgl' });
  document.body.appendChild(app.canvas);
  const world = createPhysicsWorld({ gravity: { x: 0, y: -10 } });
  buildScene(world, app);
  let steps = 0;
  app.ticker.add(() => {
    stepPhysics(world, 1 / 60);
    steps++;
    spriteSystem(world);
  });
  // Read-back hook for the browser test: step count and each sprite's position on the stage (pixels).
  (window as unknown as { __pixiExample: unknown }).__pixiExample = {
    renderer: app.renderer.name,
    get steps() {
      return steps;
    },
    sprites: () => Array.from(query(world, [Sprite]), (eid) => ({ eid, x: Sprite.ref[eid]!.x, y: Sprite.ref[eid]!.y })),
  };
}

main().catch((e: unknown) => {
  (window as unknown as { __pixiError: string }).__pixiError = String(e);
  console.error(e);
});
