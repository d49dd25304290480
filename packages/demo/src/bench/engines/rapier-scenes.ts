/**
 * Rapier's own builders for the per-engine scenes (`LayoutDef.perEngine`), with Rapier's public API: collision
 * groups, revolute impulse joints (a velocity motor on the tumbler), bodies created sleeping. Each returns the
 * tracked bodies in the layout's order; the constructions follow `../../scenes/*.ts` line by line.
 */
import {
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

/** Both packages expose the same API; the scalar package's types stand for both. */
export type Rapier = typeof import('@dimforge/rapier2d-compat').default;
export type RapierWorld = InstanceType<Rapier['World']>;
export type RapierBody = ReturnType<RapierWorld['createRigidBody']>;
type RevoluteJoint = InstanceType<Rapier['RevoluteImpulseJoint']>;
export type RapierSceneBuilder = (R: Rapier, world: RapierWorld, canSleep: boolean) => RapierBody[];

/** Box2D v3's default friction; Rapier's own default is 0.5. */
const FRICTION = 0.6;
/**
 * The tumbler motor's gain (`configureMotorVelocity(speed, factor)`, acceleration-based model): Rapier has no
 * torque cap in its JS API, and a large gain stands in for Box2D's 1e8 N·m (the frame turns at the set 25°/s).
 */
const MOTOR_FACTOR = 1e3;

function jointGrid(R: Rapier, world: RapierWorld, canSleep: boolean): RapierBody[] {
  const N = 100;
  const ids: RapierBody[] = [];
  const dynamic: RapierBody[] = [];
  // Membership group 2 (high 16 bits), filter: every group but 2, so the circles never collide with each other.
  const groups = (0x0002 << 16) | 0xfffd;
  for (let k = 0; k < N; k++) {
    for (let i = 0; i < N; i++) {
      const isStatic = i === 0 && k >= N / 2 - 3 && k <= N / 2 + 3;
      const desc = (isStatic ? R.RigidBodyDesc.fixed() : R.RigidBodyDesc.dynamic())
        .setTranslation(k, -i)
        .setCanSleep(canSleep);
      const body = world.createRigidBody(desc);
      world.createCollider(
        R.ColliderDesc.ball(0.4).setDensity(1).setFriction(FRICTION).setCollisionGroups(groups),
        body,
      );
      const index = k * N + i;
      ids[index] = body;
      if (!isStatic) dynamic.push(body);
      if (i > 0)
        world.createImpulseJoint(R.JointData.revolute({ x: 0, y: -0.5 }, { x: 0, y: 0.5 }), ids[index - 1], body, true);
      if (k > 0)
        world.createImpulseJoint(R.JointData.revolute({ x: 0.5, y: 0 }, { x: -0.5, y: 0 }), ids[index - N], body, true);
    }
  }
  return dynamic;
}

/**
 * A revolute joint from the ground at (0, y) to `body`'s origin, with a velocity motor at `speed` (rad/s) and
 * MOTOR_FACTOR's gain: the tumbler's frame and the spinner's bar.
 */
function motorJoint(
  R: Rapier,
  world: RapierWorld,
  ground: RapierBody,
  body: RapierBody,
  y: number,
  speed: number,
): void {
  const joint = world.createImpulseJoint(
    R.JointData.revolute({ x: 0, y }, { x: 0, y: 0 }),
    ground,
    body,
    true,
  ) as RevoluteJoint;
  joint.configureMotorVelocity(speed, MOTOR_FACTOR);
}

function tumbler(R: Rapier, world: RapierWorld, canSleep: boolean): RapierBody[] {
  const ground = world.createRigidBody(R.RigidBodyDesc.fixed());
  const frame = world.createRigidBody(R.RigidBodyDesc.dynamic().setTranslation(0, 10).setCanSleep(canSleep));
  const wall = (hx: number, hy: number, x: number, y: number) =>
    R.ColliderDesc.cuboid(hx, hy).setTranslation(x, y).setDensity(50).setFriction(FRICTION);
  world.createCollider(wall(0.5, 10, 10, 0), frame);
  world.createCollider(wall(0.5, 10, -10, 0), frame);
  world.createCollider(wall(10, 0.5, 0, 10), frame);
  world.createCollider(wall(10, 0.5, 0, -10), frame);
  motorJoint(R, world, ground, frame, 10, (Math.PI / 180) * 25);
  const boxes: RapierBody[] = [];
  for (let i = 0; i < 45; i++) {
    for (let j = 0; j < 45; j++) {
      const body = world.createRigidBody(
        R.RigidBodyDesc.dynamic()
          .setTranslation(-9 + 0.4 * j, 1 + 0.4 * i)
          .setCanSleep(canSleep),
      );
      world.createCollider(R.ColliderDesc.cuboid(0.125, 0.125).setDensity(1).setFriction(FRICTION), body);
      boxes.push(body);
    }
  }
  return boxes;
}

function smash(R: Rapier, world: RapierWorld, canSleep: boolean): RapierBody[] {
  const ram = world.createRigidBody(
    R.RigidBodyDesc.dynamic().setTranslation(-20, 0).setLinvel(40, 0).setCanSleep(canSleep),
  );
  world.createCollider(R.ColliderDesc.cuboid(4, 4).setDensity(8).setFriction(FRICTION), ram);
  const boxes: RapierBody[] = [ram];
  for (let i = 0; i < SMASH_COLUMNS; i++) {
    for (let j = 0; j < SMASH_ROWS; j++) {
      const desc = R.RigidBodyDesc.dynamic()
        .setTranslation(30 + 0.4 * i, 0.4 * (j - SMASH_ROWS / 2))
        .setCanSleep(canSleep)
        .setSleeping(canSleep);
      const body = world.createRigidBody(desc);
      world.createCollider(R.ColliderDesc.cuboid(0.2, 0.2).setDensity(1).setFriction(FRICTION), body);
      boxes.push(body);
    }
  }
  return boxes;
}

function circleRain(R: Rapier, world: RapierWorld, canSleep: boolean): RapierBody[] {
  const box = world.createRigidBody(R.RigidBodyDesc.fixed());
  const h = RAIN_HALF_WIDTH;
  const wallHalf = RAIN_WALL_HEIGHT / 2;
  world.createCollider(
    R.ColliderDesc.cuboid(h + 1, 0.5)
      .setTranslation(0, -0.5)
      .setFriction(FRICTION),
    box,
  );
  world.createCollider(
    R.ColliderDesc.cuboid(0.5, wallHalf)
      .setTranslation(-h - 0.5, wallHalf)
      .setFriction(FRICTION),
    box,
  );
  world.createCollider(
    R.ColliderDesc.cuboid(0.5, wallHalf)
      .setTranslation(h + 0.5, wallHalf)
      .setFriction(FRICTION),
    box,
  );
  const circles: RapierBody[] = [];
  for (let i = 0; i < RAIN_ROWS; i++) {
    for (let j = 0; j < RAIN_COLUMNS; j++) {
      const body = world.createRigidBody(
        R.RigidBodyDesc.dynamic().setTranslation(circleX(i, j), circleY(i)).setCanSleep(canSleep),
      );
      world.createCollider(R.ColliderDesc.ball(RAIN_RADIUS).setDensity(1).setFriction(FRICTION), body);
      circles.push(body);
    }
  }
  return circles;
}

function spinner(R: Rapier, world: RapierWorld, canSleep: boolean): RapierBody[] {
  const ground = world.createRigidBody(R.RigidBodyDesc.fixed());
  // The loop as a closed polyline: segment k joins point k to point k + 1, the last one back to point 0.
  const loop = spinnerLoopPoints();
  const count = loop.length >> 1;
  const indices = new Uint32Array(2 * count);
  for (let k = 0; k < count; k++) {
    indices[2 * k] = k;
    indices[2 * k + 1] = (k + 1) % count;
  }
  world.createCollider(R.ColliderDesc.polyline(Float32Array.from(loop), indices).setFriction(0.1), ground);

  const bar = world.createRigidBody(R.RigidBodyDesc.dynamic().setTranslation(0, 12).setCanSleep(false));
  world.createCollider(R.ColliderDesc.roundCuboid(0.4, 20, 0.2).setFriction(0), bar);
  motorJoint(R, world, ground, bar, 12, SPINNER_MOTOR_SPEED);

  const positions = spinnerBodyPositions();
  const bodies: RapierBody[] = [];
  for (let i = 0; i < SPINNER_BODIES; i++) {
    const body = world.createRigidBody(
      R.RigidBodyDesc.dynamic()
        .setTranslation(positions[2 * i], positions[2 * i + 1])
        .setCanSleep(canSleep),
    );
    const kind = i % 3;
    // Rapier's capsules lie along y: turned a quarter, the capsule runs along x as Box2D's (−0.25, 0)–(0.25, 0).
    const desc =
      kind === 0
        ? R.ColliderDesc.capsule(0.25, 0.25).setRotation(Math.PI / 2)
        : kind === 1
          ? R.ColliderDesc.ball(0.35)
          : R.ColliderDesc.cuboid(0.35, 0.35);
    world.createCollider(desc.setDensity(0.25).setFriction(0.1).setRestitution(0.1), body);
    bodies.push(body);
  }
  return bodies;
}

export const rapierScenes: Readonly<Record<string, RapierSceneBuilder>> = {
  joint_grid: jointGrid,
  tumbler,
  smash,
  circle_rain: circleRain,
  spinner,
};
