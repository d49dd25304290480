import { addShape, createBody, makeBox, type PhysicsWorld, type WorldDef } from '@impulse2d/core';
import type { Scene } from '../../scenes/index.js';

/** A testbed scene: the benchmark scene shape plus a description and an optional camera and world definition. */
export interface TestbedScene extends Scene {
  readonly description: string;
  /** Camera centre and visible height (m); fitted to the bodies when absent. */
  readonly view?: { readonly x: number; readonly y: number; readonly height: number };
  readonly worldDef?: Partial<WorldDef>;
}

/** A static ground box whose top face is y = 0, `halfWidth` either side of x = 0. Returns its body. */
export function addGround(world: PhysicsWorld, halfWidth = 40, friction = 0.6): number {
  const ground = createBody(world, { type: 'static', position: { x: 0, y: -0.5 } });
  addShape(world, ground, makeBox(halfWidth, 0.5), { friction });
  return ground;
}
