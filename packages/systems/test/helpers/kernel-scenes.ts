// A scene that exercises every branch of the contact solver kernel — one- and two-point manifolds, static and
// dynamic pairs, speculative points, friction, restitution, rolling resistance, conveyor speed, joints between
// contacting bodies — and grows mid-run so the solver arrays outgrow the kernel's memory. Run once per kernel mode.
import {
  addShape,
  createBody,
  createPhysicsWorld,
  createRevoluteJoint,
  makeBox,
  makeCapsule,
  makeCircle,
  setLinearVelocity,
  type SolverKernelMode,
  type SolverMode,
  type BodyId,
} from '@impulse2d/core';
import { stepPhysics } from '@impulse2d/systems';
import { buildPyramid, transformHash, transformSnapshot } from './scene.js';

export interface KernelRun {
  hash: string;
  snapshot: number[];
  /** Body count at the end (the run adds bodies twice). */
  bodies: number;
}

/**
 * Steps the scene `steps` times with the contact solver in `kernel` (for `switchAt` steps, then the other kernel
 * when `switchAt` is given).
 */
export function kernelSceneRun(kernel: SolverKernelMode, solver: SolverMode, steps: number, switchAt = -1): KernelRun {
  const w = createPhysicsWorld({ gravity: { x: 0, y: -10 }, solverKernel: kernel, solver });
  const ground = createBody(w, { type: 'static', position: { x: 0, y: -1 } });
  addShape(w, ground, makeBox(40, 1), { friction: 0.6 });
  const belt = createBody(w, { type: 'static', position: { x: 25, y: 1 } });
  addShape(w, belt, makeBox(5, 0.2), { friction: 0.8, tangentSpeed: 2 });
  const bodies = buildPyramid(w, 8, 0.5, -10);
  for (let k = 0; k < 6; k++) {
    const ball = createBody(w, { type: 'dynamic', position: { x: 5 + 1.2 * k, y: 3 + k } });
    addShape(w, ball, makeCircle(0.4), { density: 1, restitution: 0.6, rollingResistance: 0.2, friction: 0.5 });
    setLinearVelocity(w, ball, { x: -1 + 0.4 * k, y: -6 });
    bodies.push(ball);
  }
  for (let k = 0; k < 4; k++) {
    const crate = createBody(w, { type: 'dynamic', position: { x: 22 + 1.5 * k, y: 2 }, angle: 0.2 * k });
    addShape(w, crate, makeBox(0.5, 0.3), { density: 2, friction: 0.7 });
    bodies.push(crate);
  }
  // A short chain of capsules resting on the ground, pinned to each other.
  let prev: BodyId | -1 = -1;
  for (let k = 0; k < 5; k++) {
    const link = createBody(w, { type: 'dynamic', position: { x: 10 + k, y: 0.5 } });
    addShape(w, link, makeCapsule({ x: -0.5, y: 0 }, { x: 0.5, y: 0 }, 0.15), { density: 1, friction: 0.4 });
    if (prev !== -1) {
      createRevoluteJoint(w, {
        bodyA: prev,
        bodyB: link,
        localAnchorA: { x: 0.5, y: 0 },
        localAnchorB: { x: -0.5, y: 0 },
      });
    }
    prev = link;
    bodies.push(link);
  }
  for (let i = 0; i < steps; i++) {
    if (i === switchAt) {
      // setWorldSettings is what a user calls; here it moves the solver arrays between memories mid-run.
      w.physics.solverKernel = kernel === 'wasm' ? 'js' : 'wasm';
    }
    if (i === 40 || i === 90) {
      // Growth: more bodies and contacts than the solver arrays held, while they live in the kernel's memory.
      bodies.push(...buildPyramid(w, 14, 0.25, 5 + (i === 90 ? 8 : 0)));
    }
    stepPhysics(w, 1 / 60);
  }
  return { hash: transformHash(w, bodies), snapshot: transformSnapshot(w, bodies), bodies: bodies.length };
}
