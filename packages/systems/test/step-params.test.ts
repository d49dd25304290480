// The solver's per-step scalars (step length, limits, contact softness) are computed only when the step length, the
// substeps or the settings change (step.ts, prepare-contacts.ts): a step with unchanged inputs reuses them. These
// tests check that every way of changing an input still reaches the solver, by comparing with a world that had the
// new inputs from the start.
import { describe, expect, it } from 'vitest';
import { setWorldSettings, takeSnapshot, restoreSnapshot, type WorldDef } from '@impulse2d/core';
import { SP_DT, SP_H, SP_INV_H, SP_KINETIC_CAP, SP_SOFT_RATE, getPhysics } from '@impulse2d/core/internal';
import { stepPhysics } from '@impulse2d/systems';
import { addGround, buildPyramid, world } from './helpers/scene.js';

function pyramidWorld(def?: Partial<WorldDef>): ReturnType<typeof world> {
  const w = world({ enableSleep: false, ...def });
  addGround(w);
  buildPyramid(w, 4);
  return w;
}

/** The solver's params after one more step of `w` (a copy). */
function paramsAfterStep(w: ReturnType<typeof world>, dt: number, subSteps: number): number[] {
  stepPhysics(w, dt, subSteps);
  return Array.from(getPhysics(w).solverData.params);
}

describe('per-step solver scalars, computed again only when an input changes', () => {
  it('setWorldSettings between steps: the next step uses the new contact softness and limits', () => {
    const w = pyramidWorld();
    paramsAfterStep(w, 1 / 60, 4);
    const before = paramsAfterStep(w, 1 / 60, 4);
    setWorldSettings(w, { contactHertz: 60, contactDampingRatio: 3, maxLinearSpeed: 7, hitEventThreshold: 0.5 });
    const after = paramsAfterStep(w, 1 / 60, 4);
    const fresh = pyramidWorld({ contactHertz: 60, contactDampingRatio: 3, maxLinearSpeed: 7, hitEventThreshold: 0.5 });
    const expected = paramsAfterStep(fresh, 1 / 60, 4);
    expect(after).not.toEqual(before);
    // SP_KINETIC_CAP depends on the bodies' motion, which differs between the two worlds: compare the rest.
    after[SP_KINETIC_CAP] = expected[SP_KINETIC_CAP] = 0;
    expect(after).toEqual(expected);
  });

  it('a new step length or substep count: the next step uses it', () => {
    const w = pyramidWorld();
    paramsAfterStep(w, 1 / 60, 4);
    const a = paramsAfterStep(w, 1 / 30, 4);
    expect(a[SP_DT]).toBe(1 / 30);
    expect(a[SP_H]).toBe(1 / 30 / 4);
    expect(a[SP_INV_H]).toBe(4 / (1 / 30));
    const b = paramsAfterStep(w, 1 / 30, 8);
    expect(b[SP_H]).toBe(1 / 30 / 8);
    // The contact softness depends on the substep length too.
    expect(b[SP_SOFT_RATE]).not.toBe(a[SP_SOFT_RATE]);
    const fresh = pyramidWorld();
    expect(paramsAfterStep(fresh, 1 / 30, 8)[SP_SOFT_RATE]).toBe(b[SP_SOFT_RATE]);
  });

  it('restoreSnapshot of a world with other settings: the next step uses the restored settings', () => {
    const soft = pyramidWorld({ contactHertz: 15, solver: 'soft' });
    paramsAfterStep(soft, 1 / 60, 4);
    const snapshot = takeSnapshot(soft);
    const expected = paramsAfterStep(soft, 1 / 60, 4);

    const other = pyramidWorld({ contactHertz: 45 });
    paramsAfterStep(other, 1 / 60, 4);
    restoreSnapshot(other, snapshot);
    expect(paramsAfterStep(other, 1 / 60, 4)).toEqual(expected);
  });
});
