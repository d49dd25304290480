import type { PhysicsWorld } from '@impulse2d/core';

/** What a scene module exports: one world per params entry, a structured-clonable measurement at the end. */
export interface SceneModule<P = unknown, R = unknown> {
  build(params: P): PhysicsWorld;
  measure(world: PhysicsWorld, params: P): R;
  beforeStep?(world: PhysicsWorld, params: P, step: number): void;
}

/** One unit of work: the entry at `index` of the params list. */
export interface BatchTask {
  readonly index: number;
  readonly params: unknown;
  readonly steps: number;
  readonly dt: number;
  readonly subSteps: number | undefined;
}
