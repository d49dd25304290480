import {
  BI_ANGULAR_DAMPING,
  BI_DVX,
  BI_DVY,
  BI_DW,
  BI_EID,
  BI_LINEAR_DAMPING,
  BI_STRIDE,
  BS_STRIDE,
  BS_DPX,
  BS_DPY,
  BS_DQC,
  BS_DQS,
  BS_INV_MASS,
  BS_INV_I,
  BS_VX,
  CENTRE_LCX,
  CENTRE_LCY,
  CENTRE_ORIGIN_X,
  CENTRE_ORIGIN_Y,
  CENTRE_INV_MASS,
  CENTRE_INV_I,
  CENTRE_STRIDE,
  BS_VY,
  BS_W,
  BodyFlag,
  BodyType,
  MAX_ROTATION,
  SP_H,
  SP_KINETIC_CAP,
  SP_MAX_LINEAR_SPEED,
  type PhysicsState,
} from '@impulse2d/core/internal';

/**
 * Gathers awake movable bodies into the dense solver arrays (record 0 stays the static dummy) and precomputes their
 * per-substep velocity change from gravity and forces, and damping factors, so the substep loop only adds.
 */
export function prepareBodies(p: PhysicsState): void {
  const sd = p.solverData;
  const before = sd.bodyCount;
  sd.bodiesChanged = 0;
  const n = gatherBodies(p);
  if (n !== before) sd.bodiesChanged = 1;
  sd.bodyCount = n;
  p.profile.awakeBodyCount = n - 1;
}

/** A body with either linear motion lock is listed for the solver's lock pass (motion-locks.ts). */
const LINEAR_LOCKS = BodyFlag.lockLinearX | BodyFlag.lockLinearY;

/**
 * The loop of prepareBodies; returns the number of body state records in use (including the static dummy).
 * (Split from its caller so that the caller, which has no loop, is optimised normally: in V8 the code after a long
 * loop compiled on-stack-replacement has no type feedback for the stores that follow it, and deoptimised on every
 * step — measured on large_pyramid: prepareContacts and updateContacts bailed out once per step.)
 */
function gatherBodies(p: PhysicsState): number {
  const h = p.solverData.params[SP_H];
  const b = p.bodies;
  const sd = p.solverData;
  sd.reserveBodies(b.count + 1);
  sd.reserveEntities(b.alive.length - 1);
  const states = sd.states;
  const integ = sd.integration;
  const centres = sd.centres;
  const tx = b.transform.x;
  const ty = b.transform.y;
  const tc = b.transform.c;
  const ts = b.transform.s;
  const indexOf = sd.indexOf;
  // Dummy record for static bodies: zero velocity, zero motion, identity rotation.
  states.fill(0, 0, BS_STRIDE);
  states[BS_DQC] = 1;
  const gx = p.gravityX;
  const gy = p.gravityY;
  let n = 1;
  const params = sd.params;
  const maxV = params[SP_MAX_LINEAR_SPEED];
  const maxW = MAX_ROTATION / h;
  // Σ mass and Σ inertia of the dynamic bodies gathered so far, for the kinetic-energy cap (SP_KINETIC_CAP). The loop
  // keeps them, and the cap, up to date as it goes: code after the loop made V8 deoptimise gatherBodies there on every
  // call (the loop's cached on-stack-replacement code had no type feedback past it), and the same arithmetic in the
  // caller, which runs once a step and is optimised only after a few thousand steps, boxed every double until then
  // (with prepareContacts' flags, 160 of the 282 bytes a step the allocation test's pyramid showed after 2,000 steps).
  // Locals, not a module-level array: 10% less gather time on large_pyramid.
  let sumMass = 0;
  let sumInertia = 0;
  // The cap's formula with empty sums (NaN when h = 0: no body is then judged diverged).
  params[SP_KINETIC_CAP] = 0 * maxV * maxV + 0 * maxW * maxW;
  const list = b.list;
  const locked = sd.lockedBodies;
  locked.clear();
  sd.kinematicCount = 0;
  for (let k = 0; k < b.count; k++) {
    const eid = list[k];
    const type = b.type[eid];
    const flags = b.flags[eid];
    if (type === BodyType.static || (flags & BodyFlag.awake) === 0) {
      indexOf[eid] = 0;
      continue;
    }
    indexOf[eid] = n;
    if ((flags & LINEAR_LOCKS) !== 0) locked.push(n);
    const o = n * BS_STRIDE;
    // A kinematic body's velocities as they are, but +0 for −0 (x + 0; x + −0 is x for every x): the contact passes
    // subtract and add zeros to them (its inverse mass and inertia are 0), which leaves any other value's bits as they
    // are, so contacts of one colour may share the body (colour-contacts.ts).
    const kinematic = type === BodyType.kinematic;
    if (kinematic) sd.kinematicCount++;
    const zero = kinematic ? 0 : -0;
    states[o + BS_VX] = b.vx[eid] + zero;
    states[o + BS_VY] = b.vy[eid] + zero;
    states[o + BS_W] = b.w[eid] + zero;
    states[o + BS_DPX] = 0;
    states[o + BS_DPY] = 0;
    states[o + BS_DQC] = 1;
    states[o + BS_DQS] = 0;
    const io = n * BI_STRIDE;
    const invMass = b.invMass[eid];
    const invI = b.invInertia[eid];
    // As the constraint builder reads them (0 for a kinematic body, whose store fields are 0).
    states[o + BS_INV_MASS] = invMass;
    states[o + BS_INV_I] = invI;
    // The local centre rotated into the world, by the builder's own formula (same bits as computing it there), and the
    // origin: the constraint builder's per-body inputs in one record.
    const lcx = b.localCenterX[eid];
    const lcy = b.localCenterY[eid];
    const qc = tc[eid];
    const qs = ts[eid];
    const co = n * CENTRE_STRIDE;
    centres[co + CENTRE_LCX] = qc * lcx - qs * lcy;
    centres[co + CENTRE_LCY] = qs * lcx + qc * lcy;
    centres[co + CENTRE_ORIGIN_X] = tx[eid];
    centres[co + CENTRE_ORIGIN_Y] = ty[eid];
    centres[co + CENTRE_INV_MASS] = invMass;
    centres[co + CENTRE_INV_I] = invI;
    const gs = b.gravityScale[eid];
    const mass = b.mass[eid];
    if (type === BodyType.dynamic) {
      sumMass += mass;
      if (invI > 0) sumInertia += b.inertia[eid];
      params[SP_KINETIC_CAP] = sumMass * maxV * maxV + sumInertia * maxW * maxW;
    }
    integ[io + BI_DVX] = type === BodyType.dynamic ? h * invMass * (mass * gs * gx + b.forceX[eid]) : 0;
    integ[io + BI_DVY] = type === BodyType.dynamic ? h * invMass * (mass * gs * gy + b.forceY[eid]) : 0;
    integ[io + BI_DW] = h * invI * b.torque[eid];
    integ[io + BI_LINEAR_DAMPING] = 1 / (1 + h * b.linearDamping[eid]);
    integ[io + BI_ANGULAR_DAMPING] = 1 / (1 + h * b.angularDamping[eid]);
    if (integ[io + BI_EID] !== eid) sd.bodiesChanged = 1;
    integ[io + BI_EID] = eid;
    b.center0X[eid] = b.centerX[eid];
    b.center0Y[eid] = b.centerY[eid];
    n++;
  }
  return n;
}
