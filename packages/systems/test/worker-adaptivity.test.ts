// Adaptivity of step workers (StepWorkers.beginStep): after a step in which the stepping thread waited WAIT_MS for a
// worker without any job finishing (a stall: the worker lost its core to another process), the next steps run on the
// stepping thread alone, then one step tries the workers again; spells double while probes stall, and start over
// after a clean step. The rule is driven here with the stalls it counts; that the bits never depend on it is the
// step-workers test's (any thread count gives the same bits, adaptive or not).
import { describe, expect, it } from 'vitest';
import { StepWorkers } from '../src/workers/step-workers.js';

/**
 * Runs `stalled.length` steps; stalled[i]: the stalls of step i if it runs on the workers (true: 3). Which ran alone
 * ('1') and which on the workers ('w').
 */
function schedule(pool: StepWorkers, stalled: Array<boolean | number>): string {
  let out = '';
  for (const s of stalled) {
    pool.beginStep();
    out += pool.oneThread ? '1' : 'w';
    if (!pool.oneThread) pool.stalls += s === true ? 3 : s === false ? 0 : s;
  }
  return out;
}

function readyPool(adaptive = true): StepWorkers {
  const pool = new StepWorkers(true);
  pool.ready = true;
  pool.adaptive = adaptive;
  return pool;
}

describe('step workers adapt to a loaded machine', () => {
  it('clean steps all run on the workers', () => {
    expect(schedule(readyPool(), new Array<boolean>(20).fill(false))).toBe('w'.repeat(20));
  });

  it('a lone stall (an idle machine has some) changes nothing; one in each of two steps in a row does', () => {
    expect(schedule(readyPool(), [0, 1, 0, 0, 1, 0, 1, 0, 0])).toBe('w'.repeat(9));
    expect(schedule(readyPool(), [0, 1, 1, 0, 0, 0, 0, 0])).toBe('www1111w');
  });

  it('a step with stalls sends the next 4 steps to one thread, then the workers are tried again and kept when clean', () => {
    const stalls = new Array<boolean>(12).fill(false);
    stalls[2] = true;
    expect(schedule(readyPool(), stalls)).toBe('www1111wwwww');
  });

  it('probes that stall double the spell (4, 8, 16, 32, then 32 again); a clean probe starts over at 4', () => {
    const pool = readyPool();
    const stalls = new Array<boolean>(1 + 4 + 1 + 8 + 1 + 16 + 1 + 32 + 1 + 32 + 1).fill(true);
    stalls[stalls.length - 1] = false;
    const out = schedule(pool, stalls);
    expect(out).toBe(
      'w' +
        '1'.repeat(4) +
        'w' +
        '1'.repeat(8) +
        'w' +
        '1'.repeat(16) +
        'w' +
        '1'.repeat(32) +
        'w' +
        '1'.repeat(32) +
        'w',
    );
    expect(pool.stepsOnOneThread).toBe(4 + 8 + 16 + 32 + 32);
    // The last probe is clean: after it, one stall costs 4 steps again.
    expect(schedule(pool, [false, true, false, false, false, false, false])).toBe('ww1111w');
  });

  it('without adaptivity (startWorkers { adaptive: false }), or before the workers are up, every step may use them', () => {
    expect(schedule(readyPool(false), new Array<boolean>(10).fill(true))).toBe('w'.repeat(10));
    const starting = readyPool();
    starting.ready = false;
    expect(schedule(starting, new Array<boolean>(10).fill(true))).toBe('w'.repeat(10));
  });

  it('counts every stall it saw', () => {
    const pool = readyPool();
    // 3 in the first step, 1 in the probe after the spell it starts; the last step then runs alone (no stall).
    expect(schedule(pool, [true, false, false, false, false, 1, 1])).toBe('w1111w1');
    pool.beginStep();
    expect(pool.totalStalls).toBe(4);
  });
});
