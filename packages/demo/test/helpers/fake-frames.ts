// A frame clock the test drives: installed into a page before its scripts run, it replaces requestAnimationFrame with
// a queue that runs only when the test fires a frame, and performance.now with the fake clock, so a page sees a 30,
// 60, 120 or 144 Hz display whatever the machine does.
import type { Page } from 'playwright-core';

interface FakeFrames {
  readonly now: number;
  /** Advances the clock by `ms` and runs the callbacks queued so far with the new time; returns how many ran. */
  fire(ms: number): number;
  /**
   * `frames` frames of `ms` each; after each, waits (real time, yielding to the page) until `idle` returns true, so a
   * page that waits for its worker's answer gets it before the next frame.
   */
  run(frames: number, ms: number, idle?: () => boolean): Promise<void>;
  /** Frames of `ms` each (yielding to the page after each) until `done` returns true. */
  until(ms: number, done: () => boolean): Promise<void>;
}

/** The page-side half, passed to page.addInitScript (it is serialised: no closure over this module). */
export function installFakeFrames(): void {
  let now = 1000;
  let queue: FrameRequestCallback[] = [];
  window.requestAnimationFrame = (cb: FrameRequestCallback): number => {
    queue.push(cb);
    return queue.length;
  };
  window.cancelAnimationFrame = (): void => {};
  performance.now = (): number => now;
  const fake: FakeFrames = {
    get now() {
      return now;
    },
    fire(ms: number): number {
      now += ms;
      const due = queue;
      queue = [];
      for (const cb of due) cb(now);
      return due.length;
    },
    async run(frames: number, ms: number, idle?: () => boolean): Promise<void> {
      for (let k = 0; k < frames; k++) {
        fake.fire(ms);
        if (idle !== undefined) while (!idle()) await new Promise((resolve) => setTimeout(resolve, 0));
      }
    },
    async until(ms: number, done: () => boolean): Promise<void> {
      while (!done()) {
        fake.fire(ms);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
  };
  (window as unknown as { __fakeFrames: FakeFrames }).__fakeFrames = fake;
}

/** Fires frames at `hz` in `page` until its `done` expression (JavaScript source) holds. */
export async function fakeFramesUntil(page: Page, hz: number, done: string): Promise<void> {
  await page.evaluate(`window.__fakeFrames.until(${1000 / hz}, () => (${done}))`);
}

/**
 * Fires `seconds` of frames at `hz` in `page` (which must have `installFakeFrames`), each after the page's `idle`
 * expression (JavaScript source, evaluated in the page) holds, if one is given.
 */
export async function runFakeFrames(page: Page, hz: number, seconds: number, idle?: string): Promise<void> {
  const frames = Math.round(hz * seconds);
  await page.evaluate(
    `window.__fakeFrames.run(${frames}, ${1000 / hz}${idle !== undefined ? `, () => (${idle})` : ''})`,
  );
}
