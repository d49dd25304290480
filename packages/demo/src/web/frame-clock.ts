/**
 * The page's side of the testbed's game loop: turns requestAnimationFrame timestamps into the wall time each tick hands
 * the physics worker, whose fixed stepper (`stepFixed` of @impulse2d/systems) turns it into whole 1/60 s steps.
 *
 * The page sends a tick only when the worker has answered the last one, so on a busy frame the time is kept, not
 * lost: the next tick carries every frame's time since the previous tick. The simulation then keeps wall time at any
 * refresh rate (30, 60, 120, 144 Hz) and whether the worker answers within a frame or not; a scene too heavy to keep
 * up runs slower, as the stepper's cap drops the whole steps it cannot catch up (reported in each frame).
 */
export class FrameClock {
  /** The last frame's timestamp (ms), NaN before the first. */
  private last = NaN;
  /** Wall time of the frames since the last tick (s). */
  private pending = 0;

  /** A frame at `now` (a requestAnimationFrame timestamp, ms): adds its time since the previous frame. */
  frame(now: number): void {
    if (now > this.last) this.pending += (now - this.last) / 1000;
    this.last = now;
  }

  /** The time the next tick hands over (s), then none is pending. */
  take(): number {
    const t = this.pending;
    this.pending = 0;
    return t;
  }

  /** Forgets the time gathered so far (while paused, and when a scene loads). */
  drop(): void {
    this.pending = 0;
  }
}
