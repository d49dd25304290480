import { setJointMotorSpeed, type JointId, type PhysicsWorld, type WorldDef } from '@impulse2d/core';
import { scenes as benchmarkScenes, type Scene } from '../scenes/index.js';
import { SPINNER_MOTOR_SPEED } from '../scenes/layouts/spinner.js';
import * as spinner from '../scenes/spinner.js';
import * as tumbler from '../scenes/tumbler.js';
import { showcaseScenes, type TestbedScene } from './showcase/index.js';
import type { ParamValues, SceneInfo, SceneParam } from './protocol.js';
import { paramOf, type TestbedBuilt } from './showcase/showcase.js';

export interface Entry {
  readonly info: SceneInfo;
  readonly scene: TestbedScene;
}

const DEGREE = Math.PI / 180;

/** A benchmark scene whose frame or bar turns on a motor: its speed as a live slider (deg/s). */
function motorScene(
  build: (world: PhysicsWorld, speed: number) => { boxes: Int32Array; motor: JointId },
  speed: number,
): Pick<TestbedScene, 'params' | 'build'> {
  const params: readonly SceneParam[] = [
    {
      key: 'speed',
      label: 'motor speed',
      min: -720,
      max: 720,
      step: 5,
      value: Math.round(speed / DEGREE),
      unit: '°/s',
      live: true,
    },
  ];
  return {
    params,
    build(world: PhysicsWorld, values?: ParamValues): TestbedBuilt {
      const built = build(world, paramOf(params, values, 'speed') * DEGREE);
      return {
        boxes: built.boxes,
        setParam: (key, value) => {
          if (key === 'speed') setJointMotorSpeed(world, built.motor, value * DEGREE);
        },
      };
    },
  };
}

/** The testbed's own settings of the benchmark scenes that have sliders. */
const benchmarkExtras: Readonly<Record<string, Pick<TestbedScene, 'params' | 'build'>>> = {
  [tumbler.name]: motorScene(tumbler.build, tumbler.MOTOR_SPEED),
  [spinner.name]: motorScene(spinner.build, SPINNER_MOTOR_SPEED),
};

/** A benchmark scene as a testbed scene: the world settings it is measured with (gravity, sleeping) and its sliders. */
function fromBenchmark(s: Scene): TestbedScene {
  const worldDef: Partial<WorldDef> = {};
  if (s.gravity !== undefined) worldDef.gravity = { x: s.gravity.x, y: s.gravity.y };
  if (s.enableSleep !== undefined) worldDef.enableSleep = s.enableSleep;
  return {
    name: s.name,
    steps: s.steps,
    description: `Box2D benchmark scene (${s.steps} steps)`,
    worldDef,
    ...(benchmarkExtras[s.name] ?? { build: (world: PhysicsWorld) => s.build(world) }),
  };
}

function collect(): Map<string, Entry> {
  const out = new Map<string, Entry>();
  const add = (scene: TestbedScene, group: SceneInfo['group']): void => {
    out.set(scene.name, {
      info: {
        name: scene.name,
        group,
        description: scene.description,
        params: scene.params ?? [],
        keys: scene.keys ?? [],
      },
      scene,
    });
  };
  for (const s of showcaseScenes) add(s, 'showcase');
  // Every benchmark scene of src/scenes, after the showcase ones.
  for (const s of Object.values(benchmarkScenes) as Scene[]) if (!out.has(s.name)) add(fromBenchmark(s), 'benchmark');
  return out;
}

export const sceneEntries = collect();
