// Adaptivity of step workers (thread-choice.ts): the world times its steps and runs each on the workers or on the
// stepping thread alone, whichever was faster lately, probing the other now and then. The rule is driven here with
// step times and stalls from a model machine; that the bits never depend on it is the step-workers test's (any thread
// count gives the same bits, adaptive or not).
import { describe, expect, it } from 'vitest';
import { SPELL_FIRST, SPELL_MOST, ThreadChoice, WORKERS_WARM_STEPS } from '../src/workers/thread-choice.js';
import { StepWorkers } from '../src/workers/step-workers.js';

/** A model machine: the ms of step `i` on one thread and on the workers, and the stalls of a step on the workers. */
interface Machine {
  one(i: number): number;
  workers(i: number): number;
  stalls?(i: number): number;
}

/** Runs `steps` steps on `machine`; which ran alone ('1') and which on the workers ('w'). */
function schedule(choice: ThreadChoice, machine: Machine, steps: number, from = 0): string {
  let out = '';
  for (let i = from; i < from + steps; i++) {
    const one = choice.oneThread;
    out += one ? '1' : 'w';
    choice.finish(one ? machine.one(i) : machine.workers(i), one ? 0 : (machine.stalls?.(i) ?? 0));
  }
  return out;
}

const idle: Machine = { one: () => 6, workers: () => 4 };
const loaded: Machine = { one: () => 6, workers: () => 9 };

describe('step workers choose the faster way to step', () => {
  it('an idle machine stays on the workers, probing one thread after 8, 16, 32, 64 and then every 128 steps', () => {
    const choice = new ThreadChoice();
    const out = schedule(choice, idle, 600);
    // The first spell (8) runs out within the workers' warm-up: the first probe comes right after it.
    let expected = 'w'.repeat(WORKERS_WARM_STEPS) + '11';
    for (let spell = 2 * SPELL_FIRST; expected.length < 600; spell = Math.min(2 * spell, SPELL_MOST)) {
      expected += 'w'.repeat(spell) + '11';
    }
    expect(out).toBe(expected.slice(0, 600));
    expect(choice.stepsOnOneThread).toBe((out.match(/1/g) ?? []).length);
    expect(choice.stepsOnOneThread).toBeLessThan(0.05 * 600);
  });

  it('a loaded machine (workers slower, with no stall at all) moves to one thread at the first probe and stays', () => {
    const choice = new ThreadChoice();
    const out = schedule(choice, loaded, 600);
    const firstProbe = out.indexOf('1');
    expect(firstProbe).toBeGreaterThanOrEqual(WORKERS_WARM_STEPS);
    expect(firstProbe).toBeLessThanOrEqual(WORKERS_WARM_STEPS + SPELL_FIRST);
    const after = out.slice(firstProbe);
    // From then on the workers are only probed, two steps at a time, after 8, 16, 32, 64, then every 128 steps.
    expect(after.match(/w+/g)?.every((run) => run === 'ww')).toBe(true);
    expect((after.match(/w/g) ?? []).length).toBe(2 * 7);
  });

  it('load that comes and goes: the choice follows it within one probe', () => {
    const choice = new ThreadChoice();
    // Idle for 300 steps, loaded for 400, idle again.
    const machine: Machine = {
      one: () => 6,
      workers: (i) => (i >= 300 && i < 700 ? 9 : 4),
    };
    const out = schedule(choice, machine, 1100);
    const loadedPart = out.slice(300, 700);
    const lastIdle = out.slice(700);
    // Within a spell of the longest after the load begins, steps are on one thread; likewise back after it ends.
    expect(
      loadedPart
        .slice(SPELL_MOST + 2)
        .match(/w+/g)
        ?.every((run) => run === 'ww'),
    ).toBe(true);
    expect(
      lastIdle
        .slice(SPELL_MOST + 2)
        .match(/1+/g)
        ?.every((run) => run === '11') ?? true,
    ).toBe(true);
    expect(lastIdle.endsWith('w'.repeat(20))).toBe(true);
  });

  it('work that changes size calls a probe at once: a sleeping pile woken by a hit goes back to the workers', () => {
    const choice = new ThreadChoice();
    // Box2D's smash: the boxes sleep (tiny steps, threads only cost), then a ram wakes them all at step 300.
    const smash: Machine = { one: (i) => (i < 300 ? 0.1 : 24), workers: (i) => (i < 300 ? 0.2 : 15) };
    const out = schedule(choice, smash, 700);
    expect(
      out
        .slice(100, 300)
        .match(/w+/g)
        ?.every((run) => run === 'ww'),
    ).toBe(true); // one thread while asleep
    // Back on the workers within a few steps of the hit (the next spell would have been 128 steps away or more).
    expect(out.slice(300, 310)).toContain('w'.repeat(3));
    expect(
      out
        .slice(310)
        .match(/1+/g)
        ?.every((run) => run === '11'),
    ).toBe(true);
  });

  it('a held-up step (two stalls, and slower) calls a probe at once; lone stalls in steps of usual speed do not', () => {
    const choice = new ThreadChoice();
    // The warm-up, and the first probe (lost): the next is 16 steps away.
    expect(schedule(choice, idle, WORKERS_WARM_STEPS + 2).endsWith('11')).toBe(true);
    // Stalls in steps that are no slower: the schedule goes on as planned.
    const calm: Machine = { ...idle, stalls: () => 2 };
    expect(schedule(choice, calm, 5)).toBe('wwwww');
    // Held-up steps: three stalls and 12 ms each. The first calls a probe of one thread at once; it loses to the
    // recent average (one step of 12 among steps of 4); the next held-up step calls another, which wins: long before
    // the 16 steps the next probe was due in.
    const heldUp: Machine = { one: () => 6, workers: () => 12, stalls: () => 3 };
    const out = schedule(choice, heldUp, 20);
    expect(out.slice(0, 14)).toBe('w11w' + '1'.repeat(10));
    // From then on, the workers only in probes.
    expect(
      out
        .slice(4)
        .match(/w+/g)
        ?.every((run) => run === 'ww'),
    ).toBe(true);
  });

  it('no probe before the workers ran their warm-up steps, stalls or not (a cold worker that was benched stayed cold)', () => {
    const choice = new ThreadChoice();
    const cold: Machine = { one: () => 6, workers: (i) => (i < 20 ? 40 : 9), stalls: () => 3 };
    expect(schedule(choice, cold, WORKERS_WARM_STEPS)).toBe('w'.repeat(WORKERS_WARM_STEPS));
    // Then the probe is due (its spell ran out meanwhile), and one thread wins against the workers' 9 ms.
    expect(schedule(choice, cold, 3, WORKERS_WARM_STEPS)).toBe('111');
  });

  it('a probe must win by the margin: one thread 2% faster than the workers changes nothing', () => {
    const choice = new ThreadChoice();
    const close: Machine = { one: () => 6, workers: () => 6.12 };
    const out = schedule(choice, close, 400);
    expect(out.match(/1+/g)?.every((run) => run === '11')).toBe(true);
    expect(choice.probes).toBeGreaterThan(2);
  });
});

describe('StepWorkers.beginStep', () => {
  it('without adaptivity (startWorkers { adaptive: false }), or before the workers are up, every step may use them', () => {
    const fixed = new StepWorkers(true);
    fixed.ready = true;
    fixed.adaptive = false;
    fixed.choice.oneThread = true;
    fixed.beginStep();
    expect(fixed.oneThread).toBe(false);
    const starting = new StepWorkers(true);
    starting.choice.oneThread = true;
    starting.beginStep();
    expect(starting.oneThread).toBe(false);
    const adaptive = new StepWorkers(true);
    adaptive.ready = true;
    adaptive.choice.oneThread = true;
    adaptive.beginStep();
    expect(adaptive.oneThread).toBe(true);
  });

  it('counts every stall it saw', () => {
    const pool = new StepWorkers(true);
    pool.ready = true;
    for (const stalls of [3, 0, 1]) {
      pool.beginStep();
      pool.stalls += stalls;
      pool.endStep();
    }
    expect(pool.totalStalls).toBe(4);
  });
});
