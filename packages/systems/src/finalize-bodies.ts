import {
  AABB_STRIDE,
  AABB_FAT,
  BI_EID,
  BI_STRIDE,
  BS_DPX,
  BS_DPY,
  BS_STRIDE,
  SP_CONTINUOUS,
  bufferMoveFrom,
  fatMarginInto,
  growI32,
  quarantineBody,
  type PhysicsState,
} from '@impulse2d/core/internal';
import { DIVERGED, FAST, REFIT, writeBackBodies } from './write-back-bodies.js';
import { NO_COLOUR, SolverPass } from './solver-pass.js';
import { chunkRows, runPassParallel } from './workers/step-workers.js';

/** Steps of motion a re-inserted fat box looks ahead. */
const PREDICTION = 2;
/**
 * The look-ahead's cap per axis, in fat-box margins. Pairs grow with the square of a fat box's size, so a body thrown
 * at speed (Box2D's spinner flings bodies at up to 100 m/s) must not sweep a box metres long: uncapped, the spinner
 * scene kept 3× the candidate pairs and ran 52 ms a step instead of 31 (AMD EPYC). Two margins keep what the
 * look-ahead gains on steady motion (the tumbler's boxes: 5.3–5.8 ms a step either way).
 */
const PREDICTION_CAP = 2;
/** Scratch: the body's fat-box margin (an array: docs/design/v8-hot-code.md, rule 1). */
const margins = new Float64Array(1);

/**
 * Stage 7 — writes the solver's results back: centre of mass += Δp, rotation = Δq·q (renormalised), origin from the
 * centre, velocities; clears forces; refits each shape's AABB and re-inserts the proxies that left their fat boxes
 * (queued for the next pair update). Lists the bodies that moved fast for continuous collision (sd.fastBodies): the
 * test reads what this loop has just read, so it costs next to nothing here.
 */
export function finalizeBodies(p: PhysicsState): void {
  const sd = p.solverData;
  const bodies = sd.bodyCount - 1;
  sd.params[SP_CONTINUOUS] = p.enableContinuous ? 1 : 0;
  sd.writeBackOut = growI32(sd.writeBackOut, Math.max(bodies, 1));
  const rows = chunkRows(p, bodies, WRITE_BACK_MIN_ROWS, WRITE_BACK_MAX_ROWS);
  const chunks = Math.ceil(bodies / rows);
  sd.writeBackCounts = growI32(sd.writeBackCounts, Math.max(chunks, 1));
  if (chunks >= 2 && runPassParallel(p, SolverPass.writeBack, NO_COLOUR, false, 1, sd.bodyCount, chunks, rows)) {
    followUpBodies(p, chunks, rows);
  } else {
    sd.writeBackCounts[0] = writeBackBodies(p, 1, sd.bodyCount, sd.writeBackOut, 0);
    followUpBodies(p, 1, 0);
  }
  // The ancestors of the proxies refitProxies enlarged, in one go per tree, before continuous collision queries them.
  const trees = p.broadphase.trees;
  for (let k = 0; k < trees.length; k++) trees[k].growPending();
  const quarantined = sd.quarantined;
  for (let k = 0; k < quarantined.count; k++) quarantineBody(p, quarantined.data[k]);
}

/** Fewest and most bodies per chunk of the write-back on step workers (see chunkRows). */
const WRITE_BACK_MIN_ROWS = 64;
const WRITE_BACK_MAX_ROWS = 512;

/**
 * The serial half of the write-back, in body order as one loop would: diverged bodies listed for quarantine, fast
 * bodies for continuous collision, and the proxies of shapes that left their fat boxes re-inserted (queued for the
 * next pair update). Entries of chunk k start at k · rows of solverData.writeBackOut.
 */
function followUpBodies(p: PhysicsState, chunks: number, rows: number): void {
  const sd = p.solverData;
  const out = sd.writeBackOut;
  const counts = sd.writeBackCounts;
  const states = sd.states;
  const integ = sd.integration;
  const quarantined = sd.quarantined;
  const fast = sd.fastBodies;
  quarantined.clear();
  fast.clear();
  for (let k = 0; k < chunks; k++) {
    for (let j = k * rows, end = k * rows + counts[k]; j < end; j++) {
      const entry = out[j];
      const i = entry >> 3;
      if ((entry & DIVERGED) !== 0) {
        quarantined.push(integ[i * BI_STRIDE + BI_EID]);
        continue;
      }
      if ((entry & FAST) !== 0) fast.push(i);
      if ((entry & REFIT) !== 0) refitProxies(p, integ[i * BI_STRIDE + BI_EID], states, i * BS_STRIDE);
    }
  }
}

/** Re-inserts the proxies of body `eid`'s shapes whose AABB left the fat box (state record at offset o). */
function refitProxies(p: PhysicsState, eid: number, states: Float64Array, o: number): void {
  const s = p.shapes;
  const aabb = s.aabb;
  const trees = p.broadphase.trees;
  const minExtent = p.bodies.minExtent;
  const moveX = PREDICTION * states[o + BS_DPX];
  const moveY = PREDICTION * states[o + BS_DPY];
  for (let sh = p.bodies.shapeHead[eid]; sh !== -1; sh = s.next[sh]) {
    const ao = sh * AABB_STRIDE;
    const fo = ao + AABB_FAT;
    const x0 = aabb[ao];
    const y0 = aabb[ao + 1];
    const x1 = aabb[ao + 2];
    const y1 = aabb[ao + 3];
    if (aabb[fo] <= x0 && aabb[fo + 1] <= y0 && aabb[fo + 2] >= x1 && aabb[fo + 3] >= y1) continue;
    const tree = trees[s.tree[sh]];
    const proxy = s.proxy[sh];
    // The new fat box reaches PREDICTION steps of the current motion ahead (Box2D 2.x's displacement
    // prediction): a body in steady motion then re-enters the tree every few steps instead of every step.
    fatMarginInto(minExtent, eid, p.tolerances, margins, 0);
    const margin = margins[0];
    const cap = PREDICTION_CAP * margin;
    const aheadX = Math.max(-cap, Math.min(cap, moveX));
    const aheadY = Math.max(-cap, Math.min(cap, moveY));
    // The tree's box at the last narrowphase is remembered before the shape's copy and the tree take the new one.
    bufferMoveFrom(p, sh, tree, proxy);
    aabb[fo] = x0 - margin + (aheadX < 0 ? aheadX : 0);
    aabb[fo + 1] = y0 - margin + (aheadY < 0 ? aheadY : 0);
    aabb[fo + 2] = x1 + margin + (aheadX > 0 ? aheadX : 0);
    aabb[fo + 3] = y1 + margin + (aheadY > 0 ? aheadY : 0);
    tree.enlargeProxyFatLater(proxy, aabb, fo);
  }
}
