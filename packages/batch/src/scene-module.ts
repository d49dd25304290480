import type { PhysicsWorld } from '@impulse2d/core';

/**
 * What a batch scene module exports (the `scene` URL of runBatch points at it): `build` makes one world from one
 * parameter set, `measure` reads the result off it after the steps (anything structured-clonable: it crosses
 * threads), and `beforeStep`, when present, runs before every step (controls, forces, spawning).
 */
export interface BatchScene<P = unknown, R = unknown> {
  build(params: P): PhysicsWorld | Promise<PhysicsWorld>;
  measure(world: PhysicsWorld, params: P): R | Promise<R>;
  beforeStep?(world: PhysicsWorld, params: P, step: number): void;
}

/** One world's job: the scene module, its parameters, and how to step it. */
export interface WorldTask<P = unknown> {
  readonly scene: string;
  readonly params: P;
  readonly steps: number;
  readonly dt: number;
  readonly subSteps: number;
}
