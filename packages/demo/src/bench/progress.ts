/**
 * A one-line progress bar on stderr: overall runs done, and the steps of the current run. Redraws in place on a
 * terminal; elsewhere (CI logs, pipes) prints one line when each run starts.
 */
export class ProgressBar {
  private readonly tty = process.stderr.isTTY === true;
  private label = '';
  private lastDraw = 0;
  private runIndex = 0;

  constructor(
    private readonly totalRuns: number,
    private readonly width = 24,
  ) {}

  start(runIndex: number, label: string): void {
    this.runIndex = runIndex;
    this.label = `[${runIndex + 1}/${this.totalRuns}] ${label}`;
    if (this.tty) this.draw(runIndex, 0, 1, true);
    else process.stderr.write(`${this.label}\n`);
  }

  update(done: number, total: number): void {
    if (this.tty) this.draw(this.runIndex, done, total, done === total);
  }

  /** Clear the bar before other output. */
  clear(): void {
    if (this.tty) process.stderr.write('\r\x1b[2K');
  }

  private draw(runIndex: number, done: number, total: number, force: boolean): void {
    const now = Date.now();
    if (!force && now - this.lastDraw < 100) return;
    this.lastDraw = now;
    const fraction = (runIndex + (total > 0 ? done / total : 0)) / this.totalRuns;
    const filled = Math.round(fraction * this.width);
    const bar = `${'█'.repeat(filled)}${'░'.repeat(this.width - filled)}`;
    const line = `${bar} ${(fraction * 100).toFixed(0).padStart(3)}%  ${this.label}  step ${done}/${total}`;
    const columns = process.stderr.columns ?? 120;
    process.stderr.write(`\r\x1b[2K${line.slice(0, columns - 1)}`);
  }
}
