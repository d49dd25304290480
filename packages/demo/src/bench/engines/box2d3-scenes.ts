/**
 * box2d3-wasm's own builders for the per-engine scenes (`LayoutDef.perEngine`), with Box2D v3's public API as
 * box2d3-wasm exposes it (b2CreateBody, b2Create*Shape, b2CreateRevoluteJoint, filters, bodies created asleep).
 * Each returns the tracked bodies in the layout's order; the constructions follow `../../scenes/*.ts` line by line.
 */
import {
  FLT_MAX,
  RAIN_COLUMNS,
  RAIN_HALF_WIDTH,
  RAIN_RADIUS,
  RAIN_ROWS,
  RAIN_WALL_HEIGHT,
  SMASH_COLUMNS,
  SMASH_ROWS,
  SPINNER_BODIES,
  SPINNER_MOTOR_SPEED,
  circleX,
  circleY,
  spinnerBodyPositions,
  spinnerLoopPoints,
} from '../../scenes/layouts/index.js';

/** The module box2d3-wasm's entry resolves to (the deluxe SIMD build where the runtime allows it). */
export type Box2D3 = Awaited<ReturnType<typeof import('box2d3-wasm')>>;
export type B3World = ReturnType<Box2D3['b2CreateWorld']>;
export type B3Body = ReturnType<Box2D3['b2CreateBody']>;
export type Box2D3SceneBuilder = (B: Box2D3, world: B3World, canSleep: boolean) => B3Body[];

/** Box2D v3's default friction, set explicitly as every other engine here gets it. */
export const FRICTION = 0.6;

export function dynamicBody(B: Box2D3, world: B3World, x: number, y: number, canSleep: boolean): B3Body {
  const def = B.b2DefaultBodyDef();
  def.type = B.b2BodyType.b2_dynamicBody;
  def.position = new B.b2Vec2(x, y);
  def.enableSleep = canSleep;
  return B.b2CreateBody(world, def);
}

function staticBody(B: Box2D3, world: B3World, x: number, y: number): B3Body {
  const def = B.b2DefaultBodyDef();
  def.position = new B.b2Vec2(x, y);
  return B.b2CreateBody(world, def);
}

function shapeDef(B: Box2D3, density: number): ReturnType<Box2D3['b2DefaultShapeDef']> {
  const def = B.b2DefaultShapeDef();
  def.density = density;
  def.material.friction = FRICTION;
  return def;
}

function jointGrid(B: Box2D3, world: B3World, canSleep: boolean): B3Body[] {
  const N = 100;
  const ids: B3Body[] = [];
  const dynamic: B3Body[] = [];
  const def = shapeDef(B, 1);
  // One category that its own mask leaves out: the circles never collide with each other.
  def.filter.categoryBits = 2;
  def.filter.maskBits = 0xfffd;
  const circle = new B.b2Circle();
  circle.center = new B.b2Vec2(0, 0);
  circle.radius = 0.4;
  const joint = B.b2DefaultRevoluteJointDef();
  for (let k = 0; k < N; k++) {
    for (let i = 0; i < N; i++) {
      const isStatic = i === 0 && k >= N / 2 - 3 && k <= N / 2 + 3;
      const body = isStatic ? staticBody(B, world, k, -i) : dynamicBody(B, world, k, -i, canSleep);
      B.b2CreateCircleShape(body, def, circle);
      const index = k * N + i;
      ids[index] = body;
      if (!isStatic) dynamic.push(body);
      if (i > 0) revolute(B, world, joint, ids[index - 1], body, 0, -0.5, 0, 0.5);
      if (k > 0) revolute(B, world, joint, ids[index - N], body, 0.5, 0, -0.5, 0);
    }
  }
  return dynamic;
}

function revolute(
  B: Box2D3,
  world: B3World,
  def: ReturnType<Box2D3['b2DefaultRevoluteJointDef']>,
  a: B3Body,
  b: B3Body,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): void {
  def.base.bodyIdA = a;
  def.base.bodyIdB = b;
  const frameA = def.base.localFrameA;
  frameA.p = new B.b2Vec2(ax, ay);
  def.base.localFrameA = frameA;
  const frameB = def.base.localFrameB;
  frameB.p = new B.b2Vec2(bx, by);
  def.base.localFrameB = frameB;
  B.b2CreateRevoluteJoint(world, def);
}

function tumbler(B: Box2D3, world: B3World, canSleep: boolean): B3Body[] {
  const ground = staticBody(B, world, 0, 0);
  const frame = dynamicBody(B, world, 0, 10, canSleep);
  const wallDef = shapeDef(B, 50);
  const rot = B.b2MakeRot(0);
  B.b2CreatePolygonShape(frame, wallDef, B.b2MakeOffsetBox(0.5, 10, new B.b2Vec2(10, 0), rot));
  B.b2CreatePolygonShape(frame, wallDef, B.b2MakeOffsetBox(0.5, 10, new B.b2Vec2(-10, 0), rot));
  B.b2CreatePolygonShape(frame, wallDef, B.b2MakeOffsetBox(10, 0.5, new B.b2Vec2(0, 10), rot));
  B.b2CreatePolygonShape(frame, wallDef, B.b2MakeOffsetBox(10, 0.5, new B.b2Vec2(0, -10), rot));
  const motor = B.b2DefaultRevoluteJointDef();
  motor.enableMotor = true;
  motor.motorSpeed = (Math.PI / 180) * 25;
  motor.maxMotorTorque = 1e8;
  revolute(B, world, motor, ground, frame, 0, 10, 0, 0);
  const boxDef = shapeDef(B, 1);
  const box = B.b2MakeBox(0.125, 0.125);
  const boxes: B3Body[] = [];
  for (let i = 0; i < 45; i++) {
    for (let j = 0; j < 45; j++) {
      const body = dynamicBody(B, world, -9 + 0.4 * j, 1 + 0.4 * i, canSleep);
      B.b2CreatePolygonShape(body, boxDef, box);
      boxes.push(body);
    }
  }
  return boxes;
}

function smash(B: Box2D3, world: B3World, canSleep: boolean): B3Body[] {
  const ram = dynamicBody(B, world, -20, 0, canSleep);
  B.b2Body_SetLinearVelocity(ram, new B.b2Vec2(40, 0));
  B.b2CreatePolygonShape(ram, shapeDef(B, 8), B.b2MakeBox(4, 4));
  const boxes: B3Body[] = [ram];
  const def = shapeDef(B, 1);
  const box = B.b2MakeBox(0.2, 0.2);
  for (let i = 0; i < SMASH_COLUMNS; i++) {
    for (let j = 0; j < SMASH_ROWS; j++) {
      const bodyDef = B.b2DefaultBodyDef();
      bodyDef.type = B.b2BodyType.b2_dynamicBody;
      bodyDef.position = new B.b2Vec2(30 + 0.4 * i, 0.4 * (j - SMASH_ROWS / 2));
      bodyDef.enableSleep = canSleep;
      bodyDef.isAwake = !canSleep;
      const body = B.b2CreateBody(world, bodyDef);
      B.b2CreatePolygonShape(body, def, box);
      boxes.push(body);
    }
  }
  return boxes;
}

function circleRain(B: Box2D3, world: B3World, canSleep: boolean): B3Body[] {
  const box = staticBody(B, world, 0, 0);
  const h = RAIN_HALF_WIDTH;
  const wallHalf = RAIN_WALL_HEIGHT / 2;
  const wallDef = shapeDef(B, 0);
  const rot = B.b2MakeRot(0);
  B.b2CreatePolygonShape(box, wallDef, B.b2MakeOffsetBox(h + 1, 0.5, new B.b2Vec2(0, -0.5), rot));
  B.b2CreatePolygonShape(box, wallDef, B.b2MakeOffsetBox(0.5, wallHalf, new B.b2Vec2(-h - 0.5, wallHalf), rot));
  B.b2CreatePolygonShape(box, wallDef, B.b2MakeOffsetBox(0.5, wallHalf, new B.b2Vec2(h + 0.5, wallHalf), rot));
  const def = shapeDef(B, 1);
  const circle = new B.b2Circle();
  circle.center = new B.b2Vec2(0, 0);
  circle.radius = RAIN_RADIUS;
  const circles: B3Body[] = [];
  for (let i = 0; i < RAIN_ROWS; i++) {
    for (let j = 0; j < RAIN_COLUMNS; j++) {
      const body = dynamicBody(B, world, circleX(i, j), circleY(i), canSleep);
      B.b2CreateCircleShape(body, def, circle);
      circles.push(body);
    }
  }
  return circles;
}

function spinner(B: Box2D3, world: B3World, canSleep: boolean): B3Body[] {
  const ground = staticBody(B, world, 0, 0);
  const loop = spinnerLoopPoints();
  const points: InstanceType<Box2D3['b2Vec2']>[] = [];
  for (let k = 0; k < loop.length; k += 2) points.push(new B.b2Vec2(loop[k], loop[k + 1]));
  const material = B.b2DefaultSurfaceMaterial();
  material.friction = 0.1;
  const chain = B.b2DefaultChainDef();
  // The embind setters take arrays of the structs and set `count` and `materialCount` from their lengths.
  chain.SetPoints(points);
  chain.SetMaterials([material]);
  chain.isLoop = true;
  B.b2CreateChain(ground, chain);

  const bar = dynamicBody(B, world, 0, 12, false);
  const barDef = B.b2DefaultShapeDef();
  barDef.material.friction = 0;
  B.b2CreatePolygonShape(bar, barDef, B.b2MakeRoundedBox(0.4, 20, 0.2));
  const motor = B.b2DefaultRevoluteJointDef();
  motor.enableMotor = true;
  motor.motorSpeed = SPINNER_MOTOR_SPEED;
  motor.maxMotorTorque = FLT_MAX;
  revolute(B, world, motor, ground, bar, 0, 12, 0, 0);

  const capsule = new B.b2Capsule();
  capsule.center1 = new B.b2Vec2(-0.25, 0);
  capsule.center2 = new B.b2Vec2(0.25, 0);
  capsule.radius = 0.25;
  const circle = new B.b2Circle();
  circle.center = new B.b2Vec2(0, 0);
  circle.radius = 0.35;
  const square = B.b2MakeSquare(0.35);
  const def = B.b2DefaultShapeDef();
  def.density = 0.25;
  def.material.friction = 0.1;
  def.material.restitution = 0.1;
  const positions = spinnerBodyPositions();
  const bodies: B3Body[] = [];
  for (let i = 0; i < SPINNER_BODIES; i++) {
    const body = dynamicBody(B, world, positions[2 * i], positions[2 * i + 1], canSleep);
    const kind = i % 3;
    if (kind === 0) B.b2CreateCapsuleShape(body, def, capsule);
    else if (kind === 1) B.b2CreateCircleShape(body, def, circle);
    else B.b2CreatePolygonShape(body, def, square);
    bodies.push(body);
  }
  return bodies;
}

export const box2d3Scenes: Readonly<Record<string, Box2D3SceneBuilder>> = {
  joint_grid: jointGrid,
  tumbler,
  smash,
  circle_rain: circleRain,
  spinner,
};
