/**
 * A one-line progress bar on stderr: overall runs done, and where the current run is (building, step 40/80, heap
 * probe). Redraws in place on a terminal; elsewhere (CI logs, pipes) prints one line when each run starts and one
 * when its heap probe starts, the part of a run that can take half a minute.
 */
export class ProgressBar {
  private readonly tty = process.stderr.isTTY === true;
  private label = '';
  private lastDraw = 0;
  private runIndex = 0;
  /** The phase of the last update, so that a log gets one line per heap-probe phase. */
  private phase = '';

  constructor(
    private readonly totalRuns: number,
    private readonly width = 24,
  ) {}

  start(runIndex: number, label: string): void {
    this.runIndex = runIndex;
    this.phase = '';
    this.label = `[${runIndex + 1}/${this.totalRuns}] ${label}`;
    if (this.tty) this.draw(0, 'starting', true);
    else process.stderr.write(`${this.label}\n`);
  }

  /**
   * The current run is at `done` of `total` in `phase` ('step', 'building the scene', 'heap probe warm-up',
   * 'heap probe window'); total 0 for a phase without a count.
   */
  update(done: number, total: number, phase = 'step'): void {
    const changed = phase !== this.phase;
    this.phase = phase;
    const text = total > 0 ? `${phase} ${done}/${total}` : phase;
    // The steps are the run's measured part; building before them and the heap probe after count as none and all.
    const within = phase === 'step' ? (total > 0 ? done / total : 0) : phase.startsWith('heap') ? 1 : 0;
    if (this.tty) this.draw(within, text, changed || done === total);
    else if (changed && phase.startsWith('heap probe')) process.stderr.write(`  ${this.label}: ${phase}…\n`);
  }

  /** Clear the bar before other output. */
  clear(): void {
    if (this.tty) process.stderr.write('\r\x1b[2K');
  }

  private draw(within: number, text: string, force: boolean): void {
    const now = Date.now();
    if (!force && now - this.lastDraw < 100) return;
    this.lastDraw = now;
    const fraction = (this.runIndex + within) / this.totalRuns;
    const filled = Math.round(fraction * this.width);
    const bar = `${'█'.repeat(filled)}${'░'.repeat(this.width - filled)}`;
    const line = `${bar} ${(fraction * 100).toFixed(0).padStart(3)}%  ${this.label}  ${text}`;
    const columns = process.stderr.columns ?? 120;
    process.stderr.write(`\r\x1b[2K${line.slice(0, columns - 1)}`);
  }
}
