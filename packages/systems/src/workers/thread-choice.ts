/**
 * Whether a world with step workers steps on them or on the calling thread alone: the faster, as measured.
 *
 * Step workers pay on an idle machine (a 100-row pyramid: 4.0 ms a step on two threads against 6.3 on one, 2-vCPU
 * AMD EPYC, Node 20). When another process keeps a core busy, a worker shares its core, loses it for a time slice
 * now and then, and every job whose chunk it claimed waits for it: the same pyramid then took 7 to 13 ms a step on
 * two threads, against 6.1 on one, mostly in waits of under 2 ms each, which no count of long waits sees. So the
 * choice times the steps themselves. It keeps one way of stepping (the incumbent) and times its steps; every so
 * often (not before the workers ran WORKERS_WARM_STEPS steps) it tries the other way for two steps, a probe. The
 * probe's first step is not counted (it wakes the workers or lets them fall asleep); the choice switches when the
 * second beat the incumbent's recent steps by PROBE_MARGIN. A probe that loses doubles the wait for the next one
 * (SPELL_FIRST up to SPELL_MOST steps), so a machine that stays loaded, or stays idle, pays for a probe rarely. Two
 * things call the next probe at once: a step time that moved by CHANGED_RATIO since the last probe (the world's work
 * changed), and a held-up step on the workers, slower than the ones before, in which the stepping thread waited
 * WAIT_MS for them with no job finished twice (two stalls: step-workers.ts): the workers lost a core.
 *
 * The results never depend on it: they are the same bits on any number of threads.
 */
export class ThreadChoice {
  /** Whether the next step runs on the calling thread alone. */
  oneThread = false;
  /** Whether one thread is the incumbent (false: the workers). */
  private incumbentOne = false;
  /** The incumbent's recent step time (ms), a moving average; 0 before its first step. */
  private recent = 0;
  /** Incumbent steps left before the next probe, and the length of the last such spell. */
  private untilProbe = SPELL_FIRST;
  private spell = SPELL_FIRST;
  /** 0: no probe; 1: in the probe's first step; 2: in its second, which is timed. */
  private probeStep = 0;
  /** `recent` when the last probe was judged (0: none yet): the step time the choice was made at. */
  private judgedAt = 0;
  /** Steps run on one thread, and on the workers, and probes run (for tests and getWorkerChunkCounts). */
  stepsOnOneThread = 0;
  stepsOnWorkers = 0;
  probes = 0;

  /**
   * After each step that had workers to choose from: `ms`, how long it took, and `stalls`, its stalls; sets
   * `oneThread` for the next step.
   */
  finish(ms: number, stalls: number): void {
    if (this.oneThread) this.stepsOnOneThread++;
    else this.stepsOnWorkers++;
    if (this.probeStep === 1) {
      this.probeStep = 2;
      return;
    }
    if (this.probeStep === 2) {
      this.probeStep = 0;
      if (ms < this.recent * (1 - PROBE_MARGIN)) {
        this.incumbentOne = !this.incumbentOne;
        this.recent = ms;
        this.spell = SPELL_FIRST;
      } else {
        this.spell = Math.min(2 * this.spell, SPELL_MOST);
      }
      this.untilProbe = this.spell;
      this.judgedAt = this.recent;
      this.oneThread = this.incumbentOne;
      return;
    }
    // Stalls on an idle machine come alone, now and then (a collection, the system's own work): a held-up step is
    // also slower than the ones before it.
    const heldUp = !this.incumbentOne && stalls >= 2 && ms > this.recent * (1 + PROBE_MARGIN);
    this.recent = this.recent === 0 ? ms : this.recent + RECENT_WEIGHT * (ms - this.recent);
    // The world's work changed since the last probe was judged (a pile hit, bodies woken or added, or fallen
    // asleep): that judgement no longer holds, and steps of another size may favour the other way. Probe now.
    // Its average then lags behind: the probe is judged against this step alone.
    const changed =
      this.judgedAt > 0 && (this.recent > CHANGED_RATIO * this.judgedAt || this.judgedAt > CHANGED_RATIO * this.recent);
    if (changed) this.recent = ms;
    if ((--this.untilProbe <= 0 || heldUp || changed) && this.stepsOnWorkers >= WORKERS_WARM_STEPS) {
      this.probeStep = 1;
      this.probes++;
      this.oneThread = !this.incumbentOne;
    } else {
      this.oneThread = this.incumbentOne;
    }
  }
}

/** A probe's timed step must beat the incumbent's recent steps by this fraction: noise alone does not flip. */
export const PROBE_MARGIN = 0.05;
/** Incumbent steps between probes: at first, and at most (each probe that loses doubles it). */
export const SPELL_FIRST = 8;
export const SPELL_MOST = 128;
/**
 * Steps the workers run before the first probe: V8 compiles a worker's code while it runs, and a probe that benched
 * the workers in their first steps (slow: cold code, and stalls on it) kept them cold, so every later probe of them
 * lost too (seen on a 2-vCPU AMD EPYC: 200 to 297 of 300 steps of an idle machine on one thread).
 */
export const WORKERS_WARM_STEPS = 32;
/**
 * The incumbent's recent step time this many times larger or smaller than when the last probe was judged calls a
 * probe at once: Box2D's smash scene sleeps, then a ram wakes 9,600 boxes, and a choice of one thread made on the
 * sleeping steps (of 0.1 ms, where threads gain nothing) held, spell after doubled spell, through half of the busy
 * steps (142 of 300 on one thread on a 2-vCPU AMD EPYC).
 */
export const CHANGED_RATIO = 1.5;
/** Weight of a step in the incumbent's moving average: about the last four steps count. */
const RECENT_WEIGHT = 0.25;
