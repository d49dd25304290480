import { addShape, createBody, makeBox, type BodyId, type PhysicsWorld, type WorldDef } from '@impulse2d/core';
import type { BuiltScene, Scene } from '../../scenes/index.js';
import type { ParamValues, SceneKey, SceneParam, SceneStatus } from '../protocol.js';
import type { SceneInput } from '../scene-input.js';

/** What a testbed scene's build hands back: the benchmark scene's bodies, plus what the testbed may use. */
export interface TestbedBuilt extends BuiltScene {
  /** The body the camera follows (the car's chassis); none by default. */
  readonly follow?: number;
  /** Applies a `live` param to the running scene (a motor's speed). */
  setParam?(key: string, value: number): void;
  /** What the scene reports after each tick (shown under the page's status line); none by default. */
  status?(): SceneStatus;
}

/**
 * A testbed scene: the benchmark scene shape plus a description, its own params (sliders, declared beside the scene)
 * and an optional world definition. The camera fits the scene when it loads; a scene whose build names a `follow`
 * body is followed, showing `followHeight` metres top to bottom.
 */
export interface TestbedScene extends Scene {
  readonly description: string;
  readonly worldDef?: Partial<WorldDef>;
  readonly params?: readonly SceneParam[];
  /** Visible height (m) while the camera follows the scene's follow body; default 14. */
  readonly followHeight?: number;
  /**
   * The keys the scene plays with: while it runs the page sends them to its `input` (build's) rather than using them
   * itself, and lists them in the key help. None by default.
   */
  readonly keys?: readonly SceneKey[];
  /**
   * `params` holds every declared param (defaults filled in, clamped to the ranges); `input` the keys of `keys` as the
   * player presses them (a scene with keys reads it in its beforeStep).
   */
  build(world: PhysicsWorld, params?: ParamValues, input?: SceneInput): TestbedBuilt;
}

/** Every declared param's value: from `values` when given and finite, clamped to its range; else its default. */
export function resolveParams(params: readonly SceneParam[] | undefined, values?: ParamValues): ParamValues {
  const out: Record<string, number> = {};
  for (const p of params ?? []) {
    const v = values?.[p.key];
    out[p.key] = typeof v === 'number' && Number.isFinite(v) ? Math.min(p.max, Math.max(p.min, v)) : p.value;
  }
  return out;
}

/** Param `key` of `values`, or the default of the param declared under that key in `params`. */
export function paramOf(params: readonly SceneParam[], values: ParamValues | undefined, key: string): number {
  const v = values?.[key];
  if (typeof v === 'number') return v;
  const p = params.find((q) => q.key === key);
  if (p === undefined) throw new Error(`no param '${key}'`);
  return p.value;
}

/** A static ground box whose top face is y = 0, `halfWidth` either side of x = 0. Returns its body. */
export function addGround(world: PhysicsWorld, halfWidth = 40, friction = 0.6): BodyId {
  const ground = createBody(world, { type: 'static', position: { x: 0, y: -0.5 } });
  addShape(world, ground, makeBox(halfWidth, 0.5), { friction });
  return ground;
}
