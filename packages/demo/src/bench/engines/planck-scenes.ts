/**
 * planck's own builders for the per-engine scenes (`LayoutDef.perEngine`), with planck's public API: circles with
 * filterCategoryBits / filterMaskBits, RevoluteJoint (with motor), bodies created asleep. Each returns the tracked
 * bodies in the layout's order; the constructions follow `../../scenes/*.ts` line by line.
 */
import type { Body, World } from 'planck';
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

type Planck = typeof import('planck');
export type PlanckSceneBuilder = (p: Planck, world: World) => Body[];

/** Box2D v3's default friction; planck's own default is 0.2. */
const FRICTION = 0.6;

function jointGrid(p: Planck, world: World): Body[] {
  const N = 100;
  const ids: Body[] = [];
  const dynamic: Body[] = [];
  const fixture = { density: 1, friction: FRICTION, filterCategoryBits: 0x0002, filterMaskBits: 0xfffd };
  for (let k = 0; k < N; k++) {
    for (let i = 0; i < N; i++) {
      const isStatic = i === 0 && k >= N / 2 - 3 && k <= N / 2 + 3;
      const body = world.createBody({ type: isStatic ? 'static' : 'dynamic', position: { x: k, y: -i } });
      body.createFixture(new p.Circle(0.4), fixture);
      const index = k * N + i;
      ids[index] = body;
      if (!isStatic) dynamic.push(body);
      if (i > 0) {
        world.createJoint(
          new p.RevoluteJoint({
            bodyA: ids[index - 1],
            bodyB: body,
            localAnchorA: { x: 0, y: -0.5 },
            localAnchorB: { x: 0, y: 0.5 },
          }),
        );
      }
      if (k > 0) {
        world.createJoint(
          new p.RevoluteJoint({
            bodyA: ids[index - N],
            bodyB: body,
            localAnchorA: { x: 0.5, y: 0 },
            localAnchorB: { x: -0.5, y: 0 },
          }),
        );
      }
    }
  }
  return dynamic;
}

function tumbler(p: Planck, world: World): Body[] {
  const ground = world.createBody({ type: 'static' });
  const frame = world.createBody({ type: 'dynamic', position: { x: 0, y: 10 } });
  const wall = { density: 50, friction: FRICTION };
  frame.createFixture(new p.Box(0.5, 10, { x: 10, y: 0 }, 0), wall);
  frame.createFixture(new p.Box(0.5, 10, { x: -10, y: 0 }, 0), wall);
  frame.createFixture(new p.Box(10, 0.5, { x: 0, y: 10 }, 0), wall);
  frame.createFixture(new p.Box(10, 0.5, { x: 0, y: -10 }, 0), wall);
  world.createJoint(
    new p.RevoluteJoint({
      bodyA: ground,
      bodyB: frame,
      localAnchorA: { x: 0, y: 10 },
      localAnchorB: { x: 0, y: 0 },
      referenceAngle: 0,
      enableMotor: true,
      motorSpeed: (Math.PI / 180) * 25,
      maxMotorTorque: 1e8,
    }),
  );
  const boxes: Body[] = [];
  for (let i = 0; i < 45; i++) {
    for (let j = 0; j < 45; j++) {
      const body = world.createBody({ type: 'dynamic', position: { x: -9 + 0.4 * j, y: 1 + 0.4 * i } });
      body.createFixture(new p.Box(0.125, 0.125), { density: 1, friction: FRICTION });
      boxes.push(body);
    }
  }
  return boxes;
}

function smash(p: Planck, world: World): Body[] {
  const ram = world.createBody({ type: 'dynamic', position: { x: -20, y: 0 }, linearVelocity: { x: 40, y: 0 } });
  ram.createFixture(new p.Box(4, 4), { density: 8, friction: FRICTION });
  const boxes: Body[] = [ram];
  for (let i = 0; i < SMASH_COLUMNS; i++) {
    for (let j = 0; j < SMASH_ROWS; j++) {
      const body = world.createBody({
        type: 'dynamic',
        awake: false,
        position: { x: 30 + 0.4 * i, y: 0.4 * (j - SMASH_ROWS / 2) },
      });
      body.createFixture(new p.Box(0.2, 0.2), { density: 1, friction: FRICTION });
      boxes.push(body);
    }
  }
  // Box2D 2.4 wakes both bodies of every contact it creates, and the grid's neighbours touch: create the contacts
  // with a zero-length step, then put the grid back to sleep, as the scene asks.
  world.step(0);
  for (let n = 1; n < boxes.length; n++) boxes[n].setAwake(false);
  return boxes;
}

function circleRain(p: Planck, world: World): Body[] {
  const box = world.createBody({ type: 'static' });
  const h = RAIN_HALF_WIDTH;
  const wallHalf = RAIN_WALL_HEIGHT / 2;
  box.createFixture(new p.Box(h + 1, 0.5, { x: 0, y: -0.5 }, 0), { friction: FRICTION });
  box.createFixture(new p.Box(0.5, wallHalf, { x: -h - 0.5, y: wallHalf }, 0), { friction: FRICTION });
  box.createFixture(new p.Box(0.5, wallHalf, { x: h + 0.5, y: wallHalf }, 0), { friction: FRICTION });
  const circles: Body[] = [];
  for (let i = 0; i < RAIN_ROWS; i++) {
    for (let j = 0; j < RAIN_COLUMNS; j++) {
      const body = world.createBody({ type: 'dynamic', position: { x: circleX(i, j), y: circleY(i) } });
      body.createFixture(new p.Circle(RAIN_RADIUS), { density: 1, friction: FRICTION });
      circles.push(body);
    }
  }
  return circles;
}

export const planckScenes: Readonly<Record<string, PlanckSceneBuilder>> = {
  joint_grid: jointGrid,
  tumbler,
  smash,
  circle_rain: circleRain,
};
