/**
 * box2d3-wasm builders of the scenes that need more than boxes and statics, after Box2D v3's own benchmark scenes
 * (benchmark/joint_grid, tumbler, smash), friction 0.6. Embind hands structs over by value: a nested struct is read,
 * changed and written back.
 */
import { SMASH_COLUMNS, SMASH_ROWS } from '../../scenes/layouts/index.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- the bound API is Emscripten's, typed here only where used */
export type Box3 = any;
export interface B2Id {
  readonly index1: number;
}
export type Box3SceneBuilder = (b: Box3, world: B2Id, canSleep: boolean) => B2Id[];

const FRICTION = 0.6;

function shapeDef(b: Box3, density: number): Box3 {
  const def = b.b2DefaultShapeDef();
  def.density = density;
  const material = def.material;
  material.friction = FRICTION;
  def.material = material;
  return def;
}

function body(b: Box3, type: 'b2_staticBody' | 'b2_dynamicBody', x: number, y: number, sleep: boolean) {
  const def = b.b2DefaultBodyDef();
  def.type = b.b2BodyType[type];
  def.position = new b.b2Vec2(x, y);
  def.enableSleep = sleep;
  return def;
}

function revolute(b: Box3, a: B2Id, c: B2Id, ax: number, ay: number, bx: number, by: number): Box3 {
  const def = b.b2DefaultRevoluteJointDef();
  const base = def.base;
  base.bodyIdA = a;
  base.bodyIdB = c;
  const fa = base.localFrameA;
  fa.p = new b.b2Vec2(ax, ay);
  base.localFrameA = fa;
  const fb = base.localFrameB;
  fb.p = new b.b2Vec2(bx, by);
  base.localFrameB = fb;
  def.base = base;
  return def;
}

function jointGrid(b: Box3, world: B2Id, canSleep: boolean): B2Id[] {
  const N = 100;
  const ids: B2Id[] = [];
  const dynamic: B2Id[] = [];
  const shape = shapeDef(b, 1);
  // Category 2, mask everything but 2: the circles never collide with each other (Box2D's joint_grid).
  const filter = shape.filter;
  filter.categoryBits = 2;
  filter.maskBits = ~2 >>> 0;
  shape.filter = filter;
  const circle = new b.b2Circle();
  circle.center = new b.b2Vec2(0, 0);
  circle.radius = 0.4;
  for (let k = 0; k < N; k++) {
    for (let i = 0; i < N; i++) {
      const isStatic = i === 0 && k >= N / 2 - 3 && k <= N / 2 + 3;
      const def = body(b, isStatic ? 'b2_staticBody' : 'b2_dynamicBody', k, -i, canSleep);
      const id = b.b2CreateBody(world, def) as B2Id;
      b.b2CreateCircleShape(id, shape, circle);
      const index = k * N + i;
      ids[index] = id;
      if (!isStatic) dynamic.push(id);
      if (i > 0) b.b2CreateRevoluteJoint(world, revolute(b, ids[index - 1]!, id, 0, -0.5, 0, 0.5));
      if (k > 0) b.b2CreateRevoluteJoint(world, revolute(b, ids[index - N]!, id, 0.5, 0, -0.5, 0));
    }
  }
  return dynamic;
}

function tumbler(b: Box3, world: B2Id, canSleep: boolean): B2Id[] {
  const ground = b.b2CreateBody(world, body(b, 'b2_staticBody', 0, 0, canSleep)) as B2Id;
  const frame = b.b2CreateBody(world, body(b, 'b2_dynamicBody', 0, 10, canSleep)) as B2Id;
  const wallDef = shapeDef(b, 50);
  const rot = b.b2Rot_identity ?? b.b2MakeRot(0);
  b.b2CreatePolygonShape(frame, wallDef, b.b2MakeOffsetBox(0.5, 10, new b.b2Vec2(10, 0), rot));
  b.b2CreatePolygonShape(frame, wallDef, b.b2MakeOffsetBox(0.5, 10, new b.b2Vec2(-10, 0), rot));
  b.b2CreatePolygonShape(frame, wallDef, b.b2MakeOffsetBox(10, 0.5, new b.b2Vec2(0, 10), rot));
  b.b2CreatePolygonShape(frame, wallDef, b.b2MakeOffsetBox(10, 0.5, new b.b2Vec2(0, -10), rot));
  const motor = revolute(b, ground, frame, 0, 10, 0, 0);
  motor.enableMotor = true;
  motor.motorSpeed = (Math.PI / 180) * 25;
  motor.maxMotorTorque = 1e8;
  b.b2CreateRevoluteJoint(world, motor);
  const boxDef = shapeDef(b, 1);
  const box = b.b2MakeBox(0.125, 0.125);
  const boxes: B2Id[] = [];
  for (let i = 0; i < 45; i++) {
    for (let j = 0; j < 45; j++) {
      const id = b.b2CreateBody(world, body(b, 'b2_dynamicBody', -9 + 0.4 * j, 1 + 0.4 * i, canSleep)) as B2Id;
      b.b2CreatePolygonShape(id, boxDef, box);
      boxes.push(id);
    }
  }
  return boxes;
}

function smash(b: Box3, world: B2Id, canSleep: boolean): B2Id[] {
  const ramDef = body(b, 'b2_dynamicBody', -20, 0, canSleep);
  ramDef.linearVelocity = new b.b2Vec2(40, 0);
  const ram = b.b2CreateBody(world, ramDef) as B2Id;
  b.b2CreatePolygonShape(ram, shapeDef(b, 8), b.b2MakeBox(4, 4));
  const boxes: B2Id[] = [ram];
  const boxDef = shapeDef(b, 1);
  const box = b.b2MakeBox(0.2, 0.2);
  for (let i = 0; i < SMASH_COLUMNS; i++) {
    for (let j = 0; j < SMASH_ROWS; j++) {
      const def = body(b, 'b2_dynamicBody', 30 + 0.4 * i, 0.4 * (j - SMASH_ROWS / 2), canSleep);
      def.isAwake = !canSleep; // as Box2D's smash: the grid starts asleep
      const id = b.b2CreateBody(world, def) as B2Id;
      b.b2CreatePolygonShape(id, boxDef, box);
      boxes.push(id);
    }
  }
  return boxes;
}

export const box3Scenes: Readonly<Record<string, Box3SceneBuilder>> = { joint_grid: jointGrid, tumbler, smash };
