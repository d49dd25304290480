import type { PhysicsWorld } from '@impulse2d/core';

/** What a scene module exports: one world per params entry, a structured-clonable measurement at the end. */
export interface SceneModule<P = unknown, R = unknown> {
  /** Makes the world of one params entry (called once per entry, on the thread that steps it). */
  build(params: P): PhysicsWorld;
  /** Reads the result after the last step: a structured-clonable value, returned in params order. */
  measure(world: PhysicsWorld, params: P): R;
  /** Called before each step (`step` counts from 0): inputs, forces, scripted motion. Optional. */
  beforeStep?(world: PhysicsWorld, params: P, step: number): void;
}

/** One unit of work: the entry at `index` of the params list. */
export interface BatchTask {
  /** Position of the entry in the params list. */
  readonly index: number;
  /** The entry itself, passed to the scene's build, beforeStep and measure. */
  readonly params: unknown;
  /** Steps to run. */
  readonly steps: number;
  /** Length of each step (s). */
  readonly dt: number;
  /** Substeps per step; undefined: the world's setting. */
  readonly subSteps: number | undefined;
}
