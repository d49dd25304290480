import {
  BI_EID,
  BI_STRIDE,
  BS_DPX,
  BS_DPY,
  BS_STRIDE,
  BS_VX,
  BS_VY,
  BodyFlag,
  type PhysicsState,
} from '@impulse2d/core/internal';

/**
 * Linear motion locks (setMotionLocks), as Box2D v3 applies them: a constraint that comes last. Before each position
 * update, and once more before the velocities are written back, the solver drops a locked body's velocity along the
 * locked world axis, so the body never moves along it and reports no speed along it; the contacts and joints solved
 * before meanwhile see it as a free body. (The angular lock is the fixed-rotation flag: zero inverse inertia.) Only
 * the bodies prepareBodies listed (SolverData.lockedBodies), on the stepping thread: a world without locks pays one
 * comparison per call.
 */
export function applyMotionLocks(p: PhysicsState): void {
  const sd = p.solverData;
  const locked = sd.lockedBodies;
  if (locked.count === 0) return;
  const states = sd.states;
  const integ = sd.integration;
  const flags = p.bodies.flags;
  for (let k = 0; k < locked.count; k++) {
    const i = locked.data[k];
    const f = flags[integ[i * BI_STRIDE + BI_EID]];
    const o = i * BS_STRIDE;
    if ((f & BodyFlag.lockLinearX) !== 0) states[o + BS_VX] = 0;
    if ((f & BodyFlag.lockLinearY) !== 0) states[o + BS_VY] = 0;
  }
}

/**
 * Classic mode's position passes (non-linear Gauss–Seidel) move bodies directly: after them, a locked body's motion
 * this step along the locked axis is dropped (it was zero after the position update, the passes alone moved it).
 */
export function applyPositionLocks(p: PhysicsState): void {
  const sd = p.solverData;
  const locked = sd.lockedBodies;
  if (locked.count === 0) return;
  const states = sd.states;
  const integ = sd.integration;
  const flags = p.bodies.flags;
  for (let k = 0; k < locked.count; k++) {
    const i = locked.data[k];
    const f = flags[integ[i * BI_STRIDE + BI_EID]];
    const o = i * BS_STRIDE;
    if ((f & BodyFlag.lockLinearX) !== 0) states[o + BS_DPX] = 0;
    if ((f & BodyFlag.lockLinearY) !== 0) states[o + BS_DPY] = 0;
  }
}
