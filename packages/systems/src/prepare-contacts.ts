import {
  TOL_LINEAR_SLOP,
  SP_H,
  SP_SEPARATION_SHIFT,
  SP_SOFT_IMPULSE,
  SP_SOFT_MASS,
  SP_SOFT_RATE,
  SP_STATIC_IMPULSE,
  SP_STATIC_MASS,
  SP_STATIC_RATE,
  growI32,
  type PhysicsState,
} from '@impulse2d/core/internal';
import {
  FOUND_BOUNCE_SPEED,
  FOUND_HIT_SPEED,
  FOUND_RESTITUTION,
  FOUND_STRIDE,
  buildContactConstraints,
} from './build-contact-constraints.js';
import { colourContacts } from './colour-contacts.js';
import { stageBuilderInputs } from './stage-builder-inputs.js';
import { softBiasRate, softImpulseScale, softMassScale } from './softness.js';
import { NO_COLOUR, SolverPass } from './solver-pass.js';
import { chunkRows, runPassParallel } from './workers/step-workers.js';

/** Fewest and most records per chunk of the constraint builder on step workers (see chunkRows). */
const PREPARE_MIN_ROWS = 64;
const PREPARE_MAX_ROWS = 512;

/**
 * Stage 4b — builds one constraint record per touching contact with at least one awake movable body: anchors
 * relative to the centres of mass (fixed for the whole step, as in Box2D v3), effective masses along the normal and
 * tangent, the softness of the pair (twice as stiff against static bodies), the pre-solve normal velocity for
 * restitution, and last step's impulses for warm starting. The records are laid out colour by colour
 * (colour-contacts.ts); with step workers, chunks of the colouring's list of rows are built on every thread.
 */
export function prepareContacts(p: PhysicsState): void {
  writeContactParams(p);
  const n = colourContacts(p);
  const sd = p.solverData;
  sd.reserveContacts(p.contacts.count);
  sd.contactCount = n;
  p.profile.constraintCount = n;
  // Over the colouring's list of rows with a record (solverData.constrainedRows), n of them.
  const rows = chunkRows(p, n, PREPARE_MIN_ROWS, PREPARE_MAX_ROWS);
  const chunks = Math.ceil(n / rows);
  sd.chunkFound = growI32(sd.chunkFound, FOUND_STRIDE * Math.max(chunks, 1));
  if (chunks >= 2 && runPassParallel(p, SolverPass.prepareContacts, NO_COLOUR, false, 0, n, chunks, rows)) {
    mergeFound(p, chunks);
  } else {
    buildOnThisThread(p, n);
    mergeFound(p, 1);
  }
}

/**
 * The whole list's records on this thread: by the WebAssembly kernel where the world has one (its inputs copied into
 * the kernel's memory first, stage-builder-inputs.ts), else by buildContactConstraints. Same bits either way. Why the
 * copy pays: V8 checks the bounds of every typed-array access and the overflow of every index sum in the builder,
 * about four instructions for each of its 80 loads and stores a record, which the kernel does without; block copies
 * are cheap. large_pyramid at step 250 (14,950 records, AMD EPYC): 0.83 ms in TypeScript, 0.075 ms of copies plus
 * 0.40 in the kernel (0.90 against 0.26 + 0.47 with the caches flushed first). Step workers keep the TypeScript builder.
 */
function buildOnThisThread(p: PhysicsState, n: number): void {
  const sd = p.solverData;
  const stage = n > 0 ? stageBuilderInputs(p, n) : -1;
  if (stage < 0) {
    buildContactConstraints(p, 0, n, sd.chunkFound, 0);
    return;
  }
  const found = sd.kernel!.buildContacts(sd.contactsAddress, sd.statesAddress, stage, 0, n);
  sd.chunkFound[FOUND_RESTITUTION] = found & 1;
  sd.chunkFound[FOUND_BOUNCE_SPEED] = (found >> 1) & 1;
  sd.chunkFound[FOUND_HIT_SPEED] = (found >> 2) & 1;
}

/**
 * The restitution pass and the hit events scan the records only if some chunk found a contact with restitution and
 * a point approaching faster than the restitution threshold (mayBounce), or one faster than the hit threshold.
 */
function mergeFound(p: PhysicsState, chunks: number): void {
  const found = p.solverData.chunkFound;
  let restitution = 0;
  let bounce = 0;
  let hit = 0;
  for (let k = 0; k < chunks; k++) {
    restitution |= found[k * FOUND_STRIDE + FOUND_RESTITUTION];
    bounce |= found[k * FOUND_STRIDE + FOUND_BOUNCE_SPEED];
    hit |= found[k * FOUND_STRIDE + FOUND_HIT_SPEED];
  }
  p.solverData.mayBounce = restitution & bounce;
  p.solverData.mayHit = hit;
}

/**
 * Writes this step's contact softness, separation shift and warm-start factor into the solver's params (SP_SOFT_* ...
 * SP_WARM_START), where every thread's constraint builder reads them. A function of its own that takes no double and
 * returns none: were the softness computed inside the builder, which V8 optimises within its first steps, before it
 * has feedback for softness.ts's small functions, it could not inline them, and every double passed to or returned
 * from them was boxed, every step (112 bytes a step on the allocation test's pyramid). It computes only when the
 * step's scalars were written anew (paramsVersion: another step length, substep count or settings): called once a
 * step, it was not optimised within many_pyramids' first thousand steps, and boxed about 200 bytes a step there.
 */
function writeContactParams(p: PhysicsState): void {
  const sd = p.solverData;
  // Unchanged inputs (the same step length, substeps and settings as last step): the values are still there.
  if (sd.contactParamsVersion === sd.paramsVersion) return;
  sd.contactParamsVersion = sd.paramsVersion;
  const params = sd.params;
  const h = params[SP_H];
  const classic = p.solver === 'classic';
  // Contact stiffness is capped at a quarter of the substep rate: stiffer springs are not resolved by the substeps.
  const hertz = Math.min(p.contactHertz, 0.25 / h);
  const zeta = p.contactDampingRatio;
  // Classic mode (the seeds' Baumgarte form) runs through the same solver routine with rigid rows (mass scale 1,
  // no impulse feedback) and bias rate β/Δt. Shifting the separation by the slop makes the solver target a steady
  // overlap of the linear slop: overlap beyond it is pushed out at β per step, a smaller one may close (speculatively).
  const softRate = classic ? p.classicBaumgarte / h : softBiasRate(hertz, zeta, h);
  params[SP_SOFT_RATE] = softRate;
  params[SP_SOFT_MASS] = classic ? 1 : softMassScale(hertz, zeta, h);
  params[SP_SOFT_IMPULSE] = classic ? 0 : softImpulseScale(hertz, zeta, h);
  params[SP_STATIC_RATE] = classic ? softRate : softBiasRate(2 * hertz, zeta, h);
  params[SP_STATIC_MASS] = classic ? 1 : softMassScale(2 * hertz, zeta, h);
  params[SP_STATIC_IMPULSE] = classic ? 0 : softImpulseScale(2 * hertz, zeta, h);
  params[SP_SEPARATION_SHIFT] = classic ? p.tolerances[TOL_LINEAR_SLOP] : 0;
}
