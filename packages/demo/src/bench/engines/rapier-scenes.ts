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
  circleX,
  circleY,
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
        world.createImpulseJoint(
          R.JointData.revolute({ x: 0, y: -0.5 }, { x: 0, y: 0.5 }),
          ids[index - 1]!,
          body,
          true,
        );
      if (k > 0)
        world.createImpulseJoint(
          R.JointData.revolute({ x: 0.5, y: 0 }, { x: -0.5, y: 0 }),
          ids[index - N]!,
          body,
          true,
        );
    }
  }
  return dynamic;
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
  const motor = world.createImpulseJoint(
    R.JointData.revolute({ x: 0, y: 10 }, { x: 0, y: 0 }),
    ground,
    frame,
    true,
  ) as RevoluteJoint;
  motor.configureMotorVelocity((Math.PI / 180) * 25, MOTOR_FACTOR);
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

export const rapierScenes: Readonly<Record<string, RapierSceneBuilder>> = {
  joint_grid: jointGrid,
  tumbler,
  smash,
  circle_rain: circleRain,
};
